package ptx

import (
	"errors"
	"github.com/gpusim/gpusim/warp"
	"testing"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// Sub-word and vector loads and stores through global memory.
func TestSubwordAndVectorMemory(t *testing.T) {
	const body = `
		ld.param.u64 %rd1, [pvar+0]
		ld.param.u64 %rd2, [pvar+8]
		mov.u32 %r1, %tid.x
		mul.wide.u32 %rd3, %r1, 16
		add.s64 %rd4, %rd1, %rd3
		mul.wide.u32 %rd9, %r1, 64
		add.s64 %rd8, %rd2, %rd9
		ld.global.v4.u32 {%r2, %r3, %r4, %r5}, [%rd4]
		st.global.v4.u32 [%rd8], {%r5, %r4, %r3, %r2}
		ld.global.s8 %r6, [%rd4+3]
		ld.global.u8 %r7, [%rd4+3]
		ld.global.s16 %r8, [%rd4+2]
		ld.global.u16 %rs1, [%rd4+2]
		ld.global.s8 %rd10, [%rd4+3]
		st.global.v2.u32 [%rd8+16], {%r6, %r7}
		st.global.u32 [%rd8+24], %r8
		st.global.u64 [%rd8+32], %rd10
		ld.global.v2.u64 {%rd5, %rd6}, [%rd4]
		st.global.v2.u64 [%rd8+48], {%rd6, %rd5}
		st.global.u8 [%rd8+40], %r1
		st.global.b16 [%rd8+42], %rs1
		st.global.u8 [%rd8+44], 0x1ff
		ret`
	r := newRig(t, body, rigOpts{block: [3]uint32{4, 1, 1}, params: []uint64{0, 0}})
	in := make([]uint64, 16)
	for i := range in {
		in[i] = 0x80f1e2d3c4b5a697 + uint64(i)*0x0101010101010101
	}
	ia := r.alloc(8, in...)
	oa := r.alloc(8, make([]uint64, 32)...)
	r.setParam(0, ia)
	r.setParam(1, oa)
	if err := r.runGrid(); err != nil {
		t.Fatal(err)
	}
	out := r.read(oa, 8, 32)
	for tid := 0; tid < 4; tid++ {
		lo, hi := in[2*tid], in[2*tid+1]
		o := out[8*tid:]
		w := func(x uint64, i int) uint64 { return x >> (32 * uint(i)) & 0xffffffff }
		// v4 reversed
		if o[0] != w(hi, 1)|w(hi, 0)<<32 || o[1] != w(lo, 1)|w(lo, 0)<<32 {
			t.Errorf("tid %d: v4 copy %x %x", tid, o[0], o[1])
		}
		b3 := lo >> 24 & 0xff
		h1 := lo >> 16 & 0xffff
		if got, want := o[2], uint64(uint32(int32(int8(b3))))|b3<<32; got != want {
			t.Errorf("tid %d: s8/u8 = %x, want %x", tid, got, want)
		}
		if got, want := o[3]&0xffffffff, uint64(uint32(int32(int16(h1)))); got != want {
			t.Errorf("tid %d: s16 = %x, want %x", tid, got, want)
		}
		if got, want := o[4], uint64(int64(int8(b3))); got != want {
			t.Errorf("tid %d: s8 into 64-bit = %x, want %x", tid, got, want)
		}
		if got, want := o[5], uint64(tid)|h1<<16|0xff<<32; got != want {
			t.Errorf("tid %d: sub-word stores = %x, want %x", tid, got, want)
		}
		if o[6] != hi || o[7] != lo {
			t.Errorf("tid %d: v2.u64 = %x %x", tid, o[6], o[7])
		}
	}
}

// Shared, local, const, param-space and generic accesses, cvta and isspacep.
func TestSpacesAndGenericAddressing(t *testing.T) {
	const body = `
		.shared 256
		.local 16
		ld.param.u64 %rd1, [pvar+0]
		mov.u32 %r1, %tid.x
		shl.b32 %r2, %r1, 2
		st.shared.u32 [%r2], %r1
		mov.u64 %rd2, svar
		cvta.shared.u64 %rd3, %rd2
		cvt.u64.u32 %rd4, %r2
		add.s64 %rd5, %rd3, %rd4
		ld.u32 %r3, [%rd5]
		add.u32 %r3, %r3, 100
		st.u32 [%rd5], %r3
		ld.shared.u32 %r4, [%r2]
		st.local.u32 [lvar+4], %r4
		mov.u64 %rd6, 4
		cvta.local.u64 %rd7, %rd6
		ld.u32 %r5, [%rd7]
		ld.const.u32 %r6, [cvar+4]
		isspacep.shared %p1, %rd5
		isspacep.global %p2, %rd5
		isspacep.local %p3, %rd7
		selp.u32 %r7, 1, 0, %p1
		selp.u32 %r8, 2, 0, %p2
		selp.u32 %r9, 4, 0, %p3
		or.b32 %r7, %r7, %r8
		or.b32 %r7, %r7, %r9
		cvta.to.shared.u64 %rd8, %rd5
		cvt.u32.u64 %r10, %rd8
		cvt.u64.u32 %rd9, %r2
		mul.lo.u64 %rd9, %rd9, 4
		add.s64 %rd9, %rd1, %rd9
		st.global.v4.u32 [%rd9], {%r5, %r6, %r7, %r10}
		ret`
	r := newRig(t, body, rigOpts{block: [3]uint32{8, 1, 1}, params: []uint64{0}, constBytes: []byte{0, 0, 0, 0, 0x78, 0x56, 0x34, 0x12}})
	oa := r.alloc(16, make([]uint64, 8)...)
	r.setParam(0, oa)
	if err := r.runGrid(); err != nil {
		t.Fatal(err)
	}
	out := r.read(oa, 4, 32)
	for tid := 0; tid < 8; tid++ {
		o := out[4*tid:]
		want := []uint64{uint64(tid) + 100, 0x12345678, 1 | 4, uint64(4 * tid)}
		for i := range want {
			if o[i] != want[i] {
				t.Errorf("tid %d word %d = %#x, want %#x", tid, i, o[i], want[i])
			}
		}
	}
}

// Faults carry the instruction, the kernel, the block, the thread and the
// source line; bad accesses never panic.
func TestMemoryFaults(t *testing.T) {
	cases := []struct {
		name, body string
		kind       mem.FaultKind
		msg        string
	}{
		{"out of range", `
			ld.param.u64 %rd1, [pvar+0]
			mov.u32 %r1, %tid.x
			mov.u32 %r2, %ctaid.x
			mad.lo.u32 %r1, %r2, 32, %r1
			mul.wide.u32 %rd2, %r1, 4
			add.s64 %rd3, %rd1, %rd2
			.loc 41
			ld.global.f32 %f1, [%rd3]
			ret`, mem.FaultOutOfRange,
			"test.ptx:9:1: ld.global.f32: out-of-range read of 4 bytes at 0x00000001000000c0 (kernel k, block (1,0,0), warp 0, lane 16, thread (16,0,0), pc 6, source test.cu:41)"},
		{"misaligned", `
			ld.param.u64 %rd1, [pvar+0]
			ld.global.u32 %r1, [%rd1+2]
			ret`, mem.FaultMisaligned,
			"test.ptx:3:1: ld.global.u32: misaligned read of 4 bytes at 0x0000000100000002 (kernel k, block (0,0,0), warp 0, lane 0, thread (0,0,0), pc 1)"},
		{"vector misaligned", `
			ld.param.u64 %rd1, [pvar+0]
			ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+8]
			ret`, mem.FaultMisaligned,
			"test.ptx:3:1: ld.global.v4.f32: misaligned read of 16 bytes at 0x0000000100000008 (kernel k, block (0,0,0), warp 0, lane 0, thread (0,0,0), pc 1)"},
		{"write to const", `
			st.const.u32 [cvar+0], 1
			ret`, mem.FaultReadOnly,
			"test.ptx:2:1: st.const.u32: write of 4 bytes at 0x0000000000000000: const memory is read-only (kernel k, block (0,0,0), warp 0, lane 0, thread (0,0,0), pc 0)"},
		{"write to params", `
			st.param.u32 [pvar+0], 1
			ret`, mem.FaultReadOnly,
			"test.ptx:2:1: st.param.u32: write of 4 bytes at 0x0000000000000000: param memory is read-only (kernel k, block (0,0,0), warp 0, lane 0, thread (0,0,0), pc 0)"},
		{"shared out of range", `
			.shared 16
			mov.u32 %r1, %tid.x
			shl.b32 %r1, %r1, 2
			@%p9 bra SKIP
			st.shared.u32 [%r1], 7
		SKIP:
			ret`, mem.FaultOutOfRange,
			"test.ptx:6:1: st.shared.u32: out-of-range write of 4 bytes at 0x0000000000000010 in shared memory (kernel k, block (0,0,0), warp 0, lane 4, thread (4,0,0), pc 3)"},
		{"null generic", `
			mov.u64 %rd1, 0
			ld.u8 %r1, [%rd1]
			ret`, mem.FaultOutOfRange,
			"test.ptx:3:1: ld.u8: out-of-range read of 1 bytes at 0x0000000000000000 (kernel k, block (0,0,0), warp 0, lane 0, thread (0,0,0), pc 1)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// Two blocks of 32 threads over a 48-word buffer.
			r := newRig(t, c.body, rigOpts{grid: [3]uint32{2, 1, 1}, block: [3]uint32{32, 1, 1}, params: []uint64{0}, constBytes: make([]byte, 4)})
			r.setParam(0, r.alloc(4, make([]uint64, 48)...))
			err := r.runGrid()
			var f *warp.Fault
			var mf *mem.Fault
			if !errors.As(err, &f) || !errors.As(err, &mf) {
				t.Fatalf("got %v, want a memory fault", err)
			}
			if mf.Kind != c.kind {
				t.Errorf("kind %v, want %v", mf.Kind, c.kind)
			}
			if err.Error() != c.msg {
				t.Errorf("message\n got %s\nwant %s", err, c.msg)
			}
		})
	}
}

