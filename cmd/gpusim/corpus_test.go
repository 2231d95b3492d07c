package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
)

// The corpus programs (sim/testdata/corpus/src): CUDA programs written for
// issue 11's constructs (device printf and assert, indirect calls,
// recursion, address initialisers, special registers, warp matching and
// reductions, video instructions, per-kernel shared memory, ...), each
// checking its kernels' results on the host and printing PASS. They are
// built with clang-19 and, when installed, nvcc (for sm_80, as shared
// programs linked against libcudart.so.11.0) and run through gpusim exec
// on the sm_80 model in both modes. The corpus test of package sim checks
// their PTX.

const corpusSrc = "../../sim/testdata/corpus/src"

// corpusExpectFail are programs that use what gpusim does not run yet;
// they must not pass, so that this list is emptied when they do. Empty:
// every corpus program passes.
var corpusExpectFail = map[string]bool{}

type corpusBuild struct {
	once  sync.Once
	dir   string
	progs map[string]string // "name/compiler" -> executable
	skip  string
	err   error
}

var corpusBuilt corpusBuild

func corpusPrograms(t *testing.T) *corpusBuild {
	t.Helper()
	cudaSetup(t) // the library; it skips without nvcc (whose headers and libcudart clang uses too)
	b := &corpusBuilt
	b.once.Do(func() {
		clang, err := exec.LookPath("clang-19")
		if err != nil {
			b.skip = "clang-19 not installed"
			return
		}
		nvcc, _ := exec.LookPath("nvcc")
		srcs, err := filepath.Glob(filepath.Join(corpusSrc, "*.cu"))
		if err != nil || len(srcs) == 0 {
			b.err = fmt.Errorf("no corpus programs: %v", err)
			return
		}
		if b.dir, b.err = os.MkdirTemp("", "gpusim-corpus-"); b.err != nil {
			return
		}
		b.progs = map[string]string{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		sem := make(chan struct{}, max(1, runtime.NumCPU()))
		errs := make(chan error, 2*len(srcs))
		for _, src := range srcs {
			name := strings.TrimSuffix(filepath.Base(src), ".cu")
			for _, cc := range []string{"clang", "nvcc"} {
				var args []string
				out := filepath.Join(b.dir, name+"."+cc)
				switch {
				case cc == "clang":
					args = []string{clang, "--cuda-gpu-arch=sm_80", "-O2", "-I" + corpusSrc, src, "-o", out, "-lcudart", "-lm"}
				case nvcc != "":
					args = []string{nvcc, "--cudart", "shared", "-arch=sm_80", "-O2", "-I" + corpusSrc, src, "-o", out}
				default:
					continue
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					sem <- struct{}{}
					defer func() { <-sem }()
					if msg, err := exec.Command(args[0], args[1:]...).CombinedOutput(); err != nil {
						errs <- fmt.Errorf("%s: %v\n%s", strings.Join(args, " "), err, msg)
						return
					}
					mu.Lock()
					b.progs[name+"/"+cc] = out
					mu.Unlock()
				}()
			}
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if b.err == nil {
				b.err = err
			}
		}
	})
	if b.skip != "" {
		t.Skip(b.skip)
	}
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b
}

// TestCorpusPrograms runs every corpus program under gpusim exec.
func TestCorpusPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: building 35 programs with two compilers takes minutes")
	}
	b := corpusPrograms(t)
	t.Cleanup(func() { os.RemoveAll(b.dir) })
	var keys []string
	for k := range b.progs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, key := range keys {
		name := strings.SplitN(key, "/", 2)[0]
		for _, mode := range []string{"timing", "functional"} {
			t.Run(key+"/"+mode, func(t *testing.T) {
				t.Parallel()
				args := []string{"-config", "sm_80", "-mode", mode}
				parallel := mode == "timing" && corpusParallel[name]
				js := filepath.Join(t.TempDir(), "r.json")
				if parallel {
					args = append(args, "-json", js, "-no-wall-time")
				}
				r := runExec(t, args, b.progs[key])
				if parallel {
					checkCorpusParallel(t, args, js, b.progs[key], r)
				}
				passed := r.code == 0 && strings.Contains(r.stdout, "PASS\n")
				if corpusExpectFail[name] {
					if passed {
						t.Errorf("%s passes: remove it from corpusExpectFail (and from sim's corpusUnsupported)", name)
					}
					return
				}
				if !passed {
					t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
				}
				checkCorpusProgram(t, name, r)
			})
		}
	}
}

