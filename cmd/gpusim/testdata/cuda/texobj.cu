// Texture objects: a 2-D float texture in a CUDA array with linear filtering
// and normalised coordinates (wrap), a u8x4 array read as normalised floats
// (clamp, unnormalised coordinates), and a 1-D texture over linear memory
// (tex1Dfetch, border). The host checks every fetch against the CUDA C++
// Programming Guide's linear filtering rule (appendix "Texture Fetching":
// xB = x - 0.5, i = floor(xB), alpha = frac(xB) in 9-bit fixed point with 8
// fraction bits; gpusim rounds alpha to the nearest 1/256, a tie up),
// computed exactly in double: the texel values are chosen so that every
// weighted sum is exact.
#include "check.h"
#include <cmath>
#include <cstring>

__global__ void sample2d(cudaTextureObject_t t, const float2 *xy, float4 *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tex2D<float4>(t, xy[i].x, xy[i].y);
}

__global__ void sample1d(cudaTextureObject_t t, const int *idx, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tex1Dfetch<int>(t, idx[i]);
}

static const int W = 7, H = 5;

// wrapIndex and clampIndex address texel index i of n texels.
static int wrapIndex(long i, int n) { return (int)(((i % n) + n) % n); }
static int clampIndex(long i, int n) { return i < 0 ? 0 : i >= n ? n - 1 : (int)i; }

// split is the guide's linear-filtering split of coordinate x (in texels)
// into the first texel and the 8-bit weight of the second.
static void split(double x, long *i, int *alpha)
{
	long k = (long)floor((x - 0.5) * 256 + 0.5);
	*i = k >> 8;
	*alpha = (int)(k & 255);
}

// expect is the filtered value of one channel: texel(x, y) gives it.
template <typename F>
static float expect(double x, double y, bool wrap, F texel)
{
	long i, j;
	int a, b;
	split(x, &i, &a);
	split(y, &j, &b);
	double sum = 0;
	for (int dy = 0; dy < 2; dy++)
		for (int dx = 0; dx < 2; dx++) {
			long xi = i + dx, yj = j + dy;
			int tx = wrap ? wrapIndex(xi, W) : clampIndex(xi, W);
			int ty = wrap ? wrapIndex(yj, H) : clampIndex(yj, H);
			double w = (dx ? a : 256 - a) * (double)(dy ? b : 256 - b);
			sum += w * texel(tx, ty);
		}
	return (float)(sum / 65536.0);
}

