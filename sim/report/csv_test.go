package report

import (
	"bytes"
	"encoding/csv"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// docColumns reads the column names of the tables in docs/report-csv.md
// (the first cell of each row, in backquotes); {placeholder} parts are
// returned as patterns.
func docColumns(t *testing.T) (names []string, patterns []*regexp.Regexp) {
	t.Helper()
	data, err := os.ReadFile("../../docs/report-csv.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| `([^`]+)` \\|")
	for _, line := range strings.Split(string(data), "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if strings.Contains(m[1], "{") {
			re := regexp.QuoteMeta(m[1])
			re = regexp.MustCompile(`\\\{[a-z]+\\\}`).ReplaceAllString(re, `[a-z0-9_]+`)
			patterns = append(patterns, regexp.MustCompile("^"+re+"$"))
			continue
		}
		names = append(names, m[1])
	}
	if len(names) < 40 || len(patterns) < 4 {
		t.Fatalf("docs/report-csv.md: found only %d columns and %d patterns", len(names), len(patterns))
	}
	return names, patterns
}

// TestCSVColumnsDocumented: every column the CSVs write, for an NVIDIA and
// an AMD machine, is in the table of docs/report-csv.md, and every column
// the table names without a placeholder is written (no stale rows).
func TestCSVColumnsDocumented(t *testing.T) {
	names, patterns := docColumns(t)
	documented := func(c string) bool {
		for _, n := range names {
			if n == c {
				return true
			}
		}
		for _, p := range patterns {
			if p.MatchString(c) {
				return true
			}
		}
		return false
	}
	written := map[string]bool{}
	for _, ls := range [][]Launch{
		Launches(runSample(t, "vecadd", "sm_75", false)),
		Launches(runSample(t, "amd/div_gfx1100", "gfx1100", false)),
	} {
		for _, c := range append(LaunchColumns(ls), InstructionColumns()...) {
			written[c] = true
			if !documented(c) {
				t.Errorf("column %q is not in docs/report-csv.md", c)
			}
		}
	}
	for _, n := range names {
		if !written[n] {
			t.Errorf("docs/report-csv.md lists %q, which no CSV writes", n)
		}
	}
}

func readCSV(t *testing.T, data []byte) (map[string]int, [][]string) {
	t.Helper()
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		if _, dup := col[h]; dup {
			t.Fatalf("column %q twice", h)
		}
		col[h] = i
	}
	return col, rows[1:]
}

func num64(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return v
}

