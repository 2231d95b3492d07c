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

// texCases are texture and surface instruction forms with what the front
// end says: "" accepted, else the start of its error after "k.ptx:L:C: ".
// TestTexForms checks the front end against the table and, when ptxas
// (CUDA 11.8) is installed, the table against ptxas, so every accepted
// form is one ptxas accepts and every rejected one ptxas rejects too.
// Forms ptxas accepts that gpusim refuses as not supported are listed in
// texUnsupported.
var texCases = []struct {
	indep bool // texmode_independent, with .samplerref smp
	inst  string
	want  string
}{
	{false, "tex.1d.v4.f32.s32 {%f2,%f3,%f4,%f5}, [t1, %r1]", ""},
	{false, "tex.1d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1}]", ""},
	{false, "tex.1d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, %f1]", ""},
	{false, "tex.2d.v4.s32.s32 {%r2,%r3,%r4,%r5}, [%rd1, {%r1, %r1}]", ""},
	{false, "tex.2d.v4.u32.f32 {%r2,%r3,%r4,%r5}, [%rd1, {%f1, %f1}]", ""},
	{false, "tex.2d.v2.f16x2.f32 {%h1,%h2}, [%rd1, {%f1, %f1}]", ""},
	{false, "tex.2d.v4.f16.f32 {%hs1,%hs2,%hs3,%hs0}, [%rd1, {%f1, %f1}]", ""},
	{false, "tex.3d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1, %f1, %f1}]", ""},
	{false, "tex.3d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1, %f1}]", "tex.3d.v4.f32.f32: the coordinates vector has 3 elements"},
	{false, "tex.a1d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %f1}]", ""},
	{false, "tex.a2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %f1, %f1, %f1}]", ""},
	{false, "tex.a2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1, %f1, %f1}]", "tex.a2d.v4.f32.f32: register %f1 is .f32, which does not match .u32"},
	{false, "tex.a2d.v4.f32.s32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %r1, %r1, %r1}]", ""},
	{false, "tex.cube.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1, %f1, %f1}]", ""},
	{false, "tex.cube.v4.f32.s32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %r1, %r1, %r1}]", "tex.cube.v4.f32.s32: cube maps need .f32 coordinates"},
	{false, "tex.acube.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %f1, %f1, %f1}]", ""},
	{false, "tex.level.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1}], %f1", ""},
	{false, "tex.level.2d.v4.f32.s32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %r1}], %r1", ""},
	{false, "tex.level.2d.v4.f32.s32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %r1}], %f1", "tex.level.2d.v4.f32.s32: register %f1 is .f32, which does not match .s32"},
	{false, "tex.level.cube.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1, %f1, %f1}], %f1", ""},
	{false, "tex.level.a2d.v4.u32.f32 {%r2,%r3,%r4,%r5}, [%rd1, {%r1, %f1, %f1, %f1}], %f1", ""},
	{false, "tex.grad.1d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1}], {%f1}, {%f1}", ""},
	{false, "tex.grad.2d.v4.f32.s32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %r1}], {%f1,%f1}, {%f1,%f1}", ""},
	{false, "tex.grad.a2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %f1, %f1, %f1}], {%f1,%f1}, {%f1,%f1}", ""},
	{false, "tex.grad.3d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1, %f1, %f1}], {%f1,%f1,%f1,%f1}, {%f1,%f1,%f1,%f1}", ""},
	{false, "tex.grad.3d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1, %f1, %f1}], {%f1,%f1}, {%f1,%f1}", "tex.grad.3d.v4.f32.f32: the gradient dPdx vector has 2 elements"},
	{false, "tex.grad.cube.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1, %f1, %f1}], {%f1,%f1,%f1,%f1}, {%f1,%f1,%f1,%f1}", ""},
	{false, "tex.grad.acube.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %f1, %f1, %f1}], {%f1,%f1,%f1,%f1}, {%f1,%f1,%f1,%f1}", ""},
	{false, "tex.base.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1}]", ""},
	{false, "tex.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1}], {%r1, %r1}", ""},
	{false, "tex.1d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1}], %r1", ""},
	{false, "tex.3d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1, %f1, %f1}], {%r1, %r1, %r1, %r1}", ""},
	{false, "tex.cube.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1, %f1, %f1}], {%r1, %r1, %r1, %r1}", "tex.cube.v4.f32.f32: cube maps take no texel offsets"},
	{false, "tex.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, 0f3F000000}]", ""},
	{false, "tex.2d.v4.f32.f32 {%f2,%f3,%f4,_}, [%rd1, {%f1, %f1}]", ""},
	{false, "tex.2d.v4.f32.f32 {%r2,%r3,%r4,%r5}, [%rd1, {%f1, %f1}]", ""},
	{false, "tex.2d.v4.s32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1}]", "tex.2d.v4.s32.f32: register %f2 is .f32, which does not match .s32"},
	{false, "tex.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%r1, {%f1, %f1}]", "tex.2d.v4.f32.f32: %r1 is .b32; a texref handle is a .u64 register"},
	{false, "tex.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [su1, {%f1, %f1}]", "tex.2d.v4.f32.f32: su1 is a .surfref, expected a .texref"},
	{false, "tex.2d.f32.f32 %f2, [%rd1, {%f1, %f1}]", "tex.2d.f32.f32: needs .v4"},
	{false, "tex.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [t1, {%f1, %f1}]", ""},
	{true, "tex.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [t1, smp, {%f1, %f1}]", ""},
	{true, "tex.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, %rd1, {%f1, %f1}]", ""},
	{true, "tex.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [t1, {%f1, %f1}]", "tex.2d.v4.f32.f32: texmode_independent needs a sampler"},
	{true, "tex.1d.v4.f32.s32 {%f2,%f3,%f4,%f5}, [t1, {%r1}]", "tex.1d.v4.f32.s32: texmode_independent needs a sampler"},
	{false, "tld4.r.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1}]", ""},
	{false, "tld4.a.2d.v4.s32.f32 {%r2,%r3,%r4,%r5}, [%rd1, {%f1, %f1}]", ""},
	{false, "tld4.r.a2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %f1, %f1, %f1}]", ""},
	{false, "tld4.r.cube.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1, %f1, %f1}]", ""},
	{false, "tld4.r.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1}], {%r1,%r1}", ""},
	{false, "tld4.r.2d.v4.f32.s32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %r1}]", "tld4.r.2d.v4.f32.s32: .s32 is not a valid source type for tld4"},
	{false, "tld4.r.1d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1}]", "tld4.r.1d.v4.f32.f32: tld4 gathers from .2d, .a2d, .cube and .acube textures only"},
	{false, "txq.width.b32 %r2, [%rd1]", ""},
	{false, "txq.normalized_coords.b32 %r2, [t1]", ""},
	{false, "txq.num_mipmap_levels.b32 %r2, [t1]", ""},
	{false, "txq.array_size.b32 %r2, [t1]", ""},
	{false, "txq.channel_order.b32 %r2, [t1]", ""},
	{false, "txq.filter_mode.b32 %r2, [t1]", ""},
	{false, "txq.addr_mode_0.b32 %r2, [t1]", ""},
	{false, "txq.level.width.b32 %r2, [t1], %r1", ""},
	{false, "txq.level.width.b32 %r2, [%rd1], %f1", "txq.level.width.b32: register %f1 is .f32, which does not match .s32"},
	{false, "txq.level.filter_mode.b32 %r2, [%rd1], %r1", "txq.level.filter_mode.b32: txq.level queries .width, .height or .depth"},
	{true, "txq.filter_mode.b32 %r2, [smp]", ""},
	{false, "suq.width.b32 %r2, [%rd1]", ""},
	{false, "suq.channel_data_type.b32 %r2, [su1]", ""},
	{false, "suq.memory_layout.b32 %r2, [su1]", ""},
	{false, "suq.depth.b32 %r2, [su1]", ""},
	{false, "suq.width.b32 %r2, [%rd1], %r1", "suq.width.b32: expected 2 operands, found 3"},
	{false, "suld.b.1d.b32.trap {%r2}, [%rd1, {%r1}]", ""},
	{false, "suld.b.1d.b32.trap %r2, [%rd1, %r1]", ""},
	{false, "suld.b.2d.v2.b32.clamp {%r2,%r3}, [%rd1, {%r1,%r1}]", ""},
	{false, "suld.b.3d.v4.b8.zero {%r2,%r3,%r4,%r5}, [%rd1, {%r1,%r1,%r1,%r1}]", ""},
	{false, "suld.b.a1d.b16.trap {%hs1}, [%rd1, {%r1,%r1}]", ""},
	{false, "suld.b.a2d.b64.trap {%rd2}, [%rd1, {%r1,%r1,%r1,%r1}]", ""},
	{false, "suld.b.2d.ca.b32.trap {%r2}, [su1, {%r1,%r1}]", ""},
	{false, "suld.b.2d.b32.trap {%f2}, [%rd1, {%r1,%r1}]", ""},
	{false, "suld.b.2d.v4.b64.trap {%rd2,%rd2,%rd2,%rd2}, [%rd1, {%r1,%r1}]", "suld.b.2d.v4.b64.trap: .v4 of .b64 is wider than 128 bits"},
	{false, "suld.b.2d.b32 {%r2}, [su1, {%r1,%r1}]", "suld.b.2d.b32: missing the out-of-range mode"},
	{false, "suld.p.2d.v4.b32.trap {%r2,%r3,%r4,%r5}, [su1, {%r1,%r1}]", "suld.p.2d.v4.b32.trap: suld.p (formatted surface loads) was removed from PTX"},
	{false, "suld.b.2d.b32.trap {%r2}, [%rd1, {%f1,%f1}]", "suld.b.2d.b32.trap: register %f1 is .f32, which does not match .s32"},
	{false, "suld.b.2d.b32.trap {%r2}, [%rd1, {%r1,%r1,%r1}]", "suld.b.2d.b32.trap: the coordinates vector has 3 elements"},
	{false, "sust.b.2d.b32.trap [su1, {%r1,%r1}], {%r2}", ""},
	{false, "sust.b.2d.b32.trap [su1, {%r1,%r1}], %r2", ""},
	{false, "sust.p.2d.v4.b32.trap [su1, {%r1,%r1}], {%r1,%r1,%r1,%r1}", ""},
	{false, "sust.p.2d.v4.b32.trap [su1, {%r1,%r1}], {%f1,%f1,%f1,%f1}", ""},
	{false, "sust.p.1d.b32.zero [su1, {%r1}], {%r1}", ""},
	{false, "sust.p.a2d.b32.zero [su1, {%r1,%r1,%r1,%r1}], {%r1}", ""},
	{false, "sust.b.3d.v2.b16.clamp [%rd1, {%r1,%r1,%r1,%r1}], {%hs1,%hs1}", ""},
	{false, "sust.b.2d.wt.b32.trap [su1, {%r1,%r1}], {%r2}", ""},
	{false, "sust.b.2d.b8.trap [%rd1, {%r1,%r1}], {%hs1}", ""},
	{false, "sust.b.2d.b8.trap [%rd1, {%r1,%r1}], {%r1}", ""},
	{false, "sust.b.2d.v4.b32.trap [%rd1, {%r1,%r1}], {%f1,%f1,%f1,%f1}", ""},
	{false, "sust.b.cube.b32.trap [%rd1, {%r1,%r1,%r1,%r1}], {%r1}", "sust.b.cube.b32.trap: .cube is not a geometry of this surface instruction"},
	{false, "sured.b.add.2d.u32.trap [su1, {%r1,%r1}], %r2", ""},
	{false, "sured.b.add.2d.s32.trap [su1, {%r1,%r1}], %r2", ""},
	{false, "sured.b.add.1d.u64.zero [%rd1, {%r1}], %rd2", ""},
	{false, "sured.b.add.2d.s64.trap [%rd1, {%r1,%r1}], %rd2", "sured.b.add.2d.s64.trap: .s64 is not a valid type for sured"},
	{false, "sured.b.add.2d.b32.trap [%rd1, {%r1,%r1}], %r2", "sured.b.add.2d.b32.trap: .b32 is not a valid type for this sured operation"},
	{false, "sured.b.min.1d.s32.clamp [%rd1, {%r1}], %r2", ""},
	{false, "sured.b.max.2d.u32.trap [%rd1, {%r1,%r1}], %r2", ""},
	{false, "sured.b.max.2d.u64.trap [%rd1, {%r1,%r1}], %rd2", "sured.b.max.2d.u64.trap: .u64 is not a valid type for this sured operation"},
	{false, "sured.b.and.2d.b32.trap [%rd1, {%r1,%r1}], %r2", ""},
	{false, "sured.b.or.2d.u32.trap [%rd1, {%r1,%r1}], %r2", "sured.b.or.2d.u32.trap: .u32 is not a valid type for this sured operation"},
	{false, "sured.p.and.2d.b32.trap [su1, {%r1,%r1}], %r2", ""},
	{false, "sured.p.min.2d.b32.trap [su1, {%r1,%r1}], %r2", ""},
	{false, "sured.p.add.2d.u32.trap [%rd1, {%r1,%r1}], %r2", "sured.p.add.2d.u32.trap: .u32 is not a valid type for this sured operation"},
	{false, "sured.b.add.a1d.u32.trap [%rd1, {%r1,%r1}], %r2", "sured.b.add.a1d.u32.trap: .a1d is not a geometry of this surface instruction"},
	{false, "sured.b.add.2d.u32.trap [su1, {%r1,%r1}], {%r2}", "sured.b.add.2d.u32.trap: sured takes one value, not a vector"},
	{false, "istypep.texref %p1, %rd1", ""},
	{false, "istypep.surfref %p1, %rd1", ""},
	{false, "istypep.samplerref %p1, %rd1", ""},
	{false, "istypep.texref %p1, t1", "istypep.texref: expected a .u64 register, found t1"},
	{false, "istypep.texref %p1, %r1", "istypep.texref: register %r1 is .b32, which does not match .u64"},
	{false, "mov.u64 %rd2, t1", ""},
	{false, "mov.u64 %rd2, su1", ""},
	{false, "ld.global.u64 %rd2, [t1]", "ld.global.u64 %rd2, [t1]: t1 is a .texref"},
}

