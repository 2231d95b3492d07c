package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/traces/ptx"
)

// The timing model against the tables, form by form: on every NVIDIA
// preset, every form of the preset's expansion table runs through gpusim's
// timing model (parsed, laid out and timed as a user's kernel is) and
// costs what its row's schedule (config.ExpansionForm) says:
//
//   - one instance with its sources ready takes the row's cycles from its
//     first micro-op's issue to its destination's readiness (the
//     instruction's latency in the per-instruction counters), on the fast
//     path and, for a form with a slow path, with operands that take it;
//   - a dependent chain (every source the destination of the instance
//     before; forms whose sources and destination share a register class)
//     costs per instruction what ExpansionForm.ChainTimes computes;
//   - the per-instruction counters give each unit the micro-ops the row
//     sends it.
//
// No tool needed: the committed tables are the input.

// value is a register's initial value of PTX type t: 1 (1.0 for floats),
// or with slow set, one that takes the division and square-root slow
// paths (the smallest subnormal).
func value(t ptype, slow bool) string {
	switch t {
	case "f32", "tf32":
		if slow {
			return "0f00000001"
		}
		return "0f3F800000"
	case "f64":
		if slow {
			return "0d0000000000000001"
		}
		return "0d3FF0000000000000"
	case "f16", "bf16":
		if t == "bf16" {
			return "0x3F80"
		}
		return "0x3C00"
	case "f16x2":
		return "0x3C003C00"
	case "bf16x2":
		return "0x3F803F80"
	}
	return "1"
}

// movType is the mov suffix that sets a register of t from an immediate.
func movType(t ptype) string {
	switch t.regClass() {
	case ".b16":
		return "b16"
	case ".b64", ".f64":
		return "b64"
	}
	return "b32"
}

// setReg writes the PTX that sets register r of type t.
func setReg(b *strings.Builder, r string, t ptype, slow bool) {
	if t == "pred" {
		fmt.Fprintf(b, "\tsetp.eq.u32 %s, 1, 1;\n", r)
		return
	}
	fmt.Fprintf(b, "\tmov.%s %s, %s;\n", movType(t), r, value(t, slow))
}

// latencyKernel: the sources set, the units drained (independent moves,
// then a branch the warp waits for), one instance of the form, its result
// stored. vals overrides a source's value.
func latencyKernel(arch, form string, sig signature, slow bool, vals map[int]string) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".version 7.8\n.target %s\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n", arch)
	b.WriteString("\t.reg .b64 %rd<3>;\n\t.reg .b32 %w<2>;\n")
	for i, t := range sig.srcs {
		fmt.Fprintf(&b, "\t.reg %s %%s%d;\n", t.regClass(), i)
	}
	fmt.Fprintf(&b, "\t.reg %s %%d;\n", sig.dst.regClass())
	b.WriteString("\tld.param.u64 %rd1, [p];\n\tcvta.to.global.u64 %rd2, %rd1;\n")
	for i, t := range sig.srcs {
		if v, ok := vals[i]; ok {
			fmt.Fprintf(&b, "\tmov.%s %%s%d, %s;\n", movType(t), i, v)
			continue
		}
		setReg(&b, fmt.Sprintf("%%s%d", i), t, slow)
	}
	for range 8 {
		b.WriteString("\tmov.u32 %w1, 0;\n")
	}
	b.WriteString("\tbra.uni $L;\n$L:\n")
	ops := []string{"%d"}
	for i := range sig.srcs {
		ops = append(ops, fmt.Sprintf("%%s%d", i))
	}
	ops = append(ops, sig.imm...)
	fmt.Fprintf(&b, "\t%s %s;\n", form, strings.Join(ops, ", "))
	if sig.dst == "pred" {
		b.WriteString("\t@%d st.global.u32 [%rd2+40], 1;\n")
	} else {
		fmt.Fprintf(&b, "\tst.global.%s [%%rd2+40], %%d;\n", sig.dst.memType())
	}
	b.WriteString("\tret;\n}\n")
	return b.String()
}

// chainable reports whether every source of the form can be its
// destination: one register class, no predicates.
func chainable(sig signature) bool {
	if sig.dst == "pred" {
		return false
	}
	for _, t := range sig.srcs {
		if t == "pred" || t.regClass() != sig.dst.regClass() {
			return false
		}
	}
	return true
}

// chainKernel: the register set, n dependent instances, the result stored.
func chainKernel(arch, form string, sig signature, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".version 7.8\n.target %s\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n", arch)
	fmt.Fprintf(&b, "\t.reg .b64 %%rd<3>;\n\t.reg %s %%x;\n", sig.dst.regClass())
	b.WriteString("\tld.param.u64 %rd1, [p];\n\tcvta.to.global.u64 %rd2, %rd1;\n")
	setReg(&b, "%x", sig.dst, false)
	ops := []string{"%x"}
	for range sig.srcs {
		ops = append(ops, "%x")
	}
	ops = append(ops, sig.imm...)
	for range n {
		fmt.Fprintf(&b, "\t%s %s;\n", form, strings.Join(ops, ", "))
	}
	fmt.Fprintf(&b, "\tst.global.%s [%%rd2+40], %%x;\n\tret;\n}\n", sig.dst.memType())
	return b.String()
}

