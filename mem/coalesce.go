package mem

import (
	"fmt"
	"math/bits"
)

// LineReq is one line a warp access touches and which of its sectors.
type LineReq struct {
	Addr    uint64 // line-aligned byte address
	Sectors uint32 // bit i: sector i of the line (bytes [i*sector, (i+1)*sector)) is touched
}

// NumSectors is how many sectors r touches.
func (r LineReq) NumSectors() int { return bits.OnesCount32(r.Sectors) }

// Coalescer merges a warp's per-lane addresses into sectors grouped by line,
// as NVIDIA's L1 does for global and local accesses (CUDA C Programming
// Guide, compute capability 6.x and later: a warp's request is split into
// the 32-byte sectors it touches, 128-byte line by line) and AMD's vector
// cache does at its own granularity. A lane's bytes that straddle a sector
// or line boundary count in both.
type Coalescer struct {
	lineShift   uint // log2 line bytes
	sectorShift uint // log2 sector bytes
}

// NewCoalescer returns a coalescer for lines and sectors of the given sizes
// in bytes (powers of two, sector at most line, at most 32 sectors a line).
func NewCoalescer(line, sector int) (Coalescer, error) {
	if !isPow2(line) || !isPow2(sector) || sector > line || line/sector > maxSectors {
		return Coalescer{}, fmt.Errorf("coalescer: line %d and sector %d bytes: need powers of two with sector <= line <= %d sectors", line, sector, maxSectors)
	}
	return Coalescer{lineShift: uint(bits.TrailingZeros(uint(line))), sectorShift: uint(bits.TrailingZeros(uint(sector)))}, nil
}

// LineBytes is the line size.
func (c Coalescer) LineBytes() int { return 1 << c.lineShift }

// SectorBytes is the sector size.
func (c Coalescer) SectorBytes() int { return 1 << c.sectorShift }

// Coalesce appends to buf[:0] one LineReq per distinct line that the active
// lanes touch, in the order of the first lane touching each, and returns
// it. Lane i (bit i of mask, i < len(addr)) touches bytes [addr[i],
// addr[i]+size); size 0 counts as 1. It allocates only when buf is too
// small: a buffer of capacity 2*len(addr) never grows for sizes up to a
// sector.
func (c Coalescer) Coalesce(addr []uint64, mask uint64, size int, buf []LineReq) []LineReq {
	buf = buf[:0]
	if len(addr) < 64 {
		mask &= 1<<uint(len(addr)) - 1
	}
	if a, end, ok := unitStride(addr, mask, size); ok {
		return c.span(a, end, buf)
	}
	last := -1 // index in buf of the line touched most recently
	// A lane whose bytes lie in the sector the previous lane ended in adds
	// nothing (the common case: consecutive lanes, consecutive words).
	n := uint64(max(size, 1)) - 1
	prev, have := uint64(0), false
	for m := mask; m != 0; m &= m - 1 {
		a := addr[bits.TrailingZeros64(m)]
		s, e := a>>c.sectorShift, (a+n)>>c.sectorShift
		if a+n < a {
			e = ^uint64(0) >> c.sectorShift // touch clamps at the top of the address space
		}
		if have && s == prev && e == prev {
			continue
		}
		buf, last = c.touch(a, size, buf, last)
		prev, have = e, true
	}
	return buf
}

// unitStride reports whether the lanes of mask are consecutive lanes at
// consecutive elements (lane l+1's address is lane l's plus size: a warp
// reading or writing an array at unit stride) and then the range of bytes
// [a, end] they touch, which does not wrap the address space. Lane
// addresses are those of Coalesce; an empty mask is not a run.
func unitStride(addr []uint64, mask uint64, size int) (a, end uint64, ok bool) {
	lo := bits.TrailingZeros64(mask)
	run := mask >> uint(lo)
	if size < 1 || mask == 0 || run&(run+1) != 0 {
		return 0, 0, false // not one run of lanes
	}
	n := bits.TrailingZeros64(^run) // lanes in the run (1..64)
	lanes := addr[lo : lo+n]
	a, step := lanes[0], uint64(size)
	next := a
	for _, x := range lanes {
		if x != next {
			return 0, 0, false
		}
		next += step
	}
	end = next - 1 // (next 0: the range ends at the top of the address space)
	if end < a {
		return 0, 0, false // wraps: Coalesce's lane-by-lane clamping applies
	}
	return a, end, true
}

// span appends to buf the lines of bytes [a, end] with their sectors, in
// address order: what Coalesce's lane-by-lane walk finds for lanes at
// consecutive elements covering those bytes.
func (c Coalescer) span(a, end uint64, buf []LineReq) []LineReq {
	perLine := c.lineShift - c.sectorShift
	inLine := uint64(1)<<perLine - 1 // a sector's index within its line
	for s, sEnd := a>>c.sectorShift, end>>c.sectorShift; ; {
		last := min(sEnd, s|inLine) // the last sector in s's line
		lo, hi := s&inLine, last&inLine
		buf = append(buf, LineReq{Addr: (s >> perLine) << c.lineShift, Sectors: uint32(uint64(2)<<hi - uint64(1)<<lo)})
		if last == sEnd {
			return buf
		}
		s = last + 1
	}
}

// CoalesceList is Coalesce for a list of addresses of any length (the
// texels of a texture fetch), each size bytes, in list order.
func (c Coalescer) CoalesceList(addr []uint64, size int, buf []LineReq) []LineReq {
	buf = buf[:0]
	last := -1
	for _, a := range addr {
		buf, last = c.touch(a, size, buf, last)
	}
	return buf
}

// touch adds the sectors of bytes [a, a+size) to buf; last is the index of
// the line touched most recently (-1: none), which it returns updated.
func (c Coalescer) touch(a uint64, size int, buf []LineReq, last int) ([]LineReq, int) {
	if size < 1 {
		size = 1
	}
	perLine := c.lineShift - c.sectorShift
	{
		end := a + uint64(size) - 1
		if end < a { // wraps: clamp to the top of the address space
			end = ^uint64(0)
		}
		for s, sEnd := a>>c.sectorShift, end>>c.sectorShift; ; s++ {
			line := (s >> perLine) << c.lineShift
			bit := uint32(1) << (s & (1<<perLine - 1))
			if last < 0 || buf[last].Addr != line {
				last = -1
				for j := range buf {
					if buf[j].Addr == line {
						last = j
						break
					}
				}
				if last < 0 {
					buf = append(buf, LineReq{Addr: line})
					last = len(buf) - 1
				}
			}
			buf[last].Sectors |= bit
			if s == sEnd {
				break
			}
		}
	}
	return buf, last
}
