// A matrix transpose through a padded shared-memory tile.
#include "corpus.h"
#define TD 32

__global__ void transpose(const float *in, float *out, int w, int h)
{
	__shared__ float tile[TD][TD + 1];
	int x = blockIdx.x * TD + threadIdx.x, y = blockIdx.y * TD + threadIdx.y;
	for (int j = 0; j < TD; j += blockDim.y)
		if (x < w && y + j < h)
			tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
	__syncthreads();
	x = blockIdx.y * TD + threadIdx.x;
	y = blockIdx.x * TD + threadIdx.y;
	for (int j = 0; j < TD; j += blockDim.y)
		if (x < h && y + j < w)
			out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main()
{
	const int w = 70, h = 40;
	Buf<float> in(w * h), out(w * h);
	for (int i = 0; i < w * h; i++)
		in.h[i] = (float)i;
	in.up();
	transpose<<<dim3((w + TD - 1) / TD, (h + TD - 1) / TD), dim3(TD, 8)>>>(in.d, out.d, w, h);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			EXPECT(out.h[x * h + y] == in.h[y * w + x], "out[%d][%d]", x, y);
	printf("PASS\n");
	return 0;
}
