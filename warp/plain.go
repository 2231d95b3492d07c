package warp

import (
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// PlainLanes is a load of one es-byte element into vals (a register's
// lanes, zero-extended), or with store a store of one from vals, for the
// len(vals) lanes of a whole warp in lane order while their addresses in a
// hit seg, recording each lane's space sp in a. It returns how many lanes
// it did; the caller does the rest, from the first that missed, on its
// checked path.
func PlainLanes(seg *mem.Segment, a *Access, sp traces.Space, es int, vals []uint64, store bool) int {
	addr := a.Addr[:len(vals)]
	sps := a.Spaces[:len(vals)]
	for l := range addr {
		b := seg.Within(addr[l], es)
		if b == nil {
			return l
		}
		sps[l] = sp
		if store {
			StoreN(b, es, vals[l])
		} else {
			vals[l] = LoadN(b, es)
		}
	}
	return len(addr)
}
