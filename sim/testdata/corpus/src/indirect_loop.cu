// Function pointers held in shared memory and chosen per lane inside a
// loop; one callee recurses through the table (an indirect call into a
// recursive cycle).
#include "corpus.h"

typedef int (*step_t)(int, int);
__device__ __noinline__ int inc(int x, int d) { return x + 1; }
__device__ __noinline__ int dbl(int x, int d) { return 2 * x; }
__device__ step_t table2[3];
__device__ __noinline__ int down(int x, int d) { return d <= 0 ? x : table2[2](x - 1, d - 1) + 1; }

__global__ void walk(int *out, int iters)
{
	__shared__ step_t fns[3];
	if (threadIdx.x == 0) {
		fns[0] = inc, fns[1] = dbl, fns[2] = down;
		table2[0] = inc, table2[1] = dbl, table2[2] = down;
	}
	__syncthreads();
	int t = threadIdx.x, x = t;
	for (int i = 0; i < iters; i++)
		x = fns[(t + i) % 3](x, t % 5);
	out[t] = x;
}

static int hstep(int f, int x, int d)
{
	if (f == 0)
		return x + 1;
	if (f == 1)
		return 2 * x;
	return d <= 0 ? x : hstep(2, x - 1, d - 1) + 1;
}

int main()
{
	const int n = 64, iters = 7;
	Buf<int> out(n);
	CHECK(cudaDeviceSetLimit(cudaLimitStackSize, 4096));
	walk<<<1, n>>>(out.d, iters);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int t = 0; t < n; t++) {
		int x = t;
		for (int i = 0; i < iters; i++)
			x = hstep((t + i) % 3, x, t % 5);
		EXPECT(out.h[t] == x, "out[%d] = %d, want %d", t, out.h[t], x);
	}
	printf("PASS\n");
	return 0;
}
