package sim

import (
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/mem"
)

// The timing run's time series: the counters are snapshotted at the
// boundaries of equal intervals of simulated time, so reports can plot
// IPC, active warps, warp states and memory traffic over the launch.
//
// The number of intervals is bounded without knowing the length of the
// launch in advance: the sampler starts with intervals of
// minSampleInterval cycles, and whenever maxSamples intervals are full it
// merges neighbours pairwise, doubling the interval. A launch therefore
// ends with between maxSamples/2 and maxSamples full intervals (fewer when
// it is short), and the interval depends on the cycle count alone, so the
// series is deterministic and the same under event skipping and
// cycle-by-cycle stepping (counters do not change in skipped cycles).

const (
	// maxSamples bounds the intervals of a launch (a power of two).
	maxSamples = 128
	// minSampleInterval is the shortest interval, in cycles.
	minSampleInterval = 16
	// progressEvery is how many clock steps pass between two calls of
	// TimingOptions.Progress (a power of two).
	progressEvery = 1 << 12
)

// Samples are a launch's counters per interval of simulated time: interval
// i covers cycles [i*Interval, (i+1)*Interval), the last one ending at the
// launch's last cycle (it may be shorter). Every slice has one entry per
// interval, and each entry is that interval's increase of the counter.
type Samples struct {
	Interval uint64
	// End is the cycle the last interval ends at (the launch's cycles).
	End uint64
	// WarpInsts are the warp instructions issued.
	WarpInsts []uint64
	// ActiveWarpCycles sum the active warps of every SM over the interval's
	// cycles (divide by the interval's length for the average number of
	// active warps on the GPU).
	ActiveWarpCycles []uint64
	// Stalls are the warp-cycles spent in each state (index core.Reason);
	// they sum to ActiveWarpCycles.
	Stalls [core.NumReasons][]uint64
	// Memory traffic requested by instructions issued in the interval:
	// sectors read and found at the L1 and the L2, and DRAM bytes.
	L1SectorReads, L1SectorReadHits []uint64
	L2SectorReads, L2SectorReadHits []uint64
	DRAMReadBytes, DRAMWriteBytes   []uint64
}

// Len is the number of intervals.
func (s *Samples) Len() int { return len(s.WarpInsts) }

// Start is the first cycle of interval i.
func (s *Samples) Start(i int) uint64 { return uint64(i) * s.Interval }

// Cycles is the length of interval i (the last one may be shorter).
func (s *Samples) Cycles(i int) uint64 {
	return min(s.End, uint64(i+1)*s.Interval) - s.Start(i)
}

// snapshot is the cumulative value of every sampled counter at a boundary.
type snapshot struct {
	insts, warpCycles   uint64
	states              [core.NumReasons]uint64
	l1r, l1h, l2r, l2h  uint64
	dramRead, dramWrite uint64
}

// sampler takes the snapshots of one timing run. Its buffer is allocated
// once; taking a snapshot allocates nothing.
type sampler struct {
	interval  core.Cycle
	next      core.Cycle // the next boundary to snapshot
	snaps     []snapshot // snaps[i] is at cycle i*interval
	steps     uint64
	progress  func(cycles, warpInsts uint64)
	viaFinish bool // TimingOptions.finishSamples
}

func newSampler(progress func(cycles, warpInsts uint64), viaFinish bool) *sampler {
	return &sampler{interval: minSampleInterval, next: minSampleInterval, snaps: make([]snapshot, 1, maxSamples+2), progress: progress, viaFinish: viaFinish}
}

// observe is called by the clock at every step, at cycle now before
// anything happens in it: it snapshots the boundaries up to now (every
// event before them has happened) and now and then reports progress.
func (s *sampler) observe(now core.Cycle, sms []*core.SM, stats []core.SMStats, h *mem.Hierarchy) {
	for s.next <= now {
		s.take(s.next, sms, stats, h)
		if len(s.snaps) == maxSamples+1 {
			s.halve()
		} else {
			s.next += s.interval
		}
	}
	if s.progress != nil {
		s.steps++
		if s.steps%progressEvery == 0 {
			s.progress(uint64(now), warpInsts(sms))
		}
	}
}

// take appends the snapshot at boundary b. SM.CountTo(b) counts the
// occupancy integrals up to b and gives the warp states up to b; doing so
// in the middle of the run only splits sums the SM keeps adding to.
func (s *sampler) take(b core.Cycle, sms []*core.SM, stats []core.SMStats, h *mem.Hierarchy) {
	var sn snapshot
	for i, sm := range sms {
		st := &stats[i]
		if s.viaFinish {
			sm.Finish(b)
			for p := range st.Partitions {
				for r, c := range st.Partitions[p].States {
					sn.states[r] += c
				}
			}
		} else {
			sm.CountTo(b, &sn.states)
		}
		sn.insts += st.WarpInsts
		sn.warpCycles += st.ResidentWarps
	}
	if h != nil {
		l1 := h.SMTotals().L1
		sn.l1r, sn.l1h = l1.SectorReads, l1.SectorReadHits
		g := h.Stats()
		sn.l2r, sn.l2h = g.L2.SectorReads, g.L2.SectorReadHits
		sn.dramRead, sn.dramWrite = g.DRAM.ReadBytes, g.DRAM.WriteBytes
	}
	s.snaps = append(s.snaps, sn)
}

// halve keeps every second snapshot: the intervals merge pairwise.
func (s *sampler) halve() {
	n := 0
	for i := 0; i < len(s.snaps); i += 2 {
		s.snaps[n] = s.snaps[i]
		n++
	}
	s.snaps = s.snaps[:n]
	s.interval *= 2
	s.next = core.Cycle(n-1)*s.interval + s.interval
}

// finish takes the last snapshot at end (the books are closed) and returns
// the series.
func (s *sampler) finish(end core.Cycle, sms []*core.SM, stats []core.SMStats, h *mem.Hierarchy) Samples {
	if last := core.Cycle(len(s.snaps)-1) * s.interval; end > last {
		s.take(end, sms, stats, h)
	}
	n := len(s.snaps) - 1
	out := Samples{Interval: uint64(s.interval), End: uint64(end)}
	col := func(f func(*snapshot) uint64) []uint64 {
		v := make([]uint64, n)
		for i := range v {
			v[i] = f(&s.snaps[i+1]) - f(&s.snaps[i])
		}
		return v
	}
	out.WarpInsts = col(func(x *snapshot) uint64 { return x.insts })
	out.ActiveWarpCycles = col(func(x *snapshot) uint64 { return x.warpCycles })
	for r := range out.Stalls {
		out.Stalls[r] = col(func(x *snapshot) uint64 { return x.states[r] })
	}
	out.L1SectorReads = col(func(x *snapshot) uint64 { return x.l1r })
	out.L1SectorReadHits = col(func(x *snapshot) uint64 { return x.l1h })
	out.L2SectorReads = col(func(x *snapshot) uint64 { return x.l2r })
	out.L2SectorReadHits = col(func(x *snapshot) uint64 { return x.l2h })
	out.DRAMReadBytes = col(func(x *snapshot) uint64 { return x.dramRead })
	out.DRAMWriteBytes = col(func(x *snapshot) uint64 { return x.dramWrite })
	return out
}
