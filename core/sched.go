package core

// Scheduling policies (scheduler.policy), applied per partition among the
// warps that can issue this cycle:
//   - lrr: loose round robin, starting after the warp issued last;
//   - gto: greedy then oldest: the warp issued last while it can, else the
//     oldest (first dispatched);
//   - oldest: always the oldest;
//   - two_level: round robin within an active set of two_level_active
//     warps; a warp waiting on memory, a barrier or a membar leaves the
//     set, and the warp pending longest that is not takes its place.

// issueReady issues up to issue_width of p's ready warps in the order of
// the scheduling policy.
func (s *SM) issueReady(p *partition, now Cycle) error {
	issued := 0
	try := func(sl *slot) error {
		if !sl.cand || issued == s.issueW || (s.policy == policyTwoLevel && !sl.inActive) {
			return nil
		}
		if f := s.nextFree(p, sl); f > now {
			// An earlier issue this cycle took the unit.
			sl.cand = false
			s.setState(sl, PipeBusy, sl.npc, now)
			sl.setWake(f)
			return nil
		}
		sl.cand = false
		issued++
		return s.issue(p, sl, now)
	}
	n := len(p.warps)
	switch s.policy {
	case policyGTO:
		if g := p.greedy; g != nil && !g.exited && g.part == p {
			if err := try(g); err != nil {
				return err
			}
		}
		fallthrough
	case policyOldest:
		for i := 0; i < n && issued < s.issueW; i++ {
			if err := try(p.warps[i]); err != nil {
				return err
			}
		}
	default: // lrr, two_level: round robin from the warp after the last issued
		start := 0
		for i, sl := range p.warps {
			if sl.age > p.lastAge {
				start = i
				break
			}
		}
		for k := 0; k < n && issued < s.issueW; k++ {
			if err := try(p.warps[(start+k)%n]); err != nil {
				return err
			}
		}
	}
	if issued > 0 {
		p.stats.IssueCycles++
	}
	return nil
}

// nextSlot is the first cycle after now at which partition p may issue.
func (s *SM) nextSlot(p *partition, now Cycle) Cycle {
	if s.interv == 1 {
		return now + 1
	}
	return now + 1 + (p.phase+s.interv-(now+1)%s.interv)%s.interv
}

// twoLevel maintains the two_level active set: warps waiting on memory, a
// barrier or a membar leave it; the longest-pending others join it while
// there is room.
func (s *SM) twoLevel(p *partition) {
	longWait := func(sl *slot) bool {
		return !sl.cand && (sl.state == LongScoreboard || sl.state == Barrier || sl.state == Membar)
	}
	for _, sl := range p.warps {
		if sl.inActive && longWait(sl) {
			sl.inActive = false
			p.nactive--
			sl.pendSeq = s.seq
			s.seq++
		}
	}
	for p.nactive < s.twoLvl {
		var pick *slot
		for _, sl := range p.warps {
			if !sl.inActive && !longWait(sl) && (pick == nil || sl.pendSeq < pick.pendSeq) {
				pick = sl
			}
		}
		if pick == nil {
			return
		}
		pick.inActive = true
		p.nactive++
	}
}
