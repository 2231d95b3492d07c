package cuda

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/traces/fatbin"
	"github.com/gpusim/gpusim/traces/ptx"
)

// module is one registered fat binary (one translation unit of the
// program) and the PTX module gpusim runs for it.
type module struct {
	index  int    // 1, 2, ... in registration order
	handle uint64 // what __cudaRegisterFatBinary returned
	// images lists the fat binary's entries; picked is the one run.
	images []string
	picked string
	ptx    []byte
	mod    *sim.Module
	vars   *allocation // the module's .global variables
	// err is why the module cannot run (nil: loaded): the PTX failed to
	// parse, no PTX fits the machine, ...; errCode is what launches return.
	err      error
	errCode  Error
	reported bool
	// ptxas is ptxas -v's report on the module for the machine (the
	// launches' registers), made at the first launch; ptxasDone says it
	// was tried, ptxasErr why it gave none.
	ptxas     *sim.PtxasResult
	ptxasErr  string
	ptxasDone bool
}

// usePtxas gives a launch of the module the registers ptxas -v reports,
// when ptxas is installed (as a trace run does).
func (m *module) usePtxas(p *sim.Prepared, arch string) {
	if !m.ptxasDone {
		m.ptxasDone = true
		if ptxas := sim.FindPtxas(); ptxas != "" {
			r, err := sim.PtxasResources(ptxas, m.ptx, arch)
			if err != nil {
				m.ptxasErr = "no ptxas figure: " + err.Error()
			}
			m.ptxas = r
		}
	}
	switch {
	case m.ptxas != nil:
		p.ApplyPtxas(m.ptxas)
	case m.ptxasErr != "":
		p.PtxasSource = m.ptxasErr
	}
}

// function is a registered host stub: the kernel it launches.
type function struct {
	host   uint64
	name   string // the device (mangled) name
	module *module
	kernel *traces.Kernel // nil when the module failed or has no such kernel
	// maxDynShared is cudaFuncAttributeMaxDynamicSharedMemorySize (0: the
	// default, the per-block limit less the static shared memory).
	maxDynShared int
	carveout     int
}

// variable is a registered __device__, __constant__ or __managed__
// variable: the host shadow the program names it by, and its device side.
type variable struct {
	host    uint64
	name    string
	module  *module
	size    uint64
	managed bool
	sym     sim.Symbol
	found   bool
}

// arch is the machine's compute capability times ten (75 for sm_75).
func (r *Runtime) arch() int {
	a := strings.TrimPrefix(r.machine.GPU.Arch, "sm_")
	n, err := strconv.Atoi(strings.TrimRight(a, "abf"))
	if err != nil {
		return 0
	}
	return n
}

// parsePTX is the one place the runtime calls the PTX front end.
func parsePTX(path string, src []byte) (*traces.Program, error) {
	return ptx.Parse(path, src)
}

// RegisterFatBinary is __cudaRegisterFatBinary: wrapper is the host
// address of the program's __fatBinC_Wrapper_t. It reads the fat binary,
// picks the PTX for the highest compute capability not above the
// machine's, parses it and places the module's variables. A module that
// cannot run is reported once on stderr and its launches fail; the handle
// is valid either way.
func (r *Runtime) RegisterFatBinary(t Thread, wrapper uint64) (handle uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.nextMod++
	m := &module{index: r.nextMod, handle: r.newHandle()}
	r.modules[m.handle] = m
	if r.initErr != nil {
		m.err, m.errCode, m.reported = r.initErr, ErrorInitializationError, true
		return m.handle
	}
	r.load(m, wrapper)
	if m.err != nil {
		r.messagef("%v", m.err)
		m.reported = true
	}
	return m.handle
}

