package sim

import (
	"math/bits"
	"sort"

	"gonum.org/v1/gonum/stat"
)

// HistBin is one bin of the latency histogram: Count warp instructions
// took at least Min and less than Max cycles from issue to completion.
type HistBin struct {
	Min, Max uint64
	Count    uint64
}

// LatencyHistogram bins every executed warp instruction of the launch by
// its issue-to-completion latency, in powers of two ([0,1), [1,2), [2,4),
// [4,8), ...) up to the bin holding the longest; nil in the functional mode.
// Distributions that overflowed their exact table (LatencySummary.Exact
// false) contribute their histogram buckets' midpoints.
func (s *KernelStats) LatencyHistogram() []HistBin {
	t := s.Timing
	if t == nil {
		return nil
	}
	type vw struct{ v, w float64 }
	var all []vw
	for pc := range t.PC {
		if l := &t.PC[pc].Latency; l.N > 0 {
			vals, weights := l.Distribution()
			for i := range vals {
				all = append(all, vw{vals[i], weights[i]})
			}
		}
	}
	if len(all) == 0 {
		return []HistBin{}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].v < all[j].v })
	vals, weights := make([]float64, len(all)), make([]float64, len(all))
	for i, x := range all {
		vals[i], weights[i] = x.v, x.w
	}
	// Dividers 0, 1, 2, 4, ..., 2^k with 2^k above the longest latency.
	n := bits.Len64(uint64(vals[len(vals)-1])) + 1
	div := make([]float64, n+1)
	for i := 1; i <= n; i++ {
		div[i] = float64(uint64(1) << (i - 1))
	}
	counts := stat.Histogram(nil, div, vals, weights)
	out := make([]HistBin, n)
	for i := range out {
		out[i] = HistBin{Min: uint64(div[i]), Max: uint64(div[i+1]), Count: uint64(counts[i])}
	}
	return out
}