int main()
{
	const int n = 512;
	// The float texture: texel (x, y) = (x + 10 y) / 8 - 3.
	float hf[W * H];
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			hf[y * W + x] = (x + 10 * y) / 8.0f - 3;
	cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
	cudaArray_t af;
	CHECK(cudaMallocArray(&af, &fd, W, H));
	CHECK(cudaMemcpy2DToArray(af, 0, 0, hf, W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice));
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof rd);
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = af;
	cudaTextureDesc td;
	memset(&td, 0, sizeof td);
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeWrap;
	td.filterMode = cudaFilterModeLinear;
	td.readMode = cudaReadModeElementType;
	td.normalizedCoords = 1;
	cudaTextureObject_t tf;
	CHECK(cudaCreateTextureObject(&tf, &rd, &td, NULL));
	cudaResourceDesc back;
	CHECK(cudaGetTextureObjectResourceDesc(&back, tf));
	EXPECT(back.resType == cudaResourceTypeArray && back.res.array.array == af, "resource descriptor of the object");

	// The u8x4 texture, read as normalised floats: channels (x*30, y*40, 255 - x - y, 7).
	uchar4 hu[W * H];
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			hu[y * W + x] = make_uchar4(x * 30, y * 40, 255 - x - y, 7);
	cudaChannelFormatDesc ud = cudaCreateChannelDesc<uchar4>();
	cudaArray_t au;
	CHECK(cudaMallocArray(&au, &ud, W, H));
	CHECK(cudaMemcpyToArray(au, 0, 0, hu, sizeof hu, cudaMemcpyHostToDevice));
	rd.res.array.array = au;
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
	td.readMode = cudaReadModeNormalizedFloat;
	td.normalizedCoords = 0;
	cudaTextureObject_t tu;
	CHECK(cudaCreateTextureObject(&tu, &rd, &td, NULL));

	float2 hxy[n];
	for (int i = 0; i < n; i++) {
		// Coordinates on and between texel centres, outside the texture,
		// and on the 1/512 grid where the 8-bit weight ties.
		float u = (float)((i * 37) % 1200) / 512 - 0.3f;
		float v = (float)((i * 53) % 900) / 512 - 0.2f;
		if (i % 5 == 0)
			u = (float)(i % 16) / 4, v = (float)(i % 12) / 4;
		hxy[i] = make_float2(u, v);
	}
	float2 *dxy;
	float4 *dout;
	CHECK(cudaMalloc(&dxy, sizeof hxy));
	CHECK(cudaMalloc(&dout, n * sizeof(float4)));
	CHECK(cudaMemcpy(dxy, hxy, sizeof hxy, cudaMemcpyHostToDevice));
	float4 *hout = new float4[n];

	sample2d<<<(n + 127) / 128, 128>>>(tf, dxy, dout, n);
	CHECK(cudaMemcpy(hout, dout, n * sizeof(float4), cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++) {
		// Normalised coordinates: x in texels is u * W.
		float want = expect((double)hxy[i].x * W, (double)hxy[i].y * H, true, [&](int x, int y) { return (double)hf[y * W + x]; });
		EXPECT(hout[i].x == want, "float texture at (%g, %g): %.9g, want %.9g", hxy[i].x, hxy[i].y, hout[i].x, want);
		EXPECT(hout[i].y == 0 && hout[i].z == 0 && hout[i].w == 1, "float texture at (%g, %g): missing channels (%g, %g, %g)",
		       hxy[i].x, hxy[i].y, hout[i].y, hout[i].z, hout[i].w);
	}

	sample2d<<<(n + 127) / 128, 128>>>(tu, dxy, dout, n);
	CHECK(cudaMemcpy(hout, dout, n * sizeof(float4), cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++) {
		// Unnormalised coordinates: scale the test's to the texture.
		double x = (double)hxy[i].x, y = (double)hxy[i].y;
		float got[4] = {hout[i].x, hout[i].y, hout[i].z, hout[i].w};
		for (int c = 0; c < 4; c++) {
			float want = expect(x, y, false, [&](int tx, int ty) {
				unsigned char v = c == 0 ? hu[ty * W + tx].x : c == 1 ? hu[ty * W + tx].y : c == 2 ? hu[ty * W + tx].z : hu[ty * W + tx].w;
				return (double)(v / 255.0f); // the texel as a float, correctly rounded
			});
			EXPECT(got[c] == want, "u8x4 texture at (%g, %g) channel %d: %.9g, want %.9g", x, y, c, got[c], want);
		}
	}

	// A 1-D texture over linear memory, border addressing: out of range gives 0.
	const int m = 100;
	int hl[m], hidx[m], hres[m];
	for (int i = 0; i < m; i++) {
		hl[i] = i * i - 50;
		hidx[i] = (i * 7) % (m + 20) - 10;
	}
	int *dl, *didx, *dres;
	CHECK(cudaMalloc(&dl, sizeof hl));
	CHECK(cudaMalloc(&didx, sizeof hidx));
	CHECK(cudaMalloc(&dres, sizeof hres));
	CHECK(cudaMemcpy(dl, hl, sizeof hl, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(didx, hidx, sizeof hidx, cudaMemcpyHostToDevice));
	memset(&rd, 0, sizeof rd);
	rd.resType = cudaResourceTypeLinear;
	rd.res.linear.devPtr = dl;
	rd.res.linear.desc = cudaCreateChannelDesc<int>();
	rd.res.linear.sizeInBytes = sizeof hl;
	memset(&td, 0, sizeof td);
	td.addressMode[0] = cudaAddressModeBorder;
	td.readMode = cudaReadModeElementType;
	cudaTextureObject_t tl;
	CHECK(cudaCreateTextureObject(&tl, &rd, &td, NULL));
	sample1d<<<1, m>>>(tl, didx, dres, m);
	CHECK(cudaMemcpy(hres, dres, sizeof hres, cudaMemcpyDeviceToHost));
	for (int i = 0; i < m; i++) {
		int want = hidx[i] >= 0 && hidx[i] < m ? hl[hidx[i]] : 0;
		EXPECT(hres[i] == want, "tex1Dfetch(%d) = %d, want %d", hidx[i], hres[i], want);
	}

	// Linear filtering of integers read as integers is refused.
	memset(&td, 0, sizeof td);
	td.filterMode = cudaFilterModeLinear;
	cudaTextureObject_t bad;
	EXPECT(cudaCreateTextureObject(&bad, &rd, &td, NULL) == cudaErrorInvalidValue, "linear filtering of an int texture");
	EXPECT(cudaGetLastError() == cudaErrorInvalidValue, "last error");

	CHECK(cudaDestroyTextureObject(tf));
	CHECK(cudaDestroyTextureObject(tu));
	CHECK(cudaDestroyTextureObject(tl));
	EXPECT(cudaDestroyTextureObject(tf) == cudaErrorInvalidValue, "a destroyed object");
	cudaGetLastError();
	CHECK(cudaFreeArray(af));
	CHECK(cudaFreeArray(au));
	printf("PASS\n");
	return 0;
}
