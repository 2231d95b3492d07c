package sim

import (
	"fmt"
	"sort"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
	ptxexec "github.com/gpusim/gpusim/warp/ptx"
)

// Device is a GPU whose memory outlives its launches: the device of the
// CUDA runtime (package sim/cuda), where a program allocates, copies and
// launches many kernels against the same memory. Global memory is host
// memory the runtime maps at the same addresses (Map); every loaded module
// keeps its .global variables in such memory and has its own constant
// bank. Each Launch is a full gpusim launch in the functional or the timing
// mode, with its own KernelStats. A Device is not safe for concurrent use.
type Device struct {
	Machine *config.Machine
	model   *alu.Model
	global  *mem.Global
}

// NewDevice returns a device with empty global memory for machine m (an
// NVIDIA model: the runtime runs PTX).
func NewDevice(m *config.Machine) (*Device, error) {
	if m.GPU.Vendor != config.VendorNVIDIA {
		return nil, fmt.Errorf("machine %s (%s) is %s; the CUDA runtime needs an NVIDIA model (gpusim configs lists them)",
			m.GPU.Arch, m.File(), m.GPU.Vendor)
	}
	model, err := numericsModel(m)
	if err != nil {
		return nil, err
	}
	return &Device{Machine: m, model: model, global: mem.NewGlobal()}, nil
}

// numericsModel builds the machine's bit-exact numerics choices.
func numericsModel(m *config.Machine) (*alu.Model, error) {
	model, err := alu.NewModel(alu.Choice{
		Ex2: m.Numerics.Ex2, Rcp: m.Numerics.Rcp, Rcp64H: m.Numerics.Rcp64H, DivFixup: m.Numerics.DivFixup,
		Tensor: m.Numerics.Tensor,
	})
	if err != nil {
		file, line := m.Pos("numerics")
		return nil, fmt.Errorf("%s:%d: %v", file, line, err)
	}
	return model, nil
}

// Map makes data (host memory the caller keeps alive and owns) the device
// allocation at base: device address base+i is data[i]. See mem.Global.Adopt.
func (d *Device) Map(base uint64, data []byte) error {
	_, err := d.global.Adopt(base, data)
	return err
}

// Unmap removes the allocation at base; false when there is none.
func (d *Device) Unmap(base uint64) bool { return d.global.Release(base) }

// Module is a program loaded on a device: its parsed PTX, the address of its
// .global variables and its constant bank.
type Module struct {
	Program    *traces.Program
	GlobalVars uint64 // device address of the .global variable segment (0: none)
	Const      *mem.Segment
	codes      map[*traces.Kernel]*ptxexec.Code
}

// Load places a parsed PTX program on the device: its .global variables go
// to globals (host memory of prog.GlobalSize bytes the caller mapped with
// Map at address globalsAt; ignored when the program has none), initialised
// from the PTX, and its .const variables to a new constant bank.
func (d *Device) Load(prog *traces.Program, globalsAt uint64, globals []byte) (*Module, error) {
	if prog.ISA != traces.ISAPTX {
		return nil, fmt.Errorf("%s: the CUDA runtime runs PTX, not %s", prog.Path, prog.ISA)
	}
	if err := checkConstBank(prog); err != nil {
		return nil, err
	}
	m := &Module{Program: prog, codes: map[*traces.Kernel]*ptxexec.Code{}}
	if prog.GlobalSize > 0 {
		if uint64(len(globals)) < prog.GlobalSize {
			return nil, fmt.Errorf("%s: %d bytes for the module's variables, it needs %d", prog.Path, len(globals), prog.GlobalSize)
		}
		seg := d.global.Find(globalsAt)
		if seg == nil || seg.Base != globalsAt {
			return nil, fmt.Errorf("%s: the module's variables at 0x%x are not mapped", prog.Path, globalsAt)
		}
		if err := seg.InitVars(prog.Globals); err != nil {
			return nil, fmt.Errorf("%s: %v", prog.Path, err)
		}
		m.GlobalVars = globalsAt
	}
	m.Const = mem.NewSegment(traces.SpaceConst, 0, prog.ConstSize, true)
	if err := m.Const.InitVars(prog.Consts); err != nil {
		return nil, fmt.Errorf("%s: %v", prog.Path, err)
	}
	if err := relocate(prog, d.global, m.GlobalVars, m.Const); err != nil {
		return nil, fmt.Errorf("%s: %v", prog.Path, err)
	}
	return m, nil
}

