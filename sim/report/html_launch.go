package report

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/gpusim/gpusim/sim"
)

// WriteHTML writes one page for a run's launches: a table with a row per
// launch (linking to its section), then per launch its summary, occupancy
// and limiter, warp states, the counters over time, unit utilisation,
// cache hit rates, the latency histogram, the per-instruction table and the
// executions per opcode. title heads the page (e.g. the trace).
func WriteHTML(w io.Writer, title string, launches []Launch) error {
	var p page
	var sub strings.Builder
	if len(launches) > 0 {
		m := launches[0].Machine
		fmt.Fprintf(&sub, "%s on %s (%s, %s)", esc(launches[0].Trace), esc(m.Name), esc(m.Arch), esc(m.File))
		if len(m.Overrides) > 0 {
			fmt.Fprintf(&sub, " &middot; overrides: <code>%s</code>", esc(strings.Join(m.Overrides, " ")))
		}
	}
	p.head(title, sub.String())
	p.launchTable(launches)
	for i := range launches {
		p.launch(&launches[i])
	}
	return p.finish(w)
}

// launchTable lists the launches, one row each.
func (p *page) launchTable(ls []Launch) {
	p.printf("<h2 id=\"launches\">Kernel launches</h2>\n")
	cols := []column{{name: "ID"}, {name: "kernel", text: true}, {name: "grid", text: true}, {name: "block", text: true},
		{name: "mode", text: true}, {name: "cycles"}, {name: "time (µs)"}, {name: "warp instructions"}, {name: "IPC"},
		{name: "achieved occupancy"}, {name: "L1 hit"}, {name: "L2 hit"}, {name: "top stall", text: true}}
	var rows [][]cell
	for _, l := range ls {
		k := l.Kernel
		r := []cell{{show: fmt.Sprint(l.ID), v: fmt.Sprint(l.ID)}, txt(k.Name), txt(dim(k.Grid)), txt(dim(k.Block)), txt(k.Mode)}
		if t := k.TimingDoc; t != nil {
			top, share := topStall(t)
			r = append(r, num(t.Cycles), flt("%.2f", ratio(float64(t.Cycles), t.ClockMHz)), num(k.WarpInsts),
				flt("%.3f", t.IPC), flt("%.1f%%", 100*t.Occupancy.Achieved), flt("%.1f%%", 100*t.Memory.L1HitRate),
				flt("%.1f%%", 100*t.Memory.L2HitRate), txt(fmt.Sprintf("%s %.0f%%", top, 100*share)))
		} else {
			r = append(r, txt("-"), txt("-"), num(k.WarpInsts), txt("-"), txt("-"), txt("-"), txt("-"), txt("-"))
		}
		rows = append(rows, r)
	}
	p.table("launch-table", cols, rows, nil)
	if len(ls) > 1 {
		p.printf(`<p class="note">`)
		for _, l := range ls {
			p.printf(`<a href="#launch-%d">#%d %s</a> `, l.ID, l.ID, esc(l.Kernel.Name))
		}
		p.printf("</p>\n")
	}
}

// launch writes the section of one launch.
func (p *page) launch(l *Launch) {
	k := l.Kernel
	id := fmt.Sprintf("launch-%d", l.ID)
	p.printf("<h2 id=\"%s\">#%d kernel %s &middot; grid %s &middot; block %s &middot; %s mode</h2>\n",
		id, l.ID, esc(k.Name), dim(k.Grid), dim(k.Block), esc(k.Mode))
	if len(k.Notes) > 0 {
		p.printf("<ul class=\"notes\">")
		for _, n := range k.Notes {
			p.printf("<li>%s</li>", esc(n))
		}
		p.printf("</ul>\n")
	}
	t := k.TimingDoc
	p.printf("<div class=\"cards\">\n")
	if t != nil {
		p.card("duration", groupDigits(t.Cycles)+" cycles", fmt.Sprintf("%.2f µs at %g MHz", ratio(float64(t.Cycles), t.ClockMHz), t.ClockMHz))
	}
	p.card("warp instructions", groupDigits(k.WarpInsts), fmt.Sprintf("%s thread instructions, %.1f threads each", groupDigits(k.ThreadInsts), ratio(float64(k.ThreadInsts), float64(k.WarpInsts))))
	if t != nil {
		o := &t.Occupancy
		p.card("IPC", fmt.Sprintf("%.3f", t.IPC), fmt.Sprintf("warp inst / cycle (GPU); %.3f per active SM cycle", t.SMIPC))
		p.card("achieved occupancy", pct(o.Achieved), fmt.Sprintf("theoretical %s, limited by %s", pct(o.Theoretical), o.Limiter))
		p.card("issue slots used", pct(ratio(float64(t.Schedulers.IssueCycles), float64(t.Schedulers.Cycles))), fmt.Sprintf("%d schedulers; idle (no warp) %s", t.Schedulers.Count, pct(ratio(float64(t.Schedulers.IdleCycles), float64(t.Schedulers.Cycles)))))
		top, share := topStall(t)
		p.textCard("top stall", top, fmt.Sprintf("%s of warp-cycles", pct(share)))
		p.card("L1 hit rate", pct(t.Memory.L1HitRate), fmt.Sprintf("of %s sectors read", groupDigits(t.Memory.L1SectorReads)))
		p.card("L2 hit rate", pct(t.Memory.L2HitRate), fmt.Sprintf("of %s sectors read", groupDigits(t.Memory.L2SectorReads)))
		p.card("DRAM traffic", fmtBytes(t.Memory.DRAMReadBytes+t.Memory.DRAMWriteBytes), fmt.Sprintf("%s read, %s written", fmtBytes(t.Memory.DRAMReadBytes), fmtBytes(t.Memory.DRAMWriteBytes)))
	}
	p.printf("</div>\n")
	if t != nil {
		p.timingSections(l, id)
	}
	p.opcodes(k, id)
}

