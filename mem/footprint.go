package mem

import (
	"math"
	"math/bits"
	"unsafe"
)

// Footprint is the host memory a cache of this configuration allocates
// (tags, way state and per-sector fill times), saturating at the largest
// uint64 for absurd configurations; 0 when the configuration is invalid.
func (c CacheConfig) Footprint() uint64 {
	if c.Validate("cache") != nil {
		return 0
	}
	lines := mulSat(uint64(c.Sets()), uint64(c.Assoc))
	perLine := uint64(8 + unsafe.Sizeof(cacheWay{}) + uintptr(c.Line/c.Sector)*8)
	return mulSat(lines, perLine)
}

// Footprint is the host memory NewHierarchy allocates: an L1 per SM, the
// L2 and the queues.
func (c *HierarchyConfig) Footprint() uint64 {
	n := mulSat(uint64(max(0, c.SMs)), c.L1.Footprint()+uint64(unsafe.Sizeof(smState{})))
	n = addSat(n, c.L2.Footprint())
	return addSat(n, uint64(max(1, c.L2Slices))*uint64(unsafe.Sizeof(channel{})))
}

func mulSat(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

func addSat(a, b uint64) uint64 {
	s, c := bits.Add64(a, b, 0)
	if c != 0 {
		return math.MaxUint64
	}
	return s
}
