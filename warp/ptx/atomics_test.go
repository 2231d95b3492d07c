package ptx

import (
	"errors"
	"testing"

	"github.com/gpusim/gpusim/mem"
)

// 16-bit float atomic adds (atom.add.noftz): round to nearest even, keep
// subnormals, add each half of a packed pair on its own; the old value
// comes back in lane order.
func TestAtomicHalfAdd(t *testing.T) {
	const body = `
		.shared 16
		ld.param.u64 %rd1, [pvar]
		atom.global.add.noftz.f16 %h1, [%rd1], 0x3c00
		red.global.add.noftz.f16 [%rd1+2], 0x0001
		atom.global.add.noftz.f16x2 %hh1, [%rd1+4], 0x3c000001
		red.global.add.noftz.bf16 [%rd1+8], 0x3f80
		red.global.add.noftz.bf16 [%rd1+10], 0x0001
		atom.global.add.noftz.bf16x2 %hh2, [%rd1+12], 0xbf800001
		atom.shared.add.noftz.f16 %h2, [svar], 0x3800
		bar.sync 0
		ld.shared.b16 %h3, [svar]
		st.global.b16 [%rd1+16], %h3
		mov.u32 %r1, %tid.x
		ld.param.u64 %rd2, [pvar+8]
		mul.wide.u32 %rd3, %r1, 8
		add.s64 %rd4, %rd2, %rd3
		st.global.b16 [%rd4], %h1
		st.global.b16 [%rd4+2], %h2
		st.global.b32 [%rd4+4], %hh2
		ret`
	r := newRig(t, body, rigOpts{block: [3]uint32{64, 1, 1}, params: []uint64{0, 0}})
	a := r.alloc(2, make([]uint64, 10)...)
	o := r.alloc(8, make([]uint64, 64)...)
	r.setParam(0, a)
	r.setParam(1, o)
	if err := r.runGrid(); err != nil {
		t.Fatal(err)
	}
	g := r.read(a, 2, 9)
	// 64 * 1.0 = 0x5400 (f16), 64 * 2^-24 = 0x0040, 64 * 0.5 = 0x5000;
	// bf16: 64.0 = 0x4280, 64 * 2^-133 = 0x0040, -64.0 = 0xc280.
	want := []uint64{0x5400, 0x0040, 0x0040, 0x5400, 0x4280, 0x0040, 0x0040, 0xc280, 0x5000}
	for i := range want {
		if g[i] != want[i] {
			t.Errorf("half %d = %#04x, want %#04x", i, g[i], want[i])
		}
	}
	out := r.read(o, 2, 4*64)
	f16 := []uint64{0, 0x3c00, 0x4000, 0x4200, 0x4400} // 0, 1, 2, 3, 4
	for tid := 0; tid < 5; tid++ {
		if out[4*tid] != f16[tid] {
			t.Errorf("tid %d: f16 add returned %#04x, want %#04x", tid, out[4*tid], f16[tid])
		}
	}
	if got := out[4*2+1]; got != 0x3c00 { // shared: 2 * 0.5
		t.Errorf("tid 2: shared add returned %#04x, want 0x3c00", got)
	}
	if lo, hi := out[4*3+2], out[4*3+3]; lo != 3 || hi != 0xc040 { // 3 subnormal ulps, -3.0
		t.Errorf("tid 3: bf16x2 add returned %#04x %#04x, want 0x0003 0xc040", lo, hi)
	}
}

