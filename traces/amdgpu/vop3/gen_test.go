package vop3

import (
	"github.com/gpusim/gpusim/traces"
	"testing"
)

func TestParseGen(t *testing.T) {
	good := []struct {
		in     string
		fam    Family
		wave64 bool
		str    string
	}{
		{"gfx900", GFX9, true, "gfx900"},
		{"GFX90A", GFX9, true, "gfx90a"},
		{"gfx942", GFX9, true, "gfx942"},
		{"gfx950:wave64", GFX9, true, "gfx950"},
		{"gfx1010", GFX10, false, "gfx1010"},
		{"gfx1030:wave64", GFX10, true, "gfx1030:wave64"},
		{"gfx1100", GFX11, false, "gfx1100"},
		{" gfx1151:wave32 ", GFX11, false, "gfx1151"},
		{"gfx1200", GFX12, false, "gfx1200"},
		{"gfx1201:wave64", GFX12, true, "gfx1201:wave64"},
		{"gfx1250", CDNA5, false, "gfx1250"},
		{"gfx1251:wave32", CDNA5, false, "gfx1251"},
	}
	for _, c := range good {
		g, err := ParseGen(c.in)
		if err != nil || g.Family() != c.fam || g.Wave64() != c.wave64 || g.String() != c.str {
			t.Errorf("ParseGen(%q) = %v/%v/%v, %v; want %v/%v/%s", c.in, g.Family(), g.Wave64(), g, err, c.fam, c.wave64, c.str)
		}
	}
	for _, bad := range []string{"", "gfx800", "gfx1300", "sm_75", "gfx900:wave32", "gfx1100:wave16", "gfx1100:", "gfx1250:wave64"} {
		if g, err := ParseGen(bad); err == nil {
			t.Errorf("ParseGen(%q) = %v, want an error", bad, g)
		}
	}
	if GFX11.String() != "GFX11" || CDNA5.String() != "CDNA5" || Family(9).String() != "GFX?" {
		t.Error("Family.String")
	}
}

// TestTable checks the opcode table itself: names unique per family, no
// two rows sharing an opcode on one target, v_div_fixup_f32 everywhere
// with the spec's numbers.
func TestTable(t *testing.T) {
	spec := map[Family]uint16{GFX9: 0x1de, GFX10: 0x15f, GFX11: 0x227, GFX12: 0x227, CDNA5: 0x227}
	for _, tg := range traces.AMDProcessors() {
		g, _ := ParseGen(tg.Name)
		if op, ok := OpcodeIn(g, VDivFixupF32); !ok || op != spec[g.Family()] {
			t.Errorf("%s: v_div_fixup_f32 = %#x, %v", g, op, ok)
		}
		seen := map[uint16]Opcode{}
		names := map[string]Opcode{}
		for o := Opcode(1); o < numOpcodes; o++ {
			op, ok := OpcodeIn(g, o)
			if !ok {
				continue
			}
			if prev, dup := seen[op]; dup {
				t.Errorf("%s: %s and %s share opcode %#x", g, prev, o, op)
			}
			seen[op] = o
			if prev, dup := names[o.String()]; dup {
				t.Errorf("%s: name %s twice (%d, %d)", g, o, prev, o)
			}
			names[o.String()] = o
			if lookupOp(g, op) != o {
				t.Errorf("%s: lookupOp(%#x) != %s", g, op, o)
			}
		}
	}
	for o := Opcode(1); o < numOpcodes; o++ {
		if rows[o].name == "" || o.NumSrc() == 0 {
			t.Errorf("row %d is empty", o)
		}
	}
	if OpInvalid.String() != "<invalid opcode>" || VDivScaleF32.HasCarryOut() != true || VFmaF32.NumSrc() != 3 {
		t.Error("Opcode helpers")
	}
	if InlineFloat(8) != 0.15915494309189532 || InlineFloat(9) != 0 || InlineFloat(3) != -1 {
		t.Error("InlineFloat")
	}
}

// TestCDNA5Identifier checks CDNA 5 against AMD's machine-readable ISA
// specification: v_div_fixup_f32 is opcode 551 with the instruction
// identifier 0x00000000D6270000 (the VOP3 encoding bits and OP with every
// operand field zero), in RDNA 4's layout.
func TestCDNA5Identifier(t *testing.T) {
	for _, name := range []string{"gfx1250", "gfx1251"} {
		g, err := ParseGen(name)
		if err != nil {
			t.Fatal(err)
		}
		if op, ok := OpcodeIn(g, VDivFixupF32); !ok || op != 551 {
			t.Errorf("%s: v_div_fixup_f32 opcode %d, %v; want 551", name, op, ok)
		}
		b, err := Assemble(g, "v_div_fixup_f32 v0, s0, s0, s0")
		if err != nil {
			t.Fatal(err)
		}
		lo := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24
		if lo != 0xD6270000 {
			t.Errorf("%s: first dword %#010x, want the identifier 0xd6270000", name, lo)
		}
		r4, _ := ParseGen("gfx1200")
		want, _ := Assemble(r4, "v_div_fixup_f32 v5, v1, v2, s3")
		if got, err := Assemble(g, "v_div_fixup_f32 v5, v1, v2, s3"); err != nil || string(got) != string(want) {
			t.Errorf("%s: %x, %v; want RDNA 4's %x", name, got, err, want)
		}
	}
}
