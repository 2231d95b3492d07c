package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/gpusim/gpusim/sim"
)

// relCase is one case of testdata/reliability.txt, the table of what a
// hostile or careless user may hand gpusim, class by class:
//
//	=== CLASS: name
//	--- file NAME          (any number: files created in the case's folder)
//	...content...
//	--- fifo NAME          (a named pipe; nothing ever writes to it)
//	--- link NAME TARGET   (a symbolic link, e.g. to /dev/zero)
//	--- folder NAME
//	--- args               (one per line; $T is testdata/reliability)
//	--- exit N
//	--- stderr             (the exact first line on stderr; $D is the case's folder)
//	--- stdout             (lines stdout must contain, one per line)
//	--- partial FILE REASON   (FILE, a JSON report, is marked partial for REASON)
//	--- complete FILE      (FILE, a JSON report, has no partial marker)
//	--- absent FILE        (FILE must not exist after the run)
type relCase struct {
	name, class string
	line        int
	files       map[string]string
	order       []string
	fifos       []string
	links       [][2]string
	folders     []string
	args        []string
	exit        int
	stderr      string
	stdout      []string
	partial     [][2]string
	complete    []string
	absent      []string
}

func readRelCases(t *testing.T, path string) (cases []*relCase, header string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	header = string(data[:bytes.Index(data, []byte("=== "))])
	var c *relCase
	section, file := "", ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		f := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "=== "):
			name := strings.TrimPrefix(line, "=== ")
			class, _, ok := strings.Cut(name, ":")
			if !ok {
				t.Fatalf("%s:%d: want === CLASS: name", path, n)
			}
			c = &relCase{name: name, class: class, line: n, files: map[string]string{}, exit: -1}
			cases = append(cases, c)
			section = ""
		case c == nil:
		case strings.HasPrefix(line, "--- file "):
			section, file = "file", strings.TrimPrefix(line, "--- file ")
			c.order = append(c.order, file)
			c.files[file] = ""
		case strings.HasPrefix(line, "--- fifo "):
			section = ""
			c.fifos = append(c.fifos, f[2])
		case strings.HasPrefix(line, "--- link "):
			section = ""
			c.links = append(c.links, [2]string{f[2], f[3]})
		case strings.HasPrefix(line, "--- folder "):
			section = ""
			c.folders = append(c.folders, f[2])
		case line == "--- args", line == "--- stderr", line == "--- stdout":
			section = strings.TrimPrefix(line, "--- ")
		case strings.HasPrefix(line, "--- exit "):
			section = ""
			if c.exit, err = strconv.Atoi(f[2]); err != nil {
				t.Fatalf("%s:%d: %v", path, n, err)
			}
		case strings.HasPrefix(line, "--- partial "):
			section = ""
			c.partial = append(c.partial, [2]string{f[2], f[3]})
		case strings.HasPrefix(line, "--- complete "):
			section = ""
			c.complete = append(c.complete, f[2])
		case strings.HasPrefix(line, "--- absent "):
			section = ""
			c.absent = append(c.absent, f[2])
		default:
			switch section {
			case "file":
				c.files[file] += line + "\n"
			case "args":
				if line != "" {
					c.args = append(c.args, line)
				}
			case "stderr":
				if c.stderr == "" {
					c.stderr = line
				}
			case "stdout":
				if line != "" {
					c.stdout = append(c.stdout, line)
				}
			}
		}
	}
	return cases, header
}

