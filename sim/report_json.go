package sim

import (
	"encoding/json"

	"github.com/gpusim/gpusim/core"
)

// JSON renders the report; withWall includes the simulator's own wall-clock
// time and speed, which differ from run to run.
func (r *Report) JSON(withWall bool) ([]byte, error) {
	out, err := json.MarshalIndent(r.Doc(withWall), "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// Doc is the report as the JSON document's values: what JSON writes, and
// what other views (CSV, HTML, comparisons) read, whether from a run or
// from a JSON file (ParseReportJSON).
func (r *Report) Doc(withWall bool) *ReportDoc {
	jr := &ReportDoc{
		Trace: r.Trace,
		Machine: MachineDoc{Name: r.Machine.GPU.Name, Arch: r.Machine.GPU.Arch, File: r.Machine.File(),
			Overrides: nonNil(r.Machine.Overrides())},
		Outputs: nonNil(r.Outputs),
		Kernels: []KernelDoc{},
	}
	var wall float64
	var insts uint64
	for _, k := range r.Kernels {
		jr.Kernels = append(jr.Kernels, kernelDoc(k))
		if k.Partial != nil {
			jr.Partial = true
		}
		wall += k.WallSeconds
		insts += k.WarpInsts
	}
	if withWall {
		jr.WallSeconds = &wall
		rate := 0.0
		if wall > 0 {
			rate = float64(insts) / wall
		}
		jr.WarpInstsPerSec = &rate
	}
	return jr
}

// reasons turns per-state cycles into the reason-to-cycles object.
func reasons(s *[core.NumReasons]uint64) map[string]uint64 {
	m := make(map[string]uint64, core.NumReasons)
	for r, c := range s {
		m[core.Reason(r).String()] = c
	}
	return m
}

func timingJSON(k *KernelStats) *TimingDoc {
	t := k.Timing
	o := &t.Occupancy
	jt := &TimingDoc{
		Cycles: t.Cycles, ClockMHz: t.ClockMHz, IPC: t.IPC, SMIPC: t.SMIPC,
		Occupancy: OccupancyDoc{
			Theoretical: o.Theoretical, Achieved: o.Achieved, Limiter: o.Limiter, BlocksPerSM: o.BlocksPerSM,
			WarpsPerSM: o.WarpsPerSM, MaxWarps: o.MaxWarps, WarpsPerBlock: o.WarpsPerBlock,
			Registers: o.Registers, RegistersFrom: o.RegistersFrom, SharedPerBlock: o.SharedPerBlock,
		},
		Stalls: reasons(&t.Stalls),
		Schedulers: SchedulersDoc{Count: t.SMs * t.Partitions, Cycles: t.SchedulerCycles,
			IssueCycles: t.IssueCycles, IdleCycles: t.IdleCycles},
		Units:        map[string]UnitDoc{},
		SMs:          []SMDoc{},
		Instructions: []InstDoc{},
	}
	for _, u := range t.Units {
		jt.Units[u.Name] = UnitDoc{Instances: u.Instances, BusyCycles: u.BusyCycles, Utilisation: u.Utilisation}
	}
	ms, mg := &t.Memory.SM, &t.Memory.GPU
	jt.Memory = MemoryDoc{
		L1HitRate: t.Memory.L1HitRate, L2HitRate: t.Memory.L2HitRate,
		Loads: ms.Loads, Stores: ms.Stores, Atomics: ms.Atomics, Reductions: ms.Reductions,
		Lines: ms.Lines, Sectors: ms.Sectors,
		L1SectorReads: ms.L1.SectorReads, L1SectorReadHits: ms.L1.SectorReadHits,
		L2SectorReads: mg.L2.SectorReads, L2SectorReadHits: mg.L2.SectorReadHits,
		DRAMReadBytes: mg.DRAM.ReadBytes, DRAMWriteBytes: mg.DRAM.WriteBytes,
		SharedLoads: ms.SharedLoads, SharedStores: ms.SharedStores, SharedAtomics: ms.SharedAtomics,
		SharedPhases: ms.SharedPhases, SharedPasses: ms.SharedPasses, ConstLoads: ms.ConstLoads,
		TexInsts: ms.TexInsts, Texels: ms.Texels,
	}
	for _, s := range t.PerSM {
		js := SMDoc{
			ID: uint64(s.ID), ActiveCycles: s.ActiveCycles, WarpInsts: s.WarpInsts, ThreadInsts: s.ThreadInsts,
			IPC: s.IPC, AchievedOccupancy: s.AchievedOccupancy, Blocks: s.Blocks, PeakWarps: s.PeakWarps,
			L1HitRate: s.L1HitRate, Stalls: reasons(&s.Stalls), Schedulers: []map[string]uint64{},
		}
		for i := range s.PerScheduler {
			js.Schedulers = append(js.Schedulers, reasons(&s.PerScheduler[i]))
		}
		jt.SMs = append(jt.SMs, js)
	}
	jt.LatencyHistogram = []HistBinDoc{}
	for _, b := range k.LatencyHistogram() {
		jt.LatencyHistogram = append(jt.LatencyHistogram, HistBinDoc(b))
	}
	jt.Samples = samplesDoc(&t.Samples)
	for _, is := range k.Instructions() {
		l := is.Latency
		jt.Instructions = append(jt.Instructions, InstDoc{
			PC: is.PC, Line: is.Line, SourceLine: is.SourceLine, Text: is.Text, Unit: is.Unit,
			Executions: is.Executions, Threads: is.Threads,
			Latency:     LatencyDoc{Mean: l.Mean, Min: l.Min, P50: l.P50, P99: l.P99, Max: l.Max, Exact: l.Exact},
			StallCycles: is.StallCycles, Stalls: reasons(&is.States), Expansion: expansionDoc(is.Expansion),
		})
	}
	return jt
}

func expansionDoc(x *InstExpansion) *ExpansionDoc {
	if x == nil {
		return nil
	}
	d := &ExpansionDoc{Ops: x.Ops, SlowOps: x.SlowOps, Free: x.Free, SlowExecutions: x.SlowExecutions, Units: map[string]ExpansionUnitDoc{}}
	for _, u := range x.Units {
		d.Units[u.Name] = ExpansionUnitDoc{Ops: u.Ops, BusyCycles: u.Busy, ScoreboardStalls: u.ScoreboardStalls, PipeBusyStalls: u.PipeBusy}
	}
	return d
}

func samplesDoc(s *Samples) SamplesDoc {
	d := SamplesDoc{
		Interval: s.Interval, End: s.End, WarpInsts: nonNilU(s.WarpInsts), ActiveWarpCycles: nonNilU(s.ActiveWarpCycles),
		Stalls:        map[string][]uint64{},
		L1SectorReads: nonNilU(s.L1SectorReads), L1SectorReadHits: nonNilU(s.L1SectorReadHits),
		L2SectorReads: nonNilU(s.L2SectorReads), L2SectorReadHits: nonNilU(s.L2SectorReadHits),
		DRAMReadBytes: nonNilU(s.DRAMReadBytes), DRAMWriteBytes: nonNilU(s.DRAMWriteBytes),
	}
	for r := range s.Stalls {
		d.Stalls[core.Reason(r).String()] = nonNilU(s.Stalls[r])
	}
	return d
}

func nonNilU(v []uint64) []uint64 {
	if v == nil {
		return []uint64{}
	}
	return v
}
