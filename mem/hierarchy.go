package mem

import (
	"fmt"
	"math/bits"

	"github.com/gpusim/gpusim/traces"
)

// Hierarchy is the memory timing of one GPU: per SM an L1, a shared memory
// and a constant cache; one L2 (optionally in slices) and DRAM shared by
// all SMs. Access times a warp memory instruction at the moment it issues:
// every queue along the way is reserved then, so the answer is final and
// nothing needs ticking. The model:
//
//   - Global and local: the warp's addresses are coalesced into lines and
//     sectors (Coalescer, with the L1's line and sector). The SM's L1
//     pipeline takes the lines one after another, LineCycles each, starting
//     when it is free. Each line's sectors are looked up in the L1: hits
//     are ready L1.Latency cycles after the lookup (or when a fill still in
//     flight lands); misses are allocated and fetched from the L2 slice
//     owning the line, after waiting for that slice's bandwidth, ready
//     L2.Latency cycles after the lookup; L2 misses are fetched from DRAM
//     (see DRAM). A load completes when its last sector is ready.
//   - Stores are written through the L1 (or kept there, if configured
//     write-back) and into the L2 under its policy, consuming slice and DRAM
//     bandwidth; the instruction completes when the L1 pipeline has taken
//     all its lines. Global atomics drop the lines' sectors from the L1 and
//     execute at the L2: a read for the old value, then a write; lanes
//     updating the same address serialise one cycle each. Reductions cost
//     the same bandwidth and complete like stores. Local memory (and .func
//     parameter frames) are timed exactly like global memory; NVIDIA's L1
//     keeping local stores write-back is not modelled.
//   - Shared: the bank model (Banks) gives the passes; the SM's shared pipe
//     takes them one per cycle starting when it is free; a load's data is
//     ready Shared.Latency cycles after the first pass plus one per extra
//     pass. Shared atomics add one pass per extra lane on the same address.
//   - Constant and kernel parameters: the SM's constant cache serves one
//     distinct address per cycle (lanes on the same address share it: a
//     uniform load is one cycle, whatever its size), ready ConstLatency
//     after the first; constant misses are not modelled.
//
// Calls should come in nondecreasing now (across all SMs) for the queues to
// be fair; any order gives a deterministic answer. A Hierarchy is not safe
// for concurrent use.
type Hierarchy struct {
	cfg   HierarchyConfig
	co    Coalescer
	sms   []smState
	l2    *Cache
	slice []channel // L2 slices' ports
	dram  *DRAM

	l1Lat, l2Lat, constLat, sharedLat, lineCycles Cycle
	texLat                                        Cycle

	l1Sector    uint64 // bytes
	l2LineShift uint
	l2SectShift uint
	chunk       uint64 // bytes of an L1 line that fall in one L2 line: min of the line sizes
	chunks      int    // L2 lines per L1 line (1 when the L2 line is at least the L1 line)

	l2Read, l2Write uint64 // bytes between the SMs and the L2

	evict []Eviction // scratch: flushes
}

// Scratch capacities per SM: lines of one access (two per lane at most for
// unaligned wide accesses, and a few more) and lane addresses.
const (
	lineScratch = 2*64 + 8
	addrScratch = 64
)

// smState is one SM's part of the hierarchy. Accesses that stay in it
// (shared memory, constants) touch nothing else, scratch included, so SMs
// on different goroutines may make them at once (core.Gate orders the
// others).
type smState struct {
	l1                          *Cache
	l1Free, sharedFree, cstFree Cycle
	stats                       SMStats
	banks                       *Banks
	lines                       []LineReq // scratch: the current access's lines
	addrs                       []uint64  // scratch: sorted addresses (same-address counting)
}

