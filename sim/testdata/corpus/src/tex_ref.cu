// Texture references (texture<float, 1>, deprecated but part of CUDA
// 11.8) and surface loads and stores on a surface object (suld.b/sust.b in
// inline PTX: clang-19 has no surf2Dread/surf2Dwrite). Like tex_obj.cu,
// expected unsupported until gpusim's texture unit lands.
#include "corpus.h"

texture<float, 1, cudaReadModeElementType> tref;

__global__ void through_ref(float *out, int n)
{
	int i = threadIdx.x;
	if (i < n)
		out[i] = tex1Dfetch(tref, i) * 3.0f;
}

__global__ void through_surface(cudaSurfaceObject_t s, int w)
{
	int x = threadIdx.x, y = blockIdx.x;
	float v;
	asm volatile("suld.b.2d.b32.trap {%0}, [%1, {%2, %3}];" : "=f"(v) : "l"(s), "r"(x * 4), "r"(y));
	v += 1.0f;
	asm volatile("sust.b.2d.b32.trap [%0, {%1, %2}], {%3};" : : "l"(s), "r"(x * 4), "r"(y), "f"(v) : "memory");
}

int main()
{
	const int n = 32, w = 8, h = 4;
	Buf<float> in(n), out(n);
	for (int i = 0; i < n; i++)
		in.h[i] = (float)i;
	in.up();
	CHECK(cudaBindTexture(0, tref, in.d, n * sizeof(float)));
	through_ref<<<1, n>>>(out.d, n);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int i = 0; i < n; i++)
		EXPECT(out.h[i] == 3.0f * i, "ref %d: %g", i, out.h[i]);
	cudaArray_t arr;
	cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
	CHECK(cudaMallocArray(&arr, &cd, w, h, cudaArraySurfaceLoadStore));
	float host[w * h];
	for (int i = 0; i < w * h; i++)
		host[i] = (float)i;
	CHECK(cudaMemcpy2DToArray(arr, 0, 0, host, w * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice));
	cudaResourceDesc rd = {};
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = arr;
	cudaSurfaceObject_t s;
	CHECK(cudaCreateSurfaceObject(&s, &rd));
	through_surface<<<h, w>>>(s, w);
	CHECK(cudaDeviceSynchronize());
	CHECK(cudaMemcpy2DFromArray(host, w * sizeof(float), arr, 0, 0, w * sizeof(float), h, cudaMemcpyDeviceToHost));
	for (int i = 0; i < w * h; i++)
		EXPECT(host[i] == i + 1.0f, "surface %d: %g", i, host[i]);
	printf("PASS\n");
	return 0;
}
