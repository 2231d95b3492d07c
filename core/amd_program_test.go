package core

import (
	"fmt"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces"
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

// amdProgram parses body for target and builds its Program on the target's
// preset.
func amdProgram(t *testing.T, target, body string, sets ...string) (*Program, *traces.Kernel, *config.Machine) {
	t.Helper()
	prog, err := amdgpu.Parse("k.s", []byte(amdKernel(target, body)))
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load(target, sets)
	if err != nil {
		t.Fatal(err)
	}
	k := prog.Kernels[0]
	p, err := NewProgram(k, m)
	if err != nil {
		t.Fatal(err)
	}
	return p, k, m
}

// TestAMDProgramLayout checks the AMD slot layout (VGPRs the kernel names,
// then the scalar file, SCC and MODE; traces/deps_amd_test.go checks each
// instruction's slots) and the implicit exit, which takes
// s_endpgm's route on every AMD preset: no [opcodes] entry for it is
// needed.
func TestAMDProgramLayout(t *testing.T) {
	for _, target := range []string{"gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1200"} {
		p, k, m := amdProgram(t, target, "v_lshlrev_b64 v[8:9], 2, v[2:3]\ns_endpgm")
		if want := 10 + traces.AMDNumSRegs + 2; p.Slots() != want {
			t.Errorf("%s: %d slots, want %d", target, p.Slots(), want)
		}
		exit := p.Route(len(k.Code))
		endpgm := p.Route(len(k.Code) - 1)
		if p.Len() != len(k.Code)+1 || exit != endpgm || m.Units[exit.Unit].Name != "branch" {
			t.Errorf("%s: implicit exit route %+v, s_endpgm %+v", target, exit, endpgm)
		}
	}
}

// TestCycleRing checks the FIFO of completion cycles across its growth
// and wrap-around.
func TestCycleRing(t *testing.T) {
	var r cycleRing
	var want []Cycle
	next := Cycle(1)
	for round := 0; round < 50; round++ {
		for i := 0; i < round%13; i++ {
			r.push(next)
			want = append(want, next)
			next++
		}
		for i := 0; i < round%7 && len(want) > 0; i++ {
			if got := r.pop(); got != want[0] {
				t.Fatalf("round %d: popped %d, want %d", round, got, want[0])
			}
			want = want[1:]
		}
		if r.n != len(want) {
			t.Fatalf("round %d: %d entries, want %d", round, r.n, len(want))
		}
	}
	r.reset()
	if r.n != 0 {
		t.Fatal("reset left entries")
	}
	if n := testing.AllocsPerRun(100, func() { r.push(1); r.pop() }); n != 0 {
		t.Errorf("%v allocations per push and pop at steady state", n)
	}
}
