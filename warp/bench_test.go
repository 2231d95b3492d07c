package warp

import "testing"

// benchBody is a typical inner loop: address arithmetic, a global load, a
// shared store and load, integer and f32 arithmetic, a compare and a
// backward branch, with a divergent tail.
const benchBody = `
	.shared 4096
	mov.u32 %r1, %tid.x
	ld.param.u64 %rd1, [pvar]
	mul.wide.u32 %rd2, %r1, 4
	add.s64 %rd3, %rd1, %rd2
	shl.b32 %r2, %r1, 2
	mov.u32 %r3, 0
	mov.f32 %f1, 0f00000000
LOOP:
	ld.global.f32 %f2, [%rd3]
	fma.rn.f32 %f1, %f2, 0f3f000000, %f1
	add.u32 %r4, %r3, %r1
	and.b32 %r4, %r4, 1023
	shl.b32 %r5, %r4, 2
	st.shared.f32 [%r5], %f1
	ld.shared.f32 %f3, [%r2]
	add.f32 %f1, %f1, %f3
	add.u32 %r3, %r3, 1
	setp.lt.u32 %p1, %r3, 256
	@%p1 bra LOOP
	and.b32 %r6, %r1, 1
	setp.eq.u32 %p2, %r6, 0
	@%p2 bra EVEN
	mul.f32 %f1, %f1, 0f40000000
EVEN:
	st.global.f32 [%rd3], %f1
	ret`

func BenchmarkWarpExec(b *testing.B) {
	r := newRig(b, benchBody, rigOpts{block: [3]uint32{128, 1, 1}, params: []uint64{0}})
	r.setParam(0, r.alloc(4, make([]uint64, 128)...))
	blk, err := r.launch.NewBlock([3]uint32{}, 0)
	if err != nil {
		b.Fatal(err)
	}
	count := func() uint64 {
		var n uint64
		for _, w := range blk.Warps() {
			for _, c := range w.WarpInsts() {
				n += c
			}
		}
		return n
	}
	if err := blk.Run(); err != nil {
		b.Fatal(err)
	}
	before := count()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		blk.Reset([3]uint32{}, 0)
		if err := blk.Run(); err != nil {
			b.Fatal(err)
		}
	}
	insts := float64(count() - before)
	b.ReportMetric(insts/b.Elapsed().Seconds(), "warp-inst/s")
	b.ReportMetric(insts/float64(b.N), "warp-inst/op")
}
