package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var softmaxTrace = filepath.Join("..", "..", "traces", "samples", "softmax.ptx")

// TestSweepSoftmaxSMs: a local 8-point sweep of the softmax sample over the
// number of SMs (256 blocks; the kernel is bound by memory latency, so
// spreading its blocks over more SMs overlaps more of it): the cycles fall
// and the IPC rises at every step, nearly in proportion while the SMs are
// few.
func TestSweepSoftmaxSMs(t *testing.T) {
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "s.csv")
	var so, se bytes.Buffer
	args := []string{"sweep", "-vary", "gpu.sms=1,2,3,4,6,8,12,16", "-csv", csvPath, "-html", filepath.Join(dir, "s.html"), softmaxTrace}
	if code := run(args, &so, &se); code != 0 {
		t.Fatalf("exit %d: %s", code, se.String())
	}
	data, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(rows) != 9 {
		t.Fatalf("CSV (%v):\n%s", err, data)
	}
	var cycles, ipc []float64
	for _, r := range rows[1:] {
		c, err1 := strconv.ParseFloat(r[1], 64)
		i, err2 := strconv.ParseFloat(r[3], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("row %v", r)
		}
		cycles, ipc = append(cycles, c), append(ipc, i)
	}
	for i := 1; i < len(cycles); i++ {
		if cycles[i] >= cycles[i-1] || ipc[i] <= ipc[i-1] {
			t.Errorf("gpu.sms=%s: %v cycles, IPC %v; gpu.sms=%s: %v cycles, IPC %v", rows[i][0], cycles[i-1], ipc[i-1], rows[i+1][0], cycles[i], ipc[i])
		}
	}
	if s := cycles[0] / cycles[3]; s < 3.5 || s > 4.1 {
		t.Errorf("1 to 4 SMs: %.2fx fewer cycles, want about 4x", s)
	}
	if s := cycles[0] / cycles[7]; s < 8 {
		t.Errorf("1 to 16 SMs: %.2fx fewer cycles, want at least 8x", s)
	}
	html, _ := os.ReadFile(filepath.Join(dir, "s.html"))
	if n := strings.Count(string(html), `<svg class="plot"`); n != 9 {
		t.Errorf("sweep page: %d plots, want 8 metrics and the warp states", n)
	}
}

// TestCompareSweepPoints compares two points of a sweep (their -reports
// files): the metrics come biggest change first, the cycles' ratio is the
// points' ratio, and the HTML page is written; errors are bad usage.
func TestCompareSweepPoints(t *testing.T) {
	dir := t.TempDir()
	reports := filepath.Join(dir, "reports")
	csvPath := filepath.Join(dir, "s.csv")
	var so, se bytes.Buffer
	args := []string{"sweep", "-grid", "64", "-vary", "gpu.sms=2,8", "-vary", "units.sfu.lanes=4,16", "-reports", reports, "-csv", csvPath, softmaxTrace}
	if code := run(args, &so, &se); code != 0 {
		t.Fatalf("sweep: exit %d: %s", code, se.String())
	}
	data, _ := os.ReadFile(csvPath)
	rows, _ := csv.NewReader(bytes.NewReader(data)).ReadAll()
	a, b := filepath.Join(reports, "0000.json"), filepath.Join(reports, "0003.json")
	so.Reset()
	se.Reset()
	htmlPath := filepath.Join(dir, "c.html")
	if code := run([]string{"compare", a, b, "-html", htmlPath}, &so, &se); code != 0 {
		t.Fatalf("compare: exit %d: %s", code, se.String())
	}
	out := so.String()
	if !strings.Contains(out, "A  "+a) || !strings.Contains(out, "B  "+b) {
		t.Errorf("compare output lacks the runs:\n%s", out)
	}
	cyA, _ := strconv.ParseFloat(rows[1][2], 64)
	cyB, _ := strconv.ParseFloat(rows[4][2], 64)
	line := regexp.MustCompile(`(?m)^\s+cycles\s+(\d+)\s+(\d+)\s+([0-9.]+)$`).FindStringSubmatch(out)
	if line == nil {
		t.Fatalf("no cycles line:\n%s", out)
	}
	if line[1] != rows[1][2] || line[2] != rows[4][2] || line[3] != strconv.FormatFloat(cyB/cyA, 'f', 3, 64) {
		t.Errorf("cycles line %q, want %s %s %.3f", line[0], rows[1][2], rows[4][2], cyB/cyA)
	}
	// Biggest change first: the metrics' ratios are in nonincreasing
	// order of |log|.
	var prev float64 = 1e300
	inMetrics := false
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) > 0 && f[0] == "metric":
			inMetrics = true
			continue
		case len(f) == 0:
			inMetrics = false
		}
		if !inMetrics || len(f) < 3 {
			continue
		}
		r := f[len(f)-1]
		if r == "new" {
			continue
		}
		v := 1.0
		if r != "=" {
			var err error
			if v, err = strconv.ParseFloat(r, 64); err != nil {
				t.Fatalf("ratio %q in %q", r, l)
			}
		}
		if v < 1 {
			v = 1 / v
		}
		if v > prev*1.0005 {
			t.Errorf("%q: change %.3f after %.3f", l, v, prev)
		}
		prev = v
	}
	if !strings.Contains(out, "instructions by change in stall cycles") {
		t.Errorf("no instruction comparison:\n%s", out)
	}
	page, err := os.ReadFile(htmlPath)
	if err != nil || !bytes.Contains(page, []byte(`id="kernel-0-metrics"`)) || !bytes.Contains(page, []byte(`id="kernel-0-instructions"`)) {
		t.Errorf("compare page (%v)", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"compare", a}, "gpusim: compare: want at least two JSON reports, got 1"},
		{[]string{"compare", a, csvPath}, "gpusim: compare: " + csvPath + ": not a gpusim JSON report: invalid character 'g' looking for beginning of value"},
		{[]string{"compare", a, filepath.Join(dir, "nope.json")}, "gpusim: compare: open " + filepath.Join(dir, "nope.json") + ": no such file or directory"},
	} {
		var so, se bytes.Buffer
		code := run(c.args, &so, &se)
		if code != exitUsage || !strings.Contains(se.String(), c.want) {
			t.Errorf("%v: exit %d %q, want 2 %q", c.args, code, se.String(), c.want)
		}
	}
}

