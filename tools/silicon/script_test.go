package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// tarList lists an archive's regular files.
func tarList(t *testing.T, path string) []string {
	t.Helper()
	out, err := exec.Command("tar", "-tf", path).Output()
	if err != nil {
		t.Fatalf("tar -tf %s: %v", path, err)
	}
	var files []string
	for _, f := range strings.Fields(string(out)) {
		if !strings.HasSuffix(f, "/") {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	return files
}

// rehearse runs rehearse.sh into a fresh folder and returns it, the log and
// the error; bin holds the prepared binaries (preparedBin).
func rehearse(t *testing.T, bin string, env []string, mode ...string) (string, string, error) {
	t.Helper()
	out := t.TempDir()
	cmd := exec.Command("bash", append([]string{"rehearse.sh", out}, mode...)...)
	cmd.Env = append(append(os.Environ(), "REHEARSE_BIN_DIR="+bin), env...)
	log, err := cmd.CombinedOutput()
	return out, string(log), err
}

// checkOut checks what a device run leaves in $OUT: at most eight files,
// none over 16 MiB (larger ones would not come back): run.sh's summary.json,
// timing.json and logs.tar.gz, tables.tar and records.tar when a table and a
// records file were completed, sass.tar.gz unless the dump was skipped, and
// run.log.
func checkOut(t *testing.T, out, log string, tables, sass bool) {
	t.Helper()
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
		if st, err := e.Info(); err != nil || st.Size() > 16<<20 {
			t.Errorf("%s: %v, %d bytes (at most 16 MiB come back)", e.Name(), err, st.Size())
		}
	}
	want := []string{"logs.tar.gz", "run.log", "summary.json", "timing.json"}
	if tables {
		want = append(want, "records.tar", "tables.tar")
	}
	if sass {
		want = append(want, "sass.tar.gz")
	}
	sort.Strings(want)
	if strings.Join(names, " ") != strings.Join(want, " ") || len(names) > 8 {
		t.Errorf("$OUT holds %v, want %v\n%s", names, want, log)
	}
}

// The whole device run, rehearsed four times at once on the shared
// preparation (preparedBin): run.sh builds with the real nvcc (where this
// machine has one), runs every step against the stand-in GPU and Nsight
// Compute, and brings back its seven files, well-formed; with the device's
// nvcc broken it falls back to the carried binaries; with the full capture
// dying part way it still brings back the summary of what arrived and every
// later step's results; on an sm_75 GPU it leaves out what needs a newer
// one.
func TestRehearsal(t *testing.T) {
	needTools(t, "bash", "tar", "gzip")
	if testing.Short() {
		t.Skip("rehearses the whole device run; skipped with -short")
	}
	startPreparation(t)
	t.Parallel()
	samples, err := writeSampleManifests("../../traces/samples", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// The rehearsals share only the prepared binaries (read-only). The
	// device's own nvcc build needs only the carried comparer (the carried
	// CUDA programs are its fallback), so it starts while they build.
	t.Run("device", func(t *testing.T) {
		t.Parallel()
		bin := preparedComparer(t)
		out, log, err := rehearse(t, bin, nil)
		if err != nil {
			t.Fatalf("rehearse.sh: %v\n%s", err, log)
		}
		checkOut(t, out, log, true, true)
		for _, s := range []string{"comparer self-test passed", "smoke run: capture exit 0, compare exit 0",
			"full run: capture exit 0, compare exit 0", "done (exit 0)"} {
			if !strings.Contains(log, s) {
				t.Errorf("run.log lacks %q:\n%s", s, log)
			}
		}
		if _, err := exec.LookPath("nvcc"); err == nil && !strings.Contains(log, "CUDA programs: this machine's nvcc") {
			t.Errorf("the run did not build with nvcc:\n%s", log)
		}

		// summary.json: every compared element matches (the stand-in follows the
		// models), no record came back with a foreign input, and the tensor
		// forms name the stand-in's hypothesis.
		sum, err := ReadSummary(filepath.Join(out, "summary.json"))
		if err != nil {
			t.Fatal(err)
		}
		if !sum.Stream.Ended || sum.Timing == nil || len(sum.Forms) != numCompared || len(sum.Tensor) != numForms-numCompared {
			t.Fatalf("summary: ended %v timing %v, %d forms, %d tensor", sum.Stream.Ended, sum.Timing, len(sum.Forms), len(sum.Tensor))
		}
		for _, fs := range sum.Forms {
			if fs.Seen == 0 || fs.Mismatches != 0 || fs.InputMismatches != 0 {
				t.Errorf("%s: seen %d, %d mismatches, %d input mismatches", fs.Name, fs.Seen, fs.Mismatches, fs.InputMismatches)
			}
		}
		for _, ts := range sum.Tensor {
			f := &forms[ts.ID]
			if !ts.Complete || ts.Hypotheses[0].Name != syntheticTensorHypothesis || ts.Hypotheses[0].Mismatches != 0 ||
				ts.Layout.Mismatches != 0 || ts.Layout.Outputs == 0 || len(ts.Published) != len(publishedCases(f.mma.Elem)) {
				t.Errorf("%s: complete %v, best %s (%d mismatches), layout %+v, %d published", ts.Name, ts.Complete,
					ts.Hypotheses[0].Name, ts.Hypotheses[0].Mismatches, ts.Layout, len(ts.Published))
			}
		}
		tables := strings.Join(tarList(t, filepath.Join(out, "tables.tar")), " ")
		if want := "tables/ex2_approx_f16.tbl.gz tables/ex2_approx_ftz_bf16.tbl.gz"; tables != want {
			t.Errorf("tables.tar holds %s, want %s", tables, want)
		}
		records := strings.Join(tarList(t, filepath.Join(out, "records.tar")), " ")
		if want := "tables/mma_m16n8k16_f32_bf16.rec.gz tables/mma_m16n8k16_f32_f16.rec.gz " +
			"tables/mma_m16n8k8_f32_f16.rec.gz tables/mma_m16n8k8_f32_tf32.rec.gz"; records != want {
			t.Errorf("records.tar holds %s, want %s", records, want)
		}
		logs := strings.Join(tarList(t, filepath.Join(out, "logs.tar.gz")), " ")
		for _, want := range []string{"logs/machine.txt", "logs/selftest.json", "logs/smoke.json", "logs/nvcc.log",
			"logs/capture.log", "logs/ncu-samples.csv", "logs/ncu-bench.csv", "logs/events.jsonl", "logs/correlation.md"} {
			if !strings.Contains(logs, want) {
				t.Errorf("logs.tar.gz lacks %s (has %s)", want, logs)
			}
		}
		sass := tarList(t, filepath.Join(out, "sass.tar.gz"))
		wantSass := []string{"sass/capture.ptx", "sass/capture.sass"}
		for _, s := range samples {
			wantSass = append(wantSass, "sass/"+s.Name+".sass")
		}
		sort.Strings(wantSass)
		if strings.Join(sass, " ") != strings.Join(wantSass, " ") {
			t.Errorf("sass.tar.gz holds %s, want %s", sass, wantSass)
		}
		if _, err := exec.LookPath("nvcc"); err == nil {
			// What the device's nvcc made: every capture kernel and each
			// sample's kernel, disassembled.
			for _, s := range append([]sampleInfo{{Name: "capture"}}, samples...) {
				text, err := exec.Command("tar", "-xzOf", filepath.Join(out, "sass.tar.gz"), "sass/"+s.Name+".sass").Output()
				f := sassFunctions(string(text))
				if err != nil || s.Name == "capture" && len(f) < 90 || s.Name != "capture" && len(f[s.Kernel]) == 0 {
					t.Errorf("sass/%s.sass (%v): kernels %.200q", s.Name, err, keys(f))
				}
			}
		}

		// timing.json: both modules of every sample (the rehearsal's GPU is an
		// sm_90, which runs every bundled one: its cubin, kernel named as its
		// launch file names it, and its PTX), each with its ncu row and event
		// times, and the microbenchmark kernels told apart.
		tm, err := ReadTiming(filepath.Join(out, "timing.json"))
		if err != nil {
			t.Fatal(err)
		}
		checkSampleTimings(t, tm, samples, 90, true)
		measured := 0
		for _, b := range tm.NCU.Bench {
			if strings.HasPrefix(b.Measures, "latency: ") || strings.HasPrefix(b.Measures, "throughput: ") {
				measured++
			}
		}
		if measured != 2*len(fakeOps) {
			t.Errorf("timing: %d microbenchmark kernels identified, want %d", measured, 2*len(fakeOps))
		}
		if tm.NCU.ClockControl != "base" {
			t.Errorf("timing: clock control %q", tm.NCU.ClockControl)
		}
	})
	t.Run("fallback", func(t *testing.T) {
		t.Parallel()
		bin, _ := preparedBin(t)
		// The device's nvcc fails: the carried binaries run instead.
		out2, log2, err := rehearse(t, bin, []string{"SILICON_FORMS=3,9,33"}, "fallback")
		if err != nil {
			t.Fatalf("rehearse.sh fallback: %v\n%s", err, log2)
		}
		checkOut(t, out2, log2, true, false)
		if !strings.Contains(log2, "CUDA programs: the carried binaries") || !strings.Contains(log2, "done (exit 0)") {
			t.Errorf("fallback run:\n%s", log2)
		}
		// The carried sm_90 cubins and the PTX of every sample ran.
		tm2, err := ReadTiming(filepath.Join(out2, "timing.json"))
		if err != nil {
			t.Fatal(err)
		}
		checkSampleTimings(t, tm2, samples, 90, true)
	})
	t.Run("cut", func(t *testing.T) {
		t.Parallel()
		bin, _ := preparedBin(t)
		// The full capture dies part way: exit status 1, the summary of what
		// arrived, and the timing steps after it all the same.
		out3, log3, err := rehearse(t, bin, []string{"SILICON_FORMS=33,9,3,1"}, "cut")
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("rehearse.sh cut: %v, want exit status 1\n%s", err, log3)
		}
		checkOut(t, out3, log3, false, false)
		sum3, err := ReadSummary(filepath.Join(out3, "summary.json"))
		if err != nil {
			t.Fatal(err)
		}
		if sum3.Stream.Ended || !strings.Contains(sum3.Stream.Error, "truncated") || sum3.Tensor[0].Seen == 0 {
			t.Errorf("cut summary: ended %v, error %q, first tensor form seen %d", sum3.Stream.Ended, sum3.Stream.Error, sum3.Tensor[0].Seen)
		}
		if !strings.Contains(log3, "capture exit 1, compare exit 2") || !strings.Contains(log3, "ncu: microbenchmarks") {
			t.Errorf("cut run does not report both exit statuses and go on:\n%s", log3)
		}
		if _, err := ReadTiming(filepath.Join(out3, "timing.json")); err != nil {
			t.Error(err)
		}
	})
	t.Run("sm75", func(t *testing.T) {
		t.Parallel()
		bin, _ := preparedBin(t)
		// An older GPU, the carried binaries: the capture's sm_75 SASS runs,
		// the form that needs sm_80 is reported and skipped, the samples for
		// sm_80 are left out and the others run from their PTX (the carried
		// cubins are sm_90's: the stand-in GPU would refuse one).
		out, log, err := rehearse(t, bin, []string{"SILICON_FORMS=3,33,36"}, "sm75")
		if err != nil {
			t.Fatalf("rehearse.sh sm75: %v\n%s", err, log)
		}
		checkOut(t, out, log, true, false)
		newer := 0
		for _, s := range samples {
			if s.MinSM > 75 {
				newer++
				if line := "sample " + s.Name + " (" + s.Kernel + ") needs sm_" + strconv.Itoa(s.MinSM) + " or later: left out on sm_75"; !strings.Contains(log, line) {
					t.Errorf("run.log lacks %q", line)
				}
			}
		}
		if newer == 0 || !strings.Contains(log, "CUDA programs: the carried binaries") || !strings.Contains(log, "done (exit 0)") {
			t.Errorf("sm75 run (%d samples for a newer GPU):\n%s", newer, log)
		}
		sum, err := ReadSummary(filepath.Join(out, "summary.json"))
		if err != nil {
			t.Fatal(err)
		}
		skipped := forms[FormMmaF16K16].Name + " needs sm_80, device is sm_75: skipped"
		var dev struct {
			CC string `json:"compute_capability"`
		}
		if err := json.Unmarshal(sum.Capture, &dev); err != nil || dev.CC != "7.5" ||
			strings.Join(sum.Stream.CaptureErrors, "|") != skipped {
			t.Errorf("sm75 summary: capture errors %q, capture %s (%v)", sum.Stream.CaptureErrors, sum.Capture, err)
		}
		for _, ts := range sum.Tensor {
			if ts.Complete != (ts.ID == FormMmaF16K8) {
				t.Errorf("sm75 summary: %s complete %v", ts.Name, ts.Complete)
			}
		}
		tm, err := ReadTiming(filepath.Join(out, "timing.json"))
		if err != nil {
			t.Fatal(err)
		}
		checkSampleTimings(t, tm, samples, 75, false)
	})
}

// checkSampleTimings checks that timing.json holds every sample an sm GPU
// runs (the rehearsal's sm_90 runs every bundled one), each under the kernel
// its launch file names, from its PTX and, with cubins, from its cubin for
// that GPU, each with its ncu row and event times.
func checkSampleTimings(t *testing.T, tm *TimingFile, samples []sampleInfo, sm int, cubins bool) {
	t.Helper()
	var want, got []string
	for _, s := range samples {
		if s.MinSM > sm {
			if sm == 90 {
				t.Fatalf("%s targets sm_%d: this test expects every bundled sample to run on sm_90", s.Name, s.MinSM)
			}
			continue
		}
		if cubins {
			want = append(want, s.Name+" "+s.Kernel+" nvcc-sm_"+strconv.Itoa(sm))
		}
		want = append(want, s.Name+" "+s.Kernel+" ptx-jit")
	}
	for _, s := range tm.Samples {
		got = append(got, s.Sample+" "+s.Kernel+" "+s.Variant)
		if s.NCU == nil || s.NCU.Cycles <= 0 || len(s.EventMS) != 5 || len(s.NCU.Stalls) == 0 {
			t.Errorf("timing: %s %s: ncu %+v, events %v", s.Sample, s.Variant, s.NCU, s.EventMS)
		}
	}
	if strings.Join(got, ", ") != strings.Join(want, ", ") || len(tm.Errors) != 0 {
		t.Errorf("timing: %d sample timings %q for %d samples, want %q; errors %q", len(got), got, len(samples), want, tm.Errors)
	}
}

// run.sh asks ncu for the sections and metrics timing.json records.
func TestRunScriptNcuSettings(t *testing.T) {
	src := readSource(t, "run.sh")
	m := regexp.MustCompile(`(?m)^ncu_metrics=(\S+)$`).FindStringSubmatch(src)
	if m == nil || m[1] != strings.Join(ncuMetrics, ",") {
		t.Errorf("run.sh ncu_metrics %v, timing.go %v", m, ncuMetrics)
	}
	secs := regexp.MustCompile(`--section (\w+)`).FindAllStringSubmatch(src, -1)
	var got []string
	for _, s := range secs {
		got = append(got, s[1])
	}
	if strings.Join(got, ",") != strings.Join(ncuSections, ",") {
		t.Errorf("run.sh sections %v, timing.go %v", got, ncuSections)
	}
	if !strings.Contains(src, "--clock-control base") {
		t.Error("run.sh does not state --clock-control base")
	}
}

// `silicon samples` writes a manifest for every bundled sample and
// samples.list names each with the kernel its launch file launches and the
// architecture its PTX targets (read here from the files themselves); the
// stand-in sample driver accepts every manifest and refuses damaged ones.
func TestSampleManifests(t *testing.T) {
	dir := t.TempDir()
	samples, err := writeSampleManifests("../../traces/samples", dir)
	if err != nil {
		t.Fatal(err)
	}
	launches, _ := filepath.Glob("../../traces/samples/*.launch.toml")
	if len(samples) != len(launches) {
		t.Fatalf("%d manifests for %d launch files", len(samples), len(launches))
	}
	kernelLine := regexp.MustCompile(`(?m)^kernel\s*=\s*"(\w+)"`)
	targetLine := regexp.MustCompile(`(?m)^\.target sm_(\d+)`)
	var list strings.Builder
	renamed, newer := 0, 0
	for i, s := range samples {
		if want := strings.TrimSuffix(filepath.Base(launches[i]), ".launch.toml"); s.Name != want {
			t.Errorf("sample %d is %s, want %s (sorted by name)", i, s.Name, want)
		}
		k := kernelLine.FindStringSubmatch(readSource(t, launches[i]))
		ptx := readSource(t, "../../traces/samples/"+s.Name+".ptx")
		sm := targetLine.FindStringSubmatch(ptx)
		if k == nil || sm == nil {
			t.Fatalf("%s: no kernel line in the launch file or no .target in the PTX", s.Name)
		}
		if s.Kernel != k[1] || strconv.Itoa(s.MinSM) != sm[1] || s.Target != "sm_"+sm[1] || !strings.Contains(ptx, ".entry "+s.Kernel+"(") {
			t.Errorf("%s: kernel %s, target %s (sm %d); the launch file names %s, the PTX targets sm_%s",
				s.Name, s.Kernel, s.Target, s.MinSM, k[1], sm[1])
		}
		if s.Kernel != s.Name {
			renamed++
		}
		if s.MinSM > 75 {
			newer++
		}
		fmt.Fprintf(&list, "%s %s %s\n", s.Name, k[1], sm[1])
		m, err := parseManifest(filepath.Join(dir, s.Name+".manifest"))
		if err != nil {
			t.Fatal(err)
		}
		if m.sample != s.Name || m.kernel != s.Kernel || m.grid[0] == 0 || m.block[0] == 0 || m.params == 0 {
			t.Errorf("%s: %+v", s.Name, m)
		}
		line, err := fakeSample(filepath.Join(dir, s.Name+".manifest"), "../../traces/samples/"+s.Name+".ptx", 2)
		var d drvLine
		if err != nil || json.Unmarshal([]byte(line), &d) != nil || d.Sample != s.Name || d.Kernel != s.Kernel ||
			len(d.EventMS) != 2 || d.Variant != "ptx-jit" {
			t.Errorf("%s: %v %s", s.Name, err, line)
		}
	}
	// The bundled samples include kernels named apart from their sample and
	// samples for a newer architecture than sm_75 (the gemm_*_sm80 ones):
	// what this test is for.
	if renamed == 0 || newer == 0 {
		t.Errorf("%d samples whose kernel is not the sample's name, %d for a target after sm_75; want some of each", renamed, newer)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "samples.list")); err != nil || string(b) != list.String() {
		t.Errorf("samples.list (%v):\n%s\nwant:\n%s", err, b, list.String())
	}
	// vecadd's n (1,000,000) sits after its three pointers, little-endian.
	b, err := os.ReadFile(filepath.Join(dir, "vecadd.manifest"))
	if err != nil || !strings.Contains(string(b), "bytes 24 40420f00") || !strings.Contains(string(b), "param 0 buffer a") ||
		!strings.Contains(string(b), "buffer c 4000000 -") {
		t.Errorf("vecadd manifest (%v):\n%s", err, b)
	}
	for _, c := range []struct{ edit, want string }{
		{"grid 1 1\n", "cannot read"}, {"param 100 buffer a\n", "cannot read"}, {"param 0 buffer zz\n", "cannot read"},
		{"frobnicate\n", "cannot read"}, {"buffer a 5 vecadd.a.bin\n", "buffer file"},
	} {
		path := filepath.Join(dir, "bad.manifest")
		if err := os.WriteFile(path, append(append([]byte(nil), b...), c.edit...), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := parseManifest(path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.edit, err, c.want)
		}
	}
}

