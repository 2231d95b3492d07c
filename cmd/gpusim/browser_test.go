package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// plotInfo is what the browser test reads of each chart.
type plotInfo struct {
	ID     string  `json:"id"`
	Width  float64 `json:"w"`
	Height float64 `json:"h"`
	Marks  int     `json:"marks"`
	Drawn  int     `json:"drawn"` // marks with a non-empty box
}

const plotsJS = `[...document.querySelectorAll("svg.plot")].map(s => {
  const r = s.getBoundingClientRect();
  const marks = [...s.querySelectorAll(".mark")];
  return {id: s.id, w: r.width, h: r.height, marks: marks.length,
    drawn: marks.filter(m => { const b = m.getBBox(); return b.width > 0 || b.height > 0; }).length};
})`

// TestHTMLInBrowser renders the HTML pages of a softmax run and of an
// 8-point sweep in headless Chromium (skipped when it is not installed):
// every plot is there, drawn and non-empty (through the DOM), the page
// loads nothing but itself, clicks on the instruction table's headers sort
// it, and screenshots are saved under the test's artifacts (go test
// -artifacts keeps them).
func TestHTMLInBrowser(t *testing.T) {
	exe := findChromium()
	if exe == "" {
		t.Skip("no chromium")
	}
	out := t.ArtifactDir()
	runPage := filepath.Join(out, "softmax.html")
	sweepPage := filepath.Join(out, "sweep.html")
	var so, se bytes.Buffer
	if code := run([]string{"-q", "-out", t.TempDir(), "-html", runPage, softmaxTrace}, &so, &se); code != 0 {
		t.Fatalf("run: exit %d: %s", code, se.String())
	}
	if code := run([]string{"sweep", "-q", "-grid", "64", "-vary", "gpu.sms=1,2,4,8", "-vary", "units.sfu.lanes=4,16", "-html", sweepPage, softmaxTrace}, &so, &se); code != 0 {
		t.Fatalf("sweep: exit %d: %s", code, se.String())
	}
	b := startBrowser(t, exe)
	const width = 1280

	// The run's page.
	urls := b.open(runPage, width)
	checkOnlyItself(t, runPage, urls)
	var plots []plotInfo
	b.eval(plotsJS, &plots)
	var want []string
	for _, id := range []string{"occupancy", "warp-states", "time-ipc", "time-active-warps", "time-warp-states", "time-dram",
		"time-hit-rates", "units", "cache", "latency", "per-sm"} {
		want = append(want, "launch-0-"+id)
	}
	checkPlots(t, "softmax", plots, want)
	var lines []struct {
		ID     string `json:"id"`
		Points int    `json:"points"`
	}
	b.eval(`[...document.querySelectorAll("svg.plot path.mark.line")].map(p => ({id: p.closest("svg").id, points: (p.getAttribute("d").match(/[ML]/g) || []).length}))`, &lines)
	for _, l := range lines {
		if l.Points < 2 {
			t.Errorf("softmax: a line of %s has %d points", l.ID, l.Points)
		}
	}
	table := "#launch-0-instructions"
	var rows int
	b.eval(fmt.Sprintf(`document.querySelectorAll(%q).length`, table+" tbody tr"), &rows)
	if rows < 100 {
		t.Fatalf("the instruction table has %d rows", rows)
	}
	// Numbers: the first click sorts descending, the second ascending.
	b.clickHeader(table, "stall cycles")
	checkSorted(t, b, table, "stall cycles", rows, true, false)
	b.clickHeader(table, "stall cycles")
	checkSorted(t, b, table, "stall cycles", rows, false, false)
	b.clickHeader(table, "p99")
	checkSorted(t, b, table, "p99", rows, true, false)
	// Text sorts alphabetically.
	b.clickHeader(table, "instruction")
	checkSorted(t, b, table, "instruction", rows, false, true)
	// Back to PC order, for the screenshot.
	b.clickHeader(table, "PC")
	b.clickHeader(table, "PC")
	checkSorted(t, b, table, "PC", rows, false, false)
	b.eval("window.scrollTo(0, 0)", nil)
	b.screenshot(filepath.Join(out, "softmax.png"), width, 9000)

	// The sweep's page: each of 8 metrics against each of the 2 keys, and
	// the warp states per run.
	urls = b.open(sweepPage, width)
	checkOnlyItself(t, sweepPage, urls)
	plots = nil
	b.eval(plotsJS, &plots)
	want = []string{"sweep-warp-states"}
	for _, m := range []string{"cycles", "ipc", "occupancy", "issue", "cpi", "l1", "l2", "dram"} {
		want = append(want, "sweep-"+m+"-vs-0", "sweep-"+m+"-vs-1")
	}
	checkPlots(t, "sweep", plots, want)
	var series []int
	b.eval(`["sweep-cycles-vs-0", "sweep-cycles-vs-1"].map(id => document.getElementById(id).querySelectorAll("path.mark.line").length)`, &series)
	if len(series) != 2 || series[0] != 2 || series[1] != 4 {
		t.Errorf("sweep: cycles plots have %v lines, want 2 (one per lane count) and 4 (one per SM count)", series)
	}
	b.clickHeader("#sweep-runs", "Cycles")
	checkSorted(t, b, "#sweep-runs", "Cycles", 8, true, false)
	b.eval("window.scrollTo(0, 0)", nil)
	b.screenshot(filepath.Join(out, "sweep.png"), width, 9000)
	t.Logf("screenshots: %s, %s", filepath.Join(out, "softmax.png"), filepath.Join(out, "sweep.png"))
}

