package mem

import (
	"fmt"
	"math/bits"
)

// Cache is a sectored, set-associative cache with LRU replacement, holding
// tags and timing only (the data stays in the functional memory). A line is
// present while any of its sectors is valid; each valid sector remembers the
// cycle its data arrives, so a hit on a sector still being filled waits for
// the fill instead of counting as an early hit (what Accel-Sim calls a
// reserved hit and real hardware an MSHR merge). Set index: line number
// modulo the set count. A Cache is not safe for concurrent use.
type Cache struct {
	cfg         CacheConfig
	sets        uint64
	setMask     uint64 // sets-1 when sets is a power of two, else 0
	assoc       int
	lineShift   uint
	sectorShift uint
	perLine     int        // sectors per line
	tags        []uint64   // line number + 1 of way w, 0 when the way holds no line (set s is [s*assoc, (s+1)*assoc))
	ways        []cacheWay // the rest of way w's state
	ready       []Cycle    // way w's sector i is ready at ready[w*perLine+i]
	clock       uint64     // LRU stamp source
	stats       CacheStats
}

type cacheWay struct {
	valid uint32 // sectors present (possibly still being filled); 0 exactly when the tag is 0
	dirty uint32 // sectors written and not yet written back
	used  uint64 // LRU stamp of the last access
}

// CacheStats counts a cache's activity. A lookup is one line of one warp
// access; it is a hit when every requested sector is present, a sector miss
// when the line is present without all of them, and a miss when the line
// is absent.
type CacheStats struct {
	Reads            uint64 // read lookups (loads, atomics)
	ReadHits         uint64
	ReadSectorMisses uint64
	ReadMisses       uint64
	SectorReads      uint64 // sectors requested by read lookups
	SectorReadHits   uint64 // of which present
	PendingHits      uint64 // of those, sectors whose fill was still in flight
	Writes           uint64 // write lookups (stores, atomics at this level, write-backs from above)
	WriteHits        uint64 // the line was present
	WriteMisses      uint64
	SectorWrites     uint64 // sectors written
	Evictions        uint64 // lines replaced
	DirtyEvictions   uint64 // of which had dirty sectors (written back)
	Invalidations    uint64 // sectors dropped by Invalidate and InvalidateAll
}

// Eviction is a line a lookup replaced.
type Eviction struct {
	Addr  uint64 // line address
	Dirty uint32 // sectors that must be written to the next level
}

// ReadResult is the outcome of a read lookup.
type ReadResult struct {
	Hit   uint32 // requested sectors present
	Ready Cycle  // the latest fill cycle among the Hit sectors (0 when none)
	Miss  uint32 // requested sectors absent: now allocated, to be fetched and passed to SetReady
	Way   int    // the line's way (for SetReady)
	Evict Eviction
}

// WriteResult is the outcome of a write lookup.
type WriteResult struct {
	Forward uint32 // sectors to write to the next level now (write-through, or a no-allocate miss)
	Evict   Eviction
}

// NewCache returns an empty cache.
func NewCache(cfg CacheConfig) (*Cache, error) {
	if err := cfg.Validate("cache"); err != nil {
		return nil, err
	}
	sets := uint64(cfg.Sets())
	c := &Cache{
		cfg:         cfg,
		sets:        sets,
		assoc:       cfg.Assoc,
		lineShift:   uint(bits.TrailingZeros(uint(cfg.Line))),
		sectorShift: uint(bits.TrailingZeros(uint(cfg.Sector))),
		perLine:     cfg.Line / cfg.Sector,
	}
	if sets&(sets-1) == 0 {
		c.setMask = sets - 1
	}
	n := int(sets) * cfg.Assoc
	if n/cfg.Assoc != int(sets) || n > 1<<28 {
		return nil, fmt.Errorf("cache: %d sets of %d ways is too many lines", sets, cfg.Assoc)
	}
	c.tags = make([]uint64, n)
	c.ways = make([]cacheWay, n)
	c.ready = make([]Cycle, n*c.perLine)
	return c, nil
}

// Config is the configuration the cache was built with.
func (c *Cache) Config() CacheConfig { return c.cfg }

// Stats returns the counters so far.
func (c *Cache) Stats() CacheStats { return c.stats }

// set returns the ways of the set holding line number ln.
func (c *Cache) set(ln uint64) (base int) {
	if c.setMask != 0 || c.sets == 1 {
		return int(ln&c.setMask) * c.assoc
	}
	return int(ln%c.sets) * c.assoc
}

// find returns the way holding line number ln, or -1.
func (c *Cache) find(ln uint64) int {
	base := c.set(ln)
	tags := c.tags[base : base+c.assoc]
	for i, tag := range tags {
		if tag == ln+1 {
			return base + i
		}
	}
	return -1
}

// allocate picks the way for line number ln (an invalid way first, else the
// least recently used), empties it and reports what it held.
func (c *Cache) allocate(ln uint64) (int, Eviction) {
	base := c.set(ln)
	victim := base
	for w := base; w < base+c.assoc; w++ {
		if c.ways[w].valid == 0 {
			victim = w
			break
		}
		if c.ways[w].used < c.ways[victim].used {
			victim = w
		}
	}
	var ev Eviction
	if v := &c.ways[victim]; v.valid != 0 {
		c.stats.Evictions++
		if v.dirty != 0 {
			c.stats.DirtyEvictions++
			ev = Eviction{Addr: (c.tags[victim] - 1) << c.lineShift, Dirty: v.dirty}
		}
	}
	c.tags[victim] = ln + 1
	c.ways[victim] = cacheWay{}
	return victim, ev
}

