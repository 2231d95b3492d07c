package ptx

import (
	"errors"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/traces/ptx"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/alu"
)

// compileBody is a kernel for sm_90 (PTX ISA 8.3) whose body is body (on
// line 16 on), with registers %f (.f32), %fd (.f64), %h, %rs (.b16), %hh, %r
// (.b32), %rd (.b64), %rq (.b128) and %p (.pred), for TestCompileErrors.
func compileBody(body string) string {
	return `.version 8.3
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .f32 %f<8>;
	.reg .f64 %fd<8>;
	.reg .b16 %h<8>;
	.reg .b16 %rs<8>;
	.reg .b32 %hh<8>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	.reg .b128 %rq<4>;
	.reg .pred %p<8>;
$L0:
` + body + "\n\tret;\n}\n"
}

// Forms gpusim cannot execute, or that PTX does not define, are errors
// naming the file, line, column and instruction, never a panic or a silent
// skip: the front end rejects what PTX does not define (its modifier and
// type rules, traces/ptx/check.go), the compiler what gpusim cannot run.
func TestCompileErrors(t *testing.T) {
	cases := []struct{ body, msg string }{
		{"div.approx.f64 %fd3, %fd1, %fd2", "test.ptx:16:1: div.approx.f64: div.f64 needs exactly a rounding modifier"},
		{"div.full.sat.f32 %f3, %f1, %f2", ".sat is not valid for div"},
		{"div.full.rn.f32 %f3, %f1, %f2", "div.full.rn.f32: div.f32 needs exactly one of .approx, .full or a rounding modifier"},
		{"mov.u32 %r1, 0;\ndiv.f32 %f3, %f1, %f2", "test.ptx:17:1: div.f32: div.f32 needs exactly one of .approx, .full or a rounding modifier"},
		{"sin.approx.f16 %h2, %h1", "sin.approx.f16: .f16 is not a valid type for sin"},
		{"rsqrt.approx.bf16x2 %hh2, %hh1", ".bf16x2 is not a valid type for rsqrt"},
		{"tanh.approx.ftz.f16 %h2, %h1", "modifier .ftz is not valid for tanh"},
		{"rcp.approx.f64 %fd2, %fd1", "rcp.approx.f64: rcp.approx.f64 needs .ftz"},
		{"atom.global.add.u16 %rs1, [%rd1], %rs2", "atom.global.add.u16: .u16 is not a valid type for atom"},
		{"atom.global.v8.f16.add.noftz {%h1, %h2, %h3, %h4, %h5, %h6, %h7, %h0}, [%rd1], {%h3, %h4, %h5, %h6, %h7, %h0, %h1, %h2}", "vector width .v8 is not supported"},
		{"atom.shared.v2.f32.add {%f1, %f2}, [%rd1], {%f3, %f4}", "vector atomics are not supported"},
		{"atom.global.v2.f32.max {%f1, %f2}, [%rd1], {%f3, %f4}", "vector atomics are not supported"},
		{"ld.global.v2.b128 {%rq1, %rq2}, [%rd1]", ".v2 of .b128 is wider than 128 bits"},
		{"ld.global.b128 %rd2, [%rd1]", "register %rd2 is .b64, which does not match .b128"},
		{"mov.b128 {%r1, %r2, %r3}, %rq1", "cannot split .b128 into 3 elements"},
		{"lop3.b32 %r1|%p1, %r2, %r3, %r4, 0xfe, %p2", "lop3.b32: expected 5 operands, found 6"},
		{"atom.local.add.u32 %r1, [%rd1], 1", "atomics work on .global, .shared or generic addresses only"},
		{"atom.global.inc.u64 %rd2, [%rd1], 1", ".u64 is not valid for atom.inc"},
		{"add.sat.u32 %r3, %r1, %r2", ".sat is valid only for add.s32, sub.s32 and mad.hi.s32"},
		{"setp.ltu.s32 %p1, %r1, %r2", "unordered comparisons apply to floating-point types only"},
		{"shf.l.wrap.b64 %rd3, %rd1, %rd2, %r1", ".b64 is not a valid type for shf"},
		{"cvt.rn.s32.f32 %r1, %f1", "a float-to-integer conversion needs an integer rounding modifier"},
		{"cvt.f32.s32 %f1, %r1", "an integer-to-float conversion needs a rounding modifier"},
		{"cvt.f32.f64 %f1, %fd1", "a narrowing float conversion needs a rounding modifier"},
		{"min.xorsign.abs.f64 %fd3, %fd1, %fd2", ".NaN and .xorsign are not valid for .f64"},
		{"min.xorsign.f32 %f3, %f1, %f2", ".xorsign and .abs go together"},
		{"max.relu.f32 %f3, %f1, %f2", "modifier .relu is not valid for max"},
		{"bra NOWHERE", "undefined label NOWHERE"},
		{"cvta.u64 %rd1, %rd2", "missing the state space"},
		{"abs.u32 %r2, %r1", ".u32 is not a valid type for abs"},
		{"popc.b16 %r1, %rs1", ".b16 is not a valid type for popc"},
		{"tanh.approx.tf32 %r1, %r2", ".tf32 is not a valid type for tanh"},
		{"cvt.rn.tf32.f32 %r1, %f1", "conversion to .tf32 is cvt.rna.tf32.f32 or cvt.frnd.satfinite.tf32.f32"},
	}
	for _, c := range cases {
		p, err := ptx.Parse("test.ptx", []byte(compileBody(c.body+";")))
		if err == nil {
			_, err = Compile(p, p.Kernels[0], 32)
		}
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s:\n got %v\nwant ...%s", c.body, err, c.msg)
		}
		// Front end and compiler alike: one positioned error type.
		var de *diag.Error
		if err != nil && (!errors.As(err, &de) || de.File != "test.ptx" || de.Line < 16) {
			t.Errorf("%s: %T %v is not a *diag.Error at its line", c.body, err, de)
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
