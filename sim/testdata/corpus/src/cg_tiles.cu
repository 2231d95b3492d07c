// Cooperative groups: thread_block_tile reductions (shuffles and votes
// with the tile's member mask), coalesced_group in divergent code, and
// the block group's sync.
#include "corpus.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <typename G> __device__ int tile_sum(G g, int v)
{
	for (int o = g.size() / 2; o > 0; o /= 2)
		v += g.shfl_xor(v, o);
	return v;
}

__global__ void tiles(const int *v, int *out)
{
	cg::thread_block b = cg::this_thread_block();
	int t = b.thread_rank(), x = v[t];
	auto t4 = cg::tiled_partition<4>(b);
	auto t16 = cg::tiled_partition<16>(b);
	out[t * 5 + 0] = tile_sum(t4, x);
	out[t * 5 + 1] = tile_sum(t16, x);
	out[t * 5 + 2] = t16.ballot(x > 0);
	out[t * 5 + 3] = t4.any(x == 3);
	if (x % 2 == 0) {
		cg::coalesced_group c = cg::coalesced_threads();
		out[t * 5 + 4] = c.size() * 1000 + c.thread_rank();
	}
	b.sync();
}

int main()
{
	const int n = 64;
	Buf<int> v(n), out(n * 5);
	unsigned s = 17;
	for (int i = 0; i < n; i++)
		v.h[i] = (int)(corpus_rand(&s) % 9) - 3;
	v.up();
	tiles<<<1, n>>>(v.d, out.d);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int i = 0; i < n; i++) {
		int q = i / 4 * 4, h = i / 16 * 16, w = i / 32 * 32, s4 = 0, s16 = 0, any3 = 0;
		unsigned bal = 0;
		for (int j = 0; j < 4; j++)
			s4 += v.h[q + j], any3 |= v.h[q + j] == 3;
		for (int j = 0; j < 16; j++) {
			s16 += v.h[h + j];
			if (v.h[h + j] > 0)
				bal |= 1u << j;
		}
		EXPECT(out.h[i * 5] == s4 && out.h[i * 5 + 1] == s16, "tile sums %d: %d %d, want %d %d", i, out.h[i * 5], out.h[i * 5 + 1], s4, s16);
		EXPECT((unsigned)out.h[i * 5 + 2] == bal && out.h[i * 5 + 3] == any3, "tile votes %d: %x %d", i, out.h[i * 5 + 2], out.h[i * 5 + 3]);
		if (v.h[i] % 2 == 0) {
			int size = 0, rank = 0;
			for (int j = 0; j < 32; j++)
				if (v.h[w + j] % 2 == 0) {
					if (w + j < i)
						rank++;
					size++;
				}
			EXPECT(out.h[i * 5 + 4] == size * 1000 + rank, "coalesced %d: %d, want %d", i, out.h[i * 5 + 4], size * 1000 + rank);
		}
	}
	printf("PASS\n");
	return 0;
}