func (p *page) timingSections(l *Launch, id string) {
	k, t := l.Kernel, l.Kernel.TimingDoc
	o := &t.Occupancy
	nsm := len(t.SMs)

	p.printf("<h3>Occupancy and warp states</h3>\n<div class=\"charts\">\n")
	occ := BarChart{ID: id + "-occupancy", Title: "Occupancy (active warps per SM / " + fmt.Sprint(o.MaxWarps) + ")", Unit: "% of the SM's warp slots", Max: 100,
		Bars: []Bar{
			{Label: "theoretical", Value: 100 * o.Theoretical, Text: fmt.Sprintf("%s (%d warps)", pct(o.Theoretical), o.WarpsPerSM)},
			{Label: "achieved", Value: 100 * o.Achieved, Text: fmt.Sprintf("%s (%.1f warps)", pct(o.Achieved), o.Achieved*float64(o.MaxWarps))},
		}}
	p.figure(occ.SVG(), fmt.Sprintf("Limited by %s: %d blocks of %d warps per SM; %d registers per thread (%s), %d bytes of shared memory per block. Achieved: active warps averaged over each SM's active cycles.",
		o.Limiter, o.BlocksPerSM, o.WarpsPerBlock, o.Registers, o.RegistersFrom, o.SharedPerBlock))
	total := float64(warpCycles(t))
	var bars []Bar
	for _, r := range reasonNames() {
		c := t.Stalls[r]
		bars = append(bars, Bar{Label: r, Value: 100 * ratio(float64(c), total), Text: fmt.Sprintf("%.1f%% (%s)", 100*ratio(float64(c), total), groupDigits(c))})
	}
	ws := BarChart{ID: id + "-warp-states", Title: "Warp states (share of active warp-cycles)", Unit: "% of warp-cycles", Bars: bars}
	p.figure(ws.SVG(), fmt.Sprintf("Every cycle every active warp is in one state; %s warp-cycles in all. %.2f warp-cycles per issued instruction.",
		groupDigits(uint64(total)), ratio(total, float64(k.WarpInsts))))
	p.printf("</div>\n")

	p.printf("<h3>Over time</h3>\n<div class=\"charts\">\n")
	for _, ts := range builtinSeries(l) {
		p.timeSeries(ts, id)
	}
	for _, ts := range l.Series {
		p.timeSeries(ts, id)
	}
	p.printf("</div>\n")

	p.printf("<h3>Units and memory</h3>\n<div class=\"charts\">\n")
	bars = nil
	for _, name := range sortedKeys(t.Units) {
		u := t.Units[name]
		bars = append(bars, Bar{Label: name, Value: 100 * u.Utilisation, Text: fmt.Sprintf("%.1f%% of %d", 100*u.Utilisation, u.Instances)})
	}
	units := BarChart{ID: id + "-units", Title: "Unit utilisation (busy cycles / (instances × cycles))", Unit: "% busy", Max: 100, Bars: bars}
	p.figure(units.SVG(), "The text gives the unit class's instances on the GPU.")
	m := &t.Memory
	hits := BarChart{ID: id + "-cache", Title: "Cache hit rates (sectors read)", Unit: "% of sectors read found", Max: 100, Bars: []Bar{
		{Label: "L1", Value: 100 * m.L1HitRate, Text: fmt.Sprintf("%s of %s", pct(m.L1HitRate), groupDigits(m.L1SectorReads))},
		{Label: "L2", Value: 100 * m.L2HitRate, Text: fmt.Sprintf("%s of %s", pct(m.L2HitRate), groupDigits(m.L2SectorReads))},
	}}
	p.figure(hits.SVG(), fmt.Sprintf("Global/local: %s loads, %s stores, %s atomics, %s reductions in %s sectors of %s lines. Shared: %s loads, %s stores; %s bank passes for %s phases. DRAM: %s read, %s written.",
		groupDigits(m.Loads), groupDigits(m.Stores), groupDigits(m.Atomics), groupDigits(m.Reductions), groupDigits(m.Sectors), groupDigits(m.Lines),
		groupDigits(m.SharedLoads), groupDigits(m.SharedStores), groupDigits(m.SharedPasses), groupDigits(m.SharedPhases),
		fmtBytes(m.DRAMReadBytes), fmtBytes(m.DRAMWriteBytes)))
	if len(t.LatencyHistogram) > 0 {
		var cats, titles []string
		var vals []float64
		for _, b := range t.LatencyHistogram {
			label := fmt.Sprint(b.Min)
			if b.Max-b.Min > 1 {
				label = fmt.Sprintf("%d–%d", b.Min, b.Max-1)
			}
			cats = append(cats, label)
			vals = append(vals, float64(b.Count))
			titles = append(titles, fmt.Sprintf("%s cycles: %s warp instructions (%.1f%%)", label, groupDigits(b.Count), 100*ratio(float64(b.Count), float64(k.WarpInsts))))
		}
		h := ColumnChart{ID: id + "-latency", Title: "Instruction latency (issue to result)", XLabel: "latency (cycles, power-of-two bins)", YLabel: "warp instructions", Cats: cats, Values: vals, Titles: titles}
		p.figure(h.SVG(), "Every executed warp instruction, binned by its issue-to-completion latency (memory: until the data is back).")
	}
	if nsm > 1 {
		var cats []string
		var vals []float64
		for _, s := range t.SMs {
			cats = append(cats, fmt.Sprint(s.ID))
			vals = append(vals, 100*s.AchievedOccupancy)
		}
		if nsm > 40 {
			for i := range cats {
				if i%5 != 0 {
					cats[i] = ""
				}
			}
		}
		c := ColumnChart{ID: id + "-per-sm", Title: "Achieved occupancy per SM", XLabel: "SM", YLabel: "% of warp slots", Cats: cats, Values: vals, YMax: 100}
		p.figure(c.SVG(), "Load balance across the SMs: active warps averaged over each SM's active cycles.")
	}
	p.printf("</div>\n")
	p.instructions(k, id)
}

