package traces_test

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/traces/amdgpu"
)

// amdKernel is an AMDGPU kernel k for target whose code is body, the label
// .Lend and s_endpgm.
func amdKernel(target, body string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\t.amdgcn_target \"amdgcn-amd-amdhsa--%s\"\n\t.text\nk:\n", target)
	for _, line := range strings.Split(body, "\n") {
		fmt.Fprintf(&b, "\t%s\n", line)
	}
	b.WriteString(".Lend:\n\ts_endpgm\n\t.section .rodata,\"a\",@progbits\n\t.amdhsa_kernel k\n")
	b.WriteString("\t\t.amdhsa_next_free_vgpr 32\n\t\t.amdhsa_next_free_sgpr 16\n")
	if !strings.HasPrefix(target, "gfx9") {
		b.WriteString("\t\t.amdhsa_wavefront_size32 1\n")
	}
	b.WriteString("\t.end_amdhsa_kernel\n")
	return b.String()
}

// slotName names an AMD scoreboard slot as testdata/amd_deps.txt does: the
// layout is the VGPRs, the scalar file, SCC and MODE (traces.Deps).
func slotName(d *traces.Deps, x int32) string {
	mode := int32(d.NumSlots - 1)
	scc := mode - 1
	sgpr := scc - traces.AMDNumSRegs
	switch {
	case x < sgpr:
		return fmt.Sprintf("v%d", x)
	case x == scc:
		return "scc"
	case x == mode:
		return "mode"
	}
	r := x - sgpr
	switch {
	case r < traces.AMDRegVCCLo:
		return fmt.Sprintf("s%d", r)
	case r >= traces.AMDRegTTMP0 && r < traces.AMDRegTTMP0+16:
		return fmt.Sprintf("ttmp%d", r-traces.AMDRegTTMP0)
	}
	switch r {
	case traces.AMDRegVCCLo:
		return "vcc_lo"
	case traces.AMDRegVCCHi:
		return "vcc_hi"
	case traces.AMDRegM0:
		return "m0"
	case traces.AMDRegExecLo:
		return "exec_lo"
	case traces.AMDRegExecHi:
		return "exec_hi"
	}
	return fmt.Sprintf("?%d", x)
}

func sortedNames(d *traces.Deps, xs []int32) []string {
	out := []string{}
	for _, x := range xs {
		out = append(out, slotName(d, x))
	}
	slices.Sort(out)
	return out
}

func parseNames(f string) []string {
	out := []string{}
	if f = strings.TrimSpace(f); f != "-" {
		out = strings.Fields(f)
	}
	slices.Sort(out)
	return out
}

// flagsOf describes an instruction's AMD timing facts as
// testdata/amd_deps.txt writes them.
func flagsOf(id *traces.InstDeps) []string {
	out := []string{}
	for _, f := range []struct {
		on   bool
		name string
	}{{id.Timing&traces.TimingCounted != 0, "sync"}, {id.Timing&traces.TimingWait != 0, "wait"},
		{id.Timing&traces.TimingScalarMem != 0, "smem"}, {id.Timing&traces.TimingHint != 0, "hint"},
		{id.Pair, "pair"}, {id.Timing&traces.TimingReduce != 0, "reduce"}} {
		if f.on {
			out = append(out, f.name)
		}
	}
	if id.Nop > 0 {
		out = append(out, "nop="+strconv.Itoa(int(id.Nop)))
	}
	slices.Sort(out)
	return out
}

// TestAMDDeps checks, for every case of testdata/amd_deps.txt, the
// scoreboard slots an AMD instruction writes and reads (named operands,
// register ranges and pairs, and the implicit VCC, EXEC, SCC and MODE of
// its row) and its timing facts.
func TestAMDDeps(t *testing.T) {
	f, err := os.Open("testdata/amd_deps.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fs := strings.Split(text, "|")
		if len(fs) != 5 {
			t.Fatalf("amd_deps.txt:%d: want 5 fields, got %d", line, len(fs))
		}
		n++
		target, inst := strings.TrimSpace(fs[0]), strings.TrimSpace(fs[1])
		prog, err := amdgpu.Parse("k.s", []byte(amdKernel(target, inst)))
		if err != nil {
			t.Fatalf("amd_deps.txt:%d: %v", line, err)
		}
		d := traces.KernelDeps(prog.Kernels[0])
		id := &d.Insts[0]
		def := sortedNames(d, d.Slots[id.Def.Lo:id.Def.Hi])
		use := sortedNames(d, d.Slots[id.Use.Lo:id.Use.Hi])
		if want := parseNames(fs[2]); !slices.Equal(def, want) {
			t.Errorf("amd_deps.txt:%d: %s (%s) writes %v, want %v", line, inst, target, def, want)
		}
		if want := parseNames(fs[3]); !slices.Equal(use, want) {
			t.Errorf("amd_deps.txt:%d: %s (%s) reads %v, want %v", line, inst, target, use, want)
		}
		if got, want := flagsOf(id), parseNames(fs[4]); !slices.Equal(got, want) && !(len(want) == 1 && want[0] == "-") {
			t.Errorf("amd_deps.txt:%d: %s (%s) flags %v, want %v", line, inst, target, got, want)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 40 {
		t.Fatalf("only %d cases", n)
	}
}

// TestAMDDepsNames: an AMD instruction's dependency data carries its
// spellings on the kernel's target besides its canonical key, so a machine
// model may use either.
func TestAMDDepsNames(t *testing.T) {
	for _, c := range []struct{ target, inst, key, name string }{
		{"gfx1100", "s_load_b32 s0, s[0:1], 0x0", "s_load_dword", "s_load_b32"},
		{"gfx1100", "v_add_nc_u32_e32 v1, v2, v3", "v_add_u32", "v_add_nc_u32"},
		{"gfx90a", "s_load_dword s0, s[0:1], 0x0", "s_load_dword", ""},
	} {
		prog, err := amdgpu.Parse("k.s", []byte(amdKernel(c.target, c.inst)))
		if err != nil {
			t.Fatal(err)
		}
		id := traces.KernelDeps(prog.Kernels[0]).Insts[0]
		if id.Key != c.key || (c.name != "" && !slices.Contains(id.Names, c.name)) || (c.name == "" && len(id.Names) != 0) {
			t.Errorf("%s on %s: key %q names %v, want %q and %q", c.inst, c.target, id.Key, id.Names, c.key, c.name)
		}
	}
}