func (r *Runtime) load(m *module, wrapper uint64) {
	prog := r.programName()
	fail := func(code Error, err error) { m.err, m.errCode = err, code }
	if wrapper == 0 {
		fail(ErrorInvalidKernelImage, fmt.Errorf("%s: fatbin: null wrapper", prog))
		return
	}
	w, err := fatbin.ParseWrapper(prog, view(wrapper, fatbin.WrapperSize))
	if err != nil {
		fail(ErrorInvalidKernelImage, err)
		return
	}
	total, err := fatbin.ContainerSize(prog, view(w.Data, fatbin.ContainerHeaderSize))
	if err != nil {
		fail(ErrorInvalidKernelImage, err)
		return
	}
	fb, err := fatbin.Parse(prog, view(w.Data, total))
	if err != nil {
		fail(ErrorInvalidKernelImage, err)
		return
	}
	for i := range fb.Entries {
		m.images = append(m.images, fb.Entries[i].Name())
	}
	e, err := fb.PickPTX(r.arch())
	if err != nil {
		fail(ErrorNoKernelImage, err)
		return
	}
	m.picked = e.Name()
	src, err := fb.Payload(e)
	if err != nil {
		fail(ErrorInvalidKernelImage, err)
		return
	}
	m.ptx = src
	path := r.ptxPath(m.index, e.Arch)
	if r.opts.PTXDir != "" {
		if err := diag.WriteBytes(path, src); err != nil {
			r.messagef("-ptx-dir: %v", err)
		}
	}
	p, err := parsePTX(path, src)
	if err != nil {
		fail(ErrorInvalidPtx, err)
		return
	}
	var at uint64
	var globals []byte
	if p.GlobalSize > 0 {
		a, code := r.alloc(p.GlobalSize, memModule, 0)
		if code != Success {
			fail(code, fmt.Errorf("%s: no device memory for the module's %d bytes of variables", path, p.GlobalSize))
			return
		}
		m.vars, at, globals = a, a.base, a.data
	}
	mod, err := r.dev.Load(p, at, globals)
	if err != nil {
		fail(ErrorInvalidPtx, err)
		return
	}
	m.mod = mod
}

// RegisterFatBinaryEnd is __cudaRegisterFatBinaryEnd.
func (r *Runtime) RegisterFatBinaryEnd(t Thread, handle uint64) {}

// UnregisterFatBinary is __cudaUnregisterFatBinary (at program exit):
// unloading a module flushes device printf.
func (r *Runtime) UnregisterFatBinary(t Thread, handle uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.modules[handle] != nil {
		r.flushPrintf()
	}
}

// InitModule is __cudaInitModule (the managed-variable set-up of nvcc's
// host code): the module is loaded at registration, so it only says yes.
func (r *Runtime) InitModule(t Thread, handle uint64) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.modules[handle] != nil
}

// RegisterFunction is __cudaRegisterFunction: host stub host launches the
// kernel named deviceName of the module.
func (r *Runtime) RegisterFunction(t Thread, handle, host uint64, deviceName string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	m := r.modules[handle]
	if m == nil {
		return
	}
	f := &function{host: host, name: deviceName, module: m}
	if m.mod != nil {
		f.kernel = m.mod.Program.Kernel(deviceName)
		if f.kernel == nil {
			r.messagef("%s: kernel %s is registered but its PTX has no .entry of that name", m.mod.Program.Path, deviceName)
		}
	}
	r.funcs[host] = f
}

// RegisterVar is __cudaRegisterVar: host is the address of the host shadow
// of a __device__ or __constant__ variable named deviceName.
func (r *Runtime) RegisterVar(t Thread, handle, host uint64, deviceName string, size uint64, constant bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.registerVar(handle, host, deviceName, size, false)
}

func (r *Runtime) registerVar(handle, host uint64, name string, size uint64, managed bool) *variable {
	m := r.modules[handle]
	if m == nil {
		return nil
	}
	v := &variable{host: host, name: name, module: m, size: size, managed: managed}
	if m.mod != nil {
		v.sym, v.found = m.mod.Symbol(name)
		if !v.found {
			r.messagef("%s: variable %s is registered but its PTX does not declare it", m.mod.Program.Path, name)
		} else if v.sym.Size != size {
			r.messagef("%s: variable %s is %d bytes in the PTX and %d bytes on the host", m.mod.Program.Path, name, v.sym.Size, size)
		}
	}
	r.vars[host] = v
	return v
}

// RegisterManagedVar is __cudaRegisterManagedVar: the variable lives in
// the module's variables (device memory the host can use as is), and the
// host's pointer to it (*hostVarPtr, 8 bytes at that host address) is set
// to its address.
func (r *Runtime) RegisterManagedVar(t Thread, handle, hostVarPtr uint64, deviceName string, size uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	v := r.registerVar(handle, hostVarPtr, deviceName, size, true)
	if v == nil || !v.found || hostVarPtr == 0 {
		return
	}
	if v.sym.Space != traces.SpaceGlobal {
		r.messagef("%s: managed variable %s is not in global memory", v.module.mod.Program.Path, deviceName)
		return
	}
	binary.LittleEndian.PutUint64(view(hostVarPtr, 8), v.sym.Addr)
}

