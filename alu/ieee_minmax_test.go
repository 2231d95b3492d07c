package alu

import (
	"math"
	"math/rand/v2"
	"testing"
)

// refMinMaxF32 is an independent model of the f32 min/max functions built on
// math.Min and math.Max (which order -0 below +0).
func refMinMaxF32(a, b uint32, m FPMode, max, nanProp, ieee bool) uint32 {
	if m&FlushIn != 0 {
		if a&0x7f800000 == 0 {
			a &= 0x80000000
		}
		if b&0x7f800000 == 0 {
			b &= 0x80000000
		}
	}
	fa, fb := float64(math.Float32frombits(a)), float64(math.Float32frombits(b))
	an, bn := math.IsNaN(fa), math.IsNaN(fb)
	nanOut := func(x uint32) uint32 {
		if m&CanonicalNaN != 0 {
			return 0x7fffffff
		}
		return x | 0x00400000
	}
	if ieee {
		switch {
		case an && a&0x00400000 == 0:
			return nanOut(a)
		case bn && b&0x00400000 == 0:
			return nanOut(b)
		case an && bn:
			return nanOut(a)
		}
	} else if an && bn || nanProp && (an || bn) {
		return 0x7fffffff
	}
	switch {
	case an:
		return b
	case bn:
		return a
	}
	v := math.Min(fa, fb)
	if max {
		v = math.Max(fa, fb)
	}
	return math.Float32bits(float32(v))
}

func TestMinMaxF32Random(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	type fn struct {
		name                string
		f                   func(a, b uint32, m FPMode) uint32
		max, nanProp, ieee2 bool
	}
	fns := []fn{
		{"MinF32", MinF32, false, false, false}, {"MaxF32", MaxF32, true, false, false},
		{"MinNaNF32", MinNaNF32, false, true, false}, {"MaxNaNF32", MaxNaNF32, true, true, false},
		{"MinNumF32", MinNumF32, false, false, true}, {"MaxNumF32", MaxNumF32, true, false, true},
	}
	cv := tF32.classValues()
	for _, m := range []FPMode{0, FTZ, CanonicalNaN, FlushIn | CanonicalNaN} {
		for _, f := range fns {
			for _, a := range cv {
				for _, b := range cv {
					if got, want := f.f(uint32(a), uint32(b), m), refMinMaxF32(uint32(a), uint32(b), m, f.max, f.nanProp, f.ieee2); got != want {
						t.Fatalf("%s(%#x, %#x) mode %s = %#x, reference %#x", f.name, a, b, modeName(m), got, want)
					}
				}
			}
			for i := 0; i < 20000; i++ {
				a := uint32(tF32.genValue(r, 0))
				b := uint32(tF32.genValue(r, uint64(a)))
				if got, want := f.f(a, b, m), refMinMaxF32(a, b, m, f.max, f.nanProp, f.ieee2); got != want {
					t.Fatalf("%s(%#x, %#x) mode %s = %#x, reference %#x", f.name, a, b, modeName(m), got, want)
				}
			}
		}
	}
}

// TestMinMaxWidthsAgree checks the f64, f16 and bf16 forms against the f32
// one on values exactly representable in every format (widened exactly).
func TestMinMaxWidthsAgree(t *testing.T) {
	vals := []uint16{0x0000, 0x8000, 0x3c00, 0xbc00, 0x4000, 0x7c00, 0xfc00, 0x0001, 0x8001, 0x7bff, 0x3555}
	for _, a := range vals {
		for _, b := range vals {
			a32, b32 := F16ToF32(a), F16ToF32(b)
			want := MinF32(a32, b32, 0)
			if got := F16ToF32(MinF16(a, b, 0)); got != want {
				t.Errorf("MinF16(%#x, %#x) widens to %#x, MinF32 %#x", a, b, got, want)
			}
			a64, b64 := CvtF32ToF64(a32, 0), CvtF32ToF64(b32, 0)
			if got, want := MaxF64(a64, b64, 0), CvtF32ToF64(MaxF32(a32, b32, 0), 0); got != want {
				t.Errorf("MaxF64(%#x, %#x) = %#x, want %#x", a64, b64, got, want)
			}
			if got, want := MinNumF64(a64, b64, 0), CvtF32ToF64(MinNumF32(a32, b32, 0), 0); got != want {
				t.Errorf("MinNumF64(%#x, %#x) = %#x, want %#x", a64, b64, got, want)
			}
			ab, bb := uint16(a32>>16), uint16(b32>>16)
			if a32&0xffff == 0 && b32&0xffff == 0 {
				if got, want := BF16ToF32(MaxBF16(ab, bb, 0)), MaxF32(a32, b32, 0); got != want {
					t.Errorf("MaxBF16(%#x, %#x) widens to %#x, want %#x", ab, bb, got, want)
				}
			}
		}
	}
}
