package traces

import (
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// amdProbeTargets are the processors the spelling table is probed on, one
// per target class.
var amdProbeTargets = [...]struct {
	name  string
	class AMDTargetSet
}{{"gfx90a", AMDT90a}, {"gfx942", AMDT942}, {"gfx1030", AMDT1030}, {"gfx1100", AMDT1100}, {"gfx1200", AMDT1200}}

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
		names[i] = s.Name
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
			ours := s.Targets&pt.class != 0
			// gpusim rejects s_waitcnt on GFX12 (the RDNA 4 ISA has only
			// the s_wait_* counters), which llvm-mc-19 still accepts.
			if s.Name == "s_waitcnt" && pt.class == AMDT1200 {
				ours = true
			}
			if llvm != ours {
				t.Errorf("%s on %s: llvm-mc accepts it: %v, amdSpellings: %v", s.Name, pt.name, llvm, ours)
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
		has[s.Op] = true
	}
	for o := OpAMDBase; o < NumAMDOpcodes; o++ {
		info := AMDOp(o)
		if !has[o] {
			t.Errorf("%s has no spelling", info.Name)
		}
		found := false
		for _, s := range amdSpellings {
			if s.Op == o && s.Name == info.Name {
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
			if s.Targets&pt.class == 0 {
				continue
			}
			if prev, dup := seen[s.Name]; dup && prev != s.Op {
				t.Errorf("%s names two opcodes on %s", s.Name, pt.name)
			}
			seen[s.Name] = s.Op
		}
	}
	if AMDOp(OpAdd) != nil || OpAdd.IsAMD() {
		t.Error("a PTX opcode is described as AMD")
	}
}