func (c *Cache) touch(w int) {
	c.clock++
	c.ways[w].used = c.clock
}

// Read looks up the sectors mask of the line holding addr at cycle now.
// Present sectors hit; absent ones are allocated at once (allocate on
// miss, replacing the LRU line of the set if the line is absent) and
// marked as arriving at now until the caller, having fetched them, calls
// SetReady with their arrival cycle. An empty mask looks nothing up and
// returns Way -1.
func (c *Cache) Read(addr uint64, mask uint32, now Cycle) ReadResult {
	if mask == 0 {
		return ReadResult{Way: -1}
	}
	ln := addr >> c.lineShift
	n := uint64(bits.OnesCount32(mask))
	c.stats.Reads++
	c.stats.SectorReads += n
	w := c.find(ln)
	var r ReadResult
	if w < 0 {
		c.stats.ReadMisses++
		w, r.Evict = c.allocate(ln)
	} else {
		r.Hit = c.ways[w].valid & mask
		for m := r.Hit; m != 0; m &= m - 1 {
			t := c.ready[w*c.perLine+bits.TrailingZeros32(m)]
			r.Ready = max(r.Ready, t)
			if t > now {
				c.stats.PendingHits++
			}
		}
		c.stats.SectorReadHits += uint64(bits.OnesCount32(r.Hit))
		if r.Hit == mask {
			c.stats.ReadHits++
		} else {
			c.stats.ReadSectorMisses++
		}
	}
	c.touch(w)
	r.Way = w
	r.Miss = mask &^ r.Hit
	c.ways[w].valid |= r.Miss
	c.SetReady(w, r.Miss, now)
	return r
}

// SetReady records that the sectors mask of way w arrive at cycle at
// (nothing when mask is 0).
func (c *Cache) SetReady(w int, mask uint32, at Cycle) {
	for m := mask; m != 0; m &= m - 1 {
		c.ready[w*c.perLine+bits.TrailingZeros32(m)] = at
	}
}

// Write applies a write of the sectors mask of the line holding addr at
// cycle now, under the cache's write policy. A present line takes the
// write (it marks the sectors valid, and dirty when write-back); an absent
// one is allocated only when write-allocate. An empty mask does nothing. Whatever the cache does not
// keep dirty is returned in Forward for the next level.
func (c *Cache) Write(addr uint64, mask uint32, now Cycle) WriteResult {
	if mask == 0 {
		return WriteResult{}
	}
	ln := addr >> c.lineShift
	c.stats.Writes++
	c.stats.SectorWrites += uint64(bits.OnesCount32(mask))
	var r WriteResult
	w := c.find(ln)
	if w >= 0 {
		c.stats.WriteHits++
	} else {
		c.stats.WriteMisses++
		if !c.cfg.WriteAllocate {
			r.Forward = mask
			return r
		}
		w, r.Evict = c.allocate(ln)
	}
	c.touch(w)
	way := &c.ways[w]
	// Sectors that were absent become valid now; sectors already present
	// keep their fill cycle (a pending fill still has to arrive).
	c.SetReady(w, mask&^way.valid, now)
	way.valid |= mask
	if c.cfg.WriteBack {
		way.dirty |= mask
	} else {
		r.Forward = mask
	}
	return r
}

// Invalidate drops the sectors mask of the line holding addr, if present,
// and returns those of them that were dirty: the caller writes them to the
// next level or loses them.
func (c *Cache) Invalidate(addr uint64, mask uint32) (dirty uint32) {
	w := c.find(addr >> c.lineShift)
	if w < 0 {
		return 0
	}
	way := &c.ways[w]
	c.stats.Invalidations += uint64(bits.OnesCount32(way.valid & mask))
	dirty = way.dirty & mask
	way.valid &^= mask
	way.dirty &^= mask
	if way.valid == 0 {
		c.tags[w] = 0
	}
	return dirty
}

// Flush appends to buf one Eviction per line holding dirty sectors, marks
// those sectors clean, and returns buf; the caller writes them to the next
// level (a write-back cache at a kernel boundary).
func (c *Cache) Flush(buf []Eviction) []Eviction {
	for i := range c.ways {
		way := &c.ways[i]
		if way.valid != 0 && way.dirty != 0 {
			buf = append(buf, Eviction{Addr: (c.tags[i] - 1) << c.lineShift, Dirty: way.dirty})
			way.dirty = 0
		}
	}
	return buf
}

// InvalidateAll empties the cache (an L1 at a kernel boundary), discarding
// dirty data: Flush first to keep it.
func (c *Cache) InvalidateAll() {
	for i := range c.ways {
		way := &c.ways[i]
		c.stats.Invalidations += uint64(bits.OnesCount32(way.valid))
		*way = cacheWay{}
		c.tags[i] = 0
	}
}
