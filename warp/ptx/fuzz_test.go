package ptx

import (
	"errors"
	"fmt"
	"github.com/gpusim/gpusim/traces/ptx"
	"github.com/gpusim/gpusim/warp"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// FuzzPTXExec turns fuzz bytes into a small PTX kernel (a generator picks
// instructions, operands, guards, labels and branches), parses it with the
// PTX front end, compiles it and runs one block of two partial warps with a
// step limit (the generated branches may loop forever). Parse and compile
// errors and execution faults are fine; a panic, or an error that is not a
// positioned value, is a bug.
//
//	go test -run '^$' -fuzz FuzzPTXExec -fuzztime 60s ./warp/
func FuzzPTXExec(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 64; i++ {
		b := make([]byte, 16+rng.IntN(240))
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		runGenerated(t, genPTX(data))
	})
}

// TestGeneratedPTX runs the generator over a fixed set of seeds in every
// test run (the fuzz target's regression suite in miniature).
func TestGeneratedPTX(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var count [numOutcomes]int
	for i := 0; i < 300; i++ {
		b := make([]byte, 32+rng.IntN(400))
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		count[runGenerated(t, genPTX(b))]++
	}
	t.Logf("parse errors %d, compile errors %d, faults %d, deadlocks %d, step limit %d, finished %d",
		count[outParse], count[outCompile], count[outFault], count[outDeadlock], count[outLimit], count[outDone])
	if count[outParse]+count[outCompile] > 30 || count[outDone] < 100 {
		t.Errorf("the generator drifted from what the front end and warp accept: %v", count)
	}
}

// Outcomes of one generated kernel.
const (
	outParse = iota
	outCompile
	outFault
	outDeadlock
	outLimit
	outDone
	numOutcomes
)

// fuzzSteps bounds the warp instructions one generated kernel may execute.
const fuzzSteps = 20000

