// The legacy texture and surface references (deprecated in CUDA 11, still
// declared by 11.8): a texture<float, 2> bound to a CUDA array with
// cudaBindTextureToArray (its attributes set on the host struct, some
// before and some after binding), a texture<int, 1> bound to linear
// memory with cudaBindTexture and read with tex1Dfetch, a texture<uchar4,
// 2, cudaReadModeNormalizedFloat> bound to pitched memory with
// cudaBindTexture2D, and a surface<void, 2> bound with
// cudaBindSurfaceToArray. The host checks every result.
#include "check.h"
#include <cstring>

texture<float, cudaTextureType2D, cudaReadModeElementType> tf;
texture<int, cudaTextureType1D, cudaReadModeElementType> ti;
texture<uchar4, cudaTextureType2D, cudaReadModeNormalizedFloat> tu;
surface<void, cudaSurfaceType2D> sref;

__global__ void fetch(float *f, int *i, float4 *u, int n)
{
	int k = threadIdx.x;
	if (k < n) {
		f[k] = tex2D(tf, k * 0.25f, 1.5f);
		i[k] = tex1Dfetch(ti, k - 2);
		u[k] = tex2D(tu, k + 0.5f, 0.5f);
	}
}

__global__ void store(int w)
{
	int x = threadIdx.x;
	if (x < w) {
		int v;
		surf2Dread(&v, sref, x * 4, 0);
		surf2Dwrite(v + 1000, sref, x * 4, 1);
	}
}

int main()
{
	const int W = 8, H = 4, n = 32;
	float hf[W * H];
	for (int i = 0; i < W * H; i++)
		hf[i] = i % W + 10 * (i / W);
	cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
	cudaArray_t a;
	CHECK(cudaMallocArray(&a, &fd, W, H));
	CHECK(cudaMemcpy2DToArray(a, 0, 0, hf, W * 4, W * 4, H, cudaMemcpyHostToDevice));
	tf.filterMode = cudaFilterModePoint;
	tf.addressMode[0] = cudaAddressModeWrap;
	CHECK(cudaBindTextureToArray(tf, a, fd));
	tf.normalized = 0; // after binding: read at each launch
	tf.addressMode[0] = cudaAddressModeClamp;

	int hl[16];
	for (int i = 0; i < 16; i++)
		hl[i] = 7 * i - 3;
	int *dl;
	CHECK(cudaMalloc(&dl, sizeof hl));
	CHECK(cudaMemcpy(dl, hl, sizeof hl, cudaMemcpyHostToDevice));
	size_t off = 1;
	ti.addressMode[0] = cudaAddressModeBorder;
	CHECK(cudaBindTexture(&off, ti, dl, sizeof hl));
	EXPECT(off == 0, "offset %zu", off);

	uchar4 *du;
	size_t pitch;
	CHECK(cudaMallocPitch(&du, &pitch, n * sizeof(uchar4), 2));
	uchar4 row[n];
	for (int i = 0; i < n; i++)
		row[i] = make_uchar4(i * 8, 255 - i, 51, 255);
	CHECK(cudaMemcpy2D(du, pitch, row, sizeof row, sizeof row, 1, cudaMemcpyHostToDevice));
	CHECK(cudaBindTexture2D(&off, tu, du, cudaCreateChannelDesc<uchar4>(), n, 2, pitch));

	const textureReference *ref;
	CHECK(cudaGetTextureReference(&ref, &tf));
	EXPECT(ref == &tf, "cudaGetTextureReference");

	float *dfo, hfo[n];
	int *dio, hio[n];
	float4 *duo, huo[n];
	CHECK(cudaMalloc(&dfo, sizeof hfo));
	CHECK(cudaMalloc(&dio, sizeof hio));
	CHECK(cudaMalloc(&duo, sizeof huo));
	fetch<<<1, n>>>(dfo, dio, duo, n);
	CHECK(cudaMemcpy(hfo, dfo, sizeof hfo, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(hio, dio, sizeof hio, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(huo, duo, sizeof huo, cudaMemcpyDeviceToHost));
	for (int k = 0; k < n; k++) {
		int x = (int)(k * 0.25f); // point sampling, unnormalised, clamped
		if (x > W - 1)
			x = W - 1;
		EXPECT(hfo[k] == hf[W + x], "tex2D(tf, %g, 1.5) = %g, want %g", k * 0.25f, hfo[k], hf[W + x]);
		int j = k - 2;
		int want = j >= 0 && j < 16 ? hl[j] : 0;
		EXPECT(hio[k] == want, "tex1Dfetch(ti, %d) = %d, want %d", j, hio[k], want);
		float r = (k * 8) / 255.0f, g = (255 - k) / 255.0f, b = 51 / 255.0f;
		EXPECT(huo[k].x == r && huo[k].y == g && huo[k].z == b && huo[k].w == 1.0f, "tex2D(tu, %d.5, 0.5) = (%g, %g, %g, %g)", k, huo[k].x, huo[k].y, huo[k].z, huo[k].w);
	}

	CHECK(cudaUnbindTexture(ti));

	cudaArray_t sa;
	int hs[W * 2] = {0};
	for (int x = 0; x < W; x++)
		hs[x] = x * x;
	cudaChannelFormatDesc id = cudaCreateChannelDesc<int>();
	CHECK(cudaMallocArray(&sa, &id, W, 2, cudaArraySurfaceLoadStore));
	CHECK(cudaMemcpyToArray(sa, 0, 0, hs, sizeof hs, cudaMemcpyHostToDevice));
	CHECK(cudaBindSurfaceToArray(sref, sa));
	store<<<1, W>>>(W);
	CHECK(cudaGetLastError());
	int back[W * 2];
	CHECK(cudaMemcpyFromArray(back, sa, 0, 0, sizeof back, cudaMemcpyDeviceToHost));
	for (int x = 0; x < W; x++)
		EXPECT(back[W + x] == x * x + 1000 && back[x] == x * x, "surface element %d: %d %d", x, back[x], back[W + x]);
	CHECK(cudaUnbindTexture(tf));
	CHECK(cudaUnbindTexture(tu));
	CHECK(cudaFreeArray(a));
	CHECK(cudaFreeArray(sa));
	printf("PASS\n");
	return 0;
}
