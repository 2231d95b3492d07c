package vop3

import (
	"bytes"
	"github.com/gpusim/gpusim/traces"
	"math"
	"math/rand/v2"
	"testing"
)

// TestRandomWordsRoundTrip decodes random words and requires every accepted
// one to survive Encode and Assemble(Disassemble(b)) bit for bit, for every
// processor in the table. It needs no LLVM.
func TestRandomWordsRoundTrip(t *testing.T) {
	for ti, tg := range traces.AMDProcessors() {
		for _, mode := range []string{"", ":wave64"} {
			if tg.Family == CDNA5 && mode != "" {
				continue // wave32 only
			}
			g, err := ParseGen(tg.Name + mode)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, uint64(ti)))
			ok := 0
			for i := 0; i < 1500; i++ {
				b := randomWord(g, rng)
				in, n, err := Decode(g, b)
				if err != nil {
					continue
				}
				ok++
				re, err := Encode(g, &in, nil)
				if err != nil || !bytes.Equal(re, b[:n]) {
					t.Fatalf("%s: Encode(Decode(%s)) = %s, %v", g, FormatEncoding(b[:n]), FormatEncoding(re), err)
				}
				text := Format(g, &in)
				asm, err := Assemble(g, text)
				if err == nil && !minimalLiteral(&in) {
					// A literal holding an inline value re-assembles to the
					// shorter inline form, as with LLVM; the text is stable.
					if again, _, err := Disassemble(g, asm); err != nil || again != text {
						t.Fatalf("%s: non-minimal %s: %q -> %q, %v", g, FormatEncoding(b[:n]), text, again, err)
					}
					continue
				}
				if err != nil || !bytes.Equal(asm, b[:n]) {
					t.Fatalf("%s: Assemble(%q) = %s, %v; want %s", g, text, FormatEncoding(asm), err, FormatEncoding(b[:n]))
				}
				parsed, err := Parse(g, text)
				if err != nil || parsed != in {
					t.Fatalf("%s: Parse(%q) = %+v, %v; Decode gave %+v", g, text, parsed, err, in)
				}
			}
			if ok < 300 {
				t.Errorf("%s: only %d of 1500 random words decoded", g, ok)
			}
		}
	}
}

// minimalLiteral reports whether no literal of in holds an inline value.
func minimalLiteral(in *Inst) bool {
	for i, o := range in.Src {
		if o.Kind == KindLiteral {
			if _, _, inl := literalAsInline(rows[in.Op].src[i], in.Literal); inl {
				return false
			}
		}
	}
	return true
}

// TestRandomTextRoundTrip assembles random text and requires the canonical
// text of the result to assemble to the same bytes.
func TestRandomTextRoundTrip(t *testing.T) {
	for _, arch := range []string{"gfx900", "gfx90a", "gfx950", "gfx1013", "gfx1036:wave64", "gfx1103", "gfx1153:wave64", "gfx1201"} {
		g, _ := ParseGen(arch)
		rng := rand.New(rand.NewPCG(11, uint64(len(arch))))
		for i := 0; i < 1000; i++ {
			line := randomInst(g, rng)
			b, err := Assemble(g, line)
			if err != nil {
				continue
			}
			text, n, err := Disassemble(g, b)
			if err != nil || n != len(b) {
				t.Fatalf("%s: Disassemble(Assemble(%q)) = %v", arch, line, err)
			}
			b2, err := Assemble(g, text)
			if err != nil || !bytes.Equal(b, b2) {
				t.Fatalf("%s: %q -> %q -> %s, %v", arch, line, text, FormatEncoding(b2), err)
			}
		}
	}
}

// halfToF64 decodes IEEE binary16 exactly (reference for f64ToF16).
func halfToF64(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	e := int(h>>10) & 31
	m := float64(h & 0x3ff)
	switch e {
	case 0:
		return sign * m * math.Pow(2, -24)
	case 31:
		return math.Inf(int(sign))
	}
	return sign * (1 + m/1024) * math.Pow(2, float64(e-15))
}

