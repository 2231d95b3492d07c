package amd

import (
	"github.com/gpusim/gpusim/warp"

	"github.com/gpusim/gpusim/traces"
)

// Outstanding memory operations of a wave and the wait counters that
// cover them. A load's data is captured at issue and parked in its queue;
// it reaches the destination registers when a wait retires the entry.

// pendKind says what retiring an entry writes.
const (
	pendCount uint8 = iota // nothing (stores, the count-only half of FLAT)
	pendVGPR               // data rows into VGPRs
	pendSGPR               // data into SGPRs
)

// pend is one outstanding operation.
type pend struct {
	kind uint8
	reg  int      // first VGPR (reg*width) or SGPR
	n    int      // registers
	mask uint64   // lanes (VGPR)
	data []uint32 // VGPR rows (reg-major, width lanes each) or SGPR values
	seq  uint64   // the wave's memory-instruction sequence number
	pc   int32
	at   uint64 // the cycle it was issued
}

// waveQueue is a ring of pending entries whose data rows are reused.
type waveQueue struct {
	buf  []pend
	head int
	n    int
}

func (q *waveQueue) clear() { q.head, q.n = 0, 0 }

// push adds an entry whose data holds at least size values and returns it.
func (q *waveQueue) push(size int) *pend {
	if q.n == len(q.buf) {
		nb := make([]pend, max(8, 2*len(q.buf)))
		for i := 0; i < q.n; i++ {
			nb[i] = q.buf[(q.head+i)%len(q.buf)]
		}
		// Keep the data rows of the unused old slots for reuse.
		for i := q.n; i < len(q.buf); i++ {
			nb[i].data = q.buf[(q.head+i)%len(q.buf)].data
		}
		q.buf, q.head = nb, 0
	}
	p := &q.buf[(q.head+q.n)%len(q.buf)]
	q.n++
	if cap(p.data) < size {
		p.data = make([]uint32, size)
	}
	p.data = p.data[:size]
	return p
}

// front returns the oldest entry (the queue must not be empty).
func (q *waveQueue) front() *pend { return &q.buf[q.head] }

// pop drops the oldest entry. An emptied queue starts again at its first
// slot, so that a wave that waits for each load before the next (the
// usual pattern) reuses one entry and its data row, which stay in the
// host's cache, instead of going round the ring through all of them.
func (q *waveQueue) pop() {
	q.head = (q.head + 1) % len(q.buf)
	q.n--
	if q.n == 0 {
		q.head = 0
	}
}

// enqueue parks an operation of the current instruction in queue qi.
func (w *Wave) enqueue(qi warp.Queue, kind uint8, reg, n int, mask uint64, size int) *pend {
	p := w.q[qi].push(size)
	w.pushed |= 1 << qi
	p.kind, p.reg, p.n, p.mask, p.seq, p.pc, p.at = kind, reg, n, mask, w.seq, w.pc, w.now
	return p
}

// complete writes a retired entry's data to its registers.
func (w *Wave) complete(p *pend) {
	switch p.kind {
	case pendVGPR:
		W := w.width
		for r := 0; r < p.n; r++ {
			moveMasked(w.v[p.reg+r*W:p.reg+(r+1)*W], p.data[r*W:(r+1)*W], p.mask, w.wmask)
		}
	case pendSGPR:
		for r := 0; r < p.n; r++ {
			if p.reg+r != traces.AMDRegNull {
				w.s[p.reg+r] = p.data[r]
			}
		}
	}
}

// retireTo retires the oldest entries (by issue order) of the queues in
// set until their total count is at most limit.
func (w *Wave) retireTo(set uint8, limit int) {
	for {
		total := 0
		best := -1
		var bestSeq uint64
		for i := range w.q {
			if set>>uint(i)&1 == 0 || w.q[i].n == 0 {
				continue
			}
			total += w.q[i].n
			if s := w.q[i].front().seq; best < 0 || s < bestSeq {
				best, bestSeq = i, s
			}
		}
		if total <= limit || best < 0 {
			return
		}
		q := &w.q[best]
		w.complete(q.front())
		q.pop()
		w.retire[best]++
		if bestSeq > w.need[best] {
			w.need[best] = bestSeq
		}
	}
}

// Queue sets of the wait counters.
const (
	setVMLoad  = 1 << warp.QueueVMLoad
	setVMStore = 1 << warp.QueueVMStore
	setLDS     = 1 << warp.QueueLDS
	setSMEM    = 1 << warp.QueueSMEM
)

// Outstanding is the number of operations of queue q not yet retired by a
// wait.
func (w *Wave) Outstanding(q warp.Queue) int { return w.q[q].n }

// LastWait reports, for the wait instruction the last Step executed, the
// newest sequence number it retired per queue (0: none) and how many
// entries it retired. The timing model holds the wave at the wait until the
// memory operations with those sequence numbers (MemSeq of the Step that
// issued them) have completed.
func (w *Wave) LastWait() (newest [warp.NumQueues]uint64, retired [warp.NumQueues]int) {
	return w.need, w.retire
}

// Enqueued is the set of queues (bit q for warp.Queue q) the instruction
// the last Step executed added an entry to: one bit for most memory
// instructions, two for FLAT (its vector queue and the LDS one), none for
// others. The timing model pairs each new entry with its completion time.
func (w *Wave) Enqueued() uint8 { return w.pushed }

// MemSeq is the sequence number of the last memory instruction issued.
func (w *Wave) MemSeq() uint64 { return w.seq }

// wait retires outstanding operations until the GFX9-GFX11 counters are
// at most vm (vmcnt), lgkm (lgkmcnt) and vs (vscnt); -1 waits for nothing.
// expcnt counts exports, which gpusim does not run.
func (w *Wave) wait(vm, exp, lgkm, vs int) {
	w.need = [warp.NumQueues]uint64{}
	w.retire = [warp.NumQueues]int{}
	fam := w.code.fam
	if vm >= 0 {
		if fam == traces.GFX9 {
			w.retireTo(setVMLoad|setVMStore, vm)
		} else {
			w.retireTo(setVMLoad, vm)
		}
	}
	if vs >= 0 {
		w.retireTo(setVMStore, vs)
	}
	if lgkm >= 0 {
		w.retireTo(setLDS|setSMEM, lgkm)
	}
	_ = exp // exports are not modelled: nothing counts in expcnt
}

// bound retires the oldest entries of a counter that would exceed the
// hardware's maximum count (the hardware stalls issue instead; the values
// are the same).
func (w *Wave) bound() {
	fam := w.code.fam
	vmMax, lgkmMax := 63, 63
	if fam == traces.GFX9 {
		lgkmMax = 15
	}
	if fam == traces.GFX9 {
		w.retireTo(setVMLoad|setVMStore, vmMax)
	} else {
		w.retireTo(setVMLoad, vmMax)
		w.retireTo(setVMStore, vmMax)
	}
	if fam == traces.GFX12 {
		w.retireTo(setLDS, 63)
		w.retireTo(setSMEM, 31)
	} else {
		w.retireTo(setLDS|setSMEM, lgkmMax)
	}
}
