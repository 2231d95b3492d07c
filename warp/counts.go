package warp

// PCCounts is a launch's per-instruction counters, one table per SM: the
// warps resident on one SM count into that SM's table. Sharing a table
// keeps the counters a warp instruction touches in a few cache lines per
// SM, where a table per warp costs a cache miss per instruction once many
// warps are resident (issue 14). The tables are summed at the end; the
// sums do not depend on which warp counted what.
//
// For is called when a block is placed (by one goroutine); each table is
// then written only by the goroutine that steps its SM.
type PCCounts struct {
	n   int // static instructions
	per [][]PCCount
}

// NewPCCounts makes the counters of a kernel of n static instructions.
func NewPCCounts(n int) PCCounts { return PCCounts{n: n} }

// For is SM sm's table, made on first use.
func (c *PCCounts) For(sm uint32) []PCCount {
	if int(sm) >= len(c.per) {
		c.per = append(c.per, make([][]PCCount, int(sm)+1-len(c.per))...)
	}
	if c.per[sm] == nil {
		c.per[sm] = make([]PCCount, c.n)
	}
	return c.per[sm]
}

// Each calls add with every SM's table, in SM order.
func (c *PCCounts) Each(add func([]PCCount)) {
	for _, t := range c.per {
		if t != nil {
			add(t)
		}
	}
}
