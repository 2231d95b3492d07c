// f32 and f64 arithmetic: rounding-mode builtins, fma, div, sqrt, rcp,
// min/max, abs/neg, copysign, conversions, comparisons and testp-style checks.
__global__ void f32ops(float *o, const float *a, const float *b, int n) {
  int i = gid_x();
  if (i >= n) return;
  float x = a[i], y = b[i];
  o[0 * n + i] = x + y;
  o[1 * n + i] = x - y * 3.5f;
  o[2 * n + i] = __builtin_fmaf(x, y, 1.0f);
  o[3 * n + i] = x / y;
  o[4 * n + i] = __builtin_sqrtf(x);
  o[5 * n + i] = __builtin_fminf(x, y) + __builtin_fmaxf(x, y);
  o[6 * n + i] = __builtin_fabsf(x) - __builtin_copysignf(y, x);
  o[7 * n + i] = __nvvm_add_rz_f(x, y) + __nvvm_mul_rm_f(x, y) + __nvvm_add_rp_ftz_f(x, y);
  o[8 * n + i] = __nvvm_fma_rz_f(x, y, x) + __nvvm_div_rn_ftz_f(x, y) + __nvvm_div_approx_f(x, y);
  o[9 * n + i] = __nvvm_rcp_rn_f(x) + __nvvm_rcp_approx_ftz_f(y) + __nvvm_sqrt_approx_f(y);
  o[10 * n + i] = __nvvm_rsqrt_approx_f(x) + __nvvm_sin_approx_f(x) + __nvvm_cos_approx_ftz_f(y);
  o[11 * n + i] = __nvvm_lg2_approx_f(x) + __nvvm_saturate_f(y) + __nvvm_fmin_ftz_f(x, y);
  o[12 * n + i] = (float)(int)x + (float)(unsigned)y + __nvvm_i2f_rz(i) + __nvvm_ui2f_rm(i);
  o[13 * n + i] = __builtin_floorf(x) + __builtin_ceilf(y) + __builtin_truncf(x) + __builtin_rintf(y);
  o[14 * n + i] = (x < y) ? 1.0f : (x != x) ? 2.0f : (__builtin_isinf(y) ? 3.0f : 4.0f);
  o[15 * n + i] = __nvvm_fabs_ftz_f(x);
  ((int *)o)[16 * n + i] = __nvvm_f2i_rn(x) + __nvvm_f2ui_rz(y) + (int)__nvvm_f2ll_rz(x);
  o[17 * n + i] = __builtin_isnormal(x) ? -x : x * 0.1f;
}

__global__ void f64ops(double *o, const double *a, const double *b, int n) {
  int i = gid_x();
  double x = a[i], y = b[i];
  o[0 * n + i] = x + y * 2.0;
  o[1 * n + i] = x / y;
  o[2 * n + i] = __builtin_fma(x, y, -1.0);
  o[3 * n + i] = __builtin_sqrt(x) + __builtin_fabs(y);
  o[4 * n + i] = __builtin_fmin(x, y) - __builtin_fmax(x, y);
  o[5 * n + i] = __nvvm_rcp_rn_d(x) + __nvvm_rsqrt_approx_d(y) + __nvvm_add_rz_d(x, y);
  o[6 * n + i] = (double)(float)x + (double)(long long)y + (double)(unsigned)i;
  o[7 * n + i] = x < y ? __builtin_floor(x) : __builtin_round(y);
  o[8 * n + i] = __nvvm_rcp_approx_ftz_d(x) + __nvvm_fma_rm_d(x, y, x);
  ((float *)o)[9 * n + i] = __nvvm_d2f_rz(x) + __nvvm_d2f_rp(y);
  ((long long *)o)[10 * n + i] = __nvvm_d2ll_rm(x) + (long long)__nvvm_d2ull_rp(y);
}