// builtinSeries are the charts over time every timing launch has.
func builtinSeries(l *Launch) []TimeSeries {
	t := l.Kernel.TimingDoc
	s := &t.Samples
	n := s.Len()
	if n == 0 {
		return nil
	}
	x := make([]float64, n)
	per := func(v []uint64, scale float64) []float64 {
		y := make([]float64, n)
		for i := range y {
			if i < len(v) {
				y[i] = float64(v[i]) / float64(max(1, s.Cycles(i))) * scale
			}
		}
		return y
	}
	for i := range x {
		x[i] = float64(s.Start(i))
	}
	o := &t.Occupancy
	nsm := float64(len(t.SMs))
	capacity := float64(o.WarpsPerSM) * nsm
	out := []TimeSeries{
		{ID: "ipc", Title: "IPC over time", YLabel: "warp inst / cycle (GPU)", Steps: true,
			Lines: []Series{{Name: "IPC", X: x, Y: per(s.WarpInsts, 1)}}},
		{ID: "active-warps", Title: "Active warps over time", YLabel: "active warps (GPU)", Steps: true,
			Lines: []Series{{Name: "active warps", X: x, Y: per(s.ActiveWarpCycles, 1)},
				{Name: fmt.Sprintf("theoretical (%d per SM × %d SMs)", o.WarpsPerSM, len(t.SMs)), X: []float64{0, float64(s.End)}, Y: []float64{capacity, capacity}, Dashed: true}}},
	}
	var states []Series
	for _, r := range reasonNames() {
		states = append(states, Series{Name: r, X: x, Y: per(s.Stalls[r], 1)})
	}
	out = append(out, TimeSeries{ID: "warp-states", Title: "Warp states over time", YLabel: "warps in each state (GPU)", Steps: true, Stacked: true, Lines: states})
	if t.ClockMHz > 0 {
		gbs := t.ClockMHz * 1e6 / 1e9 // bytes per cycle -> GB/s
		out = append(out, TimeSeries{ID: "dram", Title: "DRAM traffic over time (requested, counted at issue)", YLabel: "GB/s", Steps: true,
			Lines: []Series{{Name: "read", X: x, Y: per(s.DRAMReadBytes, gbs)}, {Name: "write", X: x, Y: per(s.DRAMWriteBytes, gbs)}}})
	}
	// Hit rates: no value (a gap in the line) in intervals without reads.
	hit := func(name string, reads, hits []uint64) Series {
		se := Series{Name: name, X: x, Y: make([]float64, n)}
		for i := range se.Y {
			se.Y[i] = math.NaN()
			if i < len(reads) && reads[i] > 0 {
				se.Y[i] = 100 * float64(hits[i]) / float64(reads[i])
			}
		}
		return se
	}
	if t.Memory.L1SectorReads+t.Memory.L2SectorReads > 0 {
		out = append(out, TimeSeries{ID: "hit-rates", Title: "Cache hit rates over time", YLabel: "% of sectors read found", Steps: true,
			Lines: []Series{hit("L1", s.L1SectorReads, s.L1SectorReadHits), hit("L2", s.L2SectorReads, s.L2SectorReadHits)}})
	}
	for i := range out {
		out[i].End = float64(s.End)
	}
	return out
}

