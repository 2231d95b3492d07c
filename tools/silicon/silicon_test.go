package main

import (
	"path/filepath"
	"strconv"
	"testing"
)

// siliconDir holds committed device runs, one folder per device (see
// alu/testdata/silicon/README.md): DEVICE/summary.json and
// DEVICE/tables/*.tbl.gz as run.sh leaves them in $OUT.
const siliconDir = "../../alu/testdata/silicon"

// Every committed silicon table matches the alu model bit for bit.
func TestCommittedSiliconTables(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(siliconDir, "*", "tables", "*"+tableExt))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Skip("no silicon tables committed under alu/testdata/silicon yet (run tools/silicon/run.sh on a GPU)")
	}
	for _, path := range paths {
		tab, err := LoadTable(path)
		if err != nil {
			t.Error(err)
			continue
		}
		n, first := tab.Diff(10)
		if n != 0 {
			t.Errorf("%s: %s differs from %s on %d of %d entries (%s); first: %+v",
				path, tab.Form.Name, tab.Form.Model, n, len(tab.Entries), tab.Form.TableInputs, first)
		}
	}
}

// Every committed summary is consistent, and the model now agrees with
// silicon on every mismatch it lists.
func TestCommittedSiliconSummaries(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(siliconDir, "*", "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Skip("no silicon summary committed under alu/testdata/silicon yet")
	}
	for _, path := range paths {
		sum, err := ReadSummary(path)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, fs := range sum.Forms {
			f := lookupForm(fs.ID)
			t.Logf("%s: %s: %d of %d inputs, %d bit-exact, complete %v",
				path, fs.Name, fs.Seen, fs.Expected, fs.Matches, fs.Complete)
			for _, m := range fs.FirstMismatches {
				in, err1 := f.parseInput(m.Input)
				si, err2 := strconv.ParseUint(m.Silicon, 0, 64)
				if err1 != nil || err2 != nil || f.formatInput(f.InputBytes(m.Index)) != m.Input {
					t.Errorf("%s: %s: malformed mismatch %+v", path, fs.Name, m)
					continue
				}
				if got := f.EvalBytes(in); got != si {
					t.Errorf("%s: %s: input %s: model gives %s, silicon %s", path, fs.Name, m.Input,
						hexWord(got, f.Width), m.Silicon)
				}
			}
			if fs.Mismatches > uint64(len(fs.FirstMismatches)) {
				t.Logf("%s: %s: %d mismatches beyond the %d listed are not rechecked here",
					path, fs.Name, fs.Mismatches-uint64(len(fs.FirstMismatches)), len(fs.FirstMismatches))
			}
		}
	}
}
