package amd

import (
	"github.com/gpusim/gpusim/warp"
	"math"
	"math/bits"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
)

// Vector compares (v_cmp_*, v_cmpx_*, v_cmp_class_*): one bit per lane into
// a lane mask; inactive lanes get 0. v_cmpx writes EXEC (and on GFX9 also
// its mask destination).

func (c *compiler) vopc(in *traces.Inst, o *wop) error {
	info := o.info
	var err error
	if in.NDst > 0 {
		if o.dst[0], err = c.dst(in, 0); err != nil {
			return err
		}
	}
	fsz := fszOf(info.Type)
	class := in.Op == traces.OpVCmpClassF32 || in.Op == traces.OpVCmpClassF64 ||
		in.Op == traces.OpVCmpxClassF32 || in.Op == traces.OpVCmpxClassF64
	if o.src[0], err = c.src(in, 0, fsz); err != nil {
		return err
	}
	f2 := fsz
	if class {
		f2 = 0
	}
	if o.src[1], err = c.src(in, 1, f2); err != nil {
		return err
	}
	o.ns = 2
	o.f64 = info.Type == traces.F64
	switch {
	case class && info.Type == traces.F32:
		o.cmp = classF32
	case class:
		o.cmp = classF64
	case info.Type == traces.F32:
		o.cmp = floatCmp(info.Cmp, false)
	case info.Type == traces.F64:
		o.cmp = floatCmp(info.Cmp, true)
	default:
		n, signed := intCmpWidth(info.Type)
		if k, ok := warp.NewIntKeys(info.Cmp, n, signed); ok {
			o.keys, o.exec = k, execVCmpInt
			if n <= 32 && c.directSources(o, 2) {
				o.exec = execXCmpInt
			}
			return nil
		}
		o.cmp = intCmp(info.Cmp, info.Type)
	}
	if o.cmp == nil {
		return c.unsupported(in, "comparison "+info.Name)
	}
	o.exec = execVCmp
	return nil
}

func execVCmp(w *Wave, o *wop, m uint64) error {
	a, b := w.vin(o, 0, m), w.vin(o, 1, m)
	f, md := o.cmp, w.fpm(o)
	var r uint64
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		if f(a[l], b[l], md) {
			r |= 1 << uint(l)
		}
	}
	w.vcmpResult(o, r)
	return nil
}

// execVCmpInt is execVCmp for integers, without a call per lane.
func execVCmpInt(w *Wave, o *wop, m uint64) error {
	w.vcmpResult(o, o.keys.Lanes(w.vin(o, 0, m), w.vin(o, 1, m), m))
	return nil
}

// execXCmpInt is execVCmpInt on the source rows where they are (direct.go),
// for any EXEC mask: it writes no row.
func execXCmpInt(w *Wave, o *wop, m uint64) error {
	w.vcmpResult(o, warp.KeyLanes(o.keys, w.vin32(o, 0), w.vin32(o, 1), m))
	return nil
}

// vcmpResult writes r, a compare's lane mask, to EXEC (v_cmpx) and the
// mask destination.
func (w *Wave) vcmpResult(o *wop, r uint64) {
	if o.info.Cmpx {
		w.setExec(r)
	}
	if o.dst[0].kind == wS {
		w.maskOut(&o.dst[0], r)
	}
}

// floatCmp returns the comparison of two f32 (or f64) values after MODE's
// input flushing (warp.CompareFloat: the unordered conditions nge, nlg, ...
// hold when either is a NaN).
func floatCmp(c traces.CmpOp, is64 bool) func(a, b uint64, m alu.FPMode) bool {
	if is64 {
		return func(a, b uint64, m alu.FPMode) bool {
			if m&alu.FlushIn != 0 {
				a, b = flushF64(a), flushF64(b)
			}
			return warp.CompareFloat(c, math.Float64frombits(a), math.Float64frombits(b))
		}
	}
	return func(a, b uint64, m alu.FPMode) bool {
		x, y := uint32(a), uint32(b)
		if m&alu.FlushIn != 0 {
			x, y = flushF32(x), flushF32(y)
		}
		return warp.CompareFloat(c, float64(math.Float32frombits(x)), float64(math.Float32frombits(y)))
	}
}

func flushF64(x uint64) uint64 {
	if x&0x7ff0000000000000 == 0 {
		return x & (1 << 63)
	}
	return x
}

// intCmp returns the comparison of two integers of type t
// (warp.CompareInt).
func intCmp(c traces.CmpOp, t traces.Type) func(a, b uint64, m alu.FPMode) bool {
	n, signed := intCmpWidth(t)
	return func(a, b uint64, m alu.FPMode) bool { return warp.CompareInt(c, a, b, n, signed) }
}

// intCmpWidth is the width and signedness of an integer comparison of type
// t.
func intCmpWidth(t traces.Type) (n int, signed bool) {
	n = 32
	if t == traces.S64 || t == traces.U64 || t == traces.B64 {
		n = 64
	}
	return n, t == traces.S32 || t == traces.S64
}

// classF32 is v_cmp_class_f32: whether S1 has the bit of S0's class set.
// The class bits (AMD ISA manuals): 0 signalling NaN, 1 quiet NaN, 2 -Inf,
// 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +Inf. The
// value is classified as written (no flushing).
func classF32(a, b uint64, m alu.FPMode) bool {
	x := uint32(a)
	e, f := x>>23&0xff, x&0x7fffff
	return b>>classBit(x>>31 != 0, e == 0xff, e == 0, f == 0, f&0x400000 != 0)&1 != 0
}

// classF64 is v_cmp_class_f64, as classF32.
func classF64(a, b uint64, m alu.FPMode) bool {
	e, f := a>>52&0x7ff, a&(1<<52-1)
	return b>>classBit(a>>63 != 0, e == 0x7ff, e == 0, f == 0, f&(1<<51) != 0)&1 != 0
}

// classBit is the class bit of a value with sign neg, an all-ones or
// all-zeros exponent, a zero fraction, and the fraction's top (quiet NaN)
// bit.
func classBit(neg, expOnes, expZero, fracZero, quiet bool) uint {
	var bit uint
	switch {
	case expOnes && !fracZero:
		bit = 0
		if quiet {
			bit = 1
		}
	case expOnes:
		bit = 9
	case expZero && fracZero:
		bit = 6
	case expZero:
		bit = 7
	default:
		bit = 8
	}
	if neg && bit >= 6 {
		bit = 11 - bit
	}
	return bit
}
