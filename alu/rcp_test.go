package alu

import (
	"math"
	"testing"
)

// f32Ulp returns the spacing of f32 values at magnitude a (the ulp of the
// binade containing a, 2^-149 in the subnormal range).
func f32Ulp(a float64) float64 {
	if a < 0x1p-126 {
		return 0x1p-149
	}
	_, e := math.Frexp(a)
	return math.Ldexp(1, e-24)
}

// TestRcpApproxF32Accuracy checks rcp.approx.f32 and its ftz form on 2^25
// inputs spread over the 32-bit space against the PTX bound: at most 1 ulp
// from 1/x (computed in float64, whose rounding error is far below an f32
// ulp), ±Inf only where 1/x overflows, and for the ftz form ±Inf for
// subnormal inputs and ±0 only where 1/x is below 2^-126.
func TestRcpApproxF32Accuracy(t *testing.T) {
	var worst [2]float64
	for i := uint64(0); i < 1<<25; i++ {
		x := uint32(i<<7) | uint32(i*0x9e3779b1)>>25
		if x&0x7f800000 == 0x7f800000 || x&0x7fffffff == 0 {
			continue // NaN, Inf and zero are in testdata/mufu_special.txt
		}
		xf := float64(math.Float32frombits(x))
		q := 1 / xf
		for k, m := range []bool{false, true} {
			var got uint32
			if m {
				got = RcpApproxF32Ftz(x)
			} else {
				got = RcpApproxF32(x)
			}
			if got>>31 != x>>31 {
				t.Fatalf("rcp(%#08x) = %#08x: wrong sign", x, got)
			}
			g := float64(math.Float32frombits(got))
			sub := x&0x7f800000 == 0
			switch {
			case m && sub:
				if !math.IsInf(g, 0) {
					t.Fatalf("rcp.approx.ftz(subnormal %#08x) = %#08x, want ±Inf", x, got)
				}
			case math.IsInf(g, 0):
				if math.Abs(q) <= math.MaxFloat32 {
					t.Fatalf("rcp(%#08x) = Inf but 1/x = %g", x, q)
				}
			case m && g == 0:
				if math.Abs(q) >= 0x1p-126 {
					t.Fatalf("rcp.approx.ftz(%#08x) = 0 but 1/x = %g", x, q)
				}
			default:
				e := math.Abs(g-q) / f32Ulp(math.Abs(q))
				if e > 1 {
					t.Fatalf("rcp(%#08x) ftz=%v = %#08x (%g), %.3f ulp from 1/x = %g", x, m, got, g, e, q)
				}
				worst[k] = math.Max(worst[k], e)
			}
		}
	}
	t.Logf("max error: %.4f ulp (rcp.approx.f32), %.4f ulp (ftz)", worst[0], worst[1])
}

// rcp64Value decodes a 1.11.20 word (normal) to its value.
func rcp64Value(w uint32) float64 {
	v := math.Ldexp(1+float64(w&(1<<20-1))/(1<<20), int(w>>20&0x7ff)-1023)
	if w>>31 != 0 {
		v = -v
	}
	return v
}

// TestRcp64HAllFractions checks MUFU.RCP64H on every one of the 2^20
// fractions at a sweep of exponents including the edges 0, 1, 1021, 1022,
// 1023, 2045, 2046 and 2047, both signs, with a nonzero low word: the corner
// cases exactly, a zero low word, the low input word ignored, exact powers
// of two, and a relative error below 2^-19 against the exact reciprocal of
// the 1.11.20 input.
func TestRcp64HAllFractions(t *testing.T) {
	worst := 0.0
	for _, exp := range []uint32{0, 1, 2, 511, 1021, 1022, 1023, 1024, 1535, 2044, 2045, 2046, 2047} {
		for _, sign := range []uint32{0, 1 << 31} {
			for frac := uint32(0); frac < 1<<20; frac++ {
				w := sign | exp<<20 | frac
				low := frac*2654435761 + exp
				x := uint64(w)<<32 | uint64(low)
				got := Rcp64H(x)
				if got != Rcp64H(uint64(w)<<32) {
					t.Fatalf("Rcp64H(%#016x): low input word not ignored", x)
				}
				if uint32(got) != 0 {
					t.Fatalf("Rcp64H(%#016x) = %#016x: low word not zero", x, got)
				}
				hi := uint32(got >> 32)
				var want uint32
				corner := true
				switch {
				case exp == 2047 && frac != 0:
					want = 0x7fffffff
				case exp == 2047:
					want = sign
				case exp == 0:
					want = sign | 0x7ff00000
				case exp == 2046 || exp == 2045 && frac != 0:
					want = sign // 1/x would be subnormal
				default:
					corner = false
				}
				if corner {
					if hi != want {
						t.Fatalf("Rcp64H(%#016x) = %#016x, want %#08x00000000", x, got, want)
					}
					continue
				}
				if frac == 0 {
					if want := sign | (2046-exp)<<20; hi != want {
						t.Fatalf("Rcp64H(power of two %#016x) = %#016x, want %#08x00000000", x, got, want)
					}
				}
				if hi>>31 != sign>>31 || hi&0x7ff00000 == 0 || hi&0x7ff00000 == 0x7ff00000 {
					t.Fatalf("Rcp64H(%#016x) = %#016x: not a normal result of the input's sign", x, got)
				}
				// m_in * m_r and the exponent sum are exact in float64.
				in := 1 + float64(frac)/(1<<20)
				r := 1 + float64(hi&(1<<20-1))/(1<<20)
				p := math.Ldexp(in*r, int(exp)-1023+int(hi>>20&0x7ff)-1023)
				rel := math.Abs(p - 1)
				if rel >= 0x1p-19 {
					t.Fatalf("Rcp64H(%#016x) = %#016x (%g): relative error %g", x, got, rcp64Value(hi), rel)
				}
				worst = math.Max(worst, rel)
			}
		}
	}
	t.Logf("max relative error 2^%.2f", math.Log2(worst))
}
