package ptx

import (
	"github.com/gpusim/gpusim/warp"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/traces"
)

// divergentBody is the LLVM output of traces/samples/divergent.cu (if/else on
// the sign, a Collatz loop whose trip count differs per lane), written for
// the test assembler.
const divergentBody = `
	ld.param.u32 	%r10, [pvar+16];
	mov.u32 	%r11, %ctaid.x;
	mov.u32 	%r12, %ntid.x;
	mov.u32 	%r13, %tid.x;
	mad.lo.s32 	%r1, %r11, %r12, %r13;
	setp.ge.s32 	%p1, %r1, %r10;
	@%p1 bra 	$L__BB0_7;
	ld.param.u64 	%rd4, [pvar+0];
	ld.param.u64 	%rd5, [pvar+8];
	cvta.to.global.u64 	%rd1, %rd5;
	cvta.to.global.u64 	%rd2, %rd4;
	cvt.s64.s32 	%rd3, %r1;
	mul.wide.s32 	%rd6, %r1, 4;
	add.s64 	%rd7, %rd2, %rd6;
	ld.global.u32 	%r2, [%rd7];
	setp.gt.s32 	%p2, %r2, -1;
	@%p2 bra 	$L__BB0_3;
	bra.uni 	$L__BB0_2;
$L__BB0_3:
	setp.eq.s32 	%p3, %r2, 0;
	mov.b32 	%r26, 0;
	@%p3 bra 	$L__BB0_6;
	add.s32 	%r25, %r2, 1;
	mov.b32 	%r24, 0;
$L__BB0_5:
	and.b32  	%r16, %r25, 1;
	setp.eq.b32 	%p4, %r16, 1;
	mad.lo.s32 	%r17, %r25, 3, 1;
	shr.u32 	%r18, %r25, 1;
	selp.b32 	%r25, %r17, %r18, %p4;
	add.s32 	%r26, %r24, 1;
	setp.ne.s32 	%p5, %r25, 1;
	setp.lt.u32 	%p6, %r24, 199;
	and.pred  	%p7, %p5, %p6;
	mov.u32 	%r24, %r26;
	@%p7 bra 	$L__BB0_5;
	bra.uni 	$L__BB0_6;
$L__BB0_2:
	mul.lo.s32 	%r19, %r2, -3;
	add.s32 	%r20, %r19, 1;
	mov.b32 	%r21, -1227133513;
	mad.lo.s32 	%r22, %r21, %r19, -1227133513;
	setp.lt.u32 	%p8, %r22, 613566757;
	xor.b32  	%r23, %r20, 85;
	selp.b32 	%r26, %r23, %r20, %p8;
$L__BB0_6:
	shl.b64 	%rd8, %rd3, 2;
	add.s64 	%rd9, %rd1, %rd8;
	st.global.u32 	[%rd9], %r26;
$L__BB0_7:
	ret;`

// divergentRef is what divergentBody computes for one input.
func divergentRef(v int32) uint32 {
	if v >= 0 {
		if v == 0 {
			return 0
		}
		r25 := uint32(v) + 1
		var r24, r26 uint32
		for {
			if r25&1 == 1 {
				r25 = r25*3 + 1
			} else {
				r25 >>= 1
			}
			r26 = r24 + 1
			cont := r25 != 1 && r24 < 199
			r24 = r26
			if !cont {
				return r26
			}
		}
	}
	r19 := uint32(v) * uint32(0xfffffffd)
	r20 := r19 + 1
	r22 := uint32(0xb6db6db7)*r19 + 0xb6db6db7
	if r22 < 613566757 {
		return r20 ^ 85
	}
	return r20
}

func TestDivergentKernel(t *testing.T) {
	for _, width := range []int{32, 64, 8} {
		testDivergentKernel(t, width)
	}
}

func testDivergentKernel(t *testing.T, width int) {
	const n = 1000 // not a multiple of the block: the bounds check diverges too
	r := newRig(t, divergentBody, rigOpts{grid: [3]uint32{4, 1, 1}, block: [3]uint32{256, 1, 1}, params: []uint64{0, 0, n}, width: width})
	rng := rand.New(rand.NewPCG(9, 9))
	in := make([]uint64, 1024)
	for i := range in {
		in[i] = uint64(uint32(rng.Int32N(200000) - 100000))
	}
	in[3], in[4] = 0, 1
	ia := r.alloc(4, in...)
	oa := r.alloc(4, make([]uint64, 1024)...)
	r.setParam(0, ia)
	r.setParam(1, oa)
	if err := r.runGrid(); err != nil {
		t.Fatal(err)
	}
	out := r.read(oa, 4, 1024)
	for i := range out {
		want := uint64(0)
		if i < n {
			want = uint64(divergentRef(int32(uint32(in[i]))))
		}
		if out[i] != want {
			t.Fatalf("width %d: out[%d] = %d, want %d (in %d)", width, i, int32(out[i]), int32(want), int32(in[i]))
		}
	}
}

