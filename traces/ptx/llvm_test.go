package ptx

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPTXRegenerate runs testdata/ptx/regen.sh with the installed clang-19
// in a scratch folder and parses what it writes: the front end must accept
// the compiler's current output, not only the committed copy. Skipped when
// clang-19 is absent or with -short.
func TestPTXRegenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	if _, err := exec.LookPath("clang-19"); err != nil {
		t.Skip("clang-19 not installed")
	}
	dir := t.TempDir()
	srcs, err := filepath.Glob("../testdata/ptx/*.cu")
	if err != nil || len(srcs) == 0 {
		t.Fatal("no CUDA sources", err)
	}
	for _, f := range append(srcs, "../testdata/ptx/prelude.h", "../testdata/ptx/regen.sh") {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("sh", filepath.Join(dir, "regen.sh"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("regen.sh: %v\n%s", err, out)
	}
	outs, _ := filepath.Glob(filepath.Join(dir, "*.ptx"))
	if len(outs) < len(srcs) {
		t.Fatalf("regen.sh wrote %d files for %d sources", len(outs), len(srcs))
	}
	for _, f := range outs {
		p := parseFile(t, f)
		for _, k := range p.Kernels {
			if err := checkKernel(k); err != nil {
				t.Errorf("%s: kernel %s: %v", f, k.Name, err)
			}
		}
		committed, err := os.ReadFile(filepath.Join("../testdata/ptx", filepath.Base(f)))
		if err != nil {
			t.Errorf("%s is not committed: run testdata/ptx/regen.sh", filepath.Base(f))
			continue
		}
		fresh, _ := os.ReadFile(f)
		if !bytes.Equal(fresh, committed) {
			t.Logf("%s differs from the committed copy (another clang-19 build?)", filepath.Base(f))
		}
	}
}
