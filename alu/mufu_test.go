package alu

import (
	"math"
	"math/big"
	"testing"
)

// mufuSweep calls check on 2^22 f32 inputs spread over the 32-bit space
// (NaN and Inf excluded; they are in testdata/mufu_special.txt).
func mufuSweep(check func(x uint32, xf float64)) {
	for i := uint64(0); i < 1<<22; i++ {
		x := uint32(i<<10) | uint32(i*0x9e3779b1)>>22
		xf := float64(math.Float32frombits(x))
		if !math.IsNaN(xf) && !math.IsInf(xf, 0) {
			check(x, xf)
		}
	}
}

// The error bounds below are the PTX ISA's where it states one (rsqrt,
// 2^-22.9 relative) and otherwise bounds just above what the silicon-checked
// models reach; they exist to catch a wrong coefficient or datapath detail,
// which moves results by far more.

func TestRsqrtApproxF32Accuracy(t *testing.T) {
	mufuSweep(func(x uint32, xf float64) {
		for _, ftz := range []bool{false, true} {
			got := RsqrtApproxF32(x)
			if ftz {
				got = RsqrtApproxF32Ftz(x)
			}
			g := float64(math.Float32frombits(got))
			switch {
			case xf == 0 || ftz && x&0x7f800000 == 0:
				if got != x&0x80000000|0x7f800000 {
					t.Fatalf("rsqrt(%#08x) ftz=%v = %#08x, want signed Inf", x, ftz, got)
				}
			case xf < 0:
				if got != 0x7fffffff {
					t.Fatalf("rsqrt(%#08x) = %#08x, want NaN", x, got)
				}
			default:
				if rel := math.Abs(g*math.Sqrt(xf) - 1); rel > math.Exp2(-22.9) {
					t.Fatalf("rsqrt(%#08x) = %#08x: relative error 2^%.2f", x, got, math.Log2(rel))
				}
			}
		}
	})
}

func TestSqrtApproxF32Accuracy(t *testing.T) {
	mufuSweep(func(x uint32, xf float64) {
		for _, ftz := range []bool{false, true} {
			got := SqrtApproxF32(x)
			if ftz {
				got = SqrtApproxF32Ftz(x)
			}
			g := float64(math.Float32frombits(got))
			switch {
			case ftz && x&0x7f800000 == 0:
				if got != x&0x80000000 {
					t.Fatalf("sqrt.ftz(%#08x) = %#08x, want signed zero", x, got)
				}
			case xf < 0:
				if got != 0x7fffffff {
					t.Fatalf("sqrt(%#08x) = %#08x, want NaN", x, got)
				}
			case xf == 0:
				if got != x {
					t.Fatalf("sqrt(%#08x) = %#08x", x, got)
				}
			default:
				if rel := math.Abs(g/math.Sqrt(xf) - 1); rel > math.Exp2(-23) {
					t.Fatalf("sqrt(%#08x) = %#08x: relative error 2^%.2f", x, got, math.Log2(rel))
				}
			}
		}
	})
}

func TestLg2ApproxF32Accuracy(t *testing.T) {
	mufuSweep(func(x uint32, xf float64) {
		for _, ftz := range []bool{false, true} {
			got := Lg2ApproxF32(x)
			if ftz {
				got = Lg2ApproxF32Ftz(x)
			}
			g := float64(math.Float32frombits(got))
			want := math.Log2(xf)
			switch {
			case xf == 0 || ftz && x&0x7f800000 == 0:
				if got != 0xff800000 {
					t.Fatalf("lg2(%#08x) ftz=%v = %#08x, want -Inf", x, ftz, got)
				}
			case xf < 0:
				if got != 0x7fffffff {
					t.Fatalf("lg2(%#08x) = %#08x, want NaN", x, got)
				}
			case xf >= 0.5 && xf <= 2:
				if e := math.Abs(g - want); e > 0x1p-22 {
					t.Fatalf("lg2(%#08x) = %#08x: absolute error 2^%.2f", x, got, math.Log2(e))
				}
			case x&0x7f800000 == 0:
				// Subnormal: lg2(x * 2^24) - 24, rounded once more.
				if e := math.Abs(g - want); e > 0x1p-22*24+f32Ulp(math.Abs(want)) {
					t.Fatalf("lg2(subnormal %#08x) = %#08x: error %g", x, got, e)
				}
			default:
				if rel := math.Abs(g/want - 1); rel > 0x1p-22 {
					t.Fatalf("lg2(%#08x) = %#08x: relative error 2^%.2f", x, got, math.Log2(rel))
				}
			}
		}
	})
}

