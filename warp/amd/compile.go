package amd

import (
	"fmt"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/warp"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// Code is an AMDGPU kernel compiled for execution: one wop per static
// instruction (plus an end-of-code entry at index len(Kernel.Code) that
// faults: a wave must end with s_endpgm). Read-only after Compile; any
// number of launches, workgroups and waves may share it.
type Code struct {
	prog   *traces.Program
	kernel *traces.Kernel
	width  int
	fam    traces.AMDFamily
	vgprs  int // VGPRs each wave allocates (highest used + 1, at least the descriptor's)
	ops    []wop
}

// Kernel returns the kernel the code was compiled from.
func (c *Code) Kernel() *traces.Kernel { return c.kernel }

// Len is the number of static instructions; per-PC counters have Len()+1
// entries, the last for the end of the code.
func (c *Code) Len() int { return len(c.kernel.Code) }

// Width is the wave size.
func (c *Code) Width() int { return c.width }

// wexecFn executes one wop for EXEC mask m.
type wexecFn func(w *Wave, o *wop, m uint64) error

// wop is one pre-decoded AMD instruction.
type wop struct {
	exec wexecFn
	in   *traces.Inst
	info *traces.AMDOpInfo
	pc   int32
	pair bool // X half of a VOPD pair: executes pc and pc+1

	dst [2]wdst
	src [5]wsrc
	ns  int

	f64    bool     // the operation's float mode is MODE's f16/f64 one
	clamp  bool     // VOP3 clamp
	omod   uint8    // output modifier: 0 none, 1 *2, 2 *4, 3 /2
	target int32    // branch target
	imm    [3]int64 // decoded immediates (offsets, counters, fields)
	bytes  int      // memory: bytes per lane
	signed bool     // memory: sign-extend sub-dword loads

	// Per-lane functions chosen at compile time.
	f1     func(a uint64) uint64
	f2     func(a, b uint64) uint64
	f3     func(a, b, c uint64) uint64
	fm1    func(a uint64, m alu.FPMode) uint64
	fm2    func(a, b uint64, m alu.FPMode) uint64
	fm3    func(a, b, c uint64, m alu.FPMode) uint64
	lanes1 func(dst, a []uint64, mask uint64, m alu.FPMode)
	lanes2 func(dst, a, b []uint64, mask uint64, m alu.FPMode)
	lanes3 func(dst, a, b, c []uint64, mask uint64, m alu.FPMode)
	cmp    func(a, b uint64, m alu.FPMode) bool
	keys   warp.IntKeys // integer v_cmp: the comparison of lane vectors
	// The lane-vector forms of the commonest integer operations (int.go)
	// on 8-byte lanes, and (direct.go) on the VGPR rows.
	ilanes1 func(d, a []uint64)
	ilanes2 func(d, a, b []uint64)
	x1      func(d, a []uint32)
	x2      func(d, a, b []uint32)
	xp      func(dlo, dhi, a, blo, bhi []uint32)
	xf2     func(dst, a, b []uint32, mask uint64, m alu.FPMode)
	xf3     func(dst, a, b, c []uint32, mask uint64, m alu.FPMode)
	// wide is the exec that a direct one (direct.go) leaves a partial
	// EXEC mask to.
	wide  wexecFn
	sop   func(w *Wave, a, b uint64) uint64 // scalar ALU (may set SCC)
	y     *wop                              // VOPD: the Y half
	inner wexecFn                           // VOPD X half: its own exec (exec is execDual)
	isY   bool                              // VOPD Y half: its result goes to the lane rows' dual
	dmask uint64                            // mask of a VALU result (32 or 64 bits)
}

// wdst is a decoded destination.
type wdst struct {
	kind uint8 // wNone, wV, wS
	reg  int   // VGPR: reg*width; SGPR: index
	n    int   // 32-bit registers
	null bool  // SGPR null: writes are discarded
}

// wsrc is a decoded source.
type wsrc struct {
	kind uint8 // wNone, wV, wS, wImm, wSCC, wVCCZ, wEXECZ
	reg  int   // VGPR: reg*width; SGPR: index
	n    int   // 32-bit registers
	imm  uint64
	splt []uint64 // wImm: the value splatted over the lanes (modifiers applied)
	// splt32 is splt in 4-byte lanes, for the direct forms (direct.go).
	splt32 []uint32
	abs    bool
	neg    bool
	fsz    uint8 // float width the modifiers act on: 16, 32 or 64 (0: integer)
}

const (
	wNone uint8 = iota
	wV
	wS
	wImm
	wSCC
	wVCCZ
	wEXECZ
)

// Compile pre-decodes AMDGPU kernel k of program p. Every instruction
// gpusim cannot execute yet is an error naming the file, line, column,
// instruction and target, never a silent skip.
func Compile(p *traces.Program, k *traces.Kernel) (*Code, error) {
	if k.AMD == nil {
		return nil, fmt.Errorf("kernel %s is not an AMDGPU kernel", k.Name)
	}
	W := k.AMD.WaveSize
	if W != 32 && W != 64 {
		return nil, fmt.Errorf("kernel %s: wave size %d (want 32 or 64)", k.Name, W)
	}
	c := &compiler{prog: p, k: k, width: W}
	code := &Code{prog: p, kernel: k, width: W, fam: k.AMD.Family, ops: make([]wop, len(k.Code)+1)}
	c.code = code
	c.vgprs = max(k.AMD.NextFreeVGPR, 3)
	for i := range k.Code {
		in := &k.Code[i]
		o := &code.ops[i]
		o.pc, o.in, o.info = int32(i), in, traces.AMDOp(in.Op)
		if o.info == nil {
			return nil, c.errf(in, "not an AMD instruction")
		}
		if err := c.compile(in, o); err != nil {
			return nil, err
		}
	}
	for i := range k.Code {
		in := &k.Code[i]
		if in.Flags&traces.FlagAMDDualX != 0 {
			if i+1 >= len(k.Code) || k.Code[i+1].Flags&traces.FlagAMDDualY == 0 {
				return nil, c.errf(in, "VOPD X half without its Y half")
			}
			x, y := &code.ops[i], &code.ops[i+1]
			x.pair, x.y, y.isY = true, y, true
			x.inner, x.exec = x.exec, execDual
		}
		if t := code.ops[i].target; code.ops[i].info.Class == traces.AMDClassBranch && (t < 0 || int(t) > len(k.Code)) {
			return nil, c.errf(in, "branch target %d out of range", t)
		}
	}
	end := &code.ops[len(k.Code)]
	end.pc, end.exec = int32(len(k.Code)), execEndOfCode
	end.in = &traces.Inst{Op: traces.OpSEndpgm, Pos: k.Pos, Text: "(end of code)"}
	end.info = traces.AMDOp(traces.OpSEndpgm)
	code.vgprs = c.vgprs
	return code, nil
}

type compiler struct {
	prog  *traces.Program
	k     *traces.Kernel
	width int
	code  *Code
	vgprs int
}

// errf is an error about instruction in: a *diag.Error at its position
// in the trace, naming the target and the instruction as written.
func (c *compiler) errf(in *traces.Inst, format string, args ...any) error {
	return diag.At(c.prog.Path, int(in.Pos.Line), int(in.Pos.Col), "%s: %s: %s", c.k.AMD.Target,
		warp.Mnemonic(in), fmt.Sprintf(format, args...))
}

func (c *compiler) unsupported(in *traces.Inst, why string) error {
	return c.errf(in, "not supported yet (%s)", why)
}

// dst decodes Dst[i].
func (c *compiler) dst(in *traces.Inst, i int) (wdst, error) {
	if i >= int(in.NDst) {
		return wdst{}, c.errf(in, "missing destination %d", i+1)
	}
	d := in.Dst[i]
	switch d.Kind {
	case traces.OpdVGPR:
		if int(d.Reg)+int(d.Imm) > c.vgprs {
			c.vgprs = int(d.Reg) + int(d.Imm)
		}
		return wdst{kind: wV, reg: int(d.Reg) * c.width, n: int(d.Imm)}, nil
	case traces.OpdSGPR:
		return wdst{kind: wS, reg: int(d.Reg), n: int(d.Imm), null: d.Reg == traces.AMDRegNull}, nil
	case traces.OpdNone:
		return wdst{}, nil
	}
	return wdst{}, c.errf(in, "destination %d has the wrong kind", i+1)
}

// src decodes Src[i]; fsz is the float width its modifiers act on (0 for
// an integer operand, which may not have any).
func (c *compiler) src(in *traces.Inst, i int, fsz uint8) (wsrc, error) {
	if i >= int(in.NSrc) {
		return wsrc{}, c.errf(in, "missing source %d", i+1)
	}
	s := in.Src[i]
	o := wsrc{neg: s.Neg, abs: i < 3 && in.Mode&traces.AMDModAbs(i) != 0 && isVALU(in), fsz: fsz}
	if (o.neg || o.abs) && fsz == 0 {
		return o, c.errf(in, "neg/abs modifier on an integer operand")
	}
	switch s.Kind {
	case traces.OpdVGPR:
		if int(s.Reg)+int(s.Imm) > c.vgprs {
			c.vgprs = int(s.Reg) + int(s.Imm)
		}
		o.kind, o.reg, o.n = wV, int(s.Reg)*c.width, int(s.Imm)
	case traces.OpdSGPR:
		o.kind, o.reg, o.n = wS, int(s.Reg), int(s.Imm)
		if s.Reg == traces.AMDRegNull {
			o.kind, o.imm = wImm, 0
		}
	case traces.OpdImm:
		o.kind, o.imm = wImm, s.Imm
	case traces.OpdSCC:
		o.kind = wSCC
	case traces.OpdVCCZ:
		o.kind = wVCCZ
	case traces.OpdEXECZ:
		o.kind = wEXECZ
	case traces.OpdSpecial:
		o.kind, o.imm = wImm, apertureHigh(s.Special)
	case traces.OpdNone:
		o.kind = wNone
	default:
		return o, c.errf(in, "source %d has the wrong kind", i+1)
	}
	if o.kind == wImm {
		v := modBits(o.imm, &o)
		o.splt = make([]uint64, c.width)
		for l := range o.splt {
			o.splt[l] = v
		}
	}
	return o, nil
}

// apertureHigh is the value of an aperture register: the high 32 bits of
// the generic address of the LDS or private window (package mem's windows).
func apertureHigh(r traces.SpecialReg) uint64 {
	switch r {
	case traces.SRegAMDSharedBase:
		return mem.SharedWindow >> 32
	case traces.SRegAMDSharedLimit:
		return (mem.SharedWindow + mem.WindowSize - 1) >> 32
	case traces.SRegAMDPrivateBase:
		return mem.LocalWindow >> 32
	}
	return (mem.LocalWindow + mem.WindowSize - 1) >> 32
}

// modBits applies a source's abs and neg modifiers to a value of its float
// width.
func modBits(v uint64, s *wsrc) uint64 {
	var sign uint64
	switch s.fsz {
	case 16:
		sign = 1 << 15
	case 32:
		sign = 1 << 31
	case 64:
		sign = 1 << 63
	default:
		return v
	}
	if s.abs {
		v &^= sign
	}
	if s.neg {
		v ^= sign
	}
	return v
}

// isVALU reports a vector ALU instruction.
func isVALU(in *traces.Inst) bool {
	info := traces.AMDOp(in.Op)
	return info != nil && (info.Class == traces.AMDClassVALU || info.Class == traces.AMDClassTrans)
}

// srcs decodes sources 0..n-1 with float width fsz.
func (c *compiler) srcs(in *traces.Inst, o *wop, n int, fsz uint8) error {
	for i := 0; i < n; i++ {
		s, err := c.src(in, i, fsz)
		if err != nil {
			return err
		}
		o.src[i] = s
	}
	o.ns = n
	return nil
}

// fszOf is the float width of a type (0 for integers).
func fszOf(t traces.Type) uint8 {
	switch t {
	case traces.F16:
		return 16
	case traces.F32:
		return 32
	case traces.F64:
		return 64
	}
	return 0
}

// semFn is a semantics function: it decodes the operands of one
// instruction and picks its execute function. Every AMD opcode has one
// (semantics_gen.go, from the AMD table).
type semFn func(c *compiler, in *traces.Inst, o *wop) error

// unsupported is the semantics of an instruction the front end reads but
// gpusim cannot execute yet: a clear error naming why.
func unsupported(why string) semFn {
	return func(c *compiler, in *traces.Inst, o *wop) error { return c.unsupported(in, why) }
}

// compile picks the exec function and decodes the operands of one
// instruction through its opcode's semantics function.
func (c *compiler) compile(in *traces.Inst, o *wop) error {
	info := o.info
	if in.Vec != 0 {
		return c.unsupported(in, "op_sel")
	}
	if info.Class == traces.AMDClassVALU || info.Class == traces.AMDClassTrans {
		// Inst.Mode holds the VALU modifiers only for VALU instructions
		// (memory instructions keep cache-policy bits there).
		o.clamp = in.Flags&traces.FlagSat != 0
		o.omod = uint8(in.Mode&traces.AMDOModMask) >> 4
		if (o.clamp || o.omod != 0) && !info.Type.IsFloat() {
			return c.unsupported(in, "clamp or an output modifier on an integer operation")
		}
	}
	return semantics[in.Op-traces.OpAMDBase](c, in, o)
}
