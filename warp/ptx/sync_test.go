package ptx

import (
	"strings"
	"testing"
)

// barrierBody: every thread writes shared[tid] after a delay that grows
// with its warp number, then reads its neighbour's slot (tid+1) and, after
// a second barrier, the slot half a block away. Without the barriers the
// early warps would read slots the late warps have not written yet.
const barrierBody = `
	.shared 1024
	mov.u32 %r1, %tid.x
	ld.param.u64 %rd1, [pvar]
	mov.u32 %r20, %warpid
	mul.lo.u32 %r21, %r20, 20
	mov.u32 %r22, 0
DELAY:
	setp.lt.u32 %p9, %r22, %r21
	add.u32 %r22, %r22, 1
	@%p9 bra DELAY
	shl.b32 %r2, %r1, 2
	add.u32 %r9, %r1, 1000
	st.shared.u32 [%r2], %r9
	BAR1
	add.u32 %r3, %r1, 1
	rem.u32 %r3, %r3, 256
	shl.b32 %r4, %r3, 2
	ld.shared.u32 %r5, [%r4]
	BAR2
	st.shared.u32 [%r2], %r5
	BAR3
	add.u32 %r6, %r1, 128
	rem.u32 %r6, %r6, 256
	shl.b32 %r6, %r6, 2
	ld.shared.u32 %r7, [%r6]
	mul.wide.u32 %rd2, %r1, 8
	add.s64 %rd3, %rd1, %rd2
	st.global.v2.u32 [%rd3], {%r5, %r7}
	ret`

func runBarrierKernel(t *testing.T, bar string) []uint64 {
	body := strings.NewReplacer("BAR1", bar, "BAR2", bar, "BAR3", bar).Replace(barrierBody)
	r := newRig(t, body, rigOpts{block: [3]uint32{256, 1, 1}, params: []uint64{0}})
	oa := r.alloc(8, make([]uint64, 256)...)
	r.setParam(0, oa)
	if err := r.runGrid(); err != nil {
		t.Fatal(err)
	}
	return r.read(oa, 4, 512)
}

func TestBarrierAcrossWarps(t *testing.T) {
	for _, bar := range []string{"bar.sync 0", "barrier.sync.aligned 0", "bar.sync 3, 256", "barrier.sync 15"} {
		out := runBarrierKernel(t, bar)
		for tid := 0; tid < 256; tid++ {
			a := uint64((tid+1)%256 + 1000)
			b := uint64((tid+128)%256+1)%256 + 1000
			if out[2*tid] != a || out[2*tid+1] != b {
				t.Fatalf("%s: tid %d read %d %d, want %d %d", bar, tid, out[2*tid], out[2*tid+1], a, b)
			}
		}
	}
	// The same kernel without barriers reads stale shared memory: the test
	// above really depends on them.
	out := runBarrierKernel(t, "membar.cta")
	if out[2*31] == 32+1000 {
		t.Error("warp 0 saw warp 1's write without a barrier: the delay does not work")
	}
}

// bar.red: popc, and, or over the predicates of all threads of the block.
func TestBarrierReduction(t *testing.T) {
	const body = `
		mov.u32 %r1, %tid.x
		ld.param.u64 %rd1, [pvar]
		rem.u32 %r2, %r1, 3
		setp.eq.u32 %p1, %r2, 0
		bar.red.popc.u32 %r3, 0, %p1
		setp.lt.u32 %p2, %r1, 1000
		bar.red.and.pred %p3, 1, %p2
		bar.red.and.pred %p4, 2, %p1
		setp.eq.u32 %p5, %r1, 77
		bar.red.or.pred %p6, 0, %p5
		bar.red.or.pred %p7, 0, 128, !%p2
		selp.u32 %r4, 1, 0, %p3
		selp.u32 %r5, 2, 0, %p4
		selp.u32 %r6, 4, 0, %p6
		selp.u32 %r7, 8, 0, %p7
		or.b32 %r4, %r4, %r5
		or.b32 %r4, %r4, %r6
		or.b32 %r4, %r4, %r7
		mul.wide.u32 %rd2, %r1, 8
		add.s64 %rd3, %rd1, %rd2
		st.global.v2.u32 [%rd3], {%r3, %r4}
		ret`
	r := newRig(t, body, rigOpts{block: [3]uint32{128, 1, 1}, params: []uint64{0}})
	oa := r.alloc(8, make([]uint64, 128)...)
	r.setParam(0, oa)
	if err := r.runGrid(); err != nil {
		t.Fatal(err)
	}
	out := r.read(oa, 4, 256)
	for tid := 0; tid < 128; tid++ {
		if out[2*tid] != 43 || out[2*tid+1] != 1|4 {
			t.Fatalf("tid %d: popc %d flags %#x, want 43 0x5", tid, out[2*tid], out[2*tid+1])
		}
	}
}

