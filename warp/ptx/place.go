package ptx

import (
	"github.com/gpusim/gpusim/internal/sat"
	"github.com/gpusim/gpusim/warp"
)

// Place says where the warp stands (for the diagnosis of a run that
// stopped): its next instruction and active lanes, the barrier it waits at
// with the threads that have arrived, and where its other live lanes will
// go on (the paths of a divergent branch not taken yet).
func (w *Warp) Place() warp.Place {
	pl := warp.Place{Done: w.done, PC: -1, Barrier: -1, Unit: "threads"}
	if w.done {
		return pl
	}
	top := w.stack[len(w.stack)-1]
	pl.PC, pl.Active = top.pc, top.mask
	seen := top.mask
	if w.barWait >= 0 {
		// The lanes that executed the barrier wait there; the warp's
		// other live lanes wait behind it at its next instruction (the
		// barrier may have been the last of a divergent path).
		br := &w.b.bars[w.barWait]
		pl.Barrier, pl.Arrived, pl.Expected = int(w.barWait), br.arrived, w.b.expected(br)
		pl.PC, pl.Active = w.barAt, w.barExec
		if rest := top.mask &^ w.barExec &^ w.exited; rest != 0 {
			pl.Elsewhere = append(pl.Elsewhere, warp.Path{PC: top.pc, Lanes: rest})
		}
		seen = top.mask | w.barExec
	}
	for i := len(w.stack) - 2; i >= 0; i-- {
		e := w.stack[i]
		if m := e.mask &^ seen &^ w.exited; m != 0 {
			pl.Elsewhere = append(pl.Elsewhere, warp.Path{PC: e.pc, Lanes: m})
			seen |= m
		}
	}
	return pl
}

// BlockThreads is the number of threads of the block that have not exited.
func (b *Block) BlockThreads() int { return b.liveTh - b.goneTh }

// BlockFootprint is the host memory one block of the launch allocates:
// shared memory, the private memory (.local, call frames) of every thread,
// and each warp's registers, lane vectors and per-instruction counters;
// saturating at the largest uint64. A caller checks it against its memory
// budget before making blocks.
func (l *Launch) BlockFootprint() uint64 {
	k := l.cfg.Kernel
	align := k.DynSharedAlign
	if align == 0 {
		align = 16
	}
	shared := sat.Add((k.SharedSize+align-1)&^(align-1), l.cfg.DynShared)
	private := sat.Mul(k.PrivateSize(), uint64(l.threads))
	W := uint64(l.cfg.Width)
	// Registers, predicates, the thread ids (three lane vectors) and two
	// counters per instruction. (The lane rows warps share, rows.go, with
	// the access record, are per SM at most.)
	perWarp := 8 * (uint64(l.code.nrows)*W + uint64(k.NumPreds) + 3*W + 2*uint64(len(l.code.ops)))
	return sat.Add(sat.Add(shared, private), sat.Mul(perWarp, uint64(l.warps)))
}
