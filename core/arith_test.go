package core

import "testing"

// TestDivisionFree checks the division-free forms on the hot path against
// the divisions they replace: occupancy against max(init, ceil(t/lanes)),
// modCycle against %, turnOf against (i-first+n)%n, for power-of-two and
// other widths, intervals and partition counts.
func TestDivisionFree(t *testing.T) {
	for lanes := uint32(1); lanes <= 70; lanes++ {
		for _, init := range []uint32{0, 1, 2, 4, 9} {
			for threads := 0; threads <= 130; threads++ {
				want := max(Cycle(init), Cycle((uint32(threads)+lanes-1)/lanes))
				if got := occupancy(init, lanes, threads); got != want {
					t.Fatalf("occupancy(%d, %d, %d) = %d, want %d", init, lanes, threads, got, want)
				}
			}
		}
	}
	for n := Cycle(1); n <= 9; n++ {
		for _, c := range []Cycle{0, 1, 2, 3, 7, 8, 63, 64, 65, 1<<40 + 5, 1<<63 + 3} {
			if got, want := modCycle(c, n), c%n; got != want {
				t.Fatalf("modCycle(%d, %d) = %d, want %d", c, n, got, want)
			}
		}
		for first := 0; first < int(n); first++ {
			for i := 0; i < int(n); i++ {
				if got, want := turnOf(i, first, int(n)), (i-first+int(n))%int(n); got != want {
					t.Fatalf("turnOf(%d, %d, %d) = %d, want %d", i, first, n, got, want)
				}
			}
		}
	}
}
