package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestExecRunaway: a kernel that never terminates, under gpusim exec with
// a cycle limit (in the functional mode, turns), is stopped as a watchdog
// would stop it: the program gets cudaErrorLaunchTimeout, and the report
// shows the launch as stopped with its counters so far.
func TestExecRunaway(t *testing.T) {
	f := cudaSetup(t)
	for _, c := range []struct{ mode, flag string }{{"timing", "-max-cycles"}, {"functional", "-max-cycles"}, {"timing", "-max-warp-insts"}} {
		r := runExec(t, []string{"-mode", c.mode, c.flag, "200000"}, filepath.Join(f.dir, "runaway"))
		if r.code != 0 || !strings.Contains(r.stdout, "cudaErrorLaunchTimeout\nPASS\n") {
			t.Errorf("%s %s: exit %d\nstdout:\n%s\nstderr:\n%s", c.mode, c.flag, r.code, r.stdout, r.stderr)
			continue
		}
		if !strings.Contains(r.stderr, "the kernel may not terminate") {
			t.Errorf("%s %s: stderr does not say why:\n%s", c.mode, c.flag, r.stderr)
		}
		if !strings.Contains(r.report, "fault: cudaErrorLaunchTimeout") {
			t.Errorf("%s %s: the report does not show the stopped launch:\n%s", c.mode, c.flag, r.report)
		}
	}
}

// TestExecSignal sends SIGTERM to gpusim exec while the program's kernel
// runs without limits: the signal reaches the program, whose runtime stops
// the launch and writes the report marked interrupted (with the launch and
// its counters so far); the program ends by the signal and gpusim exec
// exits 143.
func TestExecSignal(t *testing.T) {
	f := cudaSetup(t)
	dir := t.TempDir()
	cmd, so, se := startGPUSim(t, dir, "exec", "-o", "report.txt", "-json", "r.json", "-max-cycles", "0", "-max-warp-insts", "0",
		"--", filepath.Join(f.dir, "runaway"))
	waitFor(t, 60*time.Second, "the program to launch its kernel", func() bool {
		return strings.Contains(so.String(), "launching")
	})
	time.Sleep(500 * time.Millisecond)
	sent := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	code, took := waitExit(t, cmd, sent, 30*time.Second)
	t.Logf("gpusim exec: exit %d %v after SIGTERM", code, took)
	if code != 143 {
		t.Errorf("exit %d, want 143; stdout:\n%s\nstderr:\n%s", code, so, se)
	}
	text, err := os.ReadFile(filepath.Join(dir, "report.txt"))
	if err != nil {
		t.Fatalf("no report: %v; stderr:\n%s", err, se)
	}
	for _, want := range []string{"PARTIAL: the program was interrupted by SIGTERM", "wait_forever"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
	js, err := os.ReadFile(filepath.Join(dir, "r.json"))
	if err != nil || !strings.Contains(string(js), `"interrupted": "SIGTERM"`) {
		t.Errorf("-json: %v, not marked interrupted:\n%.400s", err, js)
	}
}
