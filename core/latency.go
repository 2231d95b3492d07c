package core

import (
	"math/bits"
	"sort"
)

// latencyExact is how many distinct latency values one static instruction
// keeps exactly before new values go into the histogram.
const latencyExact = 64

// Histogram layout for values beyond the exact table: values below
// histLinear have a bucket each; above, every power of two [2^k, 2^(k+1))
// is split into histSub equal buckets (a relative width of 1/32: within
// about 3%).
const (
	histLinear  = 64
	histSubBits = 5
	histSub     = 1 << histSubBits
	histBuckets = histLinear + (64-6)*histSub
)

// Latency records the issue-to-completion latencies of one static
// instruction in bounded memory. The count, sum, minimum and maximum are
// exact. The distribution is exact while the instruction has shown at most
// 64 distinct latencies (fixed-latency units show one; memory shows more
// under contention); after that, values not already in the exact table go
// into a log-linear histogram (exact below 64 cycles, 32 buckets per power
// of two above), each bucket standing for its midpoint. The zero value is
// ready to use.
type Latency struct {
	N, Sum   uint64
	Min, Max uint64

	vals []uint64 // distinct values, ascending
	cnts []uint64 // their counts
	last int      // index of the value added last (the common repeat)
	hist []uint64 // overflow buckets; nil until the exact table is full
}

// Add records one latency.
func (l *Latency) Add(c Cycle) {
	v := uint64(c)
	if l.N == 0 || v < l.Min {
		l.Min = v
	}
	l.N++
	l.Sum += v
	l.Max = max(l.Max, v)
	if l.last < len(l.vals) && l.vals[l.last] == v { // the common repeat
		l.cnts[l.last]++
		return
	}
	i, held := l.search(v)
	if held {
		l.cnts[i]++
		l.last = i
		return
	}
	if len(l.vals) < latencyExact {
		l.vals = append(l.vals, 0)
		l.cnts = append(l.cnts, 0)
		copy(l.vals[i+1:], l.vals[i:])
		copy(l.cnts[i+1:], l.cnts[i:])
		l.vals[i], l.cnts[i], l.last = v, 1, i
		return
	}
	if l.hist == nil {
		l.hist = make([]uint64, histBuckets)
	}
	l.hist[histIndex(v)]++
}

// AddIfSettled records c, as Add, when the order in which latencies
// arrive cannot matter for it: its value is held exactly already, or the
// exact table is full (the value then adds to its count or to the
// histogram, whatever came before it). Otherwise it records nothing and
// returns false: c would take a place in the table, and which values get
// one depends on the order.
func (l *Latency) AddIfSettled(c Cycle) bool {
	if v := uint64(c); len(l.vals) < latencyExact && (l.last >= len(l.vals) || l.vals[l.last] != v) {
		if _, held := l.search(v); !held {
			return false
		}
	}
	l.Add(c)
	return true
}

// search is where v is, or would go, in the exact table (ascending), and
// whether it is there.
func (l *Latency) search(v uint64) (int, bool) {
	i := sort.Search(len(l.vals), func(i int) bool { return l.vals[i] >= v })
	return i, i < len(l.vals) && l.vals[i] == v
}

// Mean is the average latency (0 with no samples).
func (l *Latency) Mean() float64 {
	if l.N == 0 {
		return 0
	}
	return float64(l.Sum) / float64(l.N)
}

// Exact reports whether the distribution is exact (no value went into the
// histogram).
func (l *Latency) Exact() bool { return l.hist == nil }

// Distribution returns the recorded latencies as ascending values with
// their weights (counts), ready for gonum's stat.Quantile. Histogram
// buckets appear as their midpoints, merged with exact values.
func (l *Latency) Distribution() (values, weights []float64) {
	type vw struct{ v, w uint64 }
	all := make([]vw, 0, len(l.vals)+8)
	for i, v := range l.vals {
		all = append(all, vw{v, l.cnts[i]})
	}
	for b, n := range l.hist {
		if n > 0 {
			all = append(all, vw{histMid(b), n})
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].v < all[j].v })
	for _, x := range all {
		if k := len(values); k > 0 && values[k-1] == float64(x.v) {
			weights[k-1] += float64(x.w)
			continue
		}
		values = append(values, float64(x.v))
		weights = append(weights, float64(x.w))
	}
	return values, weights
}

// histIndex is the histogram bucket of v.
func histIndex(v uint64) int {
	if v < histLinear {
		return int(v)
	}
	k := bits.Len64(v) - 1 // 6..63
	sub := int(v>>uint(k-histSubBits)) & (histSub - 1)
	return histLinear + (k-6)*histSub + sub
}

// histMid is the value standing for bucket b: its midpoint, rounded down.
func histMid(b int) uint64 {
	if b < histLinear {
		return uint64(b)
	}
	k := (b-histLinear)/histSub + 6
	sub := uint64((b - histLinear) % histSub)
	width := uint64(1) << uint(k-histSubBits)
	return (histSub+sub)*width + (width-1)/2
}
