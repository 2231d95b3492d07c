package mem

import (
	"unsafe"

	"github.com/gpusim/gpusim/internal/sat"
)

// Footprint is the host memory a cache of this configuration allocates
// (tags, way state and per-sector fill times), saturating at the largest
// uint64 for absurd configurations; 0 when the configuration is invalid.
func (c CacheConfig) Footprint() uint64 {
	if c.Validate("cache") != nil {
		return 0
	}
	lines := sat.Mul(uint64(c.Sets()), uint64(c.Assoc))
	perLine := uint64(8 + unsafe.Sizeof(cacheWay{}) + uintptr(c.Line/c.Sector)*8)
	return sat.Mul(lines, perLine)
}

// Footprint is the host memory NewHierarchy allocates: an L1, a bank model
// and scratch per SM, the L2 and the queues.
func (c *HierarchyConfig) Footprint() uint64 {
	scratch := uint64(unsafe.Sizeof(Banks{})) + uint64(2*max(0, c.Shared.Banks)+4)*8 + // the bank model's words
		lineScratch*uint64(unsafe.Sizeof(LineReq{})) + addrScratch*8
	n := sat.Mul(uint64(max(0, c.SMs)), sat.Add(c.L1.Footprint(), uint64(unsafe.Sizeof(smState{}))+scratch))
	n = sat.Add(n, c.L2.Footprint())
	return sat.Add(n, uint64(max(1, c.L2Slices))*uint64(unsafe.Sizeof(channel{})))
}
