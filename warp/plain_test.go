package warp

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// plainRef is PlainLanes lane by lane: each lane's access checked on its
// own, stopping at the first that misses.
func plainRef(seg *mem.Segment, a *Access, sp traces.Space, es int, vals []uint64, store bool) int {
	for l := range vals {
		b := seg.Within(a.Addr[l], es)
		if b == nil {
			return l
		}
		a.Spaces[l] = sp
		if store {
			StoreN(b, es, vals[l])
		} else {
			vals[l] = LoadN(b, es)
		}
	}
	return len(vals)
}

// TestPlainLanesReference: whole-warp loads and stores, runs of
// consecutive elements (the one-range fast path) and everything near
// them, give what checking lane by lane gives: the lanes done, the values,
// the spaces recorded and the memory written.
func TestPlainLanesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const base, size = 0x10000, 4096
	runs := 0
	for i := 0; i < 20000; i++ {
		es := []int{1, 2, 4, 8}[rng.IntN(4)]
		width := []int{1, 2, 32, 48, 64}[rng.IntN(5)] // 48: a block of 32 and a tail
		store := rng.IntN(2) == 0
		start := uint64(base + rng.IntN(size+64) - 32)
		if rng.IntN(4) == 0 {
			start &^= uint64(es - 1) // aligned more often
		}
		if rng.IntN(50) == 0 {
			start = ^uint64(0) - uint64(rng.IntN(64)) // wrapping past the top
		}
		addr := make([]uint64, width)
		for l := range addr {
			addr[l] = start + uint64(l*es)
		}
		switch rng.IntN(6) {
		case 0: // one lane elsewhere
			addr[rng.IntN(width)] = uint64(base + rng.IntN(size))
		case 1: // two lanes swapped
			j, k := rng.IntN(width), rng.IntN(width)
			addr[j], addr[k] = addr[k], addr[j]
		case 2: // one lane misaligned
			addr[rng.IntN(width)]++
		}
		if slices.Equal(addr, runOf(start, width, es)) {
			runs++
		}
		mem0 := make([]byte, size)
		for j := range mem0 {
			mem0[j] = byte(rng.Uint32())
		}
		vals0 := make([]uint64, width)
		for l := range vals0 {
			vals0[l] = rng.Uint64()
		}
		do := func(f func(*mem.Segment, *Access, traces.Space, int, []uint64, bool) int) (int, []uint64, []traces.Space, []byte) {
			seg := mem.NewSegment(traces.SpaceGlobal, base, size, false)
			copy(seg.Data, mem0)
			a := &Access{Addr: slices.Clone(addr), Spaces: make([]traces.Space, width)}
			vals := slices.Clone(vals0)
			n := f(seg, a, traces.SpaceGlobal, es, vals, store)
			return n, vals, a.Spaces, seg.Data
		}
		n1, v1, s1, m1 := do(PlainLanes)
		n2, v2, s2, m2 := do(plainRef)
		if n1 != n2 || !slices.Equal(v1, v2) || !slices.Equal(s1, s2) || !bytes.Equal(m1, m2) {
			t.Fatalf("es %d width %d store %v addresses %#x: lanes %d, want %d; values %#x, want %#x",
				es, width, store, addr, n1, n2, v1, v2)
		}
	}
	if runs < 5000 {
		t.Errorf("only %d of the cases were runs", runs)
	}
}

func runOf(start uint64, width, es int) []uint64 {
	out := make([]uint64, width)
	for l := range out {
		out[l] = start + uint64(l*es)
	}
	return out
}
