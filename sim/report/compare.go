package report

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/gpusim/gpusim/sim"
)

// Run is one report to compare, with the name it is shown under (its
// file).
type Run struct {
	Name string
	Doc  *sim.ReportDoc
}

// Comparison sets two or more runs side by side: per kernel launch (matched
// by position in the run) every metric with its ratio to the first run,
// biggest changes first, and the static instructions whose stall cycles
// changed most.
type Comparison struct {
	Runs    []Run
	Kernels []KernelComparison
}

// KernelComparison is one launch across the runs.
type KernelComparison struct {
	Index int
	// Names are the kernel's name in each run ("" where the run has no
	// such launch).
	Names   []string
	Metrics []MetricRow
	Insts   []InstRow
	// Uncompared counts static instructions whose text differs between
	// the runs (different programs), left out of Insts.
	Uncompared int
}

// MetricRow is one metric in every run.
type MetricRow struct {
	Name, Unit string
	// LowerBetter says which direction is an improvement (for colour).
	LowerBetter bool
	Values      []float64
	// Change is the largest |log2(value / first value)| over the runs
	// (+Inf when one of the two is zero and the other is not).
	Change float64
}

// InstRow is one static instruction in every run.
type InstRow struct {
	PC, Line int
	Text     string
	Exec     []uint64
	Stalls   []uint64
	P50, P99 []float64
	// Change is the largest |stall cycles - first run's stall cycles|.
	Change uint64
}

// Ratio is value i over the first run's value (1 when both are zero, +Inf
// when only the first is).
func (m *MetricRow) Ratio(i int) float64 {
	a, b := m.Values[0], m.Values[i]
	switch {
	case a == b:
		return 1
	case a == 0:
		return math.Inf(1)
	}
	return b / a
}

// compareMetric is one metric of a launch.
type compareMetric struct {
	name, unit  string
	lowerBetter bool
	val         func(k *sim.KernelDoc) float64
}

func compareMetrics(ks []*sim.KernelDoc) []compareMetric {
	t := func(k *sim.KernelDoc) *sim.TimingDoc { return k.TimingDoc }
	ms := []compareMetric{
		{"warp instructions", "", true, func(k *sim.KernelDoc) float64 { return float64(k.WarpInsts) }},
		{"thread instructions", "", true, func(k *sim.KernelDoc) float64 { return float64(k.ThreadInsts) }},
	}
	timed := true
	for _, k := range ks {
		if k == nil || k.TimingDoc == nil {
			timed = false
		}
	}
	if !timed {
		return ms
	}
	ms = append([]compareMetric{
		{"cycles", "cycles", true, func(k *sim.KernelDoc) float64 { return float64(t(k).Cycles) }},
		{"time", "µs", true, func(k *sim.KernelDoc) float64 { return ratio(float64(t(k).Cycles), t(k).ClockMHz) }},
		{"IPC", "warp inst/cycle", false, func(k *sim.KernelDoc) float64 { return t(k).IPC }},
		{"SM IPC", "warp inst/active SM cycle", false, func(k *sim.KernelDoc) float64 { return t(k).SMIPC }},
		{"achieved occupancy", "%", false, func(k *sim.KernelDoc) float64 { return 100 * t(k).Occupancy.Achieved }},
		{"theoretical occupancy", "%", false, func(k *sim.KernelDoc) float64 { return 100 * t(k).Occupancy.Theoretical }},
		{"issue slots used", "%", false, func(k *sim.KernelDoc) float64 {
			return 100 * ratio(float64(t(k).Schedulers.IssueCycles), float64(t(k).Schedulers.Cycles))
		}},
		{"warp cycles per issued instruction", "", true, func(k *sim.KernelDoc) float64 {
			return ratio(float64(warpCycles(t(k))), float64(k.WarpInsts))
		}},
		{"L1 hit rate", "%", false, func(k *sim.KernelDoc) float64 { return 100 * t(k).Memory.L1HitRate }},
		{"L2 hit rate", "%", false, func(k *sim.KernelDoc) float64 { return 100 * t(k).Memory.L2HitRate }},
		{"L1 sectors read", "", true, func(k *sim.KernelDoc) float64 { return float64(t(k).Memory.L1SectorReads) }},
		{"L2 sectors read", "", true, func(k *sim.KernelDoc) float64 { return float64(t(k).Memory.L2SectorReads) }},
		{"DRAM bytes read", "B", true, func(k *sim.KernelDoc) float64 { return float64(t(k).Memory.DRAMReadBytes) }},
		{"DRAM bytes written", "B", true, func(k *sim.KernelDoc) float64 { return float64(t(k).Memory.DRAMWriteBytes) }},
		{"shared bank conflict passes", "", true, func(k *sim.KernelDoc) float64 {
			m := &t(k).Memory
			return float64(m.SharedPasses - min(m.SharedPasses, m.SharedPhases))
		}},
	}, ms...)
	for _, r := range reasonNames() {
		ms = append(ms, compareMetric{"warp-cycles " + r, "warp-cycles", r != "selected", func(k *sim.KernelDoc) float64 { return float64(t(k).Stalls[r]) }})
	}
	units := map[string]bool{}
	for _, k := range ks {
		for u := range k.Units {
			units[u] = true
		}
	}
	for _, u := range sortedKeys(units) {
		ms = append(ms, compareMetric{"utilisation " + u, "%", false, func(k *sim.KernelDoc) float64 { return 100 * t(k).Units[u].Utilisation }})
	}
	return ms
}

