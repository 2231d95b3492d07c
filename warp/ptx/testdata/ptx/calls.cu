// calls: non-inlined device functions called from divergent code, with an
// early (divergent) return inside the callee and a data-dependent loop.
#include "prelude.h"

static __device__ __noinline__ int steps(int v, int limit) {
  if (v <= 0)
    return -1;
  int s = 0;
  while (v != 1 && s < limit) {
    v = (v & 1) ? 3 * v + 1 : v >> 1;
    s++;
  }
  return s;
}

static __device__ __noinline__ long long mix(long long a, int b) {
  return b & 1 ? a * 3 : a - b;
}

extern "C" __global__ void calls(const int *in, int *out, long long *out2, int n) {
  int i = blockIdx_x() * blockDim_x() + threadIdx_x();
  if (i >= n)
    return;
  int v = in[i];
  int r;
  if (i & 2)
    r = steps(v, 100);
  else
    r = steps(v + 7, 50) + 1000;
  out[i] = r;
  out2[i] = mix((long long)v << 20, r);
}
