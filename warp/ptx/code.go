package ptx

import (
	"fmt"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/warp"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
)

// Code is a kernel compiled for one warp width: one op per static
// instruction (plus an implicit exit at index len(Kernel.Code), where the
// "reconverge at exit" index points). It is read-only after Compile and can
// be shared by any number of launches, blocks and warps.
type Code struct {
	prog   *traces.Program
	kernel *traces.Kernel
	width  int
	ops    []op
	models uint32 // bit i: some op calls model function i through the launch's *alu.Model
	// rows[r] is the first 64-bit register-file row of value register r
	// (regalloc.go: registers never live at once share one); registers
	// wider than 64 bits (.b128) take two rows, low half first.
	rows  []int32
	nrows int
	// saveSize[i] is the call-stack bytes of one activation of span i
	// (recursive spans).
	saveSize []uint64

	// Matrix instructions (mma.go): tensor says some op needs the tensor
	// model; matScratch is how many scratch words a warp needs for their
	// matrices.
	tensor     bool
	matScratch int
	tensorOps  int // decoded multiplicands per operand of the largest float multiply-accumulate
}

// Kernel returns the kernel the code was compiled from.
func (c *Code) Kernel() *traces.Kernel { return c.kernel }

// Len is the number of static instructions (the length of Kernel.Code);
// per-PC counters have Len()+1 entries, the last for the implicit exit.
func (c *Code) Len() int { return len(c.kernel.Code) }

// Width is the warp width the code was compiled for.
func (c *Code) Width() int { return c.width }

// execFn executes one op for the lanes in m (guard already applied; m may be
// zero only for control ops).
type execFn func(w *Warp, o *op, m uint64) error

// op is one pre-decoded static instruction.
type op struct {
	exec execFn
	// ctrl: exec manages the PC and the reconvergence stack itself; it runs
	// even when no lane passes the guard.
	ctrl     bool
	guard    int32 // predicate register, -1 none
	guardNeg bool
	pc       int32
	in       *traces.Inst

	dst [4]dstOpd
	src [5]srcOpd

	// Decoded parameters; which ones an op uses depends on its exec.
	t      traces.Type // principal type
	t2     traces.Type // second type
	space  traces.Space
	size   int // memory: bytes per element; otherwise operand bytes
	vec    int // memory: elements
	aux    uint64
	mode   traces.Mode
	atom   traces.AtomOp
	cmp    func(a, b uint64) bool
	f1     func(a uint64) uint64
	f2     func(a, b uint64) uint64
	f3     func(a, b, c uint64) uint64
	f3s    func(a, b, c uint64) uint64 // atom/red on shared memory, when it differs from f3
	red    uint8                       // bar.red kind
	cin    bool                        // addc/subc/madc: reads the carry flag (the row's implicit use)
	fp     alu.FPMode
	keys   warp.IntKeys                                           // integer setp: the comparison of lane vectors
	kmask  uint64                                                 // div/rem: the type's bits
	lanes2 func(dst, a, b []uint64, mask uint64, m alu.FPMode)    // alu lane-vector form
	lanes3 func(dst, a, b, c []uint64, mask uint64, m alu.FPMode) // alu lane-vector form
	target int32                                                  // bra target / call site
	reconv int32
	// slow tests the executing lanes' operands for the slow path of the
	// code ptxas emits for the instruction (slowpath.go); nil: none.
	slow func(w *Warp, o *op, m uint64) bool
	tx   *texOp   // texture and surface instructions (tex_compile.go)
	mat  *matPlan // matrix and async-copy instructions (mma.go, matmem.go)
}

// dstKind is what a destination operand writes.
type dstKind uint8

const (
	dstNone dstKind = iota
	dstReg
	dstPred
)

