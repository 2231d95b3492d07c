// Integer bit intrinsics: __popc, __clz, __ffs, __brev, __byte_perm,
// __funnelshift_l/r, __mulhi, __sad, bit-field extraction by shifts.
#include "corpus.h"

#define N_OPS 10
__global__ void bitops(const unsigned *a, const unsigned *b, unsigned *out)
{
	int t = threadIdx.x;
	unsigned x = a[t], y = b[t], *o = out + t * N_OPS;
	o[0] = __popc(x);
	o[1] = __clz(x);
	o[2] = __ffs(x);
	o[3] = __brev(x);
	o[4] = __byte_perm(x, y, 0x5140);
	o[5] = __funnelshift_l(x, y, t % 40);
	o[6] = __funnelshift_r(x, y, t % 40);
	o[7] = __umulhi(x, y);
	o[8] = __sad((int)x, (int)y, 5u);
	o[9] = (x >> (t % 24)) & 0xff;
}

static unsigned host(int op, unsigned x, unsigned y, int t)
{
	unsigned r = 0;
	switch (op) {
	case 0: return __builtin_popcount(x);
	case 1: return x ? __builtin_clz(x) : 32;
	case 2: return x ? __builtin_ctz(x) + 1 : 0;
	case 3:
		for (int i = 0; i < 32; i++)
			r |= (x >> i & 1) << (31 - i);
		return r;
	case 4: {
		unsigned long long v = (unsigned long long)y << 32 | x;
		unsigned sel = 0x5140;
		for (int i = 0; i < 4; i++)
			r |= (unsigned)(v >> (8 * (sel >> (4 * i) & 7)) & 0xff) << (8 * i);
		return r;
	}
	case 5: {
		unsigned long long v = (unsigned long long)y << 32 | x;
		return (unsigned)(v << (t % 40 & 31) >> 32); // the wrapped shift (CUDA Math API)
	}
	case 6: {
		unsigned long long v = (unsigned long long)y << 32 | x;
		return (unsigned)(v >> (t % 40 & 31));
	}
	case 7: return (unsigned)((unsigned long long)x * y >> 32);
	case 8: {
		long long d = (long long)(int)x - (int)y;
		return (unsigned)((d < 0 ? -d : d) + 5);
	}
	case 9: return (x >> (t % 24)) & 0xff;
	}
	return 0;
}

int main()
{
	const int n = 64;
	Buf<unsigned> a(n), b(n), out(n * N_OPS);
	unsigned s = 41;
	for (int i = 0; i < n; i++)
		a.h[i] = i == 0 ? 0 : corpus_rand(&s) >> (i % 5), b.h[i] = corpus_rand(&s);
	a.up();
	b.up();
	bitops<<<1, n>>>(a.d, b.d, out.d);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int i = 0; i < n; i++)
		for (int op = 0; op < N_OPS; op++)
			EXPECT(out.h[i * N_OPS + op] == host(op, a.h[i], b.h[i], i), "op %d of %d: %08x, want %08x", op, i, out.h[i * N_OPS + op], host(op, a.h[i], b.h[i], i));
	printf("PASS\n");
	return 0;
}
