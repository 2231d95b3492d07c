package sim

import (
	"encoding/json"

	"github.com/gpusim/gpusim/core"
)

// The JSON report's schema; docs/report-json.md describes every key. Maps
// (reason or unit name to a value) are written with sorted keys, so the
// output is deterministic.
type jsonReport struct {
	Trace           string       `json:"trace"`
	Machine         jsonMachine  `json:"machine"`
	Kernels         []jsonKernel `json:"kernels"`
	Outputs         []string     `json:"outputs"`
	WallSeconds     *float64     `json:"wall_seconds,omitempty"`
	WarpInstsPerSec *float64     `json:"warp_instructions_per_second,omitempty"`
}

type jsonMachine struct {
	Name      string   `json:"name"`
	Arch      string   `json:"arch"`
	File      string   `json:"file"`
	Overrides []string `json:"overrides"`
}

type jsonKernel struct {
	Name        string    `json:"name"`
	Mode        string    `json:"mode"`
	Grid        [3]uint32 `json:"grid"`
	Block       [3]uint32 `json:"block"`
	Notes       []string  `json:"notes"`
	WarpInsts   uint64    `json:"warp_instructions"`
	ThreadInsts uint64    `json:"thread_instructions"`
	*jsonTiming
	Opcodes []jsonOpcode `json:"opcodes"`
}

type jsonOpcode struct {
	Opcode      string `json:"opcode"`
	WarpInsts   uint64 `json:"warp_instructions"`
	ThreadInsts uint64 `json:"thread_instructions"`
}

// jsonTiming are the timing mode's keys of a kernel.
type jsonTiming struct {
	Cycles       uint64              `json:"cycles"`
	ClockMHz     float64             `json:"clock_mhz"`
	IPC          float64             `json:"ipc"`
	SMIPC        float64             `json:"sm_ipc"`
	Occupancy    jsonOccupancy       `json:"occupancy"`
	Stalls       map[string]uint64   `json:"stalls"`
	Schedulers   jsonSchedulers      `json:"schedulers"`
	Units        map[string]jsonUnit `json:"units"`
	Memory       jsonMemory          `json:"memory"`
	SMs          []jsonSM            `json:"sms"`
	Instructions []jsonInst          `json:"instructions"`
}

type jsonOccupancy struct {
	Theoretical    float64 `json:"theoretical"`
	Achieved       float64 `json:"achieved"`
	Limiter        string  `json:"limiter"`
	BlocksPerSM    int     `json:"blocks_per_sm"`
	WarpsPerSM     int     `json:"warps_per_sm"`
	MaxWarps       int     `json:"max_warps"`
	WarpsPerBlock  int     `json:"warps_per_block"`
	Registers      int     `json:"registers"`
	RegistersFrom  string  `json:"registers_from"`
	SharedPerBlock int     `json:"shared_per_block"`
}

type jsonSchedulers struct {
	Count       int    `json:"count"`
	Cycles      uint64 `json:"cycles"`
	IssueCycles uint64 `json:"issue_cycles"`
	IdleCycles  uint64 `json:"idle_cycles"`
}

type jsonUnit struct {
	Instances   int     `json:"instances"`
	BusyCycles  uint64  `json:"busy_cycles"`
	Utilisation float64 `json:"utilisation"`
}

type jsonMemory struct {
	L1HitRate        float64 `json:"l1_hit_rate"`
	L2HitRate        float64 `json:"l2_hit_rate"`
	Loads            uint64  `json:"loads"`
	Stores           uint64  `json:"stores"`
	Atomics          uint64  `json:"atomics"`
	Reductions       uint64  `json:"reductions"`
	Lines            uint64  `json:"lines"`
	Sectors          uint64  `json:"sectors"`
	L1SectorReads    uint64  `json:"l1_sector_reads"`
	L1SectorReadHits uint64  `json:"l1_sector_read_hits"`
	L2SectorReads    uint64  `json:"l2_sector_reads"`
	L2SectorReadHits uint64  `json:"l2_sector_read_hits"`
	DRAMReadBytes    uint64  `json:"dram_read_bytes"`
	DRAMWriteBytes   uint64  `json:"dram_write_bytes"`
	SharedLoads      uint64  `json:"shared_loads"`
	SharedStores     uint64  `json:"shared_stores"`
	SharedAtomics    uint64  `json:"shared_atomics"`
	SharedPhases     uint64  `json:"shared_phases"`
	SharedPasses     uint64  `json:"shared_passes"`
	ConstLoads       uint64  `json:"const_loads"`
}

type jsonSM struct {
	ID                uint64              `json:"id"`
	ActiveCycles      uint64              `json:"active_cycles"`
	WarpInsts         uint64              `json:"warp_instructions"`
	ThreadInsts       uint64              `json:"thread_instructions"`
	IPC               float64             `json:"ipc"`
	AchievedOccupancy float64             `json:"achieved_occupancy"`
	Blocks            uint64              `json:"blocks"`
	PeakWarps         int                 `json:"peak_warps"`
	L1HitRate         float64             `json:"l1_hit_rate"`
	Stalls            map[string]uint64   `json:"stalls"`
	Schedulers        []map[string]uint64 `json:"schedulers"`
}

