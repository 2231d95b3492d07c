package vop3

import (
	"bytes"
	"errors"
	"testing"
)

// fuzzGens are the targets the fuzzers pick from with their first argument.
var fuzzGens = []string{"gfx900", "gfx90a", "gfx942", "gfx1010", "gfx1030", "gfx1030:wave64", "gfx1100", "gfx1100:wave64", "gfx1200", "gfx1201:wave64"}

func fuzzGen(t *testing.T, sel uint8) Gen {
	g, err := ParseGen(fuzzGens[int(sel)%len(fuzzGens)])
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func genIndex(arch string) uint8 {
	for i, a := range fuzzGens {
		if a == arch {
			return uint8(i)
		}
	}
	return 0
}

// FuzzDisassemble: any bytes either fail with a DecodeError or decode to an
// instruction whose text assembles back to the same bytes.
func FuzzDisassemble(f *testing.F) {
	for _, name := range []string{"mc_vectors.txt", "bad_bytes.txt"} {
		for _, c := range readCases(f, name, 3) {
			b, _ := ParseEncoding(c.fields[1+boolInt(name == "mc_vectors.txt")])
			f.Add(genIndex(c.fields[0]), b)
		}
	}
	f.Fuzz(func(t *testing.T, sel uint8, b []byte) {
		g := fuzzGen(t, sel)
		text, n, err := Disassemble(g, b)
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) || n != 0 || text != "" {
				t.Fatalf("error %v (%T) with n=%d text=%q", err, err, n, text)
			}
			return
		}
		if (n != 8 && n != 12) || n > len(b) {
			t.Fatalf("size %d of %d bytes", n, len(b))
		}
		in, _, _ := Decode(g, b)
		re, err := Encode(g, &in, nil)
		if err != nil || !bytes.Equal(re, b[:n]) {
			t.Fatalf("Encode(Decode(%s)) = %s, %v", FormatEncoding(b[:n]), FormatEncoding(re), err)
		}
		asm, err := Assemble(g, text)
		if err != nil {
			t.Fatalf("Assemble(Disassemble(%s) = %q): %v", FormatEncoding(b[:n]), text, err)
		}
		if minimalLiteral(&in) {
			if !bytes.Equal(asm, b[:n]) {
				t.Fatalf("%q: %s != %s", text, FormatEncoding(asm), FormatEncoding(b[:n]))
			}
		} else if again, _, err := Disassemble(g, asm); err != nil || again != text {
			t.Fatalf("non-minimal %q re-assembles to %q, %v", text, again, err)
		}
	})
}

// FuzzAssemble: any text either fails with a positioned SyntaxError or
// assembles to instructions whose canonical text assembles identically.
func FuzzAssemble(f *testing.F) {
	for _, c := range readCases(f, "mc_vectors.txt", 3) {
		f.Add(genIndex(c.fields[0]), c.fields[1])
	}
	for _, c := range readCases(f, "asm_errors.txt", 3) {
		f.Add(genIndex(c.fields[0]), c.fields[1])
	}
	f.Add(uint8(6), "v_fma_f16 v5, neg(|-1|), abs(v2), -|v[3]| op_sel:[1,0] clamp, mul:2 ; x\nv_rcp_f32_e64 v1, 0.5")
	f.Fuzz(func(t *testing.T, sel uint8, text string) {
		g := fuzzGen(t, sel)
		b, err := Assemble(g, text)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Line < 1 || se.Col < 1 {
				t.Fatalf("error %v (%T) lacks a position", err, err)
			}
			return
		}
		for len(b) > 0 {
			canon, n, err := Disassemble(g, b)
			if err != nil {
				t.Fatalf("Disassemble(Assemble(%q)) at %s: %v", text, FormatEncoding(b), err)
			}
			again, err := Assemble(g, canon)
			if err != nil || !bytes.Equal(again, b[:n]) {
				t.Fatalf("%q -> %q -> %s, %v; want %s", text, canon, FormatEncoding(again), err, FormatEncoding(b[:n]))
			}
			b = b[n:]
		}
	})
}
