// A device function's address read on the host from a __device__ variable
// (cudaMemcpyFromSymbol) and passed back as a kernel parameter: the
// kernel calls through it, and through a pointer it picks per thread.
#include "corpus.h"

typedef float (*fn_t)(float);
__device__ __noinline__ float square(float x) { return x * x; }
__device__ __noinline__ float halve(float x) { return x * 0.5f; }
__device__ fn_t p_square = square;
__device__ fn_t p_halve = halve;

__global__ void run(float *out, fn_t f, fn_t g, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		fn_t h = (i % 3 == 0) ? f : g;
		out[i] = h((float)i) + f(1.5f);
	}
}

int main()
{
	const int n = 100;
	fn_t f, g;
	CHECK(cudaMemcpyFromSymbol(&f, p_square, sizeof(f)));
	CHECK(cudaMemcpyFromSymbol(&g, p_halve, sizeof(g)));
	EXPECT(f != g && f != 0, "addresses %p %p", (void *)f, (void *)g);
	Buf<float> out(n);
	run<<<2, 64>>>(out.d, f, g, n);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int i = 0; i < n; i++) {
		float x = (float)i, want = (i % 3 == 0 ? x * x : x * 0.5f) + 2.25f;
		EXPECT(out.h[i] == want, "out[%d] = %g, want %g", i, out.h[i], want);
	}
	printf("PASS\n");
	return 0;
}
