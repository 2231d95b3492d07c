package ptx

import (
	"fmt"
	"github.com/gpusim/gpusim/internal/sat"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Block is one CTA of a launch: its warps, its shared memory, the private
// memory of its threads (.local and call frames) and its barriers. A Block
// can be Reset and reused for another CTA without allocating; the per-PC
// counters of its warps keep accumulating across reuses.
type Block struct {
	l      *Launch
	ctaid  [3]uint32
	smid   uint32
	warps  []*Warp
	shared *mem.Segment
	local  *mem.ThreadMem
	frame  *mem.ThreadMem
	bars   [numBarriers]barrier
	live   int // warps not finished
	liveTh int // threads in warps not finished
	goneTh int // threads of those warps that have exited
}

// maxPrivate bounds the private memory of one block's threads (a caller's
// memory budget normally stops a launch long before).
const maxPrivate = 1 << 40

// NewBlock creates the CTA with index ctaid running on SM smid.
func (l *Launch) NewBlock(ctaid [3]uint32, smid uint32) (*Block, error) {
	k := l.cfg.Kernel
	for i, c := range ctaid {
		if c >= l.cfg.Grid[i] {
			return nil, fmt.Errorf("kernel %s: block %v outside grid %v", k.Name, ctaid, l.cfg.Grid)
		}
	}
	align := k.DynSharedAlign
	if align == 0 {
		align = 16
	}
	shared := (k.SharedSize+align-1)&^(align-1) + l.cfg.DynShared
	if shared > mem.WindowSize {
		return nil, fmt.Errorf("kernel %s: %d bytes of shared memory per block is too much", k.Name, shared)
	}
	if sat.Mul(k.PrivateSize(), uint64(l.threads)) > maxPrivate {
		return nil, fmt.Errorf("kernel %s: %d bytes of .local and %d of call frames per thread for %d threads is too much", k.Name, k.LocalSize, k.FrameSize, l.threads)
	}
	b := &Block{
		l:      l,
		shared: mem.NewSegment(traces.SpaceShared, 0, shared, false),
		local:  mem.NewThreadMem(traces.SpaceLocal, l.threads, k.LocalSize),
		frame:  mem.NewThreadMem(traces.SpaceParamFrame, l.threads, k.FrameSize),
	}
	b.warps = make([]*Warp, l.warps)
	for i := range b.warps {
		b.warps[i] = newWarp(b, i)
	}
	b.Reset(ctaid, smid)
	return b, nil
}

// Reset makes b the fresh CTA ctaid on SM smid: memory zeroed, warps at the
// kernel entry, barriers clear. Counters are kept.
func (b *Block) Reset(ctaid [3]uint32, smid uint32) {
	b.ctaid, b.smid = ctaid, smid
	counts, rows := b.l.counts.For(smid), b.l.rows.For(smid)
	clear(b.shared.Data)
	for i := 0; i < b.l.threads; i++ {
		clear(b.local.Frame(i))
		clear(b.frame.Frame(i))
	}
	for i := range b.bars {
		b.bars[i] = barrier{}
	}
	b.live, b.liveTh, b.goneTh = len(b.warps), b.l.threads, 0
	for _, w := range b.warps {
		w.reset()
		w.counts, w.rows = counts, rows
	}
}

// Ctaid is the block's index in the grid.
func (b *Block) Ctaid() [3]uint32 { return b.ctaid }

// Warps returns the block's warps in warp-id order.
func (b *Block) Warps() []*Warp { return b.warps }

// Shared returns the block's shared memory segment.
func (b *Block) Shared() *mem.Segment { return b.shared }

// Done reports whether every warp has finished.
func (b *Block) Done() bool { return b.live == 0 }

// Run executes the block's warps round-robin, one instruction per warp per
// turn, until all have finished, honouring barriers. It returns the first
// fault, or an error when every unfinished warp waits at a barrier that can
// never complete. The %clock value is the number of turns so far.
func (b *Block) Run() error {
	_, err := b.RunFor(0)
	return err
}

// RunFor is Run with a budget: it stops with ErrStepLimit once limit warp
// instructions have executed (0 means no limit). It returns the warp
// instructions executed.
func (b *Block) RunFor(limit uint64) (uint64, error) {
	return warp.RunRoundRobin(b.warps, &b.live, limit, b.deadlock)
}

// RunBudget is Run within a budget of instructions and turns, polling the
// budget's stop channel (warp.RunBudget).
func (b *Block) RunBudget(bg warp.Budget) (warp.Spent, error) {
	return warp.RunBudget(b.warps, &b.live, bg, b.deadlock)
}

func (b *Block) deadlock() error {
	for id := range b.bars {
		br := &b.bars[id]
		if br.waiting == 0 {
			continue
		}
		return &warp.DeadlockError{Msg: fmt.Sprintf("kernel %s, block (%d,%d,%d): deadlock: %d warps wait at barrier %d with %d of %d threads arrived",
			b.l.cfg.Kernel.Name, b.ctaid[0], b.ctaid[1], b.ctaid[2], br.waiting, id, br.arrived, b.expected(br))}
	}
	return &warp.DeadlockError{Msg: fmt.Sprintf("kernel %s, block (%d,%d,%d): no warp can make progress", b.l.cfg.Kernel.Name, b.ctaid[0], b.ctaid[1], b.ctaid[2])}
}
