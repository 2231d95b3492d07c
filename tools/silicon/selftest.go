package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// SelftestReport is what -selftest writes: whether the comparer found
// exactly the mismatches planted in a synthetic stream, and the summary it
// made of that stream.
type SelftestReport struct {
	Format  string   `json:"format"`
	Passed  bool     `json:"passed"`
	Checks  []Check  `json:"checks"`
	Summary *Summary `json:"summary"`
}

// Check is one self-test step; Problems is empty when it passed.
type Check struct {
	Name     string   `json:"name"`
	OK       bool     `json:"ok"`
	Problems []string `json:"problems"`
}

// selftest streams the self-test plan through an OS-independent pipe into
// Compare, checks the summary against the plan, reloads the tables it wrote
// into tablesDir, and checks that broken streams are reported as errors.
func selftest(tablesDir string, workers int) *SelftestReport {
	rep := &SelftestReport{Format: "gpusim-silicon-selftest/1", Checks: []Check{}}
	add := func(name string, problems []string) {
		if problems == nil {
			problems = []string{}
		}
		rep.Checks = append(rep.Checks, Check{Name: name, OK: len(problems) == 0, Problems: problems})
	}
	plan := selftestPlan()

	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(writeSynth(pw, plan)) }()
	sum, err := Compare(pr, Options{Name: "selftest", Workers: workers, MaxMismatches: 100, TablesDir: tablesDir})
	pr.Close()
	rep.Summary = sum
	var problems []string
	if err != nil {
		problems = append(problems, err.Error())
	}
	add("planted mismatches reported exactly", append(problems, verifyAgainstPlan(sum, plan)...))

	add("tables written and reloaded", checkTables(sum, plan, tablesDir))
	add("broken streams are errors", checkBrokenStreams())

	rep.Passed = true
	for _, c := range rep.Checks {
		rep.Passed = rep.Passed && c.OK
	}
	return rep
}

// checkTables reloads every table of the summary and checks that it differs
// from the model exactly at the plants.
func checkTables(sum *Summary, plan synthPlan, dir string) []string {
	var bad []string
	exp := plan.expect()
	want := map[FormID]bool{} // forms whose table entries the plan covers
	for _, f := range allForms() {
		var cov coverage
		for _, c := range plan.chunks {
			if c.form == f.ID {
				cov.add(c.start, c.start+uint64(c.count))
			}
		}
		all := f.TableEntries > 0
		for k := 0; k < f.TableEntries && all; k++ {
			all = cov.has(f.TableIndex(k))
		}
		want[f.ID] = all || f.Kind == TensorForm && cov.complete(f.Count)
	}
	for _, tf := range sum.Tables {
		if !want[tf.Form] {
			bad = append(bad, fmt.Sprintf("%s: table written for a form the plan does not cover", tf.File))
		}
		want[tf.Form] = false
		if f := lookupForm(tf.Form); f != nil && f.Kind == TensorForm {
			bad = append(bad, checkRecordsFile(filepath.Join(dir, tf.File), f, plan)...)
			continue
		}
		t, err := LoadTable(filepath.Join(dir, tf.File))
		if err != nil {
			bad = append(bad, err.Error())
			continue
		}
		var wantIdx []uint64
		for k := range t.Entries {
			i := t.Form.TableIndex(k)
			for _, p := range exp[t.Form.ID].plants {
				if p.index == i {
					wantIdx = append(wantIdx, uint64(k))
				}
			}
		}
		n, first := t.Diff(len(wantIdx) + 1)
		if n != len(wantIdx) {
			bad = append(bad, fmt.Sprintf("%s: %d entries differ from the model, want %d", tf.File, n, len(wantIdx)))
			continue
		}
		for j, m := range first {
			if m.Index != wantIdx[j] {
				bad = append(bad, fmt.Sprintf("%s: entry %d differs, want entry %d", tf.File, m.Index, wantIdx[j]))
			}
		}
	}
	for _, f := range allForms() {
		if want[f.ID] {
			bad = append(bad, fmt.Sprintf("%s: no table written", f.Name))
		}
	}
	return bad
}

// checkRecordsFile reloads a tensor form's records file and compares it
// with the synthetic stream it came from.
func checkRecordsFile(path string, f *Form, plan synthPlan) []string {
	r, err := LoadRecords(path)
	if err != nil {
		return []string{err.Error()}
	}
	if r.Form != f || uint64(r.Count()) != f.Count {
		return []string{fmt.Sprintf("%s: %s with %d records, want %s with %d", path, r.Form.Name, r.Count(), f.Name, f.Count)}
	}
	if want := synthPayload(nil, f, 0, uint32(f.Count), plan.plants); !bytes.Equal(want, r.Data) {
		return []string{fmt.Sprintf("%s: the records differ from the stream", path)}
	}
	return nil
}

// checkBrokenStreams feeds a truncated and a corrupted stream to Compare and
// expects a StreamError from each.
func checkBrokenStreams() []string {
	var bad []string
	var good bytes.Buffer
	plan := synthPlan{chunks: []synthChunk{{FormEx2F16, 0, 1 << 16}}}
	if err := writeSynth(&good, plan); err != nil {
		return []string{err.Error()}
	}
	b := good.Bytes()
	corrupt := append([]byte(nil), b...)
	corrupt[headerSize+1<<17+5] ^= 0xff // the end frame's kind
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"truncated payload", b[:headerSize+100]},
		{"missing end frame", b[:headerSize+1<<17]},
		{"corrupt header", corrupt},
	} {
		_, err := Compare(bytes.NewReader(c.data), Options{Name: c.name, Workers: 1})
		var se *StreamError
		if !errors.As(err, &se) {
			bad = append(bad, fmt.Sprintf("%s: got %v, want a stream error", c.name, err))
		}
	}
	return bad
}

// tempDir makes a scratch directory for self-test tables.
func tempDir() (string, func(), error) {
	d, err := os.MkdirTemp("", "silicon-selftest-")
	if err != nil {
		return "", nil, err
	}
	return d, func() { os.RemoveAll(d) }, nil
}
