// Special registers: %clock and %clock64 count up, %globaltimer moves,
// %smid is below %nsmid, %warpid below %nwarpid, %laneid and the
// %lanemask_* registers agree, %dynamic_smem_size and %total_smem_size
// describe the launch, %gridid differs between launches, and %envreg1/2
// (a cooperative launch's grid workspace) are 0 in an ordinary launch.
#include "corpus.h"

__device__ unsigned sreg(int which)
{
	unsigned r = 0;
	switch (which) {
	case 0: asm volatile("mov.u32 %0, %%smid;" : "=r"(r)); break;
	case 1: asm volatile("mov.u32 %0, %%nsmid;" : "=r"(r)); break;
	case 2: asm volatile("mov.u32 %0, %%warpid;" : "=r"(r)); break;
	case 3: asm volatile("mov.u32 %0, %%nwarpid;" : "=r"(r)); break;
	case 4: asm volatile("mov.u32 %0, %%laneid;" : "=r"(r)); break;
	case 5: asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(r)); break;
	case 6: asm volatile("mov.u32 %0, %%lanemask_le;" : "=r"(r)); break;
	case 7: asm volatile("mov.u32 %0, %%lanemask_eq;" : "=r"(r)); break;
	case 8: asm volatile("mov.u32 %0, %%lanemask_ge;" : "=r"(r)); break;
	case 9: asm volatile("mov.u32 %0, %%lanemask_gt;" : "=r"(r)); break;
	case 10: asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(r)); break;
	case 11: asm volatile("mov.u32 %0, %%total_smem_size;" : "=r"(r)); break;
	case 12: asm volatile("mov.u32 %0, %%envreg1;" : "=r"(r)); break;
	case 13: asm volatile("mov.u32 %0, %%envreg2;" : "=r"(r)); break;
	case 14: asm volatile("mov.u32 %0, %%clock;" : "=r"(r)); break;
	}
	return r;
}

__global__ void probe(unsigned *out, unsigned long long *times)
{
	extern __shared__ int dyn[];
	__shared__ int stat[64];
	int t = threadIdx.x;
	stat[t] = t;
	dyn[t] = t;
	unsigned long long c0 = clock64(), g0, g1, gid;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));
	unsigned k0 = sreg(14);
	for (int i = 0; i < 15; i++)
		out[t * 16 + i] = sreg(i);
	out[t * 16 + 15] = stat[(t + 1) % 64] + dyn[(t + 2) % 64];
	__syncthreads();
	unsigned long long c1 = clock64();
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1));
	unsigned k1 = sreg(14);
	asm volatile("mov.u64 %0, %%gridid;" : "=l"(gid));
	if (t == 0) {
		times[0] = c0, times[1] = c1, times[2] = g0, times[3] = g1, times[4] = gid, times[5] = k1 - k0;
	}
}

int main()
{
	const int threads = 64, dynBytes = 256;
	Buf<unsigned> out(threads * 16);
	Buf<unsigned long long> t1(6), t2(6);
	probe<<<1, threads, dynBytes>>>(out.d, t1.d);
	probe<<<1, threads, dynBytes>>>(out.d, t2.d);
	CHECK(cudaDeviceSynchronize());
	out.down();
	t1.down();
	t2.down();
	for (int t = 0; t < threads; t++) {
		unsigned *s = out.h + t * 16;
		unsigned lane = t % 32, bit = 1u << lane;
		EXPECT(s[0] < s[1], "smid %u, nsmid %u", s[0], s[1]);
		EXPECT(s[2] < s[3], "warpid %u, nwarpid %u", s[2], s[3]);
		EXPECT(s[4] == lane, "laneid %u", s[4]);
		EXPECT(s[5] == bit - 1 && s[6] == (bit | (bit - 1)) && s[7] == bit && s[8] == ~(bit - 1) && s[9] == ~(bit | (bit - 1)),
		       "lanemasks of lane %u: %x %x %x %x %x", lane, s[5], s[6], s[7], s[8], s[9]);
		EXPECT(s[10] == dynBytes, "dynamic_smem_size %u", s[10]);
		EXPECT(s[11] >= dynBytes + 256 && s[11] % 128 == 0, "total_smem_size %u", s[11]);
		EXPECT(s[12] == 0 && s[13] == 0, "envreg1/2 %u %u", s[12], s[13]);
		EXPECT((int)s[15] == (t + 1) % 64 + (t + 2) % 64, "shared %u", s[15]);
	}
	EXPECT(t1.h[1] >= t1.h[0] && t1.h[3] >= t1.h[2], "clock64 %llu -> %llu, globaltimer %llu -> %llu", t1.h[0], t1.h[1], t1.h[2], t1.h[3]);
	EXPECT(t1.h[4] != t2.h[4], "gridid %llu twice", t1.h[4]);
	printf("PASS\n");
	return 0;
}
