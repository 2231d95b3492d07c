package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCLIAMDTiming: an AMD sample runs as a user runs it, with the default
// flags (the timing mode) on its preset; the report has the timing
// sections, and the output buffer matches the functional mode's.
func TestCLIAMDTiming(t *testing.T) {
	trace, err := filepath.Abs("../../traces/samples/amd/div_gfx1100.s")
	if err != nil {
		t.Fatal(err)
	}
	var outs [2][]byte
	for i, mode := range []string{"", "functional"} {
		dir := t.TempDir()
		args := []string{"-config", "gfx1100", "-out", dir, trace}
		if mode != "" {
			args = append([]string{"-mode", mode}, args...)
		}
		code, stdout, stderr := runIn(t, dir, args)
		if code != 0 {
			t.Fatalf("gpusim %s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
		if mode == "" {
			for _, want := range []string{"mode timing", "cycles", "long_scoreboard", "s_waitcnt vmcnt(0)", "occupancy"} {
				if !strings.Contains(stdout, want) {
					t.Errorf("the timing report lacks %q:\n%s", want, stdout)
				}
			}
		}
		if outs[i], err = os.ReadFile(filepath.Join(dir, "div_gfx1100.c.out.bin")); err != nil {
			t.Fatal(err)
		}
	}
	if len(outs[0]) != 4000000 || !bytes.Equal(outs[0], outs[1]) {
		t.Errorf("the timing mode wrote %d bytes of c, the functional mode %d; equal: %v", len(outs[0]), len(outs[1]), bytes.Equal(outs[0], outs[1]))
	}
}
