// A histogram with shared-memory atomics per block, merged into global
// memory with atomicAdd.
#include "corpus.h"

__global__ void hist(const unsigned char *in, unsigned *bins, int n)
{
	__shared__ unsigned local[64];
	int t = threadIdx.x;
	if (t < 64)
		local[t] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&local[in[i] % 64], 1u);
	__syncthreads();
	if (t < 64)
		atomicAdd(&bins[t], local[t]);
}

int main()
{
	const int n = 10000;
	Buf<unsigned char> in(n);
	Buf<unsigned> bins(64);
	unsigned s = 29, want[64] = {0};
	for (int i = 0; i < n; i++) {
		in.h[i] = (unsigned char)corpus_rand(&s);
		want[in.h[i] % 64]++;
	}
	in.up();
	hist<<<8, 128>>>(in.d, bins.d, n);
	CHECK(cudaDeviceSynchronize());
	bins.down();
	for (int b = 0; b < 64; b++)
		EXPECT(bins.h[b] == want[b], "bin %d: %u, want %u", b, bins.h[b], want[b]);
	printf("PASS\n");
	return 0;
}