// dstOpd is a decoded destination. For registers, a value v of the
// instruction's type is stored as uint64(int64(v<<sh)>>sh) & mask: sign
// extension to the register's width for signed types, then truncation to
// the register's width (PTX rule for destinations wider than the type).
type dstOpd struct {
	kind dstKind
	off  int // register: reg*width; predicate: index
	sh   uint8
	mask uint64
}

// srcKind is where a source operand's value comes from.
type srcKind uint8

const (
	srcNone    srcKind = iota
	srcReg             // off = reg*width
	srcImm             // imm: one value per lane, all equal
	srcSpecial         // sreg
	srcSym             // address of a variable: bases[base] + disp
	srcPred            // predicate register off (neg: !p)
	srcMem             // address [reg+disp]: off = reg*width or -1; bases[base] added
	srcTexRef          // the handle of a texture reference (base 0, off its index) or opaque parameter (base 1, disp its offset)
)

type srcOpd struct {
	kind srcKind
	neg  bool
	sreg traces.SpecialReg
	off  int
	imm  []uint64
	disp uint64
	base int
}

// Compile pre-decodes kernel k of program p for warps of the given width.
// Every instruction form gpusim cannot execute yet is an error naming the
// file, line, column and instruction, never a silent skip.
//
// Registers whose values are never live at once share register-file rows
// (regalloc.go).
func Compile(p *traces.Program, k *traces.Kernel, width int) (*Code, error) {
	return compile(p, k, width, true)
}

// compile is Compile, with one row per register unless share is set.
func compile(p *traces.Program, k *traces.Kernel, width int, share bool) (*Code, error) {
	if width < 1 || width > warp.MaxWidth {
		return nil, fmt.Errorf("warp width %d: must be 1..%d", width, warp.MaxWidth)
	}
	c := &compiler{prog: p, k: k, width: width}
	code := &Code{prog: p, kernel: k, width: width, ops: make([]op, len(k.Code)+1)}
	code.rows, code.nrows = layoutRows(k, share)
	c.code = code
	code.saveSize = make([]uint64, len(k.Funcs))
	for i := range k.Funcs {
		if k.Funcs[i].Recursive {
			code.saveSize[i] = activationSize(k, &k.Funcs[i])
		}
	}
	for i := range k.Code {
		in := &k.Code[i]
		o := &code.ops[i]
		o.pc, o.in, o.guard, o.guardNeg = int32(i), in, in.Guard, in.GuardNeg
		if in.Guard >= int32(k.NumPreds) || in.Guard < -1 {
			return nil, c.errf(in, "guard predicate %d out of range", in.Guard)
		}
		if err := c.compile(in, o); err != nil {
			return nil, err
		}
		o.slow = slowPathTest(in)
	}
	// The implicit exit after the last instruction.
	end := &code.ops[len(k.Code)]
	end.pc, end.guard, end.exec, end.ctrl = int32(len(k.Code)), -1, execExit, true
	end.in = &traces.Inst{Op: traces.OpExit, Guard: -1, Pos: k.Pos, Text: "exit"}
	return code, nil
}

type compiler struct {
	prog  *traces.Program
	k     *traces.Kernel
	width int
	code  *Code
}

// errf is an error about instruction in: a *diag.Error at its position
// in the trace, naming the instruction as written.
func (c *compiler) errf(in *traces.Inst, format string, args ...any) error {
	return diag.At(c.prog.Path, int(in.Pos.Line), int(in.Pos.Col), "%s: %s", warp.Mnemonic(in), fmt.Sprintf(format, args...))
}

func (c *compiler) unsupported(in *traces.Inst, what string) error {
	return c.errf(in, "not supported yet (%s)", what)
}

// regType is the declared type of value register r.
func (c *compiler) regType(r int32) traces.Type { return c.k.Regs[r].Type }

// rowOff is the offset in the register file of register r's first row.
func (c *compiler) rowOff(r int32) int { return int(c.code.rows[r]) * c.width }

