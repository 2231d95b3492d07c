package traces

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// amdProbeTargets are the processors the spelling table is probed on, one
// per target class.
var amdProbeTargets = [...]struct {
	name  string
	class amdTargetSet
}{{"gfx90a", amdT90a}, {"gfx942", amdT942}, {"gfx1030", amdT1030}, {"gfx1100", amdT1100}, {"gfx1200", amdT1200}}

// TestAMDSpellingsLLVM asks llvm-mc-19 which mnemonics each target accepts
// and compares with amdSpellings: a mnemonic alone is "invalid instruction"
// or "not supported on this GPU" where it does not exist, and some other
// error (too few operands) where it does. Skipped without LLVM.
func TestAMDSpellingsLLVM(t *testing.T) {
	mc, err := exec.LookPath("llvm-mc-19")
	if err != nil {
		t.Skip("llvm-mc-19 not installed")
	}
	names := make([]string, len(amdSpellings))
	for i, s := range amdSpellings {
		names[i] = s.name
	}
	re := regexp.MustCompile(`^<stdin>:(\d+):\d+: error: (.*)$`)
	for _, pt := range amdProbeTargets {
		cmd := exec.Command(mc, "-arch=amdgcn", "-mcpu="+pt.name)
		cmd.Stdin = strings.NewReader(strings.Join(names, "\n") + "\n")
		out, _ := cmd.CombinedOutput()
		absent := map[int]bool{}
		for _, line := range strings.Split(string(out), "\n") {
			m := re.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			if strings.Contains(m[2], "not supported on this GPU") || strings.Contains(m[2], "invalid instruction") {
				n, _ := strconv.Atoi(m[1])
				absent[n] = true
			}
		}
		for i, s := range amdSpellings {
			llvm := !absent[i+1]
			ours := s.targets&pt.class != 0
			// gpusim rejects s_waitcnt on GFX12 (the RDNA 4 ISA has only
			// the s_wait_* counters), which llvm-mc-19 still accepts.
			if s.name == "s_waitcnt" && pt.class == amdT1200 {
				ours = true
			}
			if llvm != ours {
				t.Errorf("%s on %s: llvm-mc accepts it: %v, amdSpellings: %v", s.name, pt.name, llvm, ours)
			}
		}
	}
}

// TestAMDOpTable checks the opcode table's consistency: every opcode has a
// spelling, its canonical name is one of them, and names are unique per
// target.
func TestAMDOpTable(t *testing.T) {
	has := map[Opcode]bool{}
	for _, s := range amdSpellings {
		has[s.op] = true
	}
	for o := OpAMDBase; o < numAMDOpcodes; o++ {
		info := AMDOp(o)
		if !has[o] {
			t.Errorf("%s has no spelling", info.Name)
		}
		found := false
		for _, s := range amdSpellings {
			if s.op == o && s.name == info.Name {
				found = true
			}
		}
		if !found {
			t.Errorf("canonical name %s is not a spelling of its opcode", info.Name)
		}
		if o.String() != info.Name || !o.IsAMD() {
			t.Errorf("%d: String %q", o, o.String())
		}
	}
	for _, pt := range amdProbeTargets {
		seen := map[string]Opcode{}
		for _, s := range amdSpellings {
			if s.targets&pt.class == 0 {
				continue
			}
			if prev, dup := seen[s.name]; dup && prev != s.op {
				t.Errorf("%s names two opcodes on %s", s.name, pt.name)
			}
			seen[s.name] = s.op
		}
	}
	if AMDOp(OpAdd) != nil || OpAdd.IsAMD() {
		t.Error("a PTX opcode is described as AMD")
	}
}

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
			if wave != "" && pt.class&(amdT90a|amdT942) != 0 {
				continue
			}
			out := filepath.Join(dir, pt.name+wave+".s")
			cmd := exec.Command(clang, "-target", "amdgcn-amd-amdhsa", "-mcpu="+pt.name, "-nogpulib", "-O2", "-S",
				"-cl-fp32-correctly-rounded-divide-sqrt", "-I", "samples/amd", "testdata/amdgpu/corpus.cl", "-o", out)
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
			prog, err := ParseAMDGPU(out, src)
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
	files, _ := filepath.Glob("testdata/amdgpu/corpus_*.s")
	if len(files) == 0 {
		t.Fatal("no corpus files")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := ParseAMDGPU(f, src)
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
