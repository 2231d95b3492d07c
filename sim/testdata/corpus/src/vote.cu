// Warp votes with member masks: __ballot_sync, __all_sync, __any_sync and
// __activemask inside divergent code (the mask is the active lanes, as the
// CUDA guide prescribes), and over half-warp groups.
#include "corpus.h"

__global__ void votes(const int *v, unsigned *out)
{
	int t = threadIdx.x;
	unsigned *o = out + t * 6;
	int x = v[t];
	o[0] = __ballot_sync(0xffffffffu, x > 0);
	if (x % 3 == 0) {
		unsigned m = __activemask();
		o[1] = m;
		o[2] = __ballot_sync(m, x > 10);
		o[3] = __all_sync(m, x >= 0);
	}
	unsigned half = t % 32 < 16 ? 0x0000ffffu : 0xffff0000u;
	o[4] = __any_sync(half, x == 7);
	o[5] = __ballot_sync(half, x & 1);
}

int main()
{
	const int n = 64;
	Buf<int> v(n);
	Buf<unsigned> out(n * 6);
	unsigned s = 5;
	for (int i = 0; i < n; i++)
		v.h[i] = (int)(corpus_rand(&s) % 30) - 5;
	v.h[9] = 7;
	v.up();
	votes<<<1, n>>>(v.d, out.d);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int i = 0; i < n; i++) {
		int w = i / 32 * 32;
		unsigned pos = 0, m = 0, big = 0, odd = 0;
		bool nonneg = true, seven = false;
		for (int j = 0; j < 32; j++) {
			int x = v.h[w + j];
			if (x > 0)
				pos |= 1u << j;
			if (x % 3 == 0) {
				m |= 1u << j;
				if (x > 10)
					big |= 1u << j;
				nonneg = nonneg && x >= 0;
			}
			bool same = (j < 16) == (i % 32 < 16);
			if (same && x == 7)
				seven = true;
			if (same && (x & 1))
				odd |= 1u << j;
		}
		unsigned *o = out.h + i * 6;
		EXPECT(o[0] == pos, "ballot %d: %x, want %x", i, o[0], pos);
		if (v.h[i] % 3 == 0)
			EXPECT(o[1] == m && o[2] == big && o[3] == (unsigned)nonneg, "divergent votes %d: %x %x %u", i, o[1], o[2], o[3]);
		EXPECT(o[4] == (unsigned)seven && o[5] == odd, "half votes %d: %u %x, want %u %x", i, o[4], o[5], seven, odd);
	}
	printf("PASS\n");
	return 0;
}
