package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// preparation is `run.sh prepare` as rehearse.sh runs it (with this
// machine's nvcc where it has one, else the stand-in nvcc), done at most
// once per test binary: what the device call would carry. TestRehearsal
// carries it into every rehearsal, and TestCaptureCompilesWithNvcc reads
// what nvcc made of every CUDA program in it; building it once saves both
// their nvcc builds of capture.cu. Each of them starts it before it pauses
// for the package's sequential tests, so that it runs while they do, and
// the rehearsal of the device's own nvcc build, which needs only the
// comparer of the preparation, starts as soon as that has passed its
// self-test. TestMain removes it.
type preparation struct {
	once     sync.Once
	root     string        // a temporary folder: bin/ (run.sh's bin/) and prepare.log
	comparer chan struct{} // closed when the log says bin/silicon passed its self-test, or at the end
	done     chan struct{} // closed at the end, when out and err are final
	out      watchedLog    // rehearse.sh prepare's output
	err      error
}

// comparerReady is run.sh prepare's line once bin/silicon has passed its
// self-test, before the nvcc build.
const comparerReady = "comparer self-test passed"

// watchedLog gathers a command's output and closes seen when the output
// first holds line.
type watchedLog struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	line   string
	seen   chan struct{}
	closed bool
}

func (w *watchedLog) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if !w.closed && bytes.Contains(w.buf.Bytes(), []byte(w.line)) {
		w.closed = true
		close(w.seen)
	}
	return len(p), nil
}

// finish closes seen if the line never came.
func (w *watchedLog) finish() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.closed {
		w.closed = true
		close(w.seen)
	}
}

func (w *watchedLog) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// shared is the one preparation of this test binary (started on first use).
var shared = newPreparation()

func newPreparation() *preparation {
	p := &preparation{comparer: make(chan struct{}), done: make(chan struct{})}
	p.out = watchedLog{line: comparerReady, seen: p.comparer}
	return p
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.root != "" {
		<-shared.done // a test may have failed before it waited for the preparation
		if err := os.RemoveAll(shared.root); err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
	}
	os.Exit(code)
}

// needTools skips t unless every tool is on PATH.
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
}

// startPreparation starts the shared preparation in the background, once.
func startPreparation(t *testing.T) {
	t.Helper()
	needTools(t, "bash", "go")
	p := shared
	p.once.Do(func() {
		root, err := os.MkdirTemp("", "silicon-prepared-")
		p.root = root
		go func() {
			defer close(p.done)
			defer p.out.finish()
			if err != nil {
				p.err = err
				return
			}
			cmd := exec.Command("bash", "rehearse.sh", root, "prepare")
			cmd.Env = append(os.Environ(), "REHEARSE_BIN_DIR="+filepath.Join(root, "bin"))
			cmd.Stdout, cmd.Stderr = &p.out, &p.out
			p.err = cmd.Run()
		}()
	})
}

// preparedBin waits for the shared preparation (starting it if need be) and
// returns the folder of its binaries (the comparer bin/silicon, and with
// nvcc bin/capture, bin/sampledrv and bin/samples/sm_90/*.cubin) and
// rehearse.sh prepare's log; t fails if the preparation did.
func preparedBin(t *testing.T) (string, string) {
	t.Helper()
	startPreparation(t)
	<-shared.done
	if shared.err != nil {
		t.Fatalf("rehearse.sh prepare: %v\n%s", shared.err, shared.out.String())
	}
	return filepath.Join(shared.root, "bin"), shared.out.String()
}

// preparedComparer waits only until the shared preparation's comparer has
// passed its self-test (the CUDA programs may still be building into the
// same folder) and returns the folder; t fails if the preparation ended
// without that.
func preparedComparer(t *testing.T) string {
	t.Helper()
	startPreparation(t)
	<-shared.comparer
	if !strings.Contains(shared.out.String(), comparerReady) {
		<-shared.done
		t.Fatalf("rehearse.sh prepare: %v, and no %q:\n%s", shared.err, comparerReady, shared.out.String())
	}
	return filepath.Join(shared.root, "bin")
}
