package ptx

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/gpusim/gpusim/alu"
)

// The PTX accuracy statements for the forms modelled in this package,
// checked against independent references (IEEE division, math/big), not
// against the models' own arithmetic.

// ulpDist is the number of representable f32 values between x and y (both
// not NaN); ±0 count as one value.
func ulpDist(x, y uint32) int64 {
	ord := func(v uint32) int64 {
		if v&0x80000000 != 0 {
			return -int64(v & 0x7fffffff)
		}
		return int64(v)
	}
	d := ord(x) - ord(y)
	if d < 0 {
		d = -d
	}
	return d
}

func isNaN32(x uint32) bool { return x&0x7fffffff > 0x7f800000 }

// div.full.f32: at most 2 ulp from the correctly rounded quotient over the
// whole range; div.approx.f32: the same for |b| in [2^-126, 2^126], and
// ±0 (NaN for an infinite a) for 2^126 < |b| < 2^128.
func TestDivAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const rn = alu.FPMode(alu.RoundNearestEven) | alu.CanonicalNaN
	checked := 0
	for i := 0; i < 300000; i++ {
		a, b := randF32(rng), randF32(rng)
		exact := alu.DivF32(a, b, rn)
		full := divFullF32(a, b, alu.RcpApproxF32Ftz, false)
		if isNaN32(exact) != isNaN32(full) || !isNaN32(exact) && ulpDist(exact, full) > 2 {
			t.Fatalf("div.full.f32 %#x / %#x = %#x, IEEE %#x", a, b, full, exact)
		}
		approx := divApproxF32(a, b, alu.RcpApproxF32Ftz, false)
		switch ab := b & 0x7fffffff; {
		case ab >= f32MinNormal && ab <= f32Two126:
			if isNaN32(exact) != isNaN32(approx) || !isNaN32(exact) && ulpDist(exact, approx) > 2 {
				t.Fatalf("div.approx.f32 %#x / %#x = %#x, IEEE %#x", a, b, approx, exact)
			}
			checked++
		case ab > f32Two126 && ab < f32PosInfBits:
			want := uint64((a ^ b) & 0x80000000)
			if a&0x7fffffff >= f32PosInfBits {
				want = 0x7fffffff
			}
			if uint64(approx) != want {
				t.Fatalf("div.approx.f32 %#x / %#x (huge b) = %#x, want %#x", a, b, approx, want)
			}
		}
	}
	if checked < 100000 {
		t.Errorf("only %d in-range div.approx cases", checked)
	}
}

// rsqrtRef is 1/sqrt(x) correctly rounded to f64 (x positive, finite).
func rsqrtRef(x uint64) uint64 {
	const prec = 200
	f := new(big.Float).SetPrec(prec).SetFloat64(math.Float64frombits(x))
	f.Sqrt(f)
	q := new(big.Float).SetPrec(prec).Quo(big.NewFloat(1).SetPrec(prec), f)
	r, _ := q.Float64()
	return math.Float64bits(r)
}

// rsqrt.approx.f64 (the provisional software model): within 1 ulp of
// 1/sqrt(x) for positive normal and subnormal inputs.
func TestRsqrtApproxF64Accuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 20000; i++ {
		x := rng.Uint64() >> 1
		if i%4 == 0 {
			x >>= 12 // subnormal
		}
		if x == 0 || x >= f64PosInf {
			continue
		}
		got, want := rsqrtApproxF64(x), rsqrtRef(x)
		if d := int64(got) - int64(want); d < -1 || d > 1 {
			t.Fatalf("rsqrt.approx.f64(%#x) = %#x, 1/sqrt = %#x", x, got, want)
		}
	}
}

// tanh.approx on all 2^16 inputs of f16 and bf16: within the PTX absolute
// error bounds (2^-10.987 and 2^-8) of tanh, NaN for NaN, odd symmetry.
func TestTanhHalfAllInputs(t *testing.T) {
	f16 := func(h uint16) float64 { return float64(math.Float32frombits(alu.F16ToF32(h))) }
	bf16 := func(h uint16) float64 { return float64(math.Float32frombits(alu.BF16ToF32(h))) }
	for _, c := range []struct {
		name  string
		f     func(uint16) uint16
		val   func(uint16) float64
		bound float64
		exp   uint16
	}{
		{"f16", tanhF16, f16, math.Pow(2, -10.987), 0x7c00},
		{"bf16", tanhBF16, bf16, math.Pow(2, -8), 0x7f80},
	} {
		for i := 0; i < 1<<16; i++ {
			h := uint16(i)
			r := c.f(h)
			if h&0x7fff > c.exp {
				if r != 0x7fff {
					t.Fatalf("%s tanh(NaN %#x) = %#x", c.name, h, r)
				}
				continue
			}
			if r&0x7fff > c.exp {
				t.Fatalf("%s tanh(%#x) = NaN %#x", c.name, h, r)
			}
			if e := math.Abs(c.val(r) - math.Tanh(c.val(h))); e > c.bound {
				t.Fatalf("%s tanh(%#x) = %#x: error %g > %g", c.name, h, r, e, c.bound)
			}
			if n := c.f(h ^ 0x8000); n != r^0x8000 {
				t.Fatalf("%s tanh(-x) = %#x, -tanh(x) = %#x", c.name, n, r^0x8000)
			}
		}
	}
}
