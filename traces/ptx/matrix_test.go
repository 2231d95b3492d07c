package ptx

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/traces"
)

// matrixModule wraps one instruction in a module with registers of every
// type a fragment uses.
func matrixModule(version, target, inst string) string {
	return fmt.Sprintf(".version %s\n.target %s\n.address_size 64\n"+
		".visible .entry k(.param .u64 p)\n{\n"+
		"\t.reg .b32 %%r<40>;\n\t.reg .f32 %%f<40>;\n\t.reg .f64 %%fd<40>;\n\t.reg .b64 %%rd<10>;\n"+
		"\t.reg .pred %%p<4>;\n\t.reg .f16x2 %%hh<10>;\n\t.shared .align 16 .b8 sm[4096];\n"+
		"\t%s;\n\tret;\n}\n", version, target, inst)
}

// vecOf writes a fragment vector of n registers named prefix+i from first.
func vecOf(prefix string, first, n int) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s%d", prefix, first+i)
	}
	b.WriteByte('}')
	return b.String()
}

// mmaCase is one multiply-accumulate form written out with operands of the
// right sizes.
func mmaInst(wmma bool, f traces.MMAForm, alayout, blayout string) string {
	m := traces.Matrix{Shape: f.Shape, D: f.D, A: f.A, B: f.B, C: f.C}
	reg := func(e traces.MatElem, frag uint8, first int) string {
		n := traces.FragRegs(wmma, f.Shape, frag, e)
		switch e {
		case traces.ElemF32:
			return vecOf("%f", first, n)
		case traces.ElemF64:
			return vecOf("%fd", first, n)
		}
		return vecOf("%r", first, n)
	}
	types := fmt.Sprintf(".%s.%s.%s.%s", m.D, m.A, m.B, m.C)
	name := "mma.sync.aligned"
	if wmma {
		name = "wmma.mma.sync.aligned"
		if f.A == traces.ElemF16 {
			types = fmt.Sprintf(".%s.%s", m.D, m.C)
		}
	}
	op := ""
	switch f.BitOp {
	case traces.BitXor:
		op = ".xor.popc"
	case traces.BitAnd:
		op = ".and.popc"
	}
	if wmma {
		name = strings.Replace(name, "wmma.mma", "wmma.mma"+op, 1)
		op = ""
	}
	return fmt.Sprintf("%s.%s.%s.%s%s%s %s, %s, %s, %s", name, alayout, blayout, f.Shape, types, op,
		reg(f.D, traces.FragD, 0), reg(f.A, traces.FragA, 10), reg(f.B, traces.FragB, 20), reg(f.C, traces.FragC, 30))
}

// fmtNeed is the lowest .version/.target pair a form needs, as ptxas
// (CUDA 11.8) spells them.
func fmtNeed(n traces.Need) (string, string) {
	v := max(n.PTX, 63) // .aligned, which the cases write, is PTX ISA 6.3

	return fmt.Sprintf("%d.%d", v/10, v%10), fmt.Sprintf("sm_%d", n.SM)
}

// TestMatrixForms parses every wmma.mma and mma form of traces' tables at
// its minimum target (and ptxas, when installed, agrees it is valid there),
// and checks one target lower is refused.
func TestMatrixForms(t *testing.T) {
	ptxas, _ := exec.LookPath("ptxas")
	dir := t.TempDir()
	n := 0
	for _, wmma := range []bool{false, true} {
		for _, f := range traces.MMAForms(wmma) {
			layouts := [][2]string{{"row", "col"}}
			if f.AnyLayout {
				layouts = [][2]string{{"row", "col"}, {"col", "row"}, {"row", "row"}, {"col", "col"}}
			}
			for _, l := range layouts {
				inst := mmaInst(wmma, f, l[0], l[1])
				v, tg := fmtNeed(f.Need)
				src := matrixModule(v, tg, inst)
				p, err := Parse("k.ptx", []byte(src))
				if err != nil {
					t.Errorf("%s (PTX %s, %s): %v", inst, v, tg, err)
					continue
				}
				in := &p.Kernels[0].Code[0]
				if in.Mat.Shape != f.Shape || in.Mat.A != f.A || in.Mat.D != f.D || in.NSrc != 3 || in.Src[0].Kind != traces.OpdVec {
					t.Errorf("%s: decoded %+v", inst, in.Mat)
				}
				lower := matrixModule(v, fmt.Sprintf("sm_%d", f.Need.SM-1), inst)
				if f.Need.SM > 70 {
					if _, err := Parse("k.ptx", []byte(lower)); err == nil || !strings.Contains(err.Error(), "requires sm_") {
						t.Errorf("%s on sm_%d: error %v, want a target error", inst, f.Need.SM-1, err)
					}
				}
				if ptxas != "" && f.Need.PTX <= 78 {
					path := filepath.Join(dir, fmt.Sprintf("m%d.ptx", n))
					n++
					if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
						t.Fatal(err)
					}
					if out, err := exec.Command(ptxas, "-arch="+tg, "-o", os.DevNull, path).CombinedOutput(); err != nil {
						t.Errorf("ptxas -arch=%s rejects %s: %v\n%s", tg, inst, err, out)
					}
				}
			}
		}
	}
}

