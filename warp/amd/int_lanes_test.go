package amd

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestIntLanesMatchRows checks every lane-vector form of valuInt1Lanes and
// valuInt2Lanes, in both lane widths, against its row of valuInt1 and
// valuInt2: the row's value in every lane, on 8-byte operands with
// garbage above bit 31 too, and its low 32 bits from the operands' low 32
// bits for the 4-byte form (which a 32-bit result must have), also with
// the destination row one of the sources, and the whole value for a 64-bit
// result on rows of halves.
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
	a32, b32 := make([]uint32, W), make([]uint32, W)
	d, d32 := make([]uint64, W), make([]uint32, W)
	// check runs the forms given (w32 may be nil) on 200 sets of operands;
	// alias 1 or 2 has the 4-byte form write over a or b.
	check := func(name string, w64 func(), w32 func(alias int) []uint32, want func(l int) uint64) {
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
			w64()
			for l := 0; l < W; l++ {
				if w := want(l); d[l] != w {
					t.Fatalf("%s: lane %d: a=%#x b=%#x: got %#x, the row gives %#x", name, l, a[l], b[l], d[l], w)
				}
			}
			if w32 == nil {
				continue
			}
			for alias := range 3 {
				for l := range a {
					a32[l], b32[l], d32[l] = uint32(a[l]), uint32(b[l]), 0x5a5a5a5a
				}
				got := w32(alias)
				for l := 0; l < W; l++ {
					if w := uint32(want(l)); got[l] != w || want(l)>>32 != 0 {
						t.Fatalf("%s, 4-byte lanes (alias %d): lane %d: a=%#x b=%#x: got %#x, the row gives %#x", name, alias, l, a[l], b[l], got[l], want(l))
					}
				}
			}
		}
	}
	// dst is the 4-byte form's destination for an alias.
	dst := func(alias int) []uint32 {
		switch alias {
		case 1:
			return a32
		case 2:
			return b32
		}
		return d32
	}
	if len(valuInt1Lanes)+len(valuInt2Lanes) == 0 {
		t.Fatal("no lane-vector forms to check")
	}
	n32 := 0
	for _, op := range slices.Sorted(maps.Keys(valuInt1Lanes)) {
		fl, f := valuInt1Lanes[op], valuInt1[op]
		if f == nil {
			t.Fatalf("%s has a lane form and no row", op.String())
		}
		var w32 func(int) []uint32
		if fl.w32 != nil {
			n32++
			w32 = func(alias int) []uint32 {
				x := dst(alias &^ 2) // (one source)
				fl.w32(x, a32)
				return x
			}
		}
		check(op.String(), func() { fl.w64(d, a) }, w32, func(l int) uint64 { return f(a[l]) })
	}
	for _, op := range slices.Sorted(maps.Keys(valuInt2Lanes)) {
		fl, f := valuInt2Lanes[op], valuInt2[op]
		if f == nil {
			t.Fatalf("%s has a lane form and no row", op.String())
		}
		var w32 func(int) []uint32
		if fl.w32 != nil {
			n32++
			w32 = func(alias int) []uint32 {
				x := dst(alias)
				fl.w32(x, a32, b32)
				return x
			}
		}
		check(op.String(), func() { fl.w64(d, a, b) }, w32, func(l int) uint64 { return f(a[l], b[l]) })
		if fl.pairs != nil {
			// A 64-bit result on rows of halves: the row's value, b whole.
			n32++
			blo, bhi, dlo, dhi := make([]uint32, W), make([]uint32, W), make([]uint32, W), make([]uint32, W)
			for trial := 0; trial < 100; trial++ {
				for l := range a {
					a[l], b[l] = word(), word()
					if trial%2 == 0 {
						a[l] = uint64(rng.IntN(70))
					}
					a32[l], blo[l], bhi[l] = uint32(a[l]), uint32(b[l]), uint32(b[l]>>32)
				}
				fl.pairs(dlo, dhi, a32, blo, bhi)
				for l := range a {
					if got, want := uint64(dhi[l])<<32|uint64(dlo[l]), f(a[l], b[l]); got != want {
						t.Fatalf("%s, pairs of 4-byte rows: lane %d: a=%#x b=%#x: got %#x, the row gives %#x", op.String(), l, a[l], b[l], got, want)
					}
				}
			}
		}
	}
	if n32 == 0 {
		t.Fatal("no 4-byte lane forms to check")
	}
}
