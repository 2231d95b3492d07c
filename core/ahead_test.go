package core

import (
	"slices"
	"testing"
)

// TestAheadMergeOrder: latencies SMs deferred reach the per-instruction
// table by cycle, then SM order, then as recorded, whatever SM recorded
// them first, with those of a cycle held until the SM's turn at it. The
// table is one value short of full, so only the first new value to
// arrive stays exact: the order shows.
func TestAheadMergeOrder(t *testing.T) {
	fresh := func() []PCStats {
		pcs := make([]PCStats, 1)
		for v := range latencyExact - 1 {
			pcs[0].Latency.Add(Cycle(1000 + v))
		}
		return pcs
	}
	exact := func(pcs []PCStats, v Cycle) bool {
		_, ok := slices.BinarySearch(pcs[0].Latency.vals, uint64(v))
		return ok
	}
	pcs := fresh()
	a, b := &SM{id: 0, pcs: pcs}, &SM{id: 1, pcs: pcs}
	a.later.ents = append(a.later.ents, latEnt{at: 4, lat: 7}, latEnt{at: 5, lat: 8}, latEnt{at: 9, lat: 12})
	b.later.ents = append(b.later.ents, latEnt{at: 3, lat: 6, sm: 1}, latEnt{at: 5, lat: 9, sm: 1})
	var m AheadMerge
	if held := m.Apply([]*SM{a, b}, 5); held != 3 {
		t.Fatalf("%d held after the entries before cycle 5, want 3", held)
	}
	if !exact(pcs, 6) || exact(pcs, 7) || pcs[0].Latency.N != latencyExact+1 {
		t.Fatal("SM 1's latency of cycle 3 did not come before SM 0's of cycle 4")
	}
	// At cycle 5, SM 0's turn comes before SM 1's.
	pcs = fresh()
	a.pcs, b.pcs = pcs, pcs
	a.ApplyDeferredAt(5)
	b.ApplyDeferredAt(5)
	if !exact(pcs, 8) || exact(pcs, 9) || a.Deferred() != 1 || b.Deferred() != 0 {
		t.Fatalf("at cycle 5: %v exact, %d and %d held", pcs[0].Latency.vals, a.Deferred(), b.Deferred())
	}
	if held := m.Apply([]*SM{a, b}, Never); held != 0 || pcs[0].Latency.N != latencyExact-1+3 || len(a.later.ents) != 0 {
		t.Fatalf("%d held, %d recorded after the rest", held, pcs[0].Latency.N)
	}
	// Recorded in the other order, the same.
	pcs = fresh()
	a, b = &SM{id: 0, pcs: pcs}, &SM{id: 1, pcs: pcs}
	b.later.ents = append(b.later.ents, latEnt{at: 4, lat: 11, sm: 1})
	a.later.ents = append(a.later.ents, latEnt{at: 4, lat: 10})
	m.Apply([]*SM{a, b}, Never)
	if !exact(pcs, 10) || exact(pcs, 11) {
		t.Fatal("at one cycle, SM 0's latency did not come before SM 1's")
	}
}
