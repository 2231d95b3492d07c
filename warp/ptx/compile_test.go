package ptx

import (
	"github.com/gpusim/gpusim/traces/ptx"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/alu"
)

// Forms gpusim cannot execute are compile-time errors naming the file,
// line, column and instruction, never a panic or a silent skip.
func TestCompileErrors(t *testing.T) {
	cases := []struct{ body, msg string }{
		{"div.approx.f64 %fd3, %fd1, %fd2", "test.ptx:1:1: div.approx.f64: div.approx and div.full are defined only for .f32"},
		{"div.full.sat.f32 %f3, %f1, %f2", ".sat is not defined for div"},
		{"div.full.rn.f32 %f3, %f1, %f2", "div.full.rn.f32: div.approx and div.full are defined only for .f32, without a rounding modifier"},
		{"mov.u32 %r1, 0\ndiv.f32 %f3, %f1, %f2", "test.ptx:2:1: div.f32: div.f32 needs a rounding modifier"},
		{"sin.approx.f16 %h2, %h1", "sin.approx.f16: sin is not defined for .f16 (PTX has only ex2 and tanh on 16-bit floats)"},
		{"rsqrt.approx.bf16x2 %hh2, %hh1", "rsqrt is not defined for .bf16x2"},
		{"tanh.approx.ftz.f16 %h2, %h1", "tanh has no .ftz form"},
		{"rcp.approx.f64 %fd2, %fd1", "rcp.approx.f64: rcp.approx.f64 exists only with .ftz"},
		{"atom.global.add.u16 %rs1, [%rd1], %rs2", "atom operation not defined for .u16"},
		{"atom.global.v8.f16.add.noftz {%h1, %h2}, [%rd1], {%h3, %h4}", "not supported yet (.v8 atomics"},
		{"atom.shared.v2.f32.add {%f1, %f2}, [%rd1], {%f3, %f4}", "vector atomics work on global memory only"},
		{"atom.global.v2.f32.max {%f1, %f2}, [%rd1], {%f3, %f4}", "vector atomics take .f32 (add) or 16-bit float types"},
		{"atom.global.v2.f16.add.noftz {%h1, %h2}, [%rd1], {%h3}", "expects 2 operands, has 1"},
		{"ld.global.v2.b128 {%rq1, %rq2}, [%rd1]", ".v2 of .b128 is wider than 128 bits"},
		{"ld.global.b128 %rd2, [%rd1]", "register %rd2 is .b64, not .b128"},
		{"mov.b128 {%r1, %r2, %r3}, %rq1", "cannot split .b128 into 3 parts"},
		{"lop3.or.b32 %r1|%p1, %r2, %r3, %r4, 0xfe", "expects a, b, c, an immediate truth table and a predicate"},
		{"lop3.b32 %r1|%p1, %r2, %r3, %r4, 0xfe, %p2", "lop3 with a predicate result needs .and or .or"},
		{"atom.local.add.u32 %r1, [%rd1], 1", "atomics work on global or shared memory"},
		{"atom.global.inc.u64 %rd2, [%rd1], 1", "atom operation not defined for .u64"},
		{"add.sat.u32 %r3, %r1, %r2", ".sat is only defined for .s32"},
		{"setp.ltu.s32 %p1, %r1, %r2", "unordered comparison of an integer type"},
		{"shf.l.wrap.b64 %rd3, %rd1, %rd2, %r1", "shf is defined only for .b32"},
		{"cvt.rn.s32.f32 %r1, %f1", "float-to-integer conversions need .rni, .rzi, .rmi or .rpi"},
		{"cvt.f32.s32 %f1, %r1", "integer-to-float conversions need .rn, .rz, .rm or .rp"},
		{"cvt.f32.f64 %f1, %fd1", "a narrowing conversion needs .rn, .rz, .rm or .rp"},
		{"min.xorsign.abs.f64 %fd3, %fd1, %fd2", ".xorsign.abs is not defined for .f64"},
		{"min.xorsign.f32 %f3, %f1, %f2", ".xorsign and .abs go together"},
		{"max.relu.f32 %f3, %f1, %f2", ".relu is defined only for integer min/max"},
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
	.reg .b32 %r<2>;
	ld.global.f32 %f1, [%rd1];
	shfl.sync.bfly.b32 %r1, %r1, 1, 31, -1;
	st.global.f32 [%rd1], %f2;
	ret;
}
`
	p, err := ptx.Parse("width.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, err = NewLaunch(LaunchConfig{Program: p, Kernel: p.Kernels[0], Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{24, 1, 1}, Model: testModel(), Width: 24})
	if err == nil || !strings.HasPrefix(err.Error(), "width.ptx:11:2: shfl.sync.bfly.b32: not supported yet (shfl with a warp width of 24)") {
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
	// The approximate divisions run MUFU.RCP through the model too.
	pd, err := assemble("div.full.f32 %f1, %f1, %f2\nret")
	if err != nil {
		t.Fatal(err)
	}
	dcfg := LaunchConfig{Program: pd, Kernel: pd.Kernels[0], Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{32, 1, 1},
		Model: &alu.Model{RcpApproxF32: alu.RcpApproxF32}}
	if _, err := NewLaunch(dcfg); err == nil || !strings.Contains(err.Error(), "no div.full.f32 (MUFU.RCP, rcp.approx.ftz.f32)") {
		t.Errorf("div.full.f32 without MUFU.RCP in the model: %v", err)
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
