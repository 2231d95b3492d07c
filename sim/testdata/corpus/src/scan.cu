// An inclusive block scan: warp scans with __shfl_up_sync, then the warp
// totals scanned through shared memory.
#include "corpus.h"

__global__ void scan(const int *in, int *out)
{
	__shared__ int warp_tot[32];
	int t = threadIdx.x, lane = t % 32, w = t / 32;
	int v = in[blockIdx.x * blockDim.x + t];
	for (int o = 1; o < 32; o *= 2) {
		int u = __shfl_up_sync(0xffffffffu, v, o);
		if (lane >= o)
			v += u;
	}
	if (lane == 31)
		warp_tot[w] = v;
	__syncthreads();
	if (w == 0) {
		int x = lane < blockDim.x / 32 ? warp_tot[lane] : 0;
		for (int o = 1; o < 32; o *= 2) {
			int u = __shfl_up_sync(0xffffffffu, x, o);
			if (lane >= o)
				x += u;
		}
		warp_tot[lane] = x;
	}
	__syncthreads();
	if (w > 0)
		v += warp_tot[w - 1];
	out[blockIdx.x * blockDim.x + t] = v;
}

int main()
{
	const int block = 256, blocks = 4, n = block * blocks;
	Buf<int> in(n), out(n);
	unsigned s = 23;
	for (int i = 0; i < n; i++)
		in.h[i] = (int)(corpus_rand(&s) % 100) - 50;
	in.up();
	scan<<<blocks, block>>>(in.d, out.d);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int b = 0; b < blocks; b++) {
		int acc = 0;
		for (int t = 0; t < block; t++) {
			acc += in.h[b * block + t];
			EXPECT(out.h[b * block + t] == acc, "scan %d: %d, want %d", b * block + t, out.h[b * block + t], acc);
		}
	}
	printf("PASS\n");
	return 0;
}
