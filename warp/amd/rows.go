package amd

import (
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// laneRows are the lane vectors a wave needs only while one instruction
// executes: the materialised sources and the result before its move into
// the destination (operand.go), the VOPD Y half's result (execDual) and
// the permutes' staging row, and the record of a memory instruction's lane
// addresses that Step returns (Result.Mem, which the timing model reads
// before the next wave steps). Waves that never execute at the same time
// share one set, so that the rows stay in the host's cache instead of
// each resident wave dragging its own through it (a wave of 64 lanes
// would carry 4.5 KiB; a gfx90a at full occupancy holds 3,520 waves).
// What a row held before an instruction wrote it is never read: only the
// lanes of the instruction's mask are meaningful.
type laneRows struct {
	src  [8][]uint64
	dual []uint64
	acc  warp.Access
	// src32 hold the SGPR sources of a direct form (direct.go), spread
	// over 4-byte lanes.
	src32 [directSrcs][]uint32
}

func newLaneRows(width int) *laneRows {
	r := &laneRows{dual: make([]uint64, width)}
	for i := range r.src32 {
		r.src32[i] = make([]uint32, width)
	}
	r.acc.Addr = make([]uint64, width)
	r.acc.Spaces = make([]traces.Space, width)
	for i := range r.src {
		r.src[i] = make([]uint64, width)
	}
	return r
}

// ShareRows says which compute units' workgroups may share their waves'
// per-instruction lane rows: group[cu] numbers the goroutine that steps
// compute unit cu, and the waves of compute units in one group share a
// set (warp.PerGroup; by default each compute unit has its own). It
// applies to workgroups reset from then on.
func (l *Launch) ShareRows(group []int) { l.rows.Share(group) }
