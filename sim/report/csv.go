package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/gpusim/gpusim/sim"
)

// The CSV views: one row per kernel launch (WriteLaunchCSV) and one row per
// static instruction (WriteInstructionCSV). Column names are Nsight
// Compute's metric names where ncu has a counterpart (so a gpusim CSV can
// be placed beside `ncu --csv` output) and gpusim__NAME otherwise;
// docs/report-csv.md lists every column with its ncu counterpart and any
// difference in definition. A functional-mode launch leaves the timing
// columns empty.

// csvCol is one column: its name and its value for a launch.
type csvCol struct {
	name string
	val  func(l *Launch) string
	// timing columns are empty for a functional-mode launch.
	timing bool
}

// ncuStall is Nsight Compute's name of each gpusim warp state in its
// warp-state metrics (smsp__warps_issue_stalled_NAME and relatives), and
// in its PC sampling metrics (smsp__pcsamp_warps_issue_stalled_NAME).
func ncuStall(state string, sampling bool) string {
	switch state {
	case "pipe_busy":
		return "math_pipe_throttle"
	case "no_instruction":
		if sampling {
			return "no_instructions"
		}
	}
	return state
}

// ncuPipe is Nsight Compute's pipe of a gpusim unit class name, where the
// pipe's cycles-active metric exists (sm__pipe_PIPE_cycles_active); "" when
// none corresponds.
func ncuPipe(unit string) string {
	switch unit {
	case "fp32":
		return "fma"
	case "int32":
		return "alu"
	case "fp64":
		return "fp64"
	case "tensor":
		return "tensor"
	}
	return ""
}

// unitColumn names the utilisation column of unit class name.
func unitColumn(unit string) string {
	if p := ncuPipe(unit); p != "" {
		return "sm__pipe_" + p + "_cycles_active.avg.pct_of_peak_sustained_elapsed"
	}
	return "gpusim__pipe_" + unit + "_cycles_active.avg.pct_of_peak_sustained_elapsed"
}

func u64(v uint64) string { return strconv.FormatUint(v, 10) }

// f64 formats a value for CSV: integers without a fraction, others with
// eight significant digits.
func f64(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'g', 8, 64)
}

func tim(l *Launch) *sim.TimingDoc { return l.Kernel.TimingDoc }

