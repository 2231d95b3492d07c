package main

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/sim/cuda"
)

// The CUDA programs of testdata/cuda, each checking its own results and
// printing PASS, run through gpusim exec in both modes. They are built
// once per test binary with nvcc (the tests skip without it), together
// with gpusim's runtime library (which needs cgo and a C compiler).

// nvccFlags are the one place that says how the test programs are built:
// against the shared CUDA runtime (gpusim exec replaces it) for sm_75,
// whose fat binary then carries compute_75 PTX. Debian's nvidia-cuda-toolkit
// runs its own host-compiler wrapper (g++-11, installed with it), so nvcc
// 11.8 needs no -ccbin or -allow-unsupported-compiler beside Debian's gcc 12.
func nvccFlags(name string) []string {
	flags := []string{"--cudart", "shared", "-arch=sm_75", "-O2"}
	if name == "exp2" {
		flags = append(flags, "-use_fast_math") // exp2f becomes ex2.approx.ftz.f32
	}
	return flags
}

// cudaPrograms are the test programs, by file name without .cu.
var cudaPrograms = []string{
	"vecadd", "reduce", "jacobi", "params", "symbols", "managed", "streams", "printf",
	"oob", "exp2", "matmul", "assert", "unsupported", "props", "errors",
	"texobj", "surface", "texref",
}

// limitPrograms are built with them but run only by their own tests (their
// kernels never end: exec_limits_test.go).
var limitPrograms = []string{"runaway"}

type cudaFixture struct {
	once sync.Once
	dir  string // programs and the library
	lib  string
	skip string
	err  error
}

// fixture is built on first use and removed by TestMain.
var fixture cudaFixture

// cleanupCUDAFixture removes the built library and programs (TestMain
// calls it after the tests).
func cleanupCUDAFixture() {
	if fixture.dir != "" {
		os.RemoveAll(fixture.dir)
	}
}

// cudaSetup builds the library and the programs (once) and points gpusim
// exec at that library.
func cudaSetup(t *testing.T) *cudaFixture {
	t.Helper()
	f := &fixture
	f.once.Do(func() {
		if _, err := exec.LookPath("nvcc"); err != nil {
			f.skip = "nvcc not installed (Debian nvidia-cuda-toolkit)"
			return
		}
		if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
			f.skip = "cgo is disabled: gpusim's CUDA runtime library needs it"
			return
		}
		if f.dir, f.err = os.MkdirTemp("", "gpusim-cuda-test-"); f.err != nil {
			return
		}
		f.lib = filepath.Join(f.dir, "lib")
		root, err := filepath.Abs(filepath.Join("..", ".."))
		if err != nil {
			f.err = err
			return
		}
		var wg sync.WaitGroup
		programs := append(append([]string(nil), cudaPrograms...), limitPrograms...)
		errs := make([]error, len(programs)+1)
		wg.Add(1)
		go func() { // the library: the longest step
			defer wg.Done()
			errs[len(programs)] = buildLibrary(root, f.lib)
		}()
		sem := make(chan struct{}, max(1, runtime.NumCPU()-1))
		for i, name := range programs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				args := append(nvccFlags(name), "-o", filepath.Join(f.dir, name), filepath.Join("testdata", "cuda", name+".cu"))
				if out, err := exec.Command("nvcc", args...).CombinedOutput(); err != nil {
					errs[i] = fmt.Errorf("nvcc %s: %v\n%s", name, err, out)
				}
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil && f.err == nil {
				f.err = err
			}
		}
		if f.err == nil {
			f.err = os.Setenv(EnvLibrary, f.lib)
		}
	})
	if f.skip != "" {
		t.Skip(f.skip)
	}
	if f.err != nil {
		t.Fatal(f.err)
	}
	return f
}

// execResult is one gpusim exec run.
type execResult struct {
	code           int
	stdout, stderr string
	report         string
}

