//go:build linux

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestExecProgressBar: gpusim exec with stderr on a terminal draws a bar
// of the program's launches (fed by the runtime library over its socket),
// with the device clock and the last kernel; on a pipe, or with -q, it
// draws none and the program's own output is untouched.
func TestExecProgressBar(t *testing.T) {
	f := cudaSetup(t)
	t.Setenv(progressAfterEnv, "0s")
	jacobi := filepath.Join(f.dir, "jacobi")
	rep := filepath.Join(t.TempDir(), "r.txt")
	code, out := runOnTerminal(t, []string{"exec", "-o", rep, "--", jacobi})
	// The last state the bar drew: the launches counted by the runtime.
	counts := regexp.MustCompile(`(\d+) launches \(last: (sweep|changed)\) cycle [\d,]+`).FindAllStringSubmatch(out, -1)
	if code != 0 || !barShown(out) || len(counts) == 0 {
		t.Fatalf("no launch progress bar on the terminal (exit %d):\n%q", code, out)
	}
	text, err := os.ReadFile(rep)
	if err != nil {
		t.Fatal(err)
	}
	launches := len(regexp.MustCompile(`(?m)^  \d+ +(sweep|changed) `).FindAll(text, -1))
	if last := counts[len(counts)-1][1]; last != strconv.Itoa(launches) || launches < 10 {
		t.Errorf("the bar ended at %s launches, the report lists %d:\n%q", last, launches, out)
	}
	t.Logf("the bar's last state: %q", counts[len(counts)-1][0])
	code, out = runOnPipe(t, []string{"exec", "-o", rep, "--", jacobi})
	if code != 0 || barShown(out) || strings.Contains(out, "launches") {
		t.Errorf("exec on a pipe (exit %d) drew a bar: %q", code, out)
	}
	code, out = runOnTerminal(t, []string{"exec", "-q", "-o", rep, "--", jacobi})
	if code != 0 || barShown(out) || strings.Contains(out, "launches") {
		t.Errorf("exec -q on a terminal (exit %d) drew a bar: %q", code, out)
	}
}
