package report

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestHTMLPage: a page for two launches (as a program run would give) has
// a row per launch, a section per launch with every chart, the same bytes
// from the same inputs, and nothing it would fetch. A timeline's extra
// series are plotted beside the built-in ones.
func TestHTMLPage(t *testing.T) {
	doc := runSample(t, "softmax", "sm_75", false)
	fdoc := runSample(t, "vecadd", "sm_75", true)
	adoc := runSample(t, "amd/div_gfx1100", "gfx1100", false)
	ls := append(append(Launches(doc), Launches(fdoc)...), Launches(adoc)...)
	ls[1].ID, ls[2].ID = 1, 2
	ls[0].Series = []TimeSeries{{ID: "extra", Title: "A timeline's counter", YLabel: "things", Steps: true,
		Lines: []Series{{Name: "things", X: []float64{0, 100, 200}, Y: []float64{1, 3, 2}}}}}
	var pages [2]bytes.Buffer
	for i := range pages {
		if err := WriteHTML(&pages[i], "gpusim: test", ls); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(pages[0].Bytes(), pages[1].Bytes()) {
		t.Error("the same launches gave different pages")
	}
	page := pages[0].String()
	for _, id := range []string{"launch-table", "launch-0", "launch-0-occupancy", "launch-0-warp-states", "launch-0-time-ipc",
		"launch-0-time-active-warps", "launch-0-time-warp-states", "launch-0-time-dram", "launch-0-time-hit-rates",
		"launch-0-time-extra", "launch-0-units", "launch-0-cache", "launch-0-latency", "launch-0-per-sm",
		"launch-0-instructions", "launch-0-opcodes", "launch-1", "launch-1-opcodes", "launch-2-time-ipc", "launch-2-units",
		"launch-2-instructions"} {
		if !strings.Contains(page, `id="`+id+`"`) {
			t.Errorf("no element %s", id)
		}
	}
	if strings.Contains(page, `id="launch-1-instructions"`) || strings.Contains(page, `id="launch-1-time-ipc"`) {
		t.Error("the functional launch has timing sections")
	}
	// One table row per instruction, per launch in the launch table.
	tbl := page[strings.Index(page, `id="launch-0-instructions"`):]
	tbl = tbl[:strings.Index(tbl, "</table>")]
	if n := strings.Count(tbl, "<tr>") - 1; n != len(doc.Kernels[0].Instructions) {
		t.Errorf("instruction table: %d rows for %d instructions", n, len(doc.Kernels[0].Instructions))
	}
	lt := page[strings.Index(page, `id="launch-table"`):]
	lt = lt[:strings.Index(lt, "</table>")]
	if n := strings.Count(lt, "<tr>") - 1; n != 3 {
		t.Errorf("launch table: %d rows, want 3", n)
	}
	for _, bad := range []string{"<link", " src=", "http://", "https://", "@import", "url("} {
		if strings.Contains(page, bad) {
			t.Errorf("the page refers outside itself: %q", bad)
		}
	}
	// Text from the trace is escaped.
	if strings.Contains(page, "<%") {
		t.Error("unescaped text")
	}
}

// TestWriteFileWholeOrNothing: a failing writer leaves the old file and no
// temporary file; a good one replaces it.
func TestWriteFileWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.html")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteFile(path, func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("partial ", 10000))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "old" {
		t.Errorf("the file is now %.20q", data)
	}
	if err := WriteFile(path, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != "new" {
		t.Errorf("the file is %q", data)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Errorf("%d files left in the folder", len(ents))
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode())
	}
}

