package cuda

import (
	"encoding/binary"
	"errors"
	"time"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/warp"
)

// Dim3 is a grid or block shape.
type Dim3 [3]uint32

// callConfig is one <<<grid, block, shared, stream>>> configuration.
type callConfig struct {
	grid, block Dim3
	shared      uint64
	stream      uint64
}

// PushCallConfiguration is __cudaPushCallConfiguration, the first half of
// <<<...>>>: nvcc's host stub pops it again and calls cudaLaunchKernel.
func (r *Runtime) PushCallConfiguration(t Thread, grid, block Dim3, shared, stream uint64) Error {
	r.mu.Lock()
	defer r.mu.Unlock()
	ts := r.thread(t)
	ts.configs = append(ts.configs, callConfig{grid, block, shared, stream})
	return Success
}

// PopCallConfiguration is __cudaPopCallConfiguration.
func (r *Runtime) PopCallConfiguration(t Thread) (grid, block Dim3, shared, stream uint64, e Error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	ts := r.thread(t)
	n := len(ts.configs)
	if n == 0 {
		return grid, block, 0, 0, r.record(t, ErrorMissingConfiguration)
	}
	c := ts.configs[n-1]
	ts.configs = ts.configs[:n-1]
	return c.grid, c.block, c.shared, c.stream, Success
}

// LaunchKernel is cudaLaunchKernel: fn is the host stub's address and args
// the host address of the array of pointers to each argument (nvcc's
// void **args). The kernel runs to completion before it returns. A launch
// that cannot start returns its error; a kernel that faults returns
// cudaSuccess, prints gpusim's fault report on stderr and breaks the
// context at the next call that waits for the device, as on hardware.
func (r *Runtime) LaunchKernel(t Thread, fn uint64, grid, block Dim3, args, shared, stream uint64) Error {
	return r.call(t, syncs, func() Error { return r.launch(fn, grid, block, args, shared, stream) })
}

func (r *Runtime) launch(fn uint64, grid, block Dim3, args, shared, stream uint64) Error {
	start := time.Now()
	if r.stopped() {
		return ErrorLaunchFailure // the program is being interrupted
	}
	f := r.funcs[fn]
	if f == nil {
		return ErrorInvalidDeviceFunction
	}
	if f.module.err != nil {
		return f.module.errCode
	}
	k := f.kernel
	if k == nil {
		return ErrorInvalidDeviceFunction
	}
	if _, e := r.lookupStream(stream); e != Success {
		return e
	}
	if e := r.checkShape(grid, block); e != Success {
		return e
	}
	m := r.machine
	static := int(k.SharedSize)
	limit := m.SM.SharedPerBlock
	if f.maxDynShared > 0 {
		limit = static + f.maxDynShared
	}
	if static+int(shared) > limit {
		return ErrorInvalidValue
	}
	params := make([]byte, k.ParamSize)
	if len(k.Params) > 0 {
		if args == 0 {
			return ErrorInvalidValue
		}
		ptrs := view(args, uint64(8*len(k.Params)))
		for i, p := range k.Params {
			src := binary.LittleEndian.Uint64(ptrs[8*i:])
			if src == 0 {
				return ErrorInvalidValue
			}
			b, e := r.hostBytes(src, p.Size)
			if e != Success {
				return e
			}
			copy(params[p.Offset:p.Offset+p.Size], b)
		}
	}
	texTable, texRefs, e := r.launchTextures(f.module)
	if e != Success {
		return e
	}
	// The launch's vprintf and __assertfail calls land in dc.
	dc := &deviceCalls{r: r}
	p, err := r.dev.Prepare(sim.Launch{
		Module: f.module.mod, Kernel: k, Grid: grid, Block: block, Shared: shared, Params: params,
		Limits: sim.Limits{MaxWarpInsts: r.opts.MaxWarpInsts, MaxCycles: r.opts.MaxCycles, Stop: r.stop},
		Tex:    texTable, TexRefs: texRefs,
		Device: dc, StackSize: r.limits.stack, ClockBase: r.clock, GridID: uint64(len(r.report.launches) + 1),
	})
	if err != nil {
		r.messagef("%v", err)
		return ErrorInvalidPtx
	}
	f.module.usePtxas(p, r.machine.GPU.Arch)
	defer dc.finish()
	var st *sim.KernelStats
	if r.opts.Mode == "functional" {
		st, err = sim.RunFunctional(p)
	} else {
		opt, done := r.timingOptions(p)
		st, err = sim.RunTiming(p, opt)
		done(st, err)
	}
	rec := launchRecord{fn: f, grid: grid, block: block, shared: shared, stream: stream}
	if err != nil {
		var fe *sim.FaultError
		var ie *sim.InterruptError
		if errors.As(err, &ie) {
			// A signal ends the program: the launch's counters so far go
			// into the report, which Interrupt writes next.
			rec.fault = "interrupted: the program was stopped by a signal during this launch"
			rec.code = ErrorLaunchFailure
			r.pending = rec.code
			r.report.add(rec, st, time.Since(start))
			return ErrorLaunchFailure
		}
		if !errors.As(err, &fe) {
			// The launch could not start: no SM holds a block, a
			// block shape the kernel forbids, ...
			r.messagef("%v", err)
			return ErrorLaunchOutOfResources
		}
		r.messagef("%v", err)
		rec.fault = err.Error()
		rec.code = faultCode(err)
		r.pending = rec.code
		r.report.add(rec, nil, time.Since(start))
		return Success
	}
	if st.Timing != nil {
		r.clock += st.Timing.Cycles
	}
	r.report.add(rec, st, time.Since(start))
	return Success
}

