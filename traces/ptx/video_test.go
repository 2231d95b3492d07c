package ptx

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// warpFormCases are forms of the warp-synchronous and video instructions
// with the front end's answer (accepted: want "", else the start of its
// message); every case whose PTX version ptxas (CUDA 11.8: up to 7.8) reads
// is checked against ptxas too, so the front end accepts what ptxas
// accepts and rejects what it rejects.
var warpFormCases = []struct {
	version, target, inst, want string
}{
	{"7.8", "sm_90", "vadd.u32.u32.u32 %r1, %r2, 5", ""},
	{"7.8", "sm_90", "vadd.u32.u32.u32 %r1, 5, %r2", ""},
	{"7.8", "sm_90", "vadd.u32.u32.u32.add %r1, %r2, %r3, 7", ""},
	{"7.8", "sm_90", "vadd.u32.u32.u32 %r1, %r2, %r3, %r4", ""},
	{"7.8", "sm_90", "vadd.u32.u32.u32.sat.add %r1, %r2, %r3, %r4", ""},
	{"7.8", "sm_90", "vadd.u32.u32.u32 %r1.b1, %r2, %r3, %r4", ""},
	{"7.8", "sm_90", "vabsdiff.u32.u32.u32.sat %r1.h1, %r2.b3, %r3.h1, %r4", ""},
	{"7.8", "sm_90", "vmin.s32.s32.s32.max %r1, %r2, %r3, %r4", ""},
	{"7.8", "sm_90", "vadd.u32.u32.u32.add %r1.b1, %r2, %r3, %r4", "vadd.u32.u32.u32.add: a destination selector and a secondary operation cannot be combined"},
	{"7.8", "sm_90", "vadd.u32.u32.u32 %r1, %r2.h2, %r3", "vadd.u32.u32.u32: bad video selector .h2 for operand 2"},
	{"7.8", "sm_90", "vset.u32.u32.lt %r1, %r2, %r3", ""},
	{"7.8", "sm_90", "vset.u32.s32.lt.add %r1, %r2, %r3, %r4", ""},
	{"7.8", "sm_90", "vset.u32.u32.u32.lt %r1, %r2, %r3", "vset.u32.u32.u32.lt: vset takes two type suffixes (.atype.btype)"},
	{"7.8", "sm_90", "vset.u32.u32.ne.sat %r1, %r2, %r3", "vset.u32.u32.ne.sat: modifier .sat is not valid for vset"},
	{"7.8", "sm_90", "vshl.u32.u32.u32.wrap %r1, %r2, %r3", ""},
	{"7.8", "sm_90", "vshl.u32.u32.s32.wrap %r1, %r2, %r3", "vshl.u32.u32.s32.wrap: the shift amount of vshl is .u32"},
	{"7.8", "sm_90", "vshr.u32.u32.u32 %r1, %r2, %r3", "vshr.u32.u32.u32: vshr needs .wrap or .clamp"},
	{"7.8", "sm_90", "vmad.s32.s32.s32 %r1, -%r2, -%r3, -%r4", ""},
	{"7.8", "sm_90", "vmad.s32.s32.s32 %r1, -%r2, %r3, -%r4", "vmad.s32.s32.s32: vmad negates either the product (a xor b) or c, not both"},
	{"7.8", "sm_90", "vmad.u32.u32.u32.po.shr7 %r1, %r2.h0, %r3.b1, %r4", ""},
	{"7.8", "sm_90", "vmad.s32.s32.s32.po %r1, -%r2, %r3, %r4", "vmad.s32.s32.s32.po: .po cannot be combined with negated operands"},
	{"7.8", "sm_90", "vmad.u32.u32.u32.shr7.shr15 %r1, %r2, %r3, %r4", "vmad.u32.u32.u32.shr7.shr15: .shr7 and .shr15 together"},
	{"7.8", "sm_90", "vmad.u32.u32.u32 %r1.b0, %r2, %r3, %r4", "vmad.u32.u32.u32: vmad takes no destination selector"},
	{"7.8", "sm_90", "vmad.u32.u32.u32.sat %r1, %r2, %r3, %r4", ""},
	{"7.8", "sm_90", "vadd2.u32.u32.u32 %r1.h0, %r2.h01, %r3, %r4", ""},
	{"7.8", "sm_90", "vadd2.u32.u32.u32 %r1.h10, %r2.h10, %r3.h32, %r4", ""},
	{"7.8", "sm_90", "vadd2.u32.u32.u32 %r1.h2, %r2, %r3, %r4", "vadd2.u32.u32.u32: bad video selector .h2 for operand 1"},
	{"7.8", "sm_90", "vsub2.s32.s32.s32 %r1, %r2.h23, %r3.h32, %r4", ""},
	{"7.8", "sm_90", "vset2.u32.u32.ne.sat %r1, %r2, %r3, %r4", "vset2.u32.u32.ne.sat: modifier .sat is not valid for vset2"},
	{"7.8", "sm_90", "vadd4.u32.u32.u32 %r1.b31, %r2.b7654, %r3.b0123, %r4", ""},
	{"7.8", "sm_90", "vadd4.u32.u32.u32 %r1.b3210, %r2.b3210, %r3.b7654, %r4", ""},
	{"7.8", "sm_90", "vadd4.u32.u32.u32 %r1, %r2, %r3, 0", "vadd4.u32.u32.u32: the SIMD video instructions take registers, not immediates"},
	{"7.8", "sm_90", "vadd4.u32.u32.u32.sat.add %r1, %r2, %r3, %r4", "vadd4.u32.u32.u32.sat.add: .sat and the accumulate .add cannot be combined"},
	{"7.8", "sm_90", "vadd4.u32.u32.u32.min %r1, %r2, %r3, %r4", "vadd4.u32.u32.u32.min: the SIMD forms take only the accumulate .add"},
	{"7.8", "sm_90", "vadd4.u32.u32.u32 %r1.b00, %r2, %r3, %r4", "vadd4.u32.u32.u32: bad video selector .b00 for operand 1"},
	{"7.8", "sm_90", "vadd4.u32.u32.u32 %r1.b3, %r2.b7, %r3.b7654, %r4", "vadd4.u32.u32.u32: bad video selector .b7 for operand 2"},
	{"7.8", "sm_20", "vadd4.u32.u32.u32 %r1, %r2, %r3, %r4", "vadd4.u32.u32.u32: requires sm_30 or later"},
	{"7.8", "sm_90", "match.any.sync.b32 %r1, %r2, -1", ""},
	{"7.8", "sm_90", "match.all.sync.b64 %r1|%p1, %rd2, %r3", ""},
	{"7.8", "sm_90", "match.any.sync.b64 %r1|%p1, %rd2, %r3", "match.any.sync.b64: only match.all has a predicate result"},
	{"7.8", "sm_61", "match.any.sync.b32 %r1, %r2, -1", "match.any.sync.b32: requires sm_70 or later"},
	{"7.8", "sm_90", "redux.sync.min.s32 %r1, %r2, -1", ""},
	{"7.8", "sm_90", "redux.sync.and.b32 %r1, %r2, -1", ""},
	{"7.8", "sm_90", "redux.sync.add.b32 %r1, %r2, -1", "redux.sync.add.b32: redux.add takes .u32 or .s32"},
	{"7.8", "sm_75", "redux.sync.add.u32 %r1, %r2, -1", "redux.sync.add.u32: requires sm_80 or later"},
	{"8.0", "sm_90", "elect.sync %r1|%p1, -1", ""},
	{"8.0", "sm_90", "elect.sync _|%p1, -1", ""},
	{"8.0", "sm_90", "elect.sync %r1, -1", "elect.sync: elect.sync writes d|p"},
	{"7.8", "sm_90", "elect.sync %r1|%p1, -1", "elect.sync: requires PTX ISA 8.0 or later"},
}

