// softmax: one block per row of an n-column matrix. Each thread scans a
// strided slice of the row; the block reduces the maximum and then the sum of
// exponentials through shared memory with __syncthreads(); exponentials use
// ex2.approx.ftz.f32 of (x - max) * log2(e); the row is normalised by an IEEE
// division.
#include "prelude.h"

#define THREADS 128

extern "C" __global__ void softmax(const float *in, float *out, int n) {
  __shared__ float red[THREADS];
  const float *x = in + blockIdx_x() * n;
  float *y = out + blockIdx_x() * n;
  unsigned t = threadIdx_x();

  float m = -__builtin_inff();
  for (int i = t; i < n; i += THREADS)
    m = __builtin_fmaxf(m, x[i]);
  red[t] = m;
  __syncthreads();
  for (unsigned s = THREADS / 2; s > 0; s >>= 1) {
    if (t < s)
      red[t] = __builtin_fmaxf(red[t], red[t + s]);
    __syncthreads();
  }
  m = red[0];
  __syncthreads();

  float sum = 0.0f;
  for (int i = t; i < n; i += THREADS) {
    float e = __nvvm_ex2_approx_ftz_f((x[i] - m) * 1.4426950408889634f);
    y[i] = e;
    sum += e;
  }
  red[t] = sum;
  __syncthreads();
  for (unsigned s = THREADS / 2; s > 0; s >>= 1) {
    if (t < s)
      red[t] += red[t + s];
    __syncthreads();
  }
  sum = red[0];
  for (int i = t; i < n; i += THREADS)
    y[i] = y[i] / sum;
}