// asyncCases are the async-copy, mbarrier, ldmatrix and hint forms: each
// parses at its target (want "") or gives the error named.
var asyncCases = []struct {
	version, target, inst, want string
}{
	{"7.0", "sm_80", "cp.async.ca.shared.global [%r1], [%rd1], 4", ""},
	{"7.0", "sm_80", "cp.async.ca.shared.global [%r1], [%rd1], 8, %r2", ""},
	{"7.0", "sm_80", "cp.async.cg.shared.global [%r1], [%rd1], 16, 0", ""},
	{"7.5", "sm_80", "cp.async.ca.shared.global [%r1], [%rd1], 16, %p1", ""},
	{"7.4", "sm_80", "cp.async.cg.shared.global.L2::cache_hint [%r1], [%rd1], 16, %rd2", ""},
	{"7.4", "sm_80", "cp.async.cg.shared.global.L2::128B [%r1], [%rd1], 16", ""},
	{"7.8", "sm_80", "cp.async.ca.shared::cta.global [sm], [%rd1], 4", ""},
	{"7.0", "sm_80", "cp.async.cg.shared.global [%r1], [%rd1], 8", "cp.async.cg copies 16 bytes"},
	{"7.0", "sm_80", "cp.async.ca.shared.global [%r1], [%rd1], 12", "cp-size must be 4, 8 or 16"},
	{"7.0", "sm_80", "cp.async.ca.shared.global [%r1], [%rd1], 4, 8", "src-size 8 is larger than cp-size 4"},
	{"7.0", "sm_80", "cp.async.ca.global.shared [%r1], [%rd1], 4", "expected .shared.global"},
	{"7.0", "sm_75", "cp.async.ca.shared.global [%r1], [%rd1], 4", "requires sm_80"},
	{"7.0", "sm_80", "cp.async.commit_group", ""},
	{"7.0", "sm_80", "cp.async.wait_group 1", ""},
	{"7.0", "sm_80", "cp.async.wait_group %r1", "the group count must be an integer constant"},
	{"7.0", "sm_80", "cp.async.wait_all", ""},
	{"7.0", "sm_80", "cp.async.mbarrier.arrive.shared.b64 [%r1]", ""},
	{"7.0", "sm_80", "cp.async.mbarrier.arrive.noinc.shared.b64 [%r1]", ""},
	{"8.0", "sm_90", "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 256, [%r2]", ""},
	{"8.0", "sm_90", "cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r1], 256", ""},
	{"8.0", "sm_90", "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%rd1], [%r1], 256, %rd2", ""},
	{"8.0", "sm_90", "cp.async.bulk.commit_group", ""},
	{"8.0", "sm_90", "cp.async.bulk.wait_group.read 0", ""},
	{"8.0", "sm_90", "cp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r1], 20", "multiple of 16"},
	{"8.0", "sm_90", "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r2, %r3}], [%r4]", "instruction not supported"},
	{"7.0", "sm_80", "mbarrier.init.shared.b64 [%r1], 32", ""},
	{"7.0", "sm_80", "mbarrier.inval.shared.b64 [%r1]", ""},
	{"7.0", "sm_80", "mbarrier.arrive.shared.b64 %rd1, [%r1]", ""},
	{"7.0", "sm_80", "mbarrier.arrive.noComplete.shared.b64 %rd1, [%r1], 2", ""},
	{"7.0", "sm_80", "mbarrier.arrive_drop.shared.b64 %rd1, [%r1]", ""},
	{"8.0", "sm_90", "mbarrier.arrive.expect_tx.shared.b64 %rd1, [%r1], 256", ""},
	{"8.0", "sm_90", "mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r1]", ""},
	{"7.0", "sm_80", "mbarrier.arrive.expect_tx.shared.b64 %rd1, [%r1], 256", "requires sm_90"},
	{"8.0", "sm_90", "mbarrier.expect_tx.relaxed.cta.shared.b64 [%r1], 128", ""},
	{"8.0", "sm_90", "mbarrier.complete_tx.relaxed.cta.shared.b64 [%r1], 128", ""},
	{"7.0", "sm_80", "mbarrier.test_wait.shared.b64 %p1, [%r1], %rd1", ""},
	{"7.1", "sm_80", "mbarrier.test_wait.parity.shared.b64 %p1, [%r1], %r2", ""},
	{"7.8", "sm_90", "mbarrier.try_wait.shared.b64 %p1, [%r1], %rd1", ""},
	{"7.8", "sm_90", "mbarrier.try_wait.parity.shared.b64 %p1, [%r1], %r2, 1000", ""},
	{"7.0", "sm_80", "mbarrier.pending_count.b64 %r1, %rd1", ""},
	{"7.0", "sm_80", "mbarrier.init.global.b64 [%rd1], 32", "an mbarrier object lives in shared memory"},
	{"7.0", "sm_80", "mbarrier.arrive.parity.shared.b64 %rd1, [%r1]", "unexpected modifier"},
	{"6.5", "sm_75", "ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r1}, [%r2]", ""},
	{"6.5", "sm_75", "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%r1, %r2}, [%r3]", ""},
	{"6.5", "sm_75", "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r1, %r2, %r3, %r4}, [%rd1]", ""},
	{"6.5", "sm_75", "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r1, %r2}, [%rd1]", "expected a vector of 4 .b32 registers, found 2"},
	{"6.5", "sm_75", "ldmatrix.sync.aligned.m8n8.x2.global.b16 {%r1, %r2}, [%rd1]", "works on .shared or generic addresses"},
	{"7.8", "sm_90", "stmatrix.sync.aligned.m8n8.x4.shared.b16 [%r1], {%r2, %r3, %r4, %r5}", ""},
	{"7.8", "sm_80", "stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%r1], {%r2}", "requires sm_90"},
	{"7.8", "sm_75", "movmatrix.sync.aligned.m8n8.trans.b16 %r1, %r2", ""},
	{"7.8", "sm_75", "movmatrix.sync.aligned.m8n8.b16 %r1, %r2", "needs .trans"},
	{"6.0", "sm_70", "wmma.load.a.sync.m16n16k16.row.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1]", ""},
	{"6.3", "sm_70", "wmma.load.a.sync.aligned.m16n16k16.global.row.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1], 32", ""},
	{"6.3", "sm_70", "wmma.load.a.sync.m16n16k16.row.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1]", "needs .aligned"},
	{"6.3", "sm_70", "wmma.load.c.sync.aligned.m16n16k16.col.f32 {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, [%rd1]", ""},
	{"6.3", "sm_70", "wmma.store.d.sync.aligned.m16n16k16.shared.row.f32 [%r1], {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}, %r2", ""},
	{"6.3", "sm_72", "wmma.load.a.sync.aligned.m32n8k16.row.s8 {%r1, %r2, %r3, %r4}, [%rd1]", ""},
	{"6.3", "sm_75", "wmma.load.a.sync.aligned.m8n8k32.row.s4 {%r1}, [%rd1]", ""},
	{"6.3", "sm_75", "wmma.load.b.sync.aligned.m8n8k32.row.s4 {%r1}, [%rd1]", "the .b fragment of .s4 is .col only"},
	{"7.0", "sm_80", "wmma.load.a.sync.aligned.m16n16k8.row.tf32 {%r1, %r2, %r3, %r4}, [%rd1]", ""},
	{"7.0", "sm_80", "wmma.load.c.sync.aligned.m8n8k4.row.f64 {%fd1, %fd2}, [%rd1]", ""},
	{"7.0", "sm_80", "wmma.load.a.sync.aligned.m16n16k16.row.f64 {%fd1}, [%rd1]", ".m16n16k16 has no .a fragment of .f64 elements"},
	{"6.3", "sm_70", "wmma.store.c.sync.aligned.m16n16k16.row.f32 [%rd1], {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8}", "wmma.store stores the .d fragment"},
	{"7.0", "sm_80", "wmma.mma.sync.aligned.row.col.m8n8k4.rz.f64.f64.f64.f64 {%fd1, %fd2}, {%fd3}, {%fd4}, {%fd5, %fd6}", ""},
	{"7.0", "sm_80", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3}, {%r5, %r6}, {%f5, %f6, %f7, %f8}", "expected a vector of 4 .f16x2 registers, found 3"},
	{"7.0", "sm_80", "mma.sync.aligned.m16n8k16.col.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f5, %f6, %f7, %f8}", "takes .row.col only"},
	{"7.0", "sm_80", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32.satfinite {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f5, %f6, %f7, %f8}", ".satfinite applies to"},
	{"7.0", "sm_80", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%f9, %f10, %f11, %f12}, {%r5, %r6}, {%f5, %f6, %f7, %f8}", "register %f9 is .f32, which does not match .f16x2"},
	{"7.0", "sm_80", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, %f4}, {%hh1, %hh2, %hh3, %hh4}, {%hh5, %hh6}, {%f5, %f6, %f7, %f8}", ""},
	{"7.0", "sm_80", "mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e4m3.e4m3.f32 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f5, %f6, %f7, %f8}", "unknown modifier .kind::f8f6f4"},
	{"7.0", "sm_80", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16 {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f5, %f6, %f7, %f8}", "expected the element types"},
	{"7.4", "sm_80", "createpolicy.fractional.L2::evict_last.b64 %rd1, 1.0", ""},
	{"7.4", "sm_80", "createpolicy.fractional.L2::evict_last.L2::evict_unchanged.b64 %rd1, 0f3f000000", ""},
	{"7.4", "sm_80", "createpolicy.range.global.L2::evict_last.L2::evict_first.b64 %rd1, [%rd2], 1024, 4096", ""},
	{"7.4", "sm_80", "createpolicy.cvt.L2.b64 %rd1, %rd2", ""},
	{"7.4", "sm_80", "discard.global.L2 [%rd1], 128", ""},
	{"7.4", "sm_80", "applypriority.global.L2::evict_normal [%rd1], 128", ""},
	{"7.4", "sm_80", "discard.global.L2 [%rd1], 64", "the size must be 128"},
	{"8.0", "sm_90", "fence.proxy.async.shared::cta", ""},
	{"8.0", "sm_90", "fence.proxy.async", ""},
	{"7.8", "sm_80", "fence.proxy.async", "requires sm_90"},
}

// TestAsyncForms parses the cases; ptxas (when installed) agrees on the
// valid ones whose PTX ISA it knows (CUDA 11.8: up to 7.8).
func TestAsyncForms(t *testing.T) {
	ptxas, _ := exec.LookPath("ptxas")
	dir := t.TempDir()
	for i, c := range asyncCases {
		src := matrixModule(c.version, c.target, c.inst)
		_, err := Parse("k.ptx", []byte(src))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s (PTX %s, %s): %v", c.inst, c.version, c.target, err)
			continue
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s (PTX %s, %s): error %v, want %q", c.inst, c.version, c.target, err, c.want)
			continue
		}
		if ptxas == "" || c.want != "" || c.version > "7.8" {
			continue
		}
		path := filepath.Join(dir, fmt.Sprintf("a%d.ptx", i))
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(ptxas, "-arch="+c.target, "-o", os.DevNull, path).CombinedOutput(); err != nil {
			t.Errorf("ptxas -arch=%s rejects %s: %v\n%s", c.target, c.inst, err, out)
		}
	}
}