// TestCompareOrder: metrics come biggest change first, a metric that
// appears from zero first of all, unchanged ones last; instructions by the
// size of their change in stall cycles.
func TestCompareOrder(t *testing.T) {
	a := runSample(t, "softmax", "sm_75", false)
	b := runSample(t, "softmax", "sm_75", false, "gpu.sms=4")
	c, err := Compare([]Run{{"a", a}, {"b", b}})
	if err != nil {
		t.Fatal(err)
	}
	kc := c.Kernels[0]
	for i := 1; i < len(kc.Metrics); i++ {
		if kc.Metrics[i].Change > kc.Metrics[i-1].Change {
			t.Errorf("%s (%v) after %s (%v)", kc.Metrics[i].Name, kc.Metrics[i].Change, kc.Metrics[i-1].Name, kc.Metrics[i-1].Change)
		}
	}
	var cycles *MetricRow
	for i := range kc.Metrics {
		if kc.Metrics[i].Name == "cycles" {
			cycles = &kc.Metrics[i]
		}
	}
	if cycles == nil || cycles.Ratio(1) != float64(b.Kernels[0].Cycles)/float64(a.Kernels[0].Cycles) || cycles.Ratio(1) < 3 {
		t.Errorf("cycles row %+v", cycles)
	}
	last := kc.Metrics[len(kc.Metrics)-1]
	if last.Change != 0 || last.Ratio(1) != 1 {
		t.Errorf("last metric %+v, want an unchanged one", last)
	}
	for i := 1; i < len(kc.Insts); i++ {
		if kc.Insts[i].Change > kc.Insts[i-1].Change {
			t.Errorf("instruction %d after %d", kc.Insts[i].PC, kc.Insts[i-1].PC)
		}
	}
	if len(kc.Insts) != len(a.Kernels[0].Instructions) || kc.Uncompared != 0 {
		t.Errorf("%d instructions compared, %d not", len(kc.Insts), kc.Uncompared)
	}
	if _, err := Compare([]Run{{"a", a}}); err == nil {
		t.Error("compared one run")
	}
	// Different programs: only the instructions with the same text at the
	// same PC are compared; a launch missing from a run is not compared.
	v := runSample(t, "vecadd", "sm_75", false)
	v.Kernels = append(v.Kernels, v.Kernels[0])
	c, err = Compare([]Run{{"a", a}, {"v", v}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Kernels[0].Uncompared == 0 || len(c.Kernels) != 2 || c.Kernels[1].Metrics != nil {
		t.Errorf("softmax vs vecadd: %d uncompared, %d launches", c.Kernels[0].Uncompared, len(c.Kernels))
	}
	var text, page bytes.Buffer
	if err := c.WriteText(&text); err != nil || !strings.Contains(text.String(), "not in every run: not compared") {
		t.Errorf("text (%v):\n%s", err, text.String())
	}
	if err := c.WriteHTML(&page); err != nil || !strings.Contains(page.String(), "Not in every run") {
		t.Errorf("HTML (%v)", err)
	}
}

// TestNiceTicks: round steps that cover the range.
func TestNiceTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{0, 12855, "0 5000 10000 15000"},
		{0, 1, "0 0.25 0.5 0.75 1"},
		{0, 0, "0 0.25 0.5 0.75 1"},
		{0, 76.2, "0 20 40 60 80"},
		{1, 16, "0 5 10 15 20"},
		{0, 3e6, "0 1e+06 2e+06 3e+06"},
	} {
		ticks, top := niceTicks(c.lo, c.hi, 5)
		var s []string
		for _, v := range ticks {
			s = append(s, strconv.FormatFloat(v, 'g', -1, 64))
		}
		if got := strings.Join(s, " "); got != c.want || top < c.hi {
			t.Errorf("niceTicks(%v, %v) = %s (top %v), want %s", c.lo, c.hi, got, top, c.want)
		}
	}
	if got := fmtTick(12500, []float64{0, 2500, 5000, 7500, 10000, 12500}); got != "12.5k" {
		t.Errorf("fmtTick = %q", got)
	}
	if got := fmtTick(0, []float64{0, 2500}); got != "0" {
		t.Errorf("fmtTick(0) = %q", got)
	}
	if math.IsNaN(cleanFloat(0.30000000000000004, 0.1)) || cleanFloat(0.30000000000000004, 0.1) != 0.3 {
		t.Error("cleanFloat")
	}
}
