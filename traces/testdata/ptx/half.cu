// f16 / f16x2 arithmetic and conversions (needs sm_53+; here sm_75 and sm_90).
typedef _Float16 h;
typedef _Float16 h2 __attribute__((ext_vector_type(2)));

__global__ void f16ops(h *o, const h *a, const h *b, int n) {
  int i = gid_x();
  h x = a[i], y = b[i];
  o[0 * n + i] = x + y;
  o[1 * n + i] = x * y - x;
  o[2 * n + i] = __builtin_fmaf16(x, y, (h)1.0);
  o[3 * n + i] = x < y ? x : (h)(-y);
  o[4 * n + i] = (h)((float)x / (float)y);
  o[5 * n + i] = (h)(int)i + (h)__builtin_fabsf16(y);
  o[6 * n + i] = __nvvm_ex2_approx_f16(x);
#if __CUDA_ARCH__ >= 800
  o[7 * n + i] = __nvvm_fmin_f16(x, y) + __nvvm_fmax_f16(x, y);
#endif
  ((double *)o)[8 * n + i] = (double)x;
}

__global__ void f16x2ops(h2 *o, const h2 *a, const h2 *b, int n) {
  int i = gid_x();
  h2 x = a[i], y = b[i];
  o[i] = x * y + x;
  o[n + i] = x - y;
  o[2 * n + i] = __nvvm_ex2_approx_f16x2(x);
  o[3 * n + i] = __nvvm_fma_rn_f16x2(x, y, x);
#if __CUDA_ARCH__ >= 800
  o[4 * n + i] = __nvvm_fmin_f16x2(x, y);
#endif
  h2 z = {x.y, y.x};
  o[5 * n + i] = z;
}