// Nested if/else, an early exit, and reconvergence after both: the join
// executes once per warp with every surviving lane.
func TestNestedDivergenceAndEarlyExit(t *testing.T) {
	const body = `
		mov.u32 %r1, %tid.x
		ld.param.u64 %rd1, [pvar]
		mul.wide.u32 %rd2, %r1, 8
		add.s64 %rd3, %rd1, %rd2
		mov.u32 %r5, 0
		and.b32 %r2, %r1, 1
		setp.eq.u32 %p1, %r2, 0
		@%p1 bra EVEN
		and.b32 %r3, %r1, 2
		setp.eq.u32 %p2, %r3, 0
		@%p2 bra ODD_A
		add.u32 %r5, %r5, 100
		bra ODD_END
	ODD_A:
		add.u32 %r5, %r5, 200
	ODD_END:
		add.u32 %r5, %r5, 1
		bra JOIN
	EVEN:
		setp.gt.u32 %p3, %r1, 20
		@%p3 bra EXIT_EARLY
		add.u32 %r5, %r5, 10
	JOIN:
		activemask.b32 %r6
		add.u32 %r5, %r5, 1000
		st.global.v2.u32 [%rd3], {%r5, %r6}
		ret
	EXIT_EARLY:
		activemask.b32 %r6
		st.global.v2.u32 [%rd3], {%r6, %r6}
		exit`
	p, err := assemble(body)
	if err != nil {
		t.Fatal(err)
	}
	r := newRigProgram(t, p, rigOpts{block: [3]uint32{32, 1, 1}, params: []uint64{0}})
	oa := r.alloc(8, make([]uint64, 32)...)
	r.setParam(0, oa)
	b, err := r.launch.NewBlock([3]uint32{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Run(); err != nil {
		t.Fatal(err)
	}
	out := r.read(oa, 4, 64)
	var evenLate, survivors uint64
	for tid := 0; tid < 32; tid++ {
		if tid%2 == 0 && tid > 20 {
			evenLate |= 1 << tid
		} else {
			survivors |= 1 << tid
		}
	}
	for tid := 0; tid < 32; tid++ {
		v, am := out[2*tid], out[2*tid+1]
		var want, wantMask uint64
		switch {
		case tid%4 == 3:
			want, wantMask = 1101, survivors
		case tid%4 == 1:
			want, wantMask = 1201, survivors
		case tid > 20:
			want, wantMask = evenLate, evenLate
		default:
			want, wantMask = 1010, survivors
		}
		if v != want || am != wantMask {
			t.Errorf("tid %d: %d (activemask %#x), want %d (%#x)", tid, v, am, want, wantMask)
		}
	}
	w := b.Warps()[0]
	join := 0
	for i, in := range p.Kernels[0].Code {
		if in.Op == traces.OpActivemask {
			join = i
			break
		}
	}
	if w.Counts()[join].Warp != 1 || w.Counts()[join].Thread != uint64(popcount(survivors)) {
		t.Errorf("join executed %d times by %d threads, want once by %d", w.Counts()[join].Warp, w.Counts()[join].Thread, popcount(survivors))
	}
}

// Step reports what each instruction did.
func TestStepResults(t *testing.T) {
	const body = `
		mov.u32 %r1, %laneid
		setp.lt.u32 %p1, %r1, 8
		@%p1 bra A
		add.u32 %r2, %r1, 1
		bra B
	A:
		add.u32 %r2, %r1, 2
	B:
		bar.sync 0
		ret`
	r := newRig(t, body, rigOpts{block: [3]uint32{40, 1, 1}})
	b, err := r.launch.NewBlock([3]uint32{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	w0, w1 := b.Warps()[0], b.Warps()[1]
	type step struct {
		pc           int32
		active, exec uint64
		kind         warp.Kind
	}
	want := []step{
		{0, 0xffffffff, 0xffffffff, warp.KindNormal},
		{1, 0xffffffff, 0xffffffff, warp.KindNormal},
		{2, 0xffffffff, 0x000000ff, warp.KindDiverged},
		{3, 0xffffff00, 0xffffff00, warp.KindNormal},
		{4, 0xffffff00, 0xffffff00, warp.KindBranch},
		{5, 0x000000ff, 0x000000ff, warp.KindNormal},
		{6, 0xffffffff, 0xffffffff, warp.KindBarrier},
		{-1, 0, 0, warp.KindWaiting},
	}
	for i, s := range want {
		res, err := w0.Step(uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		if res.PC != s.pc || res.Active != s.active || res.Exec != s.exec || res.Kind != s.kind {
			t.Errorf("step %d: got pc %d active %#x exec %#x %v, want %+v", i, res.PC, res.Active, res.Exec, res.Kind, s)
		}
	}
	// Warp 1 holds 8 threads; when it arrives the barrier releases warp 0.
	for i := 0; i < 10; i++ {
		res, err := w1.Step(0)
		if err != nil {
			t.Fatal(err)
		}
		if res.PC == 6 {
			break
		}
	}
	if w0.Waiting() || w1.Waiting() {
		t.Fatal("barrier did not release")
	}
	if got := w1.ActiveMask(); got != 0xff {
		t.Errorf("warp 1 active mask %#x, want 0xff (8 threads)", got)
	}
	res, _ := w0.Step(100)
	if res.Kind != warp.KindExited || !w0.Done() {
		t.Errorf("exit: %+v", res)
	}
	res, _ = w0.Step(101)
	if res.Kind != warp.KindDone {
		t.Errorf("after exit: %+v", res)
	}
}

// Calls: argument and return copies through the per-thread frame, a
// divergent return inside the callee, a guarded (divergent) call, and a
// call inside a divergent branch.
func TestCalls(t *testing.T) {
	const body = `
		.frame 16
		mov.u32 %r1, %tid.x
		ld.param.u64 %rd1, [pvar]
		mul.wide.u32 %rd2, %r1, 8
		add.s64 %rd3, %rd1, %rd2
		st.frame.u32 [0], %r1
		.args 0>8:4
		.rets 12>4:4
		call F
		ld.frame.u32 %r2, [4]
		mov.u32 %r3, 0
		setp.lt.u32 %p1, %r1, 16
		st.frame.u32 [0], %r2
		.args 0>8:4
		.rets 12>4:4
		@%p1 call F
		@%p1 ld.frame.u32 %r3, [4]
		and.b32 %r4, %r1, 4
		setp.eq.u32 %p2, %r4, 0
		@%p2 bra SKIP
		st.frame.u32 [0], %r3
		.args 0>8:4
		.rets 12>4:4
		call F
		ld.frame.u32 %r3, [4]
	SKIP:
		st.global.v2.u32 [%rd3], {%r2, %r3}
		ret
	.func F
		ld.frame.u32 %r10, [8]
		and.b32 %r11, %r10, 1
		setp.eq.u32 %p5, %r11, 1
		@%p5 bra ODD
		mul.lo.u32 %r12, %r10, 10
		st.frame.u32 [12], %r12
		setp.gt.u32 %p6, %r12, 100
		@%p6 ret
		add.u32 %r12, %r12, 3
		st.frame.u32 [12], %r12
		ret
	ODD:
		add.u32 %r12, %r10, 1000
		st.frame.u32 [12], %r12
		ret`
	f := func(x uint32) uint32 {
		if x&1 == 1 {
			return x + 1000
		}
		if x*10 > 100 {
			return x * 10
		}
		return x*10 + 3
	}
	r := newRig(t, body, rigOpts{block: [3]uint32{64, 1, 1}, params: []uint64{0}})
	oa := r.alloc(8, make([]uint64, 64)...)
	r.setParam(0, oa)
	if err := r.runGrid(); err != nil {
		t.Fatal(err)
	}
	out := r.read(oa, 4, 128)
	for tid := uint32(0); tid < 64; tid++ {
		a := f(tid)
		b := uint32(0)
		if tid < 16 {
			b = f(a)
		}
		if tid&4 != 0 {
			b = f(b)
		}
		if uint32(out[2*tid]) != a || uint32(out[2*tid+1]) != b {
			t.Errorf("tid %d: %d %d, want %d %d", tid, out[2*tid], out[2*tid+1], a, b)
		}
	}
}

// Runaway recursion faults instead of growing without bound.
func TestRecursionFault(t *testing.T) {
	r := newRig(t, "call F\nret\n.func F\ncall F\nret", rigOpts{block: [3]uint32{1, 1, 1}})
	err := r.runGrid()
	if err == nil || !strings.Contains(err.Error(), "reconvergence stack overflow") {
		t.Errorf("got %v", err)
	}
}
