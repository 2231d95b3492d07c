// A block reduction in shared memory with a warp-shuffle tail, then a
// second kernel over the partial sums.
#include "corpus.h"

__global__ void partial(const float *in, float *part, int n)
{
	__shared__ float s[256];
	int t = threadIdx.x, i = blockIdx.x * blockDim.x * 2 + t;
	float v = 0;
	if (i < n)
		v = in[i];
	if (i + blockDim.x < n)
		v += in[i + blockDim.x];
	s[t] = v;
	__syncthreads();
	for (int o = blockDim.x / 2; o > 32; o /= 2) {
		if (t < o)
			s[t] += s[t + o];
		__syncthreads();
	}
	if (t < 32) {
		v = s[t] + s[t + 32];
		for (int o = 16; o > 0; o /= 2)
			v += __shfl_down_sync(0xffffffffu, v, o);
		if (t == 0)
			part[blockIdx.x] = v;
	}
}

int main()
{
	const int n = 256 * 2 * 16;
	Buf<float> in(n), part(16), total(1);
	for (int i = 0; i < n; i++)
		in.h[i] = (float)(i % 17);
	in.up();
	partial<<<16, 256>>>(in.d, part.d, n);
	partial<<<1, 256>>>(part.d, total.d, 16);
	CHECK(cudaDeviceSynchronize());
	total.down();
	double want = 0;
	for (int i = 0; i < n; i++)
		want += i % 17;
	EXPECT(total.h[0] == (float)want, "sum %g, want %g", total.h[0], want);
	printf("PASS\n");
	return 0;
}
