// fir: y[i] = sum over k < taps with i-k >= 0 of x[i-k] * h[k], each product
// and sum rounded (FP_CONTRACT OFF: no fused multiply-add), the taps read
// through the scalar cache.
#pragma OPENCL FP_CONTRACT OFF
#include "prelude.h"

__kernel void fir(__global const float *x, __constant float *h, __global float *y, int n, int taps) {
  int i = gid_x();
  if (i >= n)
    return;
  float acc = 0.0f;
  for (int k = 0; k < taps; k++) {
    int j = i - k;
    if (j >= 0)
      acc += x[j] * h[k];
  }
  y[i] = acc;
}
