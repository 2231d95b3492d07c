package sim

import (
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/mem"
)

// timingStats derives the launch's timing figures from the counters.
func timingStats(p *Prepared, prog *core.Program, h *mem.Hierarchy, sms []core.SMStats, pcs []core.PCStats, occ OccupancyStats, cycles uint64) *TimingStats {
	m := p.Machine
	t := &TimingStats{Cycles: cycles, ClockMHz: m.GPU.ClockMHz, SMs: len(sms), Occupancy: occ, PC: pcs}
	if len(sms) > 0 {
		t.Partitions = len(sms[0].Partitions)
	}
	t.pcUnit = make([]string, prog.Len())
	t.pcExp = make([]pcExpansion, prog.Len())
	for pc := range t.pcUnit {
		t.pcUnit[pc] = m.Units[prog.Route(pc).Unit].Name
		e := &t.pcExp[pc]
		e.fast, e.slow, e.free = prog.Expansion(pc)
	}
	for _, u := range m.Units {
		t.units = append(t.units, u.Name)
	}
	var insts, active, resident uint64
	busy := make([]uint64, len(m.Units))
	cus := max(1, m.GPU.CUsPerWGP)
	for i := range sms {
		s := &sms[i]
		st := SMTiming{
			ID: i, ActiveCycles: s.ActiveCycles, ResidentWarps: s.ResidentWarps, WarpInsts: s.WarpInsts, ThreadInsts: s.ThreadInsts,
			Blocks: s.Blocks, PeakWarps: s.PeakWarps, IPC: ratio(s.WarpInsts, s.ActiveCycles),
			AchievedOccupancy: ratio(s.ResidentWarps, s.ActiveCycles) / float64(max(1, occ.MaxWarps)),
		}
		var l1 mem.CacheStats
		for cu := i * cus; cu < (i+1)*cus && cu < m.GPU.SMs; cu++ {
			ms := h.SM(cu)
			l1.Add(&ms.L1)
		}
		st.L1HitRate = ratio(l1.SectorReadHits, l1.SectorReads)
		for _, ps := range s.Partitions {
			st.PerScheduler = append(st.PerScheduler, ps.States)
			for r, c := range ps.States {
				st.Stalls[r] += c
				t.Stalls[r] += c
			}
			t.IssueCycles += ps.IssueCycles
			t.IdleCycles += cycles - min(cycles, ps.WarpCycles)
		}
		for u, b := range s.UnitBusy {
			busy[u] += b
		}
		insts += s.WarpInsts
		active += s.ActiveCycles
		resident += s.ResidentWarps
		t.PerSM = append(t.PerSM, st)
	}
	t.SchedulerCycles = cycles * uint64(len(sms)*t.Partitions)
	t.IPC = ratio(insts, cycles)
	t.SMIPC = ratio(insts, active)
	t.Occupancy.Achieved = ratio(resident, active) / float64(max(1, occ.MaxWarps))
	for u := range m.Units {
		n := m.UnitsPerSM(u) * m.GPU.SMs
		t.Units = append(t.Units, UnitStats{
			Name: m.Units[u].Name, Instances: n, BusyCycles: busy[u],
			Utilisation: ratio(busy[u], uint64(n)*cycles),
		})
	}
	t.Memory.SM = h.SMTotals()
	t.Memory.GPU = h.Stats()
	t.Memory.L1HitRate = ratio(t.Memory.SM.L1.SectorReadHits, t.Memory.SM.L1.SectorReads)
	t.Memory.L2HitRate = ratio(t.Memory.GPU.L2.SectorReadHits, t.Memory.GPU.L2.SectorReads)
	return t
}
