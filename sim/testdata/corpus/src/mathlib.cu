// Library math (sinf, cosf, expf, logf, powf, sqrtf, erff, tanhf, fmodf,
// exp2, log1p in double) from the device library, checked against the
// host's within the CUDA guide's error bounds (a few ulp).
#include "corpus.h"
#include <cmath>

#define N_F 10
__global__ void math(const float *x, float *out, double *dout)
{
	int t = threadIdx.x;
	float v = x[t];
	float *o = out + t * N_F;
	o[0] = sinf(v);
	o[1] = cosf(v);
	o[2] = expf(v * 0.25f);
	o[3] = logf(fabsf(v) + 1.0f);
	o[4] = powf(fabsf(v) + 0.5f, 1.5f);
	o[5] = sqrtf(fabsf(v));
	o[6] = erff(v * 0.1f);
	o[7] = tanhf(v * 0.2f);
	o[8] = fmodf(v, 1.75f);
	o[9] = atan2f(v, 2.0f);
	dout[t * 2] = exp2((double)v * 0.5);
	dout[t * 2 + 1] = log1p(fabs((double)v));
}

int main()
{
	const int n = 64;
	Buf<float> x(n), out(n * N_F);
	Buf<double> dout(n * 2);
	for (int i = 0; i < n; i++)
		x.h[i] = (i - 32) * 0.37f;
	x.up();
	math<<<1, n>>>(x.d, out.d, dout.d);
	CHECK(cudaDeviceSynchronize());
	out.down();
	dout.down();
	for (int i = 0; i < n; i++) {
		double v = x.h[i];
		double want[N_F] = {sin(v), cos(v), exp(v * 0.25), log(fabs(v) + 1), pow(fabs(v) + 0.5, 1.5), sqrt(fabs(v)),
		                    erf(v * 0.1), tanh(v * 0.2), fmod(v, 1.75), atan2(v, 2.0)};
		for (int k = 0; k < N_F; k++) {
			double got = out.h[i * N_F + k], tol = 4e-6 * (fabs(want[k]) > 1 ? fabs(want[k]) : 1);
			EXPECT(fabs(got - want[k]) <= tol, "f%d(%g) = %.9g, want %.9g", k, v, got, want[k]);
		}
		EXPECT(fabs(dout.h[2 * i] - exp2(v * 0.5)) <= 1e-14 * exp2(v * 0.5) && fabs(dout.h[2 * i + 1] - log1p(fabs(v))) <= 1e-14 * (log1p(fabs(v)) + 1),
		       "double %d: %.17g %.17g", i, dout.h[2 * i], dout.h[2 * i + 1]);
	}
	printf("PASS\n");
	return 0;
}
