// Structs and __half passed by value to kernels and to device functions
// (through .param space), returned by value from a device function.
#include "corpus.h"
#include <cuda_fp16.h>

struct Params {
	int scale;
	float offset;
	double extra;
	char tag[3];
};
struct Pair {
	int a, b;
};
__device__ __noinline__ Pair combine(Params p, Pair q)
{
	Pair r = {q.a * p.scale + p.tag[0], q.b + (int)p.offset};
	return r;
}

__global__ void args(Params p, __half h, Pair *out)
{
	int t = threadIdx.x;
	Pair q = {t, t * 2};
	Pair r = combine(p, q);
	r.b += (int)__half2float(h) + (int)p.extra;
	out[t] = r;
}

int main()
{
	Params p = {3, 7.9f, 100.0, {'x', 'y', 'z'}};
	Buf<Pair> out(32);
	args<<<1, 32>>>(p, __float2half(5.0f), out.d);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int t = 0; t < 32; t++)
		EXPECT(out.h[t].a == t * 3 + 'x' && out.h[t].b == t * 2 + 7 + 5 + 100, "out[%d] = (%d, %d)", t, out.h[t].a, out.h[t].b);
	printf("PASS\n");
	return 0;
}
