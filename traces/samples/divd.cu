// divd: q[i] = a[i] / b[i] in f64 the way CUDA's fast path does it: an
// rcp.approx.ftz.f64 seed refined with fma.rn.f64 Newton steps, then one
// correction of the quotient.
#include "prelude.h"

extern "C" __global__ void divd(const double *a, const double *b, double *q, int n) {
  int i = blockIdx_x() * blockDim_x() + threadIdx_x();
  if (i >= n)
    return;
  double x = a[i], d = b[i];
  double y = __nvvm_rcp_approx_ftz_d(d);
  double e = __nvvm_fma_rn_d(-d, y, 1.0);
  e = __nvvm_fma_rn_d(e, e, e);
  y = __nvvm_fma_rn_d(e, y, y);
  double r0 = __nvvm_mul_rn_d(x, y);
  double r = __nvvm_fma_rn_d(-d, r0, x);
  q[i] = __nvvm_fma_rn_d(y, r, r0);
}