func writeRelCases(path, header string, cases []*relCase) error {
	var b strings.Builder
	b.WriteString(header)
	for _, c := range cases {
		fmt.Fprintf(&b, "=== %s\n", c.name)
		for _, name := range c.order {
			fmt.Fprintf(&b, "--- file %s\n%s", name, c.files[name])
		}
		for _, name := range c.fifos {
			fmt.Fprintf(&b, "--- fifo %s\n", name)
		}
		for _, l := range c.links {
			fmt.Fprintf(&b, "--- link %s %s\n", l[0], l[1])
		}
		for _, name := range c.folders {
			fmt.Fprintf(&b, "--- folder %s\n", name)
		}
		b.WriteString("--- args\n")
		for _, a := range c.args {
			b.WriteString(a + "\n")
		}
		fmt.Fprintf(&b, "--- exit %d\n--- stderr\n%s\n", c.exit, c.stderr)
		if len(c.stdout) > 0 {
			b.WriteString("--- stdout\n")
			for _, l := range c.stdout {
				b.WriteString(l + "\n")
			}
		}
		for _, p := range c.partial {
			fmt.Fprintf(&b, "--- partial %s %s\n", p[0], p[1])
		}
		for _, p := range c.complete {
			fmt.Fprintf(&b, "--- complete %s\n", p)
		}
		for _, p := range c.absent {
			fmt.Fprintf(&b, "--- absent %s\n", p)
		}
		b.WriteString("\n")
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// relClasses are the case classes issue 15 asks a test for; each must
// have cases in the table.
var relClasses = []string{"deadlock", "runaway", "resource", "bad file", "unwritable output",
	"nonsense model", "sweep", "strict", "fault"}

// TestReliability runs every case of testdata/reliability.txt: each ends
// with its documented exit status and message, never a Go panic or a
// hang, and a run that stopped short leaves its JSON report marked
// partial (a complete one unmarked). -update rewrites the exit statuses
// and messages from what gpusim does now (review the diff).
func TestReliability(t *testing.T) {
	const path = "testdata/reliability.txt"
	cases, header := readRelCases(t, path)
	tdir, err := filepath.Abs(filepath.Join("testdata", "reliability"))
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, c := range cases {
		count[c.class]++
		c.check(t, path, tdir, nil)
	}
	for _, class := range relClasses {
		if count[class] == 0 {
			t.Errorf("no %q cases in %s", class, path)
		}
	}
	if *update {
		if err := writeRelCases(path, header, cases); err != nil {
			t.Fatal(err)
		}
	}
}

// check runs case c (its command line after the arguments extra) in a
// fresh folder and checks what it must give.
func (c *relCase) check(t *testing.T, path, tdir string, extra []string) {
	t.Helper()
	dir := t.TempDir()
	for _, name := range c.order {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c.files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range c.fifos {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Skipf("no FIFOs here: %v", err)
		}
	}
	for _, l := range c.links {
		if err := os.Symlink(l[1], filepath.Join(dir, l[0])); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range c.folders {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	args := append([]string{}, extra...)
	for _, a := range c.args {
		args = append(args, strings.ReplaceAll(a, "$T", tdir))
	}
	code, stdout, stderr := runIn(t, dir, args)
	first, _, _ := strings.Cut(stderr, "\n")
	first = strings.ReplaceAll(strings.ReplaceAll(first, dir, "$D"), tdir, "$T")
	where := fmt.Sprintf("%s:%d: %s %s", path, c.line, c.name, strings.Join(extra, " "))
	if *update && extra == nil {
		c.exit, c.stderr = code, first
	} else if code != c.exit || first != c.stderr {
		t.Errorf("%s:\n got exit %d: %s\nwant exit %d: %s", where, code, first, c.exit, c.stderr)
	}
	if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine ") {
		t.Errorf("%s: looks like a Go panic:\n%s", where, stderr)
	}
	for _, want := range c.stdout {
		if !strings.Contains(stdout, want) {
			t.Errorf("%s: stdout lacks %q:\n%s", where, want, stdout)
		}
	}
	for _, p := range c.partial {
		checkPartialJSON(t, where, filepath.Join(dir, p[0]), p[1])
	}
	for _, p := range c.complete {
		data, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Errorf("%s: %v", where, err)
		} else if bytes.Contains(data, []byte(`"partial"`)) {
			t.Errorf("%s: %s of a complete run is marked partial", where, p)
		}
	}
	for _, p := range c.absent {
		if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
			t.Errorf("%s: %s was written", where, p)
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") || strings.Contains(e.Name(), "write-check") {
			t.Errorf("%s: left %s behind", where, e.Name())
		}
	}
}

// TestReliabilityParallel runs the cases of the timing runs (a trace on
// the run command, -mode timing) again on the parallel clock (-j 2): the
// same messages, exit statuses and markers.
func TestReliabilityParallel(t *testing.T) {
	if *update {
		t.Skip("-update writes the cases from one worker")
	}
	const path = "testdata/reliability.txt"
	cases, _ := readRelCases(t, path)
	tdir, err := filepath.Abs(filepath.Join("testdata", "reliability"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if len(c.args) == 0 || !strings.HasPrefix(c.args[0], "-") || slices.Contains(c.args, "functional") {
			continue // another command, or the functional mode
		}
		n++
		c.check(t, path, tdir, []string{"-j", "2"})
	}
	if n < 20 {
		t.Errorf("only %d timing-run cases in %s", n, path)
	}
}

// checkPartialJSON checks that the JSON report at path is marked partial,
// for reason, with the unfinished warps' places.
func checkPartialJSON(t *testing.T, where, path, reason string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%s: no partial report: %v", where, err)
		return
	}
	var doc struct {
		Partial bool `json:"partial"`
		Kernels []struct {
			Partial *struct {
				Reason string            `json:"reason"`
				Warps  []json.RawMessage `json:"unfinished_warps"`
			} `json:"partial"`
		} `json:"kernels"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Errorf("%s: %s: %v", where, path, err)
		return
	}
	if !doc.Partial || len(doc.Kernels) != 1 || doc.Kernels[0].Partial == nil {
		t.Errorf("%s: %s is not marked partial", where, path)
		return
	}
	if p := doc.Kernels[0].Partial; p.Reason != reason {
		t.Errorf("%s: %s: partial reason %q, want %q", where, path, p.Reason, reason)
	} else if reason != "fault" && len(p.Warps) == 0 {
		t.Errorf("%s: %s: no unfinished warps listed", where, path)
	}
}

// TestLateWriteFailure: when a file cannot be written after the run (its
// folder was replaced by a file while the simulation ran), gpusim still
// prints the report, writes every other file and names the one it could
// not write, with exit status 2.
func TestLateWriteFailure(t *testing.T) {
	dir := t.TempDir()
	trace, err := filepath.Abs(filepath.Join("testdata", "reliability", "half_bar.ptx"))
	if err != nil {
		t.Fatal(err)
	}
	launch := "grid = [1, 1, 1]\nblock = [32, 1, 1]\n\n[[args]]\nbuffer = \"out\"\n\n[buffers.out]\ntype = \"u32\"\ncount = 32\noutput = \"later/out.bin\"\n"
	if err := os.WriteFile(filepath.Join(dir, "l.toml"), []byte(launch), 0o644); err != nil {
		t.Fatal(err)
	}
	var f runFlags
	f.config, f.launch, f.sets = "sm_75", filepath.Join(dir, "l.toml"), stringList{"sm.barrier_arrival=warp"}
	f.views.json, f.views.html = filepath.Join(dir, "later", "r.json"), filepath.Join(dir, "r.html")
	prog, err := f.loadTrace(trace)
	if err != nil {
		t.Fatal(err)
	}
	_, p, err := f.prepare(prog, trace, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.outputPlan(p, trace).check(); err != nil {
		t.Fatalf("the outputs are writable before the run: %v", err)
	}
	st, err := sim.RunTiming(p, sim.TimingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The folder becomes a file during the run.
	if err := os.WriteFile(filepath.Join(dir, "later"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	rep := &sim.Report{Trace: trace, Machine: p.Machine, Kernels: []*sim.KernelStats{st}}
	var so, se bytes.Buffer
	f.quiet = true
	if code := f.finishComplete(rep, p, &so, &se); code != exitUsage {
		t.Errorf("exit %d, want 2", code)
	}
	if !strings.Contains(so.String(), "kernel half") {
		t.Errorf("no report on stdout:\n%s", so.String())
	}
	for _, want := range []string{"buffers.out: ", "-json: "} {
		if !strings.Contains(se.String(), want) {
			t.Errorf("stderr does not name %q:\n%s", want, se.String())
		}
	}
	if st, err := os.Stat(filepath.Join(dir, "r.html")); err != nil || st.Size() == 0 {
		t.Errorf("-html was not written: %v", err)
	}
}
