package cuda

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/sim"
)

// Thread identifies the host thread of a call: the CUDA runtime keeps the
// last error and the <<<...>>> configuration per host thread.
type Thread uint64

// Runtime is the state of the CUDA runtime of one process: one simulated
// device (the machine model), its memory, the registered modules,
// functions and variables, streams, events, the errors and the record of
// every launch. Its methods are the runtime API, called by the C library
// (cmd/libcudart) with the C arguments already converted; each is safe for
// concurrent use and returns the cudaError_t the C function returns.
//
// Work runs in order at the moment it is issued: a kernel launch runs the
// whole kernel through the simulator before cudaLaunchKernel returns, on
// every stream, so streams never overlap. Errors of a kernel (a fault) are
// held back until the next call that waits for device work, as on
// hardware.
type Runtime struct {
	mu             sync.Mutex
	opts           Options
	stdout, stderr io.Writer
	// Version is what cudaRuntimeGetVersion and cudaDriverGetVersion
	// report (11080 for CUDA 11.8).
	version int

	machine *config.Machine
	dev     *sim.Device
	arena   *arena
	initErr error // loading the machine or reserving memory failed

	allocs  map[uint64]*allocation // by base address
	byAddr  []*allocation          // the same, in address order
	modules map[uint64]*module     // by handle
	nextMod int
	funcs   map[uint64]*function // by host stub address
	vars    map[uint64]*variable // by host shadow address
	threads map[Thread]*threadState

	sticky  Error // the context is broken: every call returns this
	pending Error // a kernel's fault, not yet reported to the program

	streams map[uint64]*stream
	events  map[uint64]*event
	handles uint64 // the last stream/event/module handle given out

	clock       uint64 // simulated time in cycles: the sum of the kernels' cycles
	deviceFlags uint32
	limits      deviceLimits
	printf      printfBuffer

	tx          textures // arrays, texture and surface objects and references (texture.go)
	report      report
	views       views
	unsupported map[string]int // unsupported entry points called, with call counts
	exited      bool

	// stop, closed by Interrupt, stops the running launch; interrupted
	// names the signal (interrupt.go).
	stop        chan struct{}
	stopOnce    sync.Once
	interrupted string
	released    chan struct{} // closed by Release
	releaseOnce sync.Once
}

// threadState is what the runtime keeps per host thread.
type threadState struct {
	last    Error
	configs []callConfig // pushed <<<...>>> configurations
}

// deviceLimits are the cudaDeviceSetLimit values.
type deviceLimits struct {
	printfFifo uint64
	stack      uint64
	mallocHeap uint64
}

// Default limits (CUDA Runtime API, cudaDeviceSetLimit: the printf FIFO is
// 1 MiB and the device malloc heap 8 MiB by default; the stack default is
// 1 KiB per thread on current GPUs).
const (
	defaultPrintfFifo = 1 << 20
	defaultStack      = 1 << 10
	defaultMallocHeap = 8 << 20
)

// New creates the runtime of a process. stdout and stderr are the
// program's own streams (device printf goes to stdout, gpusim's messages
// to stderr); version is the CUDA version the library stands in for
// (11080 or 12000). A machine model that does not load is reported on
// stderr, and every later call fails with cudaErrorInitializationError.
func New(opts Options, version int, stdout, stderr io.Writer) *Runtime {
	r := &Runtime{
		opts: opts, stdout: stdout, stderr: stderr, version: version,
		allocs: map[uint64]*allocation{}, modules: map[uint64]*module{},
		funcs: map[uint64]*function{}, vars: map[uint64]*variable{}, threads: map[Thread]*threadState{},
		streams: map[uint64]*stream{}, events: map[uint64]*event{}, handles: handleBase,
		limits:      deviceLimits{printfFifo: defaultPrintfFifo, stack: defaultStack, mallocHeap: defaultMallocHeap},
		unsupported: map[string]int{}, stop: make(chan struct{}), released: make(chan struct{}),
	}
	if r.opts.DeviceMemory == 0 {
		r.opts.DeviceMemory = DefaultDeviceMemory
	}
	r.report.init(r)
	m, err := config.Load(opts.Config, opts.Sets)
	if err == nil {
		err = sim.CheckMachine(m)
	}
	if err == nil {
		r.dev, err = sim.NewDevice(m)
	}
	if err == nil {
		r.arena, err = newArena(r.opts.DeviceMemory)
	}
	if err != nil {
		r.initErr = err
		r.messagef("%v", err)
		return r
	}
	r.machine = m
	r.initViews()
	return r
}

// NewFailed is a runtime that could not start (its options did not
// decode, say): err is reported once and every call fails with
// cudaErrorInitializationError.
func NewFailed(err error, version int, stdout, stderr io.Writer) *Runtime {
	r := New(Options{Config: "sm_75", Mode: "timing", DeviceMemory: 1}, version, stdout, stderr)
	r.Close()
	r.initErr, r.machine = err, nil
	r.messagef("%v", err)
	return r
}

