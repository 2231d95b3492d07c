// Tiled matrix multiply C = A * B with TILE x TILE blocks staging tiles of
// A and B in shared memory, at several sizes (including ones the tile does
// not divide) and two tile widths; checked against the host in doubles.
#include "check.h"
#include <cmath>

template <int TILE>
__global__ void matmul(const float *A, const float *B, float *C, int M, int N, int K)
{
	__shared__ float As[TILE][TILE];
	__shared__ float Bs[TILE][TILE];
	int row = blockIdx.y * TILE + threadIdx.y;
	int col = blockIdx.x * TILE + threadIdx.x;
	float acc = 0.0f;
	for (int k0 = 0; k0 < K; k0 += TILE) {
		int ak = k0 + threadIdx.x, bk = k0 + threadIdx.y;
		As[threadIdx.y][threadIdx.x] = (row < M && ak < K) ? A[row * K + ak] : 0.0f;
		Bs[threadIdx.y][threadIdx.x] = (bk < K && col < N) ? B[bk * N + col] : 0.0f;
		__syncthreads();
		for (int k = 0; k < TILE; k++)
			acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
		__syncthreads();
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}

template <int TILE>
static void run(int M, int N, int K)
{
	float *A = new float[M * K], *B = new float[K * N], *C = new float[M * N];
	for (int i = 0; i < M * K; i++)
		A[i] = (float)((i * 37) % 17 - 8) / 8.0f;
	for (int i = 0; i < K * N; i++)
		B[i] = (float)((i * 53) % 13 - 6) / 4.0f;
	float *dA, *dB, *dC;
	CHECK(cudaMalloc(&dA, M * K * sizeof(float)));
	CHECK(cudaMalloc(&dB, K * N * sizeof(float)));
	CHECK(cudaMalloc(&dC, M * N * sizeof(float)));
	CHECK(cudaMemcpy(dA, A, M * K * sizeof(float), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dB, B, K * N * sizeof(float), cudaMemcpyHostToDevice));
	dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
	matmul<TILE><<<grid, block>>>(dA, dB, dC, M, N, K);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(C, dC, M * N * sizeof(float), cudaMemcpyDeviceToHost));
	for (int r = 0; r < M; r++)
		for (int c = 0; c < N; c++) {
			double want = 0;
			for (int k = 0; k < K; k++)
				want += (double)A[r * K + k] * B[k * N + c];
			EXPECT(fabs(C[r * N + c] - want) <= 1e-4 * (1 + fabs(want)), "%dx%dx%d tile %d: C[%d][%d] = %g, want %g",
			       M, N, K, TILE, r, c, C[r * N + c], want);
		}
	CHECK(cudaFree(dA));
	CHECK(cudaFree(dB));
	CHECK(cudaFree(dC));
	delete[] A;
	delete[] B;
	delete[] C;
}

int main()
{
	run<16>(64, 64, 64);
	run<16>(50, 70, 33);
	run<8>(24, 40, 17);
	run<16>(1, 128, 16);
	printf("PASS\n");
	return 0;
}
