package mem

import (
	"errors"
	"fmt"
	"math"

	"github.com/gpusim/gpusim/diag"
)

// CacheConfig is one cache level. Sizes are in bytes, Latency in cycles.
type CacheConfig struct {
	Size   int // capacity in bytes (L1: per SM; L2: the whole GPU)
	Line   int // line size in bytes: a power of two
	Sector int // sector size in bytes, the fill and valid granularity: a power of two dividing Line, at most 32 per line
	Assoc  int // ways per set; Size must be a multiple of Line*Assoc (the set count need not be a power of two)
	// Latency is the load-to-use cycles of a hit, from the cycle the
	// request reaches this level.
	Latency int
	// WriteBack keeps written sectors dirty in the cache and writes them to
	// the next level on eviction; otherwise every write is forwarded at once
	// (write-through).
	WriteBack bool
	// WriteAllocate allocates a line on a write miss (the written sectors
	// become valid without a fetch: the level keeps byte masks, as NVIDIA's
	// L2 does); otherwise a write miss only goes to the next level.
	WriteAllocate bool
}

// Sets is the number of sets, Size / (Line * Assoc).
func (c *CacheConfig) Sets() int { return c.Size / (c.Line * c.Assoc) }

// maxLines bounds the lines of one cache, so that its tag arrays stay
// allocatable.
const maxLines = 1 << 28

// Validate reports every nonsensical field, each error naming it after
// name (for example "l1.line: 96 is not a power of two").
func (c *CacheConfig) Validate(name string) error { return join(c.problems(name)) }

func (c *CacheConfig) problems(name string) []*diag.Error {
	var p problems
	bad := func(field string, format string, args ...any) { p.add(name+"."+field, format, args...) }
	if !isPow2(c.Line) {
		bad("line", "%d is not a positive power of two", c.Line)
	}
	if !isPow2(c.Sector) {
		bad("sector", "%d is not a positive power of two", c.Sector)
	} else if isPow2(c.Line) {
		if c.Sector > c.Line {
			bad("sector", "%d is larger than the line (%d)", c.Sector, c.Line)
		} else if c.Line/c.Sector > maxSectors {
			bad("sector", "%d gives %d sectors per %d-byte line, more than %d", c.Sector, c.Line/c.Sector, c.Line, maxSectors)
		}
	}
	if c.Assoc < 1 {
		bad("assoc", "%d ways: need at least 1", c.Assoc)
	}
	switch {
	case c.Size < 1:
		bad("size", "%d bytes: need a positive size", c.Size)
	case c.Line > 0 && c.Assoc > 0 && c.Size%(c.Line*c.Assoc) != 0:
		bad("size", "%d bytes is not a whole number of sets of %d ways of %d-byte lines", c.Size, c.Assoc, c.Line)
	case c.Line > 0 && c.Size/c.Line > maxLines:
		bad("size", "%d bytes is %d lines, more than gpusim models (%d)", c.Size, c.Size/c.Line, maxLines)
	}
	if c.Latency < 0 {
		bad("latency", "%d cycles is negative", c.Latency)
	}
	return p
}

// SharedConfig is shared memory (AMD: LDS).
type SharedConfig struct {
	Banks     int // number of banks: a power of two (NVIDIA and AMD: 32)
	BankWidth int // bytes per bank word: a power of two (4)
	// Latency is the load-to-use cycles of a conflict-free access; every
	// extra pass a bank conflict causes adds one cycle.
	Latency int
	// NoConflicts times every access as conflict-free (config bank_conflict
	// = "none"): only the bandwidth phases remain.
	NoConflicts bool
}

// Validate reports every nonsensical field.
func (s *SharedConfig) Validate() error { return join(s.problems()) }

func (s *SharedConfig) problems() []*diag.Error {
	var p problems
	if !isPow2(s.Banks) || s.Banks > 1<<16 {
		p.add("shared.banks", "%d is not a power of two from 1 to 65536", s.Banks)
	}
	if !isPow2(s.BankWidth) || s.BankWidth > 1<<16 {
		p.add("shared.bank_width", "%d is not a power of two from 1 to 65536", s.BankWidth)
	}
	if s.Latency < 0 {
		p.add("shared.latency", "%d cycles is negative", s.Latency)
	}
	return p
}

// DRAMConfig is device memory.
type DRAMConfig struct {
	// Latency is the load-to-use cycles of an L2 miss on an idle channel,
	// from the cycle the request reaches the L2.
	Latency int
	// Bandwidth is bytes per core cycle (per SM when PerSM); 0 means
	// unlimited.
	Bandwidth float64
	// PerSM gives every SM its own channel of Bandwidth (config
	// bandwidth_per = "sm"); otherwise one channel serves the whole GPU.
	PerSM bool
}

// Validate reports every nonsensical field.
func (d *DRAMConfig) Validate() error { return join(d.problems()) }

func (d *DRAMConfig) problems() []*diag.Error {
	var p problems
	if d.Latency < 0 {
		p.add("dram.latency", "%d cycles is negative", d.Latency)
	}
	p.bandwidth("dram.bandwidth", d.Bandwidth)
	return p
}

