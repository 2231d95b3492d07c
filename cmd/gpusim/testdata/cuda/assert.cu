// Device assert: one thread's assertion fails. The message names the file,
// line, function, block and thread on stderr, and the program gets
// cudaErrorAssert from the next synchronisation, sticky afterwards.
#include "check.h"
#include <cassert>

__global__ void check_positive(const int *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		assert(x[i] >= 0);
}

int main()
{
	const int n = 64;
	int h[n];
	for (int i = 0; i < n; i++)
		h[i] = i == 37 ? -1 : i;
	int *d;
	CHECK(cudaMalloc(&d, sizeof(h)));
	CHECK(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice));
	check_positive<<<2, 32>>>(d, n);
	cudaError_t e = cudaDeviceSynchronize();
	EXPECT(e == cudaErrorAssert, "cudaDeviceSynchronize gave %s, want cudaErrorAssert", cudaGetErrorName(e));
	e = cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	EXPECT(e == cudaErrorAssert, "later call gave %s (must stick)", cudaGetErrorName(e));
	printf("PASS\n");
	return 0;
}
