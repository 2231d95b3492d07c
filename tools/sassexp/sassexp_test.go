package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
)

// TestTablesCurrent regenerates every expansion table with the installed
// ptxas and compares it with the committed one (CI installs CUDA 11.8; the
// test skips without it). A difference means ptxas, the form list, the
// class table or a preset changed: rerun go run ./tools/sassexp.
func TestTablesCurrent(t *testing.T) {
	if _, err := exec.LookPath("ptxas"); err != nil {
		t.Skip("ptxas not installed")
	}
	tc, err := findTools("")
	if err != nil {
		t.Skip(err)
	}
	if tc.release != "11.8" {
		t.Skipf("ptxas %s: the committed tables are from 11.8", tc.version)
	}
	root := filepath.Join("..", "..")
	forms, _, err := formList(root)
	if err != nil {
		t.Fatal(err)
	}
	targets, err := presetArchs("")
	if err != nil {
		t.Fatal(err)
	}
	if len(targets) < 4 {
		t.Fatalf("targets %v: want every NVIDIA preset", targets)
	}
	for _, tg := range targets {
		got, err := generate(tc, forms, tg, false)
		if err != nil {
			t.Fatalf("%s: %v", tg.arch, err)
		}
		path := filepath.Join(root, "config", "presets", "expand", tg.arch+".toml")
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what ptxas %s makes now: rerun go run ./tools/sassexp", path, tc.version)
		}
	}
}

