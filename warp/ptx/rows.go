package ptx

import (
	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// laneRows are the lane vectors a warp needs only while one instruction
// executes: materialised sources (operand.go), the cross-lane staging of
// shfl and the vote and match forms, the row `_` destinations go to, the
// lane-index row %laneid reads, a matrix instruction's gathered operands
// (mma.go), and the record of a memory instruction's lane addresses that
// Step returns (Result.Mem, which the timing model reads before the next
// warp steps). Warps that never execute at the same time share one
// set, so that the rows stay in the host's cache instead of each resident
// warp dragging its own through it. What a row held before an instruction
// wrote it is never read (laneID is written once, when the set is made).
type laneRows struct {
	src    [5][]uint64
	tmp    []uint64
	sink   []uint64
	laneID []uint64
	acc    warp.Access

	mat        []uint64
	dotA, dotB []uint32
	opA, opB   []alu.TensorOperand
}

func (l *Launch) newLaneRows() *laneRows {
	W := l.cfg.Width
	r := &laneRows{tmp: make([]uint64, W), sink: make([]uint64, W), laneID: make([]uint64, W)}
	for i := range r.src {
		r.src[i] = make([]uint64, W)
	}
	r.acc.Addr = make([]uint64, W)
	r.acc.Spaces = make([]traces.Space, W)
	for lane := range r.laneID {
		r.laneID[lane] = uint64(lane)
	}
	if n := l.code.matScratch; n > 0 {
		r.mat = make([]uint64, n)
		r.dotA, r.dotB = make([]uint32, maxDotK), make([]uint32, maxDotK)
		r.opA, r.opB = make([]alu.TensorOperand, l.code.tensorOps), make([]alu.TensorOperand, l.code.tensorOps)
	}
	return r
}

// ShareRows says which SMs' blocks may share their warps' per-instruction
// lane rows: group[sm] numbers the goroutine that steps SM sm, and the
// warps of SMs in one group share a set (warp.PerGroup; by default each
// SM has its own). It applies to blocks reset from then on.
func (l *Launch) ShareRows(group []int) { l.rows.Share(group) }