// Vector atomics (sm_90): each element is an atomic of its own; .f32 adds
// on global memory flush subnormals, the 16-bit forms keep them.
func TestVectorAtomics(t *testing.T) {
	const body = `
		ld.param.u64 %rd1, [pvar]
		mov.u32 %r1, %tid.x
		cvt.rn.f16.u32 %h5, %r1
		neg.f16 %h6, %h5
		atom.global.v2.f32.add {%f1, %f2}, [%rd1], {0f3f800000, 0f00000001}
		atom.global.v2.f16.max.noftz {%h1, %h2}, [%rd1+8], {%h5, %h6}
		atom.global.v2.f16.min.noftz {%h3, %h4}, [%rd1+12], {%h5, %h6}
		red.global.v2.bf16x2.add.noftz [%rd1+16], {0x3f803f80, 0x00000001}
		red.global.v4.f16x2.max.noftz [%rd1+32], {%r1, 0x7e00, 0xfc00fc00, 0x3c00bc00}
		ld.param.u64 %rd2, [pvar+8]
		mul.wide.u32 %rd3, %r1, 16
		add.s64 %rd4, %rd2, %rd3
		st.global.v2.f32 [%rd4], {%f1, %f2}
		st.global.v4.b16 [%rd4+8], {%h1, %h2, %h3, %h4}
		ret`
	r := newRig(t, body, rigOpts{block: [3]uint32{64, 1, 1}, params: []uint64{0, 0}})
	a := r.alloc(4, make([]uint64, 12)...)
	o := r.alloc(8, make([]uint64, 2*64)...)
	r.setParam(0, a)
	r.setParam(1, o)
	if err := r.runGrid(); err != nil {
		t.Fatal(err)
	}
	g := r.read(a, 4, 12)
	// f32: 64.0, 0 (flushed); f16 max {63, +0}, min {+0, -63}; bf16x2 {64, 64},
	// {0, 64 ulps}; f16x2 max over lanes of {tid bits, NaN ignored, -Inf, {-1, 1}}.
	want := []uint64{0x42800000, 0, 0x000053e0, 0xd3e00000, 0x42804280, 0x00000040, 0, 0,
		0x0000003f, 0, 0, 0x3c000000}
	for i := range want {
		if g[i] != want[i] {
			t.Errorf("word %d = %#08x, want %#08x", i, g[i], want[i])
		}
	}
	out := r.read(o, 4, 4*64)
	for tid := 0; tid < 64; tid++ {
		w := out[4*tid:]
		if got, wantF := w[0], f32Of(tid); got != wantF {
			t.Errorf("tid %d: v2.f32 add returned %#x, want %#x", tid, got, wantF)
		}
		if w[1] != 0 {
			t.Errorf("tid %d: flushed element returned %#x", tid, w[1])
		}
	}
}

// f32Of is the f32 bits of a small non-negative integer.
func f32Of(n int) uint64 {
	if n == 0 {
		return 0
	}
	e, m := 0, n
	for m >= 2 {
		m >>= 1
		e++
	}
	return uint64(127+e)<<23 | uint64(n-(1<<e))<<(23-e)
}

// 128-bit loads and stores (ld/st.b128) and their faults.
func TestB128Memory(t *testing.T) {
	const body = `
		.shared 512
		ld.param.u64 %rd1, [pvar+0]
		ld.param.u64 %rd2, [pvar+8]
		mov.u32 %r1, %tid.x
		mul.wide.u32 %rd3, %r1, 16
		add.s64 %rd4, %rd1, %rd3
		ld.global.b128 %rq1, [%rd4]
		mov.b128 {%rd5, %rd6}, %rq1
		mov.b128 %rq2, {%rd6, %rd5}
		st.shared.b128 [%rd3], %rq2
		ld.shared.b128 %rq3, [%rd3]
		mul.wide.u32 %rd7, %r1, 32
		add.s64 %rd8, %rd2, %rd7
		st.global.b128 [%rd8], %rq3
		st.global.b64 [%rd8+16], %rq1
		ret`
	r := newRig(t, body, rigOpts{block: [3]uint32{8, 1, 1}, params: []uint64{0, 0}})
	in := make([]uint64, 16)
	for i := range in {
		in[i] = 0x0123456789abcdef ^ uint64(i)*0x1111111111111111
	}
	ia := r.alloc(8, in...)
	oa := r.alloc(8, make([]uint64, 32)...)
	r.setParam(0, ia)
	r.setParam(1, oa)
	if err := r.runGrid(); err != nil {
		t.Fatal(err)
	}
	out := r.read(oa, 8, 32)
	for tid := 0; tid < 8; tid++ {
		lo, hi := in[2*tid], in[2*tid+1]
		if o := out[4*tid:]; o[0] != hi || o[1] != lo || o[2] != lo {
			t.Errorf("tid %d: %x %x %x, want %x %x %x", tid, o[0], o[1], o[2], hi, lo, lo)
		}
	}
	// A 16-byte access must be 16-byte aligned.
	r = newRig(t, "ld.param.u64 %rd1, [pvar]\nld.global.b128 %rq1, [%rd1+8]\nret", rigOpts{params: []uint64{0}})
	r.setParam(0, r.alloc(8, 0, 0, 0, 0))
	var f *mem.Fault
	if err := r.runGrid(); !errors.As(err, &f) || f.Kind != mem.FaultMisaligned || f.Size != 16 {
		t.Errorf("misaligned b128 load: %v", err)
	}
}
