package mem

import (
	"fmt"
	"sort"

	"github.com/gpusim/gpusim/traces"
)

// Adopt makes data, memory that the caller owns, the global allocation at
// base. The CUDA runtime (sim/cuda) uses it to back device memory with host
// memory mapped at the same address, so that a device pointer is also a
// host pointer (cudaMallocManaged, mapped host memory). base must be
// MinAlign-aligned and the range must lie in [GlobalBase, SharedWindow)
// without overlapping another allocation; leaving guard gaps between
// allocations is the caller's choice. The segment aliases data: device
// stores are visible to the host at once and host stores to the device.
func (g *Global) Adopt(base uint64, data []byte) (*Segment, error) {
	size := uint64(len(data))
	switch {
	case base&(MinAlign-1) != 0:
		return nil, fmt.Errorf("global allocation at 0x%016x is not %d-byte aligned", base, MinAlign)
	case base < GlobalBase || size > SharedWindow-base:
		return nil, fmt.Errorf("global allocation of %d bytes at 0x%016x is outside [0x%016x, 0x%016x)", size, base, GlobalBase, SharedWindow)
	}
	i := sort.Search(len(g.segs), func(i int) bool { return g.segs[i].Base >= base })
	if i > 0 {
		if p := g.segs[i-1]; p.Base+uint64(len(p.Data)) > base {
			return nil, fmt.Errorf("global allocation at 0x%016x overlaps the one at 0x%016x", base, p.Base)
		}
	}
	if i < len(g.segs) && (g.segs[i].Base == base || base+size > g.segs[i].Base) {
		return nil, fmt.Errorf("global allocation at 0x%016x overlaps the one at 0x%016x", base, g.segs[i].Base)
	}
	s := &Segment{Space: traces.SpaceGlobal, Base: base, Data: data}
	g.segs = append(g.segs, nil)
	copy(g.segs[i+1:], g.segs[i:])
	g.segs[i] = s
	if end := base + size + GuardGap; end > g.next {
		g.next = end // Alloc keeps clear of adopted memory
	}
	return s, nil
}

// Release removes the allocation that starts at base and reports whether
// there was one. The memory itself stays the caller's.
func (g *Global) Release(base uint64) bool {
	i := sort.Search(len(g.segs), func(i int) bool { return g.segs[i].Base >= base })
	if i == len(g.segs) || g.segs[i].Base != base {
		return false
	}
	g.segs = append(g.segs[:i], g.segs[i+1:]...)
	return true
}
