// archs: sm_80 sm_90
// bf16 / bf16x2 arithmetic: on sm_80 LLVM uses fma/min/max/neg/abs.bf16 and
// cvt.rn.bf16.f32 and does plain + and * in f32; sm_90 adds cvt.f32.bf16.
typedef __bf16 bf;
typedef __bf16 bf2 __attribute__((ext_vector_type(2)));

__global__ void bf16ops(bf *o, const bf *a, const bf *b, float *f, int n) {
  int i = gid_x();
  bf x = a[i], y = b[i];
  o[0 * n + i] = x + y;
  o[1 * n + i] = x * y - x;
  o[2 * n + i] = __nvvm_fma_rn_bf16(x, y, x);
  o[3 * n + i] = __nvvm_fmin_bf16(x, y);
  o[4 * n + i] = __nvvm_fmax_nan_bf16(x, y);
  f[i] = (float)x + (float)y;
  o[6 * n + i] = (bf)f[n + i];
  o[7 * n + i] = __nvvm_abs_bf16(x);
  o[8 * n + i] = __nvvm_neg_bf16(y);
}

__global__ void bf16x2ops(bf2 *o, const bf2 *a, const bf2 *b, int n) {
  int i = gid_x();
  bf2 x = a[i], y = b[i];
  o[i] = x * y + x;
  o[n + i] = __nvvm_fma_rn_bf16x2(x, y, x);
  o[2 * n + i] = __nvvm_fmin_bf16x2(x, y);
}