func TestTrap(t *testing.T) {
	r := newRig(t, "mov.u32 %r1, %tid.x\nsetp.eq.u32 %p1, %r1, 5\n@%p1 trap\nret", rigOpts{block: [3]uint32{32, 1, 1}})
	err := r.runGrid()
	if err == nil || err.Error() != "test.ptx:3:1: trap: trap (kernel k, block (0,0,0), warp 0, lane 5, thread (5,0,0), pc 2)" {
		t.Errorf("got %v", err)
	}
}

// Memory instructions describe their accesses for the timing model: the
// kind, the instruction's space, the bytes per lane, and per lane the space
// and address the access went to (generic addresses resolved).
func TestAccessRecord(t *testing.T) {
	const body = `
		.shared 256
		mov.u32 %r1, %laneid
		shl.b32 %r2, %r1, 3
		cvt.u64.u32 %rd1, %r2
		mov.u64 %rd2, svar
		cvta.shared.u64 %rd2, %rd2
		add.s64 %rd3, %rd2, %rd1
		setp.lt.u32 %p1, %r1, 4
		@%p1 st.v2.u32 [%rd3], {%r1, %r1}
		ld.shared.u16 %rs1, [%r2+2]
		atom.shared.add.u32 %r3, [svar+4], 1
		ret`
	r := newRig(t, body, rigOpts{block: [3]uint32{32, 1, 1}})
	b, err := r.launch.NewBlock([3]uint32{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := b.Warps()[0]
	var res warp.Result
	for i := 0; i < 8; i++ {
		if res, err = w.Step(0); err != nil {
			t.Fatal(err)
		}
	}
	a := res.Mem
	if a == nil || a.Kind != warp.AccessStore || a.Space != traces.SpaceGeneric || a.Size != 8 || a.Mask != 0xf {
		t.Fatalf("store record %+v", a)
	}
	for l := 0; l < 4; l++ {
		if a.Spaces[l] != traces.SpaceShared || a.Addr[l] != uint64(8*l) {
			t.Errorf("lane %d: %v 0x%x", l, a.Spaces[l], a.Addr[l])
		}
	}
	res, _ = w.Step(0)
	if a := res.Mem; a.Kind != warp.AccessLoad || a.Space != traces.SpaceShared || a.Size != 2 || a.Mask != 0xffffffff || a.Addr[31] != 31*8+2 {
		t.Errorf("load record %+v", a)
	}
	res, _ = w.Step(0)
	if a := res.Mem; a.Kind != warp.AccessAtomic || a.Addr[7] != 4 {
		t.Errorf("atomic record %+v", a)
	}
	res, _ = w.Step(0)
	if res.Mem != nil || res.Kind != warp.KindExited {
		t.Errorf("ret: %+v", res)
	}
	if got := binaryLE(b.Shared().Data[8*3:], 4); got != 3 {
		t.Errorf("shared[3] = %d", got)
	}
}

func binaryLE(b []byte, n int) uint64 { return warp.LoadN(b, n) }

// TestFullWarpAcrossAllocations runs a full warp's plain load and store
// whose lanes fall in two allocations: the first 20 lanes in the one the
// warp's last access hit (the straight loop) and the rest in another (the
// checked path from lane 20 on), and the other way round.
func TestFullWarpAcrossAllocations(t *testing.T) {
	const body = `
		ld.param.u64 %rd1, [pvar+0]
		ld.param.u64 %rd2, [pvar+8]
		ld.param.u64 %rd3, [pvar+16]
		ld.param.u64 %rd4, [pvar+24]
		ld.param.u32 %r9, [pvar+32]
		mov.u32 %r1, %tid.x
		setp.lt.u32 %p1, %r1, 20
		sub.u32 %r2, %r1, 20
		selp.u32 %r3, %r1, %r2, %p1
		mul.wide.u32 %rd5, %r3, 4
		selp.b64 %rd6, %rd1, %rd2, %p1
		setp.ne.u32 %p2, %r9, 0
		selp.b64 %rd10, %rd2, %rd1, %p2
		ld.global.u32 %r8, [%rd10]
		add.s64 %rd7, %rd6, %rd5
		ld.global.u32 %r4, [%rd7]
		add.u32 %r5, %r4, %r8
		selp.b64 %rd8, %rd3, %rd4, %p1
		selp.b64 %rd11, %rd4, %rd3, %p2
		ld.global.u32 %r7, [%rd11]
		add.s64 %rd9, %rd8, %rd5
		st.global.u32 [%rd9], %r5
		ret`
	for _, other := range []uint64{0, 1} {
		// other 0: the warp's last access before each is in the first
		// lanes' allocation; 1: in the last lanes'.
		r := newRig(t, body, rigOpts{block: [3]uint32{32, 1, 1}, params: []uint64{0, 0, 0, 0, 0}})
		av, bv := make([]uint64, 20), make([]uint64, 12)
		for i := range av {
			av[i] = 100 + uint64(i)
		}
		for i := range bv {
			bv[i] = 500 + uint64(i)
		}
		a, b := r.alloc(4, av...), r.alloc(4, bv...)
		c, d := r.alloc(4, make([]uint64, 20)...), r.alloc(4, make([]uint64, 12)...)
		for i, v := range []uint64{a, b, c, d, other} {
			r.setParam(i, v)
		}
		if err := r.runGrid(); err != nil {
			t.Fatal(err)
		}
		first := av[0] // what %r8 loaded: the first word of a (other 0) or b
		if other == 1 {
			first = bv[0]
		}
		gc, gd := r.read(c, 4, 20), r.read(d, 4, 12)
		for i := range gc {
			if want := av[i] + first; gc[i] != want {
				t.Errorf("other %d: lane %d stored %d, want %d", other, i, gc[i], want)
			}
		}
		for i := range gd {
			if want := bv[i] + first; gd[i] != want {
				t.Errorf("other %d: lane %d stored %d, want %d", other, 20+i, gd[i], want)
			}
		}
	}
}
