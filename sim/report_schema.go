package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// ReportDoc is the JSON report's schema (docs/report-json.md describes
// every key): the values of a Report as written by JSON and read back by
// ParseReportJSON. Maps (reason or unit name to a value) are written with
// sorted keys, so the output is deterministic.
type ReportDoc struct {
	Trace   string      `json:"trace"`
	Machine MachineDoc  `json:"machine"`
	Kernels []KernelDoc `json:"kernels"`
	Outputs []string    `json:"outputs"`
	// Partial is true only when a kernel stopped before its end (its
	// "partial" says why); a complete report has no such key.
	Partial         bool     `json:"partial,omitempty"`
	WallSeconds     *float64 `json:"wall_seconds,omitempty"`
	WarpInstsPerSec *float64 `json:"warp_instructions_per_second,omitempty"`
}

// MachineDoc names the machine model a report ran on.
type MachineDoc struct {
	Name      string   `json:"name"`
	Arch      string   `json:"arch"`
	File      string   `json:"file"`
	Overrides []string `json:"overrides"`
}

// KernelDoc is one kernel launch; TimingDoc is nil in the functional mode.
type KernelDoc struct {
	Name        string    `json:"name"`
	Mode        string    `json:"mode"`
	Grid        [3]uint32 `json:"grid"`
	Block       [3]uint32 `json:"block"`
	Notes       []string  `json:"notes"`
	WarpInsts   uint64    `json:"warp_instructions"`
	ThreadInsts uint64    `json:"thread_instructions"`
	// Partial is present only when the launch stopped before its end.
	Partial *PartialDoc `json:"partial,omitempty"`
	*TimingDoc
	Opcodes []OpcodeDoc `json:"opcodes"`
}

// OpcodeDoc is the executions of one opcode.
type OpcodeDoc struct {
	Opcode      string `json:"opcode"`
	WarpInsts   uint64 `json:"warp_instructions"`
	ThreadInsts uint64 `json:"thread_instructions"`
}

// TimingDoc are the timing mode's keys of a kernel.
type TimingDoc struct {
	Cycles       uint64             `json:"cycles"`
	ClockMHz     float64            `json:"clock_mhz"`
	IPC          float64            `json:"ipc"`
	SMIPC        float64            `json:"sm_ipc"`
	Occupancy    OccupancyDoc       `json:"occupancy"`
	Stalls       map[string]uint64  `json:"stalls"`
	Schedulers   SchedulersDoc      `json:"schedulers"`
	Units        map[string]UnitDoc `json:"units"`
	Memory       MemoryDoc          `json:"memory"`
	SMs          []SMDoc            `json:"sms"`
	Instructions []InstDoc          `json:"instructions"`
	// LatencyHistogram bins every executed warp instruction by its
	// latency; Samples are the counters over time.
	LatencyHistogram []HistBinDoc `json:"latency_histogram"`
	Samples          SamplesDoc   `json:"samples"`
}

// HistBinDoc is one bin of a histogram: the warp instructions whose latency
// in cycles is at least Min and below Max.
type HistBinDoc struct {
	Min   uint64 `json:"min"`
	Max   uint64 `json:"max"`
	Count uint64 `json:"executions"`
}

// SamplesDoc are the timing run's counters per interval of simulated time
// (sim.Samples): interval i covers cycles [i*interval, (i+1)*interval),
// the last one ending at end.
type SamplesDoc struct {
	Interval         uint64              `json:"interval"`
	End              uint64              `json:"end"`
	WarpInsts        []uint64            `json:"warp_instructions"`
	ActiveWarpCycles []uint64            `json:"active_warp_cycles"`
	Stalls           map[string][]uint64 `json:"stalls"`
	L1SectorReads    []uint64            `json:"l1_sector_reads"`
	L1SectorReadHits []uint64            `json:"l1_sector_read_hits"`
	L2SectorReads    []uint64            `json:"l2_sector_reads"`
	L2SectorReadHits []uint64            `json:"l2_sector_read_hits"`
	DRAMReadBytes    []uint64            `json:"dram_read_bytes"`
	DRAMWriteBytes   []uint64            `json:"dram_write_bytes"`
}

