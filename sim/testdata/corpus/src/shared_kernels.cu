// Several kernels in one module, each with its own __shared__ arrays
// (module-scope variables in clang's PTX): each kernel is charged only the
// shared memory it and the functions it calls use, as ptxas counts it.
#include "corpus.h"

__device__ __noinline__ int helper_tile(int i)
{
	__shared__ int tile[128];
	tile[i] = i * 2;
	__syncthreads();
	return tile[127 - i];
}

__global__ void small(int *out)
{
	__shared__ int s[32];
	s[threadIdx.x % 32] = threadIdx.x;
	__syncthreads();
	out[threadIdx.x] = s[(threadIdx.x + 1) % 32];
}

__global__ void large(int *out)
{
	__shared__ double big[1024];
	__shared__ char flags[100];
	int t = threadIdx.x;
	for (int i = t; i < 1024; i += blockDim.x)
		big[i] = i * 0.5;
	if (t < 100)
		flags[t] = (char)t;
	__syncthreads();
	out[t] = (int)big[1023 - t] + flags[t % 100];
}

__global__ void via_helper(int *out) { out[threadIdx.x] = helper_tile(threadIdx.x); }

int main()
{
	Buf<int> a(128), b(128), c(128);
	small<<<1, 32>>>(a.d);
	large<<<1, 128>>>(b.d);
	via_helper<<<1, 128>>>(c.d);
	CHECK(cudaDeviceSynchronize());
	a.down();
	b.down();
	c.down();
	for (int t = 0; t < 32; t++)
		EXPECT(a.h[t] == (t + 1) % 32, "small %d", t);
	for (int t = 0; t < 128; t++) {
		EXPECT(b.h[t] == (int)((1023 - t) * 0.5) + t % 100, "large %d: %d", t, b.h[t]);
		EXPECT(c.h[t] == (127 - t) * 2, "via_helper %d: %d", t, c.h[t]);
	}
	cudaFuncAttributes fa;
	CHECK(cudaFuncGetAttributes(&fa, small));
	EXPECT(fa.sharedSizeBytes == 128, "small: %zu bytes of shared memory", fa.sharedSizeBytes);
	CHECK(cudaFuncGetAttributes(&fa, large));
	EXPECT(fa.sharedSizeBytes == 8192 + 100, "large: %zu bytes of shared memory", fa.sharedSizeBytes);
	CHECK(cudaFuncGetAttributes(&fa, via_helper));
	EXPECT(fa.sharedSizeBytes == 512, "via_helper: %zu bytes of shared memory", fa.sharedSizeBytes);
	printf("PASS\n");
	return 0;
}
