package main

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSweepWhatIf sweeps the SFU lanes on an SFU-bound microbenchmark: the
// cycles fall as the lanes grow, the table has one row per value, and the
// CSV and the table agree. Running one job at a time gives the same bytes
// as running in parallel.
func TestSweepWhatIf(t *testing.T) {
	trace := filepath.Join("..", "..", "traces", "testdata", "timing", "throughput.ptx")
	var outs [2]string
	var csvs [2][]byte
	for i, jobs := range []string{"1", "3"} {
		dir := t.TempDir()
		csvPath := filepath.Join(dir, "s.csv")
		var so, se bytes.Buffer
		args := []string{"sweep", "-kernel", "tput_ex2_f32", "-vary", "units.sfu.lanes=4,8,16", "-j", jobs, "-csv", csvPath, trace}
		if code := run(args, &so, &se); code != 0 {
			t.Fatalf("exit %d: %s", code, se.String())
		}
		outs[i] = so.String()
		var err error
		if csvs[i], err = os.ReadFile(csvPath); err != nil {
			t.Fatal(err)
		}
	}
	if outs[0] != outs[1] || !bytes.Equal(csvs[0], csvs[1]) {
		t.Fatalf("-j 1 and -j 3 differ:\n%s\n%s", outs[0], outs[1])
	}
	rows, err := csv.NewReader(bytes.NewReader(csvs[0])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || rows[0][0] != "units.sfu.lanes" || rows[0][1] != "cycles" {
		t.Fatalf("CSV:\n%s", csvs[0])
	}
	var prev uint64
	for i, row := range rows[1:] {
		cycles, err := strconv.ParseUint(row[1], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(outs[0], row[1]) {
			t.Errorf("table lacks the cycles %s of row %d", row[1], i)
		}
		if i > 0 && float64(cycles) > 0.6*float64(prev) {
			t.Errorf("lanes %s: %d cycles, not about half of %d", row[0], cycles, prev)
		}
		prev = cycles
	}
}

func TestSweepErrors(t *testing.T) {
	trace := filepath.Join("..", "..", "traces", "samples", "vecadd.ptx")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", trace}, "gpusim: sweep: nothing to vary (give -vary key.path=v1,v2,...)"},
		{[]string{"sweep", "-vary", "units.sfu.lanez=1,2", trace}, "gpusim: sweep units.sfu.lanez=1: -set units.sfu.lanez=1: unknown key units.sfu.lanez"},
		{[]string{"sweep", "-vary", "units.sfu.lanes=4,0", trace}, "gpusim: sweep units.sfu.lanes=0: -set units.sfu.lanes=0: units.sfu.lanes: must be at least 1, got 0"},
		{[]string{"sweep", "-vary", "units.sfu.lanes=", trace}, `invalid value "units.sfu.lanes=" for flag -vary: want key.path=v1,v2,..., got "units.sfu.lanes="`},
	} {
		var so, se bytes.Buffer
		code := run(c.args, &so, &se)
		first, _, _ := strings.Cut(se.String(), "\n")
		if code != exitUsage || first != c.want {
			t.Errorf("%v: exit %d %q, want exit 2 %q", c.args, code, first, c.want)
		}
	}
}
