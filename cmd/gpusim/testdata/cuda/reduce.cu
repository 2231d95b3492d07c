// Sum reduction: each block reduces its slice in shared memory down to one
// warp (__syncthreads between steps), the last warp finishes with
// __shfl_down_sync, and block sums are combined by a second launch.
#include "check.h"

template <int BLOCK>
__global__ void reduce(const int *in, int *out, int n)
{
	__shared__ int s[BLOCK];
	int t = threadIdx.x;
	int i = blockIdx.x * BLOCK * 2 + t;
	int v = 0;
	if (i < n)
		v = in[i];
	if (i + BLOCK < n)
		v += in[i + BLOCK];
	s[t] = v;
	__syncthreads();
	for (int step = BLOCK / 2; step >= 32; step >>= 1) {
		if (t < step)
			s[t] += s[t + step];
		__syncthreads();
	}
	if (t < 32) {
		v = s[t];
		for (int off = 16; off > 0; off >>= 1)
			v += __shfl_down_sync(0xffffffffu, v, off);
		if (t == 0)
			out[blockIdx.x] = v;
	}
}

int main()
{
	const int n = 100003, B = 256;
	int *h = new int[n];
	long long want = 0;
	for (int i = 0; i < n; i++) {
		h[i] = (i * 7919) % 1000 - 500;
		want += h[i];
	}
	int blocks = (n + 2 * B - 1) / (2 * B);
	int *din, *dpart, *dsum;
	CHECK(cudaMalloc(&din, n * sizeof(int)));
	CHECK(cudaMalloc(&dpart, blocks * sizeof(int)));
	CHECK(cudaMalloc(&dsum, sizeof(int)));
	CHECK(cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice));
	reduce<B><<<blocks, B>>>(din, dpart, n);
	CHECK(cudaGetLastError());
	reduce<B><<<1, B>>>(dpart, dsum, blocks); // blocks <= 2*B: one block finishes
	CHECK(cudaGetLastError());
	int got;
	CHECK(cudaMemcpy(&got, dsum, sizeof(int), cudaMemcpyDeviceToHost));
	EXPECT(got == want, "sum %d, want %lld", got, want);
	printf("PASS\n");
	return 0;
}