// HierarchyConfig is the memory system of one GPU.
type HierarchyConfig struct {
	SMs int // streaming multiprocessors (AMD: CUs), each with its own L1, shared memory and constant cache
	// LineCycles is how many cycles the L1 pipeline spends on each distinct
	// line a warp access touches (tag lookup and data transfer): a warp
	// whose addresses fall in k lines occupies it k*LineCycles cycles, and
	// its i-th line reaches the L1 i*LineCycles cycles after the first.
	LineCycles   int
	ConstLatency int // load-to-use cycles of a constant cache hit (AMD: scalar cache)
	// TexLatency is the load-to-use cycles of a texture or surface access
	// whose texels hit in the L1: the texture pipeline (addressing,
	// filtering) around the unified L1 (texture.go). 0 for machines
	// without texture instructions.
	TexLatency int
	Shared     SharedConfig
	L1         CacheConfig // per SM; its sector is the coalescing granularity
	L2         CacheConfig // shared by all SMs
	// L2Slices splits the L2 into slices by line address (line number
	// modulo L2Slices), each with its own port; 0 or 1 is one slice. The
	// capacity stays one set-associative array: slices only divide the
	// bandwidth.
	L2Slices int
	// L2SliceBandwidth is bytes per cycle each L2 slice moves to or from
	// the SMs (reads and writes together); 0 means unlimited.
	L2SliceBandwidth float64
	DRAM             DRAMConfig
}

// Validate reports every nonsensical field of the configuration.
func (c *HierarchyConfig) Validate() error { return join(c.Problems()) }

// Problems lists every nonsensical field of the configuration, each a
// *diag.Error whose Key is the field's name here ("l1.sector",
// "dram.latency", "line_cycles") and whose message starts with it; the
// caller that knows where the value came from fills in the position.
func (c *HierarchyConfig) Problems() []*diag.Error {
	var p problems
	if c.SMs < 1 || c.SMs > 1<<16 {
		p.add("sms", "%d is not from 1 to 65536", c.SMs)
	}
	if c.LineCycles < 1 {
		p.add("line_cycles", "%d: the L1 needs at least 1 cycle per line", c.LineCycles)
	}
	if c.ConstLatency < 0 {
		p.add("const_latency", "%d cycles is negative", c.ConstLatency)
	}
	if c.TexLatency < 0 {
		p.add("tex_latency", "%d cycles is negative", c.TexLatency)
	}
	if c.L2Slices < 0 {
		p.add("l2.slices", "%d is negative", c.L2Slices)
	}
	p.bandwidth("l2.slice_bandwidth", c.L2SliceBandwidth)
	p = append(p, c.Shared.problems()...)
	p = append(p, c.L1.problems("l1")...)
	p = append(p, c.L2.problems("l2")...)
	p = append(p, c.DRAM.problems()...)
	// Latencies are load-to-use totals: each level's includes the path
	// through the levels above it (a common mistake is entering the
	// increments, as Accel-Sim's configuration does).
	if c.L2.Latency < c.L1.Latency {
		p.add("l2.latency", "%d cycles is below l1.latency (%d): latencies are load-to-use totals, not increments", c.L2.Latency, c.L1.Latency)
	}
	if c.DRAM.Latency < c.L2.Latency {
		p.add("dram.latency", "%d cycles is below l2.latency (%d): latencies are load-to-use totals, not increments", c.DRAM.Latency, c.L2.Latency)
	}
	return p
}

// maxSectors is the most sectors a line may have (a sector mask is 32 bits).
const maxSectors = 32

// maxBandwidth bounds a bandwidth so that a byte costs at least one tick
// of the fixed-point queue clock (see dram.go); minBandwidth so that a
// line's transfer (at most 2^16 bytes) costs at most 2^50 ticks, 2^26
// cycles, far from overflowing the queues' sums.
const (
	maxBandwidth = 1 << 20
	minBandwidth = 1.0 / 1024
)

// problems collects configuration problems as keyed, unpositioned
// *diag.Errors: "key: what is wrong".
type problems []*diag.Error

func (p *problems) add(key, format string, args ...any) {
	*p = append(*p, &diag.Error{Key: key, Msg: key + ": " + fmt.Sprintf(format, args...)})
}

func (p *problems) bandwidth(key string, bw float64) {
	if math.IsNaN(bw) || bw < 0 || bw > maxBandwidth || bw > 0 && bw < minBandwidth {
		p.add(key, "%v bytes per cycle is not 0 (unlimited) or from %v to %d", bw, minBandwidth, maxBandwidth)
	}
}

// join is nil for no problems, else all of them (errors.Join).
func join(ps []*diag.Error) error {
	errs := make([]error, len(ps))
	for i, e := range ps {
		errs[i] = e
	}
	return errors.Join(errs...)
}

func isPow2(n int) bool { return n > 0 && n&(n-1) == 0 }
