// Iterative solver: Jacobi sweeps for the 1-D Poisson equation -u'' = 1 with
// u(0) = u(1) = 0, two kernels per round (sweep, then a residual check that
// raises a flag), the host reading the flag back every round until the
// update is small. The host repeats the arithmetic in the same order and
// must see the same number of rounds and the same solution bits.
#include "check.h"
#include <cmath>

__global__ void sweep(const float *u, float *v, int n, float h2)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i == 0 || i == n - 1) {
		if (i < n)
			v[i] = 0.0f;
		return;
	}
	if (i < n)
		v[i] = 0.5f * (u[i - 1] + u[i + 1] + h2);
}

__global__ void changed(const float *u, const float *v, int n, float tol, int *flag)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n && fabsf(v[i] - u[i]) > tol)
		*flag = 1;
}

int main()
{
	const int n = 16, maxRounds = 2000;
	const float h = 1.0f / (n - 1), h2 = h * h, tol = 1e-5f;
	float *du, *dv;
	int *dflag;
	CHECK(cudaMalloc(&du, n * sizeof(float)));
	CHECK(cudaMalloc(&dv, n * sizeof(float)));
	CHECK(cudaMalloc(&dflag, sizeof(int)));
	CHECK(cudaMemset(du, 0, n * sizeof(float)));
	int rounds = 0, flag = 1;
	while (flag && rounds < maxRounds) {
		sweep<<<(n + 31) / 32, 32>>>(du, dv, n, h2);
		CHECK(cudaMemset(dflag, 0, sizeof(int)));
		changed<<<(n + 31) / 32, 32>>>(du, dv, n, tol, dflag);
		CHECK(cudaMemcpy(&flag, dflag, sizeof(int), cudaMemcpyDeviceToHost));
		float *t = du;
		du = dv;
		dv = t;
		rounds++;
	}
	float got[n];
	CHECK(cudaMemcpy(got, du, sizeof(got), cudaMemcpyDeviceToHost));

	// The same iteration on the host (each step is one rounding of the same
	// float operations, so the bits must agree).
	float u[n] = {0}, v[n];
	int hr = 0, hflag = 1;
	while (hflag && hr < maxRounds) {
		hflag = 0;
		for (int i = 0; i < n; i++) {
			v[i] = (i == 0 || i == n - 1) ? 0.0f : 0.5f * (u[i - 1] + u[i + 1] + h2);
			if (fabsf(v[i] - u[i]) > tol)
				hflag = 1;
		}
		for (int i = 0; i < n; i++)
			u[i] = v[i];
		hr++;
	}
	EXPECT(rounds == hr, "device took %d rounds, host %d", rounds, hr);
	EXPECT(rounds < maxRounds, "no convergence in %d rounds", rounds);
	for (int i = 0; i < n; i++)
		EXPECT(got[i] == u[i], "u[%d] = %.9g, host %.9g", i, got[i], u[i]);
	float mid = got[n / 2], exact = 0.5f * (n / 2) * h * (1 - (n / 2) * h);
	EXPECT(fabsf(mid - exact) < 2e-3f, "u(1/2) = %g, exact %g", mid, exact);
	printf("rounds %d\n", rounds);
	printf("PASS\n");
	return 0;
}
