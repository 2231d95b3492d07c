package ptx

import (
	"errors"

	"github.com/gpusim/gpusim/warp"
	"math/bits"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// maxStack bounds the reconvergence stack (divergence nesting plus call
// depth); deeper means runaway recursion and is a fault (the call stack's
// limit usually stops recursion first).
const maxStack = 1 << 16

// entry is one reconvergence-stack entry: lanes mask execute from pc until
// they reach rpc, where they merge into the entry below. A call entry (call
// >= 0: the call-site index; fn: the callee's index in Kernel.Funcs) is the
// base of a callee; its lanes leave it by ret, and rpc is -1.
type entry struct {
	pc, rpc  int32
	call, fn int32
	mask     uint64
}

// Warp is one warp of a block: registers, predicates, masks, the
// reconvergence stack, and per-PC execution counters.
type Warp struct {
	// What every Step reads, in its order, in the struct's first four
	// cache lines (a Warp, allocated with Go's 8-byte header before it,
	// starts 8 bytes past a line): an SM's warps leave the cache while
	// the other SMs step.
	done    bool
	barWait int8 // barrier the warp waits at, -1 none
	stack   []entry
	ops     []op
	counts  []warp.PCCount // per static PC: its SM's table (warp.PCCounts)
	res     warp.Result
	now     uint64
	preds   []uint64 // one lane mask per predicate register
	regs    []uint64 // regs[reg*width+lane]
	width   int
	// stack0 holds the stack while it is shallow, in the warp's own memory
	// next to the fields every Step reads (one cache miss fewer).
	stack0 [4]entry

	b       *Block
	code    *Code
	id      int
	first   int    // block-linear index of lane 0's thread
	threads int    // threads of the block in this warp
	lanes   uint64 // lanes that hold a thread

	carry  uint64 // CC.CF per lane
	exited uint64

	barAt   int32  // the instruction that made it wait
	barExec uint64 // the lanes that executed it
	redOp   *op    // pending bar.red destination
	redMask uint64 // lanes that executed that bar.red

	tid  [3][]uint64
	rows *laneRows    // this instruction's lane rows, shared (rows.go)
	gseg *mem.Segment // the global allocation the last access hit
	tx   *texScratch  // texture and surface instructions' working memory (tex_exec.go)

	sp      []uint32 // per lane: bytes of its call stack in use (recursive kernels)
	saves   [][]byte // per lane: the saved activations of recursive calls
	callTmp []byte   // staging of call arguments and results
	strLane int      // the lane whose %s strings readString reads
	strFn   func(addr uint64) (string, bool)

	// Matrix instructions (matmem.go): the extra parts of a multi-part
	// access.
	parts []warp.Access
}

func newWarp(b *Block, id int) *Warp {
	l := b.l
	W := l.cfg.Width
	k := l.cfg.Kernel
	w := &Warp{
		b: b, code: l.code, ops: l.code.ops, id: id, width: W, first: id * W,
		regs:  make([]uint64, l.code.nrows*W),
		preds: make([]uint64, k.NumPreds),
	}
	if k.Recursive {
		w.sp = make([]uint32, W)
		w.saves = make([][]byte, W)
	}
	w.stack = w.stack0[:0]
	w.strFn = w.readString
	w.threads = min(W, l.threads-w.first)
	w.lanes = warp.LowMask(w.threads)
	for i := range w.tid {
		w.tid[i] = make([]uint64, W)
	}
	if n := l.code.matScratch; n > 0 {
		w.parts = make([]warp.Access, maxParts)
		for i := range w.parts {
			w.parts[i].Addr = make([]uint64, W)
			w.parts[i].Spaces = make([]traces.Space, W)
		}
	}
	bx, by := int(l.cfg.Block[0]), int(l.cfg.Block[1])
	for lane := range w.threads {
		t := w.first + lane
		w.tid[0][lane] = uint64(t % bx)
		w.tid[1][lane] = uint64(t / bx % by)
		w.tid[2][lane] = uint64(t / (bx * by))
	}
	return w
}

// reset puts the warp at the kernel entry with zeroed registers.
func (w *Warp) reset() {
	clear(w.regs)
	clear(w.preds)
	w.carry, w.exited, w.done = 0, 0, false
	w.barWait, w.redOp, w.redMask = -1, nil, 0
	w.stack = append(w.stack[:0], entry{pc: 0, rpc: -1, call: -1, fn: -1, mask: w.lanes})
	clear(w.sp)
	for i := range w.saves {
		w.saves[i] = w.saves[i][:0]
	}
}

// ID is the warp's index within its block (%warpid).
func (w *Warp) ID() int { return w.id }

// Done reports whether all of the warp's lanes have exited.
func (w *Warp) Done() bool { return w.done }

// Waiting reports whether the warp is blocked at a barrier.
func (w *Warp) Waiting() bool { return w.barWait >= 0 }

// PC is the static index of the next instruction, or -1 when done.
func (w *Warp) PC() int32 {
	if w.done {
		return -1
	}
	return w.stack[len(w.stack)-1].pc
}

// ActiveMask is the set of lanes that will execute the next instruction.
func (w *Warp) ActiveMask() uint64 {
	if w.done {
		return 0
	}
	return w.stack[len(w.stack)-1].mask
}

// Width is the number of lanes.
func (w *Warp) Width() int { return w.width }

// Reg returns the value of register r in lane lane (for tests and
// debuggers; the low 64 bits of a .b128 register). Registers never live at
// once share a row (regalloc.go), so once r's value is dead Reg may read
// another register's; code compiled with a row per register does not.
func (w *Warp) Reg(r, lane int) uint64 { return w.regs[int(w.code.rows[r])*w.width+lane] }

// SetReg sets register r in lane lane (for tests and debuggers; the low 64
// bits of a .b128 register).
func (w *Warp) SetReg(r, lane int, v uint64) { w.regs[int(w.code.rows[r])*w.width+lane] = v }

// Pred returns predicate register p as a lane mask.
func (w *Warp) Pred(p int) uint64 { return w.preds[p] }

// Counts returns the warp and thread instructions (lanes whose guard was
// true) executed per static PC (index Code.Len() is the implicit exit) by
// the warps that ran on this warp's SM: the table it counts into
// (Launch.Counts).
func (w *Warp) Counts() []warp.PCCount { return w.counts }

// Step executes exactly one warp instruction, the one at the warp's PC, for
// its active lanes, with now as the value of %clock64. It returns what
// happened; an error is a *Fault (a bad access, trap, a broken barrier).
func (w *Warp) Step(now uint64) (warp.Result, error) {
	if w.done {
		return warp.Result{PC: -1, Kind: warp.KindDone}, nil
	}
	if w.barWait >= 0 {
		return warp.Result{PC: -1, Kind: warp.KindWaiting}, nil
	}
	top := &w.stack[len(w.stack)-1]
	pc := top.pc
	o := &w.ops[pc]
	active := top.mask
	m := active
	if o.guard >= 0 {
		g := w.preds[o.guard]
		if o.guardNeg {
			g = ^g
		}
		m &= g
	}
	w.now = now
	w.res = warp.Result{PC: pc, Active: active, Exec: m}
	c := &w.counts[pc]
	c.Warp++
	c.Thread += uint64(bits.OnesCount64(m))
	if o.ctrl {
		if err := o.exec(w, o, m); err != nil {
			return w.res, w.fault(o, m, err)
		}
		return w.res, nil
	}
	if m != 0 {
		if o.slow != nil {
			// Before exec: the destination may be a source.
			w.res.Slow = o.slow(w, o, m)
		}
		if err := o.exec(w, o, m); err != nil {
			return w.res, w.fault(o, m, err)
		}
	}
	top.pc = pc + 1
	if top.pc == top.rpc {
		w.reconverge()
	}
	if w.barWait >= 0 {
		w.res.Kind = warp.KindBarrier
	}
	return w.res, nil
}

// reconverge pops entries whose lanes reached their reconvergence point or
// have all left; an empty stack means the warp has finished.
func (w *Warp) reconverge() {
	for n := len(w.stack); n > 0; n = len(w.stack) {
		t := &w.stack[n-1]
		if t.mask != 0 && t.pc != t.rpc {
			return
		}
		w.stack = w.stack[:n-1]
	}
	w.done = true
	w.res.Kind = warp.KindExited
	w.b.warpFinished(w)
}

// push adds an entry; it faults when the stack grows without bound.
func (w *Warp) push(e entry) error {
	if len(w.stack) >= maxStack {
		return errStackOverflow
	}
	w.stack = append(w.stack, e)
	return nil
}

// retire removes lanes from every entry (exit, or ret at kernel level).
func (w *Warp) retire(lanes uint64) {
	if n := popcount(lanes &^ w.exited); n > 0 {
		w.exited |= lanes
		w.b.lanesExited(n)
	}
	for i := range w.stack {
		w.stack[i].mask &^= lanes
	}
}

// release is called by the block when the barrier the warp waits at completes.
func (w *Warp) release(br *barrier) {
	w.barWait = -1
	if o := w.redOp; o != nil {
		w.redOp = nil
		w.writeRed(o, w.redMask, br)
	}
}

func popcount(x uint64) int { return bits.OnesCount64(x) }

func tz(x uint64) int { return bits.TrailingZeros64(x) }

var errStackOverflow = errors.New("reconvergence stack overflow (runaway recursion?)")

// fault wraps an exec error with the instruction's and the thread's identity.
func (w *Warp) fault(o *op, m uint64, err error) error {
	f := warp.NewFault(w.code.prog, w.code.kernel.Name, o.in, warp.Mnemonic(o.in), w.b.ctaid, o.pc, w.width, m, err)
	f.Warp = w.id
	for i := range f.Thread {
		f.Thread[i] = uint32(w.tid[i][f.Lane])
	}
	return f
}