// TestCoverage: every form of the bundled samples and the test corpus is
// either in the table or left out for a stated reason, and the forms
// issue 17 names are all in.
func TestCoverage(t *testing.T) {
	forms, skipped, err := formList(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	in := map[string]bool{}
	for _, f := range forms {
		in[f] = true
	}
	for _, f := range builtinForms {
		if !in[f] {
			t.Errorf("built-in form %s is not in the list", f)
		}
	}
	for _, s := range skipped {
		if s[1] == "" {
			t.Errorf("%s left out without a reason", s[0])
		}
		if s[0] == "div.rn.f32" || s[0] == "ex2.approx.f32" {
			t.Errorf("%s left out: %s", s[0], s[1])
		}
	}
	e, ok, err := config.ExpansionsFor("sm_80")
	if !ok || err != nil {
		t.Fatal(err)
	}
	missing := map[string]bool{}
	for _, u := range e.Unavailable {
		missing[u.PTX] = true
	}
	for _, f := range forms {
		if _, ok := e.Form(f); !ok && !missing[f] {
			t.Errorf("sm_80 table has no row for %s", f)
		}
	}
}

// sassSample is a cuobjdump -sass listing of one kernel (sqrt.rn.f32 on
// sm_80, abridged slow path), with its encodings.
const sassSample = `
	code for sm_80
		Function : k
	.headerflags    @"EF_CUDA_SM80 EF_CUDA_PTX_SM(EF_CUDA_SM80)"
        /*0000*/                   MOV R1, c[0x0][0x28] ;                /* 0x00000a0000017a02 */
                                                                         /* 0x000fc40000000f00 */
        /*0010*/                   MOV R2, c[0x0][0x160] ;               /* 0x0000580000027a02 */
                                                                         /* 0x000fe20000000f00 */
        /*0020*/                   MOV R3, c[0x0][0x164] ;               /* 0x0000590000037a02 */
                                                                         /* 0x000fca0000000f00 */
        /*0030*/                   LDG.E.STRONG.SYS R0, [R2.64] ;        /* 0x0000000402007981 */
                                                                         /* 0x000ea2000c1f5900 */
        /*0040*/                   IADD3 R4, R0, -0xd000000, RZ ;        /* 0xf300000000047810 */
                                                                         /* 0x004fe20007ffe0ff */
        /*0050*/                   MUFU.RSQ R5, R0 ;                     /* 0x0000000000057308 */
                                                                         /* 0x000e260000001400 */
        /*0060*/                   ISETP.GT.U32.AND P0, PT, R4, 0x727fffff, PT ; /* 0x727fffff0400780c */
                                                                         /* 0x000fda0003f04070 */
        /*0070*/              @!P0 BRA 0xc0 ;                            /* 0x0000004000008947 */
                                                                         /* 0x000fea0003800000 */
        /*0080*/                   MOV R6, 0xa0 ;                        /* 0x000000a000067802 */
                                                                         /* 0x000fe40000000f00 */
        /*0090*/                   CALL.REL.NOINC 0x120 ;                /* 0x0000008000007944 */
                                                                         /* 0x001fea0003c00000 */
        /*00a0*/                   MOV R5, R0 ;                          /* 0x0000000000057202 */
                                                                         /* 0x000fe20000000f00 */
        /*00b0*/                   BRA 0x100 ;                           /* 0x0000004000007947 */
                                                                         /* 0x000fea0003800000 */
        /*00c0*/                   FMUL.FTZ R7, R0, R5 ;                 /* 0x0000000500077220 */
                                                                         /* 0x001fc80000410000 */
        /*00d0*/                   FMUL.FTZ R5, R5, 0.5 ;                /* 0x3f00000005057820 */
                                                                         /* 0x000fe40000410000 */
        /*00e0*/                   FFMA R0, -R7, R7, R0 ;                /* 0x0000000707007223 */
                                                                         /* 0x000fc80000000100 */
        /*00f0*/                   FFMA R5, R0, R5, R7 ;                 /* 0x0000000500057223 */
                                                                         /* 0x000fca0000000007 */
        /*0100*/                   STG.E [R2.64+0x28], R5 ;              /* 0x0000280502007986 */
                                                                         /* 0x000fe2000c101904 */
        /*0110*/                   EXIT ;                                /* 0x000000000000794d */
                                                                         /* 0x000fea0003800000 */
        /*0120*/                   FFMA R0, R0, 1.84467440737095516160e+19, RZ ; /* 0x5f80000000007823 */
                                                                         /* 0x000fc800000000ff */
        /*0130*/                   MUFU.RSQ R5, R0 ;                     /* 0x0000000000057308 */
                                                                         /* 0x000e240000001400 */
        /*0140*/                   FMUL.FTZ R0, R0, R5 ;                 /* 0x0000000500007220 */
                                                                         /* 0x001fc80000410000 */
        /*0150*/                   MOV R4, R6 ;                          /* 0x0000000600047202 */
                                                                         /* 0x000fe40000000f00 */
        /*0160*/                   RET.REL.NODEC R4 0x0 ;                /* 0xfffffe9004007950 */
                                                                         /* 0x000fea0003c3ffff */
`

// TestExpandSample derives the row of the sample listing without any tool
// installed: the fast path skips the call, the slow path is the call site
// and its subroutine.
func TestExpandSample(t *testing.T) {
	funcs, err := parseSASS(sassSample)
	if err != nil || len(funcs) != 1 {
		t.Fatalf("parseSASS: %d functions, %v", len(funcs), err)
	}
	m, err := config.Load("sm_80", nil)
	if err != nil {
		t.Fatal(err)
	}
	sig, _ := sigOf("sqrt.rn.f32")
	row, err := expand(&funcs[0], "sqrt.rn.f32", sig, m, "test")
	if err != nil {
		t.Fatal(err)
	}
	var ops []string
	for _, op := range row.Ops {
		ops = append(ops, op.SASS)
	}
	want := []string{"IADD3", "MUFU.RSQ", "ISETP.GT.U32.AND", "BRA", "FMUL.FTZ", "FMUL.FTZ", "FFMA", "FFMA"}
	if len(ops) != len(want) {
		t.Fatalf("ops %v, want %v", ops, want)
	}
	for i := range want {
		if ops[i] != want[i] {
			t.Fatalf("ops %v, want %v", ops, want)
		}
	}
	last := row.Ops[len(row.Ops)-1]
	if !last.Out || !row.Ops[1].SB || row.Ops[0].SB || len(row.Ops[1].In) != 1 {
		t.Errorf("rows: %+v", row.Ops)
	}
	// MUFU.RSQ issues at 1 (after IADD3), ready at 24; FMUL 24..28; FFMA
	// 28..32; FFMA 32..36.
	if row.Cycles != 36 || row.Slow == nil || row.Slow.Branch != 3 || row.Slow.Test != 2 || row.Slow.Insts != 9 {
		t.Errorf("cycles %d, slow %+v; want 36 and the branch at 3 tested by 2 over 9 instructions", row.Cycles, row.Slow)
	}
	// The fast path jumps over the call: its branch is taken.
	if !row.Ops[3].Taken {
		t.Errorf("the fast path's BRA is not taken: %+v", row.Ops[3])
	}
	// The slow path: the return address's MOV, the call (taken), the
	// subroutine's FFMA (reading the source), MUFU.RSQ, FMUL and the MOV of
	// the return address, its RET (taken), the MOV of the result and the
	// BRA to the store (taken).
	var slow []string
	for _, op := range row.SlowOps {
		slow = append(slow, op.SASS)
	}
	wantSlow := []string{"MOV", "CALL.REL.NOINC", "FFMA", "MUFU.RSQ", "FMUL.FTZ", "MOV", "RET.REL.NODEC", "MOV", "BRA"}
	if strings.Join(slow, " ") != strings.Join(wantSlow, " ") {
		t.Fatalf("slow ops %v, want %v", slow, wantSlow)
	}
	so := row.SlowOps
	if !so[1].Taken || !so[6].Taken || !so[8].Taken || so[2].Taken || len(so[2].In) != 1 || !so[7].Out || so[4].Out {
		t.Errorf("slow ops: %+v", so)
	}
	// The slow sequence is the fast ops to the branch then the slow ops;
	// the MOV of the result reads the FMUL through the subroutine's MOV
	// and RET, after IADD3, MUFU, ISETP, BRA (0..3).
	if seq := row.SlowSequence(); len(seq) != 4+len(so) || row.Slow.Cycles <= row.Cycles {
		t.Errorf("slow sequence of %d ops, %d cycles (fast %d)", len(seq), row.Slow.Cycles, row.Cycles)
	}
}

// TestRowsAreForms: every committed row is spelled as the front end's
// form of the instruction its kernel decodes to (traces.Inst.Form, the key
// the timing model looks rows up by), so no row is unreachable. No tool
// needed.
func TestRowsAreForms(t *testing.T) {
	for _, arch := range config.ExpansionArchs() {
		e, ok, err := config.ExpansionsFor(arch)
		if !ok || err != nil {
			t.Fatalf("%s: %v", arch, err)
		}
		for _, f := range e.Forms {
			sig, err := sigOf(f.PTX)
			if err != nil {
				t.Errorf("%s %s: %v", arch, f.PTX, err)
				continue
			}
			key, err := unitKey(".version 7.8\n.target sm_90\n.address_size 64\n", f.PTX, sig)
			if err != nil {
				t.Errorf("%s: %v", arch, err)
			} else if key != f.Key {
				t.Errorf("%s %s: key %s, the front end's %s", arch, f.PTX, f.Key, key)
			}
		}
	}
}
