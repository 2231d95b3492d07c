package ptx

import (
	"math"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
)

// Comparison and selection: setp, set, selp, slct. Float comparisons decode
// both operands exactly to float64 (every f16/bf16/f32 value is exact in
// f64) and compare there; no rounding is involved.

// floatVal decodes the low bits of v as type t (F16, BF16, F32, F64),
// flushing subnormals to signed zero when ftz.
func floatVal(v uint64, t traces.Type, ftz bool) float64 {
	switch t {
	case traces.F16:
		h := uint16(v)
		if ftz && h&0x7c00 == 0 {
			h &= 0x8000
		}
		return float64(math.Float32frombits(alu.F16ToF32(h)))
	case traces.BF16:
		h := uint16(v)
		if ftz && h&0x7f80 == 0 {
			h &= 0x8000
		}
		return float64(math.Float32frombits(alu.BF16ToF32(h)))
	case traces.F32:
		x := uint32(v)
		if ftz && x&0x7f800000 == 0 {
			x &= 0x80000000
		}
		return float64(math.Float32frombits(x))
	}
	return math.Float64frombits(v)
}

// isFloatCmp reports the comparisons only floating-point types have.
func isFloatCmp(op traces.CmpOp) bool { return op >= traces.CmpEQU && op <= traces.CmpNAN }

// combine applies a set/setp predicate combination.
func combine(op traces.BoolOp, x, c uint64) uint64 {
	switch op {
	case traces.BoolAnd:
		return x & c
	case traces.BoolOr:
		return x | c
	case traces.BoolXor:
		return x ^ c
	}
	return x
}

// halfType is the element type of a packed type.
func halfType(t traces.Type) traces.Type {
	switch t {
	case traces.F16x2:
		return traces.F16
	case traces.BF16x2:
		return traces.BF16
	}
	return t
}

// execSetp: p = cmp BoolOp c, q = !cmp BoolOp c. For packed types p takes
// the low halves' comparison and q the high halves'.
func execSetp(w *Warp, o *op, m uint64) error {
	a, b := w.in(o, 0), w.in(o, 1)
	var lo, hi uint64
	packed := o.aux != 0
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		if o.cmp(a[l], b[l]) {
			lo |= 1 << uint(l)
		}
		if packed && o.cmp(a[l]>>16, b[l]>>16) {
			hi |= 1 << uint(l)
		}
	}
	p, q := lo, ^lo
	if packed {
		q = hi
	}
	w.setpResult(o, m, p, q)
	return nil
}

// execSetpInt is execSetp for integer types without a per-lane call
// (warp.IntKeys).
func execSetpInt(w *Warp, o *op, m uint64) error {
	r := o.keys.Lanes(w.in(o, 0), w.in(o, 1), m)
	w.setpResult(o, m, r, ^r)
	return nil
}

// execSet: d = (cmp BoolOp c) ? true value : 0, per half for packed
// sources. o.aux holds the true value of one (half) result, o.size the
// number of halves (1 or 2).
func execSet(w *Warp, o *op, m uint64) error {
	a, b := w.in(o, 0), w.in(o, 1)
	var c uint64
	hasC := o.in.Bool != traces.BoolNone
	if hasC {
		c = w.pred(o, 2)
	}
	d := w.out(o, 0)
	do := &o.dst[0]
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		var r uint64
		for h := 0; h < o.size; h++ {
			x := uint64(0)
			if o.cmp(a[l]>>uint(16*h), b[l]>>uint(16*h)) {
				x = 1
			}
			if hasC {
				x = combine(o.in.Bool, x, c>>uint(l)&1)
			}
			if x&1 != 0 {
				r |= o.aux << uint(16*h)
			}
		}
		d[l] = ext(r, do)
	}
	return nil
}

// execSelp: d = c ? a : b.
func execSelp(w *Warp, o *op, m uint64) error {
	a, b := w.in(o, 0), w.in(o, 1)
	c := w.pred(o, 2)
	d := w.out(o, 0)
	do := &o.dst[0]
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		v := b[l]
		if c>>uint(l)&1 != 0 {
			v = a[l]
		}
		d[l] = ext(v, do)
	}
	return nil
}

// execSlct: d = (c >= 0) ? a : b, with o.cmp deciding "c >= 0".
func execSlct(w *Warp, o *op, m uint64) error {
	a, b, c := w.in(o, 0), w.in(o, 1), w.in(o, 2)
	d := w.out(o, 0)
	do := &o.dst[0]
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		v := b[l]
		if o.cmp(c[l], 0) {
			v = a[l]
		}
		d[l] = ext(v, do)
	}
	return nil
}

// setpResult writes setp's predicates: p and its partner q (the
// complement, or the high halves of a packed compare), each combined
// with the third source predicate by the instruction's .and/.or/.xor.
func (w *Warp) setpResult(o *op, m, p, q uint64) {
	if op := o.in.Bool; op != traces.BoolNone {
		c := w.pred(o, 2)
		p, q = combine(op, p, c), combine(op, q, c)
	}
	w.setPred(o, 0, m, p)
	w.setPred(o, 1, m, q)
}
