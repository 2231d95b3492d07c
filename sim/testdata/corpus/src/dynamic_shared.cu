// Dynamic shared memory (extern __shared__) used as two arrays of
// different types beside a static array, with the size from the launch.
#include "corpus.h"

__global__ void dyn(const int *in, int *out, int n)
{
	extern __shared__ int pool[];
	__shared__ int stat[4];
	int *ints = pool;
	float *floats = (float *)(pool + n);
	int t = threadIdx.x;
	ints[t] = in[t];
	floats[t] = in[t] * 0.5f;
	if (t < 4)
		stat[t] = t + 100;
	__syncthreads();
	out[t] = ints[n - 1 - t] + (int)floats[t] + stat[t % 4];
}

int main()
{
	const int n = 128;
	Buf<int> in(n), out(n);
	for (int i = 0; i < n; i++)
		in.h[i] = i * 4;
	in.up();
	dyn<<<1, n, n * (sizeof(int) + sizeof(float))>>>(in.d, out.d, n);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int t = 0; t < n; t++)
		EXPECT(out.h[t] == (n - 1 - t) * 4 + t * 2 + t % 4 + 100, "out[%d] = %d", t, out.h[t]);
	printf("PASS\n");
	return 0;
}
