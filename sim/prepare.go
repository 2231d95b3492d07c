package sim

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
	ptxexec "github.com/gpusim/gpusim/warp/ptx"
)

// Overrides are the command line's changes to a launch (-kernel, -grid,
// -block); zero values leave the launch file's choice.
type Overrides struct {
	Kernel string
	Grid   [3]uint32
	Block  [3]uint32
	// MaxMemory is the memory budget of the run in bytes (-max-memory);
	// 0 is the default, DefaultMemoryBudget.
	MaxMemory uint64
}

// defaultBufferBytes is the size of the zero-filled buffer given to each
// 8-byte parameter when there is no launch file.
const defaultBufferBytes = 64 << 10

// Prepared is a launch laid out in device memory, ready to run: the kernel,
// its shape, the global memory with every buffer allocated and initialised,
// the constant bank, the parameter buffer and the numerics model.
type Prepared struct {
	Program *traces.Program
	Kernel  *traces.Kernel
	Machine *config.Machine
	Spec    *LaunchSpec
	Model   *alu.Model

	Global     *mem.Global
	GlobalVars uint64 // base of the program's .global variables
	Const      *mem.Segment
	Params     *mem.Segment
	// BufferAddr[i] is the device address of Spec.Buffers[i].
	BufferAddr []uint64
	// Limits stop runaway kernels; the caller may set them before running.
	Limits Limits
	// Strict makes an integer division by zero a fault (-strict) instead
	// of its documented result; the caller may set it before running.
	Strict bool

	// AMD is the launch state of an AMDGPU kernel (kernarg segment, dispatch
	// packet, dynamic LDS; sim/amd.go); nil for PTX.
	AMD *AMDLaunch
	// Code is the kernel compiled for 32-wide warps, when the caller keeps
	// it between launches (Device.Prepare); nil compiles it at each run.
	Code *ptxexec.Code

	// Tex holds the launch's texture, surface and sampler objects and
	// TexRefs the handle bound to each of Program.TexRefs (launch files:
	// launch_tex.go; the CUDA runtime fills them itself).
	Tex        *ptxexec.TexTable
	TexRefs    []uint64
	texHandles map[string]uint64 // launch-file object -> handle
	arrays     []texArray        // launch-file surfaces in array layout, copied back into their buffers

	// Device receives the kernel's device printf and assert calls (nil:
	// printf text is dropped; an assert still faults). StackSize is the
	// per-thread call stack of recursive kernels (0: CUDA's default),
	// StackSource where it was set. ClockBase is the device's cycle count
	// when the launch starts (%clock64, %globaltimer) and GridID its
	// %gridid.
	Device      ptxexec.DeviceCalls
	StackSize   uint64
	StackSource string
	ClockBase   uint64
	GridID      uint64

	// PtxasRegisters is the kernel's registers per thread as ptxas -v
	// reports them (0: not known; the estimate is used), PtxasSource what
	// the report says of where they came from, or why ptxas gave none
	// (UsePtxas).
	PtxasRegisters int
	PtxasSource    string
	// StackFrames are ptxas -v's stack frames by function name (the call
	// stack a recursive call takes); nil: gpusim's estimate.
	StackFrames map[string]uint64
	// budget is the run's memory budget and static what Prepare
	// allocated against it (footprint.go).
	budget budget
	static footprint
}

