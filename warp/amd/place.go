package amd

import (
	"github.com/gpusim/gpusim/internal/sat"
	"github.com/gpusim/gpusim/warp"
)

// Place says where the wave stands (for the diagnosis of a run that
// stopped): its next instruction and EXEC, or the barrier instruction it
// waits at with the waves of its workgroup that have arrived.
func (w *Wave) Place() warp.Place {
	pl := warp.Place{Done: w.done, PC: -1, Barrier: -1, Unit: "waves"}
	if w.done {
		return pl
	}
	pl.PC, pl.Active = w.pc, w.exec()
	if w.barOn {
		pl.PC, pl.Barrier = w.barAt, 0
		pl.Arrived, pl.Expected = w.b.barArrived, w.b.live
	}
	return pl
}

// BlockFootprint is the host memory one workgroup of the launch allocates:
// its LDS and each wave's VGPRs and per-instruction counters; saturating
// at the largest uint64. A caller checks it against its memory budget
// before making workgroups. (The lane rows waves share, rows.go, with the
// access record, are per compute unit at most.)
func (l *Launch) BlockFootprint() uint64 {
	W := uint64(l.width)
	perWave := 8 * (uint64(l.code.vgprs)*W + 2*uint64(len(l.code.ops)))
	return sat.Add(l.lds, sat.Mul(perWave, uint64(l.waves)))
}
