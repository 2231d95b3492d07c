package alu

import (
	"math"
	"testing"
)

// specSquare restates the truncated squarer of numerics.md section 1 word
// for word: x*x minus the diagonal bits bit_i*2^(2i) with 2i < 19 and the
// pair bits bit_i*bit_j*2^(i+j+1), i < j, with i+j+1 < 19.
func specSquare(x uint64) uint64 {
	bit := func(i uint) uint64 { return x >> i & 1 }
	sq := x * x
	for i := uint(0); i < 32; i++ {
		if 2*i < 19 {
			sq -= bit(i) << (2 * i)
		}
		for j := i + 1; j < 32; j++ {
			if i+j+1 < 19 {
				sq -= bit(i) * bit(j) << (i + j + 1)
			}
		}
	}
	return sq
}

// specEx2 restates the MUFU.EX2 model of numerics.md section 1 (ftz form) on
// the exact value x of an f32, using float64 arithmetic where it is exact
// (splitting x, scaling the fraction by 2^23) instead of the package's
// bit manipulation. It returns the result's value.
func specEx2(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return math.NaN()
	case math.IsInf(x, -1):
		return 0
	case math.IsInf(x, 1):
		return math.Inf(1)
	case math.Abs(x) < 0x1p-126:
		return 1
	}
	n := math.Trunc(x)
	f := x - n
	F := uint64(math.Floor(math.Abs(f) * (1 << 23)))
	if f < 0 && F != 0 {
		F = 1<<23 - 1 - F
		n--
	}
	xh, xl := F>>17, F&(1<<17-1)
	c := ex2Table[xh]
	sum := uint64(c[0])<<32 + (uint64(c[1])*xl)<<19 + uint64(c[2])*specSquare(xl) + 0x6fc4000000000000>>30
	mantissa := sum >> 34 & (1<<23 - 1)
	switch {
	case n > 127:
		return math.Inf(1)
	case n < -126:
		return 0
	}
	return math.Ldexp(1+float64(mantissa)/(1<<23), int(n))
}

// TestMufuSquareMatchesSpec compares the squarer with the spec's sums for
// every operand below 2^18: the 17-bit operands of ex2, lg2, rsqrt, sqrt and
// sin, and rcp's 16-bit operand shifted left by one.
func TestMufuSquareMatchesSpec(t *testing.T) {
	for x := uint32(0); x < 1<<18; x++ {
		if got, want := mufuSquare(x), specSquare(uint64(x)); got != want {
			t.Fatalf("mufuSquare(%#x) = %#x, want %#x", x, got, want)
		}
	}
}

// half16 describes one 16-bit ex2 form for the exhaustive tests.
type half16 struct {
	name     string
	f        *refFormat
	scalar   func(uint16) uint16
	pair     func(uint32) uint32
	ftz      bool
	relBound float64 // documented maximum relative error
}

func half16Forms() []half16 {
	return []half16{
		{"ex2.approx.f16", newRefFormat("f16", 5, 10), Ex2F16, Ex2F16x2, false, math.Exp2(-9.9)},
		{"ex2.approx.ftz.bf16", newRefFormat("bf16", 8, 7), Ex2BF16, Ex2BF16x2, true, math.Exp2(-7)},
	}
}

// value16 decodes a 16-bit pattern independently of the package.
func (f *refFormat) value16(b uint16) float64 {
	mag := b & 0x7fff
	var v float64
	switch {
	case mag > f.inf:
		return math.NaN()
	case mag == f.inf:
		v = math.Inf(1)
	default:
		v = f.decode(mag)
	}
	if b&0x8000 != 0 {
		v = -v
	}
	return v
}

// TestEx2Half16MatchesSpec checks all 65,536 inputs of each 16-bit form
// against the model restated from the spec's words: widen, MUFU.EX2 (ftz),
// round to nearest even (bf16: flush a subnormal result), NaN -> 0x7fff.
func TestEx2Half16MatchesSpec(t *testing.T) {
	for _, form := range half16Forms() {
		for h := 0; h < 1<<16; h++ {
			x := form.f.value16(uint16(h))
			if form.ftz && x != 0 && math.Abs(x) < 0x1p-126 {
				x = math.Copysign(0, x)
			}
			var want uint16
			r := specEx2(x)
			if math.IsNaN(r) {
				want = 0x7fff
			} else {
				m := Mode(RoundNearestEven, 0)
				if form.ftz {
					m |= FlushOut
				}
				want = form.f.narrow(math.Float32bits(float32(r)), m)
			}
			if got := form.scalar(uint16(h)); got != want {
				t.Fatalf("%s(%#04x) = %#04x, want %#04x", form.name, h, got, want)
			}
		}
	}
}