// Len is the number of intervals.
func (s *SamplesDoc) Len() int { return len(s.WarpInsts) }

// Start is the first cycle of interval i.
func (s *SamplesDoc) Start(i int) uint64 { return uint64(i) * s.Interval }

// Cycles is the length of interval i (the last one may be shorter).
func (s *SamplesDoc) Cycles(i int) uint64 {
	return min(s.End, uint64(i+1)*s.Interval) - s.Start(i)
}

// OccupancyDoc is a launch's theoretical and achieved occupancy.
type OccupancyDoc struct {
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

// SchedulersDoc sums the issue slots of every scheduler.
type SchedulersDoc struct {
	Count       int    `json:"count"`
	Cycles      uint64 `json:"cycles"`
	IssueCycles uint64 `json:"issue_cycles"`
	IdleCycles  uint64 `json:"idle_cycles"`
}

// UnitDoc is one functional unit class over the GPU.
type UnitDoc struct {
	Instances   int     `json:"instances"`
	BusyCycles  uint64  `json:"busy_cycles"`
	Utilisation float64 `json:"utilisation"`
}

// MemoryDoc are the memory hierarchy's counters over the GPU.
type MemoryDoc struct {
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
	TexInsts         uint64  `json:"tex_instructions,omitempty"`
	Texels           uint64  `json:"texels,omitempty"`
}

// SMDoc is one SM's figures.
type SMDoc struct {
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

// InstDoc is one static instruction's figures.
type InstDoc struct {
	PC          int               `json:"pc"`
	Line        int               `json:"line"`
	SourceLine  int               `json:"source_line"`
	Text        string            `json:"text"`
	Unit        string            `json:"unit"`
	Executions  uint64            `json:"executions"`
	Threads     uint64            `json:"thread_executions"`
	Latency     LatencyDoc        `json:"latency"`
	StallCycles uint64            `json:"stall_cycles"`
	Stalls      map[string]uint64 `json:"stalls"`
	// Expansion is present when the instruction issued as the machine code
	// ptxas emits for it (the machine's gpu.expansions table).
	Expansion *ExpansionDoc `json:"expansion,omitempty"`
}

// ExpansionDoc is an expanded instruction's machine code: its micro-op
// sequences' lengths, the executions that took the slow path, and per unit
// its micro-ops, their busy cycles and the stall cycles the instruction
// waited on the unit (for a result: scoreboard; to accept an op:
// pipe_busy).
type ExpansionDoc struct {
	Ops            int                         `json:"ops"`
	SlowOps        int                         `json:"slow_ops"`
	Free           bool                        `json:"free"`
	SlowExecutions uint64                      `json:"slow_executions"`
	Units          map[string]ExpansionUnitDoc `json:"units"`
}

// ExpansionUnitDoc is one unit's part in an expanded instruction.
type ExpansionUnitDoc struct {
	Ops              uint64 `json:"ops"`
	BusyCycles       uint64 `json:"busy_cycles"`
	ScoreboardStalls uint64 `json:"scoreboard_stalls"`
	PipeBusyStalls   uint64 `json:"pipe_busy_stalls"`
}

// LatencyDoc summarises an instruction's issue-to-completion latency.
type LatencyDoc struct {
	Mean  float64 `json:"mean"`
	Min   float64 `json:"min"`
	P50   float64 `json:"p50"`
	P99   float64 `json:"p99"`
	Max   float64 `json:"max"`
	Exact bool    `json:"exact"`
}

// ParseReportJSON reads a JSON report (what `gpusim -json` writes). Unknown
// keys are errors, so a file of another kind is not mistaken for a report.
func ParseReportJSON(name string, data []byte) (*ReportDoc, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var d ReportDoc
	if err := dec.Decode(&d); err != nil {
		return nil, fmt.Errorf("%s: not a gpusim JSON report: %v", name, err)
	}
	if d.Machine.Name == "" && len(d.Kernels) == 0 {
		return nil, fmt.Errorf("%s: not a gpusim JSON report (no machine, no kernels)", name)
	}
	return &d, nil
}
