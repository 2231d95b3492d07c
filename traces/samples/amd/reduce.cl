// reduce: out[g] = the sum of in[] over workgroup g, a tree reduction in LDS
// with a barrier per level (s_barrier; s_barrier_signal/s_barrier_wait on
// GFX12). The workgroup size must be a power of two, at most 256.
#include "prelude.h"

__kernel void reduce(__global const float *in, __global float *out) {
  __local float tmp[256];
  uint l = lid_x();
  tmp[l] = in[gid_x()];
  LDS_BARRIER();
  for (uint s = lsize_x() / 2; s > 0; s >>= 1) {
    if (l < s)
      tmp[l] += tmp[l + s];
    LDS_BARRIER();
  }
  if (l == 0)
    out[group_x()] = tmp[0];
}
