// Surface objects: a 2-D int array with cudaArraySurfaceLoadStore, read and
// written by surf2Dread/surf2Dwrite (with the clamp and zero boundary modes
// of out-of-range accesses), a 3-D float array filled and read back with
// cudaMemcpy3D and written by surf3Dwrite, and a layered texture read with
// tex2DLayered. The host checks every element.
#include "check.h"
#include <cstring>

__global__ void transform(cudaSurfaceObject_t s, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
	if (x >= w)
		return;
	int v;
	surf2Dread(&v, s, x * 4, y);
	surf2Dwrite(v * 2 + x, s, x * 4, y);
}

// Stores out of range: clamped to the last column, or dropped.
__global__ void outOfRange(cudaSurfaceObject_t s, int w)
{
	surf2Dwrite(-1, s, (w + 5) * 4, 1, cudaBoundaryModeClamp);
	surf2Dwrite(-2, s, -8, 2, cudaBoundaryModeZero);
}

__global__ void readClamped(cudaSurfaceObject_t s, int w, int *out)
{
	int v;
	surf2Dread(&v, s, (w + 100) * 4, 0, cudaBoundaryModeClamp);
	out[0] = v;
	surf2Dread(&v, s, -4, 0, cudaBoundaryModeZero);
	out[1] = v;
}

__global__ void scale3d(cudaSurfaceObject_t s, int w, int h, int d)
{
	int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
	if (x < w && y < h && z < d) {
		float v = surf3Dread<float>(s, x * 4, y, z);
		surf3Dwrite(v * 0.5f + z, s, x * 4, y, z);
	}
}

__global__ void layered(cudaTextureObject_t t, float *out, int w, int h, int layers)
{
	int x = threadIdx.x, y = threadIdx.y, l = blockIdx.x;
	out[(l * h + y) * w + x] = tex2DLayered<float>(t, x + 0.5f, y + 0.5f, l);
}

