package warp

import (
	"strings"
	"testing"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
)

// Forms gpusim cannot execute are compile-time errors naming the file,
// line, column and instruction, never a panic or a silent skip.
func TestCompileErrors(t *testing.T) {
	cases := []struct{ body, msg string }{
		{"div.approx.f32 %f3, %f1, %f2", "test.ptx:1:1: div.approx.f32: not supported yet (div.approx and div.full: no silicon model in package alu yet)"},
		{"div.full.f32 %f3, %f1, %f2", "div.full.f32: not supported yet"},
		{"mov.u32 %r1, 0\ndiv.f32 %f3, %f1, %f2", "test.ptx:2:1: div.f32: div.f32 needs a rounding modifier"},
		{"tanh.approx.f16 %h2, %h1", "tanh.approx.f16: not supported yet"},
		{"rsqrt.approx.f64 %fd2, %fd1", "rsqrt.approx.f64: not supported yet (rsqrt.approx.f64 without .ftz)"},
		{"atom.global.add.noftz.f16 %h1, [%rd1], %h2", "unknown suffix"},
		{"atom.global.add.f16 %h1, [%rd1], %h2", "not supported yet (atomic add on .f16)"},
		{"atom.local.add.u32 %r1, [%rd1], 1", "atomics work on global or shared memory"},
		{"atom.global.inc.u64 %rd2, [%rd1], 1", "atom operation not defined for .u64"},
		{"add.sat.u32 %r3, %r1, %r2", ".sat is only defined for .s32"},
		{"setp.ltu.s32 %p1, %r1, %r2", "unordered comparison of an integer type"},
		{"shf.l.wrap.b64 %rd3, %rd1, %rd2, %r1", "not supported yet (shf of type .b64)"},
		{"cvt.rn.s32.f32 %r1, %f1", "float-to-integer conversions need .rni, .rzi, .rmi or .rpi"},
		{"cvt.f32.s32 %f1, %r1", "integer-to-float conversions need .rn, .rz, .rm or .rp"},
		{"cvt.f32.f64 %f1, %fd1", "a narrowing conversion needs .rn, .rz, .rm or .rp"},
		{"min.xorsign.abs.f16 %h3, %h1, %h2", "unknown suffix"},
		{"bra NOWHERE", "undefined label"},
		{"cvta.u64 %rd1, %rd2", "cvta needs a state space"},
		{"abs.u32 %r2, %r1", "abs needs a signed type"},
		{"popc.b16 %r1, %rs1", "popc.b16: type .b16"},
	}
	for _, c := range cases {
		p, err := assemble(c.body + "\nret")
		if err == nil {
			_, err = Compile(p, p.Kernels[0], 32)
		}
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s:\n got %v\nwant ...%s", c.body, err, c.msg)
		}
	}
}

// The same through the PTX front end: the message names the user's file.
func TestCompileErrorFromPTX(t *testing.T) {
	const src = `.version 7.0
.target sm_75
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .f32 %f<4>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	ld.global.f32 %f1, [%rd1];
	div.approx.f32 %f2, %f1, %f1;
	st.global.f32 [%rd1], %f2;
	ret;
}
`
	p, err := traces.ParsePTX("approx.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, err = NewLaunch(LaunchConfig{Program: p, Kernel: p.Kernels[0], Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}, Model: testModel()})
	if err == nil || !strings.HasPrefix(err.Error(), "approx.ptx:10:2: div.approx.f32: not supported yet") {
		t.Errorf("got %v", err)
	}
}

func TestLaunchChecks(t *testing.T) {
	p, err := assemble("ex2.approx.f32 %f1, %f1\nret")
	if err != nil {
		t.Fatal(err)
	}
	k := p.Kernels[0]
	cfg := LaunchConfig{Program: p, Kernel: k, Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1}}
	if _, err := NewLaunch(cfg); err == nil || !strings.Contains(err.Error(), "kernel k: the numerics model has no ex2.approx.f32") {
		t.Errorf("launch without a model: %v", err)
	}
	cfg.Model = &alu.Model{Ex2F32Ftz: alu.Ex2F32Ftz}
	if _, err := NewLaunch(cfg); err == nil {
		t.Error("launch with a model lacking ex2.approx.f32 accepted")
	}
	cfg.Model = testModel()
	cfg.Block = [3]uint32{0, 1, 1}
	if _, err := NewLaunch(cfg); err == nil {
		t.Error("empty block accepted")
	}
	cfg.Block = [3]uint32{32, 1, 1}
	cfg.Width = 65
	if _, err := NewLaunch(cfg); err == nil {
		t.Error("warp width 65 accepted")
	}
	cfg.Width = 64
	l, err := NewLaunch(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if l.WarpsPerBlock() != 1 || l.ThreadsPerBlock() != 32 {
		t.Errorf("%d warps of %d threads", l.WarpsPerBlock(), l.ThreadsPerBlock())
	}
	if _, err := l.NewBlock([3]uint32{1, 0, 0}, 0); err == nil {
		t.Error("block outside the grid accepted")
	}
}
