package ptx

import (
	"testing"

	"github.com/gpusim/gpusim/warp"
)

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

// approxBody is a loop over the approximate forms built in this package
// from alu units: div.full, div.approx, rsqrt.approx.f64, tanh on f16x2
// and min.xorsign.abs.
const approxBody = `
	mov.u32 %r1, %tid.x
	ld.param.u64 %rd1, [pvar]
	mul.wide.u32 %rd2, %r1, 4
	add.s64 %rd3, %rd1, %rd2
	cvt.rn.f32.u32 %f1, %r1
	add.f32 %f1, %f1, 0f3fc00000
	mov.f32 %f2, 0f3f800000
	cvt.f64.f32 %fd1, %f1
	mov.u32 %hh1, 0x3c00b800
	mov.u32 %r3, 0
LOOP:
	div.full.f32 %f3, %f2, %f1
	div.approx.f32 %f4, %f3, %f1
	min.xorsign.abs.f32 %f2, %f4, %f3
	add.f32 %f2, %f2, 0f3f800000
	rsqrt.approx.f64 %fd2, %fd1
	add.f64 %fd1, %fd1, %fd2
	tanh.approx.f16x2 %hh1, %hh1
	add.u32 %r3, %r3, 1
	setp.lt.u32 %p1, %r3, 64
	@%p1 bra LOOP
	st.global.f32 [%rd3], %f2
	ret`

func BenchmarkWarpExec(b *testing.B) { benchKernel(b, benchBody) }

func BenchmarkApproxExec(b *testing.B) { benchKernel(b, approxBody) }

// benchKernel runs one block of four warps of body over and over.
func benchKernel(b *testing.B, body string) {
	r := newRig(b, body, rigOpts{block: [3]uint32{128, 1, 1}, params: []uint64{0}})
	r.setParam(0, r.alloc(4, make([]uint64, 128)...))
	blk, err := r.launch.NewBlock([3]uint32{}, 0)
	if err != nil {
		b.Fatal(err)
	}
	count := func() uint64 {
		var n uint64
		r.launch.Counts(func(t []warp.PCCount) {
			for _, c := range t {
				n += c.Warp
			}
		})
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
