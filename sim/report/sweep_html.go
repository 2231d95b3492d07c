package report

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/gpusim/gpusim/sim"
)

// sweepMetric is one figure a sweep's plots show per point.
type sweepMetric struct {
	id, name, unit string
	short          string // the unit in the table's header
	val            func(k *sim.KernelDoc) float64
}

func sweepMetrics() []sweepMetric {
	t := func(k *sim.KernelDoc) *sim.TimingDoc { return k.TimingDoc }
	return []sweepMetric{
		{"cycles", "Cycles", "cycles", "", func(k *sim.KernelDoc) float64 { return float64(t(k).Cycles) }},
		{"ipc", "IPC", "warp inst / cycle (GPU)", "", func(k *sim.KernelDoc) float64 { return t(k).IPC }},
		{"occupancy", "Achieved occupancy", "% of warp slots", " (%)", func(k *sim.KernelDoc) float64 { return 100 * t(k).Occupancy.Achieved }},
		{"issue", "Issue slots used", "% of scheduler cycles", " (%)", func(k *sim.KernelDoc) float64 {
			return 100 * ratio(float64(t(k).Schedulers.IssueCycles), float64(t(k).Schedulers.Cycles))
		}},
		{"cpi", "Warp cycles per issued instruction", "warp-cycles / instruction", "", func(k *sim.KernelDoc) float64 {
			return ratio(float64(warpCycles(t(k))), float64(k.WarpInsts))
		}},
		{"l1", "L1 hit rate", "% of sectors read", " (%)", func(k *sim.KernelDoc) float64 { return 100 * t(k).Memory.L1HitRate }},
		{"l2", "L2 hit rate", "% of sectors read", " (%)", func(k *sim.KernelDoc) float64 { return 100 * t(k).Memory.L2HitRate }},
		{"dram", "DRAM traffic", "bytes read + written", " (bytes)", func(k *sim.KernelDoc) float64 {
			return float64(t(k).Memory.DRAMReadBytes + t(k).Memory.DRAMWriteBytes)
		}},
	}
}

// axisValues lists key k's values in order of first appearance, and
// whether they are all numbers.
func (s *Sweep) axisValues(k int) ([]string, bool) {
	seen := map[string]bool{}
	var vals []string
	numeric := true
	for _, p := range s.Points {
		v := p.Values[k]
		if !seen[v] {
			seen[v] = true
			vals = append(vals, v)
			if _, err := strconv.ParseFloat(v, 64); err != nil {
				numeric = false
			}
		}
	}
	return vals, numeric
}