// texUnsupported are forms ptxas accepts that gpusim refuses, with why.
var texUnsupported = []struct {
	inst, want string
}{
	{"tex.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}|%p1, [%rd1, {%f1, %f1}]", "residency predicate"},        // sparse textures (PTX 7.1)
	{"tex.2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [%rd1, {%f1, %f1}], {%r1, %r1}, %f1", "depth-compare"}, // shadow samplers: CUDA has no compare function
	{"tex.2dms.v4.f32.s32 {%f2,%f3,%f4,%f5}, [%rd1, {%r1, %r1, %r1, %r1}]", "multisample"},        // no CUDA or launch-file source of multisample textures
}

func texModule(indep bool, version, inst string) string {
	mode, smp := "", ""
	if indep {
		mode, smp = ", texmode_independent", ".global .samplerref smp;\n"
	}
	return fmt.Sprintf(".version %s\n.target sm_75%s\n.address_size 64\n.global .texref t1;\n%s.global .surfref su1;\n"+
		".visible .entry k(.param .u64 o, .param .u64 h)\n{\n\t.reg .f32 %%f<20>;\n\t.reg .b32 %%r<20>;\n\t.reg .b64 %%rd<5>;\n"+
		"\t.reg .pred %%p<4>;\n\t.reg .f16x2 %%h<4>;\n\t.reg .b16 %%hs<4>;\n\tld.param.u64 %%rd1, [h];\n\t%s;\n\tret;\n}\n", version, mode, smp, inst)
}