// runGenerated parses, compiles and runs src and says how far it got.
func runGenerated(t *testing.T, src string) int {
	t.Helper()
	p, err := ptx.Parse("gen.ptx", []byte(src))
	if err != nil {
		if !strings.HasPrefix(err.Error(), "gen.ptx:") {
			t.Fatalf("parse error without a position: %v\n%s", err, src)
		}
		return outParse
	}
	k := p.Kernels[0]
	params := mem.NewSegment(traces.SpaceParam, 0, k.ParamSize, true)
	g := mem.NewGlobal()
	buf, err := g.Alloc(4096, 0)
	if err != nil {
		t.Fatal(err)
	}
	warp.StoreN(params.Data, 8, buf)
	l, err := NewLaunch(LaunchConfig{Program: p, Kernel: k, Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{40, 1, 1},
		Global: g, Params: params, Model: testModel()})
	if err != nil {
		if !strings.HasPrefix(err.Error(), "gen.ptx:") {
			t.Fatalf("compile error without a position: %v\n%s", err, src)
		}
		return outCompile
	}
	b, err := l.NewBlock([3]uint32{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for steps := 0; !b.Done(); {
		if steps >= fuzzSteps {
			return outLimit
		}
		stepped := false
		for _, w := range b.Warps() {
			if w.Done() || w.Waiting() {
				continue
			}
			if _, err := w.Step(uint64(steps)); err != nil {
				var f *warp.Fault
				if !errors.As(err, &f) || f.Pos.Line <= 0 {
					t.Fatalf("execution error that is not a positioned *Fault: %v\n%s", err, src)
				}
				return outFault
			}
			stepped = true
			steps++
		}
		if !stepped {
			return outDeadlock // every live warp waits at a barrier
		}
	}
	return outDone
}

// gen reads generator choices from fuzz bytes (zeros once they run out).
type gen struct {
	data []byte
	i    int
}

func (g *gen) next(n int) int {
	if g.i >= len(g.data) {
		return 0
	}
	v := int(g.data[g.i])
	g.i++
	return v % n
}

func (g *gen) pick(s ...string) string { return s[g.next(len(s))] }

func (g *gen) r32() string  { return fmt.Sprintf("%%r%d", g.next(8)) }
func (g *gen) r64() string  { return fmt.Sprintf("%%rd%d", 2+g.next(6)) }
func (g *gen) f32() string  { return fmt.Sprintf("%%f%d", g.next(6)) }
func (g *gen) f64() string  { return fmt.Sprintf("%%fd%d", g.next(4)) }
func (g *gen) h16() string  { return fmt.Sprintf("%%h%d", g.next(4)) }
func (g *gen) pred() string { return fmt.Sprintf("%%p%d", g.next(4)) }

// imm32 is a 32-bit immediate: small, boundary or random.
func (g *gen) imm32() string {
	switch g.next(4) {
	case 0:
		return fmt.Sprint(g.next(40))
	case 1:
		return g.pick("0", "1", "-1", "31", "32", "0x7fffffff", "0x80000000", "0xffffffff")
	}
	return fmt.Sprintf("0x%02x%02x%02x%02x", g.next(256), g.next(256), g.next(256), g.next(256))
}

// immF32 is an f32 immediate in hex form, specials included.
func (g *gen) immF32() string {
	if g.next(2) == 0 {
		return g.pick("0f00000000", "0f80000000", "0f7f800000", "0fff800000", "0f7fffffff", "0f00000001",
			"0f3f800000", "0f7e800000", "0f7f7fffff", "0f00800000")
	}
	return fmt.Sprintf("0f%02x%02x%02x%02x", g.next(256), g.next(256), g.next(256), g.next(256))
}

// genPTX builds a kernel from data: a fixed prologue (a per-thread pointer
// into a 4 KiB buffer in %rd1, the buffer in %rd0, registers seeded from
// %tid.x), 8 to 48 generated instructions, each labelled, and an epilogue
// that stores results.
func genPTX(data []byte) string {
	g := &gen{data: data}
	var sb strings.Builder
	sb.WriteString(`.version 8.3
.target sm_90
.address_size 64
.visible .entry gen(.param .u64 buf)
{
	.reg .pred %p<4>;
	.reg .b16 %h<4>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	.reg .b128 %rq<2>;
	.reg .f32 %f<6>;
	.reg .f64 %fd<4>;
	.shared .align 16 .b8 sm[1024];
	ld.param.u64 %rd0, [buf];
	mov.u32 %r0, %tid.x;
	mul.wide.u32 %rd1, %r0, 64;
	add.s64 %rd1, %rd0, %rd1;
	add.u32 %r1, %r0, 7;
	mul.lo.u32 %r2, %r0, -1640531535;
	xor.b32 %r3, %r2, %r1;
	mov.b32 %r4, 0;
	mov.b32 %r5, 1;
	mov.b32 %r6, 0x80000000;
	mov.b32 %r7, %r3;
	cvt.rn.f32.u32 %f0, %r0;
	mov.b32 %f1, %r2;
	mov.f32 %f2, 0f3f800000;
	mov.f32 %f3, 0f00000003;
	mov.b32 %f4, %r3;
	mov.f32 %f5, 0f7f000000;
	cvt.f64.f32 %fd0, %f0;
	mov.b64 %fd1, %rd1;
	mov.f64 %fd2, 0d0000000000000005;
	mov.f64 %fd3, 0dbff0000000000000;
	cvt.u16.u32 %h0, %r2;
	mov.b16 %h1, 0x3c00;
	cvt.u16.u32 %h2, %r0;
	mov.b16 %h3, 0x8001;
	setp.lt.u32 %p0, %r0, 16;
	setp.eq.u32 %p1, %r3, %r4;
	and.b32 %r4, %r0, 1;
	setp.ne.u32 %p2, %r4, 0;
	setp.ge.u32 %p3, %r0, 36;
	mov.u64 %rd2, sm;
	mov.u64 %rd3, 0;
	mov.u64 %rd4, %rd1;
	mov.u64 %rd5, 1;
	mul.wide.u32 %rd6, %r0, 16;
	mov.u64 %rd7, -1;
	mov.b128 %rq0, {%rd1, %rd6};
	mov.b128 %rq1, {%rd7, %rd5};
`)
	n := 8 + g.next(41)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "L%d:\n\t", i)
		if g.next(4) == 0 {
			neg := g.pick("", "!")
			fmt.Fprintf(&sb, "@%s%s ", neg, g.pred())
		}
		sb.WriteString(g.inst(i, n))
		sb.WriteString(";\n")
	}
	fmt.Fprintf(&sb, "L%d:\n", n)
	sb.WriteString(`	st.global.v4.u32 [%rd1], {%r0, %r1, %r2, %r3};
	st.global.v4.u32 [%rd1+16], {%r4, %r5, %r6, %r7};
	st.global.v2.f32 [%rd1+32], {%f0, %f1};
	st.global.f64 [%rd1+40], %fd0;
	st.global.b128 [%rd1+48], %rq0;
	ret;
}
`)
	return sb.String()
}

