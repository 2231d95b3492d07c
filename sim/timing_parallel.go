package sim

import (
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/gpusim/gpusim/core"
)

// The parallel clock steps the SMs on several goroutines (workers, each
// stepping a contiguous range of SMs: fewer hand-overs within a cycle than
// SMs dealt out in turn) and gives the single-threaded clock's results bit
// for bit. Everything an SM does but its instructions that reach shared
// state (core.Gate) is its own, so workers run that side by side; what is
// shared happens in the order of the single-threaded loop, the order of
// keys:
//
//	key(c, 0)     cycle c's sample boundary and block retirements and dispatch
//	key(c, i+1)   SM i's step at cycle c
//
// Each worker publishes the key of what it does next and never does
// anything shared below it. An SM's shared instruction at cycle c waits
// until every other worker has passed key(c, i+1); a retirement at c waits
// until every worker has reached key(c, 0), and is then handled, with the
// dispatch of the blocks that take its place, by one worker for all (while
// the blocks remain, only the SMs that retire at c have room, so the new
// blocks go to SMs whose workers are waiting there); the sampler's
// boundaries are barriers of all workers. The worker with the lowest key
// never waits, so the clock always moves. At each cycle a worker first
// steps, in any order, its SMs whose step cannot reach shared state (no
// warp due then has such an instruction next: core.SM.CanStepAhead),
// with its key already at the first SM that may, so that nobody waits for
// those steps; then the others in order.
//
// How much it gains depends on how often the SMs reach shared state: what
// runs side by side is everything but the chain of shared instructions in
// key order and the SM steps that hold them, and the barriers' work. On
// two cores (8 December 2026, medians of eight): softmax x4 (a memory
// instruction in most SM steps) 1.6x, FIR on gfx90a x2 1.65x (go test
// -bench Parallel ./bench/). Lookahead beyond one instruction
// would need memory replies and global stores that take effect later than
// they do in the machine model.
//
// What is not the single-threaded result: a run stopped by a fault, a
// deadlock, -max-warp-insts or an interrupt reports the same error, but
// the counters of its partial report are those of wherever each worker had
// got to (the first fault in the single-threaded order is the one
// reported).
type parClock struct {
	r      *timingRun
	ws     []*parWorker
	owners []*parWorker // per SM, the worker stepping it
	nkey   uint64       // keys per cycle: SMs + 1
	spins  int          // busy-wait iterations before a wait yields

	mu sync.Mutex // dispatch events and the barrier
	// handled is one past the last cycle whose retirements were handled.
	handled core.Cycle
	// lastDispatch is the cycle of the last retirement handled.
	lastDispatch core.Cycle
	cond         *sync.Cond
	live         int    // workers still stepping SMs
	arrived      int    // workers at the sample barrier
	gen          uint64 // barrier generation
	sampleNext   atomic.Uint64
	stop         atomic.Bool   // a worker failed, a limit hit or an interrupt: stop
	faultKey     atomic.Uint64 // the lowest key at which an SM faulted
	err          error         // the reason to stop (mu)
	errKey       uint64
	logs         []*core.LatencyLog // per SM
	pcs          []core.PCStats     // the run's counters, merged into at barriers
}

// parWorker is one goroutine of the parallel clock.
type parWorker struct {
	key atomic.Uint64 // what the worker does next: it does nothing below
	_   [56]byte      // keep the keys of workers on their own cache lines

	c    *parClock
	sms  []int // its SMs, ascending
	next core.Cycle
	last core.Cycle // the last cycle it stepped
	done bool
	// limited: it stopped at next, past -max-cycles.
	limited bool
	retire  core.Cycle // the cycle whose retirements it waits at (Never: none)
	pcs     []core.PCStats
	// Scratch: the SMs due at a cycle that may reach shared state, and
	// the others.
	gated, private []int
}

// neverKey is the key of a worker with nothing left to do.
const neverKey = math.MaxUint64

func (c *parClock) key(t core.Cycle, slot int) uint64 {
	if t == core.Never || uint64(t) >= (neverKey-uint64(slot))/c.nkey {
		return neverKey - 1
	}
	return uint64(t)*c.nkey + uint64(slot)
}

// newParClock splits the SMs of r over n workers; each worker's per-PC
// counters and latency log are the ones its SMs' configurations take.
func newParClock(r *timingRun, n, nsm, pcs int) *parClock {
	c := &parClock{r: r, nkey: uint64(nsm) + 1, live: n, spins: 256}
	if n > runtime.GOMAXPROCS(0) {
		c.spins = 16
	}
	c.cond = sync.NewCond(&c.mu)
	for range nsm {
		c.logs = append(c.logs, &core.LatencyLog{})
	}
	c.faultKey.Store(neverKey)
	for i := range n {
		w := &parWorker{c: c, retire: core.Never}
		for sm := i * nsm / n; sm < (i+1)*nsm/n; sm++ {
			w.sms = append(w.sms, sm)
			c.owners = append(c.owners, w)
		}
		w.pcs = make([]core.PCStats, pcs)
		c.ws = append(c.ws, w)
	}
	return c
}

