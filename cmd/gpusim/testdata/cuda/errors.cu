// Error semantics that are not sticky: a launch with a bad configuration,
// a bad pointer to cudaFree, a copy past an allocation, an unknown stream;
// cudaPeekAtLastError keeps the error, cudaGetLastError clears it, and the
// context goes on working.
#include "check.h"
#include <cstring>

__global__ void fill(int *x, int v) { x[threadIdx.x] = v; }

int main()
{
	int *d;
	CHECK(cudaMalloc(&d, 64 * sizeof(int)));
	fill<<<1, 2048>>>(d, 1); // more threads than a block may have
	EXPECT(cudaPeekAtLastError() == cudaErrorInvalidConfiguration, "peek after a bad launch: %s", cudaGetErrorName(cudaPeekAtLastError()));
	EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration, "get after a bad launch");
	EXPECT(cudaGetLastError() == cudaSuccess, "the error must be cleared");
	fill<<<dim3(1, 70000), 1>>>(d, 1); // grid y beyond 65535
	EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration, "grid y 70000");
	EXPECT(cudaFree((void *)0x1234) == cudaErrorInvalidValue, "cudaFree of a bad pointer");
	int h[128];
	EXPECT(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost) == cudaErrorInvalidValue, "copy past the allocation");
	EXPECT(cudaMemcpy(h, d, sizeof(int), (cudaMemcpyKind)7) == cudaErrorInvalidMemcpyDirection, "bad copy kind");
	EXPECT(cudaStreamSynchronize((cudaStream_t)0x99) == cudaErrorInvalidResourceHandle, "unknown stream");
	cudaGetLastError();
	EXPECT(strcmp(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue") == 0, "name");
	EXPECT(strcmp(cudaGetErrorString(cudaErrorMemoryAllocation), "out of memory") == 0, "string");
	void *huge;
	EXPECT(cudaMalloc(&huge, (size_t)1 << 50) == cudaErrorMemoryAllocation, "a 1 PiB allocation");
	cudaGetLastError();
	fill<<<1, 64>>>(d, 42);
	CHECK(cudaMemcpy(h, d, 64 * sizeof(int), cudaMemcpyDeviceToHost));
	for (int i = 0; i < 64; i++)
		EXPECT(h[i] == 42, "h[%d] = %d", i, h[i]);
	CHECK(cudaDeviceReset());
	printf("PASS\n");
	return 0;
}
