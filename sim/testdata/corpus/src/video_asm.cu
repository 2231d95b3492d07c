// Scalar video instructions in inline PTX (vadd, vsub, vabsdiff, vmin,
// vmax with selectors, saturation, a secondary operation or a merge;
// vshl/vshr; vmad with .shr15 and negation; vset), against host
// computations written from the PTX ISA's description of each.
#include "corpus.h"

#define N_OPS 10
__global__ void video(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *out)
{
	int t = threadIdx.x;
	unsigned x = a[t], y = b[t], z = c[t], *o = out + t * N_OPS;
	asm("vadd.s32.s32.s32.sat %0, %1, %2;" : "=r"(o[0]) : "r"(x), "r"(y));
	asm("vsub.u32.u32.u32.sat %0, %1.b1, %2.b2;" : "=r"(o[1]) : "r"(x), "r"(y));
	asm("vabsdiff.u32.u32.u32.add %0, %1.h0, %2.h1, %3;" : "=r"(o[2]) : "r"(x), "r"(y), "r"(z));
	asm("vmin.s32.s32.s32 %0.h1, %1.h0, %2.h0, %3;" : "=r"(o[3]) : "r"(x), "r"(y), "r"(z));
	asm("vmax.u32.s32.u32.sat.max %0, %1.b3, %2.b0, %3;" : "=r"(o[4]) : "r"(x), "r"(y), "r"(z));
	asm("vshl.u32.u32.u32.clamp.sat %0, %1.h0, %2;" : "=r"(o[5]) : "r"(x), "r"(y & 0x27));
	asm("vshr.s32.s32.u32.wrap %0, %1, %2;" : "=r"(o[6]) : "r"(x), "r"(y));
	asm("vmad.s32.s32.s32.shr15 %0, %1.h0, %2.h1, %3;" : "=r"(o[7]) : "r"(x), "r"(y), "r"(z));
	asm("vmad.s32.u32.u32.sat %0, -%1.b0, %2.b1, %3;" : "=r"(o[8]) : "r"(x), "r"(y), "r"(z));
	asm("vset.s32.s32.lt.add %0, %1.b0, %2.b0, %3;" : "=r"(o[9]) : "r"(x), "r"(y), "r"(z));
}

static long long sb(unsigned x, int i) { return (signed char)(x >> (8 * i)); }
static long long ub(unsigned x, int i) { return x >> (8 * i) & 0xff; }
static long long sh(unsigned x, int i) { return (short)(x >> (16 * i)); }
static long long uh(unsigned x, int i) { return x >> (16 * i) & 0xffff; }
static long long clampll(long long v, long long lo, long long hi) { return v < lo ? lo : v > hi ? hi : v; }

static unsigned host(int op, unsigned x, unsigned y, unsigned z)
{
	long long t;
	switch (op) {
	case 0: return (unsigned)clampll((long long)(int)x + (int)y, -2147483648LL, 2147483647LL);
	case 1: return (unsigned)clampll(ub(x, 1) - ub(y, 2), 0, 4294967295LL);
	case 2: t = uh(x, 0) - uh(y, 1); return (unsigned)((t < 0 ? -t : t) + z);
	case 3: t = sh(x, 0) < sh(y, 0) ? sh(x, 0) : sh(y, 0); return ((unsigned)t & 0xffff) << 16 | (z & 0xffff);
	case 4: t = clampll(sb(x, 3) > (long long)ub(y, 0) ? sb(x, 3) : ub(y, 0), 0, 4294967295LL); return (unsigned)(t > (long long)z ? t : (long long)z);
	case 5: {
		// The intermediate is 34 bits, sign-extended (as ptxas's sm_80
		// expansion of vshl keeps two bits above the word and tests bit 33).
		unsigned n = y & 0x27;
		t = uh(x, 0) << (n > 32 ? 32 : n);
		t = (long long)((unsigned long long)t << 30) >> 30;
		return (unsigned)clampll(t, 0, 4294967295LL);
	}
	case 6: return (unsigned)((int)x >> (y & 31));
	case 7: return (unsigned)((sh(x, 0) * sh(y, 1) + (long long)(int)z) >> 15);
	case 8: return (unsigned)clampll(-(ub(x, 0) * ub(y, 1)) + (long long)(int)z, -2147483648LL, 2147483647LL);
	case 9: return (unsigned)((sb(x, 0) < sb(y, 0)) + z);
	}
	return 0;
}

int main()
{
	const int n = 96;
	Buf<unsigned> a(n), b(n), c(n), out(n * N_OPS);
	unsigned s = 13;
	for (int i = 0; i < n; i++) {
		a.h[i] = corpus_rand(&s);
		b.h[i] = corpus_rand(&s);
		c.h[i] = corpus_rand(&s) >> (i % 4 * 8);
	}
	a.up();
	b.up();
	c.up();
	video<<<1, n>>>(a.d, b.d, c.d, out.d);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int i = 0; i < n; i++)
		for (int op = 0; op < N_OPS; op++) {
			unsigned want = host(op, a.h[i], b.h[i], c.h[i]);
			EXPECT(out.h[i * N_OPS + op] == want, "op %d on %08x %08x %08x: %08x, want %08x", op, a.h[i], b.h[i], c.h[i], out.h[i * N_OPS + op], want);
		}
	printf("PASS\n");
	return 0;
}
