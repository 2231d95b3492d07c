package core

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLatencyExact: up to 64 distinct values the distribution is exact,
// with counts, whatever the order of arrival.
func TestLatencyExact(t *testing.T) {
	var l Latency
	var all []uint64
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 5000; i++ {
		v := uint64(r.IntN(64)) * 7
		all = append(all, v)
		l.Add(Cycle(v))
	}
	if !l.Exact() {
		t.Fatal("64 distinct values overflowed the exact table")
	}
	vals, w := l.Distribution()
	slices.Sort(all)
	var got []uint64
	for i, v := range vals {
		for k := 0; k < int(w[i]); k++ {
			got = append(got, uint64(v))
		}
	}
	if !slices.Equal(got, all) {
		t.Fatal("distribution differs from the samples")
	}
	var sum uint64
	for _, v := range all {
		sum += v
	}
	if l.N != 5000 || l.Sum != sum || l.Min != all[0] || l.Max != all[len(all)-1] {
		t.Errorf("N %d Sum %d Min %d Max %d, want 5000 %d %d %d", l.N, l.Sum, l.Min, l.Max, sum, all[0], all[len(all)-1])
	}
}

// TestLatencyHistogram: beyond the exact table, values land in buckets
// whose midpoints are within 1/32 of them; counts and extremes stay exact.
func TestLatencyHistogram(t *testing.T) {
	var l Latency
	for v := uint64(0); v < 64; v++ {
		l.Add(Cycle(v))
	}
	for _, c := range []struct{ v uint64 }{{64}, {100}, {1000}, {4095}, {4096}, {123456789}, {1 << 40}} {
		l.Add(Cycle(c.v))
		b := histIndex(c.v)
		if b < 0 || b >= histBuckets {
			t.Fatalf("%d: bucket %d out of range", c.v, b)
		}
		mid := histMid(b)
		d := float64(mid) - float64(c.v)
		if d < 0 {
			d = -d
		}
		if d > float64(c.v)/32 {
			t.Errorf("%d: bucket %d stands for %d, more than 1/32 away", c.v, b, mid)
		}
		if histIndex(mid) != b {
			t.Errorf("%d: midpoint %d of bucket %d falls in bucket %d", c.v, mid, b, histIndex(mid))
		}
	}
	if l.Exact() || l.N != 71 || l.Max != 1<<40 || l.Min != 0 {
		t.Errorf("exact %v N %d Max %d Min %d", l.Exact(), l.N, l.Max, l.Min)
	}
	_, w := l.Distribution()
	total := 0.0
	for _, x := range w {
		total += x
	}
	if total != 71 {
		t.Errorf("weights sum to %v, want 71", total)
	}
	// Buckets are contiguous and increasing.
	for b := 1; b < histBuckets; b++ {
		if histMid(b) <= histMid(b-1) {
			t.Fatalf("bucket %d midpoint %d not above bucket %d's %d", b, histMid(b), b-1, histMid(b-1))
		}
	}
}

// TestLatencyNoAlloc: repeating known values allocates nothing.
func TestLatencyNoAlloc(t *testing.T) {
	var l Latency
	l.Add(4)
	l.Add(19)
	if n := testing.AllocsPerRun(100, func() { l.Add(4); l.Add(19) }); n != 0 {
		t.Errorf("%v allocations per repeat", n)
	}
}

// TestLatencyAddIfSettled: a value the exact table holds, or any value
// once the table is full, is recorded; a new value while there is room is
// not (its place would depend on the order).
func TestLatencyAddIfSettled(t *testing.T) {
	var l Latency
	l.Add(5)
	if !l.AddIfSettled(5) || l.N != 2 || l.cnts[0] != 2 {
		t.Fatalf("a held value: N %d", l.N)
	}
	if l.AddIfSettled(6) || l.N != 2 || len(l.vals) != 1 || l.Max != 5 {
		t.Fatalf("a new value with room was recorded: N %d, %v", l.N, l.vals)
	}
	for v := range latencyExact - 1 {
		l.Add(Cycle(100 + v))
	}
	if !l.AddIfSettled(6) || l.N != latencyExact+2 || l.Exact() || l.Min != 5 {
		t.Fatalf("a new value on a full table: N %d, exact %v", l.N, l.Exact())
	}
	if !l.AddIfSettled(100) || l.cnts[1] != 2 {
		t.Fatal("a held value on a full table")
	}
}