// checkOnlyItself: the page requested nothing but its own file.
func checkOnlyItself(t *testing.T, page string, urls []string) {
	t.Helper()
	abs, _ := filepath.Abs(page)
	for _, u := range urls {
		if u != "file://"+abs {
			t.Errorf("%s requested %s", filepath.Base(page), u)
		}
	}
}

// checkPlots: every wanted plot is on the page, laid out, and has drawn
// marks; no plot is empty.
func checkPlots(t *testing.T, page string, plots []plotInfo, want []string) {
	t.Helper()
	byID := map[string]plotInfo{}
	for _, p := range plots {
		byID[p.ID] = p
		if p.Width < 100 || p.Height < 100 || p.Marks == 0 || p.Drawn == 0 {
			t.Errorf("%s: plot %s is empty: %+v", page, p.ID, p)
		}
	}
	for _, id := range want {
		if _, ok := byID[id]; !ok {
			t.Errorf("%s: no plot %s", page, id)
		}
	}
	if len(plots) != len(want) {
		var ids []string
		for _, p := range plots {
			ids = append(ids, p.ID)
		}
		sort.Strings(ids)
		t.Errorf("%s: %d plots, want %d: %s", page, len(plots), len(want), strings.Join(ids, " "))
	}
}

// clickHeader clicks a table's column header where it is on the screen.
func (b *browser) clickHeader(table, column string) {
	b.t.Helper()
	var at []float64
	b.eval(fmt.Sprintf(`(() => {
  const th = [...document.querySelectorAll(%q)].find(h => h.textContent === %q);
  if (!th) return [];
  th.scrollIntoView({block: "center", inline: "center"});
  const r = th.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
})()`, table+" thead th", column), &at)
	if len(at) != 2 {
		b.t.Fatalf("no header %q in %s", column, table)
	}
	b.click(at[0], at[1])
}

