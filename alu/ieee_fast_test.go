package alu

import (
	"math/rand/v2"
	"testing"
)

// TestF32FastPathsMatchExact checks the host binary32 fast paths of AddF32
// and MulF32 against the exact code wherever they claim a result, on
// operand pairs drawn to meet their edges: results in and next to the two
// lowest binades and the top one, cancellation to zero, underflow of a
// product to zero, subnormal, infinite and NaN operands, under round to
// nearest even with and without flushing and the canonical NaN.
func TestF32FastPathsMatchExact(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	exps := []uint32{0, 1, 2, 3, 60, 61, 62, 63, 64, 65, 66, 126, 127, 128, 189, 190, 191, 192, 252, 253, 254, 255}
	val := func() uint32 {
		e := exps[r.IntN(len(exps))]
		if r.IntN(4) == 0 {
			e = uint32(r.IntN(256))
		}
		frac := r.Uint32() & (1<<23 - 1)
		switch r.IntN(4) {
		case 0:
			frac = 0
		case 1:
			frac = 1<<23 - 1
		}
		return r.Uint32()&0x80000000 | e<<23 | frac
	}
	modes := []FPMode{0, FlushIn, FlushOut, FTZ, CanonicalNaN, FTZ | CanonicalNaN}
	n := scaled(2_000_000, 20)
	claimed := 0
	for i := 0; i < n; i++ {
		a, b := val(), val()
		switch r.IntN(4) {
		case 0:
			b = a ^ 0x80000000 // x + (-x)
		case 1:
			b = a ^ 0x80000000 ^ uint32(r.IntN(3)) // near-cancellation
		}
		m := modes[r.IntN(len(modes))]
		x, y := flushF32(a, m), flushF32(b, m)
		if got, ok := addF32Fast(x, y); ok {
			claimed++
			if want := uint32(addGeneric(uint64(x), uint64(y), fmtF32, m)); got != want {
				t.Fatalf("add %#x + %#x mode %s: fast %#x, exact %#x", a, b, modeName(m), got, want)
			}
		}
		if got, ok := mulF32Fast(x, y); ok {
			claimed++
			if want := uint32(mulGeneric(uint64(x), uint64(y), fmtF32, m)); got != want {
				t.Fatalf("mul %#x * %#x mode %s: fast %#x, exact %#x", a, b, modeName(m), got, want)
			}
		}
	}
	if claimed < n/2 {
		t.Errorf("the fast paths claimed %d of %d results: the test no longer reaches them", claimed, 2*n)
	}
}
