package alu

import (
	"math/rand/v2"
	"testing"
)

// TestMinMaxF32MatchesGeneric checks the f32 min/max entry points, which
// compare non-NaN operands with the format's constants written in, against
// the generic minMaxPTX on every pair of class values under every mode and
// on random pairs (both signs, near and equal values).
func TestMinMaxF32MatchesGeneric(t *testing.T) {
	fns := []struct {
		name         string
		f            func(a, b uint32, m FPMode) uint32
		max, nanProp bool
	}{
		{"MinF32", MinF32, false, false}, {"MaxF32", MaxF32, true, false},
		{"MinNaNF32", MinNaNF32, false, true}, {"MaxNaNF32", MaxNaNF32, true, true},
	}
	r := rand.New(rand.NewPCG(8, 9))
	cv := tF32.classValues()
	check := func(name string, f func(a, b uint32, m FPMode) uint32, max, nanProp bool, a, b uint64, m FPMode) {
		t.Helper()
		if got, want := f(uint32(a), uint32(b), m), uint32(minMaxPTX(a, b, fmtF32, m, max, nanProp)); got != want {
			t.Fatalf("%s(%#x, %#x) mode %s = %#x, generic %#x", name, a, b, modeName(m), got, want)
		}
	}
	for _, fn := range fns {
		for _, m := range allModes() {
			for _, a := range cv {
				for _, b := range cv {
					check(fn.name, fn.f, fn.max, fn.nanProp, a, b, m)
				}
			}
			for i := 0; i < 2000; i++ {
				a := tF32.genValue(r, 0)
				b := tF32.genValue(r, a)
				if i%4 == 0 {
					b = a ^ 0x80000000
				}
				check(fn.name, fn.f, fn.max, fn.nanProp, a, b, m)
			}
		}
	}
}