// runExec runs gpusim exec in-process with the text report in a file.
func runExec(t *testing.T, flags []string, prog string, args ...string) execResult {
	t.Helper()
	rep := filepath.Join(t.TempDir(), "report.txt")
	var so, se bytes.Buffer
	all := append(append([]string{"exec", "-o", rep}, flags...), "--", prog)
	code := run(append(all, args...), &so, &se)
	b, _ := os.ReadFile(rep)
	return execResult{code: code, stdout: so.String(), stderr: se.String(), report: string(b)}
}

// programArgs are what each program is run with in a mode.
func programArgs(t *testing.T, name, mode string) []string {
	switch name {
	case "props":
		m, err := config.Load("sm_75", nil)
		if err != nil {
			t.Fatal(err)
		}
		return []string{fmt.Sprint(m.GPU.SMs), fmt.Sprint(int(m.GPU.ClockMHz * 1000))}
	case "streams":
		return []string{mode}
	case "exp2":
		return []string{filepath.Join(t.TempDir(), "exp2.bin")}
	}
	return nil
}

// TestExecPrograms runs every test program through gpusim exec in the
// timing and functional modes: each must print PASS and exit 0, and the
// report must list its launches.
func TestExecPrograms(t *testing.T) {
	f := cudaSetup(t)
	for _, mode := range []string{"timing", "functional"} {
		for _, name := range cudaPrograms {
			t.Run(mode+"/"+name, func(t *testing.T) {
				t.Parallel()
				r := runExec(t, []string{"-mode", mode}, filepath.Join(f.dir, name), programArgs(t, name, mode)...)
				if r.code != 0 || !strings.Contains(r.stdout, "PASS\n") {
					t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s\nreport:\n%s", r.code, r.stdout, r.stderr, r.report)
				}
				if !strings.Contains(r.report, "mode "+mode) || !strings.Contains(r.report, "\nlaunches\n") {
					t.Errorf("report:\n%s", r.report)
				}
				if mode == "timing" && !strings.Contains(r.report, "simulated time") {
					t.Errorf("timing report without simulated time:\n%s", r.report)
				}
				checkProgram(t, name, mode, r)
			})
		}
	}
}

// checkProgram holds the checks of particular programs beyond PASS.
func checkProgram(t *testing.T, name, mode string, r execResult) {
	switch name {
	case "oob":
		// gpusim's fault report: position, instruction, address, kernel,
		// block and thread.
		re := regexp.MustCompile(`gpusim: oob\.1\.compute_75\.ptx:\d+:\d+: st\.global\.u32: out-of-range write of 4 bytes at 0x[0-9a-f]{16} \(kernel _Z7overrunPii, block \(\d+,0,0\), warp \d+, lane \d+, thread \(\d+,0,0\), pc \d+\)`)
		if !re.MatchString(r.stderr) {
			t.Errorf("no fault report on stderr:\n%s", r.stderr)
		}
		if !strings.Contains(r.report, "fault: cudaErrorIllegalAddress") {
			t.Errorf("report does not show the faulting launch:\n%s", r.report)
		}
	case "unsupported":
		for _, fn := range []string{"cudaMallocMipmappedArray", "cudaGraphCreate"} {
			line := "gpusim: " + fn + " is not supported by gpusim's CUDA runtime; it returns cudaErrorNotSupported\n"
			if n := strings.Count(r.stderr, line); n != 1 {
				t.Errorf("%d lines naming %s on stderr, want 1:\n%s", n, fn, r.stderr)
			}
		}
		if !strings.Contains(r.report, "unsupported calls (cudaErrorNotSupported): cudaGraphCreate (2), cudaMallocMipmappedArray (1)") {
			t.Errorf("report does not list the unsupported calls:\n%s", r.report)
		}
	case "jacobi":
		if got := strings.Count(r.report, "  sweep  "); got < 10 {
			t.Errorf("report lists %d sweep launches", got)
		}
	case "printf":
		want := []string{
			"thread 0 of block 0:   100|ff  |+0.00|1.250000e+00|0.416667|gpusim|A|%",
			"thread 1 of block 0:   101|100 |+1.25|1.250000e+00|0.416667|gpusim|B|%",
			"thread 2 of block 0:   102|101 |+2.50|1.250000e+00|0.416667|gpusim|C|%",
			"thread 0 of block 1:   100|ff  |+0.00|1.250000e+00|0.416667|gpusim|A|%",
			"thread 1 of block 1:   101|100 |+1.25|1.250000e+00|0.416667|gpusim|B|%",
			"thread 2 of block 1:   102|101 |+2.50|1.250000e+00|0.416667|gpusim|C|%",
			"long -1234567890123 unsigned 4000000000 hex 0xfeed ptr-null (nil)",
			"PASS",
		}
		got := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if got[len(got)-1] != "PASS" {
			t.Errorf("device printf output after the program's PASS:\n%s", r.stdout)
		}
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("stdout:\n%s\nwant (in any order of threads):\n%s", r.stdout, strings.Join(want, "\n"))
		}
	case "assert":
		re := regexp.MustCompile("assert.cu:\\d+: void check_positive\\(const int \\*, int\\): block: \\[1,0,0\\], thread: \\[5,0,0\\] Assertion `x\\[i\\] >= 0` failed\\.")
		if !re.MatchString(r.stderr) {
			t.Errorf("no assert report on stderr:\n%s", r.stderr)
		}
	}
}

