// Texture and surface kernels compiled by nvcc 11.8 (sm_75, sm_90) and
// clang-19 (sm_75, sm_80) into the PTX beside this file (gen.sh), which
// sim/tex_compiled_test.go runs with checked outputs. Thread i reads its
// coordinates from in[i] and writes out[i]. Written for gpusim. clang's
// CUDA headers have no surface functions, so surfCopy is nvcc's only.
#include <cuda_runtime.h>

extern "C" __global__ void fetch2d(cudaTextureObject_t t, const float4 *in, float4 *out)
{
	int i = threadIdx.x;
	out[i] = tex2D<float4>(t, in[i].x, in[i].y);
}

extern "C" __global__ void fetch1d(cudaTextureObject_t t, const int *in, int *out)
{
	int i = threadIdx.x;
	out[i] = tex1Dfetch<int>(t, in[i]);
}

extern "C" __global__ void fetch3d(cudaTextureObject_t t, const float4 *in, float *out)
{
	int i = threadIdx.x;
	out[i] = tex3D<float>(t, in[i].x, in[i].y, in[i].z);
}

extern "C" __global__ void fetchLayered(cudaTextureObject_t t, const float4 *in, float *out)
{
	int i = threadIdx.x;
	out[i] = tex2DLayered<float>(t, in[i].x, in[i].y, (int)in[i].z);
}

extern "C" __global__ void fetchCube(cudaTextureObject_t t, const float4 *in, float *out)
{
	int i = threadIdx.x;
	out[i] = texCubemap<float>(t, in[i].x, in[i].y, in[i].z);
}

extern "C" __global__ void fetchLod(cudaTextureObject_t t, const float4 *in, float *out)
{
	int i = threadIdx.x;
	out[i] = tex2DLod<float>(t, in[i].x, in[i].y, in[i].z);
}

extern "C" __global__ void fetchGrad(cudaTextureObject_t t, const float4 *in, float *out)
{
	int i = threadIdx.x;
	out[i] = tex2DGrad<float>(t, in[i].x, in[i].y, make_float2(in[i].z, 0), make_float2(0, in[i].w));
}

extern "C" __global__ void gather(cudaTextureObject_t t, const float4 *in, float4 *out)
{
	int i = threadIdx.x;
	out[i] = tex2Dgather<float4>(t, in[i].x, in[i].y, 1);
}

texture<float, cudaTextureType2D, cudaReadModeElementType> legacy;

extern "C" __global__ void ref2d(const float4 *in, float *out)
{
	int i = threadIdx.x;
	out[i] = tex2D(legacy, in[i].x, in[i].y);
}

#ifndef __clang__
extern "C" __global__ void surfCopy(cudaSurfaceObject_t s, int w)
{
	int x = threadIdx.x;
	if (x < w) {
		int v;
		surf2Dread(&v, s, x * 4, 0);
		surf2Dwrite(v * 3 + 1, s, x * 4, 1);
	}
}
#endif
