// A tiled matrix multiply with shared-memory tiles (integer data, so the
// host reference is exact).
#include "corpus.h"
#define T 16

__global__ void mm(const int *a, const int *b, int *c, int n)
{
	__shared__ int as[T][T], bs[T][T];
	int r = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x, acc = 0;
	for (int k = 0; k < n; k += T) {
		as[threadIdx.y][threadIdx.x] = a[r * n + k + threadIdx.x];
		bs[threadIdx.y][threadIdx.x] = b[(k + threadIdx.y) * n + col];
		__syncthreads();
		for (int j = 0; j < T; j++)
			acc += as[threadIdx.y][j] * bs[j][threadIdx.x];
		__syncthreads();
	}
	c[r * n + col] = acc;
}

int main()
{
	const int n = 48;
	Buf<int> a(n * n), b(n * n), c(n * n);
	for (int i = 0; i < n * n; i++)
		a.h[i] = i % 7 - 3, b.h[i] = i % 5 - 2;
	a.up();
	b.up();
	mm<<<dim3(n / T, n / T), dim3(T, T)>>>(a.d, b.d, c.d, n);
	CHECK(cudaDeviceSynchronize());
	c.down();
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int acc = 0;
			for (int k = 0; k < n; k++)
				acc += a.h[i * n + k] * b.h[k * n + j];
			EXPECT(c.h[i * n + j] == acc, "c[%d][%d] = %d, want %d", i, j, c.h[i * n + j], acc);
		}
	printf("PASS\n");
	return 0;
}