// TestExecExp2MatchesModel checks the device's exp2f under -use_fast_math
// (ex2.approx.ftz.f32) bit for bit against gpusim's numerics model, in
// both modes.
func TestExecExp2MatchesModel(t *testing.T) {
	f := cudaSetup(t)
	for _, mode := range []string{"timing", "functional"} {
		out := filepath.Join(t.TempDir(), "exp2.bin")
		r := runExec(t, []string{"-mode", mode}, filepath.Join(f.dir, "exp2"), out)
		if r.code != 0 {
			t.Fatalf("%s: exit %d\n%s%s", mode, r.code, r.stdout, r.stderr)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		n := len(b) / 8
		for i := 0; i < n; i++ {
			x := binary.LittleEndian.Uint32(b[4*i:])
			y := binary.LittleEndian.Uint32(b[4*(n+i):])
			if want := alu.Ex2F32Ftz(x); y != want {
				t.Fatalf("%s: ex2(%g = 0x%08x) = 0x%08x, the model gives 0x%08x", mode, math.Float32frombits(x), x, y, want)
			}
		}
		if n != 1<<16 {
			t.Errorf("%s: %d results", mode, n)
		}
	}
}

// TestExecDeterministic runs programs twice, and a third time on the
// parallel clock (-j 2), and requires byte-identical text and JSON reports
// (the JSON without wall-clock figures).
func TestExecDeterministic(t *testing.T) {
	f := cudaSetup(t)
	for _, name := range []string{"matmul", "streams", "oob"} {
		var reps [3]string
		var jsons [3][]byte
		for i := range reps {
			js := filepath.Join(t.TempDir(), "r.json")
			j := fmt.Sprint(max(1, i)) // 1, 1, 2
			r := runExec(t, []string{"-json", js, "-no-wall-time", "-j", j}, filepath.Join(f.dir, name), programArgs(t, name, "timing")...)
			if r.code != 0 {
				t.Fatalf("%s: exit %d\n%s%s", name, r.code, r.stdout, r.stderr)
			}
			reps[i] = r.report
			var err error
			if jsons[i], err = os.ReadFile(js); err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(jsons[i], []byte("wall_seconds")) {
				t.Errorf("%s: -no-wall-time left wall_seconds in the JSON", name)
			}
			var v struct {
				Launches []struct {
					Kernel string          `json:"kernel"`
					Cycles uint64          `json:"cycles"`
					Detail json.RawMessage `json:"detail"`
				} `json:"launches"`
			}
			if err := json.Unmarshal(jsons[i], &v); err != nil || len(v.Launches) == 0 {
				t.Fatalf("%s: JSON report: %v", name, err)
			}
			if name != "oob" && (v.Launches[0].Cycles == 0 || len(v.Launches[0].Detail) == 0) {
				t.Errorf("%s: JSON launch without cycles or detail: %+v", name, v.Launches[0])
			}
		}
		for i := 1; i < len(reps); i++ {
			if reps[0] != reps[i] {
				t.Errorf("%s: text reports of runs 1 and %d differ:\n%s\n---\n%s", name, i+1, reps[0], reps[i])
			}
			if !bytes.Equal(jsons[0], jsons[i]) {
				t.Errorf("%s: JSON reports of runs 1 and %d differ at %s", name, i+1, firstDiff(jsons[0], jsons[i]))
			}
		}
	}
}

// TestExecRejectsStaticRuntime checks the message for a program with the
// CUDA runtime linked in statically (nvcc's default).
func TestExecRejectsStaticRuntime(t *testing.T) {
	cudaSetup(t)
	bin := filepath.Join(t.TempDir(), "static")
	if out, err := exec.Command("nvcc", "-arch=sm_75", "-o", bin, filepath.Join("testdata", "cuda", "vecadd.cu")).CombinedOutput(); err != nil {
		t.Fatalf("nvcc: %v\n%s", err, out)
	}
	r := runExec(t, nil, bin)
	want := "has the CUDA runtime linked in statically (nvcc's default); rebuild it with nvcc --cudart shared"
	if r.code != exitUsage || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestExecPanicRecovered makes cudaMalloc panic inside the library (the
// test hook of cuda.Options): the program must get cudaErrorUnknown and a
// message, and keep running to its own error handling.
func TestExecPanicRecovered(t *testing.T) {
	f := cudaSetup(t)
	opts := cuda.DefaultOptions()
	opts.TestPanic = "cudaMalloc"
	opts.Report = filepath.Join(t.TempDir(), "report.txt")
	cmd := exec.Command(filepath.Join(f.dir, "vecadd"))
	cmd.Env = append(os.Environ(), cuda.EnvOptions+"="+opts.Encode(), "LD_LIBRARY_PATH="+f.lib)
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	err := cmd.Run()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 1 {
		t.Fatalf("want the program's own exit status 1, got %v\nstdout:\n%s\nstderr:\n%s", err, so.String(), se.String())
	}
	if !strings.Contains(so.String(), "FAIL: ") || !strings.Contains(so.String(), "cudaErrorUnknown") {
		t.Errorf("program did not see cudaErrorUnknown:\n%s", so.String())
	}
	if !strings.Contains(se.String(), "gpusim: internal error in cudaMalloc: test panic in cudaMalloc (please report this gpusim bug)") {
		t.Errorf("no message for the panic:\n%s", se.String())
	}
	if _, err := os.Stat(opts.Report); err != nil {
		t.Errorf("no report after the panic: %v", err)
	}
}

// TestLibrarySymbols checks the built library the way the dynamic loader
// sees it: its soname, the symbol version node nvcc-built programs ask for,
// and every function of NVIDIA's runtime exported under it.
func TestLibrarySymbols(t *testing.T) {
	f := cudaSetup(t)
	names, err := os.ReadFile(filepath.Join("..", "libcudart", "testdata", "symbols11.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, fl := range libFlavours() {
		ef, err := elf.Open(filepath.Join(f.lib, fl.soname))
		if err != nil {
			t.Fatal(err)
		}
		sonames, err := ef.DynString(elf.DT_SONAME)
		if err != nil || len(sonames) != 1 || sonames[0] != fl.soname {
			t.Errorf("%s: soname %v (%v)", fl.soname, sonames, err)
		}
		syms, err := ef.DynamicSymbols()
		if err != nil {
			t.Fatal(err)
		}
		version := map[string]string{}
		for _, s := range syms {
			if s.Section != elf.SHN_UNDEF {
				version[s.Name] = s.Version
			}
		}
		for _, n := range strings.Split(string(names), "\n") {
			if n == "" || strings.HasPrefix(n, "#") {
				continue
			}
			if v, ok := version[n]; !ok || v != fl.soname {
				t.Errorf("%s: %s exported %v with version %q, want %q", fl.soname, n, ok, v, fl.soname)
			}
		}
		ef.Close()
	}
}

// TestExecRejectsNonCUDA runs exec on an ELF program without the CUDA
// runtime (this test binary): a usage error naming the fix. No nvcc needed.
func TestExecRejectsNonCUDA(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := runExec(t, nil, self)
	want := "does not load libcudart.so; gpusim exec runs programs built with nvcc --cudart shared"
	if r.code != exitUsage || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}

// TestExecPTXDir writes the modules' PTX with -ptx-dir and checks that the
// fault report's position points at the faulting store in that file.
func TestExecPTXDir(t *testing.T) {
	f := cudaSetup(t)
	dir := filepath.Join(t.TempDir(), "ptx")
	r := runExec(t, []string{"-mode", "functional", "-ptx-dir", dir}, filepath.Join(f.dir, "oob"))
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	path := filepath.Join(dir, "oob.1.compute_75.ptx")
	m := regexp.MustCompile(regexp.QuoteMeta(path) + `:(\d+):\d+: st\.global\.u32: out-of-range`).FindStringSubmatch(r.stderr)
	if m == nil {
		t.Fatalf("fault report does not name %s:\n%s", path, r.stderr)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var line int
	fmt.Sscan(m[1], &line)
	lines := strings.Split(string(src), "\n")
	if line < 1 || line > len(lines) || !strings.Contains(lines[line-1], "st.global.u32") {
		t.Errorf("line %d of %s is not the store: %q", line, path, lines[min(max(line-1, 0), len(lines)-1)])
	}
}

// cuda12Prog is a C program that calls the CUDA 12 entry points the way a
// CUDA 12 build does (cudaGetDeviceProperties is cudaGetDeviceProperties_v2
// there, with a 1032-byte struct). Linked against the libcudart.so.12
// flavour it asks the loader for that library's version node.
const cuda12Prog = `#include <stdio.h>
#include <string.h>
int cudaRuntimeGetVersion(int *);
int cudaGetDeviceProperties_v2(void *, int);
int cudaMalloc(void **, size_t);
int cudaFree(void *);
int main(void)
{
	unsigned char prop[1032 + 16];
	int v = 0;
	void *p = 0;
	memset(prop, 0xff, sizeof prop);
	if (cudaRuntimeGetVersion(&v) || v < 12000) { printf("FAIL: version %d\n", v); return 1; }
	if (cudaGetDeviceProperties_v2(prop, 0)) { printf("FAIL: properties\n"); return 1; }
	if (strstr((char *)prop, "RTX 2060") == NULL) { printf("FAIL: name %.40s\n", prop); return 1; }
	for (int i = 728; i < 1032; i++)
		if (prop[i] != 0) { printf("FAIL: byte %d of the CUDA 12 struct is %d\n", i, prop[i]); return 1; }
	for (int i = 1032; i < 1048; i++)
		if (prop[i] != 0xff) { printf("FAIL: wrote past the struct at %d\n", i); return 1; }
	if (cudaMalloc(&p, 64) || cudaFree(p)) { printf("FAIL: malloc\n"); return 1; }
	printf("PASS\n");
	return 0;
}
`

// TestLibraryCUDA12 links a C program against the libcudart.so.12 flavour
// (no CUDA 12 toolkit is needed) and runs it: the loader must accept the
// version node, and CUDA 12's properties call must fill its larger struct.
func TestLibraryCUDA12(t *testing.T) {
	f := cudaSetup(t)
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	src, bin := filepath.Join(dir, "p.c"), filepath.Join(dir, "p")
	if err := os.WriteFile(src, []byte(cuda12Prog), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(cc, "-o", bin, src, "-L", f.lib, "-l:libcudart.so.12").CombinedOutput(); err != nil {
		t.Fatalf("cc: %v\n%s", err, out)
	}
	ef, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	syms, _ := ef.ImportedSymbols()
	ef.Close()
	found := false
	for _, s := range syms {
		if s.Name == "cudaMalloc" {
			found = s.Version == "libcudart.so.12" && s.Library == "libcudart.so.12"
		}
	}
	if !found {
		t.Errorf("the program does not import cudaMalloc from libcudart.so.12 at version libcudart.so.12: %v", syms)
	}
	r := runExec(t, nil, bin)
	if r.code != 0 || !strings.Contains(r.stdout, "PASS") {
		t.Errorf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
