package vop3

import (
	"errors"
	"strings"
	"testing"
)

// TestAsmErrors checks that bad text gives a SyntaxError with the expected
// line, column and message.
func TestAsmErrors(t *testing.T) {
	for _, c := range readCases(t, "asm_errors.txt", 3) {
		g := mustGen(t, c.fields[0], c.fields[0])
		_, err := Assemble(g, c.fields[1])
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("asm_errors.txt:%d: Assemble(%q) = %v, want a SyntaxError", c.line, c.fields[1], err)
			continue
		}
		if !strings.Contains(err.Error(), c.fields[2]) {
			t.Errorf("asm_errors.txt:%d: Assemble(%q) error\n  %v\nwant it to contain\n  %s", c.line, c.fields[1], err, c.fields[2])
		}
		if _, err := Parse(g, c.fields[1]); err == nil {
			t.Errorf("asm_errors.txt:%d: Parse accepts what Assemble rejects", c.line)
		}
	}
}

// TestBadBytes checks that malformed words are errors, never panics.
func TestBadBytes(t *testing.T) {
	for _, c := range readCases(t, "bad_bytes.txt", 3) {
		g := mustGen(t, c.fields[0], c.fields[0])
		b, err := ParseEncoding(c.fields[1])
		if err != nil {
			t.Fatalf("bad_bytes.txt:%d: %v", c.line, err)
		}
		text, n, err := Disassemble(g, b)
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Errorf("bad_bytes.txt:%d: Disassemble(%s) = %q, %d, %v; want a DecodeError", c.line, c.fields[1], text, n, err)
			continue
		}
		if n != 0 || text != "" {
			t.Errorf("bad_bytes.txt:%d: failed decode returned %q, %d", c.line, text, n)
		}
		if !strings.Contains(err.Error(), c.fields[2]) {
			t.Errorf("bad_bytes.txt:%d: error %q, want it to contain %q", c.line, err, c.fields[2])
		}
	}
}

// TestMultiLine checks blank lines, comments and error line numbers.
func TestMultiLine(t *testing.T) {
	g := mustGen(t, "", "gfx1100")
	src := "// the f32 division tail\n\n  v_div_fmas_f32 v0, v1, v2, v3 ; fmas\nv_div_fixup_f32 v0, v0, v4, v5 // fixup\n"
	b, err := Assemble(g, src)
	if err != nil {
		t.Fatal(err)
	}
	want := "[0x00,0x00,0x37,0xd6,0x01,0x05,0x0e,0x04,0x00,0x00,0x27,0xd6,0x00,0x09,0x16,0x04]"
	if FormatEncoding(b) != want {
		t.Errorf("got %s, want %s", FormatEncoding(b), want)
	}
	_, err = Assemble(g, "v_div_fixup_f32 v0, v1, v2, v3\n\n  v_bogus v1")
	if err == nil || err.Error() != `3:3: unknown VOP3 instruction "v_bogus"` {
		t.Errorf("error = %v", err)
	}
	if _, err := Parse(g, "v_rcp_f32_e64 v1, v2\nv_rcp_f32_e64 v1, v2"); err == nil {
		t.Error("Parse accepted two lines")
	}
	if _, err := Parse(g, "  // nothing"); err == nil {
		t.Error("Parse accepted an empty line")
	}
	if out, err := ShowEncoding(g, "\n; only a comment\n"); err != nil || out != "" {
		t.Errorf("ShowEncoding of comments = %q, %v", out, err)
	}
}

// TestZeroGen checks that the zero Gen is an error everywhere.
func TestZeroGen(t *testing.T) {
	var g Gen
	if _, err := Assemble(g, "v_rcp_f32_e64 v1, v2"); err == nil {
		t.Error("Assemble with zero Gen")
	}
	if _, err := Parse(g, "v_rcp_f32_e64 v1, v2"); err == nil {
		t.Error("Parse with zero Gen")
	}
	if _, _, err := Disassemble(g, make([]byte, 12)); err == nil {
		t.Error("Disassemble with zero Gen")
	}
	if _, err := ShowEncoding(g, "v_rcp_f32_e64 v1, v2"); err == nil {
		t.Error("ShowEncoding with zero Gen")
	}
	in := Inst{Op: VRcpF32}
	if _, err := Encode(g, &in, nil); err == nil {
		t.Error("Encode with zero Gen")
	}
	if _, ok := OpcodeIn(g, VRcpF32); ok {
		t.Error("OpcodeIn with zero Gen")
	}
}

// TestAsmErrorsAgainstLLVM checks that llvm-mc-19 rejects the same text,
// except where Assemble is deliberately narrower (it emits VOP3 only, so a
// mnemonic that also names a VOP1/VOP2 form needs its _e64 suffix).
func TestAsmErrorsAgainstLLVM(t *testing.T) {
	path := needLLVM(t)
	// Lines LLVM 19 wrongly accepts: it drops the ABS bit VOP3B lacks, encodes
	// src_scc as an SDST of 0x7d (m0), and emits exec_lo as a lane-mask source
	// with an "Invalid register" comment.
	llvmBugs := map[string]bool{
		"v_div_scale_f32 v5, vcc_lo, |v1|, v2, v3": true,
		"v_div_scale_f32 v5, src_scc, v1, v2, v3":  true,
		"v_cndmask_b32_e64 v1, v2, v3, exec_lo":    true,
	}
	byArch := map[string][]testCase{}
	for _, c := range readCases(t, "asm_errors.txt", 3) {
		if strings.Contains(c.fields[2], "32-bit encoding") || strings.Contains(c.fields[2], "only the VOP3") || llvmBugs[c.fields[1]] {
			continue
		}
		byArch[c.fields[0]] = append(byArch[c.fields[0]], c)
	}
	for arch, cases := range byArch {
		g := mustGen(t, arch, arch)
		lines := make([]string, len(cases))
		for i, c := range cases {
			lines[i] = c.fields[1]
		}
		res := runMC(t, path, g, lines)
		for i, c := range cases {
			if res[i].err == "" {
				t.Errorf("asm_errors.txt:%d: llvm-mc-19 accepts %q as %s", c.line, c.fields[1], FormatEncoding(res[i].enc))
			}
		}
	}
}
