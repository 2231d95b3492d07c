package core

import "github.com/gpusim/gpusim/warp"

// AMD wait counters in time. A wave's memory instruction parks its result
// in one of package warp's queues (vector loads, vector stores, LDS, scalar
// memory; FLAT in two) and an s_waitcnt / s_wait_* retires entries, oldest
// first, until the counters it names are low enough: only then do loaded
// values reach the registers. The timing model mirrors each queue with the
// completion cycles of its entries, in issue order: at the issue of a
// memory instruction the memory hierarchy's completion time is pushed on
// every queue the instruction entered (Wave.Enqueued); after a wait (or an
// instruction whose queue overflowed the counter, which the executor
// retires at once) the mirror drops as many of its oldest entries as the
// wave's queue lost (Wave.Outstanding), and the wave may not issue again
// before the last of them completes. That hold is long_scoreboard on the
// wait's PC.
//
// Retiring in issue order is what silicon does for vector memory loads
// (vmcnt/loadcnt), stores (vscnt/storecnt) and LDS (dscnt): each counter
// decrements in order. Scalar loads may return out of order on the
// hardware, which is why compilers wait for lgkmcnt(0)/kmcnt(0) whenever a
// scalar load is outstanding; gpusim retires them in order as well, so a
// wait for 0 (the only count compilers use with scalar loads) is exact and
// a wait for a nonzero count waits for the oldest ones.
//
// A global store (or an atomic without a result) completes for its counter
// when the L2 acknowledges the write: package mem's completion (the L1
// pipeline has taken it) plus the L2 latency (memory.l2.latency), as the
// AMD ISA manuals decrement vscnt (GFX9: vmcnt) when the write has
// completed, not when it left the CU. LDS stores complete when their bank
// passes are done.
//
// An executor queue that exceeds the counter's width (63 vector loads, for
// example) retires its oldest entry at the instruction that overflowed it;
// the hardware would stall that instruction's issue until a slot frees.
// gpusim holds the wave after the instruction instead, until the entry
// completes: the same delay one instruction later.

// waveQueues is the number of package warp's queues.
const waveQueues = int(warp.QueueSMEM) + 1

// cycleRing is a FIFO of completion cycles whose storage grows to the
// largest number of entries it held and is then reused.
type cycleRing struct {
	buf  []Cycle // len is a power of two
	head int
	n    int
}

func (r *cycleRing) reset() { r.head, r.n = 0, 0 }

func (r *cycleRing) push(c Cycle) {
	if r.n == len(r.buf) {
		nb := make([]Cycle, max(8, 2*len(r.buf)))
		for i := 0; i < r.n; i++ {
			nb[i] = r.buf[(r.head+i)&(len(r.buf)-1)]
		}
		r.buf, r.head = nb, 0
	}
	r.buf[(r.head+r.n)&(len(r.buf)-1)] = c
	r.n++
}

func (r *cycleRing) pop() Cycle {
	c := r.buf[r.head]
	r.head = (r.head + 1) & (len(r.buf) - 1)
	r.n--
	return c
}

// syncQueues reconciles wave sl's queue mirrors after the instruction it
// just issued, whose memory access completes at done: it returns the last
// completion among the entries that instruction retired (0 if none).
func syncQueues(sl *slot, done Cycle) Cycle {
	w := sl.wave
	pushed := w.Enqueued()
	var t Cycle
	for q := range sl.pend {
		r := &sl.pend[q]
		if pushed>>uint(q)&1 != 0 {
			r.push(done)
		}
		for n := w.Outstanding(warp.Queue(q)); r.n > n; {
			t = max(t, r.pop())
		}
	}
	return t
}