// NewHierarchy returns an idle memory system with empty caches.
func NewHierarchy(cfg HierarchyConfig) (*Hierarchy, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("memory timing: %w", err)
	}
	h := &Hierarchy{
		cfg:         cfg,
		sms:         make([]smState, cfg.SMs),
		l1Lat:       Cycle(cfg.L1.Latency),
		l2Lat:       Cycle(cfg.L2.Latency),
		constLat:    Cycle(cfg.ConstLatency),
		sharedLat:   Cycle(cfg.Shared.Latency),
		texLat:      Cycle(cfg.TexLatency),
		lineCycles:  Cycle(cfg.LineCycles),
		l1Sector:    uint64(cfg.L1.Sector),
		l2LineShift: uint(bits.TrailingZeros(uint(cfg.L2.Line))),
		l2SectShift: uint(bits.TrailingZeros(uint(cfg.L2.Sector))),
		chunk:       uint64(min(cfg.L1.Line, cfg.L2.Line)),
		chunks:      max(1, cfg.L1.Line/cfg.L2.Line),
	}
	var err error
	if h.co, err = NewCoalescer(cfg.L1.Line, cfg.L1.Sector); err != nil {
		return nil, err
	}
	for i := range h.sms {
		s := &h.sms[i]
		if s.banks, err = NewBanks(cfg.Shared); err != nil {
			return nil, err
		}
		if s.l1, err = NewCache(cfg.L1); err != nil {
			return nil, fmt.Errorf("l1: %w", err)
		}
		s.lines, s.addrs = make([]LineReq, 0, lineScratch), make([]uint64, 0, addrScratch)
	}
	if h.l2, err = NewCache(cfg.L2); err != nil {
		return nil, fmt.Errorf("l2: %w", err)
	}
	h.slice = make([]channel, max(1, cfg.L2Slices))
	for i := range h.slice {
		h.slice[i] = newChannel(cfg.L2SliceBandwidth)
	}
	if h.dram, err = NewDRAM(cfg.DRAM, cfg.SMs); err != nil {
		return nil, err
	}
	return h, nil
}

// Config is the configuration the hierarchy was built with.
func (h *Hierarchy) Config() HierarchyConfig { return h.cfg }

// Access times the warp memory instruction acc that SM sm (0 <= sm < SMs)
// issues at cycle now, updates every cache, queue and counter it touches,
// and returns the cycle it completes: for loads and atomics the cycle the
// last byte of the result is back (when the scoreboard may release the
// destination), for stores and reductions the cycle the SM's pipeline has
// accepted all of it. An access without active lanes completes at now.
func (h *Hierarchy) Access(sm int, now Cycle, acc *WarpAccess) Cycle {
	mask := acc.Mask
	if len(acc.Addr) < 64 {
		mask &= 1<<uint(len(acc.Addr)) - 1
	}
	if mask == 0 {
		return now
	}
	space := acc.Space
	if space == traces.SpaceGeneric {
		space, _ = Resolve(acc.Addr[bits.TrailingZeros64(mask)])
	}
	s := &h.sms[sm]
	switch space {
	case traces.SpaceShared:
		return h.shared(s, now, acc, mask)
	case traces.SpaceConst, traces.SpaceParam:
		return h.constant(s, now, acc, mask)
	case traces.SpaceGlobal, traces.SpaceLocal, traces.SpaceParamFrame:
		if space != traces.SpaceGlobal {
			s.stats.LocalAccesses++
		}
		return h.cached(sm, s, now, acc, mask)
	}
	return now
}

// cached times a global or local access.
func (h *Hierarchy) cached(sm int, s *smState, now Cycle, acc *WarpAccess, mask uint64) Cycle {
	s.lines = h.co.Coalesce(acc.Addr, mask, acc.Size, s.lines)
	return h.lineAccess(sm, s, now, acc.Op, h.l1Lat, acc.Addr, mask)
}

// lineAccess times the lines in s.lines through the SM's L1 pipeline for
// an access of kind op whose L1 hits are ready hitLat after their lookup;
// addr and mask are the lanes' addresses, for atomics' same-address
// serialisation.
func (h *Hierarchy) lineAccess(sm int, s *smState, now Cycle, op AccessOp, hitLat Cycle, addr []uint64, mask uint64) Cycle {
	start := max(now, s.l1Free)
	occupied := Cycle(len(s.lines)) * h.lineCycles
	s.l1Free = start + occupied
	s.stats.L1Busy += occupied
	s.stats.Lines += uint64(len(s.lines))
	done := start + occupied // stores and reductions
	switch op {
	case OpLoad:
		s.stats.Loads++
		done = start
		for i, ln := range s.lines {
			s.stats.Sectors += uint64(ln.NumSectors())
			done = max(done, h.loadLine(sm, s, start+Cycle(i)*h.lineCycles, ln, hitLat))
		}
		s.stats.LoadLatency += done - now
	case OpStore:
		s.stats.Stores++
		for i, ln := range s.lines {
			s.stats.Sectors += uint64(ln.NumSectors())
			t := start + Cycle(i)*h.lineCycles
			w := s.l1.Write(ln.Addr, ln.Sectors, t)
			h.l1Evicted(sm, t, w.Evict)
			if w.Forward != 0 {
				h.l2Access(sm, t, ln.Addr, w.Forward, OpStore)
			}
		}
	case OpAtomic, OpReduce:
		ready := start
		for i, ln := range s.lines {
			s.stats.Sectors += uint64(ln.NumSectors())
			t := start + Cycle(i)*h.lineCycles
			if dirty := s.l1.Invalidate(ln.Addr, ln.Sectors); dirty != 0 {
				h.l2Access(sm, t, ln.Addr, dirty, OpStore)
			}
			ready = max(ready, h.l2Access(sm, t, ln.Addr, ln.Sectors, OpAtomic))
		}
		if op == OpReduce {
			s.stats.Reductions++
		} else {
			s.stats.Atomics++
			done = ready + Cycle(s.sameAddress(addr, mask)-1)
			s.stats.LoadLatency += done - now
		}
	}
	return done
}

