package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ncu's raw-page CSV: units applied (Kcycle, usecond, cycle/nsecond),
// digit grouping removed, stall reasons gathered, n/a skipped.
func TestReadNCUCSV(t *testing.T) {
	f, err := os.Open("testdata/ncu_raw.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ks, err := ReadNCUCSV(f, "ncu_raw.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(ks) != 3 {
		t.Fatalf("%d kernels, want 3", len(ks))
	}
	k := ks[0]
	if k.Name != "vecadd" || k.Grid != "(120, 1, 1)" || k.Block != "(256, 1, 1)" || k.Cycles != 8500 ||
		k.Instructions != 31250 || k.DurationNS != 12350 || math.Abs(k.SMClockHz-1.59e9) > 1 {
		t.Errorf("row 0: %+v", k)
	}
	if k.Stalls["long_scoreboard"] != 3.25 || len(k.Stalls) != 2 || k.Metrics["sm__warps_active.avg.pct_of_peak_sustained_active"] != 41.5 {
		t.Errorf("row 0 stalls %v metrics %v", k.Stalls, k.Metrics)
	}
	if _, ok := ks[1].Metrics["launch__occupancy_limit_registers"]; ok || ks[1].Text["launch__occupancy_limit_registers"] != "n/a" {
		t.Errorf("row 1: n/a taken as a number: %v %v", ks[1].Metrics, ks[1].Text)
	}
	if got := ks[1].stallNames(); strings.Join(got, ",") != "long_scoreboard,barrier" {
		t.Errorf("stall order %v", got)
	}
	bench := map[string][]map[string]any{"latency": make([]map[string]any, 13)}
	bench["latency"][12] = map[string]any{"op": "rcp.approx.ftz.f32 (negated input)"}
	if m := benchMeasures(ks[2].Name, bench); m != "latency: rcp.approx.ftz.f32 (negated input)" {
		t.Errorf("bench kernel identified as %q", m)
	}
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "empty"},
		{"no kernel name", "\"ID\",\"x\"\n\"0\",\"1\"\n", "no \"Kernel Name\" column"},
		{"short row", "\"ID\",\"Kernel Name\",\"m\"\n\"0\",\"k\"\n", "bad.csv:2: 2 fields, the header has 3"},
	} {
		if _, err := ReadNCUCSV(strings.NewReader(c.text), "bad.csv"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if unitScale("Mbyte/second") != 1e6 || unitScale("msecond") != 1e6 || unitScale("Gcycle") != 1e9 || unitScale("%") != 1 {
		t.Error("unitScale")
	}
}

// timing.json from a synthetic run: the events and the ncu rows meet by
// module, a failed launch is an error line, and the correlation table
// compares with gpusim's reports: the mean absolute error and the worst
// kernel.
func TestTimingAndCorrelation(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	summary := write("summary.json", `{"format":"`+SummaryFormat+`","capture":{"device":"Test GPU","clock_khz":1000000},`+
		`"stream":{},"forms":[],"tensor":[],"tables":[],"bench":{"latency":[{"op":"a"}]}}`)
	events := write("events.jsonl", strings.Join([]string{
		`{"module":"s/vecadd.cubin","variant":"nvcc-sm_90","sample":"vecadd","kernel":"vecadd","grid":[120,1,1],"block":[256,1,1],"event_ms":[0.5,0.25]}`,
		`{"module":"t/vecadd.ptx","variant":"ptx-jit","sample":"vecadd","kernel":"vecadd","grid":[120,1,1],"block":[256,1,1],"event_ms":[0.3]}`,
		`not json: a line ncu printed`,
		`{"module":"t/ex2.ptx","variant":"ptx-jit","sample":"ex2","kernel":"ex2","error":"launch failed"}`,
	}, "\n"))
	ncu, err := os.ReadFile("testdata/ncu_raw.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(ncu), "\n")
	csvPath := write("ncu.csv", strings.Join(lines[:4], "\n")+"\n") // the two vecadd rows
	tf, err := BuildTiming(TimingInputs{Summary: summary, Events: events, NCUSamples: csvPath})
	if err != nil {
		t.Fatal(err)
	}
	if len(tf.Samples) != 2 || len(tf.Errors) != 1 || !strings.Contains(tf.Errors[0], "launch failed") {
		t.Fatalf("samples %+v errors %q", tf.Samples, tf.Errors)
	}
	nv, ptx := tf.Samples[0], tf.Samples[1]
	if nv.Variant != "nvcc-sm_90" || nv.EventMinMS != 0.25 || nv.EventCycles != 250000 || nv.NCU == nil || nv.NCU.Cycles != 8500 {
		t.Errorf("nvcc row %+v", nv)
	}
	if ptx.NCU == nil || ptx.NCU.Cycles != 8250 {
		t.Errorf("ptx row %+v", ptx)
	}
	// Round trip through the file, then the table.
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(tf); err != nil {
		t.Fatal(err)
	}
	path := write("timing.json", b.String())
	tf2, err := ReadTiming(path)
	if err != nil {
		t.Fatal(err)
	}
	reports := filepath.Join(dir, "reports")
	if err := os.Mkdir(reports, 0o755); err != nil {
		t.Fatal(err)
	}
	write("reports/vecadd.json", `{"kernels":[{"name":"vecadd","cycles":9075,"warp_instructions":31250}]}`)
	g, err := readGpusimReports(reports)
	if err != nil {
		t.Fatal(err)
	}
	ct := Correlate(tf2, "ptx-jit", g)
	if ct.Device != "Test GPU" || len(ct.Rows) != 1 || ct.Compared != 1 || math.Abs(ct.MeanAbsError-0.1) > 1e-12 || ct.Worst.Sample != "vecadd" {
		t.Fatalf("table %+v", ct)
	}
	md := ct.Markdown()
	for _, s := range []string{"| vecadd | 120x256 | 8250 | 31250 | long_scoreboard | 9075 | 31250 | +10.0% |",
		"Mean absolute cycle error: 10.0% over 1 kernels; worst: vecadd +10.0%."} {
		if !strings.Contains(md, s) {
			t.Errorf("table lacks %q:\n%s", s, md)
		}
	}
	if ct := Correlate(tf2, "nvcc", nil); ct.Compared != 0 || !strings.Contains(ct.Markdown(), "No kernel has both") {
		t.Errorf("table without reports:\n%s", ct.Markdown())
	}
	// Damaged inputs are errors, not panics.
	write("reports/bad.json", `{"kernels":[]}`)
	if _, err := readGpusimReports(reports); err == nil || !strings.Contains(err.Error(), "0 kernels") {
		t.Errorf("report without kernels: %v", err)
	}
	if _, err := ReadTiming(write("bad.json", `{"format":"other"}`)); err == nil {
		t.Error("timing of another format accepted")
	}
	var stdout, stderr bytes.Buffer
	if rc := run([]string{"correlate", "-timing", path}, nil, &stdout, &stderr); rc != 0 || !strings.Contains(stdout.String(), "| vecadd |") {
		t.Errorf("silicon correlate: exit %d %s %s", rc, stdout.String(), stderr.String())
	}
	if rc := run([]string{"correlate"}, nil, &stdout, &stderr); rc != 2 {
		t.Errorf("silicon correlate without -timing: exit %d, want 2", rc)
	}
}
