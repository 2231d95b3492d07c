package alu

import (
	"math"
	"math/big"
)

// tanh.approx.f32 (PTX ISA 7.0, sm_75+; PTX defines no .ftz form and
// supports subnormals). Model: provisional, no public model of MUFU.TANH
// exists: the correctly rounded (to nearest even) tanh. Silicon is less
// accurate than this (public measurements on sm_75 put it near 16.5 bits),
// so results will differ from hardware in the last bits.

// TanhApproxF32 is PTX tanh.approx.f32 (provisional: correctly rounded).
// NaN gives 0x7fffffff, ±Inf ±1, ±0 ±0; subnormal inputs are returned
// unchanged (tanh(x) rounds to x there).
func TanhApproxF32(x uint32) uint32 {
	sign := x & f32SignBit
	ax := x &^ f32SignBit
	switch {
	case ax > f32PosInf:
		return f32CanonNaN
	case ax >= 0x41180000: // |x| >= 9.5: tanh rounds to ±1 (1 - tanh < 2^-26)
		return sign | f32One
	case ax < 0x39800000: // |x| < 2^-12: |tanh(x) - x| < |x| * 2^-25.5, rounds to x
		return x
	}
	// Go's float64 tanh is accurate to a few float64 ulps (far below 2^-40
	// relative). Rounding it to f32 gives the correctly rounded result unless
	// it lies within 2^12 float64 ulps of an f32 rounding boundary; those rare
	// inputs are decided with 256-bit arithmetic. The result is therefore the
	// same on every platform whatever the float64 library's last bit.
	t := math.Tanh(float64(math.Float32frombits(ax)))
	d := math.Float64bits(t)
	if off := int64(d&(1<<29-1)) - 1<<28; off > -1<<12 && off < 1<<12 {
		return sign | tanhBig(ax)
	}
	return sign | math.Float32bits(float32(t))
}

// tanhBig returns the f32 bits of tanh(x) for a positive f32 x, rounded to
// nearest even, from a 256-bit evaluation of (e^2x - 1) / (e^2x + 1).
func tanhBig(x uint32) uint32 {
	const prec = 256
	y := new(big.Float).SetPrec(prec).SetFloat64(2 * float64(math.Float32frombits(x)))
	e := bigExp(y, prec)
	one := new(big.Float).SetPrec(prec).SetInt64(1)
	num := new(big.Float).SetPrec(prec).Sub(e, one)
	den := new(big.Float).SetPrec(prec).Add(e, one)
	q := new(big.Float).SetPrec(prec).Quo(num, den)
	f, _ := q.Float32()
	return math.Float32bits(f)
}

// bigExp returns e^y to about prec bits for |y| <= 64: y is scaled down by
// 2^k until it is below 2^-10, the Taylor series is summed, and the result
// is squared k times.
func bigExp(y *big.Float, prec uint) *big.Float {
	k := y.MantExp(nil) + 10
	if k < 0 {
		k = 0
	}
	wp := prec + 64
	z := new(big.Float).SetPrec(wp).SetMantExp(y, -k)
	sum := new(big.Float).SetPrec(wp).SetInt64(1)
	term := new(big.Float).SetPrec(wp).SetInt64(1)
	limit := new(big.Float).SetPrec(wp).SetMantExp(big.NewFloat(1), -int(wp))
	for i := int64(1); ; i++ {
		term.Mul(term, z)
		term.Quo(term, new(big.Float).SetPrec(wp).SetInt64(i))
		sum.Add(sum, term)
		if new(big.Float).Abs(term).Cmp(limit) < 0 {
			break
		}
	}
	for ; k > 0; k-- {
		sum.Mul(sum, sum)
	}
	return sum
}