// loadLine reads one line's sectors through the L1 at cycle t and returns
// when they are all ready (hits hitLat after the lookup).
func (h *Hierarchy) loadLine(sm int, s *smState, t Cycle, ln LineReq, hitLat Cycle) Cycle {
	r := s.l1.Read(ln.Addr, ln.Sectors, t)
	h.l1Evicted(sm, t, r.Evict)
	var done Cycle
	if r.Hit != 0 {
		done = max(t+hitLat, r.Ready)
	}
	if r.Miss != 0 {
		arrive := h.l2Access(sm, t, ln.Addr, r.Miss, OpLoad)
		s.l1.SetReady(r.Way, r.Miss, arrive)
		done = max(done, arrive)
	}
	return done
}

// l1Evicted writes back the dirty sectors of a line the L1 replaced (only a
// write-back L1 has any).
func (h *Hierarchy) l1Evicted(sm int, t Cycle, ev Eviction) {
	if ev.Dirty != 0 {
		h.l2Access(sm, t, ev.Addr, ev.Dirty, OpStore)
	}
}

// l2Access sends the L1-sized sectors l1Mask of the L1 line at l1Addr to the
// L2 at cycle t: OpLoad reads them, OpStore writes them, OpAtomic reads and
// then writes them. It returns when read data is back at the SM (t for a
// store).
func (h *Hierarchy) l2Access(sm int, t Cycle, l1Addr uint64, l1Mask uint32, op AccessOp) Cycle {
	done := t
	for c := range h.chunks {
		addr, mask, n := h.l2Chunk(l1Addr, l1Mask, c)
		if mask == 0 {
			continue
		}
		sl := &h.slice[(addr>>h.l2LineShift)%uint64(len(h.slice))]
		st, _ := sl.serve(t, n)
		t2 := toCycle(st)
		if op != OpStore {
			h.l2Read += n
			r := h.l2.Read(addr, mask, t2)
			h.l2Evicted(sm, t2, r.Evict)
			var d Cycle
			if r.Hit != 0 {
				d = max(t2+h.l2Lat, r.Ready)
			}
			if r.Miss != 0 {
				arrive := h.dram.Read(sm, t2, uint64(bits.OnesCount32(r.Miss))<<h.l2SectShift)
				h.l2.SetReady(r.Way, r.Miss, arrive)
				d = max(d, arrive)
			}
			done = max(done, d)
		}
		if op != OpLoad {
			h.l2Write += n
			w := h.l2.Write(addr, mask, t2)
			h.l2Evicted(sm, t2, w.Evict)
			if w.Forward != 0 {
				h.dram.Write(sm, t2, n)
			}
		}
	}
	return done
}

// l2Evicted writes a replaced L2 line's dirty sectors to DRAM.
func (h *Hierarchy) l2Evicted(sm int, t Cycle, ev Eviction) {
	if ev.Dirty != 0 {
		h.dram.Write(sm, t, uint64(bits.OnesCount32(ev.Dirty))<<h.l2SectShift)
	}
}

// l2Chunk maps the part of an L1 line request that falls in its c-th L2
// line: that line's address, the L2 sectors covering the requested bytes,
// and how many bytes were requested.
func (h *Hierarchy) l2Chunk(l1Addr uint64, l1Mask uint32, c int) (addr uint64, mask uint32, n uint64) {
	lo := l1Addr + uint64(c)*h.chunk // this chunk's bytes: [lo, lo+h.chunk)
	hi := lo + h.chunk
	addr = lo &^ (uint64(1)<<h.l2LineShift - 1)
	for m := l1Mask; m != 0; m &= m - 1 {
		a := l1Addr + uint64(bits.TrailingZeros32(m))*h.l1Sector
		b := a + h.l1Sector
		a, b = max(a, lo), min(b, hi)
		if a >= b {
			continue
		}
		n += b - a
		first, last := (a-addr)>>h.l2SectShift, (b-1-addr)>>h.l2SectShift
		mask |= (uint32(1)<<(last-first+1) - 1) << first
	}
	return addr, mask, n
}