func warpFormModule(version, target, inst string) string {
	return fmt.Sprintf(".version %s\n.target %s\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n"+
		"\t.reg .b32 %%r<6>;\n\t.reg .b64 %%rd<3>;\n\t.reg .pred %%p<2>;\n\tld.param.u64 %%rd1, [p];\n"+
		"\tld.global.u32 %%r2, [%%rd1];\n\tld.global.u32 %%r3, [%%rd1+4];\n\tld.global.u32 %%r4, [%%rd1+8];\n"+
		"\tmov.b64 %%rd2, {%%r2, %%r3};\n\t%s;\n\tst.global.u32 [%%rd1], %%r1;\n\tret;\n}\n", version, target, inst)
}

// TestWarpAndVideoForms checks the table above.
func TestWarpAndVideoForms(t *testing.T) {
	ptxas, _ := exec.LookPath("ptxas")
	dir := t.TempDir()
	for i, c := range warpFormCases {
		src := warpFormModule(c.version, c.target, c.inst)
		_, err := Parse("k.ptx", []byte(src))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s on %s (PTX %s): %v", c.inst, c.target, c.version, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s on %s (PTX %s): error %v, want %q", c.inst, c.target, c.version, err, c.want)
		}
		if ptxas == "" || c.version > "7.8" {
			continue
		}
		f := filepath.Join(dir, fmt.Sprintf("c%d.ptx", i))
		if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		out, perr := exec.Command(ptxas, "-arch="+c.target, f, "-o", f+".o").CombinedOutput()
		if (perr == nil) != (c.want == "") {
			t.Errorf("ptxas on %s for %s (PTX %s): accepted %v, the table says %v\n%s", c.inst, c.target, c.version, perr == nil, c.want == "", out)
		}
	}
}
