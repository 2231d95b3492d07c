package ptx

import (
	"fmt"
	"os"
	"testing"

	"github.com/gpusim/gpusim/traces"
	ptxfe "github.com/gpusim/gpusim/traces/ptx"
)

// ldmatrix, stmatrix and movmatrix against the PTX ISA's description
// ("ldmatrix": thread i holds elements 2*(i%4) and 2*(i%4)+1 of row i/4 of
// each matrix, whose rows are at the addresses threads 8j..8j+7 give;
// .trans the columns), and against mma: ldmatrix.x4 of a row-major 16x16
// A tile, lane l addressing row l%16 at column 8*(l/16), gives exactly the
// mma.m16n8k16 A fragment (the identity GEMM kernels rely on).

// runSharedKernel runs body once for one warp after filling 4 KiB of
// shared memory from the global buffer (word w = 16-bit value w+1, then
// the buffer's own bytes) and writes %r0..%r3 of every lane to out.
func runSharedKernel(t *testing.T, target, body string) ([]uint64, []uint64) {
	t.Helper()
	src := fmt.Sprintf(`.version 8.0
.target %s
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out)
{
	.reg .b32 %%r<8>;
	.reg .b64 %%rd<8>;
	.reg .pred %%p<2>;
	.shared .align 16 .b8 sh[4096];
	ld.param.u64 %%rd1, [in];
	ld.param.u64 %%rd2, [out];
	mov.u32 %%r5, %%tid.x;
	mov.u32 %%r6, 0;
$L_copy:
	shl.b32 %%r7, %%r6, 5;
	add.u32 %%r7, %%r7, %%r5;
	shl.b32 %%r7, %%r7, 2;
	cvt.u64.u32 %%rd3, %%r7;
	add.u64 %%rd4, %%rd1, %%rd3;
	ld.global.u32 %%r4, [%%rd4];
	mov.u32 %%r0, sh;
	add.u32 %%r7, %%r7, %%r0;
	st.shared.u32 [%%r7], %%r4;
	add.u32 %%r6, %%r6, 1;
	setp.lt.u32 %%p1, %%r6, 32;
	@%%p1 bra $L_copy;
	mov.u32 %%r0, 0;
	mov.u32 %%r1, 0;
	mov.u32 %%r2, 0;
	mov.u32 %%r3, 0;
%s
	mul.wide.u32 %%rd3, %%r5, 16;
	add.u64 %%rd4, %%rd2, %%rd3;
	st.global.v4.u32 [%%rd4], {%%r0, %%r1, %%r2, %%r3};
	ret;
}
`, target, body)
	prog, err := ptxfe.Parse("lm.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rg := newRigProgram(t, prog, rigOpts{block: [3]uint32{32, 1, 1}, params: make([]uint64, 2)})
	words := make([]uint64, 1024)
	for i := range words {
		words[i] = uint64(2*i+1) | uint64(2*i+2)<<16 // halves numbered 1, 2, 3, ...
	}
	in := rg.alloc(4, words...)
	out := rg.alloc(4, make([]uint64, 32*4)...)
	rg.setParam(0, in)
	rg.setParam(1, out)
	if err := rg.runGrid(); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return rg.read(out, 4, 32*4), words
}

// shHalf returns 16-bit element n of the shared contents (halves numbered
// from 1).
func shHalf(n int) uint64 { return uint64(n + 1) }

func TestLdmatrixLayout(t *testing.T) {
	// Lane l addresses row l: 16 bytes at sh + 32*l (a row stride of 16
	// halves).
	for _, trans := range []bool{false, true} {
		tr := ""
		if trans {
			tr = ".trans"
		}
		got, _ := runSharedKernel(t, "sm_75", `	mul.lo.u32 %r7, %r5, 32;
	mov.u32 %r6, sh;
	add.u32 %r7, %r7, %r6;
	ldmatrix.sync.aligned.m8n8.x4`+tr+`.shared.b16 {%r0, %r1, %r2, %r3}, [%r7];`)
		for l := 0; l < 32; l++ {
			for j := 0; j < 4; j++ {
				for e := 0; e < 2; e++ {
					row, col := l/4, 2*(l%4)+e
					if trans {
						row, col = col, row
					}
					// Matrix j's row r is at lane 8j+r's address: halves
					// 16*(8j+r) ...
					want := shHalf(16*(8*j+row) + col)
					if v := got[4*l+j] >> (16 * e) & 0xffff; v != want {
						t.Fatalf("trans=%v lane %d reg %d half %d: %d, want %d", trans, l, j, e, v, want)
					}
				}
			}
		}
	}
}

func TestLdmatrixGivesMmaA(t *testing.T) {
	// A is the 16x16 row-major tile at sh with a row stride of 16 halves:
	// lane l points at row l%16, column 8*(l/16).
	got, _ := runSharedKernel(t, "sm_75", `	and.b32 %r6, %r5, 15;
	shr.u32 %r7, %r5, 4;
	mul.lo.u32 %r6, %r6, 32;
	mad.lo.u32 %r7, %r7, 16, %r6;
	mov.u32 %r6, sh;
	add.u32 %r7, %r7, %r6;
	ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0, %r1, %r2, %r3}, [%r7];`)
	f := &traces.MMAForm{Shape: traces.ShapeM16N8K16, D: traces.ElemF32, A: traces.ElemF16, B: traces.ElemF16, C: traces.ElemF32}
	for l := 0; l < 32; l++ {
		for i := 0; i < 8; i++ {
			_, row, col := refCoord(f, traces.FragA, l, i, traces.LayoutRow, traces.LayoutCol)
			if v := got[4*l+i/2] >> (16 * (i % 2)) & 0xffff; v != shHalf(16*row+col) {
				t.Fatalf("lane %d a%d: %d, want A[%d][%d] = %d", l, i, v, row, col, shHalf(16*row+col))
			}
		}
	}
}

func TestStmatrixAndMovmatrix(t *testing.T) {
	// stmatrix of registers r0..r3 = lane*4+j writes them back where
	// ldmatrix reads them: a load after the store returns them.
	got, _ := runSharedKernel(t, "sm_90", `	mul.lo.u32 %r7, %r5, 32;
	mov.u32 %r6, sh;
	add.u32 %r7, %r7, %r6;
	shl.b32 %r0, %r5, 2;
	add.u32 %r1, %r0, 1;
	add.u32 %r2, %r0, 2;
	add.u32 %r3, %r0, 3;
	stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%r7], {%r0, %r1, %r2, %r3};
	mov.u32 %r0, 0;
	ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r0, %r1, %r2, %r3}, [%r7];`)
	for l := 0; l < 32; l++ {
		for j := 0; j < 4; j++ {
			if got[4*l+j] != uint64(4*l+j) {
				t.Fatalf("lane %d reg %d: %#x after stmatrix/ldmatrix, want %#x", l, j, got[4*l+j], 4*l+j)
			}
		}
	}
	// movmatrix transposes: lane l's halves are (2*(l%4), l/4) and
	// (2*(l%4)+1, l/4) of the matrix whose (r, c) lane 4r + c/2 held.
	got, _ = runSharedKernel(t, "sm_75", `	shl.b32 %r6, %r5, 17;
	shl.b32 %r7, %r5, 1;
	or.b32 %r6, %r6, %r7;
	or.b32 %r6, %r6, 65536;
	movmatrix.sync.aligned.m8n8.trans.b16 %r0, %r6;`)
	elem := func(r, c int) uint64 { return uint64(2*(4*r+c/2) + c%2) } // half c%2 of lane 4r+c/2
	for l := 0; l < 32; l++ {
		want := elem(2*(l%4), l/4) | elem(2*(l%4)+1, l/4)<<16
		if got[4*l] != want {
			t.Fatalf("movmatrix lane %d: %#x, want %#x", l, got[4*l], want)
		}
	}
}

// TestCpAsyncAndMbarrier: cp.async with zero fill, the groups, and an
// mbarrier phase completed by arrivals and by a bulk copy's transactions.
func TestCpAsyncAndMbarrier(t *testing.T) {
	got, words := runSharedKernel(t, "sm_90", `	mul.lo.u32 %r7, %r5, 16;
	mov.u32 %r6, sh;
	add.u32 %r7, %r7, %r6;
	add.u32 %r7, %r7, 2048;
	mul.wide.u32 %rd3, %r5, 16;
	add.u64 %rd4, %rd1, %rd3;
	cp.async.ca.shared.global [%r7], [%rd4], 16, %r5;
	cp.async.commit_group;
	cp.async.wait_group 0;
	ld.shared.v4.u32 {%r0, %r1, %r2, %r3}, [%r7];`)
	for l := 0; l < 32; l++ {
		for j := 0; j < 4; j++ {
			// src-size = lane: the first lane bytes come from global, the
			// rest are zero.
			word := words[4*l+j]
			keep := min(max(l-4*j, 0), 4)
			mask := uint64(1)<<(8*uint(keep)) - 1
			if got[4*l+j] != word&mask {
				t.Fatalf("cp.async lane %d word %d: %#x, want %#x", l, j, got[4*l+j], word&mask)
			}
		}
	}
	got, _ = runSharedKernel(t, "sm_90", `	mov.u32 %r6, sh;
	add.u32 %r6, %r6, 4000;
	setp.eq.u32 %p1, %r5, 0;
	@%p1 mbarrier.init.shared.b64 [%r6], 33;
	mbarrier.arrive.shared.b64 %rd5, [%r6];
	mbarrier.test_wait.shared.b64 %p1, [%r6], %rd5;
	selp.u32 %r0, 1, 0, %p1;
	mbarrier.pending_count.b64 %r1, %rd5;
	setp.eq.u32 %p1, %r5, 31;
	@%p1 mbarrier.arrive.expect_tx.shared.b64 %rd6, [%r6], 64;
	mbarrier.test_wait.shared.b64 %p1, [%r6], %rd5;
	selp.u32 %r2, 1, 0, %p1;
	mov.u32 %r7, sh;
	setp.eq.u32 %p1, %r5, 0;
	@%p1 cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r7], [%rd1], 64, [%r6];
	mbarrier.test_wait.parity.shared.b64 %p1, [%r6], 0;
	selp.u32 %r3, 1, 0, %p1;`)
	for l := 0; l < 32; l++ {
		// 32 arrivals of 33 leave the phase open (pending 32-l after lane
		// l); lane 31's arrive.expect_tx makes it 0 arrivals but 64
		// bytes pending; the bulk copy's 64 bytes complete it.
		if got[4*l] != 0 || got[4*l+1] != uint64(32-l) || got[4*l+2] != 0 || got[4*l+3] != 1 {
			t.Fatalf("mbarrier lane %d: %v", l, got[4*l:4*l+4])
		}
	}
}

// TestLLVMTensorKernelsRun runs every kernel of the LLVM-compiled
// fixture (traces/testdata/ptx/tensor.cu: every wmma builtin family,
// cp.async, its groups and the mbarrier builtins) for one warp on random
// inputs: what the compiler emits decodes and executes.
func TestLLVMTensorKernelsRun(t *testing.T) {
	for _, f := range []string{"../../traces/testdata/ptx/tensor.sm80.ptx", "../../traces/testdata/ptx/tensor.sm90.ptx"} {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := ptxfe.Parse(f, src)
		if err != nil {
			t.Fatal(err)
		}
		if len(prog.Kernels) != 13 {
			t.Errorf("%s: %d kernels, want 13", f, len(prog.Kernels))
		}
		for _, k := range prog.Kernels {
			rg := newRigProgram(t, prog, rigOpts{block: [3]uint32{32, 1, 1}, kernel: k.Name, params: make([]uint64, len(k.Params))})
			if rg.launch.Config().Kernel != k {
				t.Fatalf("%s: the rig picked another kernel", k.Name)
			}
			for i := range k.Params {
				words := make([]uint64, 4096)
				for j := range words {
					words[j] = uint64(j*2654435761) & 0x3bff3bff // finite f16 pairs, small integers
				}
				rg.setParam(i, rg.alloc(4, words...))
			}
			if err := rg.runGrid(); err != nil {
				t.Errorf("%s: %s: %v", f, k.Name, err)
			}
		}
	}
}

// TestWmmaLoadAccessParts: the timing record of a wmma.load names, for
// every lane, addresses of data that lane loaded: memory holds f16 values
// equal to their element numbers, and the value at each part's address in
// each lane must be one of the halves the lane's registers received.
func TestWmmaLoadAccessParts(t *testing.T) {
	for _, layout := range []string{"row", "col"} {
		src := `.version 7.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	wmma.load.a.sync.aligned.` + layout + `.m16n16k16.global.f16 {%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, [%rd1];
	ret;
}
`
		prog, err := ptxfe.Parse("k.ptx", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		rg := newRigProgram(t, prog, rigOpts{block: [3]uint32{32, 1, 1}, params: make([]uint64, 1)})
		words := make([]uint64, 256)
		for i := range words {
			words[i] = uint64(i + 1)
		}
		base := rg.alloc(2, words...)
		rg.setParam(0, base)
		blk, err := rg.launch.NewBlock([3]uint32{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		w := blk.Warps()[0]
		if _, err := w.Step(0); err != nil { // ld.param
			t.Fatal(err)
		}
		res, err := w.Step(0)
		if err != nil {
			t.Fatal(err)
		}
		parts := 0
		for a := res.Mem; a != nil; a = a.Next {
			parts++
			for l := 0; l < 32; l++ {
				v := rg.read(a.Addr[l], 2, 1)[0]
				found := false
				k := prog.Kernels[0]
				for _, r := range k.VecRegs(&k.Code[1].Dst[0]) {
					reg := w.Reg(int(r), l)
					if reg&0xffff == v || reg>>16&0xffff == v {
						found = true
					}
				}
				if !found {
					t.Fatalf("%s: part %d lane %d reads %#x (value %d), which the lane did not load", layout, parts, l, a.Addr[l], v)
				}
			}
		}
		want := map[string]int{"row": 4, "col": 8}[layout]
		if parts != want {
			t.Errorf("%s: %d access parts, want %d", layout, parts, want)
		}
	}
}
