package core

// countWarps does the occupancy bookkeeping up to t and adds delta active
// warps to partition p.
func (s *SM) countWarps(p *partition, t Cycle, delta int) {
	s.countActive(t)
	if t > p.since {
		if p.n > 0 {
			p.stats.WarpCycles += uint64(t - p.since)
		}
		p.since = t
	}
	s.nactive += delta
	p.n += delta
	s.stats.PeakWarps = max(s.stats.PeakWarps, s.nactive)
}

// countActive does the SM's occupancy bookkeeping (SMStats.ActiveCycles
// and ResidentWarps) up to t.
func (s *SM) countActive(t Cycle) {
	if t > s.since {
		if s.nactive > 0 {
			d := uint64(t - s.since)
			s.stats.ActiveCycles += d
			s.stats.ResidentWarps += d * uint64(s.nactive)
		}
		s.since = t
	}
}

// setState moves a warp into state r at instruction pc from cycle now on.
func (s *SM) setState(sl *slot, r Reason, pc int32, now Cycle) {
	if sl.state == r && sl.pc == pc {
		return
	}
	s.flushInto(sl, now, r)
	sl.pc = pc
}

// flush counts the warp's current state up to now.
func (s *SM) flush(sl *slot, now Cycle) { s.flushInto(sl, now, sl.state) }

// flushInto counts the warp's current state up to now and puts it in
// state r from then on (from its since, which may be past now).
func (s *SM) flushInto(sl *slot, now Cycle, r Reason) {
	if now > sl.since {
		d := uint64(now - sl.since)
		ps := &s.pcs[sl.pc]
		ps.States[sl.state] += d
		if ps.Units != nil {
			s.blame(ps.Units, sl, d)
		}
		sl.part.stats.States[sl.state] += d
		if s.hook != nil {
			s.traceState(sl, now)
		}
		sl.since = now
	}
	if r != sl.state {
		s.closeState(sl.state, sl.since)
		s.openState(r, sl.since)
		sl.state = r
	}
}

// openState counts a warp into state r from cycle since on (open).
func (s *SM) openState(r Reason, since Cycle) {
	o := &s.open[r]
	o.n++
	o.acc -= uint64(since)
}

// closeState takes a warp that was in state r from since out of open.
func (s *SM) closeState(r Reason, since Cycle) {
	o := &s.open[r]
	o.n--
	o.acc += uint64(since)
}

// traceState announces the warp's current state, from its start to now,
// to the listener (out of flush, whose frame stays small without it).
//
//go:noinline
func (s *SM) traceState(sl *slot, now Cycle) {
	s.hook.State(StateEvent{Where: s.where(sl, sl.pc), State: sl.state, Start: sl.since, End: now})
}

// Finish closes the books at cycle end: every active warp's current state
// and the occupancy integrals are counted up to end.
func (s *SM) Finish(end Cycle) {
	s.flushAll(end)
	for i := range s.parts {
		s.countWarps(&s.parts[i], end, 0)
	}
}

// CountTo counts the SM's occupancy integrals (SMStats.ActiveCycles and
// ResidentWarps) up to cycle b and adds to states the cycles its warps
// spent in each state up to b: what flush counted (PartitionStats.States)
// and, of every active warp, the cycles from its since to b (open),
// without reading a slot or a partition. b must be past every cycle the
// SM stepped at (a warp's since is at most the cycle after its last step).
// With a listener the warps' states are flushed at b instead, so that its
// State events are the ones Finish at b gives.
func (s *SM) CountTo(b Cycle, states *[NumReasons]uint64) {
	if s.hook != nil {
		s.flushAll(b)
	}
	s.countActive(b)
	for r := range states {
		o := &s.open[r]
		states[r] += o.n*uint64(b) + o.acc
	}
}

// flushAll counts every active warp's current state up to t.
func (s *SM) flushAll(t Cycle) {
	for i := range s.slots {
		if sl := &s.slots[i]; !sl.exited {
			s.flush(sl, t)
		}
	}
}

// blame counts d stall cycles of warp sl at an expanded instruction on the
// unit it waits for (expand.go): the one computing the result the
// scoreboard holds it on, or the one that must accept its next micro-op.
func (s *SM) blame(u []PCUnit, sl *slot, d uint64) {
	switch sl.state {
	case ShortScoreboard, LongScoreboard:
		if sl.sbUnit >= 0 {
			u[sl.sbUnit].Scoreboard += d
		}
	case PipeBusy:
		if sl.nunit >= 0 {
			u[sl.nunit].PipeBusy += d
		}
	}
}