func TestTexForms(t *testing.T) {
	ptxas, _ := exec.LookPath("ptxas")
	dir := t.TempDir()
	check := func(i int, indep bool, version, inst, want string, unsupported bool) {
		src := texModule(indep, version, inst)
		_, err := Parse("k.ptx", []byte(src))
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", inst, err)
		case want != "" && err == nil:
			t.Errorf("%s: accepted, want an error %q", inst, want)
		case want != "" && !strings.Contains(err.Error(), want):
			t.Errorf("%s: error %v, want %q", inst, err, want)
		}
		if ptxas == "" {
			return
		}
		f := filepath.Join(dir, fmt.Sprintf("c%d.ptx", i))
		if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		out, perr := exec.Command(ptxas, "-arch=sm_75", f, "-o", f+".o").CombinedOutput()
		if accept := want == "" || unsupported; (perr == nil) != accept {
			t.Errorf("ptxas on %s: accepted %v, the table says %v\n%s", inst, perr == nil, accept, out)
		}
	}
	for i, c := range texCases {
		check(i, c.indep, "7.0", c.inst, c.want, false)
	}
	for i, c := range texUnsupported {
		check(1000+i, false, "7.1", c.inst, c.want, true)
	}
}

// TestTexDecode checks the operand conventions of traces/ir_tex.go on a
// few forms.
func TestTexDecode(t *testing.T) {
	src := texModule(true, "7.0", "tex.grad.a2d.v4.f32.f32 {%f2,%f3,%f4,%f5}, [t1, smp, {%r1, %f6, %f7, %f8}], {%f9,%f10}, {%f11,%f12}")
	p, err := Parse("k.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if p.TexMode != traces.TexIndependent || len(p.TexRefs) != 3 || p.TexRefs[1].Kind != traces.OpaqueSampler {
		t.Fatalf("module: mode %v, refs %+v", p.TexMode, p.TexRefs)
	}
	k := p.Kernels[0]
	in := &k.Code[1]
	if in.Op != traces.OpTex || in.Geom != traces.GeomA2D || in.Mode != traces.TexGrad || in.NDst != 4 || in.NSrc != 3 {
		t.Fatalf("decoded %+v", in)
	}
	if in.Src[0].Kind != traces.OpdTexRef || in.Src[0].Imm != 0 || in.Src[1].Kind != traces.OpdTexRef || in.Src[1].Imm != 1 {
		t.Errorf("texture and sampler %+v %+v", in.Src[0], in.Src[1])
	}
	var names []string
	for _, o := range in.Ext {
		names = append(names, k.Regs[o.Reg].Name)
	}
	if got := strings.Join(names, " "); got != "%r1 %f6 %f7 %f9 %f10 %f11 %f12" {
		t.Errorf("Ext = %s (layer, x, y; dPdx; dPdy; the padding element dropped)", got)
	}
	// The dependency data reads every Ext register.
	d := traces.KernelDeps(k)
	id := d.Insts[1]
	uses := map[int32]bool{}
	for _, s := range d.Slots[id.Use.Lo:id.Use.Hi] {
		uses[s] = true
	}
	for _, o := range in.Ext {
		if !uses[o.Reg] {
			t.Errorf("the dependency data misses %s", k.Regs[o.Reg].Name)
		}
	}
}