// timeKernel runs kernel k of src, one warp, on machine m.
func timeKernel(t *testing.T, m *config.Machine, src string) *sim.KernelStats {
	t.Helper()
	prog, err := ptx.Parse("form.ptx", []byte(src))
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	spec := &sim.LaunchSpec{Kernel: "k", Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1},
		Args:    []sim.ArgSpec{{Buffer: "out"}},
		Buffers: []*sim.BufferSpec{{Name: "out", Type: sim.ElemU64, Count: 8, Init: "zeros"}}}
	p, err := sim.Prepare(prog, m, spec, sim.Overrides{})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	st, err := sim.RunTiming(p, sim.TimingOptions{})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return st
}

// slowValues are per-form sources that take a slow path where value's
// subnormal does not: fns's nonzero offset.
var slowValues = map[string]map[int]string{"fns.b32": {0: "1", 1: "0", 2: "1"}}

// fastValues: sources that keep a form on its fast path where 1 does not
// (fns: a zero offset).
var fastValues = map[string]map[int]string{"fns.b32": {0: "1", 1: "0", 2: "0"}}

func TestTimedAsTables(t *testing.T) {
	for _, arch := range config.ExpansionArchs() {
		t.Run(arch, func(t *testing.T) {
			t.Parallel()
			m, err := config.Load(arch, nil)
			if err != nil {
				t.Fatal(err)
			}
			tab := m.Expansions()
			if tab == nil || tab.Arch != arch {
				t.Fatalf("%s loads expansion table %v", arch, tab)
			}
			for i := range tab.Forms {
				f := &tab.Forms[i]
				sig, err := sigOf(f.PTX)
				if err != nil {
					t.Errorf("%s: %v", f.PTX, err)
					continue
				}
				checkLatency(t, m, arch, f, sig, false)
				if len(f.SlowOps) > 0 {
					checkLatency(t, m, arch, f, sig, true)
				}
				if chainable(sig) {
					checkChain(t, m, arch, f, sig)
				}
			}
		})
	}
}

// checkLatency times one instance (slow: with operands that take the slow
// path) and compares its latency and per-unit counters with the row.
func checkLatency(t *testing.T, m *config.Machine, arch string, f *config.ExpansionForm, sig signature, slow bool) {
	t.Helper()
	vals := fastValues[f.PTX]
	if slow {
		vals = slowValues[f.PTX]
	}
	st := timeKernel(t, m, latencyKernel(arch, f.PTX, sig, slow, vals))
	var is *sim.InstStats
	all := st.Instructions()
	for k := range all {
		if strings.HasPrefix(all[k].Text, f.PTX+" ") {
			is = &all[k]
		}
	}
	if is == nil || is.Expansion == nil || is.Executions != 1 {
		t.Errorf("%s %s: the instruction did not issue as its row: %+v", arch, f.PTX, is)
		return
	}
	x := is.Expansion
	want, seq := f.Cycles, f.Ops
	if slow {
		want, seq = f.Slow.Cycles, f.SlowSequence()
	}
	if took := x.SlowExecutions == 1; took != slow {
		t.Errorf("%s %s: slow path taken %v, want %v", arch, f.PTX, took, slow)
		return
	}
	if got := is.Latency.Max; int(got) != want || is.Latency.Min != got {
		t.Errorf("%s %s (slow %v): latency %v, the row %d", arch, f.PTX, slow, got, want)
	}
	if len(f.Ops) == 0 {
		if !x.Free {
			t.Errorf("%s %s: a form of no machine instruction is not free", arch, f.PTX)
		}
		return
	}
	ops := map[string]uint64{}
	for _, op := range seq {
		ops[op.Unit]++
	}
	for _, u := range x.Units {
		if u.Ops != ops[u.Name] {
			t.Errorf("%s %s (slow %v): %d ops on %s, the row %d", arch, f.PTX, slow, u.Ops, u.Name, ops[u.Name])
		}
		delete(ops, u.Name)
	}
	for u, n := range ops {
		t.Errorf("%s %s (slow %v): no ops on %s, the row %d", arch, f.PTX, slow, u, n)
	}
}

// checkChain times chains of n1 and n2 instances and compares the cost of
// the n2-n1 more with the row's ChainTimes.
func checkChain(t *testing.T, m *config.Machine, arch string, f *config.ExpansionForm, sig signature) {
	t.Helper()
	const n1, n2 = 4, 12
	dest, err := f.ChainTimes(m, n2, false)
	if err != nil {
		t.Fatal(err)
	}
	want := uint64(dest[n2-1] - dest[n1-1])
	a := timeKernel(t, m, chainKernel(arch, f.PTX, sig, n1))
	b := timeKernel(t, m, chainKernel(arch, f.PTX, sig, n2))
	for _, st := range []*sim.KernelStats{a, b} {
		for _, is := range st.Instructions() {
			if is.Expansion != nil && is.Expansion.SlowExecutions > 0 {
				return // the chain's values took the slow path: the fast chain does not apply
			}
		}
	}
	if got := b.Timing.Cycles - a.Timing.Cycles; got != want {
		t.Errorf("%s %s: %d more dependent instances cost %d cycles, the row's chain %d", arch, f.PTX, n2-n1, got, want)
	}
}
