package amdgpu

import (
	"github.com/gpusim/gpusim/traces"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// amdProbeTargets are the processors the spelling table is probed on, one
// per target class.
var amdProbeTargets = [...]struct {
	name  string
	class traces.AMDTargetSet
}{{"gfx90a", traces.AMDT90a}, {"gfx942", traces.AMDT942}, {"gfx1030", traces.AMDT1030}, {"gfx1100", traces.AMDT1100}, {"gfx1200", traces.AMDT1200}}

// TestAMDParseLLVM compiles testdata/amdgpu/corpus.cl for every target
// with clang-19 (when installed) and parses the result, so that a newer
// LLVM's output is checked too; the committed corpus_*.s files are parsed
// by TestAMDCorpus whether or not LLVM is present.
func TestAMDParseLLVM(t *testing.T) {
	clang, err := exec.LookPath("clang-19")
	if err != nil {
		t.Skip("clang-19 not installed")
	}
	dir := t.TempDir()
	for _, pt := range amdProbeTargets {
		for _, wave := range []string{"", "-mwavefrontsize64"} {
			if wave != "" && pt.class&(traces.AMDT90a|traces.AMDT942) != 0 {
				continue
			}
			out := filepath.Join(dir, pt.name+wave+".s")
			cmd := exec.Command(clang, "-target", "amdgcn-amd-amdhsa", "-mcpu="+pt.name, "-nogpulib", "-O2", "-S",
				"-cl-fp32-correctly-rounded-divide-sqrt", "-I", "../samples/amd", "../testdata/amdgpu/corpus.cl", "-o", out)
			if wave != "" {
				cmd.Args = append(cmd.Args, wave)
			}
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("clang: %v\n%s", err, msg)
			}
			src, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := Parse(out, src)
			if err != nil {
				t.Errorf("%s%s: %v", pt.name, wave, err)
				continue
			}
			if len(prog.Kernels) == 0 {
				t.Errorf("%s%s: no kernels", pt.name, wave)
			}
		}
	}
}

// TestAMDCorpus parses the committed corpus (testdata/amdgpu/corpus_*.s).
func TestAMDCorpus(t *testing.T) {
	files, _ := filepath.Glob("../testdata/amdgpu/corpus_*.s")
	if len(files) == 0 {
		t.Fatal("no corpus files")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := Parse(f, src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		for _, k := range prog.Kernels {
			if len(k.Code) == 0 || k.AMD == nil {
				t.Errorf("%s: kernel %s is empty", f, k.Name)
			}
		}
	}
}