// plotAgainst draws metric m against key k: a line per combination of the
// other keys' values.
func (s *Sweep) plotAgainst(m sweepMetric, k int) string {
	vals, numeric := s.axisValues(k)
	index := map[string]int{}
	for i, v := range vals {
		index[v] = i
	}
	lines := map[string]*Series{}
	var order []string
	for _, p := range s.Points {
		if p.Kernel == nil || p.Kernel.TimingDoc == nil {
			continue
		}
		var others []string
		for j, key := range s.Keys {
			if j != k {
				others = append(others, key+"="+p.Values[j])
			}
		}
		name := strings.Join(others, ", ")
		if name == "" {
			name = m.name
		}
		ln, ok := lines[name]
		if !ok {
			ln = &Series{Name: name}
			lines[name] = ln
			order = append(order, name)
		}
		x := float64(index[p.Values[k]])
		if numeric {
			x, _ = strconv.ParseFloat(p.Values[k], 64)
		}
		ln.X = append(ln.X, x)
		ln.Y = append(ln.Y, m.val(p.Kernel))
	}
	c := LineChart{ID: fmt.Sprintf("sweep-%s-vs-%d", m.id, k), Title: m.name + " vs " + s.Keys[k], XLabel: s.Keys[k], YLabel: m.unit,
		YFormat: func(v float64) string { return fmtNum(v) }}
	if !numeric {
		c.XCats = vals
	} else {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, v := range vals {
			x, _ := strconv.ParseFloat(v, 64)
			c.XTicks = append(c.XTicks, x)
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
		// Values spanning a factor of 8 or more (cache sizes, lanes,
		// counts doubling) are spaced by their logarithm.
		c.XLog2 = lo > 0 && hi/lo >= 8
		if c.XLog2 {
			c.XLabel += " (log scale)"
		}
	}
	for _, name := range order {
		c.Series = append(c.Series, *lines[name])
	}
	if strings.HasPrefix(m.unit, "%") {
		c.YMax = 100
	}
	return c.SVG()
}

// WriteHTML writes the sweep's page: the table of points, each metric
// plotted against each varied key, and the warp-state mix per point.
func (s *Sweep) WriteHTML(w io.Writer) error {
	var p page
	sub := fmt.Sprintf("%s on %s &middot; %d runs &middot; varied: <code>%s</code>", esc(s.Trace), esc(s.Config), len(s.Points), esc(strings.Join(s.Keys, ", ")))
	if len(s.Overrides) > 0 {
		sub += fmt.Sprintf(" &middot; overrides: <code>%s</code>", esc(strings.Join(s.Overrides, " ")))
	}
	if s.Partial != "" {
		sub += fmt.Sprintf(" &middot; <strong>PARTIAL: %s; %d of %d runs finished</strong>", esc(s.Partial), len(s.Points)-s.Failed(), len(s.Points))
	}
	title := "gpusim sweep"
	if name := s.kernelName(); name != "" {
		title += ": kernel " + name
	}
	p.head(title, sub)
	p.printf("<h2 id=\"runs\">Runs</h2>\n")
	var cols []column
	for _, k := range s.Keys {
		cols = append(cols, column{name: k})
	}
	for _, m := range sweepMetrics() {
		cols = append(cols, column{name: m.name + m.short})
	}
	cols = append(cols, column{name: "top stall", text: true}, column{name: "error", text: true})
	var rows [][]cell
	for _, pt := range s.Points {
		var r []cell
		for _, v := range pt.Values {
			r = append(r, cell{show: v, v: v})
		}
		if pt.Kernel == nil || pt.Kernel.TimingDoc == nil {
			for range sweepMetrics() {
				r = append(r, txt("-"))
			}
			r = append(r, txt("-"), txt(pt.Err))
		} else {
			for _, m := range sweepMetrics() {
				v := m.val(pt.Kernel)
				r = append(r, cell{show: fmtMetric(v), v: fmt.Sprintf("%g", v)})
			}
			top, share := topStall(pt.Kernel.TimingDoc)
			r = append(r, txt(fmt.Sprintf("%s %.0f%%", top, 100*share)), txt(""))
		}
		rows = append(rows, r)
	}
	p.table("sweep-runs", cols, rows, func(i int) string {
		if s.Points[i].Kernel == nil {
			return "error"
		}
		return ""
	})
	if s.Failed() == len(s.Points) {
		p.printf("<p class=\"note\">Every run failed: nothing to plot.</p>\n")
		return p.finish(w)
	}
	for k, key := range s.Keys {
		p.printf("<h2 id=\"vs-%d\">Against %s</h2>\n<div class=\"charts\">\n", k, esc(key))
		for _, m := range sweepMetrics() {
			p.figure(s.plotAgainst(m, k), "")
		}
		p.printf("</div>\n")
	}
	p.printf("<h2 id=\"states\">Warp states per run</h2>\n<div class=\"charts\">\n")
	var cats []string
	var stack [][]float64
	names := reasonNames()
	stack = make([][]float64, len(names))
	for _, pt := range s.Points {
		if pt.Kernel == nil || pt.Kernel.TimingDoc == nil {
			continue
		}
		cats = append(cats, strings.Join(pt.Values, ","))
		t := pt.Kernel.TimingDoc
		total := float64(warpCycles(t))
		for r, name := range names {
			stack[r] = append(stack[r], 100*ratio(float64(t.Stalls[name]), total))
		}
	}
	c := ColumnChart{ID: "sweep-warp-states", Title: "Warp states per run (share of warp-cycles)", XLabel: strings.Join(s.Keys, ","),
		YLabel: "% of warp-cycles", Cats: cats, Stack: stack, StackNames: names}
	p.figure(c.SVG(), "")
	p.printf("</div>\n")
	return p.finish(w)
}

// fmtMetric shows a sweep metric in the table.
func fmtMetric(v float64) string {
	if v >= 1000 && v == float64(uint64(v)) {
		return groupDigits(uint64(v))
	}
	return fmt.Sprintf("%.3g", v)
}
