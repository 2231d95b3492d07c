package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestAsmCDNA5 runs `gpusim asm` for CDNA 5 (gfx1250, gfx1251): its VOP3
// layout is RDNA 4's and v_div_fixup_f32 has opcode 551 there (AMD's
// machine-readable ISA specification), so it encodes with the RDNA 4 bytes
// (llvm-mc-19 for gfx1200), and disasm reads them back.
func TestAsmCDNA5(t *testing.T) {
	const inst = "v_div_fixup_f32 v5, v1, v2, s3"
	const enc = "[0x05,0x00,0x27,0xd6,0x01,0x05,0x0e,0x00]"
	for _, arch := range []string{"gfx1200", "gfx1250", "gfx1251"} {
		var out, errb bytes.Buffer
		if code := run([]string{"asm", "-arch", arch, inst}, &out, &errb); code != exitOK {
			t.Fatalf("asm -arch %s: exit %d: %s", arch, code, errb.String())
		}
		if got := strings.TrimSpace(out.String()); !strings.HasSuffix(got, "; encoding: "+enc) || !strings.HasPrefix(got, inst) {
			t.Errorf("asm -arch %s: %q, want %s ; encoding: %s", arch, got, inst, enc)
		}
		out.Reset()
		if code := run([]string{"disasm", "-arch", arch, enc}, &out, &errb); code != exitOK || !strings.Contains(out.String(), inst) {
			t.Errorf("disasm -arch %s %s: exit %d: %q %s", arch, enc, code, out.String(), errb.String())
		}
	}
	// An instruction whose CDNA 5 opcode no source gives is refused, not
	// guessed.
	var out, errb bytes.Buffer
	if code := run([]string{"asm", "-arch", "gfx1250", "v_fma_f32 v5, v1, v2, s3"}, &out, &errb); code != exitUsage ||
		!strings.Contains(errb.String(), "v_fma_f32 is not supported on gfx1250") {
		t.Errorf("asm -arch gfx1250 v_fma_f32: exit %d: %s", code, errb.String())
	}
}
