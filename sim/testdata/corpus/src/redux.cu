// Warp reductions: redux.sync on sm_80 and later, shuffles on older
// targets, over the whole warp and over quarter-warp groups. The
// reductions are inline PTX, as CUDA 11.8's own __reduce_*_sync are:
// clang-19's versions of those intrinsics pass the mask as the value and
// the value as the mask (llvm-project issue 131415, fixed after clang 20),
// which faults on hardware and in gpusim (the executing lane is not in
// the "mask").
#include "corpus.h"

#if __CUDA_ARCH__ >= 800
#define REDUX(op, type, d, v, m) asm volatile("redux.sync." #op "." #type " %0, %1, %2;" : "=r"(d) : "r"(v), "r"(m))
#endif

__device__ unsigned reduce_add(unsigned mask, unsigned v)
{
#if __CUDA_ARCH__ >= 800
	unsigned d;
	REDUX(add, u32, d, v, mask);
	return d;
#else
	unsigned s = 0;
	for (int j = 0; j < 32; j++) {
		unsigned x = __shfl_sync(mask, v, j);
		if (mask >> j & 1)
			s += x;
	}
	return s;
#endif
}

__global__ void reduce(const unsigned *v, unsigned *out)
{
	int t = threadIdx.x;
	unsigned x = v[t];
	unsigned q = 0xffu << (t % 32 / 8 * 8);
	unsigned *o = out + t * 8;
	o[0] = reduce_add(0xffffffffu, x);
	o[1] = reduce_add(q, x);
#if __CUDA_ARCH__ >= 800
	unsigned all = 0xffffffffu;
	REDUX(min, s32, o[2], x, all);
	REDUX(max, u32, o[3], x, q);
	REDUX(and, b32, o[4], x, all);
	REDUX(or, b32, o[5], x, q);
	REDUX(xor, b32, o[6], x, all);
	REDUX(max, s32, o[7], x, all);
#endif
}

int main()
{
	const int n = 64;
	Buf<unsigned> v(n), out(n * 8);
	unsigned s = 3;
	for (int i = 0; i < n; i++)
		v.h[i] = corpus_rand(&s) >> (i % 3 * 8);
	v.up();
	reduce<<<1, n>>>(v.d, out.d);
	CHECK(cudaDeviceSynchronize());
	out.down();
	int major = 0, dev = 0;
	CHECK(cudaGetDevice(&dev));
	CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
	for (int i = 0; i < n; i++) {
		int w = i / 32 * 32, q = w + i % 32 / 8 * 8;
		unsigned add = 0, addq = 0, andv = ~0u, orq = 0, xorv = 0, maxq = 0;
		int mins = 0x7fffffff, maxs = (int)0x80000000;
		for (int j = 0; j < 32; j++) {
			unsigned x = v.h[w + j];
			add += x;
			andv &= x;
			xorv ^= x;
			mins = (int)x < mins ? (int)x : mins;
			maxs = (int)x > maxs ? (int)x : maxs;
		}
		for (int j = 0; j < 8; j++) {
			unsigned x = v.h[q + j];
			addq += x;
			orq |= x;
			maxq = x > maxq ? x : maxq;
		}
		unsigned *o = out.h + i * 8;
		EXPECT(o[0] == add && o[1] == addq, "add %d: %u %u, want %u %u", i, o[0], o[1], add, addq);
		if (major >= 8) {
			EXPECT((int)o[2] == mins && o[3] == maxq && o[4] == andv && o[5] == orq && o[6] == xorv && (int)o[7] == maxs,
			       "redux %d: %d %u %x %x %x %d", i, (int)o[2], o[3], o[4], o[5], o[6], (int)o[7]);
		}
	}
	printf("PASS\n");
	return 0;
}