// logChange is |log2(b/a)|, +Inf when exactly one is zero.
func logChange(a, b float64) float64 {
	switch {
	case a == b:
		return 0
	case a == 0 || b == 0:
		return math.Inf(1)
	}
	return math.Abs(math.Log2(b / a))
}

// Compare builds the comparison of two or more runs.
func Compare(runs []Run) (*Comparison, error) {
	if len(runs) < 2 {
		return nil, fmt.Errorf("compare needs at least two reports, got %d", len(runs))
	}
	c := &Comparison{Runs: runs}
	n := 0
	for _, r := range runs {
		n = max(n, len(r.Doc.Kernels))
	}
	for i := 0; i < n; i++ {
		kc := KernelComparison{Index: i, Names: make([]string, len(runs))}
		ks := make([]*sim.KernelDoc, len(runs))
		complete := true
		for j, r := range runs {
			if i < len(r.Doc.Kernels) {
				ks[j] = &r.Doc.Kernels[i]
				kc.Names[j] = ks[j].Name
			} else {
				complete = false
			}
		}
		if complete {
			for _, m := range compareMetrics(ks) {
				row := MetricRow{Name: m.name, Unit: m.unit, LowerBetter: m.lowerBetter}
				for _, k := range ks {
					row.Values = append(row.Values, m.val(k))
				}
				for j := 1; j < len(ks); j++ {
					row.Change = math.Max(row.Change, logChange(row.Values[0], row.Values[j]))
				}
				kc.Metrics = append(kc.Metrics, row)
			}
			sort.SliceStable(kc.Metrics, func(a, b int) bool { return kc.Metrics[a].Change > kc.Metrics[b].Change })
			kc.Insts, kc.Uncompared = compareInsts(ks)
		}
		c.Kernels = append(c.Kernels, kc)
	}
	return c, nil
}

// compareInsts matches static instructions by PC where every run has the
// same text there.
func compareInsts(ks []*sim.KernelDoc) ([]InstRow, int) {
	for _, k := range ks {
		if k.TimingDoc == nil {
			return nil, 0
		}
	}
	n := 0
	for _, k := range ks {
		n = max(n, len(k.Instructions))
	}
	var rows []InstRow
	skipped := 0
	for pc := 0; pc < n; pc++ {
		same := true
		for _, k := range ks {
			if pc >= len(k.Instructions) || pc >= len(ks[0].Instructions) || k.Instructions[pc].Text != ks[0].Instructions[pc].Text {
				same = false
			}
		}
		if !same {
			skipped++
			continue
		}
		first := &ks[0].Instructions[pc]
		row := InstRow{PC: pc, Line: first.Line, Text: first.Text}
		for _, k := range ks {
			in := &k.Instructions[pc]
			row.Exec = append(row.Exec, in.Executions)
			row.Stalls = append(row.Stalls, in.StallCycles)
			row.P50 = append(row.P50, in.Latency.P50)
			row.P99 = append(row.P99, in.Latency.P99)
			d := in.StallCycles - min(in.StallCycles, first.StallCycles)
			d = max(d, first.StallCycles-min(in.StallCycles, first.StallCycles))
			row.Change = max(row.Change, d)
		}
		rows = append(rows, row)
	}
	sort.SliceStable(rows, func(a, b int) bool { return rows[a].Change > rows[b].Change })
	return rows, skipped
}