// checkShape applies the machine's launch limits (CUDA guide, technical
// specifications: grid y and z at most 65535 blocks, x at most 2^31-1;
// block x and y at most 1024 threads, z at most 64).
func (r *Runtime) checkShape(grid, block Dim3) Error {
	m := r.machine
	threads := uint64(1)
	for i := range 3 {
		if grid[i] == 0 || block[i] == 0 {
			return ErrorInvalidConfiguration
		}
		threads *= uint64(block[i])
	}
	maxBlock := maxBlockDims(m.SM.MaxBlockThreads)
	maxGrid := maxGridDims()
	for i := range 3 {
		if block[i] > maxBlock[i] || grid[i] > maxGrid[i] {
			return ErrorInvalidConfiguration
		}
	}
	if threads > uint64(m.SM.MaxBlockThreads) {
		return ErrorInvalidConfiguration
	}
	return Success
}

func maxBlockDims(maxThreads int) Dim3 {
	xy := uint32(min(maxThreads, 1024))
	return Dim3{xy, xy, uint32(min(maxThreads, 64))}
}

func maxGridDims() Dim3 { return Dim3{1<<31 - 1, 65535, 65535} }

// faultCode is the error a kernel's fault gives the program: an
// out-of-range access cudaErrorIllegalAddress, a misaligned one
// cudaErrorMisalignedAddress, a kernel stopped by -max-cycles or
// -max-warp-insts cudaErrorLaunchTimeout (a watchdog), a failed device
// assert cudaErrorAssert, a call that overflows the thread's stack
// cudaErrorHardwareStackError ("exceeding the stack size limit", as the
// Runtime API describes it), anything else (a trap, a barrier deadlock)
// cudaErrorLaunchFailure.
func faultCode(err error) Error {
	var mf *mem.Fault
	var le *sim.LimitError
	var ae *warp.AssertError
	var so *warp.StackOverflowError
	switch {
	case errors.As(err, &ae):
		return ErrorAssert
	case errors.As(err, &so):
		return ErrorHardwareStackError
	case errors.As(err, &mf):
		if mf.Kind == mem.FaultMisaligned {
			return ErrorMisalignedAddress
		}
		return ErrorIllegalAddress
	case errors.As(err, &le):
		return ErrorLaunchTimeout
	}
	return ErrorLaunchFailure
}
