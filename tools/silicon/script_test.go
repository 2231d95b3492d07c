package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// fakeNvcc stands in for nvcc: -o FILE of capture.cu becomes a program that
// runs CAPTURE (a shell snippet: "$SILICON_BIN" is the comparer, "$*" the
// capture's arguments); --version prints a line.
const fakeNvcc = `#!/bin/sh
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --version) echo "fake nvcc for the run.sh test"; exit 0 ;;
    -o) out=$2; shift ;;
  esac
  shift
done
printf '#!/bin/bash\necho "fake capture $*" >&2\nSILICON_BIN="%s"\n%s\n' "$SILICON_BIN" "$FAKE_CAPTURE" >"$out"
chmod +x "$out"
`

const fakeNvidiaSmi = `#!/bin/sh
echo "fake nvidia-smi $*"
`

const fakeCuobjdump = `#!/bin/sh
echo "fake cuobjdump $*"
`

// runScript runs run.sh with stand-in nvcc, nvidia-smi and cuobjdump whose
// capture program is the shell snippet capture. It returns $OUT, the
// script's output and its error.
func runScript(t *testing.T, capture string) (string, string, error) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	if testing.Short() {
		t.Skip("builds the comparer; skipped with -short")
	}
	dir := t.TempDir()
	fake := filepath.Join(dir, "fakebin")
	if err := os.Mkdir(fake, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"nvcc": fakeNvcc, "nvidia-smi": fakeNvidiaSmi, "cuobjdump": fakeCuobjdump} {
		if err := os.WriteFile(filepath.Join(fake, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "silicon")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out := filepath.Join(dir, "out")
	cmd := exec.Command("bash", "run.sh")
	cmd.Env = append(os.Environ(), "PATH="+fake+string(os.PathListSeparator)+os.Getenv("PATH"),
		"OUT="+out, "SILICON_BIN="+bin, "SM=90", "NVCC="+filepath.Join(fake, "nvcc"), "FAKE_CAPTURE="+capture)
	log, err := cmd.CombinedOutput()
	return out, string(log), err
}

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

// run.sh goes through all its steps without a GPU when its "capture" sends
// the synthetic stream, and packs its results into the few files that come
// back from a device machine's $OUT.
func TestRunScriptWithFakeToolkit(t *testing.T) {
	out, log, err := runScript(t, `exec "$SILICON_BIN" -emit`)
	if err != nil {
		t.Fatalf("run.sh: %v\n%s", err, log)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	// At most eight files come back from a device machine's $OUT.
	if want := "capture.sass.gz logs.tar.gz selftest.json smoke.json summary.json tables.tar"; strings.Join(names, " ") != want {
		t.Errorf("$OUT holds %v, want %s\n%s", names, want, log)
	}
	logs := strings.Join(tarList(t, filepath.Join(out, "logs.tar.gz")), " ")
	want := "logs/capture.log logs/capture.ptx logs/compare.log logs/machine.txt logs/nvcc.log logs/nvcc.txt " +
		"logs/nvidia-smi.txt logs/selftest.log logs/smoke-capture.log logs/smoke-compare.log"
	if logs != want {
		t.Errorf("logs.tar.gz holds %s, want %s", logs, want)
	}
	tables := strings.Join(tarList(t, filepath.Join(out, "tables.tar")), " ")
	want = "tables/ex2_approx_f16.tbl.gz tables/ex2_approx_ftz_bf16.tbl.gz tables/rcp_approx_ftz_f64.tbl.gz"
	if tables != want {
		t.Errorf("tables.tar holds %s, want %s", tables, want)
	}
	sum, err := ReadSummary(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if sum.Timing == nil || !sum.Stream.Ended {
		t.Errorf("summary: timing %v, ended %v", sum.Timing, sum.Stream.Ended)
	}
	if !strings.Contains(log, "done (exit 0)") {
		t.Errorf("run.sh output lacks its closing line:\n%s", log)
	}
}

// A full capture that dies part way: exit status 1, and the summary of what
// arrived and the tables it completed still come back.
func TestRunScriptCaptureCutShort(t *testing.T) {
	capture := `case "$*" in *max-chunks*) exec "$SILICON_BIN" -emit ;; esac
"$SILICON_BIN" -emit | head -c 3000000
exit 1`
	out, log, err := runScript(t, capture)
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("run.sh: %v, want exit status 1\n%s", err, log)
	}
	sum, err := ReadSummary(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if sum.Stream.Ended || !strings.Contains(sum.Stream.Error, "truncated") {
		t.Errorf("summary: ended %v, error %q; want a truncated stream", sum.Stream.Ended, sum.Stream.Error)
	}
	if !sum.Forms[FormEx2F16-1].Complete || sum.Forms[FormRcp64HLoNoise-1].Seen != 0 {
		t.Errorf("the cut stream's summary: f16 complete %v, RCP64H noise seen %d",
			sum.Forms[FormEx2F16-1].Complete, sum.Forms[FormRcp64HLoNoise-1].Seen)
	}
	tables := strings.Join(tarList(t, filepath.Join(out, "tables.tar")), " ")
	if want := "tables/ex2_approx_f16.tbl.gz tables/ex2_approx_ftz_bf16.tbl.gz"; tables != want {
		t.Errorf("tables.tar holds %s, want %s", tables, want)
	}
	if !strings.Contains(log, "capture exit 1, compare exit 2") {
		t.Errorf("run.sh output does not report both exit statuses:\n%s", log)
	}
}