// TestLaunchCSV checks the per-launch row of softmax against the report's
// values and the identities between columns; a functional launch has its
// counts and empty timing columns.
func TestLaunchCSV(t *testing.T) {
	doc := runSample(t, "softmax", "sm_75", false)
	fdoc := runSample(t, "softmax", "sm_75", true)
	ls := append(Launches(doc), Launches(fdoc)...)
	ls[1].ID = 1
	var buf bytes.Buffer
	if err := WriteLaunchCSV(&buf, ls); err != nil {
		t.Fatal(err)
	}
	col, rows := readCSV(t, buf.Bytes())
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2", len(rows))
	}
	r := rows[0]
	get := func(name string) float64 {
		i, ok := col[name]
		if !ok {
			t.Fatalf("no column %s", name)
		}
		return num64(t, r[i])
	}
	k := &doc.Kernels[0]
	tm := k.TimingDoc
	for _, c := range []struct {
		name string
		want float64
	}{
		{"gpc__cycles_elapsed.max", float64(tm.Cycles)},
		{"sm__inst_executed.sum", float64(k.WarpInsts)},
		{"smsp__thread_inst_executed_pred_on.sum", float64(k.ThreadInsts)},
		{"launch__grid_size", 256},
		{"launch__block_size", 128},
		{"launch__thread_count", 256 * 128},
		{"sm__warps_active.avg.pct_of_peak_sustained_active", 100 * tm.Occupancy.Achieved},
		{"sm__maximum_warps_per_active_cycle_pct", 100 * tm.Occupancy.Theoretical},
		{"l1tex__t_sector_hit_rate.pct", 100 * tm.Memory.L1HitRate},
		{"lts__t_sector_hit_rate.pct", 100 * tm.Memory.L2HitRate},
		{"dram__bytes_read.sum", float64(tm.Memory.DRAMReadBytes)},
		{"smsp__warps_issue_stalled_long_scoreboard.sum", float64(tm.Stalls["long_scoreboard"])},
		{"smsp__warps_issue_stalled_math_pipe_throttle.sum", float64(tm.Stalls["pipe_busy"])},
		{"gpu__time_duration.sum", float64(tm.Cycles) / tm.ClockMHz * 1000},
		{"sm__inst_executed.sum.per_cycle_elapsed", tm.IPC},
		{"sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_elapsed", 100 * tm.Units["fp32"].Utilisation},
		{"launch__waves_per_multiprocessor", 256.0 / float64(tm.Occupancy.BlocksPerSM*30)},
	} {
		if got := get(c.name); math.Abs(got-c.want) > 1e-6*math.Max(1, math.Abs(c.want)) {
			t.Errorf("%s = %v, want %v", c.name, got, c.want)
		}
	}
	// The per-state latencies sum to the warp cycles per issued
	// instruction, the per-state counts to the active warp-cycles.
	var lat, cnt float64
	for _, s := range reasonNames() {
		lat += get("smsp__average_warp_latency_issue_stalled_" + ncuStall(s, false) + ".ratio")
		cnt += get("smsp__warps_issue_stalled_" + ncuStall(s, false) + ".sum")
	}
	if want := get("smsp__average_warp_latency_per_inst_issued.ratio"); math.Abs(lat-want) > 1e-5*want {
		t.Errorf("stall latencies sum to %v, warp latency per instruction is %v", lat, want)
	}
	if want := get("sm__warps_active.sum"); cnt != want {
		t.Errorf("stall warp-cycles sum to %v, sm__warps_active.sum is %v", cnt, want)
	}
	f := rows[1]
	if f[col["gpusim__mode"]] != "functional" || f[col["sm__inst_executed.sum"]] != r[col["sm__inst_executed.sum"]] {
		t.Errorf("functional row: mode %q, %q warp instructions", f[col["gpusim__mode"]], f[col["sm__inst_executed.sum"]])
	}
	if f[col["gpc__cycles_elapsed.max"]] != "" || f[col["l1tex__t_sector_hit_rate.pct"]] != "" {
		t.Errorf("functional row has timing values: %v", f)
	}
}

// TestInstructionCSV: one row per static instruction; the executions sum to
// the kernel's, and each row's sampled states other than selected sum to
// its stall cycles.
func TestInstructionCSV(t *testing.T) {
	doc := runSample(t, "softmax", "sm_75", false)
	var buf bytes.Buffer
	if err := WriteInstructionCSV(&buf, Launches(doc)); err != nil {
		t.Fatal(err)
	}
	col, rows := readCSV(t, buf.Bytes())
	k := &doc.Kernels[0]
	if len(rows) != len(k.Instructions) {
		t.Fatalf("%d rows for %d instructions", len(rows), len(k.Instructions))
	}
	var execs float64
	for i, r := range rows {
		execs += num64(t, r[col["inst_executed"]])
		var stalls float64
		for _, s := range stallNames() {
			stalls += num64(t, r[col["smsp__pcsamp_warps_issue_stalled_"+ncuStall(s, true)]])
		}
		if want := num64(t, r[col["gpusim__stall_cycles"]]); stalls != want {
			t.Errorf("row %d: states sum to %v, stall cycles %v", i, stalls, want)
		}
		if r[col["Source"]] != k.Instructions[i].Text {
			t.Errorf("row %d: source %q, want %q", i, r[col["Source"]], k.Instructions[i].Text)
		}
	}
	if execs != float64(k.WarpInsts) {
		t.Errorf("executions sum to %v, the kernel has %d", execs, k.WarpInsts)
	}
	if err := WriteInstructionCSV(&buf, Launches(runSample(t, "vecadd", "sm_75", true))); err == nil {
		t.Error("a functional-mode run gave a per-instruction CSV")
	}
}
