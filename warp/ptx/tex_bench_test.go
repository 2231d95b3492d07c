package ptx

import (
	"testing"

	ptxfe "github.com/gpusim/gpusim/traces/ptx"
)

// texBench is a loop of bilinear fetches from a 16x16 u8x4 texture read as
// normalised floats (rowsTextures' rtex), 64 a thread, coordinates moving
// with the thread and the iteration.
const texBench = `.version 7.0
.target sm_75
.address_size 64
.global .texref rtex;
.global .surfref rsurf;
.global .texref rtexa;
.global .texref rtexc;
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .f32 %f<12>;
	.reg .pred %p;
	mov.u32 %r1, %tid.x;
	cvt.rn.f32.u32 %f1, %r1;
	mul.f32 %f1, %f1, 0f3C800000;
	mov.f32 %f2, 0f3E000000;
	mov.f32 %f9, 0f00000000;
	mov.u32 %r2, 0;
LOOP:
	tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [rtex, {%f1, %f2}];
	add.f32 %f9, %f9, %f3;
	add.f32 %f2, %f2, 0f3C000000;
	add.u32 %r2, %r2, 1;
	setp.lt.u32 %p, %r2, 64;
	@%p bra LOOP;
	ld.param.u64 %rd1, [out];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.f32 [%rd3], %f9;
	ret;
}
`

// BenchmarkTexFetch measures the functional texture path: filtered
// fetches per second, and that a fetch allocates nothing (allocs/op is the
// block's reset, whatever the number of fetches).
func BenchmarkTexFetch(b *testing.B) {
	prog, err := ptxfe.Parse("texbench.ptx", []byte(texBench))
	if err != nil {
		b.Fatal(err)
	}
	r := newRigProgram(b, prog, rigOpts{block: [3]uint32{128, 1, 1}, params: []uint64{0}, tex: rowsTextures})
	r.setParam(0, r.alloc(4, make([]uint64, 128)...))
	blk, err := r.launch.NewBlock([3]uint32{}, 0)
	if err != nil {
		b.Fatal(err)
	}
	if err := blk.Run(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		blk.Reset([3]uint32{}, 0)
		if err := blk.Run(); err != nil {
			b.Fatal(err)
		}
	}
	fetches := float64(128 * 64 * b.N)
	b.ReportMetric(fetches/b.Elapsed().Seconds(), "fetches/s")
}
