package core

import (
	"unsafe"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/internal/sat"
)

// WarpStatus is one resident warp's timing state, for the diagnosis of a
// run that stopped before its end.
type WarpStatus struct {
	Block     int // the handle Admit was given
	Warp      int // the warp's index in its block
	Partition int
	// State is the warp's state since Since (as of its last evaluation)
	// and PC the instruction it counts on.
	State Reason
	Since Cycle
	PC    int32
}

// Resident calls visit with every warp of the resident blocks that has not
// exited, in slot order.
func (s *SM) Resident(visit func(WarpStatus)) {
	for i := range s.slots {
		sl := &s.slots[i]
		if sl.blk < 0 || sl.exited || sl.w == nil {
			continue
		}
		visit(WarpStatus{Block: s.blocks[sl.blk].handle, Warp: int(sl.wib), Partition: int(sl.pidx),
			State: sl.state, Since: sl.since, PC: sl.pc})
	}
}

// SMFootprint is the host memory NewSM allocates for one SM of machine m
// running prog (warp slots with a scoreboard entry per dependency slot,
// block records, unit instances), saturating at the largest uint64; sim
// checks it against the run's memory budget before building the SMs.
func SMFootprint(m *config.Machine, prog *Program) uint64 {
	cus := uint64(max(1, m.GPU.CUsPerWGP))
	parts := sat.Mul(uint64(max(0, m.SM.Partitions)), cus)
	slots := sat.Mul(parts, uint64(max(0, m.SM.WarpsPerPartition)))
	perSlot := uint64(unsafe.Sizeof(slot{})) + sat.Mul(uint64(prog.Slots()), uint64(unsafe.Sizeof(sbEntry(0))))
	n := sat.Mul(slots, perSlot)
	blocks := sat.Mul(uint64(max(0, m.SM.MaxBlocks)), cus)
	n = sat.Add(n, sat.Mul(blocks, sat.Add(uint64(unsafe.Sizeof(blockState{})), sat.Mul(slots, 4))))
	units := uint64(0)
	for _, u := range m.Units {
		units = sat.Add(units, uint64(max(0, u.Count)))
	}
	n = sat.Add(n, sat.Mul(sat.Mul(units, parts), 8))
	return sat.Add(n, sat.Mul(parts, uint64(unsafe.Sizeof(partition{}))+uint64(len(m.Units))*8))
}

// PCFootprint is the host memory of the per-instruction counters of prog.
func PCFootprint(prog *Program) uint64 {
	return sat.Mul(uint64(prog.Len()), uint64(unsafe.Sizeof(PCStats{})))
}
