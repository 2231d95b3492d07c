// Integer arithmetic and logic: add/sub/mul (lo, hi, wide), mad, div, rem,
// min/max, abs, neg, shifts, bit operations, 16- and 64-bit forms.
typedef unsigned long long u64;
typedef long long i64;

__global__ void int32ops(int *o, const int *a, const int *b, int n) {
  int i = gid_x();
  if (i >= n) return;
  int x = a[i], y = b[i] | 1;
  unsigned ux = x, uy = y;
  o[0 * n + i] = x + y;
  o[1 * n + i] = x - y;
  o[2 * n + i] = x * y;
  o[3 * n + i] = x / y;
  o[4 * n + i] = x % y;
  o[5 * n + i] = ux / uy;
  o[6 * n + i] = ux % uy;
  o[7 * n + i] = x < y ? x : y;
  o[8 * n + i] = ux > uy ? ux : uy;
  o[9 * n + i] = __builtin_abs(x);
  o[10 * n + i] = -x;
  o[11 * n + i] = x << (y & 31);
  o[12 * n + i] = x >> (y & 31);
  o[13 * n + i] = ux >> (uy & 31);
  o[14 * n + i] = (x & y) ^ (~x | y);
  o[15 * n + i] = __builtin_popcount(ux) + __builtin_clz(uy);
  o[16 * n + i] = __builtin_bitreverse32(ux);
  o[17 * n + i] = __nvvm_mulhi_i(x, y) + __nvvm_mulhi_ui(ux, uy);
  o[18 * n + i] = __nvvm_mul24_i(x, y) + __nvvm_sad_i(x, y, 3);
  o[19 * n + i] = __nvvm_prmt(ux, uy, 0x3210 + (i & 7));
  o[20 * n + i] = __builtin_rotateleft32(ux, uy) ^ __builtin_rotateright32(ux, 7);
  o[21 * n + i] = (ux >> 5) & 0x3ff;
  o[22 * n + i] = __builtin_ffs(x) + __builtin_ctz(uy);
  o[23 * n + i] = x == y || x > 3 * y;
}

__global__ void int64ops(i64 *o, const i64 *a, const u64 *b, int n) {
  int i = gid_x();
  i64 x = a[i];
  u64 y = b[i] | 1;
  o[i] = x * (i64)y + (x >> 3);
  o[n + i] = x / (i64)y + (i64)(y % 10);
  o[2 * n + i] = (i64)(((unsigned __int128)y * (u64)x) >> 64);
  o[3 * n + i] = __builtin_popcountll(y) + __builtin_clzll(y) + (x < (i64)y ? x : (i64)y);
  o[4 * n + i] = (i64)__builtin_bitreverse64(y) ^ (x << 7);
  o[5 * n + i] = (i64)(unsigned)x * (i64)(unsigned)y;
}

__global__ void int16ops(short *o, const short *a, const unsigned char *b, int n) {
  int i = gid_x();
  short x = a[i];
  unsigned char y = b[i];
  o[i] = (short)(x * y + (x >> 2));
  o[n + i] = (short)(x / (short)(y | 1));
  o[2 * n + i] = (short)((unsigned short)x % (unsigned short)(y | 1));
}

__global__ void carry(u64 *o, const u64 *a, const u64 *b) {
  int i = tid_x();
  unsigned __int128 s = (unsigned __int128)a[i] + b[i];
  s += (unsigned __int128)a[i + 1] << 64;
  o[2 * i] = (u64)s;
  o[2 * i + 1] = (u64)(s >> 64);
}
