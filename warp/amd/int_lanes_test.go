package amd

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestIntLanesMatchRows checks every lane-vector form of valuInt1Lanes and
// valuInt2Lanes against its row of valuInt1 and valuInt2: the same value
// in every lane of the mask, under both result masks (32 and 64 bits), on
// operands with garbage above bit 31 too. (The other lanes of the scratch
// row are don't-cares: the forms compute every lane.)
func TestIntLanesMatchRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2026))
	word := func() uint64 {
		lo := uint64(randWord(rng))
		switch rng.IntN(3) {
		case 0:
			return lo
		case 1:
			return lo | uint64(randWord(rng))<<32
		}
		return lo | 0xffffffff00000000
	}
	const W = 64
	a, b := make([]uint64, W), make([]uint64, W)
	d := make([]uint64, W)
	check := func(name string, got func(d []uint64, m, dm uint64), want func(l int) uint64) {
		t.Helper()
		for trial := 0; trial < 200; trial++ {
			for l := range a {
				a[l], b[l] = word(), word()
				d[l] = 0x5a5a5a5a5a5a5a5a
			}
			if trial%3 == 0 {
				// Small shift amounts and the boundaries around them.
				for l := range a {
					a[l] = uint64(rng.IntN(70))
				}
			}
			m := rng.Uint64()
			if trial%5 == 0 {
				m = ^uint64(0)
			}
			for _, dm := range []uint64{mask32, ^uint64(0)} {
				got(d, m, dm)
				for l := 0; l < W; l++ {
					if m>>uint(l)&1 == 0 {
						continue
					}
					if w := want(l) & dm; d[l] != w {
						t.Fatalf("%s (dmask %#x): lane %d: a=%#x b=%#x: got %#x, the row gives %#x", name, dm, l, a[l], b[l], d[l], w)
					}
				}
			}
		}
	}
	if len(valuInt1Lanes)+len(valuInt2Lanes) == 0 {
		t.Fatal("no lane-vector forms to check")
	}
	for _, op := range slices.Sorted(maps.Keys(valuInt1Lanes)) {
		fl, f := valuInt1Lanes[op], valuInt1[op]
		if f == nil {
			t.Fatalf("%s has a lane form and no row", op.String())
		}
		check(op.String(), func(d []uint64, m, dm uint64) { fl(d, a, m, dm) }, func(l int) uint64 { return f(a[l]) })
	}
	for _, op := range slices.Sorted(maps.Keys(valuInt2Lanes)) {
		fl, f := valuInt2Lanes[op], valuInt2[op]
		if f == nil {
			t.Fatalf("%s has a lane form and no row", op.String())
		}
		check(op.String(), func(d []uint64, m, dm uint64) { fl(d, a, b, m, dm) }, func(l int) uint64 { return f(a[l], b[l]) })
	}
}
