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
//
// The policies visit p.cands, the warps that can issue in p.warps order
// (oldest first): the others would be passed over.
func (s *SM) issueReady(p *partition, now Cycle) error {
	issued := 0
	try := func(c *cand) error {
		if !p.ws[c.i].cand || issued == s.issueW || (s.policy == policyTwoLevel && !c.sl.inActive) {
			return nil
		}
		p.ws[c.i].cand = false
		if f := s.unitNext(p, c.u); f > now {
			// An earlier issue this cycle took the unit.
			s.setState(c.sl, PipeBusy, c.sl.npc, now)
			p.ws[c.i].wake = f
			return nil
		}
		issued++
		return s.issue(p, c.sl, now)
	}
	cands := p.cands
	n := len(cands)
	switch s.policy {
	case policyGTO:
		// (The greedy warp is the partition's and live: exit clears it.
		// Its index, not its slot, spares the step a read of the slot.)
		if g := p.greedy - 1; g >= 0 && p.ws[g].cand {
			for k := range cands {
				if cands[k].i == g {
					if err := try(&cands[k]); err != nil {
						return err
					}
					break
				}
			}
		}
		fallthrough
	case policyOldest:
		for k := 0; k < n && issued < s.issueW; k++ {
			if err := try(&cands[k]); err != nil {
				return err
			}
		}
	default: // lrr, two_level: round robin from the warp after the last issued
		// Ages grow along p.warps: the warps after the last issued are
		// those younger than it.
		start := 0
		for k := range cands {
			if cands[k].sl.age > p.lastAge {
				start = k
				break
			}
		}
		for k := 0; k < n && issued < s.issueW; k++ {
			if err := try(&cands[(start+k)%n]); err != nil {
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
	return now + 1 + modCycle(p.phase+s.interv-modCycle(now+1, s.interv), s.interv)
}

// modCycle is t mod n (n > 0) with a mask where n is a power of two (the
// partition counts and issue intervals of every preset): no division on
// every step.
func modCycle(t, n Cycle) Cycle {
	if n&(n-1) == 0 {
		return t & (n - 1)
	}
	return t % n
}

// twoLevel maintains the two_level active set: warps waiting on memory, a
// barrier or a membar leave it; the longest-pending others join it while
// there is room.
func (s *SM) twoLevel(p *partition) {
	longWait := func(j int, sl *slot) bool {
		return !p.ws[j].cand && (sl.state == LongScoreboard || sl.state == Barrier || sl.state == Membar)
	}
	for j, sl := range p.warps {
		if sl.inActive && longWait(j, sl) {
			sl.inActive = false
			p.nactive--
			sl.pendSeq = s.seq
			s.seq++
		}
	}
	for p.nactive < s.twoLvl {
		var pick *slot
		for j, sl := range p.warps {
			if !sl.inActive && !longWait(j, sl) && (pick == nil || sl.pendSeq < pick.pendSeq) {
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