// Prepare chooses the kernel, completes the launch (spec may be nil: the
// stated defaults are used), allocates and initialises every buffer and
// builds the parameter buffer. Errors are bad input (exit status 2).
func Prepare(prog *traces.Program, m *config.Machine, spec *LaunchSpec, ov Overrides) (*Prepared, error) {
	if err := checkMachineFits(prog, m); err != nil {
		return nil, err
	}
	if errs := checkNumerics(m); len(errs) > 0 {
		return nil, config.Errors(errs)
	}
	model, err := alu.NewModel(alu.Choice{
		Ex2: m.Numerics.Ex2, Rcp: m.Numerics.Rcp, Rcp64H: m.Numerics.Rcp64H, DivFixup: m.Numerics.DivFixup,
		Tensor: m.Numerics.Tensor,
	})
	if err != nil {
		return nil, err
	}
	defaulted := spec == nil
	if defaulted {
		spec = &LaunchSpec{Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{uint32(m.GPU.WarpSize), 1, 1}}
	}
	where := spec.Path
	if where == "" {
		where = prog.Path
	}

	name := spec.Kernel
	if ov.Kernel != "" {
		name = ov.Kernel
	}
	k, err := pickKernel(prog, name)
	if err != nil {
		switch {
		case len(prog.Kernels) == 0:
			return nil, diag.Wrap(prog.Path, 0, 0, err)
		case ov.Kernel == "" && spec.KernelLine > 0:
			return nil, &diag.Error{File: where, Line: spec.KernelLine, Key: "kernel", Msg: "kernel: " + err.Error(), Err: err}
		}
		return nil, diag.Wrap(where, 0, 0, err)
	}
	spec.Kernel = k.Name
	if ov.Grid != [3]uint32{} {
		spec.Grid = ov.Grid
		spec.Notes = append(spec.Notes, fmt.Sprintf("grid %s from -grid", fmtDim(ov.Grid)))
	}
	if ov.Block != [3]uint32{} {
		spec.Block = ov.Block
		spec.Notes = append(spec.Notes, fmt.Sprintf("block %s from -block", fmtDim(ov.Block)))
	}
	if defaulted {
		defaultArgs(spec, k)
	}
	if len(spec.Args) != len(k.Params) {
		return nil, &diag.Error{File: where, Line: spec.ArgsLine, Key: "args",
			Msg: fmt.Sprintf("kernel %s has %d parameters, the launch gives %d [[args]]", k.Name, len(k.Params), len(spec.Args))}
	}

	p := &Prepared{Program: prog, Kernel: k, Machine: m, Spec: spec, Model: model, Global: mem.NewGlobal(), GridID: 1, budget: budgetOf(ov.MaxMemory)}
	p.StackSource = "CUDA's default cudaLimitStackSize; a launch file's stack_size sets it"
	if spec.StackSize > 0 {
		p.StackSize, p.StackSource = spec.StackSize, "stack_size in "+spec.Path
	}
	if err := checkConstBank(prog); err != nil {
		return nil, err
	}
	if err := p.checkStatic(where); err != nil {
		return nil, err
	}
	if prog.GlobalSize > 0 {
		if p.GlobalVars, err = p.Global.Alloc(prog.GlobalSize, 256); err != nil {
			return nil, err
		}
		seg := p.Global.Find(p.GlobalVars)
		if err := seg.InitVars(prog.Globals); err != nil {
			return nil, diag.Wrap(prog.Path, 0, 0, err)
		}
	}
	p.Const = mem.NewSegment(traces.SpaceConst, 0, prog.ConstSize, true)
	if err := p.Const.InitVars(prog.Consts); err != nil {
		return nil, diag.Wrap(prog.Path, 0, 0, err)
	}
	if err := relocate(prog, p.Global, p.GlobalVars, p.Const); err != nil {
		return nil, diag.Wrap(prog.Path, 0, 0, err)
	}
	for _, b := range spec.Buffers {
		addr, err := p.Global.Alloc(b.Bytes(), 256)
		if err != nil {
			return nil, &diag.Error{File: where, Line: b.Line, Key: "buffers." + b.Name, Msg: "buffers." + b.Name + ": " + err.Error(), Err: err}
		}
		dst, err := p.Global.Host(addr, b.Bytes())
		if err != nil {
			return nil, err
		}
		if err := b.InitInto(dst); err != nil {
			return nil, &diag.Error{File: where, Line: b.Line, Key: "buffers." + b.Name, Msg: err.Error(), Err: err}
		}
		p.BufferAddr = append(p.BufferAddr, addr)
	}
	if err := p.prepareTextures(where); err != nil {
		return nil, err
	}
	p.Params = mem.NewSegment(traces.SpaceParam, 0, k.ParamSize, true)
	for i, a := range spec.Args {
		par := k.Params[i]
		dst := p.Params.Data[par.Offset : par.Offset+par.Size]
		key := fmt.Sprintf("args[%d]", i)
		if err := p.fillParam(dst, par, a); err != nil {
			return nil, &diag.Error{File: where, Line: a.Line, Key: key, Msg: fmt.Sprintf("%s (parameter %s): %v", key, par.Name, err), Err: err}
		}
	}
	if k.AMD != nil {
		if err := p.prepareAMD(); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// checkMachineFits rejects a machine model of the wrong vendor for the trace.
func checkMachineFits(prog *traces.Program, m *config.Machine) error {
	want, brand := config.VendorNVIDIA, "NVIDIA"
	if prog.ISA == traces.ISAAMDGPU {
		want, brand = config.VendorAMD, "AMD"
	}
	if m.GPU.Vendor != want {
		return diag.At(prog.Path, 0, 0, "the trace is %s but machine %s (%s) is %s; pick an %s model (gpusim configs lists them)", prog.ISA, m.GPU.Arch, m.File(), m.GPU.Vendor, brand)
	}
	return nil
}

func pickKernel(prog *traces.Program, name string) (*traces.Kernel, error) {
	if len(prog.Kernels) == 0 {
		return nil, fmt.Errorf("no kernel (.entry) in the file")
	}
	if name == "" {
		if len(prog.Kernels) > 1 {
			return nil, fmt.Errorf("%s has %d kernels (%s): choose one with kernel = \"NAME\" or -kernel",
				prog.Path, len(prog.Kernels), kernelNames(prog))
		}
		return prog.Kernels[0], nil
	}
	if k := prog.Kernel(name); k != nil {
		return k, nil
	}
	return nil, fmt.Errorf("kernel %q is not in %s (it has %s)", name, prog.Path, kernelNames(prog))
}

func kernelNames(prog *traces.Program) string {
	names := make([]string, len(prog.Kernels))
	for i, k := range prog.Kernels {
		names[i] = k.Name
	}
	return strings.Join(names, ", ")
}

// defaultArgs fills a launch without a file: every 8-byte parameter gets a
// zero-filled buffer, every other parameter the value 0.
func defaultArgs(spec *LaunchSpec, k *traces.Kernel) {
	spec.Notes = append(spec.Notes, fmt.Sprintf("no launch file: grid %s, block %s (one warp)", fmtDim(spec.Grid), fmtDim(spec.Block)))
	var bufs, zeros, aggregates []string
	var handles []string
	for _, par := range k.Params {
		if par.Opaque != traces.OpaqueNone {
			spec.Args = append(spec.Args, ArgSpec{})
			handles = append(handles, par.Name)
			continue
		}
		if uint64(par.Type.Size()) != par.Size {
			spec.Args = append(spec.Args, ArgSpec{Kind: ArgBytes, Bytes: make([]byte, par.Size)})
			aggregates = append(aggregates, par.Name)
			continue
		}
		if par.Size == 8 && !par.Type.IsFloat() {
			b := &BufferSpec{Name: par.Name, Type: ElemU8, Count: defaultBufferBytes, Init: "zeros"}
			spec.Buffers = append(spec.Buffers, b)
			spec.Args = append(spec.Args, ArgSpec{Kind: ArgBuffer, Buffer: b.Name})
			bufs = append(bufs, par.Name)
			continue
		}
		spec.Args = append(spec.Args, ArgSpec{})
		zeros = append(zeros, par.Name)
	}
	if len(bufs) > 0 {
		spec.Notes = append(spec.Notes, fmt.Sprintf("zero-filled %d KiB buffers for %s", defaultBufferBytes>>10, strings.Join(bufs, ", ")))
	}
	if len(zeros) > 0 {
		spec.Notes = append(spec.Notes, "value 0 for "+strings.Join(zeros, ", "))
	}
	if len(aggregates) > 0 {
		spec.Notes = append(spec.Notes, "zero bytes for "+strings.Join(aggregates, ", "))
	}
	if len(handles) > 0 {
		spec.Notes = append(spec.Notes, "no texture, sampler or surface for "+strings.Join(handles, ", ")+" (handle 0: a fetch faults)")
	}
}

func (l *LaunchSpec) bufferIndex(name string) int {
	for i, b := range l.Buffers {
		if b.Name == name {
			return i
		}
	}
	return -1
}

// putParam converts a launch-file scalar to a kernel parameter's type.
func putParam(dst []byte, par traces.Param, s Scalar) error {
	t := par.Type
	if uint64(t.Size()) != par.Size {
		return fmt.Errorf("a scalar value cannot fill the %d-byte aggregate parameter %s; give bytes, values, fields, or a value with a type of that size", par.Size, par.Name)
	}
	var et ElemType
	switch t {
	case traces.F64:
		et = ElemF64
	case traces.F32:
		et = ElemF32
	case traces.F16:
		et = ElemF16
	case traces.BF16:
		et = ElemBF16
	case traces.S8, traces.U8, traces.S16, traces.U16, traces.S32, traces.U32, traces.S64, traces.U64,
		traces.B8, traces.B16, traces.B32, traces.B64:
		// Bit types take signed or unsigned values that fit their width.
		size := t.Size()
		if s.IsFloat {
			if s.Float != math.Trunc(s.Float) {
				return fmt.Errorf("%g is not an integer (parameter type .%s)", s.Float, t)
			}
		}
		signed := t.IsSigned() || (!s.IsFloat && s.Int < 0) || (s.IsFloat && s.Float < 0)
		et = intElemType(size, signed)
	default:
		return fmt.Errorf("parameter type .%s takes no launch-file value", t)
	}
	if err := putElem(dst, et, s); err != nil {
		return fmt.Errorf("%v (parameter type .%s)", err, t)
	}
	return nil
}

func intElemType(size int, signed bool) ElemType {
	switch size {
	case 1:
		if signed {
			return ElemI8
		}
		return ElemU8
	case 2:
		if signed {
			return ElemI16
		}
		return ElemU16
	case 4:
		if signed {
			return ElemI32
		}
		return ElemU32
	}
	if signed {
		return ElemI64
	}
	return ElemU64
}

func fmtDim(d [3]uint32) string { return fmt.Sprintf("(%d,%d,%d)", d[0], d[1], d[2]) }

// OutputDir is where a launch's output buffers go: dir when given, else the
// launch file's folder, else the current directory.
func (l *LaunchSpec) OutputDir(dir string) string {
	if dir != "" {
		return dir
	}
	if l.Path != "" {
		return filepath.Dir(l.Path)
	}
	return "."
}

// ConstBankSize is the size of the constant bank a program's .const
// variables live in: 64 KiB, CUDA's constant memory (CUDA C++ Programming
// Guide, "Device Memory Accesses": "a total of 64 KB constant memory").
const ConstBankSize = 64 << 10

// checkConstBank rejects .const variables beyond the bank, at the first
// variable that does not fit.
func checkConstBank(prog *traces.Program) error {
	if prog.ConstSize <= ConstBankSize {
		return nil
	}
	for _, v := range prog.Consts {
		if v.Offset+v.Size > ConstBankSize || v.Offset+v.Size < v.Offset {
			return diag.At(prog.Path, int(v.Pos.Line), int(v.Pos.Col), ".const %s (%d bytes at offset %d) does not fit the %d-byte constant bank (%d bytes of .const variables in all)",
				v.Name, v.Size, v.Offset, ConstBankSize, prog.ConstSize)
		}
	}
	return diag.At(prog.Path, 0, 0, "%d bytes of .const variables do not fit the %d-byte constant bank", prog.ConstSize, ConstBankSize)
}
