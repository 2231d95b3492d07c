// Kernels whose compiled AMDGPU assembly covers what the samples do not:
// 32- and 64-bit integer arithmetic and bit operations, f32 and f64
// arithmetic, rounding and conversions, byte and short memory accesses,
// LDS two-address forms, cross-lane operations and atomics. Regenerate the
// corpus_<target>.s files with ./regen.sh; sim's corpus test runs each
// kernel and compares with a Go computation (sim/amd_corpus_test.go).
#include "prelude.h"

// ints: eight integer results per element.
__kernel void ints(__global const uint *a, __global const uint *b, __global uint *out) {
  uint i = gid_x();
  uint x = a[i], y = b[i] | 1;
  int sx = (int)x, sy = (int)y;
  out[8 * i + 0] = x / y;
  out[8 * i + 1] = (uint)(sx % sy);
  out[8 * i + 2] = (uint)(((ulong)x * (ulong)y) >> 32);
  out[8 * i + 3] = __builtin_popcount(x) + __builtin_clz(y);
  out[8 * i + 4] = (x >> (y & 31)) ^ (uint)(sx >> (x & 31));
  out[8 * i + 5] = (x >> 5) & 0x7ff;
  out[8 * i + 6] = (uint)(sx > sy ? sx : sy) - (x < y ? x : y);
  out[8 * i + 7] = (x << 3) + (y >> 2) * 5;
}

// longs: 64-bit integer arithmetic.
__kernel void longs(__global const ulong *a, __global const ulong *b, __global ulong *out) {
  uint i = gid_x();
  ulong x = a[i], y = b[i];
  out[4 * i + 0] = x * y + (x >> 7);
  out[4 * i + 1] = (ulong)((long)x >> (y & 63)) + (y << (x & 63));
  out[4 * i + 2] = x > y ? x - y : y - x;
  out[4 * i + 3] = (x ^ y) | (x & (y >> 3));
}

// floats: f32 operations with exact results (no approximations).
__kernel void floats(__global const float *a, __global const float *b, __global float *out) {
  uint i = gid_x();
  float x = a[i], y = b[i];
  out[8 * i + 0] = __builtin_fminf(x, y) + __builtin_fmaxf(x, 1.0f);
  out[8 * i + 1] = __builtin_floorf(x) - __builtin_ceilf(y);
  out[8 * i + 2] = __builtin_truncf(x * 3.0f) + __builtin_rintf(y * 5.0f);
  out[8 * i + 3] = __builtin_fabsf(x) * __builtin_copysignf(2.0f, y);
  out[8 * i + 4] = __builtin_ldexpf(x, (int)(y * 10.0f));
  out[8 * i + 5] = (float)(int)(x * 100.0f) + (float)(uint)__builtin_fabsf(y * 1000.0f);
  out[8 * i + 6] = x < y ? x * y : x - y;
  out[8 * i + 7] = __builtin_fmaf(x, y, -x);
}

// doubles: f64 arithmetic and conversions.
__kernel void doubles(__global const double *a, __global const float *b, __global double *out) {
  uint i = gid_x();
  double x = a[i], y = (double)b[i];
  out[4 * i + 0] = x * y + x;
  out[4 * i + 1] = __builtin_fma(x, y, 0.5) - __builtin_floor(x);
  out[4 * i + 2] = x < y ? (double)(int)(x * 7.0) : __builtin_fmax(x, y);
  out[4 * i + 3] = (double)(float)(x * 3.0) + (double)i;
}

// bytes: byte and short loads and stores (the arithmetic stays 32-bit:
// gpusim does not run 16-bit VALU operations yet).
__kernel void bytes(__global const uchar *a, __global const short *b, __global uchar *c, __global short *d, uint k) {
  uint i = gid_x();
  c[i] = (uchar)((a[i] * k + (uint)b[i]) >> 3);
  d[i] = (short)(((int)b[i] * (int)k - (int)(char)a[i]) >> 2);
}

// lds: two-address LDS accesses and cross-lane operations. The workgroup
// has 64 work-items.
__kernel void lds(__global const uint *a, __global uint *out) {
  __local uint tmp[128];
  uint l = lid_x();
  uint v = a[gid_x()];
  tmp[2 * l] = v;
  tmp[2 * l + 1] = v * 3;
  LDS_BARRIER();
  uint j = (v & 63) ^ l;
  uint r = tmp[2 * j] + tmp[2 * (j ^ 1) + 1];
  uint s = __builtin_amdgcn_ds_bpermute((int)(4 * (v & 31)), (int)v);
  uint first = __builtin_amdgcn_readfirstlane(v);
  out[gid_x()] = r ^ s ^ first;
}

// atomics: a histogram in LDS and in global memory.
__kernel void atomics(__global const uint *a, __global uint *hist, __global uint *total) {
  __local uint h[16];
  uint l = lid_x();
  if (l < 16)
    h[l] = 0;
  LDS_BARRIER();
  uint v = a[gid_x()];
  __atomic_fetch_add(&h[v & 15], 1u, __ATOMIC_RELAXED);
  uint old = __atomic_fetch_add(total, v, __ATOMIC_RELAXED);
  LDS_BARRIER();
  if (l < 16)
    __atomic_fetch_add(&hist[l], h[l], __ATOMIC_RELAXED);
  if (old == 0xffffffffu)
    hist[16] = 1;
}
