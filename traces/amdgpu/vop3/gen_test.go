package vop3

import "testing"

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
	}
	for _, c := range good {
		g, err := ParseGen(c.in)
		if err != nil || g.Family() != c.fam || g.Wave64() != c.wave64 || g.String() != c.str {
			t.Errorf("ParseGen(%q) = %v/%v/%v, %v; want %v/%v/%s", c.in, g.Family(), g.Wave64(), g, err, c.fam, c.wave64, c.str)
		}
	}
	for _, bad := range []string{"", "gfx800", "gfx1300", "sm_75", "gfx900:wave32", "gfx1100:wave16", "gfx1100:"} {
		if g, err := ParseGen(bad); err == nil {
			t.Errorf("ParseGen(%q) = %v, want an error", bad, g)
		}
	}
	if GFX11.String() != "GFX11" || Family(9).String() != "Family(9)" {
		t.Error("Family.String")
	}
}

// TestTable checks the opcode table itself: names unique per family, no
// two rows sharing an opcode on one target, v_div_fixup_f32 everywhere
// with the spec's numbers.
func TestTable(t *testing.T) {
	spec := map[Family]uint16{GFX9: 0x1de, GFX10: 0x15f, GFX11: 0x227, GFX12: 0x227}
	for _, tg := range targets {
		g, _ := ParseGen(tg.name)
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
