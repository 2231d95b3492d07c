// __half and __half2 arithmetic (add, mul, fma, comparisons, conversions),
// checked against the host's float arithmetic on values exact in fp16.
#include "corpus.h"
#include <cuda_fp16.h>

__global__ void halves(const float *a, const float *b, float *out, int n)
{
	int i = threadIdx.x;
	if (i >= n)
		return;
	__half x = __float2half(a[i]), y = __float2half(b[i]);
	__half2 p = __halves2half2(x, y), q = __halves2half2(y, x);
	__half2 r = __hfma2(p, q, p);
	out[i * 4 + 0] = __half2float(__hadd(x, y));
	out[i * 4 + 1] = __half2float(__hmul(x, y));
	out[i * 4 + 2] = __low2float(r) + __high2float(r);
	out[i * 4 + 3] = __hlt(x, y) ? 1.0f : 0.0f;
}

int main()
{
	const int n = 64;
	Buf<float> a(n), b(n), out(n * 4);
	for (int i = 0; i < n; i++)
		a.h[i] = (i % 16) * 0.25f - 2.0f, b.h[i] = (i % 8) * 0.5f - 1.0f;
	a.up();
	b.up();
	halves<<<1, n>>>(a.d, b.d, out.d, n);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int i = 0; i < n; i++) {
		float x = a.h[i], y = b.h[i];
		float want[4] = {x + y, x * y, (x * y + x) + (y * x + y), x < y ? 1.0f : 0.0f};
		for (int k = 0; k < 4; k++)
			EXPECT(out.h[i * 4 + k] == want[k], "%d.%d: %g, want %g", i, k, out.h[i * 4 + k], want[k]);
	}
	printf("PASS\n");
	return 0;
}
