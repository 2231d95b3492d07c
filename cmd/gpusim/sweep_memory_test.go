package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestSweepMemoryBoundedByJobs: a sweep lays a point out in memory only
// when a worker takes it, and gives a large point's buffers back when it
// ends (releasePoint), so 8 points with a 64 MiB buffer each at -j 1 peak
// near one point's memory, not eight (the buffer is filled, so its pages
// are really there): 84 MiB measured, alone and beside three busy loops on
// two cores. The bound is what eight points held at once would exceed:
// the 448 MiB of seven points' buffers.
func TestSweepMemoryBoundedByJobs(t *testing.T) {
	trace, err := filepath.Abs(filepath.Join("testdata", "reliability", "spin.ptx"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	launch := "grid = [1, 1, 1]\nblock = [32, 1, 1]\n\n[[args]]\nbuffer = \"out\"\n\n[buffers.out]\ntype = \"u32\"\ncount = 16777216\ninit = \"iota\"\n"
	if err := os.WriteFile(filepath.Join(dir, "l.toml"), []byte(launch), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd, _, se := startGPUSim(t, dir, "sweep", "-q", "-j", "1", "-max-cycles", "20000", "-max-memory", "160M",
		"-vary", "units.sfu.lanes=1,2,4,8,16,32,64,128", "-launch", "l.toml", trace)
	code, _ := waitExit(t, cmd, time.Now(), 5*time.Minute)
	if code != exitFault { // every point is stopped by -max-cycles: spin never ends
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, se)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no resource usage here")
	}
	peak := ru.Maxrss << 10 // KiB on Linux
	t.Logf("8 points of 64 MiB at -j 1: peak RSS %d MiB", peak>>20)
	if peak > 7*64<<20 {
		t.Errorf("peak RSS %d MiB: the points' memory is not bounded by -j", peak>>20)
	}
}
