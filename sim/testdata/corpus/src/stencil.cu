// A 2D five-point stencil with a shared-memory halo, iterated twice.
#include "corpus.h"
#define B 16

__global__ void step(const int *in, int *out, int n)
{
	__shared__ int s[B + 2][B + 2];
	int x = blockIdx.x * B + threadIdx.x, y = blockIdx.y * B + threadIdx.y;
	int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
	auto at = [&](int i, int j) { return i < 0 || j < 0 || i >= n || j >= n ? 0 : in[j * n + i]; };
	s[ly][lx] = at(x, y);
	if (threadIdx.x == 0)
		s[ly][0] = at(x - 1, y);
	if (threadIdx.x == B - 1)
		s[ly][B + 1] = at(x + 1, y);
	if (threadIdx.y == 0)
		s[0][lx] = at(x, y - 1);
	if (threadIdx.y == B - 1)
		s[B + 1][lx] = at(x, y + 1);
	__syncthreads();
	out[y * n + x] = 4 * s[ly][lx] - s[ly][lx - 1] - s[ly][lx + 1] - s[ly - 1][lx] - s[ly + 1][lx];
}

int main()
{
	const int n = 32;
	Buf<int> a(n * n), b(n * n);
	int ref[2][n * n];
	for (int i = 0; i < n * n; i++)
		a.h[i] = ref[0][i] = (i * 37) % 11;
	a.up();
	dim3 g(n / B, n / B), bl(B, B);
	step<<<g, bl>>>(a.d, b.d, n);
	step<<<g, bl>>>(b.d, a.d, n);
	CHECK(cudaDeviceSynchronize());
	a.down();
	for (int it = 0; it < 2; it++) {
		int *src = ref[it % 2], *dst = ref[(it + 1) % 2];
		auto at = [&](int i, int j) { return i < 0 || j < 0 || i >= n || j >= n ? 0 : src[j * n + i]; };
		for (int y = 0; y < n; y++)
			for (int x = 0; x < n; x++)
				dst[y * n + x] = 4 * at(x, y) - at(x - 1, y) - at(x + 1, y) - at(x, y - 1) - at(x, y + 1);
	}
	for (int i = 0; i < n * n; i++)
		EXPECT(a.h[i] == ref[0][i], "cell %d: %d, want %d", i, a.h[i], ref[0][i]);
	printf("PASS\n");
	return 0;
}
