package alu

import (
	"math"
	"math/big"
)

// Oracles for the MUFU tests, independent of the models under test.

const oraclePrec = 160

// bigLn2 returns ln 2 to about prec bits from ln 2 = sum_{k>=1} 1/(k 2^k).
func bigLn2(prec uint) *big.Float {
	sum := new(big.Float).SetPrec(prec + 32)
	for k := 1; k <= int(prec)+40; k++ {
		term := new(big.Float).SetPrec(prec+32).SetMantExp(big.NewFloat(1), -k)
		term.Quo(term, new(big.Float).SetPrec(prec+32).SetInt64(int64(k)))
		sum.Add(sum, term)
	}
	return sum
}

// bigExp2 returns 2^x for a finite float64 x to about oraclePrec bits, as
// 2^n * e^(f ln 2) with n = floor(x) and f = x - n (both exact).
func bigExp2(x float64, ln2 *big.Float) *big.Float {
	n := math.Floor(x)
	f := x - n
	y := new(big.Float).SetPrec(oraclePrec).SetFloat64(f)
	y.Mul(y, ln2)
	e := bigExp(y, oraclePrec)
	return e.SetMantExp(e, int(n))
}

// crFromFloat64 rounds the float64 approximation d of a positive real v to
// f32 (nearest even, subnormals kept). It reports ok = false when d lies so
// close to an f32 rounding boundary that an error of 2^-45 relative in d
// could change the answer; the caller then decides with more precision.
func crFromFloat64(d float64) (bits uint32, ok bool) {
	f := float32(d)
	b := math.Float32bits(f)
	if b >= 0x7f800000 {
		return 0x7f800000, d > math.MaxFloat32*(1+0x1p-23)
	}
	margin := d * 0x1p-45
	up := float64(math.Float32frombits(b + 1))
	if b+1 == 0x7f800000 {
		up = 0x1p128
	}
	if math.Abs(d-(float64(f)+up)/2) <= margin {
		return b, false
	}
	if b > 0 {
		dn := float64(math.Float32frombits(b - 1))
		if math.Abs(d-(float64(f)+dn)/2) <= margin {
			return b, false
		}
	}
	return b, true
}

// crExp2F32 returns the correctly rounded f32 2^x for a finite f32 x: from
// Go's float64 Exp2 (error far below 2^-45 relative) where that decides the
// rounding, else from bigExp2. ln2 is computed lazily by the caller's
// closure so that the rare slow path pays for it.
func crExp2F32(x uint32, ln2 func() *big.Float) uint32 {
	xf := float64(math.Float32frombits(x))
	if b, ok := crFromFloat64(math.Exp2(xf)); ok {
		return b
	}
	v, _ := bigExp2(xf, ln2()).Float32()
	return math.Float32bits(v)
}

// ulpDistance counts the f32 values between two non-negative f32 bit
// patterns (their distance in representable steps).
func ulpDistance(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
