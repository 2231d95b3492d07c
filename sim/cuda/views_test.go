package cuda

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/internal/tracecheck"
)

// TestRuntimeTimelineAndViews runs three launches (vecadd, scale, and a
// scale that faults) with a timeline and the JSON report: the timeline
// validates as trace-event format, holds one kernel slice per launch in
// launch order on the device clock (the faulted one as far as it ran),
// and ReportDoc turns the JSON into one kernel per launch for the views.
func TestRuntimeTimelineAndViews(t *testing.T) {
	dir := t.TempDir()
	opts := DefaultOptions()
	opts.Program = "./app"
	opts.Report = filepath.Join(dir, "report.txt")
	opts.JSON = filepath.Join(dir, "report.json")
	opts.Timeline = filepath.Join(dir, "timeline.json")
	opts.TimelineBy = "warp"
	g := newRigWith(t, opts)
	const n = 1000
	da, db, dc := g.dev(4*n), g.dev(4*n), g.dev(4*n)
	expect(t, "vecadd", g.r.LaunchKernel(tid, g.vecadd, Dim3{4, 1, 1}, Dim3{256, 1, 1}, g.args(u64(da), u64(db), u64(dc), u32(n)), 0, 0), Success)
	expect(t, "scale", g.r.LaunchKernel(tid, g.scale, Dim3{2, 1, 1}, Dim3{128, 1, 1}, g.args(u64(dc), f32(2), u32(n/4)), 0, 0), Success)
	x := g.dev(64)
	expect(t, "scale out of range", g.r.LaunchKernel(tid, g.scale, Dim3{8, 1, 1}, Dim3{64, 1, 1}, g.args(u64(x), f32(2), u32(512)), 0, 0), Success)
	g.r.Exit()
	cycles := []uint64{g.r.report.launches[0].cycles, g.r.report.launches[1].cycles}

	data, err := os.ReadFile(opts.Timeline)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := tracecheck.Check(data)
	if err != nil {
		t.Fatalf("the timeline is not a valid trace:\n%v", err)
	}
	if tr.OtherData["tracks"] != "warp" {
		t.Errorf("tracks %v, want warp", tr.OtherData["tracks"])
	}
	var kernels []*tracecheck.Event
	for i := range tr.Events {
		if e := &tr.Events[i]; e.Cat == "kernel" {
			kernels = append(kernels, e)
		}
	}
	if len(kernels) != 3 {
		t.Fatalf("%d kernel slices, want 3", len(kernels))
	}
	var clock uint64
	for i, k := range kernels[:2] {
		start, _ := k.Arg("start_cycle")
		c, _ := k.Arg("cycles")
		if uint64(start) != clock || uint64(c) != cycles[i] {
			t.Errorf("launch %d: %v cycles from %v, want %d from %d", i, c, start, cycles[i], clock)
		}
		clock += cycles[i]
	}
	if start, _ := kernels[2].Arg("start_cycle"); uint64(start) != clock || !strings.Contains(kernels[2].Args["fault"].(string), "out-of-range") {
		t.Errorf("the faulted launch: %v", kernels[2].Args)
	}

	js, err := os.ReadFile(opts.JSON)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ReportDoc("report.json", js)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Kernels) != 3 || doc.Trace != "./app" || doc.Machine.Arch != "sm_75" {
		t.Fatalf("ReportDoc: %d kernels, trace %q, machine %+v", len(doc.Kernels), doc.Trace, doc.Machine)
	}
	for i, want := range []string{"vecadd", "scale", "scale"} {
		k := &doc.Kernels[i]
		if k.Name != want || (i < 2) != (k.TimingDoc != nil) {
			t.Errorf("kernel %d: %s, timing %v", i, k.Name, k.TimingDoc != nil)
		}
	}
	if k := doc.Kernels[2]; len(k.Notes) != 1 || !strings.Contains(k.Notes[0], "cudaErrorIllegalAddress") {
		t.Errorf("the faulted launch's notes: %q", k.Notes)
	}
	if k := doc.Kernels[0]; k.TimingDoc.Cycles != cycles[0] || len(k.Instructions) == 0 {
		t.Errorf("vecadd's details: %d cycles, %d instructions", k.TimingDoc.Cycles, len(k.Instructions))
	}
	if _, err := ReportDoc("report.txt", []byte("launches\n")); err == nil {
		t.Error("ReportDoc read a text report")
	}
}
