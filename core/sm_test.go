package core

import (
	"github.com/gpusim/gpusim/traces/ptx"
	"testing"

	"github.com/gpusim/gpusim/config"
)

// TestSMUnits checks the unit instances NewSM lays out: count per
// partition for partition-scope units, count per SM shared by every
// partition for SM-scope ones, and the slots' partitions.
func TestSMUnits(t *testing.T) {
	prog, err := ptx.Parse("k.ptx", []byte(programPTX))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sets []string
		unit string
		per  []int // instances each partition sees
		same bool  // all partitions share them
	}{
		{nil, "fp32", []int{1, 1, 1, 1}, false},
		{nil, "fp64", []int{1, 1, 1, 1}, true},
		{[]string{"units.sfu.count=2"}, "sfu", []int{2, 2, 2, 2}, false},
		{[]string{"units.ldst.count=3"}, "ldst", []int{3, 3, 3, 3}, true},
		{[]string{"units.fp64.scope=partition"}, "fp64", []int{1, 1, 1, 1}, false},
	} {
		m, err := config.Load("sm_75", c.sets)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewProgram(prog.Kernels[0], m)
		if err != nil {
			t.Fatal(err)
		}
		var st SMStats
		sm, err := NewSM(SMConfig{Machine: m, Program: p, Width: 32, Stats: &st, PC: make([]PCStats, p.Len())})
		if err != nil {
			t.Fatal(err)
		}
		u, _ := m.UnitIndex(c.unit)
		first := sm.parts[0].units[u]
		for i := range sm.parts {
			g := sm.parts[i].units[u]
			if int(g.hi-g.lo) != c.per[i] || (g == first) != (c.same || i == 0) {
				t.Errorf("%v: %s in partition %d: instances [%d,%d), partition 0 [%d,%d)", c.sets, c.unit, i, g.lo, g.hi, first.lo, first.hi)
			}
		}
		if len(st.Partitions) != 4 || len(st.UnitBusy) != len(m.Units) || sm.FreeWarps() != 32 {
			t.Errorf("%v: %d partitions, %d unit counters, %d free warps", c.sets, len(st.Partitions), len(st.UnitBusy), sm.FreeWarps())
		}
		for i := range sm.slots {
			if sm.slots[i].part != &sm.parts[i%4] {
				t.Fatalf("slot %d is not in partition %d", i, i%4)
			}
		}
	}
}
