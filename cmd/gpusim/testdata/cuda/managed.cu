// Managed memory: cudaMallocManaged buffers the host fills and reads in
// place, and a __managed__ variable both sides update.
#include "check.h"

__managed__ int total;

__global__ void scale(float *x, int n, float s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		x[i] *= s;
		atomicAdd(&total, 1);
	}
}

int main()
{
	const int n = 5000;
	float *x;
	CHECK(cudaMallocManaged(&x, n * sizeof(float)));
	for (int i = 0; i < n; i++)
		x[i] = (float)i;
	total = 7; // the host writes the managed variable directly
	scale<<<(n + 255) / 256, 256>>>(x, n, 3.0f);
	CHECK(cudaDeviceSynchronize());
	for (int i = 0; i < n; i++)
		EXPECT(x[i] == 3.0f * i, "x[%d] = %g", i, x[i]);
	EXPECT(total == n + 7, "total %d, want %d", total, n + 7);
	cudaPointerAttributes pa;
	CHECK(cudaPointerGetAttributes(&pa, x));
	EXPECT(pa.type == cudaMemoryTypeManaged, "pointer type %d", (int)pa.type);
	CHECK(cudaFree(x));
	printf("PASS\n");
	return 0;
}
