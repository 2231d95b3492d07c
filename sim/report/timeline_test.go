package report

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/internal/tracecheck"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"github.com/gpusim/gpusim/traces/ptx"
)

// prepareSample prepares a bundled sample's launch on machine cfg with
// overrides (e.g. a smaller grid).
func prepareSample(t testing.TB, name, cfg string, ov sim.Overrides, sets ...string) *sim.Prepared {
	t.Helper()
	path := filepath.Join(samplesDir, name+".ptx")
	if strings.HasPrefix(name, "amd/") {
		path = filepath.Join(samplesDir, name+".s")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var prog *traces.Program
	if strings.HasSuffix(path, ".s") {
		prog, err = amdgpu.Parse(path, src)
	} else {
		prog, err = ptx.Parse(path, src)
	}
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load(cfg, sets)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := sim.LoadLaunch(strings.TrimSuffix(path, filepath.Ext(path)) + ".launch.toml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := sim.Prepare(prog, m, spec, ov)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// timelineRun runs prepared launches one after another on one timeline
// and returns it with each launch's counters.
func timelineRun(t testing.TB, opt TimelineOptions, ps ...*sim.Prepared) (*Timeline, []*sim.KernelStats) {
	t.Helper()
	tl, err := NewTimeline(opt)
	if err != nil {
		t.Fatal(err)
	}
	var clock uint64
	var sts []*sim.KernelStats
	for _, p := range ps {
		l := tl.Launch(p, clock)
		st, err := sim.RunTiming(p, sim.TimingOptions{Listener: l})
		if err != nil {
			t.Fatal(err)
		}
		l.Finish(st, nil)
		clock += st.Timing.Cycles
		sts = append(sts, st)
	}
	return tl, sts
}

func timelineJSON(t testing.TB, tl *Timeline) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := tl.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// checkTimeline validates a timeline's JSON as trace-event format and
// checks gpusim's own promises: the metadata is there, every slice lies
// inside its launch's cycles (in args and in time), and the events obey
// the window and the cap.
func checkTimeline(t *testing.T, name string, tl *Timeline, sts []*sim.KernelStats, data []byte) *tracecheck.Trace {
	t.Helper()
	tr, err := tracecheck.Check(data)
	if err != nil {
		t.Fatalf("%s: not a valid trace:\n%v", name, err)
	}
	od := tr.OtherData
	for _, k := range []string{"generator", "machine", "clock_mhz", "tracks", "max_events", "events", "window_from_cycle",
		"window_until_cycle", "window_capped", "kept", "dropped_before_window", "dropped_after_window"} {
		if _, ok := od[k]; !ok {
			t.Errorf("%s: otherData has no %s", name, k)
		}
	}
	max := tl.max
	if n := jsonNum(t, od["max_events"]); n != float64(max) {
		t.Errorf("%s: otherData max_events %v, want %d", name, n, max)
	}
	from, until, capped := tl.Window()
	var kernels []*tracecheck.Event
	events := 0
	for i := range tr.Events {
		e := &tr.Events[i]
		switch {
		case e.Ph == "M":
			continue
		case e.Ph == "X" && e.Cat == "kernel":
			kernels = append(kernels, e)
		}
		if e.Cat != "timeline" {
			events++
		}
	}
	if events > max {
		t.Errorf("%s: %d events, over the cap of %d", name, events, max)
	}
	if n := jsonNum(t, od["events"]); n != float64(events) {
		t.Errorf("%s: otherData says %v events, the file has %d", name, n, events)
	}
	if len(kernels) != len(sts) {
		t.Fatalf("%s: %d kernel slices for %d launches", name, len(kernels), len(sts))
	}
	// The launches follow each other on the device clock.
	var clock uint64
	for i, k := range kernels {
		cyc, _ := k.Arg("cycles")
		start, _ := k.Arg("start_cycle")
		if uint64(cyc) != sts[i].Timing.Cycles || uint64(start) != clock {
			t.Errorf("%s: launch %d: %v cycles from %v, want %d from %d", name, i, cyc, start, sts[i].Timing.Cycles, clock)
		}
		if k.TsNS != int64(tl.ns(clock)) || k.EndNS() != int64(tl.ns(clock+sts[i].Timing.Cycles)) {
			t.Errorf("%s: launch %d at [%d, %d) ns, want [%d, %d)", name, i, k.TsNS, k.EndNS(), tl.ns(clock), tl.ns(clock+sts[i].Timing.Cycles))
		}
		clock += sts[i].Timing.Cycles
	}
	launchOf := func(e *tracecheck.Event) int {
		if l, ok := e.Arg("launch"); ok {
			return int(l)
		}
		return 0
	}
	starts := make([]uint64, len(sts))
	for i := 1; i < len(sts); i++ {
		starts[i] = starts[i-1] + sts[i-1].Timing.Cycles
	}
	for i := range tr.Events {
		e := &tr.Events[i]
		if e.Ph == "M" || e.Cat == "kernel" || e.Cat == "timeline" {
			continue
		}
		if e.Ph == "C" {
			if e.TsNS < int64(tl.ns(from)) || e.TsNS > int64(tl.ns(until)) || capped && e.TsNS == int64(tl.ns(until)) {
				t.Errorf("%s: counter %s at %d ns outside the window [%d, %d) cycles", name, e.Name, e.TsNS, from, until)
			}
			continue
		}
		l := launchOf(e)
		cycles := sts[l].Timing.Cycles
		cyc, ok := e.Arg("cycle")
		if !ok {
			t.Fatalf("%s: event %d (%s) has no cycle", name, e.Index, e.Name)
		}
		c := uint64(cyc)
		end := c
		switch e.Cat {
		case "block":
			r, _ := e.Arg("retired")
			end = uint64(r)
		case "barrier":
			r, _ := e.Arg("released")
			end = uint64(r)
		case "stall":
			n, _ := e.Arg("cycles")
			end = c + uint64(n)
		case "memory":
		case "hint":
		default:
			end = c + 1
		}
		if end > cycles || c > end {
			t.Errorf("%s: %s %s [%d, %d) outside launch %d's %d cycles", name, e.Cat, e.Name, c, end, l, cycles)
		}
		dev := starts[l] + c
		if dev < from || dev > until || capped && dev == until {
			t.Errorf("%s: %s %s starts at cycle %d, outside the window [%d, %d)", name, e.Cat, e.Name, dev, from, until)
		}
		if e.TsNS != int64(tl.ns(dev)) || e.EndNS() != int64(tl.ns(starts[l]+end)) {
			t.Errorf("%s: %s %s at [%d, %d) ns, its cycles [%d, %d) say [%d, %d)", name, e.Cat, e.Name, e.TsNS, e.EndNS(),
				dev, starts[l]+end, tl.ns(dev), tl.ns(starts[l]+end))
		}
	}
	return tr
}

func jsonNum(t *testing.T, v any) float64 {
	t.Helper()
	n, ok := v.(interface{ Float64() (float64, error) })
	if !ok {
		t.Fatalf("%v is not a number", v)
	}
	f, _ := n.Float64()
	return f
}

// TestTimelineFormat: timelines of a PTX and an AMD sample, by partition
// and by warp, validate as trace-event format and keep gpusim's promises,
// and two runs give the same bytes.
func TestTimelineFormat(t *testing.T) {
	for _, c := range []struct {
		sample, cfg string
		ov          sim.Overrides
	}{
		{"softmax", "sm_75", sim.Overrides{Grid: [3]uint32{48, 1, 1}}},
		{"amd/reduce_gfx1100", "gfx1100", sim.Overrides{Grid: [3]uint32{64, 1, 1}}},
	} {
		for _, by := range []TimelineTracks{ByPartition, ByWarp} {
			name := c.sample + "/" + by.String()
			t.Run(name, func(t *testing.T) {
				p := prepareSample(t, c.sample, c.cfg, c.ov)
				tl, sts := timelineRun(t, TimelineOptions{By: by}, p)
				data := timelineJSON(t, tl)
				tr := checkTimeline(t, name, tl, sts, data)
				cats := map[string]int{}
				for i := range tr.Events {
					cats[tr.Events[i].Cat]++
				}
				for _, cat := range []string{"memory", "block", "kernel", "timeline"} {
					if cats[cat] == 0 {
						t.Errorf("%s: no %s events: %v", name, cat, cats)
					}
				}
				if by == ByWarp && cats["stall"] == 0 {
					t.Errorf("%s: no stall spans", name)
				}
				if strings.HasPrefix(c.sample, "softmax") && cats["barrier"] == 0 {
					t.Errorf("%s: no barriers", name)
				}
				p2 := prepareSample(t, c.sample, c.cfg, c.ov)
				tl2, _ := timelineRun(t, TimelineOptions{By: by}, p2)
				if !bytes.Equal(data, timelineJSON(t, tl2)) {
					t.Errorf("%s: two runs give different timelines", name)
				}
			})
		}
	}
}

// TestTimelineWindowInside: a window that starts inside a barrier-heavy
// kernel and is closed by the cap holds only events that start in it,
// stall spans and barrier waits that began before it included, and still
// validates.
func TestTimelineWindowInside(t *testing.T) {
	p := prepareSample(t, "softmax", "sm_75", sim.Overrides{Grid: [3]uint32{64, 1, 1}})
	tl, sts := timelineRun(t, TimelineOptions{By: ByWarp, From: 2000, MaxEvents: 30000}, p)
	tr := checkTimeline(t, "softmax from 2000", tl, sts, timelineJSON(t, tl))
	from, until, capped := tl.Window()
	cats := map[string]int{}
	for i := range tr.Events {
		cats[tr.Events[i].Cat]++
	}
	if !capped || from != 2000 || until <= from || cats["barrier"] == 0 || cats["stall"] == 0 || cats["kernel"] != 1 {
		t.Errorf("window [%d, %d) capped %v, events %v", from, until, capped, cats)
	}
}

// TestTimelineAgreesWithCounters: for short kernels, the issue slices per
// PC are the run's executions and latencies per PC, every memory
// instruction's executions have their completion markers, each bound to
// its issue, the stall spans of the per-warp tracks add up to the run's
// warp states per PC, and every block has one residency slice.
func TestTimelineAgreesWithCounters(t *testing.T) {
	for _, c := range []struct {
		sample, cfg string
		ov          sim.Overrides
	}{
		{"softmax", "sm_75", sim.Overrides{Grid: [3]uint32{8, 1, 1}}},
		{"divergent", "sm_75", sim.Overrides{Grid: [3]uint32{4, 1, 1}}},
		{"amd/reduce_gfx1100", "gfx1100", sim.Overrides{Grid: [3]uint32{16, 1, 1}}},
	} {
		for _, by := range []TimelineTracks{ByPartition, ByWarp} {
			name := c.sample + "/" + by.String()
			p := prepareSample(t, c.sample, c.cfg, c.ov)
			tl, sts := timelineRun(t, TimelineOptions{By: by}, p)
			if _, _, capped := tl.Window(); capped {
				t.Fatalf("%s: a short kernel's timeline reached the cap", name)
			}
			tr := checkTimeline(t, name, tl, sts, timelineJSON(t, tl))
			st := sts[0]
			npc := len(st.Timing.PC)
			issues := make([]uint64, npc)
			latency := make([]uint64, npc)
			expanded := make([]bool, npc) // issued as several machine instructions
			markers := make([]uint64, npc)
			states := make([][]uint64, npc)
			for i := range states {
				states[i] = make([]uint64, len(sim.StateNames()))
			}
			stateIndex := map[string]int{}
			for i, s := range sim.StateNames() {
				stateIndex[s] = i
			}
			flowsOut, flowsIn := map[uint64]*tracecheck.Event{}, map[uint64]*tracecheck.Event{}
			blocks := map[int]int{}
			for i := range tr.Events {
				e := &tr.Events[i]
				pcv, _ := e.Arg("pc")
				pc := int(pcv)
				switch e.Cat {
				case "", "kernel", "timeline", "barrier":
				case "memory":
					markers[pc]++
				case "stall":
					n, _ := e.Arg("cycles")
					states[pc][stateIndex[e.Name]] += uint64(n)
				case "block":
					b, _ := e.Arg("block")
					blocks[int(b)]++
				default: // an issue
					n := 1.0
					if v, ok := e.Arg("insts"); ok {
						n = v
					}
					lat, _ := e.Arg("latency")
					if _, ok := e.Arg("ops"); ok {
						// Each machine instruction has its own latency;
						// the instruction's is to its last result.
						expanded[pc] = true
					}
					for k := 0; k < int(n); k++ {
						issues[pc+k]++
						latency[pc+k] += uint64(lat)
					}
				}
				if e.HasBind {
					if e.FlowOut {
						flowsOut[e.BindID] = e
					} else {
						flowsIn[e.BindID] = e
					}
				}
			}
			for pc := 0; pc < npc; pc++ {
				want := st.Timing.PC[pc].Latency
				if issues[pc] != want.N || !expanded[pc] && latency[pc] != want.Sum || issues[pc] != st.PerPCWarp[pc] {
					t.Errorf("%s: PC %d: %d issue slices (latency %d), the run %d executions (latency %d)", name, pc, issues[pc], latency[pc], want.N, want.Sum)
				}
				if markers[pc] != 0 && markers[pc] != issues[pc] {
					t.Errorf("%s: PC %d: %d memory completions for %d issues", name, pc, markers[pc], issues[pc])
				}
				if by == ByWarp {
					for r := 1; r < len(states[pc]); r++ {
						if states[pc][r] != st.Timing.PC[pc].States[r] {
							t.Errorf("%s: PC %d: %s spans %d cycles, the run %d", name, pc, sim.StateNames()[r], states[pc][r], st.Timing.PC[pc].States[r])
						}
					}
				}
			}
			var mem uint64
			for _, n := range markers {
				mem += n
			}
			if mem == 0 || uint64(len(flowsIn)) != mem || len(flowsOut) != len(flowsIn) {
				t.Errorf("%s: %d memory completions, %d flows in, %d out", name, mem, len(flowsIn), len(flowsOut))
			}
			for id, in := range flowsIn {
				out := flowsOut[id]
				if out == nil {
					continue
				}
				ip, _ := in.Arg("pc")
				op, _ := out.Arg("pc")
				iss, _ := in.Arg("issued")
				oc, _ := out.Arg("cycle")
				if ip != op || iss != oc || in.Pid != out.Pid {
					t.Errorf("%s: flow %d joins %s (pc %v, cycle %v) to %s (pc %v, issued %v)", name, id, out.Name, op, oc, in.Name, ip, iss)
				}
			}
			g := p.Spec.Grid
			if len(blocks) != int(g[0]*g[1]*g[2]) {
				t.Errorf("%s: %d blocks on the timeline, the grid has %d", name, len(blocks), g[0]*g[1]*g[2])
			}
			for b, n := range blocks {
				if n != 1 {
					t.Errorf("%s: block %d has %d residency slices", name, b, n)
				}
			}
		}
	}
}

// issueCounter counts a run's issues before a cycle, to check that a
// capped timeline holds every event of its window.
type issueCounter struct {
	core.NopListener
	from, until core.Cycle
	n           int
}

func (c *issueCounter) Issue(e core.IssueEvent) {
	if e.Cycle >= c.from && e.Cycle < c.until {
		c.n++
	}
}

// TestTimelineCap: on a long run (vecadd: 361,030 warp instructions) with a
// small cap, the file keeps between 7/8 of the cap and the cap, says so in
// its metadata, and holds every issue of its window (counted by a second
// listener on the same run); a window from a later cycle starts there.
func TestTimelineCap(t *testing.T) {
	const max = 20000
	for _, from := range []uint64{0, 20000} {
		p := prepareSample(t, "vecadd", "sm_75", sim.Overrides{})
		tl, err := NewTimeline(TimelineOptions{MaxEvents: max, From: from})
		if err != nil {
			t.Fatal(err)
		}
		l := tl.Launch(p, 0)
		all := &issueCounter{}
		st, err := sim.RunTiming(p, sim.TimingOptions{Listener: core.Listeners{l, all}})
		if err != nil {
			t.Fatal(err)
		}
		l.Finish(st, nil)
		name := fmt.Sprintf("vecadd from %d", from)
		data := timelineJSON(t, tl)
		tr := checkTimeline(t, name, tl, []*sim.KernelStats{st}, data)
		f, until, capped := tl.Window()
		kept, before, after := tl.Events()
		if !capped || kept > max || kept < max-max/8 || f != from || until <= from || after == 0 || (from > 0) != (before > 0) {
			t.Errorf("%s: window [%d, %d) capped %v, %d events kept, %d before, %d after", name, f, until, capped, kept, before, after)
		}
		if tr.OtherData["window_capped"] != true || jsonNum(t, tr.OtherData["window_until_cycle"]) != float64(until) {
			t.Errorf("%s: otherData %v", name, tr.OtherData)
		}
		count := &issueCounter{from: core.Cycle(from), until: core.Cycle(until)}
		p2 := prepareSample(t, "vecadd", "sm_75", sim.Overrides{})
		if _, err := sim.RunTiming(p2, sim.TimingOptions{Listener: count}); err != nil {
			t.Fatal(err)
		}
		issues := 0
		for i := range tr.Events {
			if e := &tr.Events[i]; e.Ph == "X" && e.Cat != "memory" && e.Cat != "block" && e.Cat != "barrier" && e.Cat != "kernel" && e.Cat != "timeline" {
				issues++
			}
		}
		if issues != count.n || issues == 0 {
			t.Errorf("%s: %d issue slices in the window [%d, %d), the run issued %d there", name, issues, from, until, count.n)
		}
		t.Logf("%s: %d bytes, %d events, window [%d, %d) of %d cycles", name, len(data), kept, from, until, st.Timing.Cycles)
	}
}

// TestTimelineLaunches: two launches on one timeline (as under gpusim
// exec) follow each other on the device clock, on the same tracks, and the
// file still validates.
func TestTimelineLaunches(t *testing.T) {
	a := prepareSample(t, "softmax", "sm_75", sim.Overrides{Grid: [3]uint32{16, 1, 1}})
	b := prepareSample(t, "divergent", "sm_75", sim.Overrides{Grid: [3]uint32{2, 1, 1}})
	tl, sts := timelineRun(t, TimelineOptions{}, a, b)
	tr := checkTimeline(t, "softmax+divergent", tl, sts, timelineJSON(t, tl))
	names := map[string]bool{}
	for i := range tr.Events {
		if e := &tr.Events[i]; e.Cat == "kernel" {
			names[e.Name] = true
		}
	}
	if !names["softmax"] || !names["divergent"] {
		t.Errorf("kernel slices %v", names)
	}
}

// BenchmarkTimeline measures what the timeline costs a run: the softmax
// sample timed with no listener, and with a timeline listener (all its
// events fit the default cap) and its JSON written.
func BenchmarkTimeline(b *testing.B) {
	for _, with := range []bool{false, true} {
		name := "without"
		if with {
			name = "with"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var events, bytes int
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				p := prepareSample(b, "softmax", "sm_75", sim.Overrides{})
				b.StartTimer()
				if !with {
					if _, err := sim.RunTiming(p, sim.TimingOptions{}); err != nil {
						b.Fatal(err)
					}
					continue
				}
				tl, _ := NewTimeline(TimelineOptions{})
				l := tl.Launch(p, 0)
				st, err := sim.RunTiming(p, sim.TimingOptions{Listener: l})
				if err != nil {
					b.Fatal(err)
				}
				l.Finish(st, nil)
				var w countWriter
				if err := tl.WriteJSON(&w); err != nil {
					b.Fatal(err)
				}
				events, bytes = len(tl.recs), w.n
			}
			if with {
				b.ReportMetric(float64(events), "events")
				b.ReportMetric(float64(bytes)/float64(events), "bytes/event")
			}
		})
	}
}

type countWriter struct{ n int }

func (w *countWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }
