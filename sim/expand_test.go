package sim

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/traces/ptx"
)

// chainPTX is a kernel of one warp: a and b set from immediates, then n
// instances of "form d, a, b" where the chained operands (a, b, or both)
// are the destination of the instance before, and the result stored.
func chainPTX(form, typ, a, b string, n int, chainA, chainB bool) string {
	var k strings.Builder
	k.WriteString(".version 7.8\n.target sm_75\n.address_size 64\n")
	k.WriteString(".visible .entry k(.param .u64 out)\n{\n")
	fmt.Fprintf(&k, "\t.reg .%s %%x<4>;\n\t.reg .b64 %%rd<3>;\n", typ)
	k.WriteString("\tld.param.u64 %rd1, [out];\n\tcvta.to.global.u64 %rd1, %rd1;\n")
	fmt.Fprintf(&k, "\tmov.b%s %%x1, %s;\n\tmov.b%s %%x2, %s;\n\tmov.b%s %%x3, %s;\n", typ[1:], a, typ[1:], b, typ[1:], a)
	srcA, srcB := "%x1", "%x2"
	if chainA {
		srcA = "%x3"
	}
	if chainB {
		srcB = "%x3"
	}
	for range n {
		fmt.Fprintf(&k, "\t%s %%x3, %s, %s;\n", form, srcA, srcB)
	}
	fmt.Fprintf(&k, "\tst.global.%s [%%rd1], %%x3;\n\tret;\n}\n", typ)
	return k.String()
}

// runKernel times kernel k of src on one warp of preset (with sets) and
// returns its statistics.
func runKernel(t *testing.T, src, preset string, sets ...string) *KernelStats {
	t.Helper()
	prog, err := ptx.Parse("chain.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load(preset, sets)
	if err != nil {
		t.Fatal(err)
	}
	spec := &LaunchSpec{Kernel: "k", Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1},
		Args: []ArgSpec{bufArg("out")}, Buffers: []*BufferSpec{outBuf(1)}}
	p, err := Prepare(prog, m, spec, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := RunTiming(p, TimingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestDivChain: a dependent chain of 1,000 div.rn.f32 costs, per
// instruction, the expansion's dependent latency on every NVIDIA preset:
// config.ExpansionForm.ChainTimes of the row (MUFU.RCP, FCHK, five FFMA and
// the BRA around the slow path's call), not the single-instruction
// latency of div.f32 that the preset's [latency] gives when expansions are
// off; and the per-instruction counters put the stalls on sfu and fp32.
func TestDivChain(t *testing.T) {
	const n1, n2 = 500, 1000
	for _, preset := range nvidiaPresets(t) {
		m, err := config.Load(preset, nil)
		if err != nil {
			t.Fatal(err)
		}
		f, ok := m.Expansions().Form("div.rn.f32")
		if !ok {
			t.Fatalf("%s: no div.rn.f32 row", preset)
		}
		dest, err := f.ChainTimes(m, n2, false)
		if err != nil {
			t.Fatal(err)
		}
		want := float64(dest[n2-1]-dest[n1-1]) / (n2 - n1)
		st1 := runKernel(t, chainPTX("div.rn.f32", "f32", "0f3F800000", "0f3F800000", n1, true, true), preset)
		st2 := runKernel(t, chainPTX("div.rn.f32", "f32", "0f3F800000", "0f3F800000", n2, true, true), preset)
		got := float64(st2.Timing.Cycles-st1.Timing.Cycles) / (n2 - n1)
		old := runKernel(t, chainPTX("div.rn.f32", "f32", "0f3F800000", "0f3F800000", n2, true, true), preset, "gpu.expansions=none")
		t.Logf("%s: div.rn.f32 chain %.2f cycles/inst (row %.2f, cycles %d; as one instruction %.2f)", preset, got, want, f.Cycles, float64(old.Timing.Cycles)/n2)
		if got != want {
			t.Errorf("%s: chain costs %.3f cycles per div.rn.f32, the row's schedule %.3f", preset, got, want)
		}
		if got == float64(old.Timing.Cycles)/n2 {
			t.Errorf("%s: the chain costs what one instruction of div.f32 does", preset)
		}
		checkDivUnits(t, preset, m, st2, f, n2)
	}
}

// checkDivUnits: the per-instruction counters of the div.rn.f32 chain give
// every micro-op to its unit (one MUFU.RCP on sfu, FCHK and five FFMA on
// fp32, one BRA on branch per instruction) and every stall cycle of the
// instructions to a unit: scoreboard stalls to the unit whose result the
// warp waited for, sfu's MUFU.RCP latency among them, pipe_busy to the
// unit that had to accept the next op.
func checkDivUnits(t *testing.T, preset string, m *config.Machine, st *KernelStats, f *config.ExpansionForm, n int) {
	t.Helper()
	units := map[string]InstUnit{}
	var sb, pipe uint64
	execs := 0
	for _, is := range st.Instructions() {
		if !strings.HasPrefix(is.Text, "div.rn.f32 ") {
			continue
		}
		execs++
		x := is.Expansion
		if x == nil || x.Ops != len(f.Ops) || x.SlowOps != f.Slow.Branch+1+len(f.SlowOps) || x.SlowExecutions != 0 {
			t.Fatalf("%s: %s: expansion %+v", preset, is.Text, x)
		}
		for _, u := range x.Units {
			v := units[u.Name]
			v.Ops += u.Ops
			v.Busy += u.Busy
			v.ScoreboardStalls += u.ScoreboardStalls
			v.PipeBusy += u.PipeBusy
			units[u.Name] = v
		}
		sb += is.States[core.ShortScoreboard] + is.States[core.LongScoreboard]
		pipe += is.States[core.PipeBusy]
	}
	if execs != n {
		t.Fatalf("%s: %d div.rn.f32 instructions, want %d", preset, execs, n)
	}
	var gotSB, gotPipe uint64
	for _, u := range units {
		gotSB += u.ScoreboardStalls
		gotPipe += u.PipeBusy
	}
	if gotSB != sb || gotPipe != pipe {
		t.Errorf("%s: units hold %d scoreboard and %d pipe_busy stall cycles, the instructions %d and %d", preset, gotSB, gotPipe, sb, pipe)
	}
	sfu, fp32, br := units["sfu"], units["fp32"], units["branch"]
	withOps := 0
	for _, u := range units {
		if u.Ops > 0 {
			withOps++
		}
	}
	// (The first instruction also waits for the moves that set its
	// sources, on int32.)
	if sfu.Ops != uint64(n) || fp32.Ops != uint64(6*n) || br.Ops != uint64(n) || withOps != 3 {
		t.Errorf("%s: ops per unit %+v; want sfu %d, fp32 %d, branch %d", preset, units, n, 6*n, n)
	}
	// The first FFMA waits for MUFU.RCP, issued two slots before it: the
	// rest of the SFU latency is a stall on sfu.
	rcp, _ := m.Route("rcp.f32")
	if min := uint64(n * (rcp.Latency - 2)); sfu.ScoreboardStalls < min || fp32.ScoreboardStalls == 0 {
		t.Errorf("%s: scoreboard stalls on sfu %d (want at least %d), on fp32 %d", preset, sfu.ScoreboardStalls, min, fp32.ScoreboardStalls)
	}
	lanes := func(u string) uint64 { i := unitIndex(m, u); return uint64(m.Units[i].IssueCycles(32)) }
	if sfu.Busy != uint64(n)*lanes("sfu") || fp32.Busy != uint64(6*n)*lanes("fp32") {
		t.Errorf("%s: busy cycles sfu %d, fp32 %d", preset, sfu.Busy, fp32.Busy)
	}
	t.Logf("%s: per div.rn.f32: stalls on sfu %.1f, fp32 %.1f, branch %.1f cycles", preset,
		float64(sfu.ScoreboardStalls+sfu.PipeBusy)/float64(n), float64(fp32.ScoreboardStalls+fp32.PipeBusy)/float64(n), float64(br.ScoreboardStalls+br.PipeBusy)/float64(n))
}

func unitIndex(m *config.Machine, name string) int {
	for i, u := range m.Units {
		if u.Name == name {
			return i
		}
	}
	return -1
}

// laneDivPTX: every lane divides 1.0 by a divisor that is 2.0, except
// lane `odd` (none when -1), whose divisor is the smallest subnormal; one
// div.rn.f32 after the units are drained, its quotient stored per lane.
func laneDivPTX(odd int) string {
	return fmt.Sprintf(`.version 7.8
.target sm_75
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .pred %%p<2>;
	.reg .b32 %%r<4>;
	.reg .f32 %%f<4>;
	.reg .b64 %%rd<4>;
	ld.param.u64 %%rd1, [out];
	cvta.to.global.u64 %%rd1, %%rd1;
	mov.u32 %%r1, %%tid.x;
	setp.eq.u32 %%p1, %%r1, %d;
	selp.b32 %%r2, 0x00000001, 0x40000000, %%p1;
	mov.b32 %%f2, %%r2;
	mov.b32 %%f1, 0f3F800000;
	mov.u32 %%r3, 0;
	mov.u32 %%r3, 0;
	mov.u32 %%r3, 0;
	mov.u32 %%r3, 0;
	bra.uni $L;
$L:
	div.rn.f32 %%f3, %%f1, %%f2;
	mul.wide.u32 %%rd2, %%r1, 4;
	add.s64 %%rd3, %%rd1, %%rd2;
	st.global.f32 [%%rd3], %%f3;
	ret;
}
`, odd)
}

// TestDivSlowPath: a warp whose lanes all divide by normal numbers takes
// div.rn.f32's fast path; one lane dividing by a subnormal sends the whole
// warp down the slow path (FCHK fails for it), whose latency is the row's
// slow path schedule, and the quotients are bit-identical either way, and
// to the same run without expansions.
func TestDivSlowPath(t *testing.T) {
	for _, preset := range nvidiaPresets(t) {
		m, err := config.Load(preset, nil)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := m.Expansions().Form("div.rn.f32")
		for _, odd := range []int{-1, 0, 17, 31} {
			run := func(sets ...string) (*Prepared, *InstStats) {
				prog, err := ptx.Parse("slow.ptx", []byte(laneDivPTX(odd)))
				if err != nil {
					t.Fatal(err)
				}
				mm, err := config.Load(preset, sets)
				if err != nil {
					t.Fatal(err)
				}
				spec := &LaunchSpec{Kernel: "k", Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1},
					Args: []ArgSpec{bufArg("out")}, Buffers: []*BufferSpec{{Name: "out", Type: ElemU32, Count: 32, Init: "zeros"}}}
				p, err := Prepare(prog, mm, spec, Overrides{})
				if err != nil {
					t.Fatal(err)
				}
				st, err := RunTiming(p, TimingOptions{})
				if err != nil {
					t.Fatal(err)
				}
				for _, is := range st.Instructions() {
					if strings.HasPrefix(is.Text, "div.rn.f32") {
						return p, &is
					}
				}
				t.Fatal("no div.rn.f32")
				return nil, nil
			}
			p, is := run()
			want, slow := f.Cycles, uint64(0)
			if odd >= 0 {
				want, slow = f.Slow.Cycles, 1
			}
			if x := is.Expansion; x == nil || x.SlowExecutions != slow || int(is.Latency.Max) != want {
				t.Errorf("%s, subnormal lane %d: latency %v, slow executions %+v; want %d and %d", preset, odd, is.Latency.Max, is.Expansion, want, slow)
			}
			p0, _ := run("gpu.expansions=none")
			got, _ := p.Buffer("out")
			ref, _ := p0.Buffer("out")
			if !bytes.Equal(got, ref) {
				t.Errorf("%s, subnormal lane %d: quotients differ with and without the expansion", preset, odd)
			}
			if odd >= 0 && binary.LittleEndian.Uint32(got[4*odd:]) != 0x7f800000 {
				t.Errorf("%s: 1/subnormal = %#x, want +inf", preset, binary.LittleEndian.Uint32(got[4*odd:]))
			}
		}
	}
}

// TestExpansionsKeepValues runs every bundled PTX sample on the Turing and
// the Ada preset with the preset's expansion table and with
// gpu.expansions = "none": the output buffers and the warp instructions
// are the same; the cycles of some sample are not.
func TestExpansionsKeepValues(t *testing.T) {
	launches, err := filepath.Glob("../traces/samples/*.launch.toml")
	if err != nil || len(launches) < 5 {
		t.Fatalf("samples: %v, %v", launches, err)
	}
	for _, preset := range []string{"sm_75", "sm_89"} {
		moved := false
		for _, launch := range launches {
			path := strings.TrimSuffix(launch, ".launch.toml") + ".ptx"
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var ps [2]*Prepared
			var sts [2]*KernelStats
			for i, sets := range [][]string{nil, {"gpu.expansions=none"}} {
				prog, err := ptx.Parse(path, src)
				if err != nil {
					t.Fatal(err)
				}
				m, err := config.Load(preset, sets)
				if err != nil {
					t.Fatal(err)
				}
				spec, err := LoadLaunch(launch)
				if err != nil {
					t.Fatal(err)
				}
				if ps[i], err = Prepare(prog, m, spec, Overrides{}); err != nil {
					t.Fatal(err)
				}
				if sts[i], err = RunTiming(ps[i], TimingOptions{}); err != nil {
					t.Fatal(err)
				}
			}
			name := filepath.Base(path)
			if sts[0].WarpInsts != sts[1].WarpInsts || sts[0].ThreadInsts != sts[1].ThreadInsts {
				t.Errorf("%s on %s: %d warp instructions with expansions, %d without", name, preset, sts[0].WarpInsts, sts[1].WarpInsts)
			}
			moved = moved || sts[0].Timing.Cycles != sts[1].Timing.Cycles
			for _, b := range ps[0].Spec.Buffers {
				got, _ := ps[0].Buffer(b.Name)
				want, _ := ps[1].Buffer(b.Name)
				if !bytes.Equal(got, want) {
					t.Errorf("%s on %s: buffer %s differs with expansions", name, preset, b.Name)
				}
			}
		}
		if !moved {
			t.Errorf("%s: no sample's cycles change with expansions", preset)
		}
	}
}

// TestMicroFormsDoNotExpand: the forms the microbenchmarks time issue as
// one machine instruction on every NVIDIA preset, costed exactly as the
// PTX form's own key (unit, latency, initiation), so each microbenchmark
// still measures its configured figure with expansions on.
func TestMicroFormsDoNotExpand(t *testing.T) {
	forms := map[string]string{
		"fma.rn.f32": "fma.f32", "fma.rn.f16x2": "fma.f16x2", "add.s32": "add.s32",
		"mad.lo.s32": "mad.s32", "ex2.approx.ftz.f32": "ex2.f32", "fma.rn.f64": "fma.f64",
	}
	for _, preset := range nvidiaPresets(t) {
		m, err := config.Load(preset, nil)
		if err != nil {
			t.Fatal(err)
		}
		for form, key := range forms {
			f, ok := m.Expansions().Form(form)
			if !ok || len(f.Ops) != 1 {
				t.Errorf("%s: %s has no one-op row (%+v)", preset, form, f)
				continue
			}
			got, want := route(t, m, f.Ops[0].Key), route(t, m, key)
			if got.Unit != want.Unit || got.Latency != want.Latency || got.Initiation != want.Initiation {
				t.Errorf("%s: %s is %s, routed %+v; the form's key %s %+v", preset, form, f.Ops[0].SASS, got, key, want)
			}
		}
	}
}
