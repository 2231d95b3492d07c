package ptx

import (
	"github.com/gpusim/gpusim/warp"
	"math/bits"

	"github.com/gpusim/gpusim/traces"
)

// Generic lane loops: apply a scalar function to every lane in m.

func execNop(w *Warp, o *op, m uint64) error { return nil }

func execF1(w *Warp, o *op, m uint64) error {
	a := w.in(o, 0)
	d := w.out(o, 0)
	f, do := o.f1, &o.dst[0]
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = ext(f(a[l]), do)
	}
	return nil
}

func execF2(w *Warp, o *op, m uint64) error {
	a, b := w.in(o, 0), w.in(o, 1)
	d := w.out(o, 0)
	f, do := o.f2, &o.dst[0]
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = ext(f(a[l], b[l]), do)
	}
	return nil
}

func execF3(w *Warp, o *op, m uint64) error {
	a, b, c := w.in(o, 0), w.in(o, 1), w.in(o, 2)
	d := w.out(o, 0)
	f, do := o.f3, &o.dst[0]
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = ext(f(a[l], b[l], c[l]), do)
	}
	return nil
}

// Specialised loops for the most frequent integer forms (no per-lane call).

func execAdd32(w *Warp, o *op, m uint64) error {
	a, b := w.in(o, 0), w.in(o, 1)
	d := w.out(o, 0)
	mask := o.dst[0].mask
	if m == warp.LowMask(len(d)) {
		// Every lane: a straight loop without bounds checks.
		a, b = a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = (a[l] + b[l]) & mask
		}
		return nil
	}
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = (a[l] + b[l]) & mask
	}
	return nil
}

func execSub32(w *Warp, o *op, m uint64) error {
	a, b := w.in(o, 0), w.in(o, 1)
	d := w.out(o, 0)
	mask := o.dst[0].mask
	if m == warp.LowMask(len(d)) {
		a, b = a[:len(d)], b[:len(d)]
		for l := range d {
			d[l] = (a[l] - b[l]) & mask
		}
		return nil
	}
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = (a[l] - b[l]) & mask
	}
	return nil
}

func execMulLo(w *Warp, o *op, m uint64) error {
	a, b := w.in(o, 0), w.in(o, 1)
	d := w.out(o, 0)
	mask := o.dst[0].mask
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = (a[l] * b[l]) & mask
	}
	return nil
}

func execMadLo(w *Warp, o *op, m uint64) error {
	a, b, c := w.in(o, 0), w.in(o, 1), w.in(o, 2)
	d := w.out(o, 0)
	mask := o.dst[0].mask
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = (a[l]*b[l] + c[l]) & mask
	}
	return nil
}

func execAnd(w *Warp, o *op, m uint64) error {
	a, b := w.in(o, 0), w.in(o, 1)
	d := w.out(o, 0)
	mask := o.dst[0].mask
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = a[l] & b[l] & mask
	}
	return nil
}

func execOr(w *Warp, o *op, m uint64) error {
	a, b := w.in(o, 0), w.in(o, 1)
	d := w.out(o, 0)
	mask := o.dst[0].mask
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = (a[l] | b[l]) & mask
	}
	return nil
}

func execXor(w *Warp, o *op, m uint64) error {
	a, b := w.in(o, 0), w.in(o, 1)
	d := w.out(o, 0)
	mask := o.dst[0].mask
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = (a[l] ^ b[l]) & mask
	}
	return nil
}

// execMov copies a register, immediate or special register.
func execMov(w *Warp, o *op, m uint64) error {
	a := w.in(o, 0)
	d := w.out(o, 0)
	do := &o.dst[0]
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = ext(a[l], do)
	}
	return nil
}

// Predicate logic: whole-warp bit operations on lane masks.

func execPredMov(w *Warp, o *op, m uint64) error {
	w.setPred(o, 0, m, w.pred(o, 0))
	return nil
}

func execPredNot(w *Warp, o *op, m uint64) error {
	w.setPred(o, 0, m, ^w.pred(o, 0))
	return nil
}

func execPredAnd(w *Warp, o *op, m uint64) error {
	w.setPred(o, 0, m, w.pred(o, 0)&w.pred(o, 1))
	return nil
}

