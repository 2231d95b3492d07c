package warp

// PerGroup hands out one value of T per group of SMs (compute units):
// scratch that warps of SMs that never execute at the same time may share.
// Share says which SMs form a group; an SM past the groups gets a value of
// its own, which is the default (sound as long as one SM's blocks execute
// on one goroutine at a time). Values are made by New on first use.
type PerGroup[T any] struct {
	New   func() *T
	group []int // group[sm]: the goroutine stepping SM sm
	vals  []*T  // vals[k]: group k's, then vals[len(group)+sm] an SM's of its own
}

// Share sets group[sm], the number of the goroutine that steps SM sm; it
// applies to values handed out from then on.
func (p *PerGroup[T]) Share(group []int) {
	p.group = append(p.group[:0], group...)
}

// For is the value for the warps of SM sm.
func (p *PerGroup[T]) For(sm uint32) *T {
	k := len(p.group) + int(sm) // a value of its own
	if int(sm) < len(p.group) {
		k = p.group[sm]
	}
	if k >= len(p.vals) {
		p.vals = append(p.vals, make([]*T, k+1-len(p.vals))...)
	}
	if p.vals[k] == nil {
		p.vals[k] = p.New()
	}
	return p.vals[k]
}
