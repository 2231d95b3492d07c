//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal pair: the master, from which the test
// reads what was written to the terminal, and the slave, a terminal that
// gpusim writes its stderr to.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals: %v", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		t.Fatalf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		t.Fatalf("ptsname: %v", err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Fatalf("open /dev/pts/%d: %v", n, err)
	}
	return m, s
}

// runOnTerminal runs gpusim with stderr on a pseudo-terminal and returns
// the exit status and what appeared on the terminal.
func runOnTerminal(t *testing.T, args []string) (int, string) {
	t.Helper()
	m, s := openPTY(t)
	defer m.Close()
	got := make(chan []byte)
	go func() {
		data, _ := io.ReadAll(m) // ends with EIO once the slave is closed
		got <- data
	}()
	var so bytes.Buffer
	code := run(args, &so, s)
	s.Close()
	select {
	case data := <-got:
		return code, string(data)
	case <-time.After(10 * time.Second):
		t.Fatal("the terminal never closed")
	}
	return 0, ""
}

// runOnPipe runs gpusim with stderr on a pipe.
func runOnPipe(t *testing.T, args []string) (int, string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte)
	go func() {
		data, _ := io.ReadAll(r)
		got <- data
	}()
	var so bytes.Buffer
	code := run(args, &so, w)
	w.Close()
	data := <-got
	r.Close()
	return code, string(data)
}

// barShown reports whether a progress bar was drawn: pb redraws its line
// after a carriage return (the terminal itself turns "\n" into "\r\n").
func barShown(out string) bool { return regexp.MustCompile("\r[^\n]").MatchString(out) }

// TestProgressBar: on a terminal, a run draws a progress bar (warp
// instructions with their rate, and the cycle reached) and a sweep one of
// runs done; with the default delay a short run draws none and one of more
// than a second does; -q never draws one, nor does anything on a pipe.
// GPUSIM_PROGRESS_AFTER=0s shows the bar at once, so the short runs here
// show what a long one would.
func TestProgressBar(t *testing.T) {
	// vecadd over 6M elements: about 2M warp instructions, more than a
	// second here.
	dir := t.TempDir()
	launch := filepath.Join(dir, "long.launch.toml")
	src := "kernel = \"vecadd\"\ngrid = [120, 1, 1]\nblock = [256, 1, 1]\n" +
		"[[args]]\nbuffer = \"a\"\n[[args]]\nbuffer = \"b\"\n[[args]]\nbuffer = \"c\"\n[[args]]\nvalue = 6000000\n"
	for _, b := range []string{"a", "b", "c"} {
		src += fmt.Sprintf("[buffers.%s]\ntype = \"f32\"\ncount = 6000000\ninit = \"iota\"\n", b)
	}
	if err := os.WriteFile(launch, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	vecadd := filepath.Join("..", "..", "traces", "samples", "vecadd.ptx")
	long := []string{"-launch", launch, "-out", dir, vecadd}
	short := []string{"-out", dir, vecadd}

	// The default delay: a short run draws nothing, a long one the bar.
	t.Setenv(progressAfterEnv, "")
	start := time.Now()
	code, out := runOnTerminal(t, short)
	// A loaded machine may stretch the short run past the delay; then a bar
	// is right, so only a run that stayed under it must have drawn none.
	if took := time.Since(start); code != 0 || took < progressAfter && barShown(out) || !strings.Contains(out, "gpusim: simulated ") {
		t.Errorf("a short run of %v on a terminal (exit %d):\n%q", took, code, out)
	}
	start = time.Now()
	code, out = runOnTerminal(t, long)
	if took := time.Since(start); code != 0 || took > progressAfter+300*time.Millisecond && !barShown(out) {
		t.Errorf("a run of %v (exit %d) drew no bar:\n%q", took, code, out)
	}

	t.Setenv(progressAfterEnv, "0s")
	code, out = runOnTerminal(t, long)
	if code != 0 || !barShown(out) || !strings.Contains(out, " warp instructions (") || !strings.Contains(out, "/s)") ||
		!strings.Contains(out, "cycle ") || !strings.Contains(out, "gpusim: simulated ") {
		t.Errorf("no run progress bar on the terminal (exit %d):\n%q", code, out)
	}
	code, out = runOnPipe(t, short)
	if code != 0 || barShown(out) || !strings.HasPrefix(out, "gpusim: simulated ") || strings.Count(out, "\n") != 1 {
		t.Errorf("stderr on a pipe (exit %d): %q, want the one closing line", code, out)
	}
	code, out = runOnTerminal(t, append([]string{"-q"}, short...))
	if code != 0 || out != "" {
		t.Errorf("-q: exit %d, the terminal got %q", code, out)
	}
	sweep := []string{"sweep", "-j", "1", "-grid", "64", "-vary", "gpu.sms=8,16,30", softmaxTrace}
	code, out = runOnTerminal(t, sweep)
	if code != 0 || !barShown(out) || !strings.Contains(out, "/ 3 runs") {
		t.Errorf("no sweep progress bar on the terminal (exit %d):\n%q", code, out)
	}
	code, out = runOnPipe(t, sweep)
	if code != 0 || out != "" {
		t.Errorf("sweep on a pipe: exit %d, stderr %q", code, out)
	}
	code, out = runOnTerminal(t, append([]string{"sweep", "-q"}, sweep[1:]...))
	if code != 0 || out != "" {
		t.Errorf("sweep -q: exit %d, the terminal got %q", code, out)
	}
}
