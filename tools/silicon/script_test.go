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
// the error; bin keeps the prepared binaries between rehearsals.
func rehearse(t *testing.T, bin string, env []string, mode ...string) (string, string, error) {
	t.Helper()
	for _, tool := range []string{"bash", "tar", "gzip"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
	if testing.Short() {
		t.Skip("rehearses the whole device run; skipped with -short")
	}
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

// The whole device run, rehearsed: run.sh builds with the real nvcc (where
// this machine has one), runs every step against the stand-in GPU and
// Nsight Compute, and brings back five well-formed files; with the device's
// nvcc broken it falls back to the carried binaries; with the full capture
// dying part way it still brings back the summary of what arrived and every
// later step's results.
func TestRehearsal(t *testing.T) {
	bin := t.TempDir()
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
	sass := strings.Join(tarList(t, filepath.Join(out, "sass.tar.gz")), " ")
	if !strings.Contains(sass, "sass/capture.sass") || !strings.Contains(sass, "sass/vecadd.sass") {
		t.Errorf("sass.tar.gz holds %s", sass)
	}

	// timing.json: both modules of every sample, each with its ncu row and
	// event times, and the microbenchmark kernels told apart.
	tm, err := ReadTiming(filepath.Join(out, "timing.json"))
	if err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob("../../traces/samples/*.launch.toml")
	if len(tm.Samples) != 2*len(names) || len(tm.Errors) != 0 {
		t.Errorf("timing: %d sample timings for %d samples; errors %q", len(tm.Samples), len(names), tm.Errors)
	}
	for _, s := range tm.Samples {
		if s.NCU == nil || s.NCU.Cycles <= 0 || len(s.EventMS) != 5 || len(s.NCU.Stalls) == 0 {
			t.Errorf("timing: %s %s: ncu %+v, events %v", s.Sample, s.Variant, s.NCU, s.EventMS)
		}
	}
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

	// The device's nvcc fails: the carried binaries run instead.
	out2, log2, err := rehearse(t, bin, []string{"SILICON_FORMS=3,9,33"}, "fallback")
	if err != nil {
		t.Fatalf("rehearse.sh fallback: %v\n%s", err, log2)
	}
	checkOut(t, out2, log2, true, false)
	if !strings.Contains(log2, "CUDA programs: the carried binaries") || !strings.Contains(log2, "done (exit 0)") {
		t.Errorf("fallback run:\n%s", log2)
	}

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
