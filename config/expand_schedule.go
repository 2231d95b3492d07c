package config

import "fmt"

// The timing of one expansion for one warp, as package core issues it: the
// ops in order, at most one a cycle; each op waits for the PTX sources it
// reads (In; an op writing the destination also for the destination's
// pending write), for the results of the earlier ops it reads (Deps), for a
// taken control transfer before it (the branch unit's latency, at least
// one cycle, plus scheduler.taken_branch_penalty) and for an instance of
// its unit to accept it (a unit stays busy Unit.IssueCycles of a full warp
// after each op). Its result is readable Latency cycles after it issues.
// Every figure comes from the machine's routes (Machine.Route of each op's
// key), so -set overrides move them as they move the timing model.

// Timed is one op of a scheduled sequence.
type Timed struct {
	Issue, Ready int
	// Why is the op of the sequence that held it last (-1: none, its
	// sources, or an op of an earlier instruction).
	Why int
}

// expScheduler is one warp issuing ops through the machine's units.
type expScheduler struct {
	m       *Machine
	width   int
	penalty int
	next    int           // the earliest cycle the next op may issue
	prev    int           // the op of the current sequence issued last (-1: none)
	free    map[int][]int // per unit: when each instance accepts the next op
	owner   map[int][]int // per unit instance: the op of the current sequence occupying it (-1: none)
}

func newExpScheduler(m *Machine) *expScheduler {
	return &expScheduler{m: m, width: max(1, m.GPU.WarpSize), penalty: max(0, m.Scheduler.TakenBranchPenalty),
		prev: -1, free: map[int][]int{}, owner: map[int][]int{}}
}

// run schedules seq after whatever the scheduler issued before, with the
// PTX sources readable at src. flip is the index of an op whose Taken is
// inverted (the slow path's branch, which goes the other way), -1 none.
func (x *expScheduler) run(seq []MicroOp, src, flip int) ([]Timed, error) {
	out := make([]Timed, len(seq))
	x.prev = -1
	for _, o := range x.owner {
		for k := range o {
			o[k] = -1
		}
	}
	for i, op := range seq {
		r, ok := x.m.Route(op.Key)
		if !ok {
			return nil, fmt.Errorf("op %d (%s): key %q has no route", i, op.SASS, op.Key)
		}
		t, w := x.next, x.prev
		if (len(op.In) > 0 || op.Out) && src > t {
			t, w = src, -1
		}
		for _, d := range op.Deps {
			if out[d].Ready > t || (out[d].Ready == t && w == i-1) {
				t, w = out[d].Ready, d
			}
		}
		u := &x.m.Units[r.Unit]
		fr := x.free[r.Unit]
		if fr == nil {
			fr = make([]int, max(1, u.Count))
			x.free[r.Unit] = fr
			x.owner[r.Unit] = make([]int, len(fr))
			for k := range fr {
				x.owner[r.Unit][k] = -1
			}
		}
		inst := 0
		for k := range fr {
			if fr[k] < fr[inst] {
				inst = k
			}
		}
		if fr[inst] > t {
			t, w = fr[inst], x.owner[r.Unit][inst]
		}
		lat := max(r.Latency, 0)
		out[i] = Timed{Issue: t, Ready: t + lat, Why: w}
		occ := max(r.Initiation, 1, (x.width+max(1, u.Lanes)-1)/max(1, u.Lanes))
		fr[inst], x.owner[r.Unit][inst] = t+occ, i
		x.next, x.prev = t+1, i
		if op.Taken != (i == flip) {
			x.next = t + max(1, lat) + x.penalty
		}
	}
	return out, nil
}

// result is the index of the op whose result completes the destination:
// the last-ready op writing it (the last op when none is marked).
func result(seq []MicroOp, ts []Timed) int {
	last := -1
	for i, op := range seq {
		if op.Out && (last < 0 || ts[i].Ready >= ts[last].Ready) {
			last = i
		}
	}
	if last < 0 {
		last = len(seq) - 1
	}
	return last
}

// critical marks the chain of ops that set op last's time.
func critical(ts []Timed, last int) []bool {
	crit := make([]bool, len(ts))
	for i := last; i >= 0; i = ts[i].Why {
		crit[i] = true
	}
	return crit
}

// Schedule issues the form's ops for one warp on machine m, with its PTX
// sources readable at cycle 0 and the first op issued at 0 (see above), and
// returns the cycle its destination is readable (the last-ready op writing
// it; 0 for a form of no ops) and which ops are on the critical path: the
// chain of ops that set that time, each held by the op whose result it
// waited for, by the op issued before it (in order, or a taken branch's
// wait), or by the op occupying its unit.
func (f *ExpansionForm) Schedule(m *Machine) (cycles int, crit []bool, err error) {
	return scheduleSeq(m, f.Ops, -1)
}

// SlowSequence is what a warp issues on the slow path: the fast ops up to
// and including the slow path's branch, then SlowOps; nil without SlowOps.
// The branch (index Slow.Branch) goes the other way there: its Taken is
// inverted in the timing.
func (f *ExpansionForm) SlowSequence() []MicroOp {
	if f.Slow == nil || len(f.SlowOps) == 0 {
		return nil
	}
	seq := append([]MicroOp{}, f.Ops[:f.Slow.Branch+1]...)
	return append(seq, f.SlowOps...)
}

// SlowSchedule is Schedule for the slow path's sequence (SlowSequence);
// 0 cycles without SlowOps.
func (f *ExpansionForm) SlowSchedule(m *Machine) (cycles int, crit []bool, err error) {
	seq := f.SlowSequence()
	if seq == nil {
		return 0, nil, nil
	}
	return scheduleSeq(m, seq, f.Slow.Branch)
}

func scheduleSeq(m *Machine, seq []MicroOp, flip int) (int, []bool, error) {
	if len(seq) == 0 {
		return 0, []bool{}, nil
	}
	ts, err := newExpScheduler(m).run(seq, 0, flip)
	if err != nil {
		return 0, nil, err
	}
	last := result(seq, ts)
	return ts[last].Ready, critical(ts, last), nil
}

// Chain is the cost per instruction, in cycles, of a long dependent chain
// of the form on machine m (ChainTimes of n instances): the steady state,
// the cycles between the destinations of the middle and the last
// instance, per instance.
func (f *ExpansionForm) Chain(m *Machine, n int, slow bool) (float64, error) {
	dest, err := f.ChainTimes(m, n, slow)
	if err != nil || n < 2 {
		return 0, err
	}
	mid := n / 2
	return float64(dest[n-1]-dest[mid-1]) / float64(n-mid), nil
}

// ChainTimes issues n instances of the form back to back for one warp on
// machine m, every PTX source of each the destination of the one before
// (the first's sources readable at 0), on the fast path (slow: the slow
// path) throughout, and returns the cycle each instance's destination is
// readable.
func (f *ExpansionForm) ChainTimes(m *Machine, n int, slow bool) ([]int, error) {
	seq, flip := f.Ops, -1
	if slow {
		if seq = f.SlowSequence(); seq == nil {
			return nil, fmt.Errorf("%s has no slow path sequence", f.PTX)
		}
		flip = f.Slow.Branch
	}
	dest := make([]int, n)
	if len(seq) == 0 {
		return dest, nil
	}
	x := newExpScheduler(m)
	src := 0
	for k := range dest {
		ts, err := x.run(seq, src, flip)
		if err != nil {
			return nil, err
		}
		dest[k] = ts[result(seq, ts)].Ready
		src = dest[k]
	}
	return dest, nil
}