// launchColumns are the columns of the per-launch CSV for these launches
// (the unit columns are the union of the launches' unit classes).
func launchColumns(ls []Launch) []csvCol {
	cols := []csvCol{
		{name: "ID", val: func(l *Launch) string { return strconv.Itoa(l.ID) }},
		{name: "Kernel Name", val: func(l *Launch) string { return l.Kernel.Name }},
		{name: "gpusim__mode", val: func(l *Launch) string { return l.Kernel.Mode }},
		{name: "gpusim__machine", val: func(l *Launch) string { return l.Machine.Name }},
		{name: "launch__grid_size", val: func(l *Launch) string {
			g := l.Kernel.Grid
			return u64(uint64(g[0]) * uint64(g[1]) * uint64(g[2]))
		}},
		{name: "launch__block_size", val: func(l *Launch) string {
			b := l.Kernel.Block
			return u64(uint64(b[0]) * uint64(b[1]) * uint64(b[2]))
		}},
		{name: "launch__thread_count", val: func(l *Launch) string {
			g, b := l.Kernel.Grid, l.Kernel.Block
			return u64(uint64(g[0]) * uint64(g[1]) * uint64(g[2]) * uint64(b[0]) * uint64(b[1]) * uint64(b[2]))
		}},
		{name: "launch__registers_per_thread", timing: true, val: func(l *Launch) string { return strconv.Itoa(tim(l).Occupancy.Registers) }},
		{name: "gpusim__registers_from", timing: true, val: func(l *Launch) string { return tim(l).Occupancy.RegistersFrom }},
		{name: "launch__shared_mem_per_block", timing: true, val: func(l *Launch) string { return strconv.Itoa(tim(l).Occupancy.SharedPerBlock) }},
		{name: "gpusim__blocks_per_sm", timing: true, val: func(l *Launch) string { return strconv.Itoa(tim(l).Occupancy.BlocksPerSM) }},
		{name: "gpusim__occupancy_limiter", timing: true, val: func(l *Launch) string { return tim(l).Occupancy.Limiter }},
		{name: "launch__waves_per_multiprocessor", timing: true, val: func(l *Launch) string {
			t := tim(l)
			g := l.Kernel.Grid
			return f64(ratio(float64(g[0])*float64(g[1])*float64(g[2]), float64(t.Occupancy.BlocksPerSM*len(t.SMs))))
		}},
		{name: "sm__maximum_warps_avg_per_active_cycle", timing: true, val: func(l *Launch) string { return strconv.Itoa(tim(l).Occupancy.WarpsPerSM) }},
		{name: "sm__maximum_warps_per_active_cycle_pct", timing: true, val: func(l *Launch) string { return f64(100 * tim(l).Occupancy.Theoretical) }},
		{name: "sm__warps_active.avg.per_cycle_active", timing: true, val: func(l *Launch) string {
			o := &tim(l).Occupancy
			return f64(o.Achieved * float64(o.MaxWarps))
		}},
		{name: "sm__warps_active.avg.pct_of_peak_sustained_active", timing: true, val: func(l *Launch) string { return f64(100 * tim(l).Occupancy.Achieved) }},
		{name: "gpc__cycles_elapsed.max", timing: true, val: func(l *Launch) string { return u64(tim(l).Cycles) }},
		{name: "gpc__cycles_elapsed.avg.per_second", timing: true, val: func(l *Launch) string { return f64(tim(l).ClockMHz * 1e6) }},
		{name: "gpu__time_duration.sum", timing: true, val: func(l *Launch) string {
			t := tim(l)
			return f64(ratio(float64(t.Cycles)*1000, t.ClockMHz))
		}},
		{name: "sm__cycles_active.avg", timing: true, val: func(l *Launch) string {
			t := tim(l)
			var a uint64
			for _, s := range t.SMs {
				a += s.ActiveCycles
			}
			return f64(ratio(float64(a), float64(len(t.SMs))))
		}},
		{name: "sm__inst_executed.sum", val: func(l *Launch) string { return u64(l.Kernel.WarpInsts) }},
		{name: "smsp__thread_inst_executed_pred_on.sum", val: func(l *Launch) string { return u64(l.Kernel.ThreadInsts) }},
		{name: "smsp__thread_inst_executed_pred_on_per_inst_executed.ratio", val: func(l *Launch) string {
			return f64(ratio(float64(l.Kernel.ThreadInsts), float64(l.Kernel.WarpInsts)))
		}},
		{name: "sm__inst_executed.sum.per_cycle_elapsed", timing: true, val: func(l *Launch) string { return f64(tim(l).IPC) }},
		{name: "sm__inst_executed.avg.per_cycle_active", timing: true, val: func(l *Launch) string { return f64(tim(l).SMIPC) }},
		{name: "sm__inst_executed.avg.per_cycle_elapsed", timing: true, val: func(l *Launch) string {
			t := tim(l)
			return f64(ratio(float64(l.Kernel.WarpInsts), float64(t.Cycles)*float64(len(t.SMs))))
		}},
		{name: "smsp__issue_active.sum", timing: true, val: func(l *Launch) string { return u64(tim(l).Schedulers.IssueCycles) }},
		{name: "smsp__issue_active.avg.pct_of_peak_sustained_active", timing: true, val: func(l *Launch) string {
			s := &tim(l).Schedulers
			return f64(100 * ratio(float64(s.IssueCycles), float64(s.Cycles-min(s.Cycles, s.IdleCycles))))
		}},
		{name: "gpusim__scheduler_idle.pct", timing: true, val: func(l *Launch) string {
			s := &tim(l).Schedulers
			return f64(100 * ratio(float64(s.IdleCycles), float64(s.Cycles)))
		}},
		{name: "sm__warps_active.sum", timing: true, val: func(l *Launch) string { return u64(warpCycles(tim(l))) }},
		{name: "smsp__average_warp_latency_per_inst_issued.ratio", timing: true, val: func(l *Launch) string {
			return f64(ratio(float64(warpCycles(tim(l))), float64(l.Kernel.WarpInsts)))
		}},
	}
	for _, r := range reasonNames() {
		n := ncuStall(r, false)
		cols = append(cols,
			csvCol{name: "smsp__warps_issue_stalled_" + n + ".sum", timing: true, val: func(l *Launch) string { return u64(tim(l).Stalls[r]) }},
			csvCol{name: "smsp__average_warp_latency_issue_stalled_" + n + ".ratio", timing: true, val: func(l *Launch) string {
				return f64(ratio(float64(tim(l).Stalls[r]), float64(l.Kernel.WarpInsts)))
			}},
			csvCol{name: "smsp__average_warps_issue_stalled_" + n + "_per_issue_active.ratio", timing: true, val: func(l *Launch) string {
				t := tim(l)
				return f64(ratio(float64(t.Stalls[r]), float64(t.Schedulers.IssueCycles)))
			}})
	}
	mem := func(name string, f func(m *sim.MemoryDoc) float64) csvCol {
		return csvCol{name: name, timing: true, val: func(l *Launch) string { return f64(f(&tim(l).Memory)) }}
	}
	cols = append(cols,
		mem("l1tex__t_sector_hit_rate.pct", func(m *sim.MemoryDoc) float64 { return 100 * m.L1HitRate }),
		mem("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", func(m *sim.MemoryDoc) float64 { return float64(m.L1SectorReads) }),
		mem("l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum", func(m *sim.MemoryDoc) float64 { return float64(m.L1SectorReadHits) }),
		mem("gpusim__l1_lines", func(m *sim.MemoryDoc) float64 { return float64(m.Lines) }),
		mem("gpusim__l1_sectors", func(m *sim.MemoryDoc) float64 { return float64(m.Sectors) }),
		mem("lts__t_sector_hit_rate.pct", func(m *sim.MemoryDoc) float64 { return 100 * m.L2HitRate }),
		mem("lts__t_sectors_srcunit_tex_op_read.sum", func(m *sim.MemoryDoc) float64 { return float64(m.L2SectorReads) }),
		mem("lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum", func(m *sim.MemoryDoc) float64 { return float64(m.L2SectorReadHits) }),
		mem("dram__bytes_read.sum", func(m *sim.MemoryDoc) float64 { return float64(m.DRAMReadBytes) }),
		mem("dram__bytes_write.sum", func(m *sim.MemoryDoc) float64 { return float64(m.DRAMWriteBytes) }),
		mem("smsp__inst_executed_op_global_ld.sum", func(m *sim.MemoryDoc) float64 { return float64(m.Loads) }),
		mem("smsp__inst_executed_op_global_st.sum", func(m *sim.MemoryDoc) float64 { return float64(m.Stores) }),
		mem("smsp__sass_inst_executed_op_global_atom.sum", func(m *sim.MemoryDoc) float64 { return float64(m.Atomics) }),
		mem("smsp__inst_executed_op_global_red.sum", func(m *sim.MemoryDoc) float64 { return float64(m.Reductions) }),
		mem("smsp__inst_executed_op_shared_ld.sum", func(m *sim.MemoryDoc) float64 { return float64(m.SharedLoads) }),
		mem("smsp__inst_executed_op_shared_st.sum", func(m *sim.MemoryDoc) float64 { return float64(m.SharedStores) }),
		mem("smsp__inst_executed_op_shared_atom.sum", func(m *sim.MemoryDoc) float64 { return float64(m.SharedAtomics) }),
		mem("l1tex__data_pipe_lsu_wavefronts_mem_shared.sum", func(m *sim.MemoryDoc) float64 { return float64(m.SharedPasses) }),
		mem("l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum", func(m *sim.MemoryDoc) float64 {
			return float64(m.SharedPasses - min(m.SharedPasses, m.SharedPhases))
		}),
		mem("gpusim__const_loads", func(m *sim.MemoryDoc) float64 { return float64(m.ConstLoads) }),
	)
	seen := map[string]bool{}
	var units []string
	for i := range ls {
		if t := tim(&ls[i]); t != nil {
			for _, u := range sortedKeys(t.Units) {
				if !seen[u] {
					seen[u] = true
					units = append(units, u)
				}
			}
		}
	}
	for _, u := range units {
		cols = append(cols, csvCol{name: unitColumn(u), timing: true, val: func(l *Launch) string {
			ud, ok := tim(l).Units[u]
			if !ok {
				return ""
			}
			return f64(100 * ud.Utilisation)
		}})
	}
	return cols
}