// runLabel is A, B, C, ... for run i.
func runLabel(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return fmt.Sprintf("R%d", i)
}

// fmtRatio shows a ratio to the first run.
func fmtRatio(r float64) string {
	switch {
	case math.IsInf(r, 1):
		return "new"
	case r == 1:
		return "="
	}
	return fmt.Sprintf("%.3f", r)
}

// compareInstLimit is how many instructions the text comparison lists.
const compareInstLimit = 15

// WriteText prints the comparison: the runs, then per launch the metrics
// (biggest change first) and the instructions whose stall cycles changed
// most.
func (c *Comparison) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "gpusim compare: %d runs\n", len(c.Runs))
	for i, r := range c.Runs {
		m := r.Doc.Machine
		fmt.Fprintf(&b, "  %s  %s  (%s on %s", runLabel(i), r.Name, r.Doc.Trace, m.Name)
		if len(m.Overrides) > 0 {
			fmt.Fprintf(&b, "; %s", strings.Join(m.Overrides, " "))
		}
		b.WriteString(")\n")
	}
	for _, kc := range c.Kernels {
		fmt.Fprintf(&b, "\nkernel %s (launch %d)\n", strings.Join(uniq(kc.Names), " / "), kc.Index)
		if kc.Metrics == nil {
			b.WriteString("  not in every run: not compared\n")
			continue
		}
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "  metric\t")
		for i := range c.Runs {
			fmt.Fprintf(tw, "%s\t", runLabel(i))
		}
		for i := 1; i < len(c.Runs); i++ {
			fmt.Fprintf(tw, "%s/A\t", runLabel(i))
		}
		fmt.Fprintln(tw)
		for _, m := range kc.Metrics {
			name := m.Name
			if m.Unit != "" && m.Unit != "cycles" && m.Unit != "warp-cycles" {
				name += " (" + m.Unit + ")"
			}
			fmt.Fprintf(tw, "  %s\t", name)
			for _, v := range m.Values {
				fmt.Fprintf(tw, "%s\t", fmtValue(v))
			}
			for i := 1; i < len(m.Values); i++ {
				fmt.Fprintf(tw, "%s\t", fmtRatio(m.Ratio(i)))
			}
			fmt.Fprintln(tw)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		if len(kc.Insts) > 0 {
			fmt.Fprintf(&b, "\n  instructions by change in stall cycles (top %d of %d)\n", min(compareInstLimit, len(kc.Insts)), len(kc.Insts))
			tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
			fmt.Fprint(tw, "    pc\tline\t")
			for i := range c.Runs {
				fmt.Fprintf(tw, "stall %s\t", runLabel(i))
			}
			for i := 1; i < len(c.Runs); i++ {
				fmt.Fprintf(tw, "%s/A\t", runLabel(i))
			}
			for i := range c.Runs {
				fmt.Fprintf(tw, "p50 %s\t", runLabel(i))
			}
			fmt.Fprintln(tw, "instruction")
			for _, in := range kc.Insts[:min(compareInstLimit, len(kc.Insts))] {
				fmt.Fprintf(tw, "    %d\t%d\t", in.PC, in.Line)
				for _, s := range in.Stalls {
					fmt.Fprintf(tw, "%d\t", s)
				}
				for i := 1; i < len(in.Stalls); i++ {
					fmt.Fprintf(tw, "%s\t", fmtRatio(uRatio(in.Stalls[0], in.Stalls[i])))
				}
				for _, p := range in.P50 {
					fmt.Fprintf(tw, "%g\t", p)
				}
				fmt.Fprintln(tw, in.Text)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
		}
		if kc.Uncompared > 0 {
			fmt.Fprintf(&b, "  %d instructions differ in text between the runs and are not compared\n", kc.Uncompared)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func uRatio(a, b uint64) float64 {
	switch {
	case a == b:
		return 1
	case a == 0:
		return math.Inf(1)
	}
	return float64(b) / float64(a)
}

// fmtValue shows a metric value: integers whole, others with 4 significant
// digits.
func fmtValue(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return fmt.Sprintf("%d", int64(v))
	}
	return fmt.Sprintf("%.4g", v)
}

func uniq(names []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range names {
		if n != "" && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}