// inst generates one instruction (without guard) at position i of n.
func (g *gen) inst(i, n int) string {
	switch g.next(12) {
	case 0: // integer arithmetic
		op := g.pick("add", "sub", "mul.lo", "mul.hi", "div", "rem", "min", "max", "and", "or", "xor", "shl", "shr")
		t := g.pick("u32", "s32")
		switch op {
		case "and", "or", "xor", "shl":
			t = "b32"
		case "mul.lo", "mul.hi", "div", "rem", "min", "max":
			t = g.pick("u32", "s32")
		}
		return fmt.Sprintf("%s.%s %s, %s, %s", op, t, g.r32(), g.r32(), g.pick(g.r32(), g.imm32()))
	case 1: // more integer and bit operations
		switch g.next(9) {
		case 0:
			return fmt.Sprintf("mad.lo.s32 %s, %s, %s, %s", g.r32(), g.r32(), g.r32(), g.r32())
		case 1:
			return fmt.Sprintf("%s.b32 %s, %s", g.pick("popc", "clz", "brev"), g.r32(), g.r32())
		case 2:
			return fmt.Sprintf("bfe.%s %s, %s, %s, %s", g.pick("u32", "s32"), g.r32(), g.r32(), g.r32(), g.r32())
		case 3:
			return fmt.Sprintf("bfi.b32 %s, %s, %s, %s, %s", g.r32(), g.r32(), g.r32(), g.r32(), g.r32())
		case 4:
			return fmt.Sprintf("prmt.b32 %s, %s, %s, %s", g.r32(), g.r32(), g.r32(), g.r32())
		case 5:
			if g.next(2) == 0 {
				return fmt.Sprintf("lop3.b32 %s, %s, %s, %s, %d", g.r32(), g.r32(), g.r32(), g.r32(), g.next(256))
			}
			return fmt.Sprintf("shf.%s.%s.b32 %s, %s, %s, %s", g.pick("l", "r"), g.pick("wrap", "clamp"), g.r32(), g.r32(), g.r32(), g.r32())
		case 6:
			return fmt.Sprintf("selp.b32 %s, %s, %s, %s", g.r32(), g.r32(), g.imm32(), g.pred())
		case 7:
			return fmt.Sprintf("mul.wide.u32 %s, %s, %s", g.r64(), g.r32(), g.r32())
		}
		return fmt.Sprintf("add.s64 %s, %s, %s", g.r64(), g.r64(), g.r64())
	case 2: // comparisons
		switch g.next(3) {
		case 0:
			return fmt.Sprintf("setp.%s.%s %s, %s, %s", g.pick("eq", "ne", "lt", "le", "gt", "ge"), g.pick("u32", "s32"), g.pred(), g.r32(), g.pick(g.r32(), g.imm32()))
		case 1:
			return fmt.Sprintf("setp.%s.f32 %s, %s, %s", g.pick("eq", "lt", "gtu", "nan", "num", "neu"), g.pred(), g.f32(), g.f32())
		}
		return fmt.Sprintf("%s.pred %s, %s, %s", g.pick("and", "or", "xor"), g.pred(), g.pred(), g.pred())
	case 3: // f32 arithmetic
		switch g.next(6) {
		case 0:
			return fmt.Sprintf("%s.%s%s.f32 %s, %s, %s", g.pick("add", "sub", "mul"), g.pick("rn", "rz", "rm", "rp"), g.pick("", ".ftz", ".sat"), g.f32(), g.f32(), g.pick(g.f32(), g.immF32()))
		case 1:
			return fmt.Sprintf("fma.rn%s.f32 %s, %s, %s, %s", g.pick("", ".ftz"), g.f32(), g.f32(), g.f32(), g.f32())
		case 2:
			return fmt.Sprintf("div.%s.f32 %s, %s, %s", g.pick("rn", "approx", "approx.ftz", "full", "full.ftz"), g.f32(), g.f32(), g.f32())
		case 3:
			return fmt.Sprintf("%s.f32 %s, %s, %s", g.pick("min", "max", "min.NaN", "max.xorsign.abs", "min.ftz.xorsign.abs"), g.f32(), g.f32(), g.f32())
		case 4:
			return fmt.Sprintf("%s.f32 %s, %s", g.pick("abs", "neg", "rcp.approx", "rcp.rn", "sqrt.approx", "sqrt.rn", "rsqrt.approx", "ex2.approx", "ex2.approx.ftz", "lg2.approx", "sin.approx", "cos.approx", "tanh.approx"), g.f32(), g.f32())
		}
		return fmt.Sprintf("testp.%s.f32 %s, %s", g.pick("finite", "infinite", "number", "notanumber", "normal", "subnormal"), g.pred(), g.f32())
	case 4: // f64
		switch g.next(3) {
		case 0:
			return fmt.Sprintf("%s.rn.f64 %s, %s, %s", g.pick("add", "mul", "div"), g.f64(), g.f64(), g.f64())
		case 1:
			return fmt.Sprintf("%s.f64 %s, %s", g.pick("rsqrt.approx", "rsqrt.approx.ftz", "rcp.approx.ftz", "sqrt.rn", "rcp.rn"), g.f64(), g.f64())
		}
		return fmt.Sprintf("fma.rn.f64 %s, %s, %s, %s", g.f64(), g.f64(), g.f64(), g.f64())
	case 5: // 16-bit floats
		switch g.next(4) {
		case 0:
			return fmt.Sprintf("%s.%s %s, %s, %s", g.pick("add", "mul", "min", "max.xorsign.abs"), g.pick("f16", "bf16"), g.h16(), g.h16(), g.h16())
		case 1:
			return fmt.Sprintf("%s %s, %s", g.pick("tanh.approx.f16", "tanh.approx.bf16", "ex2.approx.f16", "ex2.approx.ftz.bf16"), g.h16(), g.h16())
		case 2:
			return fmt.Sprintf("fma.rn.f16 %s, %s, %s, %s", g.h16(), g.h16(), g.h16(), g.h16())
		}
		if g.next(2) == 0 {
			return fmt.Sprintf("%s %s, %s, %s", g.pick("min.NaN.xorsign.abs.bf16x2", "add.rn.f16x2", "max.f16x2"), g.r32(), g.r32(), g.r32())
		}
		return fmt.Sprintf("%s %s, %s", g.pick("tanh.approx.f16x2", "tanh.approx.bf16x2", "ex2.approx.f16x2"), g.r32(), g.r32())
	case 6: // conversions and moves
		switch g.next(4) {
		case 0:
			return fmt.Sprintf("cvt.%s.f32 %s, %s", g.pick("rni.s32", "rzi.u32", "rmi.s32"), g.r32(), g.f32())
		case 1:
			return fmt.Sprintf("cvt.rn.%s %s, %s", g.pick("f16.f32", "bf16.f32"), g.h16(), g.f32())
		case 2:
			return fmt.Sprintf("mov.b128 {%s, %s}, %%rq%d", g.r64(), g.r64(), g.next(2))
		}
		return fmt.Sprintf("mov.b128 %%rq%d, {%s, %s}", g.next(2), g.r64(), g.r64())
	case 7: // global memory through the thread's own 64 bytes
		off := 8 * g.next(8)
		switch g.next(5) {
		case 0:
			return fmt.Sprintf("ld.global.u32 %s, [%%rd1+%d]", g.r32(), off)
		case 1:
			return fmt.Sprintf("st.global.u32 [%%rd1+%d], %s", off, g.r32())
		case 2:
			return fmt.Sprintf("ld.global.v2.f32 {%s, %s}, [%%rd1+%d]", g.f32(), g.f32(), off)
		case 3:
			return fmt.Sprintf("ld.global.b128 %%rq%d, [%%rd1+%d]", g.next(2), 16*g.next(4))
		}
		return fmt.Sprintf("st.global.b128 [%%rd1+%d], %%rq%d", 16*g.next(4), g.next(2))
	case 8: // atomics on the shared first words of the buffer, and shared memory
		switch g.next(6) {
		case 0:
			return fmt.Sprintf("atom.global.add.u32 %s, [%%rd0+%d], %s", g.r32(), 4*g.next(8), g.r32())
		case 1:
			return fmt.Sprintf("atom.global.add.noftz.%s %s, [%%rd0+%d], %s", g.pick("f16", "bf16"), g.h16(), 2*g.next(16), g.h16())
		case 2:
			return fmt.Sprintf("red.global.add.f32 [%%rd0+%d], %s", 4*g.next(8), g.f32())
		case 3:
			return fmt.Sprintf("atom.global.cas.b32 %s, [%%rd0+%d], %s, %s", g.r32(), 4*g.next(8), g.r32(), g.r32())
		case 4:
			return fmt.Sprintf("st.shared.u32 [sm+%d], %s", 4*g.next(256), g.r32())
		}
		return fmt.Sprintf("ld.shared.u32 %s, [sm+%d]", g.r32(), 4*g.next(256))
	case 9: // warp-level operations
		switch g.next(4) {
		case 0:
			return fmt.Sprintf("shfl.sync.%s.b32 %s, %s, %s, 31, -1", g.pick("bfly", "up", "down", "idx"), g.r32(), g.r32(), g.r32())
		case 1:
			return fmt.Sprintf("vote.sync.ballot.b32 %s, %s, -1", g.r32(), g.pred())
		case 2:
			return fmt.Sprintf("activemask.b32 %s", g.r32())
		}
		return "bar.sync 0"
	case 10, 11: // control flow: every instruction has a label, L0..Ln
		switch g.next(8) {
		case 0:
			return "ret"
		case 1:
			return "exit"
		case 2: // an access through any 64-bit register: usually a fault
			return g.pick(fmt.Sprintf("ld.u32 %s, [%s]", g.r32(), g.r64()), fmt.Sprintf("st.global.b128 [%s], %%rq1", g.r64()),
				fmt.Sprintf("atom.add.u32 %s, [%s+4], 1", g.r32(), g.r64()), "trap")
		}
		target := g.next(n + 1)
		if target <= i && g.next(3) != 0 {
			target = i + 1 + g.next(n-i) // mostly forward: loops are rare
		}
		return fmt.Sprintf("bra L%d", target)
	}
	return "membar.gl"
}
