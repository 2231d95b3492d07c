// Global atomics of several kinds and widths: add, min, max, cas loops,
// exch, inc, and a float add, with results checked on the host.
#include "corpus.h"

__global__ void atoms(int *iv, unsigned long long *lv, float *fv, unsigned *uv)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	atomicAdd(&iv[0], t);
	atomicMin(&iv[1], 1000 - t);
	atomicMax(&iv[2], t * 3);
	atomicAdd(&lv[0], (unsigned long long)t << 20);
	int old = iv[3], assumed;
	do {
		assumed = old;
		old = atomicCAS(&iv[3], assumed, assumed + 2);
	} while (old != assumed);
	atomicAdd(&fv[0], 0.5f);
	atomicInc(&uv[0], 63u);
	atomicExch(&iv[4], 77);
	atomicOr(&uv[1], 1u << (t % 32));
}

int main()
{
	const int n = 256;
	Buf<int> iv(5);
	Buf<unsigned long long> lv(1);
	Buf<float> fv(1);
	Buf<unsigned> uv(2);
	iv.h[1] = 1 << 30;
	iv.up();
	atoms<<<4, 64>>>(iv.d, lv.d, fv.d, uv.d);
	CHECK(cudaDeviceSynchronize());
	iv.down();
	lv.down();
	fv.down();
	uv.down();
	unsigned long long lsum = 0;
	for (int t = 0; t < n; t++)
		lsum += (unsigned long long)t << 20;
	EXPECT(iv.h[0] == n * (n - 1) / 2 && iv.h[1] == 1000 - (n - 1) && iv.h[2] == (n - 1) * 3, "add/min/max %d %d %d", iv.h[0], iv.h[1], iv.h[2]);
	EXPECT(lv.h[0] == lsum && iv.h[3] == 2 * n && fv.h[0] == n * 0.5f, "64-bit add %llu, cas %d, float %g", lv.h[0], iv.h[3], fv.h[0]);
	EXPECT(uv.h[0] == n % 64 && iv.h[4] == 77 && uv.h[1] == 0xffffffffu, "inc %u, exch %d, or %x", uv.h[0], iv.h[4], uv.h[1]);
	printf("PASS\n");
	return 0;
}
