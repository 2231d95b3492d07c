// The kernel of the exec-vs-trace benchmark (bench/exec_test.go): the
// program launches it REPS times on x[i] = i and writes y to the file
// named by its first argument; rate.launch.toml gives gpusim the same
// kernel, shape and inputs as a trace run.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

extern "C" __global__ void work(const float *x, float *y, int n, int iters)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float v = x[i];
	for (int k = 0; k < iters; k++)
		v = v * 0.999f + 0.5f;
	y[i] = v;
}

int main(int argc, char **argv)
{
	const int n = 1 << 16, iters = 64;
	int reps = argc > 2 ? atoi(argv[2]) : 1;
	float *h = new float[n];
	for (int i = 0; i < n; i++)
		h[i] = (float)i;
	float *x, *y;
	if (cudaMalloc(&x, n * sizeof(float)) || cudaMalloc(&y, n * sizeof(float)) ||
	    cudaMemcpy(x, h, n * sizeof(float), cudaMemcpyHostToDevice) || cudaMemset(y, 0, n * sizeof(float))) {
		printf("FAIL: set-up\n");
		return 1;
	}
	for (int r = 0; r < reps; r++)
		work<<<n / 256, 256>>>(x, y, n, iters);
	if (cudaMemcpy(h, y, n * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess) {
		printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
		return 1;
	}
	if (argc > 1) {
		FILE *f = fopen(argv[1], "wb");
		if (!f || fwrite(h, sizeof(float), n, f) != (size_t)n) {
			printf("FAIL: writing %s\n", argv[1]);
			return 1;
		}
		fclose(f);
	}
	printf("PASS\n");
	return 0;
}