// dstReg decodes Dst[i] as a value register written with type t.
func (c *compiler) dstReg(in *traces.Inst, i int, t traces.Type) (dstOpd, error) {
	if i >= int(in.NDst) {
		return dstOpd{}, c.errf(in, "missing destination operand %d", i+1)
	}
	d := in.Dst[i]
	switch d.Kind {
	case traces.OpdNone:
		return dstOpd{}, nil
	case traces.OpdReg:
	default:
		return dstOpd{}, c.errf(in, "destination %d must be a register", i+1)
	}
	if d.Reg < 0 || int(d.Reg) >= len(c.k.Regs) {
		return dstOpd{}, c.errf(in, "register %d out of range", d.Reg)
	}
	rbits := c.regType(d.Reg).Bits()
	if rbits == 0 || rbits > 64 {
		return dstOpd{}, c.unsupported(in, fmt.Sprintf("register %s of type .%s", c.k.Regs[d.Reg].Name, c.regType(d.Reg)))
	}
	tbits := t.Bits()
	if tbits == 0 || tbits > 64 {
		tbits = rbits
	}
	o := dstOpd{kind: dstReg, off: c.rowOff(d.Reg), mask: warp.LowMask(rbits)}
	if tbits < rbits {
		if t.IsSigned() {
			o.sh = uint8(64 - tbits)
		} else {
			o.mask = warp.LowMask(tbits)
		}
	}
	return o, nil
}

// dstPredicate decodes Dst[i] as a predicate register (or the `_` sink).
func (c *compiler) dstPredicate(in *traces.Inst, i int) (dstOpd, error) {
	if i >= int(in.NDst) {
		return dstOpd{}, c.errf(in, "missing destination operand %d", i+1)
	}
	d := in.Dst[i]
	switch d.Kind {
	case traces.OpdNone:
		return dstOpd{}, nil
	case traces.OpdPred:
		if d.Reg < 0 || d.Reg >= c.k.NumPreds {
			return dstOpd{}, c.errf(in, "predicate %d out of range", d.Reg)
		}
		return dstOpd{kind: dstPred, off: int(d.Reg)}, nil
	}
	return dstOpd{}, c.errf(in, "destination %d must be a predicate", i+1)
}

// src decodes Src[i] as a value operand of type t (immediates are
// truncated to t's width).
func (c *compiler) src(in *traces.Inst, i int, t traces.Type) (srcOpd, error) {
	if i >= int(in.NSrc) {
		return srcOpd{}, c.errf(in, "missing source operand %d", i+1)
	}
	s := in.Src[i]
	switch s.Kind {
	case traces.OpdReg:
		if s.Reg < 0 || int(s.Reg) >= len(c.k.Regs) {
			return srcOpd{}, c.errf(in, "register %d out of range", s.Reg)
		}
		if s.Neg {
			return srcOpd{}, c.unsupported(in, "negated register operand")
		}
		// A .b128 register read with a narrower type gives its low bits
		// (PTX's relaxed type rule for wider sources): the low row.
		if b := c.regType(s.Reg).Bits(); b == 0 || b > 64 && t.Bits() > 64 {
			return srcOpd{}, c.unsupported(in, fmt.Sprintf("register %s of type .%s", c.k.Regs[s.Reg].Name, c.regType(s.Reg)))
		}
		return srcOpd{kind: srcReg, off: c.rowOff(s.Reg)}, nil
	case traces.OpdImm, traces.OpdLabel:
		v := s.Imm
		if b := t.Bits(); b > 0 && b < 64 {
			v &= warp.LowMask(b)
		}
		return c.immOpd(v), nil
	case traces.OpdSpecial:
		if s.Special == traces.SRegNone || s.Special >= traces.NumPTXSpecials {
			return srcOpd{}, c.errf(in, "unknown special register")
		}
		return srcOpd{kind: srcSpecial, sreg: s.Special, disp: s.Imm}, nil
	case traces.OpdSym:
		b, err := c.base(in, s.Space, false)
		if err != nil {
			return srcOpd{}, err
		}
		return srcOpd{kind: srcSym, base: b, disp: s.Imm}, nil
	case traces.OpdPred:
		if s.Reg < 0 || s.Reg >= c.k.NumPreds {
			return srcOpd{}, c.errf(in, "predicate %d out of range", s.Reg)
		}
		return srcOpd{kind: srcPred, off: int(s.Reg), neg: s.Neg}, nil
	case traces.OpdTexRef:
		h, err := c.handle(in, s)
		if err != nil {
			return srcOpd{}, err
		}
		if h.kind == handleParam {
			return srcOpd{kind: srcTexRef, base: 1, disp: h.off}, nil
		}
		return srcOpd{kind: srcTexRef, off: h.idx}, nil
	}
	return srcOpd{}, c.errf(in, "source operand %d has the wrong kind", i+1)
}

