package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestSweepMemoryBoundedByJobs: a sweep lays a point out in memory only
// when a worker takes it, and gives a large point's buffers back when it
// ends (releasePoint), so 8 points with a 64 MiB buffer each at -j 1 peak
// near one point's memory, not eight (the buffer is filled, so its pages
// are really there): 84 MiB measured, alone and beside three busy loops on
// two cores (the child's VmHWM, polled). The bound is what eight points held at once would exceed:
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
	// The child's own high-water mark, read while it runs: its rusage
	// maxrss would also count this test process's memory, which the
	// child's mm shared until it executed (os/exec uses vfork).
	status := filepath.Join("/proc", strconv.Itoa(cmd.Process.Pid), "status")
	var peak atomic.Int64
	stop := make(chan struct{})
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		for {
			if kb := vmHWM(status); kb > peak.Load() {
				peak.Store(kb)
			}
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	code, _ := waitExit(t, cmd, time.Now(), 5*time.Minute)
	close(stop)
	<-polled
	if code != exitFault { // every point is stopped by -max-cycles: spin never ends
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, se)
	}
	if peak.Load() == 0 {
		t.Skip("no /proc/PID/status VmHWM here")
	}
	mib := peak.Load() >> 10
	t.Logf("8 points of 64 MiB at -j 1: peak RSS %d MiB", mib)
	if mib > 7*64 {
		t.Errorf("peak RSS %d MiB: the points' memory is not bounded by -j", mib)
	}
}

// vmHWM is the VmHWM line of a /proc/PID/status file in KiB (0 when it
// cannot be read: the process has ended, or there is no /proc).
func vmHWM(status string) int64 {
	data, err := os.ReadFile(status)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return 0
}
