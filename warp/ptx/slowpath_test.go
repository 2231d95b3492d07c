package ptx

import (
	"math"
	"testing"
)

// TestSlowPathTests: each operand-class test takes the slow path exactly
// for the operands ptxas's fast-path test sends there (slowpath.go), on
// the edges of its ranges.
func TestSlowPathTests(t *testing.T) {
	f32 := func(x float32) uint64 { return uint64(math.Float32bits(x)) }
	f64 := func(x float64) uint64 { return math.Float64bits(x) }
	const sub32, sub64 = 0x00000001, 0x0000000000000001
	inf32, nan32 := f32(float32(math.Inf(1))), uint64(0x7fc00000)
	inf64, nan64 := f64(math.Inf(1)), uint64(0x7ff8000000000000)
	one := []struct {
		name string
		test func(uint64) bool
		fast []uint64
		slow []uint64
	}{
		// |x| < 2^126 and normal: fast; 2^126 and up, zero, subnormal, inf, NaN: slow.
		{"rcp.rn.f32", rcpF32Slow,
			[]uint64{f32(1), f32(-3), f32(0x1p-126), f32(0x1.fffffep125), f32(-0x1p-100)},
			[]uint64{0, 0x80000000, sub32, f32(0x1p126), f32(-0x1p127), inf32, nan32}},
		// Positive with exponent field 26..254 (x >= 2^-101): fast.
		{"sqrt.rn.f32", sqrtF32Slow,
			[]uint64{f32(1), f32(0x1p-101), f32(0x1.fffffep127), f32(2)},
			[]uint64{0, sub32, f32(0x1.fffffep-102), f32(-1), 0x80000000, inf32, nan32}},
		{"rcp.rn.f64", rcpF64Slow,
			[]uint64{f64(1), f64(-7), f64(0x1p-1021), f64(0x1p1019)},
			[]uint64{0, sub64, f64(0x1p1022), f64(-0x1p1023), inf64, nan64}},
		// hi(x) in [0x03500000, 0x7fefffff]: positive, x >= 2^-970.
		{"sqrt.rn.f64", sqrtF64Slow,
			[]uint64{f64(1), f64(0x1p-970), f64(math.MaxFloat64)},
			[]uint64{0, sub64, f64(0x1p-971), f64(-1), inf64, nan64}},
		{"rsqrt.approx.f64", rsqrtF64Slow,
			[]uint64{f64(1), f64(0x1p-1022), f64(math.MaxFloat64)},
			[]uint64{0, sub64, f64(-1), inf64, nan64}},
	}
	for _, c := range one {
		for _, x := range c.fast {
			if c.test(x) {
				t.Errorf("%s(%#x): slow, want fast", c.name, x)
			}
		}
		for _, x := range c.slow {
			if !c.test(x) {
				t.Errorf("%s(%#x): fast, want slow", c.name, x)
			}
		}
	}
	two := []struct {
		name       string
		test       func(a, b uint64) bool
		fast, slow [][2]uint64
	}{
		{"div.rn.f32", fchkF32,
			[][2]uint64{{f32(1), f32(3)}, {f32(-7.5), f32(0.25)}, {f32(0x1p100), f32(0x1p-20)}, {f32(0x1p-100), f32(0x1p20)}},
			[][2]uint64{{0, f32(1)}, {f32(1), 0}, {sub32, f32(1)}, {f32(1), sub32}, {inf32, f32(1)}, {f32(1), nan32},
				{f32(1), f32(0x1p126)}, {f32(0x1p-110), f32(1)}, {f32(0x1p100), f32(0x1p-30)}, {f32(0x1p-60), f32(0x1p70)}}},
		// A dividend below 2^-970 (hi word under 0x035b7333) is slow
		// whatever the divisor: 1e-300 / 1e5.
		{"div.rn.f64", divF64Slow,
			[][2]uint64{{f64(1), f64(3)}, {f64(-1e300), f64(1e-5)}, {f64(1e-290), f64(1e5)}},
			[][2]uint64{{f64(1), 0}, {0, f64(1)}, {sub64, f64(1)}, {f64(1), sub64}, {f64(1e-300), f64(1e5)}, {f64(1e-200), f64(1e200)},
				{f64(1), inf64}, {nan64, f64(1)}, {f64(1), f64(0x1p1020)}}},
	}
	for _, c := range two {
		for _, x := range c.fast {
			if c.test(x[0], x[1]) {
				t.Errorf("%s(%#x, %#x): slow, want fast", c.name, x[0], x[1])
			}
		}
		for _, x := range c.slow {
			if !c.test(x[0], x[1]) {
				t.Errorf("%s(%#x, %#x): fast, want slow", c.name, x[0], x[1])
			}
		}
	}
}