// shared times a shared memory access.
func (h *Hierarchy) shared(s *smState, now Cycle, acc *WarpAccess, mask uint64) Cycle {
	r := s.banks.Access(acc.Addr, mask, acc.Size)
	passes := Cycle(r.Passes)
	s.stats.SharedPhases += uint64(r.Phases)
	s.stats.SharedPasses += uint64(r.Passes)
	if acc.Op == OpAtomic || acc.Op == OpReduce {
		extra := Cycle(s.sameAddress(acc.Addr, mask) - 1)
		s.stats.SharedSerial += uint64(extra)
		passes += extra
	}
	start := max(now, s.sharedFree)
	s.sharedFree = start + passes
	switch acc.Op {
	case OpLoad:
		s.stats.SharedLoads++
	case OpStore:
		s.stats.SharedStores++
		return start + passes
	case OpReduce:
		s.stats.SharedAtomics++
		return start + passes
	default:
		s.stats.SharedAtomics++
	}
	return start + h.sharedLat + passes - 1
}

// constant times a constant bank or kernel parameter load.
func (h *Hierarchy) constant(s *smState, now Cycle, acc *WarpAccess, mask uint64) Cycle {
	words := Cycle(s.distinctAddrs(acc.Addr, mask, acc.Size))
	s.stats.ConstLoads++
	s.stats.ConstPasses += uint64(words)
	start := max(now, s.cstFree)
	s.cstFree = start + words
	return start + h.constLat + words - 1
}

// sortedActive copies the active lanes' addresses, shifted right by shift,
// into scratch and sorts them.
func (s *smState) sortedActive(addr []uint64, mask uint64, shift uint) []uint64 {
	a := s.addrs[:0]
	for m := mask; m != 0; m &= m - 1 {
		a = append(a, addr[bits.TrailingZeros64(m)]>>shift)
	}
	s.addrs = a[:0]
	sortWords(a)
	return a
}

// sameAddress is the largest number of active lanes sharing one address.
func (s *smState) sameAddress(addr []uint64, mask uint64) int {
	a := s.sortedActive(addr, mask, 0)
	most, run := 0, 0
	for i := range a {
		if i > 0 && a[i] == a[i-1] {
			run++
		} else {
			run = 1
		}
		most = max(most, run)
	}
	return most
}

// distinctAddrs is the number of distinct addresses the active lanes
// load, each rounded down to a multiple of size (a power of two); lanes
// loading the same address share one read.
func (s *smState) distinctAddrs(addr []uint64, mask uint64, size int) int {
	shift := uint(0)
	if size > 1 {
		shift = uint(bits.Len(uint(size - 1)))
	}
	a := s.sortedActive(addr, mask, shift)
	n := 0
	for i := range a {
		if i == 0 || a[i] != a[i-1] {
			n++
		}
	}
	return n
}

// InvalidateL1 empties every SM's L1, as at a kernel launch; a write-back
// L1's dirty sectors are first written to the L2 at cycle now.
func (h *Hierarchy) InvalidateL1(now Cycle) {
	for sm := range h.sms {
		l1 := h.sms[sm].l1
		h.evict = l1.Flush(h.evict[:0])
		for _, ev := range h.evict {
			h.l2Access(sm, now, ev.Addr, ev.Dirty, OpStore)
		}
		l1.InvalidateAll()
	}
}

// Quiet returns the first cycle at which every pipeline and queue of the
// memory system is idle (writes still draining to DRAM included).
func (h *Hierarchy) Quiet() Cycle {
	var q Cycle
	for i := range h.sms {
		s := &h.sms[i]
		q = max(q, s.l1Free, s.sharedFree, s.cstFree)
	}
	for i := range h.slice {
		q = max(q, toCycle(h.slice[i].free))
	}
	for i := range h.dram.ch {
		q = max(q, toCycle(h.dram.ch[i].free))
	}
	return q
}

// SM returns SM sm's counters.
func (h *Hierarchy) SM(sm int) SMStats {
	s := h.sms[sm].stats
	s.L1 = h.sms[sm].l1.Stats()
	return s
}

// SMTotals returns the counters of all SMs added together.
func (h *Hierarchy) SMTotals() SMStats {
	var t SMStats
	for sm := range h.sms {
		s := h.SM(sm)
		t.Add(&s)
	}
	return t
}

// Stats returns the counters of the shared part: L2, slices and DRAM.
func (h *Hierarchy) Stats() GPUStats {
	g := GPUStats{L2: h.l2.Stats(), L2ReadBytes: h.l2Read, L2WriteBytes: h.l2Write, L2Slices: len(h.slice), DRAM: h.dram.Stats()}
	g.L2Busy, g.L2QueueWait = channelTotals(h.slice)
	return g
}