func (p *page) timeSeries(ts TimeSeries, id string) {
	c := LineChart{ID: id + "-time-" + ts.ID, Title: ts.Title, XLabel: "cycle", YLabel: ts.YLabel, Series: ts.Lines, Steps: ts.Steps, Stacked: ts.Stacked, XMax: ts.End}
	if ts.ID == "hit-rates" {
		c.YMax = 100
	}
	p.figure(c.SVG(), "")
}

// instructions writes the per-instruction table.
func (p *page) instructions(k *sim.KernelDoc, id string) {
	t := k.TimingDoc
	p.printf("<h3>Instructions</h3>\n")
	p.printf("<p class=\"note\">One row per static instruction in PC order (the implicit exit last). Latency: issue to result, in cycles. Stall columns: warp-cycles spent waiting with this as the warp's next instruction, by state. Click a header to sort.</p>\n")
	cols := []column{{name: "PC"}, {name: "line"}, {name: "source line"}, {name: "instruction", text: true}, {name: "unit", text: true},
		{name: "executions"}, {name: "threads / exec"}, {name: "latency mean"}, {name: "p50"}, {name: "p99"}, {name: "max"},
		{name: "stall cycles"}, {name: "% of stalls"}}
	for _, r := range stallNames() {
		cols = append(cols, column{name: r})
	}
	var allStalls uint64
	for _, in := range t.Instructions {
		allStalls += in.StallCycles
	}
	var rows [][]cell
	for _, in := range t.Instructions {
		src := cell{show: "", v: "0"}
		if in.SourceLine > 0 {
			src = cell{show: fmt.Sprint(in.SourceLine), v: fmt.Sprint(in.SourceLine)}
		}
		share := ratio(float64(in.StallCycles), float64(allStalls))
		stall := num(in.StallCycles)
		stall.class, stall.style = "heat", fmt.Sprintf("--heat:%.3f", share)
		r := []cell{{show: fmt.Sprint(in.PC), v: fmt.Sprint(in.PC)}, {show: fmt.Sprint(in.Line), v: fmt.Sprint(in.Line)}, src,
			{show: in.Text, class: "code"}, txt(in.Unit), num(in.Executions),
			flt("%.1f", ratio(float64(in.Threads), float64(in.Executions))),
			flt("%.1f", in.Latency.Mean), flt("%g", in.Latency.P50), flt("%g", in.Latency.P99), flt("%g", in.Latency.Max),
			stall, flt("%.1f%%", 100*share)}
		for _, name := range stallNames() {
			r = append(r, num(in.Stalls[name]))
		}
		rows = append(rows, r)
	}
	p.table(id+"-instructions", cols, rows, nil)
}

// opcodes writes the executions per opcode.
func (p *page) opcodes(k *sim.KernelDoc, id string) {
	p.printf("<h3>Executions per opcode</h3>\n")
	cols := []column{{name: "opcode", text: true}, {name: "warp instructions"}, {name: "thread instructions"}, {name: "% of warp instructions"}}
	var rows [][]cell
	for _, oc := range k.Opcodes {
		rows = append(rows, []cell{{show: oc.Opcode, class: "code"}, num(oc.WarpInsts), num(oc.ThreadInsts),
			flt("%.1f", 100*ratio(float64(oc.WarpInsts), float64(k.WarpInsts)))})
	}
	p.table(id+"-opcodes", cols, rows, nil)
}