// checkSorted: the table's rows are ordered by the column, every row still
// there.
func checkSorted(t *testing.T, b *browser, table, column string, rows int, desc, text bool) {
	t.Helper()
	var got struct {
		Values []string `json:"values"`
		Sort   string   `json:"sort"`
	}
	b.eval(fmt.Sprintf(`(() => {
  const ths = [...document.querySelectorAll(%q)];
  const i = ths.findIndex(h => h.textContent === %q);
  const cells = [...document.querySelectorAll(%q)].map(r => r.cells[i]);
  return {values: cells.map(c => c.getAttribute("data-v") ?? c.textContent.trim()), sort: ths[i].getAttribute("aria-sort") || ""};
})()`, table+" thead th", column, table+" tbody tr"), &got)
	if len(got.Values) != rows {
		t.Fatalf("%s by %s: %d rows, want %d", table, column, len(got.Values), rows)
	}
	wantSort := "ascending"
	if desc {
		wantSort = "descending"
	}
	if got.Sort != wantSort {
		t.Errorf("%s: header %s is %q after the click, want %q", table, column, got.Sort, wantSort)
	}
	var ordered bool
	if text {
		var ok bool
		b.eval(fmt.Sprintf(`(() => { const v = %s; return v.every((x, i) => i == 0 || v[i-1].toLowerCase().localeCompare(x.toLowerCase()) <= 0); })()`, jsStrings(got.Values)), &ok)
		ordered = ok
	} else {
		ordered = sort.SliceIsSorted(got.Values, func(i, j int) bool {
			var a, c float64
			fmt.Sscan(got.Values[i], &a)
			fmt.Sscan(got.Values[j], &c)
			if desc {
				return a > c
			}
			return a < c
		})
	}
	if !ordered {
		t.Errorf("%s is not sorted by %s (%s): %v", table, column, wantSort, got.Values[:min(12, len(got.Values))])
	}
}

func jsStrings(v []string) string {
	var b strings.Builder
	b.WriteString("[")
	for i, s := range v {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "%q", s)
	}
	b.WriteString("]")
	return b.String()
}

// TestExecHTMLInBrowser renders gpusim exec's page for a CUDA program with
// two launches (reduce: the partial sums, then one block that sums them)
// in headless Chromium (skipped without it or without nvcc): a row per
// launch in the launch table, which sorts by a click, and every plot of
// both launches drawn; the screenshot is saved under the test's artifacts.
func TestExecHTMLInBrowser(t *testing.T) {
	exe := findChromium()
	if exe == "" {
		t.Skip("no chromium")
	}
	f := cudaSetup(t)
	out := t.ArtifactDir()
	page := filepath.Join(out, "exec-reduce.html")
	r := runExec(t, []string{"-html", page}, filepath.Join(f.dir, "reduce"))
	if r.code != 0 {
		t.Fatalf("exec: exit %d: %s", r.code, r.stderr)
	}
	b := startBrowser(t, exe)
	const width = 1280
	urls := b.open(page, width)
	checkOnlyItself(t, page, urls)
	var plots []plotInfo
	b.eval(plotsJS, &plots)
	var want []string
	for _, l := range []string{"launch-0", "launch-1"} {
		for _, id := range []string{"occupancy", "warp-states", "time-ipc", "time-active-warps", "time-warp-states", "time-dram",
			"time-hit-rates", "units", "cache", "latency", "per-sm"} {
			want = append(want, l+"-"+id)
		}
	}
	checkPlots(t, "exec reduce", plots, want)
	var kernels []string
	b.eval(`[...document.querySelectorAll("#launch-table tbody tr")].map(r => r.cells[1].textContent)`, &kernels)
	if len(kernels) != 2 || !strings.HasPrefix(kernels[0], "reduce") || !strings.HasPrefix(kernels[1], "reduce") {
		t.Fatalf("the launch table lists %q, want the two reduce launches", kernels)
	}
	b.clickHeader("#launch-table", "cycles")
	checkSorted(t, b, "#launch-table", "cycles", 2, true, false)
	b.clickHeader("#launch-table", "ID")
	b.clickHeader("#launch-table", "ID")
	checkSorted(t, b, "#launch-table", "ID", 2, false, false)
	b.eval("window.scrollTo(0, 0)", nil)
	b.screenshot(filepath.Join(out, "exec-reduce.png"), width, 9000)
	t.Logf("screenshot: %s", filepath.Join(out, "exec-reduce.png"))
}
