// An out-of-bounds store: the launch itself succeeds, the next
// synchronising call returns cudaErrorIllegalAddress, and so does every
// call after it (the error is sticky), as on hardware.
#include "check.h"

__global__ void overrun(int *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	x[i] = i; // no bounds check: the last block runs past the end
	(void)n;
}

int main()
{
	const int n = 1000;
	int *d;
	CHECK(cudaMalloc(&d, n * sizeof(int)));
	overrun<<<(n + 255) / 256 + 64, 256>>>(d, n);
	EXPECT(cudaGetLastError() == cudaSuccess, "the launch itself must succeed");
	cudaError_t e = cudaDeviceSynchronize();
	EXPECT(e == cudaErrorIllegalAddress, "cudaDeviceSynchronize gave %s, want cudaErrorIllegalAddress", cudaGetErrorName(e));
	int h;
	e = cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
	EXPECT(e == cudaErrorIllegalAddress, "a later cudaMemcpy gave %s (the error must stick)", cudaGetErrorName(e));
	e = cudaGetLastError();
	EXPECT(e == cudaErrorIllegalAddress, "cudaGetLastError gave %s", cudaGetErrorName(e));
	printf("%s\n", cudaGetErrorString(cudaErrorIllegalAddress));
	printf("PASS\n");
	return 0;
}
