package core

import (
	"github.com/gpusim/gpusim/traces/ptx"
	"slices"
	"testing"

	"github.com/gpusim/gpusim/config"
)

const programPTX = `.version 7.0
.target sm_75
.address_size 64
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<6>;
	.reg .f64 %fd<3>;
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 7;
	@%p1 add.cc.u32 %r2, %r1, %r1;
	addc.u32 %r3, %r2, 1;
	ld.global.v2.u32 {%r4, %r5}, [%rd1+8];
	fma.rn.f64 %fd1, %fd2, %fd2, %fd2;
	st.global.u32 [%rd1], %r3;
	red.global.add.u32 [%rd1], %r3;
	membar.gl;
	ret;
}
`

// TestProgram checks the scoreboard slots and routes NewProgram records:
// written registers, predicates and the carry flag, read ones (sources,
// address bases, the guard), and the per-opcode latency override.
func TestProgram(t *testing.T) {
	prog, err := ptx.Parse("k.ptx", []byte(programPTX))
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	k := prog.Kernels[0]
	p, err := NewProgram(k, m)
	if err != nil {
		t.Fatal(err)
	}
	reg := func(name string) int32 {
		for i, r := range k.Regs {
			if r.Name == name {
				return int32(i)
			}
		}
		t.Fatalf("no register %s", name)
		return -1
	}
	nregs := int32(len(k.Regs))
	pred := func(n int32) int32 { return nregs + n }
	carry := nregs + k.NumPreds
	name := func(pc int) string { return k.Code[pc].Text }
	p1 := int32(-1)
	for i, n := range k.Preds {
		if n == "%p1" {
			p1 = int32(i)
		}
	}
	for _, c := range []struct {
		pc        int
		def, use  []int32 // use lists the slots beyond def
		unit      string
		latency   Cycle
		reduce    bool
		memBarier bool
	}{
		{0, []int32{reg("%rd1")}, nil, "ldst", 4, false, false},
		{2, []int32{pred(p1)}, []int32{reg("%r1")}, "int32", 4, false, false},
		{3, []int32{reg("%r2"), carry}, []int32{reg("%r1"), pred(p1)}, "int32", 4, false, false},
		{4, []int32{reg("%r3")}, []int32{reg("%r2"), carry}, "int32", 4, false, false},
		{5, []int32{reg("%r4"), reg("%r5")}, []int32{reg("%rd1")}, "ldst", 4, false, false},
		{6, []int32{reg("%fd1")}, []int32{reg("%fd2")}, "fp64", 54, false, false},
		{7, nil, []int32{reg("%rd1"), reg("%r3")}, "ldst", 4, false, false},
		{8, nil, []int32{reg("%rd1"), reg("%r3")}, "ldst", 4, true, false},
		{9, nil, nil, "ldst", 4, false, true},
	} {
		in := &p.insts[c.pc]
		def := p.slots[in.def.lo:in.def.hi]
		use := p.slots[in.def.hi:in.use.hi]
		if in.use.lo != in.def.lo {
			t.Errorf("%s: use does not start with def", name(c.pc))
		}
		if !slices.Equal(def, c.def) || !slices.Equal(use, c.use) {
			t.Errorf("%s: def %v use %v, want %v %v", name(c.pc), def, use, c.def, c.use)
		}
		if u := m.Units[in.unit].Name; u != c.unit || in.lat != c.latency {
			t.Errorf("%s: unit %s latency %d, want %s %d", name(c.pc), u, in.lat, c.unit, c.latency)
		}
		if in.reduce != c.reduce || in.membar != c.memBarier {
			t.Errorf("%s: reduce %v membar %v", name(c.pc), in.reduce, in.membar)
		}
	}
	if p.Len() != len(k.Code)+1 || m.Units[p.insts[len(k.Code)].unit].Name != "branch" {
		t.Errorf("the implicit exit is missing or not on the branch unit")
	}
}
