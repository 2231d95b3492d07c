package sim

import (
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/warp"
	ptxexec "github.com/gpusim/gpusim/warp/ptx"
)

// BlockSource makes the blocks a timed launch dispatches: package warp's
// CTAs for PTX (ptxSource); another front end (AMD workgroups) provides
// its own and calls RunTimingWith.
type BlockSource interface {
	// Width is the warp (wavefront) width; WarpsPerBlock the warps of one
	// block.
	Width() int
	WarpsPerBlock() int
	// BlockFootprint is the host memory one block allocates.
	BlockFootprint() uint64
	// NewBlock creates block ctaid placed on SM sm.
	NewBlock(ctaid [3]uint32, sm uint32) (SourceBlock, error)
	// Counts calls add with per-PC warp and thread instruction counters
	// whose sum is the launch's so far (one table per SM).
	Counts(add func([]warp.PCCount))
	// ShareRows says that group[sm] numbers the goroutine that steps SM
	// sm: blocks reset from then on may share, among the SMs of a group,
	// the lane vectors a warp needs only while one instruction executes
	// (without it, each SM has its own).
	ShareRows(group []int)
}

// SourceBlock is one block object of a BlockSource; the timing driver
// keeps a pool of them and resets one for each block it dispatches.
type SourceBlock interface {
	// Reset makes it the fresh block ctaid on SM sm (counters are kept).
	Reset(ctaid [3]uint32, sm uint32)
	Ctaid() [3]uint32
	// Warps are the block's warps in warp-id order (the same slice on
	// every call).
	Warps() []core.Warp
	// RunBudget executes the block functionally, warps round robin, until
	// it finishes or its budget of warp instructions or turns is used up
	// (warp.ErrStepLimit, warp.ErrTurnLimit) or its stop channel closes
	// (warp.ErrStopped); it returns what it used.
	RunBudget(b warp.Budget) (warp.Spent, error)
}

// ptxSource makes PTX CTAs.
type ptxSource struct{ l *ptxexec.Launch }

func (s ptxSource) Width() int                      { return s.l.Code().Width() }
func (s ptxSource) WarpsPerBlock() int              { return s.l.WarpsPerBlock() }
func (s ptxSource) BlockFootprint() uint64          { return s.l.BlockFootprint() }
func (s ptxSource) Counts(add func([]warp.PCCount)) { s.l.Counts(add) }
func (s ptxSource) ShareRows(group []int)           { s.l.ShareRows(group) }

func (s ptxSource) NewBlock(ctaid [3]uint32, sm uint32) (SourceBlock, error) {
	b, err := s.l.NewBlock(ctaid, sm)
	if err != nil {
		return nil, err
	}
	pb := &ptxBlock{Block: b}
	for _, w := range b.Warps() {
		pb.warps = append(pb.warps, w)
	}
	return pb, nil
}

// ptxBlock is a ptxexec.Block with its warps as core.Warp values.
type ptxBlock struct {
	*ptxexec.Block
	warps []core.Warp
}

func (b *ptxBlock) Warps() []core.Warp { return b.warps }