// TestF64ToF16 checks exact conversion of every finite half, round to
// nearest even at every midpoint, overflow and underflow flags.
func TestF64ToF16(t *testing.T) {
	for h := 0; h < 0x10000; h++ {
		if h&0x7c00 == 0x7c00 {
			continue // inf, NaN
		}
		f := halfToF64(uint16(h))
		got, over, tiny, exact := f64ToF16(f)
		if f == 0 {
			if got&0x7fff != 0 || !exact {
				t.Fatalf("zero %#04x -> %#04x", h, got)
			}
			continue
		}
		if got != uint16(h) || over || !exact || tiny != (h&0x7c00 == 0) {
			t.Fatalf("%#04x (%g) -> %#04x over=%v tiny=%v exact=%v", h, f, got, over, tiny, exact)
		}
		// Midpoint to the next half up (in magnitude): ties go to even.
		if h&0x7fff == 0x7bff {
			continue
		}
		next := halfToF64(uint16(h + 1))
		mid := (f + next) / 2
		r, _, _, ex := f64ToF16(mid)
		want := uint16(h)
		if h&1 == 1 {
			want = uint16(h + 1)
		}
		if r != want || ex {
			t.Fatalf("midpoint of %#04x,%#04x -> %#04x (exact %v), want %#04x", h, h+1, r, ex, want)
		}
	}
	if _, over, _, _ := f64ToF16(65520); !over {
		t.Error("65520 must overflow binary16")
	}
	if h, over, _, _ := f64ToF16(65519); over || h != 0x7bff {
		t.Errorf("65519 -> %#04x, %v", h, over)
	}
	if _, _, tiny, exact := f64ToF16(1e-10); !tiny || exact {
		t.Error("1e-10 must be tiny and inexact")
	}
}

// TestConstOperand spot-checks LLVM's constant rules per operand type.
func TestConstOperand(t *testing.T) {
	for _, c := range readCases(t, "constants.txt", 4) {
		var typ srcType
		switch c.fields[0] {
		case "f32":
			typ = tF32
		case "b32":
			typ = tB32
		case "f16":
			typ = tF16
		case "f64":
			typ = tF64
		case "b64":
			typ = tB64
		default:
			t.Fatalf("constants.txt:%d: bad type", c.line)
		}
		p := &parser{s: c.fields[1]}
		n, err := p.number()
		if err != nil || p.pos != len(p.s) {
			t.Fatalf("constants.txt:%d: lexing %q: %v", c.line, c.fields[1], err)
		}
		o, lit, msg := constOperand(typ, n)
		var got string
		switch {
		case msg != "":
			got = "error"
		case o.Kind == KindLiteral:
			got = "literal"
		default:
			got = appendSrcString(typ, o)
		}
		want := c.fields[2]
		if got != want {
			t.Errorf("constants.txt:%d: %s %s -> %s, want %s", c.line, c.fields[0], c.fields[1], got, want)
			continue
		}
		if got == "literal" {
			if w := c.fields[3]; w != "0x"+hex32(lit) {
				t.Errorf("constants.txt:%d: literal dword %#x, want %s", c.line, lit, w)
			}
		}
	}
}

func appendSrcString(t srcType, o Operand) string {
	return string(appendSrc(nil, t, o, false, false, 0))
}

func hex32(v uint32) string {
	const digits = "0123456789abcdef"
	var b [8]byte
	for i := 7; i >= 0; i-- {
		b[i] = digits[v&15]
		v >>= 4
	}
	return string(b[:])
}

// TestConstantsAgainstLLVM re-checks testdata/constants.txt with llvm-mc-19
// by placing each token in a source of the matching type on gfx1100.
func TestConstantsAgainstLLVM(t *testing.T) {
	path := needLLVM(t)
	g, _ := ParseGen("gfx1100")
	tmpl := map[string][2]string{
		"f32": {"v_fma_f32 v5, ", ", v2, v3"},
		"b32": {"v_bfi_b32 v5, ", ", v2, v3"},
		"f16": {"v_fma_f16 v5, ", ", v2, v3"},
		"f64": {"v_fma_f64 v[6:7], ", ", v[2:3], v[4:5]"},
		"b64": {"v_mad_u64_u32 v[6:7], s0, v2, v3, ", ""},
	}
	cases := readCases(t, "constants.txt", 4)
	lines := make([]string, len(cases))
	for i, c := range cases {
		tm := tmpl[c.fields[0]]
		lines[i] = tm[0] + c.fields[1] + tm[1]
	}
	res := runMC(t, path, g, lines)
	for i, c := range cases {
		r := res[i]
		switch want := c.fields[2]; want {
		case "error":
			if r.err == "" {
				t.Errorf("constants.txt:%d: llvm accepts %q", c.line, lines[i])
			}
		case "literal":
			if r.err != "" || len(r.enc) != 12 || "0x"+hex32(uint32(r.enc[8])|uint32(r.enc[9])<<8|uint32(r.enc[10])<<16|uint32(r.enc[11])<<24) != c.fields[3] {
				t.Errorf("constants.txt:%d: llvm gives %s (%s)", c.line, FormatEncoding(r.enc), r.err)
			}
		default:
			tm := tmpl[c.fields[0]]
			if r.err != "" || len(r.enc) != 8 || r.text != tm[0]+want+tm[1] {
				t.Errorf("constants.txt:%d: llvm gives %q %s (%s)", c.line, r.text, FormatEncoding(r.enc), r.err)
			}
		}
	}
}
