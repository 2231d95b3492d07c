package mem

import (
	"fmt"

	"github.com/gpusim/gpusim/traces"
)

// Allocation placement in global memory.
const (
	// MinAlign is the smallest alignment of an allocation (cudaMalloc
	// guarantees 256 bytes).
	MinAlign uint64 = 256
	// GuardGap is the number of unmapped bytes left after every allocation,
	// so that running off the end of a buffer faults instead of reading its
	// neighbour.
	GuardGap uint64 = 64 << 10
)

// Global is the device's global memory: a set of allocations, each a Segment
// at an explicit, nonzero, aligned base address in [GlobalBase,
// SharedWindow), separated by guard gaps. Addresses outside every allocation
// fault.
type Global struct {
	segs []*Segment // sorted by Base, non-overlapping
	next uint64     // lowest address the next allocation may use
}

// NewGlobal returns an empty global memory.
func NewGlobal() *Global { return &Global{next: GlobalBase} }

// Alloc reserves size zero-filled bytes aligned to align (a power of two,
// or 0; raised to MinAlign) and returns the base address.
func (g *Global) Alloc(size, align uint64) (uint64, error) {
	if align&(align-1) != 0 {
		return 0, fmt.Errorf("global allocation alignment %d is not a power of two", align)
	}
	if align < MinAlign {
		align = MinAlign
	}
	base := (g.next + align - 1) &^ (align - 1)
	if base < g.next || size > SharedWindow-base || SharedWindow-base-size < GuardGap {
		return 0, fmt.Errorf("global allocation of %d bytes does not fit below 0x%016x", size, SharedWindow)
	}
	g.segs = append(g.segs, &Segment{Space: traces.SpaceGlobal, Base: base, Data: make([]byte, size)})
	g.next = base + size + GuardGap
	return base, nil
}

// Find returns the allocation whose range starts at or below addr (the one
// that contains addr if any), or nil. Callers may keep the pointer: an
// allocation never moves.
func (g *Global) Find(addr uint64) *Segment {
	lo, hi := 0, len(g.segs)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if g.segs[mid].Base <= addr {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return nil
	}
	return g.segs[lo-1]
}

// Holding returns the allocation that holds addr, trying *last first (the
// one a caller's previous access hit) and making the one found *last; nil
// when none holds it (*last is then left as it was).
func (g *Global) Holding(last **Segment, addr uint64) *Segment {
	s := *last
	if s == nil || addr-s.Base >= uint64(len(s.Data)) {
		if s = g.Find(addr); s == nil || addr-s.Base >= uint64(len(s.Data)) {
			return nil
		}
		*last = s
	}
	return s
}

// Slice returns the n bytes at addr for a device access; see Segment.Slice.
// The n bytes must lie inside one allocation.
func (g *Global) Slice(addr uint64, n int, write bool) ([]byte, error) {
	s := g.Find(addr)
	if s == nil {
		return nil, &Fault{Kind: FaultOutOfRange, Space: traces.SpaceGlobal, Addr: addr, Size: n, Write: write}
	}
	return s.Slice(addr, n, write)
}

// Host returns the n bytes at addr for the host (loading inputs, reading
// results); they must lie inside one allocation.
func (g *Global) Host(addr, n uint64) ([]byte, error) {
	s := g.Find(addr)
	if s == nil {
		return nil, &Fault{Kind: FaultOutOfRange, Space: traces.SpaceGlobal, Addr: addr, Size: int(n)}
	}
	return s.Host(addr, n)
}

// Allocations returns the allocations in address order (for reports and
// host access); the slice and the segments belong to g.
func (g *Global) Allocations() []*Segment { return g.segs }
