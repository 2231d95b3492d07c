// Calls runtime functions gpusim does not implement: each returns
// cudaErrorNotSupported (with one line on stderr naming it), the error is
// not sticky, and the program carries on.
#include "check.h"

__global__ void one(int *x) { *x = 1; }

int main()
{
	cudaMipmappedArray_t arr;
	cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
	EXPECT(desc.x == 32 && desc.f == cudaChannelFormatKindFloat, "channel descriptor %d %d", desc.x, (int)desc.f);
	cudaError_t e = cudaMallocMipmappedArray(&arr, &desc, make_cudaExtent(16, 16, 0), 4);
	EXPECT(e == cudaErrorNotSupported, "cudaMallocMipmappedArray gave %s", cudaGetErrorName(e));
	EXPECT(cudaGetLastError() == cudaErrorNotSupported, "last error");
	EXPECT(cudaGetLastError() == cudaSuccess, "the error must not stick");
	cudaGraph_t g;
	e = cudaGraphCreate(&g, 0);
	EXPECT(e == cudaErrorNotSupported, "cudaGraphCreate gave %s", cudaGetErrorName(e));
	e = cudaGraphCreate(&g, 0); // a second call: no second message
	EXPECT(e == cudaErrorNotSupported, "cudaGraphCreate gave %s", cudaGetErrorName(e));
	int *d, h = 0;
	CHECK(cudaMalloc(&d, sizeof(int)));
	one<<<1, 1>>>(d);
	CHECK(cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost));
	EXPECT(h == 1, "kernel after unsupported calls wrote %d", h);
	printf("PASS\n");
	return 0;
}
