package amdgpu

import (
	"github.com/gpusim/gpusim/traces"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParseAMDGPU: no input makes the AMDGPU front end panic; an accepted
// program has well-formed kernels (branch targets inside the code).
func FuzzParseAMDGPU(f *testing.F) {
	files, _ := filepath.Glob("../samples/amd/*_gfx1100.s")
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(string(src))
		}
	}
	for _, line := range strings.Split(`v_fma_f32 v5, -v3, |v4|, 1.0 clamp mul:2
s_waitcnt vmcnt(0) & lgkmcnt(1)
global_load_b32 v1, v0, s[4:5] offset:-16 glc
ds_write2_b32 v0, v1, v2 offset0:1 offset1:255
v_dual_mov_b32 v0, s0 :: v_dual_add_nc_u32 v1, v2, v3
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3
s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_2)`, "\n") {
		f.Add(amdKernelFile("gfx1100", line))
		f.Add(amdKernelFile("gfx90a", line))
	}
	f.Fuzz(func(t *testing.T, src string) {
		prog, err := Parse("f.s", []byte(src))
		if err != nil {
			if _, ok := err.(*traces.Error); !ok {
				t.Fatalf("error %v is a %T", err, err)
			}
			return
		}
		for _, k := range prog.Kernels {
			for i := range k.Code {
				in := &k.Code[i]
				if traces.AMDOp(in.Op) == nil {
					t.Fatalf("kernel %s instruction %d: opcode %d is not AMD", k.Name, i, in.Op)
				}
				if in.Target < 0 || int(in.Target) > len(k.Code) {
					t.Fatalf("kernel %s instruction %d: target %d", k.Name, i, in.Target)
				}
			}
		}
	})
}
