// div: c[i] = a[i] / b[i], compiled with -cl-fp32-correctly-rounded-divide-sqrt
// so that the division is AMD's full f32 macro (v_div_scale_f32, v_rcp_f32,
// an FMA chain, v_div_fmas_f32, v_div_fixup_f32), which must give the IEEE
// round-to-nearest-even quotient for every pair of inputs.
#include "prelude.h"

__kernel void fdiv(__global const float *a, __global const float *b, __global float *c, uint n) {
  uint i = gid_x();
  if (i < n)
    c[i] = a[i] / b[i];
}