func TestSinCosApproxF32Accuracy(t *testing.T) {
	mufuSweep(func(x uint32, xf float64) {
		s, c := SinApproxF32(x), CosApproxF32(x)
		if s != SinApproxF32Ftz(x) || c != CosApproxF32Ftz(x) {
			t.Fatalf("sin/cos(%#08x): ftz and non-ftz forms differ", x)
		}
		if math.Abs(xf) > math.Pi {
			return
		}
		es := math.Abs(float64(math.Float32frombits(s)) - math.Sin(xf))
		ec := math.Abs(float64(math.Float32frombits(c)) - math.Cos(xf))
		if es > 0x1p-21 || ec > 0x1p-21 {
			t.Fatalf("sin/cos(%#08x) = %#08x/%#08x: absolute errors 2^%.2f/2^%.2f", x, s, c, math.Log2(es), math.Log2(ec))
		}
		if (s^x)>>31 != 0 && s&0x7fffffff != 0 {
			t.Fatalf("sin(%#08x) = %#08x: sign differs from x", x, s)
		}
	})
}

// TestTanhApproxF32CorrectlyRounded checks the provisional tanh model: the
// float64 path against float64 rounding on 2^22 inputs, and every input
// against 256-bit arithmetic on a smaller spread (including the inputs the
// float64 path hands to the slow path).
func TestTanhApproxF32CorrectlyRounded(t *testing.T) {
	mufuSweep(func(x uint32, xf float64) {
		got := TanhApproxF32(x)
		want, decided := crFromFloat64(math.Abs(math.Tanh(xf)))
		want |= x & 0x80000000
		if math.Abs(xf) < 0x1p-12 {
			want, decided = x, true
		}
		if decided && got != want || !decided && ulpDistance(got&0x7fffffff, want&0x7fffffff) > 1 {
			t.Fatalf("tanh(%#08x) = %#08x, float64 gives %#08x", x, got, want)
		}
	})
	prec := uint(200)
	for i := uint64(0); i < 1<<14; i++ {
		x := uint32(0x39800000 + i*((0x41180000-0x39800000)>>14))
		y := new(big.Float).SetPrec(prec).SetFloat64(2 * float64(math.Float32frombits(x)))
		e := bigExp(y, prec)
		one := big.NewFloat(1)
		q := new(big.Float).SetPrec(prec).Quo(new(big.Float).SetPrec(prec).Sub(e, one), new(big.Float).SetPrec(prec).Add(e, one))
		w, _ := q.Float32()
		if got := TanhApproxF32(x); got != math.Float32bits(w) {
			t.Fatalf("tanh(%#08x) = %#08x, want %#08x", x, got, math.Float32bits(w))
		}
		if got := tanhBig(x); got != math.Float32bits(w) {
			t.Fatalf("tanhBig(%#08x) = %#08x, want %#08x", x, got, math.Float32bits(w))
		}
	}
}

// TestRsqrtApproxF64FtzAllFractions checks MUFU.RSQ64H on all 2^20
// fractions at a sweep of exponents: zero low word, low input word ignored,
// and a relative error below 2^-19 against the exact 1/sqrt of the 1.11.20
// input.
func TestRsqrtApproxF64FtzAllFractions(t *testing.T) {
	worst := 0.0
	for _, exp := range []uint32{1, 2, 3, 1022, 1023, 1024, 1025, 2045, 2046} {
		for frac := uint32(0); frac < 1<<20; frac++ {
			w := exp<<20 | frac
			x := uint64(w)<<32 | uint64(frac*2654435761)
			got := RsqrtApproxF64Ftz(x)
			if got != RsqrtApproxF64Ftz(uint64(w)<<32) || uint32(got) != 0 {
				t.Fatalf("RsqrtApproxF64Ftz(%#016x) = %#016x: low words not ignored/zero", x, got)
			}
			if neg := RsqrtApproxF64Ftz(x | 1<<63); neg != 0x7fffffff00000000 {
				t.Fatalf("RsqrtApproxF64Ftz(-%#016x) = %#016x, want NaN", x, neg)
			}
			in := math.Ldexp(1+float64(frac)/(1<<20), int(exp)-1023)
			r := math.Float64frombits(got)
			rel := math.Abs(r*math.Sqrt(in) - 1)
			if rel >= 0x1p-19 {
				t.Fatalf("RsqrtApproxF64Ftz(%#016x) = %#016x: relative error 2^%.2f", x, got, math.Log2(rel))
			}
			worst = math.Max(worst, rel)
		}
	}
	t.Logf("max relative error 2^%.2f", math.Log2(worst))
}
