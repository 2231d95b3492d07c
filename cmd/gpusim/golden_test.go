package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestGoldenReports runs every bundled sample (each launch file under
// traces/samples, PTX and AMD) in timing and functional mode through the
// command line and compares the text report, the JSON report (without
// wall-clock figures) and a SHA-256 of every output buffer with the files
// under testdata/golden. A change that moves a cycle or a bit fails here;
// `go test ./cmd/gpusim -run TestGoldenReports -update` rewrites them, and
// the commit that does so says why.
func TestGoldenReports(t *testing.T) {
	for _, sm := range goldenSamples(t) {
		for _, mode := range []string{"timing", "functional"} {
			t.Run(sm.name+"/"+mode, func(t *testing.T) { checkGolden(t, sm, mode, 1) })
		}
	}
}

// TestParallelMatchesGolden runs every sample in timing mode on the
// parallel clock with 2 and 7 workers (more than this machine's cores:
// the workers then also wait for the scheduler) and requires the golden
// records of the single-threaded clock, byte for byte.
func TestParallelMatchesGolden(t *testing.T) {
	if *update {
		t.Skip("-update writes the golden files from one worker")
	}
	for _, sm := range goldenSamples(t) {
		for _, j := range []int{2, 7} {
			t.Run(fmt.Sprintf("%s/j%d", sm.name, j), func(t *testing.T) {
				t.Parallel()
				checkGolden(t, sm, "timing", j)
			})
		}
	}
}

// goldenSample is one bundled sample: its name, trace and machine.
type goldenSample struct{ name, trace, cfg string }

// goldenSamples lists every launch file under traces/samples, PTX and AMD.
func goldenSamples(t *testing.T) []goldenSample {
	t.Helper()
	var launches []string
	for _, pat := range []string{"*.launch.toml", "amd/*.launch.toml"} {
		m, err := filepath.Glob(filepath.Join("..", "..", "traces", "samples", pat))
		if err != nil {
			t.Fatal(err)
		}
		launches = append(launches, m...)
	}
	sort.Strings(launches)
	if len(launches) < 30 {
		t.Fatalf("found only %d sample launch files", len(launches))
	}
	var out []goldenSample
	for _, launch := range launches {
		name := strings.TrimSuffix(filepath.Base(launch), ".launch.toml")
		trace, cfg := strings.TrimSuffix(launch, ".launch.toml")+".ptx", "sm_75"
		if m := amdTarget.FindString(name); m != "" {
			trace, cfg = strings.TrimSuffix(launch, ".launch.toml")+".s", m
		}
		if m := nvTarget.FindStringSubmatch(name); m != nil {
			cfg = "sm_" + m[1] // gemm_wmma_sm80 runs on sm_80
		}
		out = append(out, goldenSample{name, trace, cfg})
	}
	return out
}

// checkGolden runs sample sm in mode on workers goroutines and compares
// its record with the golden file (writes it with -update).
func checkGolden(t *testing.T, sm goldenSample, mode string, workers int) {
	got := goldenRun(t, sm.trace, sm.cfg, mode, workers)
	path := filepath.Join("testdata", "golden", sm.name+"."+mode+".txt")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (%d workers); first difference:\n%s", path, workers, firstDiff(want, got))
	}
}

// amdTarget finds the AMD preset in a sample's name (div_gfx1100w64: gfx1100).
var amdTarget = regexp.MustCompile(`gfx[0-9]+a?`)

// nvTarget finds an NVIDIA preset other than sm_75 in a sample's name
// (gemm_wmma_sm80: sm_80).
var nvTarget = regexp.MustCompile(`_sm([0-9]+)$`)

// goldenRun runs one sample and returns its golden record: the text report,
// the JSON report and one hash line per output buffer.
func goldenRun(t *testing.T, trace, cfg, mode string, workers int) []byte {
	t.Helper()
	out := t.TempDir()
	jsonPath := filepath.Join(out, "report.json")
	var so, se bytes.Buffer
	args := []string{"-config", cfg, "-mode", mode, "-j", fmt.Sprint(workers), "-out", out, "-json", jsonPath, "-no-wall-time", trace}
	if code := run(args, &so, &se); code != 0 {
		t.Fatalf("exit %d: %s", code, se.String())
	}
	js, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	b.WriteString("== text report\n")
	b.WriteString(strings.ReplaceAll(so.String(), out, "OUT"))
	b.WriteString("== json report\n")
	b.Write(bytes.ReplaceAll(js, []byte(out), []byte("OUT")))
	b.WriteString("\n== output buffers (sha256)\n")
	ents, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".out.bin") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(out, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %d %x\n", e.Name(), len(data), sha256.Sum256(data))
		n++
	}
	if n == 0 {
		t.Fatal("no output buffers written")
	}
	return b.Bytes()
}

// firstDiff shows the first differing line of two texts, with its number.
func firstDiff(want, got []byte) string {
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d\nwant: %s\ngot:  %s", i+1, w, g)
		}
	}
	return "(equal lines, different bytes)"
}
