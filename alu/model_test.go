package alu

import (
	"strings"
	"testing"
)

func TestNewModelDefaultsAndChoices(t *testing.T) {
	m, err := NewModel(Choice{})
	if err != nil {
		t.Fatal(err)
	}
	// Defaults: the silicon div_fixup, which differs from the ISA text on the
	// overflow branch under round-toward-zero.
	q, den, num := uint32(0x7f800000), uint32(0x3f800000), uint32(0x3f800000)
	rz := Mode(RoundZero, 0)
	if got, want := m.DivFixupF32(q, den, num, rz), DivFixupF32(q, den, num, rz); got != want {
		t.Fatalf("default div_fixup: got %#x want silicon %#x", got, want)
	}
	isa, err := NewModel(Choice{DivFixup: "isa"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := isa.DivFixupF32(q, den, num, rz), DivFixupF32ISA(q, den, num, rz); got != want {
		t.Fatalf("isa div_fixup: got %#x want %#x", got, want)
	}
	if m.DivFixupF32(q, den, num, rz) == isa.DivFixupF32(q, den, num, rz) {
		t.Fatalf("silicon and isa models agree on the overflow branch under RZ; the test input no longer tells them apart")
	}
	if m.Ex2F32Ftz(0x3f800000) != 0x40000000 || m.Rcp64H(0x3ff0000000000000) != 0x3ff0000000000000 {
		t.Fatal("default model does not compute 2^1 = 2 and 1/1 = 1")
	}
}

func TestNewModelRejectsUnknownNames(t *testing.T) {
	for _, c := range []struct {
		choice Choice
		want   string
	}{
		{Choice{Ex2: "sm_90"}, `numerics.ex2: unknown model "sm_90" (known: mufu_sm5x)`},
		{Choice{Rcp: "x"}, `numerics.rcp: unknown model "x" (known: mufu_sm5x)`},
		{Choice{Rcp64H: "x"}, `numerics.rcp64h: unknown model "x" (known: ptxm_rcp64h)`},
		{Choice{DivFixup: "x"}, `numerics.div_fixup: unknown model "x" (known: silicon, isa)`},
	} {
		if _, err := NewModel(c.choice); err == nil || err.Error() != c.want {
			t.Errorf("%+v: got %v, want %q", c.choice, err, c.want)
		}
	}
	for _, f := range ModelFamilies() {
		if len(f.Names) == 0 || len(f.Names) != len(f.Docs) || strings.TrimSpace(f.Docs[0]) == "" {
			t.Errorf("family %s lists no documented models", f.Family)
		}
	}
}
