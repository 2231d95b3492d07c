// rcp64: y[i] = rcp.approx.ftz.f64(x[i]) (MUFU.RCP64H: a 20-bit reciprocal of the
// upper word).
#include "prelude.h"

extern "C" __global__ void rcp64(const double *x, double *y, int n) {
  int i = blockIdx_x() * blockDim_x() + threadIdx_x();
  if (i < n)
    y[i] = __nvvm_rcp_approx_ftz_d(x[i]);
}