// corpusParallel are the programs TestCorpusPrograms runs again on the
// parallel clock (-j 2), for the same stdout and JSON report: those whose
// blocks meet in global memory (atomics, histograms, reductions), print,
// call, use the stack or read textures.
var corpusParallel = map[string]bool{
	"atomics": true, "histogram": true, "redux": true, "reduce": true, "scan": true,
	"printf_conv": true, "recursion": true, "stack_limit": true, "tex_obj": true, "tex_ref": true,
}

// checkCorpusParallel runs prog again as args did with -j 2 and requires
// what the first run r gave: its stdout, exit status and JSON report js.
func checkCorpusParallel(t *testing.T, args []string, js, prog string, r execResult) {
	t.Helper()
	js2 := filepath.Join(filepath.Dir(js), "r2.json")
	args2 := append(append([]string{}, args[:len(args)-3]...), "-json", js2, "-no-wall-time", "-j", "2")
	r2 := runExec(t, args2, prog)
	if r2.code != r.code || r2.stdout != r.stdout {
		t.Errorf("-j 2: exit %d and stdout\n%s\nwant exit %d and\n%s", r2.code, r2.stdout, r.code, r.stdout)
	}
	a, err1 := os.ReadFile(js)
	b, err2 := os.ReadFile(js2)
	if err1 != nil || err2 != nil {
		t.Fatalf("JSON reports: %v, %v", err1, err2)
	}
	if !bytes.Equal(a, b) {
		t.Errorf("-j 2: the JSON report differs from -j 1's")
	}
}