// LaunchColumns are the names of the per-launch CSV's columns for these
// launches.
func LaunchColumns(ls []Launch) []string {
	var out []string
	for _, c := range launchColumns(ls) {
		out = append(out, c.name)
	}
	return out
}

// WriteLaunchCSV writes one row per kernel launch.
func WriteLaunchCSV(w io.Writer, ls []Launch) error {
	cols := launchColumns(ls)
	cw := csv.NewWriter(w)
	if err := cw.Write(LaunchColumns(ls)); err != nil {
		return err
	}
	for i := range ls {
		l := &ls[i]
		row := make([]string, len(cols))
		for j, c := range cols {
			if c.timing && l.Kernel.TimingDoc == nil {
				continue
			}
			row[j] = c.val(l)
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// instColumns are the per-instruction CSV's columns.
func instColumns() []string {
	cols := []string{"ID", "Kernel Name", "gpusim__pc", "gpusim__line", "gpusim__source_line", "Source", "gpusim__unit",
		"inst_executed", "thread_inst_executed_true",
		"gpusim__latency_mean", "gpusim__latency_min", "gpusim__latency_p50", "gpusim__latency_p99", "gpusim__latency_max", "gpusim__latency_exact",
		"gpusim__stall_cycles"}
	for _, r := range reasonNames() {
		cols = append(cols, "smsp__pcsamp_warps_issue_stalled_"+ncuStall(r, true))
	}
	return cols
}

// InstructionColumns are the names of the per-instruction CSV's columns.
func InstructionColumns() []string { return instColumns() }

// WriteInstructionCSV writes one row per static instruction of every
// timing-mode launch; it is an error when no launch ran in the timing mode.
func WriteInstructionCSV(w io.Writer, ls []Launch) error {
	timed := 0
	for i := range ls {
		if tim(&ls[i]) != nil {
			timed++
		}
	}
	if timed == 0 {
		return fmt.Errorf("the per-instruction CSV needs a timing-mode run (-mode timing)")
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(instColumns()); err != nil {
		return err
	}
	for i := range ls {
		l := &ls[i]
		t := tim(l)
		if t == nil {
			continue
		}
		for _, in := range t.Instructions {
			lat := in.Latency
			row := []string{strconv.Itoa(l.ID), l.Kernel.Name, strconv.Itoa(in.PC), strconv.Itoa(in.Line), strconv.Itoa(in.SourceLine),
				in.Text, in.Unit, u64(in.Executions), u64(in.Threads),
				f64(lat.Mean), f64(lat.Min), f64(lat.P50), f64(lat.P99), f64(lat.Max), strconv.FormatBool(lat.Exact),
				u64(in.StallCycles)}
			for _, r := range reasonNames() {
				row = append(row, u64(in.Stalls[r]))
			}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
