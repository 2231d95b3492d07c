// Texture objects: a 1D fetch from linear memory (tex1Dfetch) and a 2D
// point-sampled fetch from a CUDA array (tex2D). The texture unit is
// another part of gpusim's work (issue 11, textures and surfaces): the
// corpus test counts this program's modules among the expected
// unsupported ones until it lands.
#include "corpus.h"

__global__ void fetch(cudaTextureObject_t lin, cudaTextureObject_t arr, float *out, int w, int h)
{
	int x = threadIdx.x, y = blockIdx.x;
	out[y * w + x] = tex1Dfetch<float>(lin, y * w + x) + tex2D<float>(arr, x + 0.5f, y + 0.5f);
}

int main()
{
	const int w = 16, h = 8;
	Buf<float> lin(w * h), out(w * h);
	float host[w * h];
	for (int i = 0; i < w * h; i++)
		lin.h[i] = host[i] = (float)i;
	lin.up();
	cudaResourceDesc rd = {};
	rd.resType = cudaResourceTypeLinear;
	rd.res.linear.devPtr = lin.d;
	rd.res.linear.desc = cudaCreateChannelDesc<float>();
	rd.res.linear.sizeInBytes = w * h * sizeof(float);
	cudaTextureDesc td = {};
	td.readMode = cudaReadModeElementType;
	cudaTextureObject_t tl, ta;
	CHECK(cudaCreateTextureObject(&tl, &rd, &td, 0));
	cudaArray_t arr;
	cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
	CHECK(cudaMallocArray(&arr, &cd, w, h));
	CHECK(cudaMemcpy2DToArray(arr, 0, 0, host, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice));
	cudaResourceDesc ra = {};
	ra.resType = cudaResourceTypeArray;
	ra.res.array.array = arr;
	td.filterMode = cudaFilterModePoint;
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
	CHECK(cudaCreateTextureObject(&ta, &ra, &td, 0));
	fetch<<<h, w>>>(tl, ta, out.d, w, h);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int i = 0; i < w * h; i++)
		EXPECT(out.h[i] == 2.0f * i, "texel %d: %g", i, out.h[i]);
	printf("PASS\n");
	return 0;
}
