// ex2: both f32 forms of ex2.approx, side by side: y[i] = ex2.approx.ftz.f32(x[i]),
// z[i] = ex2.approx.f32(x[i]).
#include "prelude.h"

extern "C" __global__ void ex2(const float *x, float *y, float *z, int n) {
  int i = blockIdx_x() * blockDim_x() + threadIdx_x();
  if (i < n) {
    float v = x[i];
    y[i] = __nvvm_ex2_approx_ftz_f(v);
    z[i] = __nvvm_ex2_approx_f(v);
  }
}
