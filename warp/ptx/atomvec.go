package ptx

import (
	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Vector atomics (PTX ISA 8.1, sm_90): atom/red .global.vN on
//
//	.add           .v2/.v4       .f32
//	.add/.min/.max .v2/.v4/.v8   .f16, .bf16       (.noftz)
//	.add/.min/.max .v2/.v4       .f16x2, .bf16x2   (.noftz)
//
// on .global memory (or a generic address of it). The elements are adjacent
// in memory and atomic one by one, not as a whole. IR shape, as for ld/st
// .vN: Dst[0..N) the old values (atom only), Src[0] the address, Src[1..N]
// the operands. The IR holds at most four destinations, so .v8 is refused.
// .f32 adds flush subnormals as scalar atom.add.f32 on global memory does;
// the 16-bit forms keep them; .min/.max follow min/max without .NaN (a NaN
// operand is ignored), -0 < +0.

func (c *compiler) atomicVec(in *traces.Inst, o *op) error {
	t, n := in.Type, int(in.Vec)
	if n == 8 {
		return c.unsupported(in, ".v8 atomics: the instruction representation holds four elements")
	}
	if n != 2 && n != 4 {
		return c.errf(in, "vector width %d", n)
	}
	if o.space != traces.SpaceGlobal && o.space != traces.SpaceGeneric {
		return c.errf(in, "vector atomics work on global memory only")
	}
	var f func(a, b uint64) uint64
	rn := alu.FPMode(alu.RoundNearestEven) | alu.CanonicalNaN
	switch {
	case in.Atom == traces.AtomAdd && t == traces.F32:
		f = fbinary(t, rn|alu.FTZ, alu.AddF32, nil, nil, nil)
	case !isHalfType(t):
		return c.errf(in, "vector atomics take .f32 (add) or 16-bit float types")
	case in.Atom == traces.AtomAdd:
		f = fbinary(t, rn, nil, nil, alu.AddF16, alu.AddBF16)
	case in.Atom == traces.AtomMin:
		f = fbinary(t, rn, nil, nil, alu.MinF16, alu.MinBF16)
	case in.Atom == traces.AtomMax:
		f = fbinary(t, rn, nil, nil, alu.MaxF16, alu.MaxBF16)
	default:
		return c.errf(in, "vector atomics are .add, .min or .max")
	}
	o.size, o.vec = t.Size(), n
	o.f3 = func(a, b, _ uint64) uint64 { return f(a, b) }
	var err error
	if o.src[0], err = c.memSrc(in, 0, o.space); err != nil {
		return err
	}
	if int(in.NSrc) != 1+n {
		return c.errf(in, "expects %d operands, has %d", n, int(in.NSrc)-1)
	}
	for e := 0; e < n; e++ {
		if o.src[1+e], err = c.src(in, 1+e, t); err != nil {
			return err
		}
	}
	if in.Op == traces.OpAtom {
		if int(in.NDst) != n {
			return c.errf(in, "expects %d destinations, has %d", n, in.NDst)
		}
		for e := 0; e < n; e++ {
			if o.dst[e], err = c.dstReg(in, e, t); err != nil {
				return err
			}
		}
	}
	o.exec = execAtomVec
	return nil
}

// execAtomVec applies o.f3 to each of the o.vec elements of every lane's
// access, lane by lane.
func execAtomVec(w *Warp, o *op, m uint64) error {
	a := w.addrs(o, 0, m, warp.AccessAtomic)
	es := o.size
	var b [4][]uint64
	for e := 0; e < o.vec; e++ {
		b[e] = w.in(o, 1+e)
	}
	isAtom := o.in.Op == traces.OpAtom
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		buf, err := w.bytes(o.space, l, es*o.vec, true)
		if err != nil {
			return warp.AtLane(l, err)
		}
		if sp := a.Spaces[l]; sp != traces.SpaceGlobal {
			return warp.AtLane(l, warp.ErrAtomicSpace(sp))
		}
		for e := 0; e < o.vec; e++ {
			old := warp.LoadN(buf[e*es:], es)
			warp.StoreN(buf[e*es:], es, o.f3(old, b[e][l], 0))
			if d := &o.dst[e]; isAtom && d.kind == dstReg {
				w.regs[d.off+l] = ext(old, d)
			}
		}
	}
	return nil
}
