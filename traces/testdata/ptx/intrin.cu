// The seeded NVVM intrinsics and other special-function approximations.
__global__ void ex2(float *o, const float *a, int n) {
  int i = gid_x();
  if (i < n) {
    o[i] = __nvvm_ex2_approx_ftz_f(a[i]);
    o[n + i] = __nvvm_ex2_approx_f(a[i]);
    o[2 * n + i] = __nvvm_lg2_approx_ftz_f(a[i]) + __nvvm_sin_approx_ftz_f(a[i]);
  }
}

__global__ void rcp64(double *o, const double *a) {
  int i = gid_x();
  o[i] = __nvvm_rcp_approx_ftz_d(a[i]);
}

__global__ void softmax_row(float *o, const float *a, int n) {
  __shared__ float red[32];
  int t = tid_x();
  float m = -__builtin_inff();
  for (int k = t; k < n; k += 32) m = __builtin_fmaxf(m, a[k]);
  for (int d = 16; d > 0; d >>= 1) m = __builtin_fmaxf(m, __nvvm_shfl_sync_bfly_f32(0xffffffff, m, d, 31));
  float s = 0;
  for (int k = t; k < n; k += 32) { float e = __nvvm_ex2_approx_ftz_f((a[k] - m) * 1.44269504f); o[k] = e; s += e; }
  for (int d = 16; d > 0; d >>= 1) s += __nvvm_shfl_sync_bfly_f32(0xffffffff, s, d, 31);
  red[t] = s;
  __syncthreads_();
  float inv = __nvvm_rcp_approx_ftz_f(red[0]);
  for (int k = t; k < n; k += 32) o[k] *= inv;
}