// groups numbers, per SM, the worker that steps it.
func (c *parClock) groups() []int {
	g := make([]int, len(c.owners))
	for k, w := range c.ws {
		for _, sm := range w.sms {
			g[sm] = k
		}
	}
	return g
}

// owner is the worker that steps SM i.
func (c *parClock) owner(i int) *parWorker { return c.owners[i] }

// Wait is core.Gate: SM sm's shared instruction at now goes when every
// other worker is past it.
func (w *parWorker) Wait(sm int, now core.Cycle) {
	k := w.c.key(now, sm+1)
	w.key.Store(k)
	w.waitOthers(func(o uint64) bool { return o > k })
}

// waitOthers waits until every other worker's key satisfies ok.
func (w *parWorker) waitOthers(ok func(key uint64) bool) {
	for _, o := range w.c.ws {
		if o != w {
			w.c.spinUntil(func() bool { return ok(o.key.Load()) })
		}
	}
}

// spinUntil busy-waits for ok. A worker waits for another that is
// running on its own processor for far less than a scheduler round trip,
// so it spins; it yields after a while (when there are more workers than
// processors, or the other one was descheduled), at once when yielding
// is the only way the other can run.
func (c *parClock) spinUntil(ok func() bool) {
	for n := 0; !ok(); n++ {
		if n >= c.spins {
			runtime.Gosched()
		}
	}
}

// run steps the launch to its end with every worker; r has dispatched the
// first blocks at cycle 0. It returns the cycle the last block retired.
func (c *parClock) run(pcs []core.PCStats) (core.Cycle, error) {
	c.pcs = pcs
	c.sampleNext.Store(uint64(c.r.smp.next))
	var wg sync.WaitGroup
	for _, w := range c.ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.loop()
		}()
	}
	wg.Wait()
	core.MergeLatencies(pcs, c.logs, core.Never)
	for _, w := range c.ws {
		for i := range w.pcs {
			addPCStats(&pcs[i], &w.pcs[i])
		}
	}
	end := c.lastDispatch
	for _, w := range c.ws {
		end = max(end, w.last)
	}
	if c.err != nil {
		return end, c.err
	}
	if at, ok := c.limitedAt(); ok {
		return at, c.r.cycleLimit(at)
	}
	if c.r.live == 0 && c.r.next == c.r.total {
		return c.lastDispatch, nil
	}
	return end, &FaultError{Err: c.r.deadlock(end)}
}

// limitedAt is the lowest cycle a worker stopped at for the cycle limits.
func (c *parClock) limitedAt() (core.Cycle, bool) {
	at, ok := core.Never, false
	for _, w := range c.ws {
		if w.limited {
			at, ok = min(at, w.next), true
		}
	}
	return at, ok
}

// addPCStats adds a worker's per-PC counters (but for latencies, which
// the logs carry) to the run's.
func addPCStats(dst, src *core.PCStats) {
	for r, n := range src.States {
		dst.States[r] += n
	}
	if dst.Units == nil && src.Units != nil {
		dst.Units = make([]core.PCUnit, len(src.Units))
	}
	for u := range src.Units {
		d, s := &dst.Units[u], &src.Units[u]
		d.Ops += s.Ops
		d.Busy += s.Busy
		d.Scoreboard += s.Scoreboard
		d.PipeBusy += s.PipeBusy
	}
	dst.Slow += src.Slow
}

// fail records a reason to stop at key k; the lowest key wins (faults),
// else the first.
func (c *parClock) fail(k uint64, err error) {
	c.mu.Lock()
	c.errLocked(k, err)
	c.mu.Unlock()
}

// loop is one worker: the single-threaded clock loop over its SMs.
func (w *parWorker) loop() {
	c, r := w.c, w.c.r
	defer w.finish()
	for iter := uint(0); ; iter++ {
		if iter%stopPoll == 0 && stopped(r.p.Limits.Stop) {
			c.fail(0, &InterruptError{})
			return
		}
		next := core.Never
		for _, i := range w.sms {
			next = min(next, r.sms[i].Wake())
		}
		w.next = next
		if next == core.Never {
			return
		}
		k0 := c.key(next, 0)
		if c.stop.Load() && k0 > c.faultKey.Load() {
			return // stopping: nothing here comes before the first fault
		}
		if r.cycleLimit(next) != nil {
			w.limited = true
			return // run reports the limit at the lowest such cycle
		}
		ret := w.retiring(next)
		if ret {
			// Marked before the key is, so that the worker handling the
			// cycle's retirements finds this one's.
			c.mu.Lock()
			w.retire = next
			c.mu.Unlock()
		}
		w.key.Store(k0)
		for uint64(next) >= c.sampleNext.Load() {
			if !w.barrier() {
				return
			}
		}
		if ret && !w.dispatch(next) {
			return
		}
		// The SMs due whose step stays inside the SM run first, in any
		// order: the worker's key says it does nothing shared before its
		// first SM that may, so that the other workers' shared
		// instructions do not wait for these steps.
		gated, private := w.gated[:0], w.private[:0]
		for _, i := range w.sms {
			switch sm := r.sms[i]; {
			case sm.Wake() > next:
			case !sm.CanStepAhead(next):
				gated = append(gated, i)
			default:
				private = append(private, i)
			}
		}
		w.gated, w.private = gated, private
		if len(gated) > 0 {
			w.key.Store(c.key(next, gated[0]+1))
		} else {
			w.key.Store(c.key(next, len(r.sms)))
		}
		for _, i := range private {
			if !w.step(i, next) {
				return
			}
		}
		for _, i := range gated {
			w.key.Store(c.key(next, i+1))
			if !w.step(i, next) {
				return
			}
		}
		// Done with the cycle: every SM's shared instructions at next may
		// go on but the last SM's (the next key, key(next+1, 0), only the
		// top of the loop may publish, after marking a retirement).
		w.key.Store(c.key(next, len(r.sms)))
		w.last = next
	}
}