int main()
{
	const int W = 40, H = 6;
	int h0[W * H], h1[W * H];
	for (int i = 0; i < W * H; i++)
		h0[i] = i * 3 - 100;
	cudaChannelFormatDesc id = cudaCreateChannelDesc<int>();
	cudaArray_t a;
	CHECK(cudaMallocArray(&a, &id, W, H, cudaArraySurfaceLoadStore));
	CHECK(cudaMemcpy2DToArray(a, 0, 0, h0, W * 4, W * 4, H, cudaMemcpyHostToDevice));
	cudaResourceDesc rd;
	memset(&rd, 0, sizeof rd);
	rd.resType = cudaResourceTypeArray;
	rd.res.array.array = a;
	cudaSurfaceObject_t s;
	CHECK(cudaCreateSurfaceObject(&s, &rd));
	transform<<<dim3(1, H), 64>>>(s, W, H);
	outOfRange<<<1, 1>>>(s, W);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy2DFromArray(h1, W * 4, a, 0, 0, W * 4, H, cudaMemcpyDeviceToHost));
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			int want = h0[y * W + x] * 2 + x;
			if (y == 1 && x == W - 1)
				want = -1; // the clamped store
			EXPECT(h1[y * W + x] == want, "element (%d, %d) = %d, want %d", x, y, h1[y * W + x], want);
		}
	int *dout, hout[2];
	CHECK(cudaMalloc(&dout, sizeof hout));
	readClamped<<<1, 1>>>(s, W, dout);
	CHECK(cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost));
	EXPECT(hout[0] == h1[W - 1] && hout[1] == 0, "clamped and zero reads %d %d, want %d 0", hout[0], hout[1], h1[W - 1]);
	// A region of the array, back through cudaMemcpy2DFromArray at an offset.
	int part[3 * 2];
	CHECK(cudaMemcpy2DFromArray(part, 3 * 4, a, 5 * 4, 2, 3 * 4, 2, cudaMemcpyDeviceToHost));
	for (int y = 0; y < 2; y++)
		for (int x = 0; x < 3; x++)
			EXPECT(part[y * 3 + x] == h1[(y + 2) * W + x + 5], "region (%d, %d)", x, y);
	CHECK(cudaDestroySurfaceObject(s));

	// 3-D: cudaMalloc3DArray and cudaMemcpy3D both ways.
	const int X = 5, Y = 4, Z = 3;
	float f0[Z][Y][X], f1[Z][Y][X];
	for (int z = 0; z < Z; z++)
		for (int y = 0; y < Y; y++)
			for (int x = 0; x < X; x++)
				f0[z][y][x] = 100 * z + 10 * y + x;
	cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
	cudaArray_t a3;
	CHECK(cudaMalloc3DArray(&a3, &fd, make_cudaExtent(X, Y, Z), cudaArraySurfaceLoadStore));
	cudaMemcpy3DParms p;
	memset(&p, 0, sizeof p);
	p.srcPtr = make_cudaPitchedPtr(f0, X * sizeof(float), X, Y);
	p.dstArray = a3;
	p.extent = make_cudaExtent(X, Y, Z);
	p.kind = cudaMemcpyHostToDevice;
	CHECK(cudaMemcpy3D(&p));
	rd.res.array.array = a3;
	cudaSurfaceObject_t s3;
	CHECK(cudaCreateSurfaceObject(&s3, &rd));
	scale3d<<<Z, dim3(X, Y)>>>(s3, X, Y, Z);
	CHECK(cudaGetLastError());
	memset(&p, 0, sizeof p);
	p.srcArray = a3;
	p.dstPtr = make_cudaPitchedPtr(f1, X * sizeof(float), X, Y);
	p.extent = make_cudaExtent(X, Y, Z);
	p.kind = cudaMemcpyDeviceToHost;
	CHECK(cudaMemcpy3D(&p));
	for (int z = 0; z < Z; z++)
		for (int y = 0; y < Y; y++)
			for (int x = 0; x < X; x++)
				EXPECT(f1[z][y][x] == f0[z][y][x] * 0.5f + z, "3-D element (%d, %d, %d) = %g", x, y, z, f1[z][y][x]);
	CHECK(cudaDestroySurfaceObject(s3));
	CHECK(cudaFreeArray(a3));

	// A layered 2-D texture: the layers of a cudaArrayLayered array.
	const int L = 3;
	cudaArray_t al;
	CHECK(cudaMalloc3DArray(&al, &fd, make_cudaExtent(X, Y, L), cudaArrayLayered));
	memset(&p, 0, sizeof p);
	p.srcPtr = make_cudaPitchedPtr(f0, X * sizeof(float), X, Y);
	p.dstArray = al;
	p.extent = make_cudaExtent(X, Y, L);
	p.kind = cudaMemcpyHostToDevice;
	CHECK(cudaMemcpy3D(&p));
	cudaChannelFormatDesc gd;
	cudaExtent ge;
	unsigned int gf;
	CHECK(cudaArrayGetInfo(&gd, &ge, &gf, al));
	EXPECT(gd.x == 32 && gd.f == cudaChannelFormatKindFloat && ge.width == X && ge.height == Y && ge.depth == L && gf == cudaArrayLayered,
	       "cudaArrayGetInfo: %d %d, %zux%zux%zu, %u", gd.x, (int)gd.f, ge.width, ge.height, ge.depth, gf);
	rd.res.array.array = al;
	cudaTextureDesc td;
	memset(&td, 0, sizeof td);
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
	cudaTextureObject_t tl;
	CHECK(cudaCreateTextureObject(&tl, &rd, &td, NULL));
	float *dl, hl[L * Y * X];
	CHECK(cudaMalloc(&dl, sizeof hl));
	layered<<<L, dim3(X, Y)>>>(tl, dl, X, Y, L);
	CHECK(cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost));
	for (int l = 0; l < L; l++)
		for (int y = 0; y < Y; y++)
			for (int x = 0; x < X; x++)
				EXPECT(hl[(l * Y + y) * X + x] == f0[l][y][x], "layer %d texel (%d, %d) = %g", l, x, y, hl[(l * Y + y) * X + x]);
	// A surface needs cudaArraySurfaceLoadStore.
	cudaSurfaceObject_t bad;
	EXPECT(cudaCreateSurfaceObject(&bad, &rd) == cudaErrorInvalidValue, "a surface over an array without cudaArraySurfaceLoadStore");
	cudaGetLastError();
	CHECK(cudaDestroyTextureObject(tl));
	CHECK(cudaFreeArray(al));
	CHECK(cudaFreeArray(a));
	printf("PASS\n");
	return 0;
}
