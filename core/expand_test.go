package core

import (
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces/ptx"
)

const expandPTX = `.version 7.0
.target sm_75
.address_size 64
.visible .entry k()
{
	.reg .pred %p<2>;
	.reg .b16 %h<2>;
	.reg .b32 %r<4>;
	.reg .f32 %f<4>;
	setp.eq.u32 %p1, %r1, 0;
	div.rn.f32 %f3, %f1, %f2;
	@%p1 div.rn.f32 %f3, %f1, %f2;
	cvt.u32.u16 %r2, %h1;
	@%p1 cvt.u32.u16 %r2, %h1;
	bra.uni $L;
$L:
	ret;
}
`

// TestExpansionProgram: NewProgram gives an instruction whose form has a
// row its micro-ops, and the first op waits for the sources it reads and
// the guard, not for the sources it does not read; a form of no machine
// instruction is free unless guarded; control flow is not expanded; with
// gpu.expansions = "none" nothing is.
func TestExpansionProgram(t *testing.T) {
	prog, err := ptx.Parse("k.ptx", []byte(expandPTX))
	if err != nil {
		t.Fatal(err)
	}
	k := prog.Kernels[0]
	m, err := config.Load("sm_80", nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewProgram(k, m)
	if err != nil {
		t.Fatal(err)
	}
	row, _ := m.Expansions().Form("div.rn.f32")
	for pc, want := range []struct {
		fast, slow int
		free       bool
	}{
		{1, 0, false}, // setp.eq.u32: one ISETP
		{len(row.Ops), row.Slow.Branch + 1 + len(row.SlowOps), false},
		{len(row.Ops), row.Slow.Branch + 1 + len(row.SlowOps), false},
		{0, 0, true},  // cvt.u32.u16: ptxas reads the register as it is
		{0, 0, false}, // guarded: issues as itself
		{0, 0, false}, // bra
		{0, 0, false}, // ret
	} {
		fast, slow, free := p.Expansion(pc)
		if fast != want.fast || slow != want.slow || free != want.free {
			t.Errorf("pc %d (%s): expansion %d, %d, %v; want %+v", pc, k.Code[pc].Text, fast, slow, free, want)
		}
	}
	if u := p.OpUnit(1, 0, false); m.Units[u].Name != "sfu" {
		t.Errorf("div.rn.f32's first op on %s, want sfu (MUFU.RCP)", m.Units[u].Name)
	}
	// MUFU.RCP reads the divisor alone (%f2); the guarded one also %p1.
	f1, f2, p1 := int32(-1), int32(-1), int32(-1)
	for i, name := range k.Preds {
		if name == "%p1" {
			p1 = int32(len(k.Regs) + i)
		}
	}
	for i, r := range k.Regs {
		switch r.Name {
		case "%f1":
			f1 = int32(i)
		case "%f2":
			f2 = int32(i)
		}
	}
	for pc, want := range map[int][]int32{1: {f2}, 2: {f2, p1}} {
		e := &p.exps[p.insts[pc].xp]
		op := &p.mops[e.fast.lo]
		got := p.slots[op.use.lo:op.use.hi]
		if len(got) != len(want) || !has(got, f2) || has(got, f1) || (len(want) == 2 && !has(got, p1)) {
			t.Errorf("pc %d: the first op waits for slots %v, want %v", pc, got, want)
		}
	}
	m0, err := config.Load("sm_80", []string{"gpu.expansions=none"})
	if err != nil {
		t.Fatal(err)
	}
	p0, err := NewProgram(k, m0)
	if err != nil {
		t.Fatal(err)
	}
	for pc := range p0.Len() {
		if fast, _, free := p0.Expansion(pc); fast != 0 || free {
			t.Errorf("expansions off: pc %d expands", pc)
		}
	}
}