// step steps SM i at now; false when it faulted (recorded for run).
func (w *parWorker) step(i int, now core.Cycle) bool {
	if err := w.c.r.sms[i].Step(now); err != nil {
		w.c.fail(w.c.key(now, i+1), &FaultError{Err: err})
		return false
	}
	return true
}

// retiring reports whether one of the worker's SMs retires a block at now.
func (w *parWorker) retiring(now core.Cycle) bool {
	for _, i := range w.sms {
		if w.c.r.sms[i].RetireAt() <= now {
			return true
		}
	}
	return false
}

// dispatch handles the retirements of cycle now (with the other workers
// that retire blocks then) and the dispatch of their successors; false
// when the run stops.
func (w *parWorker) dispatch(now core.Cycle) bool {
	c := w.c
	k := c.key(now, 0)
	w.waitOthers(func(o uint64) bool { return o >= k })
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.handled > now {
		w.retire = core.Never
		return true // another worker waiting here handled cycle now
	}
	c.handled, c.lastDispatch = now+1, now
	r := c.r
	for i := range r.sms { // in SM order, as the single-threaded clock
		if c.owner(i).retire == now {
			r.retireSM(i, now)
		}
	}
	// While blocks remain, only the SMs that retired one have room (every
	// dispatch fills the rest), and their workers wait here.
	for _, o := range c.ws {
		if o.retire == now || r.next == r.total {
			continue
		}
		for _, i := range o.sms {
			if r.perSM[i] < r.maxPer && r.sms[i].FreeWarps() >= r.wpb {
				c.errLocked(k, fmt.Errorf("internal error: the parallel clock found room on SM %d at cycle %d, whose worker has moved on", i, now))
				return false
			}
		}
	}
	w.retire = core.Never
	if err := r.dispatch(now); err != nil {
		c.errLocked(k, err)
		return false
	}
	return true
}

// errLocked is fail with c.mu held.
func (c *parClock) errLocked(k uint64, err error) {
	if c.err == nil || k < c.errKey {
		c.err, c.errKey = err, k
	}
	for {
		f := c.faultKey.Load()
		if k >= f || c.faultKey.CompareAndSwap(f, k) {
			break
		}
	}
	c.stop.Store(true)
}

// barrier waits at the sampler's next boundary for every worker; the last
// to arrive takes the samples (the single-threaded clock's observe at the
// first cycle at or past the boundary), merges the latencies recorded
// before it and checks -max-warp-insts. False when the run stops.
func (w *parWorker) barrier() bool {
	c := w.c
	c.mu.Lock()
	defer c.mu.Unlock()
	c.arrived++
	if c.arrived == c.live {
		c.observe()
		return !c.stop.Load()
	}
	for gen := c.gen; gen == c.gen; {
		c.cond.Wait()
	}
	return !c.stop.Load()
}

// observe is the barrier's work, by the last worker to arrive (c.mu held).
func (c *parClock) observe() {
	r := c.r
	v := core.Never
	for _, o := range c.ws {
		if !o.done {
			v = min(v, o.next)
		}
	}
	r.smp.observe(v, r.sms, r.smStats, r.hier)
	c.sampleNext.Store(uint64(r.smp.next))
	core.MergeLatencies(c.pcs, c.logs, v)
	if lim := r.p.Limits; lim.MaxWarpInsts != 0 && warpInsts(r.sms) > lim.MaxWarpInsts {
		c.errLocked(0, lim.warpInstsError())
	}
	c.arrived = 0
	c.gen++
	c.cond.Broadcast()
}

// finish takes the worker out of the clock: it publishes that it does
// nothing more and leaves the barrier count (completing a barrier the
// others wait at).
func (w *parWorker) finish() {
	c := w.c
	w.key.Store(neverKey)
	c.mu.Lock()
	defer c.mu.Unlock()
	w.done = true
	c.live--
	if c.arrived > 0 && c.arrived == c.live {
		c.observe()
	}
}
