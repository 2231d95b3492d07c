package sim

import (
	"errors"
	"fmt"
	"time"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/internal/sat"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// TimingOptions tune the timing mode's driver, never its results.
type TimingOptions struct {
	// CycleByCycle steps every SM and evaluates every warp in every cycle
	// instead of jumping the clock to the next event. The numbers are the
	// same; it exists to check that.
	CycleByCycle bool
	// Progress, when set, is called now and then from the running clock
	// with the cycle reached and the warp instructions issued so far (for
	// a progress display; it must return quickly).
	Progress func(cycles, warpInsts uint64)
	// Listener, when not nil, receives every SM's events (core's tracer
	// hook: issues, warp-state spans, completions, memory accesses,
	// blocks), for a timeline or other views of the run.
	Listener core.Listener
	// Workers is how many goroutines step the SMs (the parallel clock,
	// timing_parallel.go); 0 or 1 is one. The results are the same for
	// any number. A Listener or CycleByCycle makes it one.
	Workers int
	// noRunAhead keeps every SM in step with the clock (runAhead): for
	// tests that compare the two.
	noRunAhead bool
	// finishSamples has the sampler count the warp states at each boundary
	// by flushing every warp (SM.Finish) instead of SM.CountTo: for a test
	// that compares the two.
	finishSamples bool
}

// blockRec is one block object of the pool.
type blockRec struct {
	blk SourceBlock
	sm  int
}

// timingRun is the state of one timed launch.
type timingRun struct {
	p      *Prepared
	src    BlockSource
	sms    []*core.SM
	perSM  []int // resident blocks per SM
	maxPer int   // blocks per SM (theoretical occupancy)
	wpb    int
	pool   []*blockRec
	free   []int // pool entries not resident
	next   int   // next block to dispatch, in grid order
	total  int
	rr     int // the SM after the one that got the last block
	live   int // resident blocks
	// finished counts the retired blocks.
	finished int
	retired  []int
	smp      *sampler
	smStats  []core.SMStats
	hier     *mem.Hierarchy
}

// MaxTimingCycles is the most cycles a timed launch may run whatever its
// limits say: every time and counter derived from the clock (memory queue
// ticks at 2^24 per cycle, warp-cycle sums over at most 2^24 resident
// warps) then fits a uint64 exactly.
const MaxTimingCycles = 1 << 39

// cycleLimit is the fault of a timed kernel that reached cycle now, past
// -max-cycles or MaxTimingCycles; nil before either.
func (r *timingRun) cycleLimit(now core.Cycle) error {
	if lim := r.p.Limits; uint64(now) > lim.MaxCycles && lim.MaxCycles != 0 {
		return lim.cyclesError(false, uint64(now))
	}
	if uint64(now) > MaxTimingCycles {
		return &FaultError{Err: &LimitError{Flag: "-max-cycles", Value: MaxTimingCycles,
			msg: fmt.Sprintf("stopped at cycle %d: the timing model counts at most 2^39 cycles (and -max-cycles was 0 or more)", now)}}
	}
	return nil
}

// warpInsts is the number of warp instructions sms have issued so far.
func warpInsts(sms []*core.SM) uint64 {
	var n uint64
	for _, sm := range sms {
		n += sm.WarpInsts()
	}
	return n
}

// stopPoll is how many iterations of the clock loop pass between two looks
// at Limits.Stop (an iteration steps the SMs that can change: far less
// than a millisecond for 256 of them).
const stopPoll = 256

// RunTiming runs the launch cycle by cycle on its machine model: blocks are
// dispatched in grid order, round robin over the SMs that have room (the
// theoretical occupancy bounds each SM's blocks), every SM issues through
// its schedulers and units (package core) with memory timed by the
// hierarchy (package mem), retired blocks make room for the next ones, and
// the clock jumps over cycles in which nothing can happen. It returns the
// kernel's counters with Timing filled in. AMD kernels go to RunTimingAMD.
func RunTiming(p *Prepared, opt TimingOptions) (*KernelStats, error) {
	switch p.Program.ISA {
	case traces.ISAAMDGPU:
		return RunTimingAMD(p, opt)
	case traces.ISAPTX:
	default:
		return nil, diag.At(p.Program.Path, 0, 0, "the timing mode does not run %s kernels; use -mode functional", p.Program.ISA)
	}
	start := time.Now()
	l, err := p.newLaunch()
	if err != nil {
		return nil, err
	}
	src := ptxSource{l}
	_, occ, err := p.Occupancy(src.Width())
	if err != nil {
		return nil, err
	}
	return RunTimingWith(p, src, occ, opt, start)
}

// RunTimingWith is RunTiming for any BlockSource, with the theoretical
// occupancy computed by the caller (its BlocksPerSM bounds dispatch) and
// the time the run started (for the wall-clock figures).
func RunTimingWith(p *Prepared, src BlockSource, occ OccupancyStats, opt TimingOptions, start time.Time) (*KernelStats, error) {
	m := p.Machine
	prog, err := core.NewProgram(p.Kernel, m)
	if err != nil {
		return nil, err
	}
	g := p.Spec.Grid
	resident := min(uint64(gridBlocks(g)), sat.Mul(uint64(m.DispatchUnits()), uint64(max(1, occ.BlocksPerSM))))
	if err := p.checkRunMemory(src.BlockFootprint(), int(resident), prog); err != nil {
		return nil, err
	}
	hier, err := mem.NewHierarchy(core.MemoryConfig(m))
	if err != nil {
		if errs := checkMemory(m); len(errs) > 0 {
			return nil, config.Errors(errs)
		}
		return nil, err
	}
	nsm := m.DispatchUnits()
	smStats := make([]core.SMStats, nsm)
	pcStats := make([]core.PCStats, prog.Len())
	r := &timingRun{
		p: p, src: src, sms: make([]*core.SM, nsm), perSM: make([]int, nsm), maxPer: occ.BlocksPerSM,
		wpb: src.WarpsPerBlock(), total: gridBlocks(g),
		smp: newSampler(opt.Progress, opt.finishSamples), smStats: smStats, hier: hier,
	}
	var par *parClock
	if n := min(opt.Workers, nsm); n > 1 && !opt.CycleByCycle && opt.Listener == nil {
		par = newParClock(r, n, nsm, len(pcStats))
	}
	for i := range r.sms {
		cfg := core.SMConfig{
			ID: i, Machine: m, Program: prog, Memory: hier, Width: src.Width(),
			Stats: &smStats[i], PC: pcStats, CycleByCycle: opt.CycleByCycle, Listener: opt.Listener,
		}
		if par != nil {
			w := par.owner(i)
			cfg.PC, cfg.Gate, cfg.Latencies = w.pcs, w, par.logs[i]
		}
		if r.sms[i], err = core.NewSM(cfg); err != nil {
			return nil, err
		}
	}
	// The SMs one goroutine steps never execute at the same time.
	group := make([]int, nsm)
	if par != nil {
		group = par.groups()
	}
	src.ShareRows(group)
	var end core.Cycle
	if par != nil {
		end, err = r.runParallel(par, pcStats)
	} else {
		end, err = r.run(opt.CycleByCycle, opt.Listener == nil && !opt.noRunAhead)
	}
	var partial *Partial
	if err != nil {
		var fe *FaultError
		var ie *InterruptError
		if !errors.As(err, &fe) && !errors.As(err, &ie) {
			return nil, err // the launch could not go on: no SM holds a block, ...
		}
		// A limit, a deadlock, a fault or an interrupt: the counters so
		// far, and where every unfinished warp stands.
		partial = diagnose(p, err, uint64(end), r.finished, r.total, r.timingSpots())
	}
	for _, sm := range r.sms {
		sm.Finish(end)
	}
	st := newKernelStats(p, "timing")
	r.src.Counts(st.addCounts)
	st.Timing = timingStats(p, prog, hier, smStats, pcStats, occ, uint64(end))
	st.Timing.Samples = r.smp.finish(end, r.sms, smStats, hier)
	st.finish(time.Since(start))
	st.Partial = partial
	return st, err
}

// run is the clock: retire, dispatch, step the SMs that have something to
// do, jump to the next event. It returns the cycle the last block retired.
func (r *timingRun) run(every, ahead bool) (core.Cycle, error) {
	ra := r.newRunAhead(ahead && !every)
	end, err := r.loop(every, &ra)
	if ra.held {
		ra.merge.Apply(r.sms, core.Never) // (those of steps ahead of the end)
	}
	return end, err
}

// loop is run's clock loop.
func (r *timingRun) loop(every bool, ra *runAhead) (core.Cycle, error) {
	var now core.Cycle
	room := true // an SM may have room for the next block
	// retireAt is the earliest cycle at which an SM retires a block: the
	// SMs' RetireAt after the last step (and dispatch, which an empty
	// block retires at once); before it no SM has anything to retire.
	var retireAt core.Cycle
	for iter := uint(0); ; iter++ {
		if ra.fault != nil && now > ra.fault.at {
			return ra.fault.at, ra.fault.err
		}
		if ra.held {
			ra.held = ra.merge.Apply(r.sms, now) > 0
		}
		if iter%stopPoll == 0 && stopped(r.p.Limits.Stop) {
			return now, &InterruptError{}
		}
		r.smp.observe(now, r.sms, r.smStats, r.hier)
		if now >= retireAt {
			for i := range r.sms {
				if r.retireSM(i, now) {
					room = true
				}
			}
		}
		if room && r.next < r.total {
			if err := r.dispatch(now); err != nil {
				return now, err
			}
			room = false
		}
		if r.live == 0 && r.next == r.total {
			return now, nil
		}
		if err := r.cycleLimit(now); err != nil {
			return now, err
		}
		if lim := r.p.Limits; lim.MaxWarpInsts != 0 {
			n := warpInsts(r.sms)
			if n > lim.MaxWarpInsts {
				return now, lim.warpInstsError()
			}
			if ra.on && lim.MaxWarpInsts-n < ra.margin {
				ra.on = false
			}
		}
		next := core.Never
		retireAt = core.Never
		for i, sm := range r.sms {
			if ra.held && sm.Deferred() > 0 {
				sm.ApplyDeferredAt(now) // (its turn at now)
			}
			if every || sm.Wake() <= now {
				if f := ra.fault; f != nil && now == f.at && i >= f.sm {
					return f.at, f.err
				}
				if err := sm.Step(now); err != nil {
					return now, &FaultError{Err: err}
				}
				if ra.on {
					ra.run(sm, i, now, r.smp.next)
				}
			}
			next = min(next, sm.Wake())
			retireAt = min(retireAt, sm.RetireAt())
		}
		if next == core.Never {
			if ra.fault != nil {
				return ra.fault.at, ra.fault.err
			}
			// (The last cycle any SM stepped at, as the single-threaded
			// loop would stand.)
			now = max(now, ra.last)
			return now, &FaultError{Err: r.deadlock(now)}
		}
		if every {
			next = now + 1
		}
		now = next
	}
}

// runAhead lets one SM go on stepping, right after its step at a cycle,
// through the cycles at which its steps touch only the SM (core.SM.
// CanStepAhead): no other SM's step can change what they do or see what
// they change. Its state stays in the host's caches across those steps,
// instead of every SM's going through them each cycle.
//
// The results are those of stepping every SM cycle by cycle in turn. An
// SM runs ahead at most aheadCycles, and not to the cycle at which it
// retires a block (and may get a new one), the next sample boundary or
// past the cycle limit. The latencies of its steps ahead whose place in
// the per-instruction tables depends on the order are held back and added
// in the single-threaded order (core.AheadMerge): at the start of each
// cycle of the loop those of earlier cycles, at the SM's turn in it those
// of that cycle. A fault in a step ahead is reported when the single-threaded
// order reaches it, unless another SM faults before; the counters of a
// run stopped by a fault (or an interrupt) are those of wherever each SM
// had got to, as on the parallel clock. Under -max-warp-insts it stops for
// good while the instructions left are fewer than margin, what every SM
// can issue in aheadCycles+1 cycles (each steps at most once a cycle):
// the limit is then reached after every step ahead, with the counters of
// the single-threaded run. Off with a listener (its events come in the
// order of the steps).
type runAhead struct {
	on     bool
	limit  core.Cycle // the last cycle an SM may step
	margin uint64
	fault  *aheadFault
	last   core.Cycle // the latest cycle of a step ahead
	// held: the SMs may hold latencies they deferred (core.SM.StepAhead)
	// that merge has not applied yet.
	held  bool
	merge core.AheadMerge
}

// aheadCycles is the furthest an SM runs ahead of the clock.
const aheadCycles = 1024

// aheadFault is a fault of a step ahead: SM sm's at cycle at.
type aheadFault struct {
	at  core.Cycle
	sm  int
	err error
}

// newRunAhead is the run-ahead of r, on when on.
func (r *timingRun) newRunAhead(on bool) runAhead {
	a := runAhead{on: on, limit: MaxTimingCycles}
	if lim := r.p.Limits.MaxCycles; lim != 0 {
		a.limit = min(a.limit, core.Cycle(lim))
	}
	for _, sm := range r.sms {
		a.margin += (aheadCycles + 1) * sm.StepInstsMax()
	}
	return a
}

// run steps SM sm (number i), which has just stepped at now, ahead while
// its steps are its own and before sample, the next sample boundary.
func (a *runAhead) run(sm *core.SM, i int, now, sample core.Cycle) {
	bound := min(sample, a.limit+1, now+aheadCycles+1)
	if a.fault != nil {
		bound = min(bound, a.fault.at) // (the SMs before it step at a.fault.at in turn)
	}
	for cur := now; ; {
		// (A block that finishes ahead brings RetireAt forward.)
		w := sm.Wake()
		if w <= cur || w >= min(bound, sm.RetireAt()) || !sm.CanStepAhead(w) {
			break
		}
		if err := sm.StepAhead(w); err != nil {
			a.fault = &aheadFault{at: w, sm: i, err: &FaultError{Err: err}}
			break
		}
		cur = w
		a.last = max(a.last, w)
	}
	a.held = a.held || sm.Deferred() > 0
}

// runParallel is run on the parallel clock: the first blocks are
// dispatched at cycle 0 here, then the workers take over.
func (r *timingRun) runParallel(c *parClock, pcs []core.PCStats) (core.Cycle, error) {
	if stopped(r.p.Limits.Stop) {
		return 0, &InterruptError{}
	}
	r.smp.observe(0, r.sms, r.smStats, r.hier)
	if err := r.dispatch(0); err != nil {
		return 0, err
	}
	if r.live == 0 && r.next == r.total {
		return 0, nil
	}
	return c.run(pcs)
}

// retireSM frees SM i's blocks that finished by cycle now and reports
// whether there were any.
func (r *timingRun) retireSM(i int, now core.Cycle) bool {
	r.retired = r.sms[i].Retire(now, r.retired[:0])
	for _, h := range r.retired {
		r.free = append(r.free, h)
		r.perSM[i]--
		r.live--
		r.finished++
	}
	return len(r.retired) > 0
}

// dispatch places blocks in grid order on the SMs with room, round robin.
func (r *timingRun) dispatch(now core.Cycle) error {
	n := len(r.sms)
	for r.next < r.total {
		sm := -1
		for k := 0; k < n; k++ {
			i := (r.rr + k) % n
			if r.perSM[i] < r.maxPer && r.sms[i].FreeWarps() >= r.wpb {
				sm = i
				break
			}
		}
		if sm < 0 {
			return nil
		}
		h, err := r.block(r.next, sm)
		if err != nil {
			return err
		}
		if err := r.sms[sm].Admit(h, r.pool[h].blk.Warps(), now); err != nil {
			return err
		}
		r.next++
		r.perSM[sm]++
		r.live++
		r.rr = (sm + 1) % n
	}
	return nil
}

// block readies pool entry for CTA number id (grid order, x fastest) on SM
// sm and returns its handle.
func (r *timingRun) block(id, sm int) (int, error) {
	g := r.p.Spec.Grid
	ctaid := [3]uint32{uint32(id % int(g[0])), uint32(id / int(g[0]) % int(g[1])), uint32(id / (int(g[0]) * int(g[1])))}
	if k := len(r.free); k > 0 {
		h := r.free[k-1]
		r.free = r.free[:k-1]
		rec := r.pool[h]
		rec.blk.Reset(ctaid, uint32(sm))
		rec.sm = sm
		return h, nil
	}
	blk, err := r.src.NewBlock(ctaid, uint32(sm))
	if err != nil {
		return 0, err
	}
	r.pool = append(r.pool, &blockRec{blk: blk, sm: sm})
	return len(r.pool) - 1, nil
}

// deadlock describes a launch in which no warp can ever issue again.
func (r *timingRun) deadlock(now core.Cycle) error {
	idle := make([]bool, len(r.pool))
	for _, h := range r.free {
		idle[h] = true
	}
	for h, rec := range r.pool {
		waiting := 0
		for _, w := range rec.blk.Warps() {
			if w.Waiting() {
				waiting++
			}
		}
		if idle[h] || waiting == 0 {
			continue
		}
		c := rec.blk.Ctaid()
		return &warp.DeadlockError{Msg: fmt.Sprintf("kernel %s, block (%d,%d,%d) on SM %d: deadlock at cycle %d: %d warps wait at a barrier that can never complete",
			r.p.Kernel.Name, c[0], c[1], c[2], rec.sm, now, waiting)}
	}
	return &warp.DeadlockError{Msg: fmt.Sprintf("kernel %s: deadlock at cycle %d: no warp can issue", r.p.Kernel.Name, now)}
}