// bar.arrive lets producers go on; consumers wait on the same barrier with
// a thread count that covers both.
func TestBarrierArriveProducerConsumer(t *testing.T) {
	const body = `
		.shared 512
		mov.u32 %r1, %tid.x
		ld.param.u64 %rd1, [pvar]
		mov.u32 %r2, %warpid
		setp.ge.u32 %p1, %r2, 2
		@%p1 bra CONSUMER
		shl.b32 %r3, %r1, 2
		mul.lo.u32 %r4, %r1, 3
		st.shared.u32 [%r3], %r4
		bar.arrive 1, 128
		bra DONE
	CONSUMER:
		bar.sync 1, 128
		sub.u32 %r5, %r1, 64
		shl.b32 %r5, %r5, 2
		ld.shared.u32 %r6, [%r5]
		mul.wide.u32 %rd2, %r1, 4
		add.s64 %rd3, %rd1, %rd2
		st.global.u32 [%rd3], %r6
	DONE:
		ret`
	r := newRig(t, body, rigOpts{block: [3]uint32{128, 1, 1}, params: []uint64{0}})
	oa := r.alloc(4, make([]uint64, 128)...)
	r.setParam(0, oa)
	if err := r.runGrid(); err != nil {
		t.Fatal(err)
	}
	out := r.read(oa, 4, 128)
	for tid := 64; tid < 128; tid++ {
		if out[tid] != uint64(3*(tid-64)) {
			t.Fatalf("consumer %d read %d, want %d", tid, out[tid], 3*(tid-64))
		}
	}
}

// Warps that exit no longer count for a barrier without a thread count; a
// barrier whose count can never be reached is reported, not hung.
func TestBarrierExitsAndDeadlock(t *testing.T) {
	const early = `
		mov.u32 %r2, %warpid
		setp.ne.u32 %p1, %r2, 0
		@%p1 exit
		bar.sync 0
		bar.sync 0
		ret`
	r := newRig(t, early, rigOpts{block: [3]uint32{128, 1, 1}})
	if err := r.runGrid(); err != nil {
		t.Errorf("exited warps should not block the barrier: %v", err)
	}
	const stuck = `
		mov.u32 %r2, %warpid
		setp.ne.u32 %p1, %r2, 0
		@%p1 exit
		bar.sync 0, 128
		ret`
	r = newRig(t, stuck, rigOpts{block: [3]uint32{128, 1, 1}})
	err := r.runGrid()
	if err == nil || err.Error() != "kernel k, block (0,0,0): deadlock: 1 warps wait at barrier 0 with 32 of 128 threads arrived" {
		t.Errorf("got %v", err)
	}
	r = newRig(t, "bar.sync 16\nret", rigOpts{block: [3]uint32{32, 1, 1}})
	if err := r.runGrid(); err == nil || !strings.Contains(err.Error(), "barrier 16 out of range") {
		t.Errorf("got %v", err)
	}
	r = newRig(t, "bar.sync 0, 48\nret", rigOpts{block: [3]uint32{64, 1, 1}})
	if err := r.runGrid(); err == nil || !strings.Contains(err.Error(), "multiple of the warp size") {
		t.Errorf("got %v", err)
	}
}