// TestPanic panics when the options name this entry point (see
// Options.TestPanic).
func (r *Runtime) TestPanic(name string) {
	if r.opts.TestPanic != "" && r.opts.TestPanic == name {
		panic("test panic in " + name)
	}
}

// handleBase is where stream, event and module handles start: values no
// program mistakes for cudaStreamLegacy (1) or cudaStreamPerThread (2).
const handleBase = 0x6770_7300_0000 // "gps"

func (r *Runtime) newHandle() uint64 {
	r.handles += 0x10
	return r.handles
}

// messagef prints one of gpusim's own lines on the program's stderr.
func (r *Runtime) messagef(format string, args ...any) {
	fmt.Fprintf(r.stderr, "gpusim: "+format+"\n", args...)
}

// programName is the program for messages.
func (r *Runtime) programName() string {
	if r.opts.Program != "" {
		return r.opts.Program
	}
	return "the program"
}

func (r *Runtime) thread(t Thread) *threadState {
	ts := r.threads[t]
	if ts == nil {
		ts = &threadState{}
		r.threads[t] = ts
	}
	return ts
}

// Call kinds for enter: whether the call waits for (or queues) device work,
// which reports a kernel's fault held back so far and flushes device printf.
const (
	plain = false
	syncs = true
)

// call runs one API function under the lock: a broken context or a failed
// start returns its error without running f; a call that waits for device
// work first reports a held-back fault; the result becomes the thread's
// last error (cudaGetLastError) unless it is cudaSuccess.
func (r *Runtime) call(t Thread, waits bool, f func() Error) Error {
	r.holdInterrupted()
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.record(t, r.run(waits, f))
}

func (r *Runtime) run(waits bool, f func() Error) Error {
	if r.initErr != nil {
		return ErrorInitializationError
	}
	if waits {
		r.flushPrintf()
		if r.pending != Success {
			r.sticky, r.pending = r.pending, Success
		}
	}
	if r.sticky != Success {
		return r.sticky
	}
	return f()
}

func (r *Runtime) record(t Thread, e Error) Error {
	if e != Success {
		r.thread(t).last = e
	}
	return e
}

// GetLastError returns the thread's last error and resets it to
// cudaSuccess; a broken context's error stays.
func (r *Runtime) GetLastError(t Thread) Error {
	r.mu.Lock()
	defer r.mu.Unlock()
	ts := r.thread(t)
	e := ts.last
	ts.last = Success
	if r.sticky != Success {
		return r.sticky
	}
	return e
}

// PeekAtLastError returns the thread's last error without resetting it.
func (r *Runtime) PeekAtLastError(t Thread) Error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sticky != Success {
		return r.sticky
	}
	return r.thread(t).last
}

// Unsupported is every entry point the runtime does not implement: it
// prints one line naming the function (the first time it is called) and
// returns cudaErrorNotSupported.
func (r *Runtime) Unsupported(t Thread, name string) Error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.unsupported[name] == 0 {
		r.messagef("%s is not supported by gpusim's CUDA runtime; it returns cudaErrorNotSupported", name)
	}
	r.unsupported[name]++
	return r.record(t, ErrorNotSupported)
}

// Internal reports a Go panic inside the runtime (a gpusim bug) that the C
// library caught at its entry point: one message naming the function, and
// cudaErrorUnknown for the program, which keeps running.
func (r *Runtime) Internal(t Thread, name string, cause any) Error {
	r.mu.Lock() // every method unlocks in a defer, so a panic has released it
	defer r.mu.Unlock()
	r.messagef("internal error in %s: %v (please report this gpusim bug)", name, cause)
	r.thread(t).last = ErrorUnknown
	return ErrorUnknown
}

// Machine is the machine model, nil when it failed to load.
func (r *Runtime) Machine() *config.Machine { return r.machine }

// RuntimeVersion is cudaRuntimeGetVersion's value.
func (r *Runtime) RuntimeVersion() int { return r.version }

// Exit is the end of the process: it writes the report (text on the
// report file or stderr, JSON on the JSON file). Device printf output that
// no synchronisation flushed is lost, as on hardware, and the report says
// so. Calling it again does nothing.
func (r *Runtime) Exit() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.exited {
		return
	}
	r.exited = true
	r.writeReport()
}

// Close releases the device's memory (the whole reserved range, with every
// allocation in it). A process has one runtime for its lifetime; Close is
// for tests and programs that embed several in turn. The runtime is
// unusable afterwards.
func (r *Runtime) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.arena != nil {
		if err := r.arena.close(); err != nil {
			r.messagef("releasing device memory: %v", err)
		}
		r.arena = nil
	}
	if r.initErr == nil {
		r.initErr = errClosed
	}
}

var errClosed = errors.New("the CUDA runtime was closed")

// ptxPath is the name a module's PTX goes by in messages.
func (r *Runtime) ptxPath(index int, arch int) string {
	base := "program"
	if r.opts.Program != "" {
		base = filepath.Base(r.opts.Program)
	}
	name := fmt.Sprintf("%s.%d.compute_%d.ptx", base, index, arch)
	if r.opts.PTXDir != "" {
		return filepath.Join(r.opts.PTXDir, name)
	}
	return name
}
