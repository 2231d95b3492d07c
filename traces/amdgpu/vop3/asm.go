package vop3

import (
	"strconv"
	"strings"
)

// Parse parses one instruction (a single line; a trailing ';' or '//'
// comment is ignored) into its decoded form, applying every rule Assemble
// applies. Errors are *SyntaxError with line 1.
func Parse(g Gen, text string) (Inst, error) {
	if !g.valid() {
		return Inst{}, &SyntaxError{Line: 1, Col: 1, Msg: "invalid Gen (use ParseGen)"}
	}
	if strings.ContainsRune(text, '\n') {
		return Inst{}, &SyntaxError{Line: 1, Col: strings.IndexByte(text, '\n') + 1, Msg: "Parse takes one line; use Assemble for several"}
	}
	in, ok, err := parseLine(g, text, 1)
	if err != nil {
		return Inst{}, err
	}
	if !ok {
		return Inst{}, &SyntaxError{Line: 1, Col: 1, Msg: "expected an instruction"}
	}
	return in, nil
}

// Assemble assembles text, one instruction per line (blank lines and ';' or
// '//' comments are skipped), into machine code. Errors are *SyntaxError
// values carrying the line and column.
func Assemble(g Gen, text string) ([]byte, error) {
	if !g.valid() {
		return nil, &SyntaxError{Line: 1, Col: 1, Msg: "invalid Gen (use ParseGen)"}
	}
	var out []byte
	for i, line := range strings.Split(text, "\n") {
		in, ok, err := parseLine(g, line, i+1)
		if err != nil {
			return nil, err
		}
		if ok {
			out = appendWords(g, &in, out)
		}
	}
	return out, nil
}

// Disassemble decodes the instruction at the start of b and returns its
// canonical text and its size in bytes (8, or 12 with a literal).
func Disassemble(g Gen, b []byte) (text string, n int, err error) {
	in, n, err := Decode(g, b)
	if err != nil {
		return "", 0, err
	}
	return Format(g, &in), n, nil
}

// FormatEncoding writes bytes the way llvm-mc -show-encoding does:
// [0x05,0x00,0x27,0xd6].
func FormatEncoding(b []byte) string {
	return string(AppendEncoding(nil, b))
}

// AppendEncoding appends FormatEncoding(enc) to b.
func AppendEncoding(b, enc []byte) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '[')
	for i, c := range enc {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '0', 'x', hex[c>>4], hex[c&15])
	}
	return append(b, ']')
}

// ShowEncoding assembles text and returns, per instruction, the line
// llvm-mc-19 -show-encoding prints: a tab, the canonical text padded to 40
// columns (at least one space), "; encoding: " and the bytes. Lines are
// joined with '\n'.
func ShowEncoding(g Gen, text string) (string, error) {
	if !g.valid() {
		return "", &SyntaxError{Line: 1, Col: 1, Msg: "invalid Gen (use ParseGen)"}
	}
	var out []byte
	for i, line := range strings.Split(text, "\n") {
		in, ok, err := parseLine(g, line, i+1)
		if err != nil {
			return "", err
		}
		if !ok {
			continue
		}
		if len(out) > 0 {
			out = append(out, '\n')
		}
		out = appendShowEncoding(out, g, &in)
	}
	return string(out), nil
}

// EncodingLine returns the single-space form the gpusim CLI prints:
// "v_div_fixup_f32 v5, v1, v2, s3 ; encoding: [0x05,...]".
func EncodingLine(g Gen, in *Inst) (string, error) {
	enc, err := Encode(g, in, nil)
	if err != nil {
		return "", err
	}
	b := AppendText(nil, g, in)
	b = append(b, " ; encoding: "...)
	return string(AppendEncoding(b, enc)), nil
}

func appendShowEncoding(out []byte, g Gen, in *Inst) []byte {
	out = append(out, '\t')
	start := len(out)
	out = AppendText(out, g, in)
	width := len(out) - start
	for pad := max(1, 40-width); pad > 0; pad-- {
		out = append(out, ' ')
	}
	out = append(out, "; encoding: "...)
	return AppendEncoding(out, appendWords(g, in, nil))
}

// ParseEncoding reads "[0x05,0x00,…]" (brackets optional, commas or spaces
// between bytes) as printed by FormatEncoding.
func ParseEncoding(s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "[")
	s = strings.TrimSuffix(s, "]")
	var out []byte
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		v, err := strconv.ParseUint(f, 0, 8)
		if err != nil {
			return nil, &SyntaxError{Line: 1, Col: 1, Msg: "invalid byte " + strconv.Quote(f)}
		}
		out = append(out, byte(v))
	}
	return out, nil
}
