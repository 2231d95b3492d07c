// The SIMD video intrinsics of the CUDA Math API (__vadd4, __vabsdiffu4,
// __vsadu4, __vsetgtu4, __vmaxs2, __vavgu2, __vsubss2, ...), which nvcc's
// device library and clang lower to vadd4, vabsdiff4, vset4, vmax2, vavrg2
// and friends, against host implementations of what the CUDA Math API
// says each one computes.
#include "corpus.h"

#define N_OPS 12
__global__ void simd(const unsigned *a, const unsigned *b, unsigned *out)
{
	int t = threadIdx.x;
	unsigned x = a[t], y = b[t], *o = out + t * N_OPS;
	o[0] = __vadd4(x, y);
	o[1] = __vsub4(x, y);
	o[2] = __vabsdiffu4(x, y);
	o[3] = __vsadu4(x, y);
	o[4] = __vsetgtu4(x, y);
	o[5] = __vmaxs2(x, y);
	o[6] = __vminu2(x, y);
	o[7] = __vavgu2(x, y);
	o[8] = __vsubss2(x, y);
	o[9] = __vabsss4(x);
	o[10] = __vaddus4(x, y);
	o[11] = __vsetles2(x, y);
}

static unsigned lanes(unsigned x, int n, int i) { return n == 4 ? x >> (8 * i) & 0xff : x >> (16 * i) & 0xffff; }
static int slanes(unsigned x, int n, int i)
{
	unsigned v = lanes(x, n, i);
	return n == 4 ? (int)(signed char)v : (int)(short)v;
}

static unsigned host(int op, unsigned x, unsigned y)
{
	unsigned r = 0;
	int n = op == 5 || op == 6 || op == 7 || op == 8 || op == 11 ? 2 : 4, w = 32 / n;
	unsigned mask = n == 4 ? 0xff : 0xffff;
	if (op == 3) {
		for (int i = 0; i < 4; i++) {
			int d = (int)lanes(x, 4, i) - (int)lanes(y, 4, i);
			r += d < 0 ? -d : d;
		}
		return r;
	}
	for (int i = 0; i < n; i++) {
		unsigned ux = lanes(x, n, i), uy = lanes(y, n, i);
		int sx = slanes(x, n, i), sy = slanes(y, n, i);
		long long e = 0;
		switch (op) {
		case 0: e = ux + uy; break;
		case 1: e = (long long)ux - uy; break;
		case 2: e = ux > uy ? ux - uy : uy - ux; break;
		case 4: e = ux > uy; break;
		case 5: e = sx > sy ? sx : sy; break;
		case 6: e = ux < uy ? ux : uy; break;
		case 7: e = (ux + uy + 1) / 2; break;
		case 8: e = sx - sy; e = e > 32767 ? 32767 : e < -32768 ? -32768 : e; break;
		case 9: e = sx < 0 ? -sx : sx; e = e > 127 ? 127 : e; break;
		case 10: e = ux + uy; e = e > 255 ? 255 : e; break;
		case 11: e = sx <= sy; break;
		}
		r |= ((unsigned)e & mask) << (w * i);
	}
	return r;
}

int main()
{
	const int n = 128;
	Buf<unsigned> a(n), b(n), out(n * N_OPS);
	unsigned s = 11;
	for (int i = 0; i < n; i++) {
		a.h[i] = corpus_rand(&s);
		b.h[i] = i % 5 == 0 ? a.h[i] : corpus_rand(&s);
	}
	a.h[0] = 0x80808080u;
	b.h[1] = 0x7f7f8000u;
	a.up();
	b.up();
	simd<<<1, n>>>(a.d, b.d, out.d);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int i = 0; i < n; i++)
		for (int op = 0; op < N_OPS; op++) {
			unsigned want = host(op, a.h[i], b.h[i]);
			EXPECT(out.h[i * N_OPS + op] == want, "op %d on %08x %08x: %08x, want %08x", op, a.h[i], b.h[i], out.h[i * N_OPS + op], want);
		}
	printf("PASS\n");
	return 0;
}