// A PTX .target names the oldest GPU that runs the module: sm_NN, and the
// architecture-specific and family forms sm_NNa and sm_NNNf; anything else
// is refused.
func TestTargetSM(t *testing.T) {
	for target, want := range map[string]int{"sm_75": 75, "sm_80": 80, "sm_90a": 90, "sm_100f": 100, "sm_120a": 120, "sm_20": 20} {
		if got, ok := targetSM(target); !ok || got != want {
			t.Errorf("targetSM(%q) = %d, %v; want %d", target, got, ok, want)
		}
	}
	for _, bad := range []string{"", "sm_", "sm_a", "sm_8", "sm_080", "sm_90af", "sm_90aa", "compute_80", "gfx1100", "sm_8x0", "sm_+80", "sm_-80"} {
		if got, ok := targetSM(bad); ok {
			t.Errorf("targetSM(%q) = %d, accepted", bad, got)
		}
	}
}

// run.sh build compiles the CUDA source of each sample of samples.list for
// the first -gencode's architecture, into samples/sm_NN/, only when that is
// at least the sample's minimum SM, and says which it left out; it refuses
// a -gencode list that names no architecture. (With the stand-in nvcc,
// which writes placeholders: which compilations run is what is checked
// here; TestCaptureCompilesWithNvcc checks what the real one makes.)
func TestBuildSelectsSamples(t *testing.T) {
	needTools(t, "bash")
	man := t.TempDir()
	samples, err := writeSampleManifests("../../traces/samples", man)
	if err != nil {
		t.Fatal(err)
	}
	nvcc, err := filepath.Abs("testdata/fake/nvcc")
	if err != nil {
		t.Fatal(err)
	}
	build := func(dest string, gencode ...string) (string, error) {
		cmd := exec.Command("bash", append([]string{"run.sh", "build", dest, filepath.Join(man, "samples.list")}, gencode...)...)
		cmd.Env = append(os.Environ(), "NVCC="+nvcc)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, sm := range []int{75, 80, 90} {
		dest := t.TempDir()
		arch := strconv.Itoa(sm)
		log, err := build(dest, "-gencode", "arch=compute_"+arch+",code=[sm_"+arch+",compute_"+arch+"]",
			"-gencode", "arch=compute_75,code=sm_75")
		if err != nil {
			t.Fatalf("sm_%d: run.sh build: %v\n%s", sm, err, log)
		}
		var want, got []string
		for _, s := range samples {
			skip := "build_cuda: " + s.Name + ".cu (" + s.Kernel + ") needs sm_" + strconv.Itoa(s.MinSM) + " or later: not built for sm_" + arch
			if s.MinSM <= sm {
				want = append(want, s.Name+".cubin")
			} else if !strings.Contains(log, skip) {
				t.Errorf("sm_%d: the log lacks %q:\n%s", sm, skip, log)
			}
		}
		cubins, _ := filepath.Glob(filepath.Join(dest, "samples", "*", "*.cubin"))
		for _, c := range cubins {
			if filepath.Base(filepath.Dir(c)) != "sm_"+arch {
				t.Errorf("sm_%d: %s", sm, c)
			}
			got = append(got, filepath.Base(c))
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("sm_%d: cubins %v, want %v", sm, got, want)
		}
		for _, prog := range []string{"capture", "sampledrv"} {
			if _, err := os.Stat(filepath.Join(dest, prog)); err != nil {
				t.Errorf("sm_%d: %v", sm, err)
			}
		}
	}
	if log, err := build(t.TempDir(), "-arch", "sm_90"); err == nil || !strings.Contains(log, "no -gencode arch=compute_NN") {
		t.Errorf("run.sh build -arch sm_90: %v\n%s", err, log)
	}
}
