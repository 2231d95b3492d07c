// __match_any_sync and __match_all_sync over random keys, the whole warp
// and half-warp groups each with its own mask.
#include "corpus.h"

__global__ void matching(const unsigned *key, const unsigned long long *wide, unsigned *any, unsigned *all, int *pred, unsigned *anyHalf)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned lane = t % 32;
	any[t] = __match_any_sync(0xffffffffu, key[t]);
	int p = 0;
	all[t] = __match_all_sync(0xffffffffu, wide[t], &p);
	pred[t] = p;
	unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
	anyHalf[t] = __match_any_sync(half, key[t]);
}

int main()
{
	const int n = 128;
	Buf<unsigned> key(n), any(n), all(n), anyHalf(n);
	Buf<unsigned long long> wide(n);
	Buf<int> pred(n);
	unsigned s = 7;
	for (int i = 0; i < n; i++) {
		key.h[i] = corpus_rand(&s) % 5;
		wide.h[i] = i < 64 ? 0x1234567890ULL : (i % 2 ? 1ULL : 1ULL << 40);
	}
	key.up();
	wide.up();
	matching<<<2, 64>>>(key.d, wide.d, any.d, all.d, pred.d, anyHalf.d);
	CHECK(cudaDeviceSynchronize());
	any.down();
	all.down();
	pred.down();
	anyHalf.down();
	for (int i = 0; i < n; i++) {
		int w = i / 32 * 32;
		unsigned m = 0, mh = 0;
		for (int j = 0; j < 32; j++) {
			if (key.h[w + j] == key.h[i])
				m |= 1u << j;
			if ((j < 16) == (i % 32 < 16) && key.h[w + j] == key.h[i])
				mh |= 1u << j;
		}
		bool same = true;
		for (int j = 0; j < 32; j++)
			same = same && wide.h[w + j] == wide.h[i];
		EXPECT(any.h[i] == m, "match_any %d: %x, want %x", i, any.h[i], m);
		EXPECT(anyHalf.h[i] == mh, "match_any half %d: %x, want %x", i, anyHalf.h[i], mh);
		EXPECT(all.h[i] == (same ? 0xffffffffu : 0) && pred.h[i] == same, "match_all %d: %x %d", i, all.h[i], pred.h[i]);
	}
	printf("PASS\n");
	return 0;
}