func execPredOr(w *Warp, o *op, m uint64) error {
	w.setPred(o, 0, m, w.pred(o, 0)|w.pred(o, 1))
	return nil
}

func execPredXor(w *Warp, o *op, m uint64) error {
	w.setPred(o, 0, m, w.pred(o, 0)^w.pred(o, 1))
	return nil
}

// execCarry runs add/sub/mad with .cc and the addc/subc/madc forms: the
// carry flag (borrow for subtraction) is read and/or written per lane.
// o.aux: 1 add, 2 sub, 3 mad (f2 supplies the product half).
func execCarry(w *Warp, o *op, m uint64) error {
	a, b := w.in(o, 0), w.in(o, 1)
	var c []uint64
	if o.aux == 3 {
		c = w.in(o, 2)
	}
	d := w.out(o, 0)
	do := &o.dst[0]
	n := uint64(o.size * 8)
	carryIn := o.cin
	carryOut := o.in.Flags.Has(traces.FlagCC)
	cf := w.carry
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		var ci uint64
		if carryIn {
			ci = cf >> uint(l) & 1
		}
		var r, co uint64
		switch o.aux {
		case 1:
			r, co = addCarry(a[l], b[l], ci, n)
		case 2:
			r, co = subBorrow(a[l], b[l], ci, n)
		default:
			r, co = addCarry(o.f2(a[l], b[l]), c[l], ci, n)
		}
		d[l] = ext(r, do)
		if carryOut {
			w.carry = w.carry&^(1<<uint(l)) | co<<uint(l)
		}
	}
	return nil
}

// addCarry adds the n-bit a, b and carry ci; it returns the sum and carry out.
func addCarry(a, b, ci, n uint64) (uint64, uint64) {
	if n == 64 {
		s, c := bits.Add64(a, b, ci)
		return s, c
	}
	s := a&warp.LowMask(int(n)) + b&warp.LowMask(int(n)) + ci
	return s & warp.LowMask(int(n)), s >> n & 1
}

// subBorrow computes a - (b + bi) on n bits; it returns the difference and
// the borrow out.
func subBorrow(a, b, bi, n uint64) (uint64, uint64) {
	if n == 64 {
		d, br := bits.Sub64(a, b, bi)
		return d, br
	}
	x, y := a&warp.LowMask(int(n)), b&warp.LowMask(int(n))+bi
	br := uint64(0)
	if x < y {
		br = 1
	}
	return (x - y) & warp.LowMask(int(n)), br
}

// execPack builds Dst[0] from o.vec sources of o.size bits each (source 0
// in the low bits): mov.b64 d, {a, b}.
func execPack(w *Warp, o *op, m uint64) error {
	var src [4][]uint64
	for i := 0; i < o.vec; i++ {
		src[i] = w.in(o, i)
	}
	d := w.out(o, 0)
	do := &o.dst[0]
	em := warp.LowMask(o.size)
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		var v uint64
		for i := 0; i < o.vec; i++ {
			v |= (src[i][l] & em) << uint(i*o.size)
		}
		d[l] = ext(v, do)
	}
	return nil
}

// execUnpack splits source 0 into o.vec destinations of o.size bits each
// (destination 0 from the low bits): mov.b64 {a, b}, d.
func execUnpack(w *Warp, o *op, m uint64) error {
	a := w.in(o, 0)
	em := warp.LowMask(o.size)
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		v := a[l]
		for i := 0; i < o.vec; i++ {
			do := &o.dst[i]
			if do.kind == dstReg {
				w.regs[do.off+l] = ext(v>>uint(i*o.size)&em, do)
			}
		}
	}
	return nil
}

// execBfi: bfi.type f, a, b, pos, len (o.size is the type's bits).
func execBfi(w *Warp, o *op, m uint64) error {
	a, b, c, e := w.in(o, 0), w.in(o, 1), w.in(o, 2), w.in(o, 3)
	d := w.out(o, 0)
	do := &o.dst[0]
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = ext(bfi(a[l], b[l], c[l], e[l], o.size), do)
	}
	return nil
}