// immOpd is an immediate splatted over the warp's lanes.
func (c *compiler) immOpd(v uint64) srcOpd {
	vec := make([]uint64, c.width)
	for l := range vec {
		vec[l] = v
	}
	return srcOpd{kind: srcImm, imm: vec, disp: v}
}

// predSrc decodes Src[i] as a predicate operand (a predicate register,
// possibly negated, or an immediate 0/1).
func (c *compiler) predSrc(in *traces.Inst, i int) (srcOpd, error) {
	if i >= int(in.NSrc) {
		return srcOpd{}, c.errf(in, "missing source operand %d", i+1)
	}
	s := in.Src[i]
	switch s.Kind {
	case traces.OpdPred:
		if s.Reg < 0 || s.Reg >= c.k.NumPreds {
			return srcOpd{}, c.errf(in, "predicate %d out of range", s.Reg)
		}
		return srcOpd{kind: srcPred, off: int(s.Reg), neg: s.Neg}, nil
	case traces.OpdImm:
		v := uint64(0)
		if s.Imm != 0 {
			v = ^uint64(0)
		}
		if s.Neg {
			v = ^v
		}
		return srcOpd{kind: srcImm, disp: v}, nil
	}
	return srcOpd{}, c.errf(in, "source operand %d must be a predicate", i+1)
}

// memSrc decodes Src[i] as an address operand for an access in space sp.
func (c *compiler) memSrc(in *traces.Inst, i int, sp traces.Space) (srcOpd, error) {
	if i >= int(in.NSrc) {
		return srcOpd{}, c.errf(in, "missing address operand")
	}
	s := in.Src[i]
	if s.Kind != traces.OpdMem {
		return srcOpd{}, c.errf(in, "operand %d must be an address [..]", i+1)
	}
	o := srcOpd{kind: srcMem, off: -1, disp: s.Imm} // base 0: bases[SpaceNone] is 0
	if s.Reg >= 0 {
		if int(s.Reg) >= len(c.k.Regs) {
			return srcOpd{}, c.errf(in, "register %d out of range", s.Reg)
		}
		o.off = c.rowOff(s.Reg)
	}
	if s.Space != traces.SpaceNone {
		b, err := c.base(in, s.Space, sp == traces.SpaceGeneric)
		if err != nil {
			return srcOpd{}, err
		}
		o.base = b
	}
	return o, nil
}

// base returns the index into Launch.bases for a variable of space s,
// addressed generically or in its own space.
func (c *compiler) base(in *traces.Inst, s traces.Space, generic bool) (int, error) {
	switch s {
	case traces.SpaceGlobal, traces.SpaceShared, traces.SpaceLocal, traces.SpaceConst, traces.SpaceParam:
	case traces.SpaceParamFrame:
		if generic {
			return 0, c.unsupported(in, "generic address of a .func parameter")
		}
	default:
		return 0, c.errf(in, "variable in space %q has no address", s)
	}
	if generic {
		return spaceCount + int(s), nil
	}
	return int(s), nil
}
