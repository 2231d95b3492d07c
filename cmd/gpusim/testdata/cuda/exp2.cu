// exp2f under -use_fast_math is ex2.approx.ftz.f32 (MUFU.EX2). The program
// checks the results against the host's exp2 within the unit's error bound
// (2 ulp, and flush-to-zero below 2^-126), and writes the raw result bits
// to the file named by its argument, so that the test can compare them
// with gpusim's alu model bit for bit.
#include "check.h"
#include <cmath>
#include <cstring>

__global__ void ex2(const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = exp2f(x[i]);
}

int main(int argc, char **argv)
{
	const int n = 1 << 16;
	float *hx = new float[n], *hy = new float[n];
	for (int i = 0; i < n; i++) {
		unsigned int u = 0x9e3779b9u * (unsigned)i; // spread over [-130, 130)
		hx[i] = -130.0f + 260.0f * (u >> 8) / 16777216.0f;
	}
	hx[0] = 0.0f;
	hx[1] = 1.0f;
	hx[2] = -1.0f;
	hx[3] = 127.99f;
	hx[4] = -126.5f;
	float *dx, *dy;
	CHECK(cudaMalloc(&dx, n * sizeof(float)));
	CHECK(cudaMalloc(&dy, n * sizeof(float)));
	CHECK(cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice));
	ex2<<<n / 256, 256>>>(dx, dy, n);
	CHECK(cudaMemcpy(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++) {
		double want = exp2((double)hx[i]);
		if (want < 0x1p-126) {
			EXPECT(hy[i] == 0.0f || fabs(hy[i] - want) <= 0x1p-148, "exp2f(%a) = %a below the normal range", hx[i], hy[i]);
			continue;
		}
		if (want >= 0x1p128) {
			EXPECT(isinf(hy[i]), "exp2f(%a) = %a, want inf", hx[i], hy[i]);
			continue;
		}
		double ulp = ldexp(1.0, ilogb(want) - 23);
		EXPECT(fabs(hy[i] - want) <= 2 * ulp, "exp2f(%a) = %a, exact %a", hx[i], hy[i], want);
	}
	if (argc > 1) {
		FILE *f = fopen(argv[1], "wb");
		EXPECT(f != NULL, "cannot write %s", argv[1]);
		fwrite(hx, sizeof(float), n, f);
		fwrite(hy, sizeof(float), n, f);
		fclose(f);
	}
	printf("PASS\n");
	return 0;
}
