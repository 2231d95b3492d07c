package warp

import (
	"math/rand/v2"
	"testing"

	"github.com/gpusim/gpusim/traces"
)

// TestIntKeysMatchCompareInt checks IntKeys.Lanes against CompareInt for
// every integer condition, width and signedness, on values around the
// sign bits of each width and random ones (with garbage above the width),
// and that lanes outside the mask stay clear; for widths up to 32, also
// KeyLanes on rows of 4-byte lanes (the operands' low 32 bits).
func TestIntKeysMatchCompareInt(t *testing.T) {
	ops := []traces.CmpOp{
		traces.CmpEQ, traces.CmpNE, traces.CmpLT, traces.CmpLE, traces.CmpGT, traces.CmpGE,
		traces.CmpLO, traces.CmpLS, traces.CmpHI, traces.CmpHS, traces.CmpAMDFalse, traces.CmpAMDTrue,
	}
	rng := rand.New(rand.NewPCG(7, 11))
	a, b := make([]uint64, 64), make([]uint64, 64)
	a4, b4 := make([]uint32, 64), make([]uint32, 64)
	for _, n := range []int{8, 16, 32, 64} {
		edges := []uint64{0, 1, LowMask(n), LowMask(n) - 1, 1 << uint(n-1), 1<<uint(n-1) - 1, 1<<uint(n-1) + 1}
		val := func() uint64 {
			if rng.IntN(2) == 0 {
				return edges[rng.IntN(len(edges))] | rng.Uint64()&^LowMask(n)
			}
			return rng.Uint64()
		}
		for _, signed := range []bool{false, true} {
			for _, op := range ops {
				k, ok := NewIntKeys(op, n, signed)
				if !ok {
					t.Fatalf("NewIntKeys(%v, %d, %v): not an integer comparison", op, n, signed)
				}
				for trial := 0; trial < 50; trial++ {
					for l := range a {
						a[l], b[l] = val(), val()
						if rng.IntN(8) == 0 {
							b[l] = a[l]
						}
					}
					// Random masks, and every lane of 64 and of 32 (the
					// straight loop).
					aa, bb, m := a, b, rng.Uint64()
					switch trial % 5 {
					case 0:
						m = LowMask(64)
					case 1:
						aa, bb, m = a[:32], b[:32], LowMask(32)
					}
					got := k.Lanes(aa, bb, m)
					var got4 uint64
					if n <= 32 {
						for l := range a {
							a4[l], b4[l] = uint32(a[l]), uint32(b[l])
						}
						got4 = KeyLanes(k, a4[:len(aa)], b4[:len(bb)], m)
					}
					for l := 0; l < 64; l++ {
						want := m>>uint(l)&1 != 0 && CompareInt(op, a[l], b[l], n, signed)
						if g := got>>uint(l)&1 != 0; g != want {
							t.Fatalf("op %v n %d signed %v lane %d: %#x vs %#x: got %v, CompareInt %v", op, n, signed, l, a[l], b[l], g, want)
						}
						if g := got4>>uint(l)&1 != 0; n <= 32 && g != want {
							t.Fatalf("op %v n %d signed %v lane %d, 4-byte lanes: %#x vs %#x: got %v, CompareInt %v", op, n, signed, l, a[l], b[l], g, want)
						}
					}
				}
			}
		}
	}
	if _, ok := NewIntKeys(traces.CmpNAN, 32, false); ok {
		t.Error("NewIntKeys accepted a floating-point condition")
	}
}
