package ptx

// numBarriers is the number of named barriers per CTA (PTX: 0..15).
const numBarriers = 16

// barrier is one named CTA barrier. Arrival follows one of the two rules
// of the PTX ISA (bar, barrier): per thread, the rule from sm_70 on, where
// each thread that executes the instruction counts once, so the lanes of a
// divergent warp arrive separately, and without a thread count the barrier
// waits for every thread of the block that has not exited; or per warp,
// the rule before sm_70 (LaunchConfig.WarpBarrier), where a warp that
// executes the instruction counts all of its threads (as if every thread
// of the warp were active), and without a count the barrier waits for
// every thread of every unfinished warp. With a count it waits for that
// many threads under either rule.
type barrier struct {
	arrived int // threads arrived in this phase
	count   int // thread count operand of this phase; 0: all unfinished threads
	waiting int // warps blocked on this barrier
	// bar.red accumulators over the participating threads' predicates.
	popc    uint64
	anyTrue bool
	anyFals bool
}

// reduction kinds of bar.red.
const (
	redNone uint8 = iota
	redPopc
	redAnd
	redOr
)

func (b *Block) expected(br *barrier) int {
	if br.count > 0 {
		return br.count
	}
	if b.l.cfg.WarpBarrier {
		return b.liveTh
	}
	return b.liveTh - b.goneTh
}

// arrive records warp w at barrier id with thread count count (0: all) and,
// for bar.red, the lanes whose predicate is true among the executing lanes
// exec. wait says whether the warp blocks (bar.sync, bar.red) or only
// signals (bar.arrive). It releases the barrier when it completes.
func (b *Block) arrive(w *Warp, id, count int, wait bool, exec, truth uint64) {
	br := &b.bars[id]
	if count > 0 {
		br.count = count
	}
	if b.l.cfg.WarpBarrier {
		br.arrived += w.threads
	} else {
		br.arrived += popcount(exec)
	}
	br.popc += uint64(popcount(truth & exec))
	if truth&exec != 0 {
		br.anyTrue = true
	}
	if exec&^truth != 0 {
		br.anyFals = true
	}
	if wait {
		w.barWait = int8(id)
		br.waiting++
	}
	b.check(id)
}

// check releases barrier id if enough threads have arrived.
func (b *Block) check(id int) {
	br := &b.bars[id]
	if br.arrived == 0 || br.arrived < b.expected(br) {
		return
	}
	done := *br
	b.bars[id] = barrier{}
	if done.waiting == 0 {
		return
	}
	for _, w := range b.warps {
		if int(w.barWait) == id {
			w.release(&done)
		}
	}
}

// warpFinished updates the barriers when a warp's last lanes exit.
func (b *Block) warpFinished(w *Warp) {
	b.live--
	b.liveTh -= w.threads
	b.goneTh -= popcount(w.exited)
	for id := range b.bars {
		b.check(id)
	}
}

// lanesExited updates the barriers when lanes of a warp that goes on exit:
// under the per-thread rule they no longer count.
func (b *Block) lanesExited(n int) {
	b.goneTh += n
	if b.l.cfg.WarpBarrier {
		return
	}
	for id := range b.bars {
		b.check(id)
	}
}
