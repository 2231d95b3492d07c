package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// compareBytes runs Compare on a synthetic stream of plan.
func compareBytes(t *testing.T, plan synthPlan, opt Options) *Summary {
	t.Helper()
	var b bytes.Buffer
	if err := writeSynth(&b, plan); err != nil {
		t.Fatal(err)
	}
	sum, err := Compare(&b, opt)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

// parsePlant reads the "form index change" part of a plant_cases.txt line.
func parsePlant(t *testing.T, line int, s string) plant {
	t.Helper()
	f := strings.Fields(s)
	if len(f) != 3 {
		t.Fatalf("plant_cases.txt:%d: want form index change", line)
	}
	id, err1 := strconv.ParseUint(f[0], 0, 16)
	idx, err2 := strconv.ParseUint(f[1], 0, 64)
	if err1 != nil || err2 != nil || lookupForm(FormID(id)) == nil {
		t.Fatalf("plant_cases.txt:%d: bad form or index", line)
	}
	p := plant{form: FormID(id), index: idx}
	arg := f[2][1:]
	var err error
	switch f[2][0] {
	case '+', '-':
		p.delta, err = strconv.ParseInt(f[2], 0, 64)
	case '=':
		p.replace = true
		p.value, err = strconv.ParseUint(arg, 0, 64)
	case '^':
		p.flip, err = strconv.ParseUint(arg, 0, 64)
	default:
		t.Fatalf("plant_cases.txt:%d: change %q", line, f[2])
	}
	if err != nil {
		t.Fatalf("plant_cases.txt:%d: %v", line, err)
	}
	return p
}

// A planted mismatch appears in first_mismatches with the right input, model
// and silicon values and lands in the right histogram bucket.
func TestPlantedMismatchCases(t *testing.T) {
	for _, c := range readCases(t, "testdata/plant_cases.txt") {
		if len(c.fields) != 2 {
			t.Fatalf("plant_cases.txt:%d: want plant | expectation", c.line)
		}
		p := parsePlant(t, c.line, c.fields[0])
		e := strings.Fields(c.fields[1])
		if len(e) != 5 {
			t.Fatalf("plant_cases.txt:%d: want input model silicon ulp bucket", c.line)
		}
		wantUlp, err := strconv.ParseInt(e[3], 10, 64)
		if err != nil {
			t.Fatalf("plant_cases.txt:%d: %v", c.line, err)
		}
		f := &forms[p.form]
		start := p.index &^ 1023
		plan := synthPlan{chunks: []synthChunk{{p.form, start, 1024}}, plants: []plant{p}}
		sum := compareBytes(t, plan, Options{Name: "plant", Workers: 2, MaxMismatches: 100})
		fs := sum.Forms[p.form-1]
		where := fmt.Sprintf("plant_cases.txt:%d: %s", c.line, f.Name)
		if fs.Seen != 1024 || fs.Mismatches != 1 || fs.Matches != 1023 || len(fs.FirstMismatches) != 1 {
			t.Errorf("%s: seen %d mismatches %d matches %d listed %d, want 1024 1 1023 1",
				where, fs.Seen, fs.Mismatches, fs.Matches, len(fs.FirstMismatches))
			continue
		}
		want := Mismatch{Index: p.index, Input: e[0], Model: e[1], Silicon: e[2], Ulp: wantUlp}
		if got := fs.FirstMismatches[0]; got != want {
			t.Errorf("%s: mismatch %+v, want %+v", where, got, want)
		}
		var lo, hi, n uint64
		for _, b := range fs.Histogram {
			if b.UlpMin != 0 {
				lo, hi, n = b.UlpMin, b.UlpMax, b.Count
			}
		}
		switch {
		case e[4] == "incomparable":
			if fs.Incomparable != 1 || n != 0 {
				t.Errorf("%s: incomparable %d, histogram %v; want it incomparable", where, fs.Incomparable, fs.Histogram)
			}
		case fmt.Sprintf("%d-%d", lo, hi) != e[4] || n != 1 || fs.Incomparable != 0:
			t.Errorf("%s: bucket %d-%d holds %d (incomparable %d), want bucket %s", where, lo, hi, n, fs.Incomparable, e[4])
		}
		if len(fs.Histogram) == 0 || fs.Histogram[0] != (Bucket{0, 0, 1023}) {
			t.Errorf("%s: histogram %v lacks the 1023 exact matches", where, fs.Histogram)
		}
	}
}

// The self-test plan covers every form; the comparer reports exactly its
// plants, and the summary does not depend on the number of workers.
func TestSelftestPlanAllForms(t *testing.T) {
	plan := selftestPlan()
	var first []byte
	for _, workers := range []int{1, 3} {
		dir := t.TempDir()
		sum := compareBytes(t, plan, Options{Name: "plan", Workers: workers, MaxMismatches: 100, TablesDir: dir})
		for _, p := range verifyAgainstPlan(sum, plan) {
			t.Errorf("workers %d: %s", workers, p)
		}
		seen := map[FormID]bool{}
		for _, p := range plan.plants {
			seen[p.form] = true
		}
		for _, f := range allForms() {
			if !seen[f.ID] {
				t.Errorf("the self-test plants nothing in %s", f.Name)
			}
		}
		if p := checkTables(sum, plan, dir); len(p) != 0 {
			t.Errorf("workers %d: tables: %v", workers, p)
		}
		b, err := json.Marshal(sum)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = b
		} else if !bytes.Equal(first, b) {
			t.Errorf("summary with %d workers differs from the one with 1", workers)
		}
	}
}