// checkCorpusProgram holds the checks beyond PASS.
func checkCorpusProgram(t *testing.T, name string, r execResult) {
	lines := strings.Split(r.stdout, "\n")
	pick := func(prefix string) []string {
		var out []string
		for _, l := range lines {
			if s, ok := strings.CutPrefix(l, prefix); ok {
				out = append(out, s)
			}
		}
		return out
	}
	switch name {
	case "printf_conv":
		// Device lines come in order from one thread; the host printed
		// the same formats with the C library.
		dev, host := pick("dev: "), pick("host: ")
		if len(dev) == 0 || strings.Join(dev, "\n") != strings.Join(host, "\n") {
			t.Errorf("device printf differs from the C library:\ndevice:\n%s\nhost:\n%s", strings.Join(dev, "\n"), strings.Join(host, "\n"))
		}
		want := []string{"count: 1 two 3.000000", "count: none", "count: returned 3 and 0", "local: [local] [   loc]"}
		for _, w := range want {
			if !strings.Contains(r.stdout, w+"\n") {
				t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
			}
		}
		// The trace run's expected text (sim/testdata/corpus) is the C
		// library's.
		exp, err := os.ReadFile(filepath.Join(corpusSrc, "..", "printf_conv.expected"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.TrimSpace(string(exp)) != strings.Join(host, "\n") {
			t.Errorf("printf_conv.expected is not what the C library prints:\n%s", strings.Join(host, "\n"))
		}
	case "printf_misc":
		var got []string
		for _, l := range lines {
			if l != "" && !strings.HasPrefix(l, "expect: ") && l != "PASS" {
				got = append(got, l)
			}
		}
		want := pick("expect: ")
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("device printf lines:\n%s\nwant (any order):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	case "assert_fail":
		for _, th := range []string{"8", "13"} {
			re := regexp.MustCompile(`assert_fail\.cu:\d+: void check_range\(const int \*, int\): block: \[1,0,0\], thread: \[` + th + `,0,0\] Assertion ` + "`v\\[i\\] < 100`" + ` failed\.`)
			if !re.MatchString(r.stderr) {
				t.Errorf("no assert line for thread %s:\n%s", th, r.stderr)
			}
		}
	case "stack_limit":
		if !strings.Contains(r.stdout, "overflow: cudaErrorHardwareStackError\n") || !strings.Contains(r.stderr, "call stack overflow: the call to _Z5depthiPi needs") {
			t.Errorf("stack overflow not reported:\nstdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
		}
	}
}

// TestTracePrintfAssert runs corpus PTX as trace files (gpusim trace.ptx,
// no CUDA runtime): device printf goes to stdout when the kernel ends, in
// the order the threads made the calls, identical to the C library's text
// (printf_conv.expected); a failed assert stops the kernel with a fault
// report naming the assertion, file, line and function, exit status 1.
func TestTracePrintfAssert(t *testing.T) {
	dir := filepath.Join(corpusSrc, "..")
	exp, err := os.ReadFile(filepath.Join(dir, "printf_conv.expected"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"clang.sm75", "clang.sm80", "nvcc.sm75"} {
		for _, mode := range []string{"timing", "functional"} {
			var so, se strings.Builder
			trace := filepath.Join(dir, "ptx", "printf_conv."+c+".ptx")
			code := run([]string{"-mode", mode, "-q", trace}, &so, &se)
			if code != 0 {
				t.Fatalf("%s: exit %d\n%s", trace, code, se.String())
			}
			var dev []string
			for _, l := range strings.Split(so.String(), "\n") {
				if s, ok := strings.CutPrefix(l, "dev: "); ok {
					dev = append(dev, s)
				}
			}
			if strings.Join(dev, "\n") != strings.TrimSpace(string(exp)) {
				t.Errorf("%s (%s): device printf:\n%s\nwant:\n%s", trace, mode, strings.Join(dev, "\n"), exp)
			}
			for _, w := range []string{"count: returned 3 and 0\n", "local: [local] [   loc]\n"} {
				if !strings.Contains(so.String(), w) {
					t.Errorf("%s (%s): stdout lacks %q", trace, mode, w)
				}
			}
			if i := strings.Index(so.String(), "dev: "); i < 0 || i > strings.Index(so.String(), "gpusim: ") {
				t.Errorf("%s (%s): printf text does not come before the report", trace, mode)
			}
		}
	}
	for _, c := range []string{"clang.sm75", "nvcc.sm75"} {
		var so, se strings.Builder
		trace := filepath.Join(dir, "ptx", "assert_fail."+c+".ptx")
		code := run([]string{"-mode", "functional", "-q", "-launch", filepath.Join(dir, "assert_fail.launch.toml"), trace}, &so, &se)
		re := regexp.MustCompile(`gpusim: .*assert_fail\.` + strings.ReplaceAll(c, ".", `\.`) + `\.ptx:\d+:\d+: call\.uni: assertion ` + "`v\\[i\\] < 100`" + ` failed at \S*assert_fail\.cu:\d+ in void check_range\(const int \*, int\) \(kernel _Z4scanPKii, block \(1,0,0\), warp 0, lane 8, thread \(8,0,0\), pc \d+\)`)
		if code != exitFault || !re.MatchString(se.String()) {
			t.Errorf("%s: exit %d\n%s", trace, code, se.String())
		}
		if !strings.Contains(se.String(), "block: [1,0,0], thread: [13,0,0] Assertion `v[i] < 100` failed.") {
			t.Errorf("%s: no CUDA assert line for thread 13:\n%s", trace, se.String())
		}
	}
}
