package ptx

import (
	"math/rand/v2"
	"testing"

	"github.com/gpusim/gpusim/warp"
)

// TestExtKeeps checks extKeeps, which lets a load skip ext, against ext
// itself: for every shift and width mask a destination can have and every
// element size, when extKeeps says yes, ext keeps random values and the
// boundary values of that size; and it says yes for the destinations
// loads commonly have (an element into a register of its own width).
func TestExtKeeps(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	yes := 0
	for sh := 0; sh < 64; sh++ {
		for k := 1; k <= 64; k++ {
			d := &dstOpd{kind: dstReg, sh: uint8(sh), mask: warp.LowMask(k)}
			for _, n := range []int{8, 16, 32, 64} {
				if !extKeeps(d, n) {
					continue
				}
				yes++
				all := warp.LowMask(n)
				vals := []uint64{0, 1, all, all >> 1, all>>1 + 1}
				for i := 0; i < 64; i++ {
					vals = append(vals, rng.Uint64()&all)
				}
				for _, v := range vals {
					if got := ext(v, d); got != v {
						t.Fatalf("sh %d mask %#x: extKeeps(%d) but ext(%#x) = %#x", sh, d.mask, n, v, got)
					}
				}
			}
		}
	}
	for _, n := range []int{8, 16, 32, 64} {
		// A register of n bits, zero- and sign-extending (sh 64-n).
		d := &dstOpd{kind: dstReg, sh: uint8(64 - n), mask: warp.LowMask(n)}
		if !extKeeps(d, n) {
			t.Errorf("a %d-bit element into a %d-bit register is not kept", n, n)
		}
	}
	if yes == 0 {
		t.Fatal("extKeeps held nowhere")
	}
}