// symbol resolves a registered variable's host shadow for the symbol API.
func (r *Runtime) symbol(host uint64) (*variable, Error) {
	v := r.vars[host]
	if v == nil {
		return nil, ErrorInvalidSymbol
	}
	if v.module.err != nil {
		return nil, v.module.errCode
	}
	if !v.found {
		return nil, ErrorInvalidSymbol
	}
	return v, Success
}

// symbolBytes returns n bytes at offset off of a variable.
func (r *Runtime) symbolBytes(v *variable, off, n uint64) ([]byte, Error) {
	if off > v.sym.Size || n > v.sym.Size-off {
		return nil, ErrorInvalidValue
	}
	if v.sym.Space == traces.SpaceConst {
		b, err := v.module.mod.ConstBytes(v.sym.Addr+off, n)
		if err != nil {
			return nil, ErrorInvalidValue
		}
		return b, Success
	}
	return r.deviceBytes(v.sym.Addr+off, n)
}

// MemcpyToSymbol is cudaMemcpyToSymbol(Async): count bytes from src into
// the variable at offset; kind is cudaMemcpyHostToDevice,
// cudaMemcpyDeviceToDevice or cudaMemcpyDefault.
func (r *Runtime) MemcpyToSymbol(t Thread, symbol, src, count, offset uint64, kind int, async bool) Error {
	return r.call(t, !async, func() Error {
		if kind != memcpyHostToDevice && kind != memcpyDeviceToDevice && kind != memcpyDefault {
			return ErrorInvalidMemcpyDir
		}
		v, e := r.symbol(symbol)
		if e != Success {
			return e
		}
		d, e := r.symbolBytes(v, offset, count)
		if e != Success || count == 0 {
			return e
		}
		s, e := r.symbolPeer(src, count, kind)
		if e != Success {
			return e
		}
		copy(d, s)
		return Success
	})
}

// symbolPeer is the other side of a symbol copy: device memory for
// cudaMemcpyDeviceToDevice, else host or device memory (cudaMemcpyDefault
// and the host kinds).
func (r *Runtime) symbolPeer(addr, count uint64, kind int) ([]byte, Error) {
	if kind == memcpyDeviceToDevice {
		return r.deviceBytes(addr, count)
	}
	return r.anyBytes(addr, count)
}

// MemcpyFromSymbol is cudaMemcpyFromSymbol(Async).
func (r *Runtime) MemcpyFromSymbol(t Thread, dst, symbol, count, offset uint64, kind int, async bool) Error {
	return r.call(t, !async, func() Error {
		if kind != memcpyDeviceToHost && kind != memcpyDeviceToDevice && kind != memcpyDefault {
			return ErrorInvalidMemcpyDir
		}
		v, e := r.symbol(symbol)
		if e != Success {
			return e
		}
		s, e := r.symbolBytes(v, offset, count)
		if e != Success || count == 0 {
			return e
		}
		d, e := r.symbolPeer(dst, count, kind)
		if e != Success {
			return e
		}
		copy(d, s)
		return Success
	})
}

// GetSymbolAddress is cudaGetSymbolAddress. __constant__ variables live
// in the simulator's constant bank, which has no global address here:
// they give cudaErrorInvalidSymbol (use cudaMemcpyToSymbol).
func (r *Runtime) GetSymbolAddress(t Thread, symbol uint64) (addr uint64, e Error) {
	e = r.call(t, plain, func() Error {
		v, e := r.symbol(symbol)
		if e != Success {
			return e
		}
		if v.sym.Space != traces.SpaceGlobal {
			return ErrorInvalidSymbol
		}
		addr = v.sym.Addr
		return Success
	})
	return addr, e
}

// GetSymbolSize is cudaGetSymbolSize.
func (r *Runtime) GetSymbolSize(t Thread, symbol uint64) (size uint64, e Error) {
	e = r.call(t, plain, func() Error {
		v, e := r.symbol(symbol)
		if e != Success {
			return e
		}
		size = v.sym.Size
		return Success
	})
	return size, e
}

// reloadModules gives every module's variables their initial values again
// (cudaDeviceReset: the next context loads the modules afresh).
func (r *Runtime) reloadModules() {
	for _, m := range r.modules {
		if m.mod == nil {
			continue
		}
		var at uint64
		var globals []byte
		if m.vars != nil {
			clear(m.vars.data)
			at, globals = m.vars.base, m.vars.data
		}
		mod, err := r.dev.Load(m.mod.Program, at, globals)
		if err != nil {
			r.messagef("%v", err)
			continue
		}
		m.mod = mod
	}
}
