// Pairwise forces with rsqrtf and fused multiply-adds; the host checks
// against a double-precision reference within a relative tolerance.
#include "corpus.h"
#include <cmath>

__global__ void forces(const float4 *p, float3 *f, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float3 a = {0, 0, 0};
	float4 pi = p[i];
	for (int j = 0; j < n; j++) {
		float4 pj = p[j];
		float dx = pj.x - pi.x, dy = pj.y - pi.y, dz = pj.z - pi.z;
		float r2 = dx * dx + dy * dy + dz * dz + 0.01f;
		float inv = rsqrtf(r2);
		float s = pj.w * inv * inv * inv;
		a.x += dx * s, a.y += dy * s, a.z += dz * s;
	}
	f[i] = a;
}

int main()
{
	const int n = 128;
	Buf<float4> p(n);
	Buf<float3> f(n);
	unsigned s = 37;
	for (int i = 0; i < n; i++)
		p.h[i] = make_float4((corpus_rand(&s) % 1000) / 100.0f, (corpus_rand(&s) % 1000) / 100.0f, (corpus_rand(&s) % 1000) / 100.0f, 1.0f + i % 3);
	p.up();
	forces<<<2, 64>>>(p.d, f.d, n);
	CHECK(cudaDeviceSynchronize());
	f.down();
	for (int i = 0; i < n; i++) {
		double ax = 0, ay = 0, az = 0;
		for (int j = 0; j < n; j++) {
			double dx = p.h[j].x - p.h[i].x, dy = p.h[j].y - p.h[i].y, dz = p.h[j].z - p.h[i].z;
			double r2 = dx * dx + dy * dy + dz * dz + 0.01, inv = 1 / sqrt(r2), sc = p.h[j].w * inv * inv * inv;
			ax += dx * sc, ay += dy * sc, az += dz * sc;
		}
		double err = fabs(f.h[i].x - ax) + fabs(f.h[i].y - ay) + fabs(f.h[i].z - az), mag = fabs(ax) + fabs(ay) + fabs(az) + 1;
		EXPECT(err / mag < 1e-3, "body %d: (%g %g %g), want (%g %g %g)", i, f.h[i].x, f.h[i].y, f.h[i].z, ax, ay, az);
	}
	printf("PASS\n");
	return 0;
}