// Atomics from many lanes and warps on one address apply one lane at a
// time, in lane order, warp by warp.
func TestAtomicsContention(t *testing.T) {
	const body = `
		.shared 64
		mov.u32 %r1, %tid.x
		ld.param.u64 %rd1, [pvar+0]
		ld.param.u64 %rd2, [pvar+8]
		mul.wide.u32 %rd3, %r1, 4
		add.s64 %rd4, %rd2, %rd3
		atom.global.add.u32 %r2, [%rd1], 1
		atom.global.inc.u32 %r3, [%rd1+4], 5
		atom.global.dec.u32 %r4, [%rd1+8], 5
		atom.global.exch.b32 %r5, [%rd1+12], %r1
		sub.u32 %r6, %r1, 30
		atom.global.min.s32 %r7, [%rd1+16], %r6
		atom.global.max.u32 %r7, [%rd1+20], %r6
		red.global.add.u64 [%rd1+24], 3
		atom.shared.add.u32 %r8, [svar+0], 2
		mov.u64 %rd5, svar
		cvta.shared.u64 %rd5, %rd5
		atom.or.b32 %r9, [%rd5+4], %r1
		atom.global.and.b32 %r10, [%rd1+32], 0xfffffffe
		atom.global.xor.b32 %r10, [%rd1+36], %r1
		atom.global.cas.b32 %r11, [%rd1+40], %r1, 100
	CAS:
		ld.volatile.global.u32 %r12, [%rd1+44]
		add.u32 %r13, %r12, 1
		atom.global.cas.b32 %r14, [%rd1+44], %r12, %r13
		setp.ne.u32 %p1, %r14, %r12
		@%p1 bra CAS
		bar.sync 0
		ld.shared.v2.u32 {%r15, %r16}, [svar+0]
		st.global.v2.u32 [%rd1+48], {%r15, %r16}
		mul.wide.u32 %rd6, %r1, 32
		add.s64 %rd6, %rd2, %rd6
		st.global.v4.u32 [%rd6], {%r2, %r3, %r4, %r8}
		st.global.v4.u32 [%rd6+16], {%r11, %r14, %r12, %r5}
		ret`
	r := newRig(t, body, rigOpts{block: [3]uint32{64, 1, 1}, params: []uint64{0, 0}})
	ca := r.alloc(4, 0, 0, 0, 0, 1000, 0, 0, 0, 0xffffffff, 0, 1000, 0, 0, 0)
	oa := r.alloc(4, make([]uint64, 64*8)...)
	r.setParam(0, ca)
	r.setParam(1, oa)
	if err := r.runGrid(); err != nil {
		t.Fatal(err)
	}
	c := r.read(ca, 4, 14)
	wantC := []uint64{64, 64 % 6, 2, 63, uint64(uint32(0xffffffe2)), 0xffffffff, 64 * 3, 0, 0xfffffffe, 0, 1000, 64, 128, 63}
	for i := range wantC {
		if c[i] != wantC[i] {
			t.Errorf("counter %d = %#x, want %#x", i, c[i], wantC[i])
		}
	}
	out := r.read(oa, 4, 64*8)
	for tid := 0; tid < 64; tid++ {
		o := out[8*tid:]
		if o[0] != uint64(tid) || o[1] != uint64(tid%6) || o[2] != uint64((6-tid%6)%6) || o[3] != uint64(2*tid) {
			t.Errorf("tid %d: add %d inc %d dec %d shared add %d", tid, o[0], o[1], o[2], o[3])
		}
		if o[4] != 1000 {
			t.Errorf("tid %d: cas saw %d, want 1000 (never matching)", tid, o[4])
		}
		if o[5] != o[6] {
			t.Errorf("tid %d: final cas returned %d for expected %d", tid, o[5], o[6])
		}
		wantExch := uint64(0)
		if tid > 0 {
			wantExch = uint64(tid - 1)
		}
		if o[7] != wantExch {
			t.Errorf("tid %d: exch returned %d, want %d", tid, o[7], wantExch)
		}
	}
}

// f32 atomic adds flush subnormals on global memory but not on shared
// memory (CUDA programming guide); f64 adds keep them.
func TestAtomicFloatAdd(t *testing.T) {
	const body = `
		.shared 16
		ld.param.u64 %rd1, [pvar]
		atom.global.add.f32 %f1, [%rd1], 0f00000001
		atom.shared.add.f32 %f2, [svar], 0f00000001
		red.global.add.f64 [%rd1+8], 0d0000000000000001
		atom.global.add.f32 %f3, [%rd1+16], 0f3f800000
		bar.sync 0
		ld.shared.f32 %f4, [svar]
		st.global.f32 [%rd1+4], %f4
		ret`
	r := newRig(t, body, rigOpts{block: [3]uint32{64, 1, 1}, params: []uint64{0}})
	a := r.alloc(8, 0, 0, 0)
	r.setParam(0, a)
	if err := r.runGrid(); err != nil {
		t.Fatal(err)
	}
	g := r.read(a, 4, 6)
	if g[0] != 0 || g[1] != 64 || g[4] != 0x42800000 {
		t.Errorf("global f32 %#x (want 0), shared f32 %#x (want 0x40), 64*1.0 = %#x", g[0], g[1], g[4])
	}
	if d := r.read(a+8, 8, 1)[0]; d != 64 {
		t.Errorf("f64 subnormal sum %#x, want 0x40", d)
	}
}
