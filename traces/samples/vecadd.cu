// vecadd: c[i] = a[i] + b[i] over a grid-stride loop, in f32.
#include "prelude.h"

extern "C" __global__ void vecadd(const float *a, const float *b, float *c, int n) {
  int stride = blockDim_x() * gridDim_x();
  for (int i = blockIdx_x() * blockDim_x() + threadIdx_x(); i < n; i += stride)
    c[i] = a[i] + b[i];
}