// Symbol is a module-scope variable as the runtime sees it: its state
// space, its device address (global variables) or offset in the constant
// bank (constants), and its size.
type Symbol struct {
	Name  string
	Space traces.Space // SpaceGlobal or SpaceConst
	Addr  uint64       // global: device address; const: offset in the bank
	Size  uint64
}

// Symbol looks up a .global or .const variable by name.
func (m *Module) Symbol(name string) (Symbol, bool) {
	for i := range m.Program.Globals {
		v := &m.Program.Globals[i]
		if v.Name == name {
			return Symbol{Name: name, Space: traces.SpaceGlobal, Addr: m.GlobalVars + v.Offset, Size: v.Size}, true
		}
	}
	for i := range m.Program.Consts {
		v := &m.Program.Consts[i]
		if v.Name == name {
			return Symbol{Name: name, Space: traces.SpaceConst, Addr: v.Offset, Size: v.Size}, true
		}
	}
	return Symbol{}, false
}

// ConstBytes returns n bytes of the constant bank at offset off, for the
// host to read or write (cudaMemcpyToSymbol on a __constant__ variable).
func (m *Module) ConstBytes(off, n uint64) ([]byte, error) {
	return m.Const.Host(off, n)
}

// KernelNames lists the module's kernels in name order.
func (m *Module) KernelNames() []string {
	names := make([]string, 0, len(m.Program.Kernels))
	for _, k := range m.Program.Kernels {
		names = append(names, k.Name)
	}
	sort.Strings(names)
	return names
}

// Launch is one kernel launch on a Device.
type Launch struct {
	Module *Module
	Kernel *traces.Kernel
	Grid   [3]uint32
	Block  [3]uint32
	Shared uint64 // dynamic shared memory per block
	// Params is the kernel parameter buffer, Kernel.ParamSize bytes laid
	// out as the PTX declares the parameters.
	Params []byte
	Limits Limits
	Notes  []string
	// Tex and TexRefs are the texture, sampler and surface objects the
	// kernel may use and the handles bound to the module's references
	// (as Prepared.Tex and TexRefs).
	Tex     *ptxexec.TexTable
	TexRefs []uint64

	// Device receives the kernel's printf and assert calls; StackSize is
	// the per-thread call stack (cudaLimitStackSize; 0: CUDA's default);
	// ClockBase the device's cycle count at the launch; GridID %gridid.
	Device    ptxexec.DeviceCalls
	StackSize uint64
	ClockBase uint64
	GridID    uint64
}

// Prepare lays the launch out for RunFunctional or RunTiming. The kernel's
// compiled code is kept with the module, so a kernel launched again is not
// compiled again.
func (d *Device) Prepare(l Launch) (*Prepared, error) {
	k := l.Kernel
	if l.Module == nil || k == nil {
		return nil, fmt.Errorf("launch: no module or kernel")
	}
	if uint64(len(l.Params)) != k.ParamSize {
		return nil, fmt.Errorf("kernel %s: %d bytes of parameters, the kernel takes %d", k.Name, len(l.Params), k.ParamSize)
	}
	params := mem.NewSegment(traces.SpaceParam, 0, k.ParamSize, true)
	copy(params.Data, l.Params)
	code := l.Module.codes[k]
	if code == nil {
		var err error
		if code, err = ptxexec.Compile(l.Module.Program, k, 32); err != nil {
			return nil, err
		}
		l.Module.codes[k] = code
	}
	spec := &LaunchSpec{Kernel: k.Name, Grid: l.Grid, Block: l.Block, Shared: l.Shared, Notes: l.Notes}
	return &Prepared{
		Program: l.Module.Program, Kernel: k, Machine: d.Machine, Spec: spec, Model: d.model,
		Global: d.global, GlobalVars: l.Module.GlobalVars, Const: l.Module.Const, Params: params,
		Limits: l.Limits, Code: code, Tex: l.Tex, TexRefs: l.TexRefs,
		Device: l.Device, StackSize: l.StackSize, StackSource: "cudaLimitStackSize", ClockBase: l.ClockBase, GridID: l.GridID,
	}, nil
}