// TestEx2Half16Accuracy checks all 65,536 inputs of each 16-bit form against
// 2^x computed with math/big: within the documented relative error for
// normal results, within one subnormal step of 2^x for f16 subnormal
// results, +0 only where 2^x is below the format's range (or, bf16, below
// 2^-126), and Inf only where 2^x rounds past the largest finite value.
func TestEx2Half16Accuracy(t *testing.T) {
	ln2 := bigLn2(oraclePrec)
	for _, form := range half16Forms() {
		f := form.f
		maxFinite := f.vals[len(f.vals)-1]
		minNormal := f.vals[1<<f.fracBits]
		overflowAt := (maxFinite + f.beyond) / 2
		worst, worstIn, inexact := 0.0, 0, 0
		for h := 0; h < 1<<16; h++ {
			x := f.value16(uint16(h))
			got := form.scalar(uint16(h))
			if math.IsNaN(x) {
				if got != 0x7fff {
					t.Fatalf("%s(NaN %#04x) = %#04x", form.name, h, got)
				}
				continue
			}
			var exact float64
			switch {
			case x > 1100: // 2^x is far beyond every format (and float64)
				exact = math.Inf(1)
			case x < -1100:
				exact = 0
			default:
				exact, _ = bigExp2(x, ln2).Float64()
			}
			if got&0x8000 != 0 {
				t.Fatalf("%s(%#04x) = %#04x: negative", form.name, h, got)
			}
			if want := f.narrowValue(exact); got != want {
				inexact++
			}
			g := f.value16(got)
			switch {
			case math.IsInf(g, 1):
				if exact < overflowAt*(1-0x1p-12) {
					t.Fatalf("%s(%#04x) = Inf but 2^x = %g", form.name, h, exact)
				}
			case exact >= overflowAt*(1+0x1p-12):
				t.Fatalf("%s(%#04x) = %#04x but 2^x = %g overflows", form.name, h, got, exact)
			case g == 0 && form.ftz && exact < 0x1p-126:
			case exact < minNormal && !form.ftz:
				if math.Abs(g-exact) > f.vals[1] {
					t.Fatalf("%s(%#04x) = %g, more than one subnormal step from 2^x = %g", form.name, h, g, exact)
				}
			default:
				rel := math.Abs(g-exact) / exact
				if rel > form.relBound {
					t.Fatalf("%s(%#04x) = %g, relative error %g > %g (2^x = %g)", form.name, h, g, rel, form.relBound, exact)
				}
				if rel > worst {
					worst, worstIn = rel, h
				}
			}
		}
		t.Logf("%s: max relative error 2^%.2f (at %#04x), %d of 65536 results differ from the correctly rounded 2^x",
			form.name, math.Log2(worst), worstIn, inexact)
	}
}

// narrowValue rounds a non-negative float64 to the format, nearest even,
// with overflow to Inf.
func (f *refFormat) narrowValue(v float64) uint16 {
	if math.IsInf(v, 1) || v >= f.beyond {
		return f.inf
	}
	b := math.Float32bits(float32(v))
	if float64(math.Float32frombits(b)) != v {
		// Not an f32: decide with the float64 value directly.
		lo := uint16(0)
		for lo+1 < f.inf && f.vals[lo+1] <= v {
			lo++
		}
		hi := f.beyond
		if int(lo)+1 < len(f.vals) {
			hi = f.vals[lo+1]
		}
		mid := (f.vals[lo] + hi) / 2
		if v > mid || v == mid && lo&1 == 1 {
			return lo + 1
		}
		return lo
	}
	return f.narrow(b, Mode(RoundNearestEven, 0))
}

// TestEx2Half16PairsIndependent checks the x2 forms on all 65,536 values of
// each half, each paired with a different value in the other half.
func TestEx2Half16PairsIndependent(t *testing.T) {
	for _, form := range half16Forms() {
		for h := 0; h < 1<<16; h++ {
			lo, hi := uint16(h), uint16(h*40503+12345)
			got := form.pair(uint32(hi)<<16 | uint32(lo))
			want := uint32(form.scalar(hi))<<16 | uint32(form.scalar(lo))
			if got != want {
				t.Fatalf("%s x2(%#04x|%#04x) = %#08x, want %#08x", form.name, hi, lo, got, want)
			}
		}
	}
}