type jsonInst struct {
	PC          int               `json:"pc"`
	Line        int               `json:"line"`
	SourceLine  int               `json:"source_line"`
	Text        string            `json:"text"`
	Unit        string            `json:"unit"`
	Executions  uint64            `json:"executions"`
	Threads     uint64            `json:"thread_executions"`
	Latency     jsonLatency       `json:"latency"`
	StallCycles uint64            `json:"stall_cycles"`
	Stalls      map[string]uint64 `json:"stalls"`
}

type jsonLatency struct {
	Mean  float64 `json:"mean"`
	Min   float64 `json:"min"`
	P50   float64 `json:"p50"`
	P99   float64 `json:"p99"`
	Max   float64 `json:"max"`
	Exact bool    `json:"exact"`
}

// JSON renders the report; withWall includes the simulator's own wall-clock
// time and speed, which differ from run to run.
func (r *Report) JSON(withWall bool) ([]byte, error) {
	jr := jsonReport{
		Trace: r.Trace,
		Machine: jsonMachine{Name: r.Machine.GPU.Name, Arch: r.Machine.GPU.Arch, File: r.Machine.File(),
			Overrides: nonNil(r.Machine.Overrides())},
		Outputs: nonNil(r.Outputs),
		Kernels: []jsonKernel{},
	}
	var wall float64
	var insts uint64
	for _, k := range r.Kernels {
		jr.Kernels = append(jr.Kernels, kernelJSON(k))
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
	out, err := json.MarshalIndent(jr, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// reasons turns per-state cycles into the reason-to-cycles object.
func reasons(s *[core.NumReasons]uint64) map[string]uint64 {
	m := make(map[string]uint64, core.NumReasons)
	for r, c := range s {
		m[core.Reason(r).String()] = c
	}
	return m
}

func timingJSON(k *KernelStats) *jsonTiming {
	t := k.Timing
	o := &t.Occupancy
	jt := &jsonTiming{
		Cycles: t.Cycles, ClockMHz: t.ClockMHz, IPC: t.IPC, SMIPC: t.SMIPC,
		Occupancy: jsonOccupancy{
			Theoretical: o.Theoretical, Achieved: o.Achieved, Limiter: o.Limiter, BlocksPerSM: o.BlocksPerSM,
			WarpsPerSM: o.WarpsPerSM, MaxWarps: o.MaxWarps, WarpsPerBlock: o.WarpsPerBlock,
			Registers: o.Registers, RegistersFrom: o.RegistersFrom, SharedPerBlock: o.SharedPerBlock,
		},
		Stalls: reasons(&t.Stalls),
		Schedulers: jsonSchedulers{Count: t.SMs * t.Partitions, Cycles: t.SchedulerCycles,
			IssueCycles: t.IssueCycles, IdleCycles: t.IdleCycles},
		Units:        map[string]jsonUnit{},
		SMs:          []jsonSM{},
		Instructions: []jsonInst{},
	}
	for _, u := range t.Units {
		jt.Units[u.Name] = jsonUnit{Instances: u.Instances, BusyCycles: u.BusyCycles, Utilisation: u.Utilisation}
	}
	ms, mg := &t.Memory.SM, &t.Memory.GPU
	jt.Memory = jsonMemory{
		L1HitRate: t.Memory.L1HitRate, L2HitRate: t.Memory.L2HitRate,
		Loads: ms.Loads, Stores: ms.Stores, Atomics: ms.Atomics, Reductions: ms.Reductions,
		Lines: ms.Lines, Sectors: ms.Sectors,
		L1SectorReads: ms.L1.SectorReads, L1SectorReadHits: ms.L1.SectorReadHits,
		L2SectorReads: mg.L2.SectorReads, L2SectorReadHits: mg.L2.SectorReadHits,
		DRAMReadBytes: mg.DRAM.ReadBytes, DRAMWriteBytes: mg.DRAM.WriteBytes,
		SharedLoads: ms.SharedLoads, SharedStores: ms.SharedStores, SharedAtomics: ms.SharedAtomics,
		SharedPhases: ms.SharedPhases, SharedPasses: ms.SharedPasses, ConstLoads: ms.ConstLoads,
	}
	for _, s := range t.PerSM {
		js := jsonSM{
			ID: uint64(s.ID), ActiveCycles: s.ActiveCycles, WarpInsts: s.WarpInsts, ThreadInsts: s.ThreadInsts,
			IPC: s.IPC, AchievedOccupancy: s.AchievedOccupancy, Blocks: s.Blocks, PeakWarps: s.PeakWarps,
			L1HitRate: s.L1HitRate, Stalls: reasons(&s.Stalls), Schedulers: []map[string]uint64{},
		}
		for i := range s.PerScheduler {
			js.Schedulers = append(js.Schedulers, reasons(&s.PerScheduler[i]))
		}
		jt.SMs = append(jt.SMs, js)
	}
	for _, is := range k.Instructions() {
		l := is.Latency
		jt.Instructions = append(jt.Instructions, jsonInst{
			PC: is.PC, Line: is.Line, SourceLine: is.SourceLine, Text: is.Text, Unit: is.Unit,
			Executions: is.Executions, Threads: is.Threads,
			Latency:     jsonLatency{Mean: l.Mean, Min: l.Min, P50: l.P50, P99: l.P99, Max: l.Max, Exact: l.Exact},
			StallCycles: is.StallCycles, Stalls: reasons(&is.States),
		})
	}
	return jt
}