// TestRunReportFiles writes every report file of a run: the same bytes on
// a rerun (HTML and CSV are deterministic), nothing fetched from a network,
// and a file that cannot be written is an error that leaves no partial
// file behind.
func TestRunReportFiles(t *testing.T) {
	var pages [2][]byte
	for i := range pages {
		dir := t.TempDir()
		var so, se bytes.Buffer
		args := []string{"-q", "-out", dir, "-html", filepath.Join(dir, "r.html"), "-csv", filepath.Join(dir, "r.csv"),
			"-csv-instructions", filepath.Join(dir, "i.csv"), softmaxTrace}
		if code := run(args, &so, &se); code != 0 {
			t.Fatalf("exit %d: %s", code, se.String())
		}
		if se.Len() != 0 {
			t.Errorf("-q: stderr %q", se.String())
		}
		var err error
		if pages[i], err = os.ReadFile(filepath.Join(dir, "r.html")); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"r.csv", "i.csv"} {
			if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() < 100 {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
	if !bytes.Equal(pages[0], pages[1]) {
		t.Error("two runs wrote different HTML")
	}
	for _, bad := range []string{"<link", " src=", "http://", "https://", "@import", "url("} {
		if bytes.Contains(pages[0], []byte(bad)) {
			t.Errorf("the page refers to something outside it: %q", bad)
		}
	}
	dir := t.TempDir()
	var so, se bytes.Buffer
	if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// An output whose folder is a file is refused before the run.
	if code := run([]string{"-q", "-out", dir, "-html", filepath.Join(dir, "file", "r.html"), softmaxTrace}, &so, &se); code != exitUsage ||
		se.String() != "gpusim: -html "+filepath.Join(dir, "file", "r.html")+": "+filepath.Join(dir, "file")+" is a file, not a folder\n" {
		t.Errorf("unwritable -html: exit %d, %q", code, se.String())
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("left behind %s", e.Name())
		}
	}
	se.Reset()
	if code := run([]string{"-mode", "functional", "-csv-instructions", filepath.Join(dir, "i.csv"), softmaxTrace}, &so, &se); code != exitUsage ||
		!strings.Contains(se.String(), "-csv-instructions: the per-instruction CSV needs -mode timing") {
		t.Errorf("functional -csv-instructions: exit %d, %q", code, se.String())
	}
}
