package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startGPUSim starts the test binary as gpusim (TestMain) in dir.
func startGPUSim(t *testing.T, dir string, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), asGPUSim+"=1")
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &so, &se
}

// waitExit waits for cmd and returns its exit status and how long after
// since it ended; it kills cmd after limit.
func waitExit(t *testing.T, cmd *exec.Cmd, since time.Time, limit time.Duration) (int, time.Duration) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(limit):
		cmd.Process.Kill()
		<-done
		t.Fatalf("gpusim did not end within %v of the signal", limit)
	}
	return cmd.ProcessState.ExitCode(), time.Since(since)
}

// waitFor polls until cond holds (or fails the test after limit).
func waitFor(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestSignalStopsRun sends SIGINT and SIGTERM to runs of a kernel that
// never terminates (no limits): each stops within a second or two, prints
// the report marked partial, writes the JSON report marked partial and
// exits 128 plus the signal.
func TestSignalStopsRun(t *testing.T) {
	trace, err := filepath.Abs(filepath.Join("testdata", "reliability", "spin.ptx"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sig  syscall.Signal
		mode string
		exit int
	}{{syscall.SIGINT, "timing", 130}, {syscall.SIGTERM, "timing", 143}, {syscall.SIGINT, "functional", 130}} {
		dir := t.TempDir()
		cmd, so, se := startGPUSim(t, dir, "-q", "-mode", c.mode, "-max-cycles", "0", "-max-warp-insts", "0", "-json", "r.json", trace)
		time.Sleep(700 * time.Millisecond) // well into the run
		sent := time.Now()
		if err := cmd.Process.Signal(c.sig); err != nil {
			t.Fatal(err)
		}
		code, took := waitExit(t, cmd, sent, 20*time.Second)
		name := signalName(c.sig)
		t.Logf("%s, %s: exit %d %v after the signal", name, c.mode, code, took)
		if code != c.exit {
			t.Errorf("%s, %s: exit %d, want %d; stderr:\n%s", name, c.mode, code, c.exit, se)
		}
		if took > 3*time.Second {
			t.Errorf("%s, %s: took %v to stop", name, c.mode, took)
		}
		if !strings.Contains(so.String(), "PARTIAL: interrupted by "+name) {
			t.Errorf("%s, %s: the report is not marked partial:\n%s", name, c.mode, so)
		}
		if !strings.HasPrefix(se.String(), "\ngpusim: "+name+": stopping the simulation") ||
			!strings.Contains(se.String(), "gpusim: interrupted by "+name+": the report above is partial") {
			t.Errorf("%s, %s: stderr:\n%s", name, c.mode, se)
		}
		checkPartialJSON(t, name+" "+c.mode, filepath.Join(dir, "r.json"), "interrupted")
	}
}

// TestSignalStopsSweep interrupts a sweep whose first two points are quick
// and whose third runs for a long time: the table, CSV and JSON have the
// two finished rows, the interrupted one and the one that never started
// (both as failed rows saying so), are marked partial, each finished
// point's -reports file is there, and the exit status is 130.
func TestSignalStopsSweep(t *testing.T) {
	trace, err := filepath.Abs(filepath.Join("testdata", "reliability", "nsm_loop.ptx"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cmd, so, se := startGPUSim(t, dir, "sweep", "-q", "-j", "1", "-vary", "gpu.sms=1,2,4000,3000",
		"-reports", "runs", "-csv", "s.csv", "-json", "s.json", trace)
	waitFor(t, 60*time.Second, "the first two points' reports", func() bool {
		_, err := os.Stat(filepath.Join(dir, "runs", "0001.json"))
		return err == nil
	})
	time.Sleep(300 * time.Millisecond) // into the third point
	sent := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	code, took := waitExit(t, cmd, sent, 20*time.Second)
	t.Logf("sweep: exit %d %v after SIGINT", code, took)
	if code != 130 || took > 3*time.Second {
		t.Errorf("sweep: exit %d after %v, want 130 within a second or so; stderr:\n%s", code, took, se)
	}
	if !strings.Contains(so.String(), "PARTIAL: interrupted by SIGINT; 2 of 4 runs finished") {
		t.Errorf("the table is not marked partial:\n%s", so)
	}
	f, err := os.Open(filepath.Join(dir, "s.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 5 {
		t.Fatalf("s.csv: %d rows, %v", len(rows), err)
	}
	errCol := len(rows[0]) - 1
	for i, want := range []string{"", "", "interrupted at cycle", "not run: the sweep was interrupted"} {
		got := rows[i+1][errCol]
		if (want == "") != (got == "") || !strings.HasPrefix(got, want) {
			t.Errorf("s.csv row %d: error %q, want %q...", i+1, got, want)
		}
		if want == "" && rows[i+1][len(rows[0])-10] == "" {
			t.Errorf("s.csv row %d: no cycles", i+1)
		}
	}
	var sj struct {
		Partial string `json:"partial"`
		Runs    []map[string]any
	}
	data, err := os.ReadFile(filepath.Join(dir, "s.json"))
	if err == nil {
		err = json.Unmarshal(data, &sj)
	}
	if err != nil || sj.Partial != "interrupted by SIGINT" || len(sj.Runs) != 4 {
		t.Errorf("s.json: %v, partial %q, %d runs", err, sj.Partial, len(sj.Runs))
	}
	for _, name := range []string{"0000.json", "0001.json", "0002.error.json", "0003.error.json"} {
		if _, err := os.Stat(filepath.Join(dir, "runs", name)); err != nil {
			t.Errorf("-reports: %v", err)
		}
	}
}

// TestSecondSignalExitsAtOnce: the first signal asks for an orderly stop
// (the stop channel closes), a second one exits at once with 128 plus the
// signal.
func TestSecondSignalExitsAtOnce(t *testing.T) {
	var errb bytes.Buffer
	in := interruptible(&errb)
	defer in.release()
	exited := make(chan int, 1)
	in.exit = func(code int) { exited <- code }
	in.ch <- syscall.SIGTERM
	select {
	case <-in.stop:
	case <-time.After(5 * time.Second):
		t.Fatal("the first signal did not close the stop channel")
	}
	if in.status() != 143 {
		t.Errorf("status %d after SIGTERM, want 143", in.status())
	}
	in.ch <- syscall.SIGINT
	select {
	case code := <-exited:
		if code != 130 {
			t.Errorf("second signal: exit %d, want 130", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the second signal did not exit")
	}
	if !strings.Contains(errb.String(), "SIGINT again: exiting at once") {
		t.Errorf("stderr: %q", errb.String())
	}
}
