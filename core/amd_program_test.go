package core

import (
	"bufio"
	"fmt"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"os"
	"slices"
	"strconv"
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

// slotName names an AMD scoreboard slot as testdata/amd_slots.txt does.
func slotName(l *amdSlots, x int32) string {
	switch {
	case x < l.sgpr:
		return fmt.Sprintf("v%d", x)
	case x == l.scc:
		return "scc"
	case x == l.mode:
		return "mode"
	}
	r := x - l.sgpr
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

func sortedNames(l *amdSlots, xs []int32) []string {
	out := []string{}
	for _, x := range xs {
		out = append(out, slotName(l, x))
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
// testdata/amd_slots.txt writes them.
func flagsOf(in *instInfo) []string {
	out := []string{}
	for _, f := range []struct {
		on   bool
		name string
	}{{in.sync, "sync"}, {in.wait, "wait"}, {in.smem, "smem"}, {in.hint, "hint"}, {in.pair, "pair"}, {in.reduce, "reduce"}} {
		if f.on {
			out = append(out, f.name)
		}
	}
	if in.nop > 0 {
		out = append(out, "nop="+strconv.Itoa(int(in.nop)))
	}
	slices.Sort(out)
	return out
}

// TestAMDSlots checks, for every case of testdata/amd_slots.txt, the
// scoreboard slots an AMD instruction writes and reads (named operands,
// register ranges and pairs, and the implicit VCC, EXEC, SCC and MODE) and
// its timing flags.
func TestAMDSlots(t *testing.T) {
	f, err := os.Open("testdata/amd_slots.txt")
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
			t.Fatalf("amd_slots.txt:%d: want 5 fields, got %d", line, len(fs))
		}
		n++
		target, inst := strings.TrimSpace(fs[0]), strings.TrimSpace(fs[1])
		p, k, _ := amdProgram(t, target, inst)
		l := newAMDSlots(k)
		in := &p.insts[0]
		def := sortedNames(&l, p.slots[in.def.lo:in.def.hi])
		use := sortedNames(&l, p.slots[in.use.lo:in.use.hi])
		if want := parseNames(fs[2]); !slices.Equal(def, want) {
			t.Errorf("amd_slots.txt:%d: %s (%s) writes %v, want %v", line, inst, target, def, want)
		}
		if want := parseNames(fs[3]); !slices.Equal(use, want) {
			t.Errorf("amd_slots.txt:%d: %s (%s) reads %v, want %v", line, inst, target, use, want)
		}
		if got, want := flagsOf(in), parseNames(fs[4]); !slices.Equal(got, want) && !(len(want) == 1 && want[0] == "-") {
			t.Errorf("amd_slots.txt:%d: %s (%s) flags %v, want %v", line, inst, target, got, want)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 40 {
		t.Fatalf("only %d cases", n)
	}
}

// TestAMDProgramLayout checks the AMD slot layout (VGPRs the kernel names,
// then the scalar file, SCC and MODE) and the implicit exit, which takes
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
