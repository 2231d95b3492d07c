// Vector add: c = a + b over a grid that does not divide the length.
#include "check.h"

__global__ void vecadd(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}

int main()
{
	const int n = 10000;
	float *a = new float[n], *b = new float[n], *c = new float[n];
	for (int i = 0; i < n; i++) {
		a[i] = 0.5f * i;
		b[i] = 1000.0f - i;
	}
	float *da, *db, *dc;
	CHECK(cudaMalloc(&da, n * sizeof(float)));
	CHECK(cudaMalloc(&db, n * sizeof(float)));
	CHECK(cudaMalloc(&dc, n * sizeof(float)));
	CHECK(cudaMemcpy(da, a, n * sizeof(float), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(db, b, n * sizeof(float), cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dc, 0, n * sizeof(float)));
	int threads = 256, blocks = (n + threads - 1) / threads;
	vecadd<<<blocks, threads>>>(da, db, dc, n);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(c, dc, n * sizeof(float), cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++)
		EXPECT(c[i] == a[i] + b[i], "c[%d] = %g, want %g", i, c[i], a[i] + b[i]);
	CHECK(cudaFree(da));
	CHECK(cudaFree(db));
	CHECK(cudaFree(dc));
	printf("PASS\n");
	return 0;
}
