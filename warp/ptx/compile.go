package ptx

import (
	"fmt"
	"github.com/gpusim/gpusim/warp"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// compile fills o for instruction in: operands decoded, exec chosen by the
// opcode's semantics function (the PTX table's binding, semantics_gen.go).
func (c *compiler) compile(in *traces.Inst, o *op) error {
	o.t, o.t2, o.space, o.mode, o.atom = in.Type, in.Type2, in.Space, in.Mode, in.Atom
	if o.space == traces.SpaceNone {
		o.space = traces.SpaceGeneric
	}
	if in.Op == traces.OpInvalid || in.Op >= traces.NumPTXOpcodes {
		return c.errf(in, "not a PTX instruction")
	}
	return semantics[in.Op](c, in, o)
}

// nop is the semantics of hints and ordering instructions (prefetch,
// membar, fence, nanosleep, pmevent, brkpt): a functional run executes in
// program order, so they have no effect on values.
func (c *compiler) nop(in *traces.Inst, o *op) error {
	o.exec = execNop
	return nil
}

// arith is the semantics of the arithmetic, logic and bit instructions:
// the floating-point forms (float.go) or the integer ones (intcompile.go)
// by the instruction type.
func (c *compiler) arith(in *traces.Inst, o *op) error {
	if in.Type.IsFloat() {
		return c.float(in, o)
	}
	return c.integer(in, o)
}

func (c *compiler) isspacep(in *traces.Inst, o *op) error {
	d, err := c.dstPredicate(in, 0)
	if err != nil {
		return err
	}
	o.dst[0] = d
	if o.src[0], err = c.src(in, 0, traces.U64); err != nil {
		return err
	}
	if _, ok := mem.Window(o.space); !ok || o.space == traces.SpaceGeneric {
		return c.errf(in, "isspacep needs a state space")
	}
	o.exec = execIsspacep
	return nil
}

func (c *compiler) activemask(in *traces.Inst, o *op) error {
	d, err := c.dstReg(in, 0, traces.B32)
	o.dst[0], o.exec = d, execActivemask
	return err
}

func (c *compiler) bra(in *traces.Inst, o *op) error {
	n := int32(len(c.k.Code))
	if in.Target < 0 || in.Target > n || in.Reconv < 0 || in.Reconv > n {
		return c.errf(in, "branch target %d or reconvergence point %d outside the kernel", in.Target, in.Reconv)
	}
	o.target, o.reconv, o.exec, o.ctrl = in.Target, in.Reconv, execBra, true
	return nil
}

func (c *compiler) ret(in *traces.Inst, o *op) error {
	o.exec, o.ctrl = execRet, true
	return nil
}

func (c *compiler) exit(in *traces.Inst, o *op) error {
	o.exec, o.ctrl = execExit, true
	return nil
}

func (c *compiler) trap(in *traces.Inst, o *op) error {
	o.exec = execTrap
	return nil
}

// std decodes the common shape d, a[, b[, c]]: Dst[0] written with type dt,
// sources read with the types st, and picks the generic lane loop.
func (c *compiler) std(in *traces.Inst, o *op, dt traces.Type, st ...traces.Type) error {
	if int(in.NSrc) != len(st) {
		return c.errf(in, "expects %d source operands, has %d", len(st), in.NSrc)
	}
	var err error
	if o.dst[0], err = c.dstReg(in, 0, dt); err != nil {
		return err
	}
	for i, t := range st {
		if o.src[i], err = c.src(in, i, t); err != nil {
			return err
		}
	}
	switch len(st) {
	case 1:
		o.exec = execF1
	case 2:
		o.exec = execF2
	case 3:
		o.exec = execF3
	}
	return nil
}

func (c *compiler) mov(in *traces.Inst, o *op) error {
	t := in.Type
	if t == traces.Pred {
		d, err := c.dstPredicate(in, 0)
		if err != nil {
			return err
		}
		o.dst[0] = d
		if o.src[0], err = c.predSrc(in, 0); err != nil {
			return err
		}
		o.exec = execPredMov
		return nil
	}
	if t == traces.B128 {
		return c.mov128(in, o)
	}
	if t.Bits() == 0 || t.Bits() > 64 {
		return c.unsupported(in, "mov of type ."+t.String())
	}
	switch {
	case in.NDst > 1: // unpack: mov.b64 {a, b}, d
		es := t.Bits() / int(in.NDst)
		if es*int(in.NDst) != t.Bits() || es < 8 {
			return c.errf(in, "cannot split .%s into %d parts", t, in.NDst)
		}
		et := bitType(es)
		for i := 0; i < int(in.NDst); i++ {
			var err error
			if o.dst[i], err = c.dstReg(in, i, et); err != nil {
				return err
			}
		}
		var err error
		if o.src[0], err = c.src(in, 0, t); err != nil {
			return err
		}
		o.size, o.vec, o.exec = es, int(in.NDst), execUnpack
		return nil
	case in.NSrc > 1: // pack: mov.b64 d, {a, b}
		es := t.Bits() / int(in.NSrc)
		if es*int(in.NSrc) != t.Bits() || es < 8 {
			return c.errf(in, "cannot build .%s from %d parts", t, in.NSrc)
		}
		et := bitType(es)
		var err error
		if o.dst[0], err = c.dstReg(in, 0, t); err != nil {
			return err
		}
		for i := 0; i < int(in.NSrc); i++ {
			if o.src[i], err = c.src(in, i, et); err != nil {
				return err
			}
		}
		o.size, o.vec, o.exec = es, int(in.NSrc), execPack
		return nil
	}
	if err := c.std(in, o, t, t); err != nil {
		return err
	}
	o.exec = execMov
	return nil
}

// bitType is the .bN type of n bits.
func bitType(n int) traces.Type {
	switch n {
	case 8:
		return traces.B8
	case 16:
		return traces.B16
	case 32:
		return traces.B32
	}
	return traces.B64
}

func (c *compiler) ldst(in *traces.Inst, o *op) error {
	t := in.Type
	o.size, o.vec = t.Size(), max(1, int(in.Vec))
	switch o.space {
	case traces.SpaceGlobal, traces.SpaceShared, traces.SpaceLocal, traces.SpaceConst,
		traces.SpaceParam, traces.SpaceParamFrame, traces.SpaceGeneric:
	default:
		return c.errf(in, "cannot access state space %q", o.space)
	}
	if t == traces.B128 {
		return c.ldst128(in, o)
	}
	if o.size == 0 || o.size > 8 || t == traces.Pred {
		return c.unsupported(in, "memory access of type ."+t.String())
	}
	if o.vec != 1 && o.vec != 2 && o.vec != 4 {
		return c.errf(in, "vector width %d", o.vec)
	}
	var err error
	if o.src[0], err = c.memSrc(in, 0, o.space); err != nil {
		return err
	}
	if in.Op == traces.OpSt {
		if int(in.NSrc) != 1+o.vec {
			return c.errf(in, "expects %d values to store, has %d", o.vec, int(in.NSrc)-1)
		}
		for e := 0; e < o.vec; e++ {
			if o.src[1+e], err = c.src(in, 1+e, t); err != nil {
				return err
			}
		}
		o.exec = execStore
		return nil
	}
	if int(in.NDst) != o.vec {
		return c.errf(in, "expects %d destinations, has %d", o.vec, in.NDst)
	}
	for e := 0; e < o.vec; e++ {
		if o.dst[e], err = c.dstReg(in, e, t); err != nil {
			return err
		}
	}
	o.exec = execLoad
	return nil
}

func (c *compiler) cvta(in *traces.Inst, o *op) error {
	if o.space == traces.SpaceGeneric {
		return c.errf(in, "cvta needs a state space")
	}
	win, ok := mem.Window(o.space)
	if !ok {
		return c.unsupported(in, "cvta for state space ."+o.space.String())
	}
	if in.Type != traces.U64 && in.Type != traces.U32 && in.Type != traces.B64 && in.Type != traces.B32 {
		return c.errf(in, "cvta type must be .u32 or .u64")
	}
	if err := c.std(in, o, in.Type, in.Type); err != nil {
		return err
	}
	o.aux, o.exec = win, execCvta
	return nil
}

func (c *compiler) atomic(in *traces.Inst, o *op) error {
	t := in.Type
	switch o.space {
	case traces.SpaceGlobal, traces.SpaceShared, traces.SpaceGeneric:
	default:
		return c.errf(in, "atomics work on global or shared memory, not %q", o.space)
	}
	if in.Vec > 1 {
		return c.atomicVec(in, o)
	}
	o.size, o.vec = t.Size(), 1
	f, fs, err := c.atomFunc(in, t)
	if err != nil {
		return err
	}
	o.f3, o.f3s = f, fs
	if o.src[0], err = c.memSrc(in, 0, o.space); err != nil {
		return err
	}
	nsrc := 2
	if in.Atom == traces.AtomCas {
		nsrc = 3
	}
	if int(in.NSrc) != nsrc {
		return c.errf(in, "expects %d source operands, has %d", nsrc, in.NSrc)
	}
	for i := 1; i < nsrc; i++ {
		if o.src[i], err = c.src(in, i, t); err != nil {
			return err
		}
	}
	if in.Op == traces.OpAtom {
		if o.dst[0], err = c.dstReg(in, 0, t); err != nil {
			return err
		}
	}
	o.exec = execAtom
	return nil
}

// atomFunc returns new = f(old, b, c) for atom/red, and a different function
// for shared memory where the two differ (f32 add).
func (c *compiler) atomFunc(in *traces.Inst, t traces.Type) (f, fs func(old, b, c uint64) uint64, err error) {
	n := t.Bits()
	mask := warp.LowMask(n)
	isInt := !t.IsFloat() && t != traces.Pred && (n == 32 || n == 64)
	bad := func() error { return c.errf(in, "atom operation not defined for .%s", t) }
	switch in.Atom {
	case traces.AtomAnd, traces.AtomOr, traces.AtomXor:
		if !isInt {
			return nil, nil, bad()
		}
		switch in.Atom {
		case traces.AtomAnd:
			return func(o, b, _ uint64) uint64 { return o & b }, nil, nil
		case traces.AtomOr:
			return func(o, b, _ uint64) uint64 { return o | b }, nil, nil
		}
		return func(o, b, _ uint64) uint64 { return o ^ b }, nil, nil
	case traces.AtomExch:
		if n != 32 && n != 64 {
			return nil, nil, bad()
		}
		return func(_, b, _ uint64) uint64 { return b }, nil, nil
	case traces.AtomCas:
		if n != 16 && n != 32 && n != 64 {
			return nil, nil, bad()
		}
		return func(o, b, c uint64) uint64 {
			if o&mask == b&mask {
				return c
			}
			return o
		}, nil, nil
	case traces.AtomAdd:
		if t.IsFloat() {
			return c.atomFloatAdd(in, t)
		}
		if !isInt {
			return nil, nil, bad()
		}
		return func(o, b, _ uint64) uint64 { return o + b }, nil, nil
	case traces.AtomInc:
		if t != traces.U32 {
			return nil, nil, bad()
		}
		return func(o, b, _ uint64) uint64 {
			if uint32(o) >= uint32(b) {
				return 0
			}
			return o + 1
		}, nil, nil
	case traces.AtomDec:
		if t != traces.U32 {
			return nil, nil, bad()
		}
		return func(o, b, _ uint64) uint64 {
			if uint32(o) == 0 || uint32(o) > uint32(b) {
				return b
			}
			return o - 1
		}, nil, nil
	case traces.AtomMin, traces.AtomMax:
		if !isInt {
			return nil, nil, c.unsupported(in, "atom min/max on ."+t.String())
		}
		sg, isMax := t.IsSigned(), in.Atom == traces.AtomMax
		return func(o, b, _ uint64) uint64 {
			if warp.Less(o, b, n, sg) != isMax {
				return o
			}
			return b
		}, nil, nil
	}
	return nil, nil, c.errf(in, "unknown atomic operation")
}

func (c *compiler) call(in *traces.Inst, o *op) error {
	if in.Target < 0 || int(in.Target) >= len(c.k.Calls) {
		return c.errf(in, "call site %d out of range", in.Target)
	}
	site := &c.k.Calls[in.Target]
	inFrame := func(off, size uint64) bool {
		return off+size <= c.k.FrameSize && off+size >= off
	}
	for _, cp := range append(append([]traces.Copy(nil), site.Args...), site.Rets...) {
		if !inFrame(cp.From, cp.Size) || !inFrame(cp.To, cp.Size) {
			return c.errf(in, "call to %s copies parameters outside the %d-byte frame", site.Callee, c.k.FrameSize)
		}
	}
	for _, s := range append(append([]traces.Slot(nil), site.ArgSlots...), site.RetSlots...) {
		if !inFrame(s.Off, s.Size) {
			return c.errf(in, "call passes parameters outside the %d-byte frame", c.k.FrameSize)
		}
	}
	o.target = in.Target
	switch {
	case site.Builtin != traces.BuiltinNone:
		return c.builtinCall(in, o, site)
	case site.Indirect:
		var err error
		if o.src[0], err = c.src(in, 0, traces.U64); err != nil {
			return err
		}
	default:
		if site.Func < 0 || int(site.Func) >= len(c.k.Funcs) || site.Entry != c.k.Funcs[site.Func].Start {
			return c.errf(in, "callee %s has no body in this kernel", site.Callee)
		}
	}
	o.exec, o.ctrl = execCall, true
	return nil
}

func (c *compiler) shfl(in *traces.Inst, o *op) error {
	if c.width&(c.width-1) != 0 {
		return c.unsupported(in, fmt.Sprintf("shfl with a warp width of %d", c.width))
	}
	if in.Mode < traces.ShflUp || in.Mode > traces.ShflIdx {
		return c.errf(in, "shfl needs .up, .down, .bfly or .idx")
	}
	if in.Type.Bits() != 32 {
		return c.errf(in, "shfl type must be .b32")
	}
	nsrc := 3
	if in.Flags.Has(traces.FlagSync) {
		nsrc = 4
	}
	if int(in.NSrc) != nsrc {
		return c.errf(in, "expects %d source operands, has %d", nsrc, in.NSrc)
	}
	var err error
	if o.dst[0], err = c.dstReg(in, 0, traces.B32); err != nil {
		return err
	}
	if in.NDst > 1 {
		if o.dst[1], err = c.dstPredicate(in, 1); err != nil {
			return err
		}
	}
	for i := 0; i < nsrc; i++ {
		if o.src[i], err = c.src(in, i, traces.B32); err != nil {
			return err
		}
	}
	o.exec = execShfl
	return nil
}

func (c *compiler) vote(in *traces.Inst, o *op) error {
	var err error
	switch in.Mode {
	case traces.VoteBallot:
		o.dst[0], err = c.dstReg(in, 0, traces.B32)
	case traces.VoteAll, traces.VoteAny, traces.VoteUni:
		o.dst[0], err = c.dstPredicate(in, 0)
	default:
		return c.errf(in, "vote needs .all, .any, .uni or .ballot")
	}
	if err != nil {
		return err
	}
	if o.src[0], err = c.predSrc(in, 0); err != nil {
		return err
	}
	if in.Flags.Has(traces.FlagSync) {
		if o.src[1], err = c.src(in, 1, traces.B32); err != nil {
			return err
		}
	}
	o.exec = execVote
	return nil
}

// bar compiles bar.sync/barrier.sync/bar.arrive (Src[0] the barrier, Src[1]
// the optional thread count), bar.red (Dst[0] the result, Src[0] the
// barrier, Src[1] the thread count or OpdNone, Src[2] the predicate) and
// bar.warp.sync (a no-op here: the lanes of a warp already execute
// together).
func (c *compiler) bar(in *traces.Inst, o *op) error {
	nsrc := int(in.NSrc)
	var err error
	switch in.Mode {
	case traces.BarSync, traces.BarArrive:
	case traces.BarWarpSync:
		o.exec = execNop
		return nil
	case traces.BarRedPopc:
		o.red = redPopc
		o.dst[0], err = c.dstReg(in, 0, traces.U32)
	case traces.BarRedAnd, traces.BarRedOr:
		o.red = redAnd
		if in.Mode == traces.BarRedOr {
			o.red = redOr
		}
		o.dst[0], err = c.dstPredicate(in, 0)
	default:
		return c.errf(in, "unknown barrier mode")
	}
	if err != nil {
		return err
	}
	nval := nsrc
	if o.red != redNone {
		if nsrc < 2 {
			return c.errf(in, "bar.red needs a barrier number and a predicate")
		}
		if o.src[nsrc-1], err = c.predSrc(in, nsrc-1); err != nil {
			return err
		}
		nval--
		if nval == 2 && in.Src[1].Kind == traces.OpdNone {
			nval = 1
		}
	}
	if nval < 1 || nval > 2 {
		return c.errf(in, "expects a barrier number and an optional thread count")
	}
	for i := 0; i < nval; i++ {
		if o.src[i], err = c.src(in, i, traces.U32); err != nil {
			return err
		}
	}
	if nval == 2 {
		o.aux = 1
	}
	o.exec = execBar
	return nil
}

func (c *compiler) setp(in *traces.Inst, o *op) error {
	var err error
	if o.dst[0], err = c.dstPredicate(in, 0); err != nil {
		return err
	}
	if in.NDst > 1 {
		if o.dst[1], err = c.dstPredicate(in, 1); err != nil {
			return err
		}
	}
	if err := c.cmpOperands(in, o, in.Type); err != nil {
		return err
	}
	if in.Type == traces.F16x2 || in.Type == traces.BF16x2 {
		o.aux = 1
	}
	o.exec = execSetp
	if t := in.Type; !t.IsFloat() {
		if k, ok := warp.NewIntKeys(in.Cmp, t.Bits(), t.IsSigned()); ok {
			o.keys, o.exec = k, execSetpInt
		}
	}
	return nil
}

// cmpOperands decodes a, b (of type t) and the optional predicate c of
// set/setp, and builds o.cmp.
func (c *compiler) cmpOperands(in *traces.Inst, o *op, t traces.Type) error {
	want := 2
	if in.Bool != traces.BoolNone {
		want = 3
	}
	if int(in.NSrc) != want {
		return c.errf(in, "expects %d source operands, has %d", want, in.NSrc)
	}
	var err error
	for i := 0; i < 2; i++ {
		if o.src[i], err = c.src(in, i, t); err != nil {
			return err
		}
	}
	if want == 3 {
		if o.src[2], err = c.predSrc(in, 2); err != nil {
			return err
		}
	}
	o.cmp, err = c.comparator(in, in.Cmp, t, in.Flags.Has(traces.FlagFtz))
	return err
}

// comparator returns the comparison of two values of type t (packed types:
// of their low halves).
func (c *compiler) comparator(in *traces.Inst, op traces.CmpOp, t traces.Type, ftz bool) (func(a, b uint64) bool, error) {
	if op == traces.CmpNone || op > traces.CmpNAN {
		return nil, c.errf(in, "missing comparison operator")
	}
	if t.IsFloat() {
		et := halfType(t)
		if et == traces.TF32 {
			return nil, c.unsupported(in, "comparison of .tf32")
		}
		if warp.UnsignedCmp(op) {
			return nil, c.errf(in, "unsigned comparison of a floating-point type")
		}
		return func(a, b uint64) bool { return warp.CompareFloat(op, floatVal(a, et, ftz), floatVal(b, et, ftz)) }, nil
	}
	n := t.Bits()
	if n == 0 || n > 64 || t == traces.Pred {
		return nil, c.errf(in, "cannot compare .%s", t)
	}
	if isFloatCmp(op) {
		return nil, c.errf(in, "unordered comparison of an integer type")
	}
	sg := t.IsSigned()
	return func(a, b uint64) bool { return warp.CompareInt(op, a, b, n, sg) }, nil
}

func (c *compiler) set(in *traces.Inst, o *op) error {
	dt, st := in.Type, in.Type2
	if err := c.cmpOperands(in, o, st); err != nil {
		return err
	}
	var err error
	if o.dst[0], err = c.dstReg(in, 0, dt); err != nil {
		return err
	}
	o.size = 1
	if st == traces.F16x2 || st == traces.BF16x2 {
		o.size = 2
	}
	switch dt {
	case traces.U32, traces.S32, traces.B32:
		o.aux = 0xffffffff
		if o.size == 2 {
			o.aux = 0xffff
		}
	case traces.F32:
		o.aux = 0x3f800000
	case traces.F16, traces.F16x2:
		o.aux = 0x3c00
	case traces.BF16, traces.BF16x2:
		o.aux = 0x3f80
	default:
		return c.errf(in, "set destination type .%s", dt)
	}
	if o.size == 2 && (dt == traces.F32 || dt == traces.F16 || dt == traces.BF16) {
		return c.errf(in, "set with a packed source needs a packed or .u32 destination")
	}
	o.exec = execSet
	return nil
}

func (c *compiler) selp(in *traces.Inst, o *op) error {
	t := in.Type
	if t.Bits() == 0 || t.Bits() > 64 || t == traces.Pred {
		return c.errf(in, "selp of type .%s", t)
	}
	if in.NSrc != 3 {
		return c.errf(in, "expects 3 source operands")
	}
	var err error
	if o.dst[0], err = c.dstReg(in, 0, t); err != nil {
		return err
	}
	for i := 0; i < 2; i++ {
		if o.src[i], err = c.src(in, i, t); err != nil {
			return err
		}
	}
	if o.src[2], err = c.predSrc(in, 2); err != nil {
		return err
	}
	o.exec = execSelp
	return nil
}

func (c *compiler) slct(in *traces.Inst, o *op) error {
	t, ct := in.Type, in.Type2
	if t.Bits() == 0 || t.Bits() > 64 || t == traces.Pred {
		return c.errf(in, "slct of type .%s", t)
	}
	if err := c.std(in, o, t, t, t, ct); err != nil {
		return err
	}
	ftz := in.Flags.Has(traces.FlagFtz)
	switch ct {
	case traces.S32:
		o.cmp = func(x, _ uint64) bool { return int32(uint32(x)) >= 0 }
	case traces.F32:
		o.cmp = func(x, _ uint64) bool { return floatVal(x, traces.F32, ftz) >= 0 }
	default:
		return c.errf(in, "slct comparison type must be .s32 or .f32")
	}
	o.exec = execSlct
	return nil
}
