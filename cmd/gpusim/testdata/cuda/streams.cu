// Two streams, each with pinned host buffers, async copies in and out and
// a kernel in between, events around each stream's work; the streams wait
// for each other through cudaStreamWaitEvent, and the elapsed time between
// events is the simulated time (positive in timing mode).
#include "check.h"

__global__ void saxpy(float a, const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv)
{
	bool timing = argc > 1 && argv[1][0] == 't';
	const int n = 4096;
	cudaStream_t s[2];
	cudaEvent_t start[2], stop[2];
	float *hx[2], *hy[2], *dx[2], *dy[2];
	for (int k = 0; k < 2; k++) {
		CHECK(cudaStreamCreateWithFlags(&s[k], cudaStreamNonBlocking));
		CHECK(cudaEventCreate(&start[k]));
		CHECK(cudaEventCreate(&stop[k]));
		CHECK(cudaMallocHost(&hx[k], n * sizeof(float)));
		CHECK(cudaHostAlloc(&hy[k], n * sizeof(float), cudaHostAllocDefault));
		CHECK(cudaMalloc(&dx[k], n * sizeof(float)));
		CHECK(cudaMalloc(&dy[k], n * sizeof(float)));
		for (int i = 0; i < n; i++) {
			hx[k][i] = (float)(i + k);
			hy[k][i] = 1.0f;
		}
	}
	for (int k = 0; k < 2; k++) {
		CHECK(cudaEventRecord(start[k], s[k]));
		CHECK(cudaMemcpyAsync(dx[k], hx[k], n * sizeof(float), cudaMemcpyHostToDevice, s[k]));
		CHECK(cudaMemcpyAsync(dy[k], hy[k], n * sizeof(float), cudaMemcpyHostToDevice, s[k]));
		saxpy<<<n / 256, 256, 0, s[k]>>>(2.0f + k, dx[k], dy[k], n);
		CHECK(cudaMemcpyAsync(hy[k], dy[k], n * sizeof(float), cudaMemcpyDeviceToHost, s[k]));
		CHECK(cudaEventRecord(stop[k], s[k]));
	}
	CHECK(cudaStreamWaitEvent(s[0], stop[1], 0));
	for (int k = 0; k < 2; k++)
		CHECK(cudaStreamSynchronize(s[k]));
	CHECK(cudaEventSynchronize(stop[1]));
	EXPECT(cudaEventQuery(stop[0]) == cudaSuccess, "event not complete after synchronising");
	EXPECT(cudaStreamQuery(s[1]) == cudaSuccess, "stream not idle after synchronising");
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < n; i++)
			EXPECT(hy[k][i] == (2.0f + k) * (i + k) + 1.0f, "stream %d: y[%d] = %g", k, i, hy[k][i]);
	float ms[2];
	for (int k = 0; k < 2; k++) {
		CHECK(cudaEventElapsedTime(&ms[k], start[k], stop[k]));
		if (timing)
			EXPECT(ms[k] > 0, "stream %d: %g ms elapsed", k, ms[k]);
		else
			EXPECT(ms[k] >= 0, "stream %d: %g ms elapsed", k, ms[k]);
	}
	float between;
	CHECK(cudaEventElapsedTime(&between, start[0], stop[1]));
	EXPECT(between >= ms[0] && between >= ms[1], "start0..stop1 %g ms, shorter than a stream's own work", between);
	cudaEvent_t unrecorded;
	CHECK(cudaEventCreate(&unrecorded));
	float bad;
	EXPECT(cudaEventElapsedTime(&bad, start[0], unrecorded) == cudaErrorInvalidResourceHandle, "elapsed time to an unrecorded event");
	cudaGetLastError();
	for (int k = 0; k < 2; k++) {
		CHECK(cudaStreamDestroy(s[k]));
		CHECK(cudaEventDestroy(start[k]));
		CHECK(cudaEventDestroy(stop[k]));
		CHECK(cudaFreeHost(hx[k]));
		CHECK(cudaFreeHost(hy[k]));
		CHECK(cudaFree(dx[k]));
		CHECK(cudaFree(dy[k]));
	}
	printf("elapsed %.6f ms and %.6f ms\n", ms[0], ms[1]);
	printf("PASS\n");
	return 0;
}
