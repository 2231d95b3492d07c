package ptx

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// targetCases are instruction forms whose minimum target and PTX ISA
// version the front end checks (check.go, formNeed), with the answer ptxas
// (CUDA 11.8) gives: accepted (want "") or the start of the front end's
// message. The bf16 conversions follow the PTX ISA's cvt notes: conversions
// from .bf16 need sm_90, except cvt.f32.bf16, which sm_80 with PTX ISA 7.1
// has (and clang-19 emits for sm_80); bmsk needs sm_70 and PTX ISA 7.6.
var targetCases = []struct {
	version, target, inst, want string
}{
	{"7.1", "sm_80", "cvt.f32.bf16 %f1, %h1", ""},
	{"7.1", "sm_80", "cvt.ftz.f32.bf16 %f1, %h1", ""},
	{"7.1", "sm_75", "cvt.f32.bf16 %f1, %h1", "cvt.f32.bf16: requires sm_80 or later"},
	{"7.0", "sm_80", "cvt.f32.bf16 %f1, %h1", "cvt.f32.bf16: requires PTX ISA 7.1 or later"},
	{"7.1", "sm_80", "cvt.rn.bf16.f32 %h1, %f1", ""},
	{"7.1", "sm_80", "cvt.rn.bf16.f16 %h1, %h1", "cvt.rn.bf16.f16: requires sm_90 or later"},
	{"7.8", "sm_90", "cvt.rn.bf16.f16 %h1, %h1", ""},
	{"7.1", "sm_80", "cvt.f64.bf16 %fd1, %h1", "cvt.f64.bf16: requires sm_90 or later"},
	{"7.8", "sm_90", "cvt.f64.bf16 %fd1, %h1", ""},
	{"7.6", "sm_75", "bmsk.clamp.b32 %r1, %r2, %r3", ""},
	{"7.6", "sm_61", "bmsk.wrap.b32 %r1, %r2, %r3", "bmsk.wrap.b32: requires sm_70 or later"},
	{"7.5", "sm_75", "bmsk.wrap.b32 %r1, %r2, %r3", "bmsk.wrap.b32: requires PTX ISA 7.6 or later"},
}

func targetModule(version, target, inst string) string {
	return fmt.Sprintf(".version %s\n.target %s\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n"+
		"\t.reg .b16 %%h<2>;\n\t.reg .f32 %%f<2>;\n\t.reg .f64 %%fd<2>;\n\t.reg .b32 %%r<4>;\n\t%s;\n\tret;\n}\n", version, target, inst)
}

// TestTargetNeeds checks the front end's target and version rules on the
// cases above, and the cases themselves against ptxas when it is installed.
func TestTargetNeeds(t *testing.T) {
	ptxas, _ := exec.LookPath("ptxas")
	dir := t.TempDir()
	for i, c := range targetCases {
		src := targetModule(c.version, c.target, c.inst)
		_, err := Parse("k.ptx", []byte(src))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s on %s (PTX %s): %v", c.inst, c.target, c.version, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s on %s (PTX %s): error %v, want %q", c.inst, c.target, c.version, err, c.want)
		}
		if ptxas == "" {
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
