package core

import (
	"cmp"
	"slices"
)

// An SM may step ahead of the clock (sim's run-ahead) at cycles at which
// its step touches only the SM: what it does cannot depend on other SMs'
// steps of earlier cycles, nor change what they see. What such a step
// records is the same as in the single-threaded order (every SM at a
// cycle, then the next cycle) but for the per-instruction latency tables,
// which keep the first 64 distinct values of an instruction exactly
// (Latency): a latency that would take a place in its table is held back
// in the SM's deferred log and added in the single-threaded order by
// AheadMerge and ApplyDeferredAt. The others go in at once
// (Latency.AddIfSettled): a value the table holds already was admitted by
// an add that comes before in that order, and once the table is full, its
// values are the ones the single-threaded order admits, so where a later
// value goes (its count, or the histogram) does not depend on the order.

// CanStepAhead reports whether SM s's step at cycle now touches only the
// SM, so that it may run ahead of the other SMs' steps (sim's run-ahead)
// or beside them (the parallel clock): no warp due then has next an
// instruction that reaches shared state (nor a run of AMD hints before
// one, executed in the same step). Warps not due at the start of the step
// cannot issue in it: another warp's issue or barrier release wakes them
// for a later cycle, or for one in which their partition does not issue.
func (s *SM) CanStepAhead(now Cycle) bool {
	for i, w := range s.pwake {
		p := &s.parts[i]
		if w > now || p.blockers == 0 {
			continue
		}
		for j := range p.ws[:len(p.warps)] {
			if ws := &p.ws[j]; ws.wake <= now && !ws.ahead {
				return false
			}
		}
	}
	return true
}

// StepAhead is Step for a step ahead of the other SMs (CanStepAhead): the
// latencies it records that would take a place in their table go to the
// SM's deferred log.
func (s *SM) StepAhead(now Cycle) error {
	s.deferring = true
	err := s.Step(now)
	s.deferring = false
	return err
}

// Deferred is how many latencies the SM holds back.
func (s *SM) Deferred() int { return len(s.later.ents) - s.laterHead }

// ApplyDeferredAt adds the latencies SM s deferred at cycle now to its
// per-instruction counters: at its turn in the clock's loop over the SMs
// at now, when AheadMerge has added those of earlier cycles.
func (s *SM) ApplyDeferredAt(now Cycle) {
	l := s.later.ents
	for s.laterHead < len(l) && l[s.laterHead].at <= now {
		e := &l[s.laterHead]
		s.pcs[e.pc].Latency.Add(e.lat)
		s.laterHead++
	}
	s.dropApplied()
}

// dropApplied empties the deferred log once all of it is applied.
func (s *SM) dropApplied() {
	if s.laterHead == len(s.later.ents) {
		s.later.ents, s.laterHead = s.later.ents[:0], 0
	}
}

// AheadMerge adds the latencies SMs deferred to their per-instruction
// counters in the single-threaded order. The zero value is ready; its
// buffer is reused.
type AheadMerge struct {
	buf []aheadEnt
}

// aheadEnt is a deferred latency and the SM holding it.
type aheadEnt struct {
	latEnt
	s *SM
}

// Apply adds the latencies sms deferred at cycles before upTo (all of
// them for Never): by cycle, then by position in sms (the order in which
// the clock steps them at a cycle), then as recorded. It returns how many
// they still hold.
func (m *AheadMerge) Apply(sms []*SM, upTo Cycle) int {
	m.buf = m.buf[:0]
	held := 0
	for _, s := range sms {
		l := s.later.ents
		for k := s.laterHead; k < len(l) && l[k].at < upTo; k++ {
			m.buf = append(m.buf, aheadEnt{l[k], s})
			s.laterHead++
		}
		s.dropApplied()
		held += s.Deferred()
	}
	// Stable: at one cycle the SMs' entries stay in sms order and each
	// SM's in its own. (Often they are in order already: one cycle's.)
	byCycle := func(a, b aheadEnt) int { return cmp.Compare(a.at, b.at) }
	if !slices.IsSortedFunc(m.buf, byCycle) {
		slices.SortStableFunc(m.buf, byCycle)
	}
	for i := range m.buf {
		e := &m.buf[i]
		e.s.pcs[e.pc].Latency.Add(e.lat)
	}
	return held
}