// More mismatches than the limit: all counted, the lowest indices listed.
func TestMismatchLimit(t *testing.T) {
	var plants []plant
	for i := uint64(0); i < 150; i++ {
		plants = append(plants, plant{form: FormEx2F16, index: 0x3c00 + 3*(149-i), delta: 1, wantUlp: 1})
	}
	plan := synthPlan{chunks: []synthChunk{{FormEx2F16, 0x3c00, 1024}, {FormEx2F16, 0, 1024}}, plants: plants}
	sum := compareBytes(t, plan, Options{Workers: 2, MaxMismatches: 100})
	fs := sum.Forms[FormEx2F16-1]
	if fs.Mismatches != 150 || len(fs.FirstMismatches) != 100 {
		t.Fatalf("%d mismatches, %d listed; want 150, 100", fs.Mismatches, len(fs.FirstMismatches))
	}
	for i, m := range fs.FirstMismatches {
		if m.Index != 0x3c00+3*uint64(i) {
			t.Fatalf("listed mismatch %d at index %#x, want %#x", i, m.Index, 0x3c00+3*i)
		}
	}
	if sum := compareBytes(t, plan, Options{Workers: 2, MaxMismatches: 0}); len(sum.Forms[FormEx2F16-1].FirstMismatches) != 0 {
		t.Error("MaxMismatches 0 still lists mismatches")
	}
}

func TestRunCommand(t *testing.T) {
	dir := t.TempDir()
	var stream, stderr bytes.Buffer
	if rc := run([]string{"-emit"}, nil, &stream, &stderr); rc != 0 {
		t.Fatalf("-emit: exit %d: %s", rc, stderr.String())
	}
	full := stream.Bytes()

	// The emitted stream through the command, with tables and timing.
	out := filepath.Join(dir, "summary.json")
	tables := filepath.Join(dir, "tables")
	args := []string{"-o", out, "-tables", tables, "-timing"}
	if rc := run(args, bytes.NewReader(full), io.Discard, &stderr); rc != 0 {
		t.Fatalf("compare: exit %d: %s", rc, stderr.String())
	}
	sum, err := ReadSummary(out)
	if err != nil {
		t.Fatal(err)
	}
	if p := verifyAgainstPlan(sum, selftestPlan()); len(p) != 0 {
		t.Errorf("summary of the emitted stream: %v", p)
	}
	if sum.Timing == nil || sum.Timing.LanesPerSecond <= 0 || len(sum.Tables) != 3 {
		t.Errorf("timing %+v, %d tables; want timing and 3 tables", sum.Timing, len(sum.Tables))
	}

	// A truncated stream: exit 2, and the partial summary is still written.
	out2 := filepath.Join(dir, "partial.json")
	if rc := run([]string{"-o", out2}, bytes.NewReader(full[:len(full)/2]), io.Discard, &stderr); rc != 2 {
		t.Errorf("truncated stream: exit %d, want 2", rc)
	}
	if s, err := ReadSummary(out2); err != nil || s.Stream.Error == "" || s.Stream.Ended {
		t.Errorf("partial summary: %v, %+v", err, s)
	}

	// The self-test passes and says so.
	var rep bytes.Buffer
	if rc := run([]string{"-selftest"}, nil, &rep, io.Discard); rc != 0 {
		t.Fatalf("-selftest: exit %d", rc)
	}
	var r SelftestReport
	if err := json.Unmarshal(rep.Bytes(), &r); err != nil || !r.Passed || len(r.Checks) != 3 {
		t.Errorf("self-test report: %v, passed %v, %d checks", err, r.Passed, len(r.Checks))
	}

	// Bad usage and bad input.
	for _, bad := range [][]string{{"-nosuchflag"}, {"extra"}, {"-in", filepath.Join(dir, "missing")}} {
		if rc := run(bad, nil, io.Discard, io.Discard); rc != 2 {
			t.Errorf("%v: exit %d, want 2", bad, rc)
		}
	}
}

func TestReadSummaryRejectsInconsistentCounts(t *testing.T) {
	sum := compareBytes(t, synthPlan{chunks: []synthChunk{{FormEx2BF16, 0, 1 << 16}}}, Options{Workers: 1})
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		edit func(s *Summary)
		want string
	}{
		{"consistent", func(*Summary) {}, ""},
		{"matches", func(s *Summary) { s.Forms[4].Matches-- }, "matches"},
		{"histogram", func(s *Summary) { s.Forms[4].Histogram[0].Count++ }, "histogram holds"},
		{"listed", func(s *Summary) { s.Forms[4].FirstMismatches = []Mismatch{{}} }, "listed"},
		{"form id", func(s *Summary) { s.Forms[4].ID = 42 }, "unknown form id 42"},
		{"format", func(s *Summary) { s.Format = "other/1" }, "format"},
	} {
		var s Summary
		b, _ := json.Marshal(sum)
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		c.edit(&s)
		path := filepath.Join(dir, c.name+".json")
		b, _ = json.Marshal(&s)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadSummary(path)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}
