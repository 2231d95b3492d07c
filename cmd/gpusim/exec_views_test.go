package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/internal/tracecheck"
)

// execLaunches reads the launches of gpusim exec's JSON report.
func execLaunches(t *testing.T, path string) []struct {
	Name   string `json:"name"`
	Cycles uint64 `json:"cycles"`
} {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Launches []struct {
			Name   string `json:"name"`
			Cycles uint64 `json:"cycles"`
		} `json:"launches"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Launches
}

// checkExecTimeline validates a program's timeline: one kernel slice per
// launch, in launch order, each starting where the one before ended on
// the device clock; it returns the trace.
func checkExecTimeline(t *testing.T, path string, launches []struct {
	Name   string `json:"name"`
	Cycles uint64 `json:"cycles"`
}) *tracecheck.Trace {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := tracecheck.Check(data)
	if err != nil {
		t.Fatalf("%s is not a valid trace:\n%v", path, err)
	}
	var kernels []*tracecheck.Event
	for i := range tr.Events {
		if e := &tr.Events[i]; e.Cat == "kernel" {
			kernels = append(kernels, e)
		}
	}
	_, capped := tr.OtherData["window_capped"].(bool)
	if !capped && len(kernels) != len(launches) || len(kernels) > len(launches) || len(kernels) == 0 {
		t.Fatalf("%s: %d kernel slices for %d launches", path, len(kernels), len(launches))
	}
	var clock uint64
	for i, k := range kernels {
		start, _ := k.Arg("start_cycle")
		n, _ := k.Arg("cycles")
		if uint64(start) != clock || uint64(n) != launches[i].Cycles || !strings.HasPrefix(k.Name, strings.SplitN(launches[i].Name, "<", 2)[0]) {
			t.Errorf("%s: slice %d is %s, %v cycles from %v; launch %d is %s, %d cycles from %d", path, i, k.Name, n, start, i, launches[i].Name, launches[i].Cycles, clock)
		}
		clock += launches[i].Cycles
	}
	return tr
}

// TestExecViews runs CUDA programs under gpusim exec with every view: the
// timeline (one per program, each launch at its start on the device
// clock; capped on a program with many launches), the HTML page and the
// CSV files with a row per launch; -timeline in the functional mode is bad
// usage.
func TestExecViews(t *testing.T) {
	f := cudaSetup(t)
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	r := runExec(t, []string{"-json", p("r.json"), "-timeline", p("t.json"), "-html", p("r.html"), "-csv", p("l.csv"),
		"-csv-instructions", p("i.csv")}, filepath.Join(f.dir, "reduce"))
	if r.code != 0 || !strings.Contains(r.stdout, "PASS\n") {
		t.Fatalf("reduce: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	launches := execLaunches(t, p("r.json"))
	if len(launches) != 2 {
		t.Fatalf("reduce: %d launches", len(launches))
	}
	tr := checkExecTimeline(t, p("t.json"), launches)
	barriers := 0
	for i := range tr.Events {
		if tr.Events[i].Cat == "barrier" {
			barriers++
		}
	}
	if barriers == 0 {
		t.Errorf("reduce's timeline shows no barriers")
	}
	readCSV := func(name string) [][]string {
		fh, err := os.Open(p(name))
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		rows, err := csv.NewReader(fh).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	if rows := readCSV("l.csv"); len(rows) != 3 || rows[1][0] != "0" || rows[2][0] != "1" || !strings.HasPrefix(rows[1][1], "reduce") {
		t.Errorf("the launch CSV: %v", rows)
	}
	ids := map[string]int{}
	for _, row := range readCSV("i.csv")[1:] {
		ids[row[0]]++
	}
	if len(ids) != 2 || ids["0"] == 0 || ids["0"] != ids["1"] {
		t.Errorf("the instruction CSV's rows per launch: %v", ids)
	}
	page, err := os.ReadFile(p("r.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`id="launch-0"`, `id="launch-1"`, "gpusim exec: reduce"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the page has no %s", want)
		}
	}

	// Many launches and a small cap: the window ends early, the file says
	// so and stays within the cap.
	r = runExec(t, []string{"-json", p("j.json"), "-timeline", p("j.timeline.json"), "-timeline-max-events", "3000", "-timeline-by", "warp"},
		filepath.Join(f.dir, "jacobi"))
	if r.code != 0 {
		t.Fatalf("jacobi: exit %d\n%s", r.code, r.stderr)
	}
	launches = execLaunches(t, p("j.json"))
	tr = checkExecTimeline(t, p("j.timeline.json"), launches)
	events := 0
	for i := range tr.Events {
		if e := &tr.Events[i]; e.Ph != "M" && e.Cat != "timeline" {
			events++
		}
	}
	if tr.OtherData["window_capped"] != true || events > 3000 || events < 3000-3000/8 || len(launches) < 10 {
		t.Errorf("jacobi: %d launches, %d events kept under a cap of 3000, capped %v", len(launches), events, tr.OtherData["window_capped"])
	}

	var so, se strings.Builder
	code := run([]string{"exec", "-mode", "functional", "-timeline", p("x.json"), "--", filepath.Join(f.dir, "reduce")}, &so, &se)
	if code != exitUsage || !strings.Contains(se.String(), "-timeline: the timeline needs -mode timing") || so.Len() != 0 {
		t.Errorf("functional -timeline: exit %d, stderr %q, stdout %q", code, se.String(), so.String())
	}
}
