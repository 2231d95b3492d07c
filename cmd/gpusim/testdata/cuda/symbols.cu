// __constant__ coefficients set with cudaMemcpyToSymbol (whole and at an
// offset), a __device__ counter bumped with atomicAdd and read back with
// cudaMemcpyFromSymbol, and a __device__ array with an initialiser.
#include "check.h"
#include <cmath>

__constant__ float coef[4];
__device__ unsigned int counter;
__device__ int table[4] = {10, 20, 30, 40};

__global__ void poly(const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float v = x[i];
	y[i] = ((coef[3] * v + coef[2]) * v + coef[1]) * v + coef[0] + table[i & 3];
	atomicAdd(&counter, 1u);
}

int main()
{
	const int n = 1000;
	float hx[n], hy[n];
	for (int i = 0; i < n; i++)
		hx[i] = (i - 500) / 250.0f;
	float c[4] = {1.0f, -2.0f, 0.5f, 0.0f};
	CHECK(cudaMemcpyToSymbol(coef, c, sizeof(c)));
	float c3 = 0.25f;
	CHECK(cudaMemcpyToSymbol(coef, &c3, sizeof(float), 3 * sizeof(float)));
	unsigned int zero = 0;
	CHECK(cudaMemcpyToSymbol(counter, &zero, sizeof(zero)));
	float *dx, *dy;
	CHECK(cudaMalloc(&dx, sizeof(hx)));
	CHECK(cudaMalloc(&dy, sizeof(hy)));
	CHECK(cudaMemcpy(dx, hx, sizeof(hx), cudaMemcpyHostToDevice));
	poly<<<(n + 127) / 128, 128>>>(dx, dy, n);
	poly<<<(n + 127) / 128, 128>>>(dx, dy, n);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hy, dy, sizeof(hy), cudaMemcpyDeviceToHost));
	unsigned int count = 0;
	CHECK(cudaMemcpyFromSymbol(&count, counter, sizeof(count)));
	EXPECT(count == 2 * n, "counter %u, want %d", count, 2 * n);
	float back[4];
	CHECK(cudaMemcpyFromSymbol(back, coef, sizeof(back)));
	EXPECT(back[3] == 0.25f && back[1] == -2.0f, "coef read back %g %g", back[1], back[3]);
	int tab[4];
	CHECK(cudaMemcpyFromSymbol(tab, table, sizeof(tab)));
	EXPECT(tab[0] == 10 && tab[3] == 40, "table %d %d", tab[0], tab[3]);
	size_t size;
	CHECK(cudaGetSymbolSize(&size, table));
	EXPECT(size == sizeof(tab), "cudaGetSymbolSize %zu", size);
	int *dtable;
	CHECK(cudaGetSymbolAddress((void **)&dtable, table));
	int t2;
	CHECK(cudaMemcpy(&t2, dtable + 2, sizeof(int), cudaMemcpyDeviceToHost));
	EXPECT(t2 == 30, "table[2] through cudaGetSymbolAddress: %d", t2);
	for (int i = 0; i < n; i++) {
		float v = hx[i];
		float want = ((c3 * v + c[2]) * v + c[1]) * v + c[0] + (float)(10 * ((i & 3) + 1));
		EXPECT(fabsf(hy[i] - want) <= 1e-5f * fabsf(want) + 1e-5f, "y[%d] = %g, want %g", i, hy[i], want);
	}
	printf("PASS\n");
	return 0;
}
