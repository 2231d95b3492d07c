// regen: --cuda-gpu-arch=sm_90 -Xclang -target-feature -Xclang +ptx83 -mllvm -nvptx-prec-divf32=1
// approx.cu: approximate and newer forms as LLVM emits them (warp/ptx_test.go):
// div.full.f32 (`/` with -nvptx-prec-divf32=1), div.approx{.ftz}.f32,
// rsqrt.approx.f64, min/max.xorsign.abs.f32 (sm_86+), atom.add.noftz on
// f16/bf16, tanh.approx.f16/bf16 and ld/st/mov.b128 (inline asm: LLVM 19 has
// no intrinsic for them).
__global__ void divs(float *out, const float *a, const float *b, int n) {
  unsigned i = blockIdx_x() * blockDim_x() + threadIdx_x();
  if (i >= (unsigned)n)
    return;
  float x = a[i], y = b[i];
  out[3 * i] = x / y;
  out[3 * i + 1] = __nvvm_div_approx_f(x, y);
  out[3 * i + 2] = __nvvm_div_approx_ftz_f(x, y);
}

__global__ void misc(float *out, const float *a, double *d, unsigned *h) {
  unsigned i = blockIdx_x() * blockDim_x() + threadIdx_x();
  float x = a[2 * i], y = a[2 * i + 1];
  out[2 * i] = __nvvm_fmin_xorsign_abs_f(x, y);
  out[2 * i + 1] = __nvvm_fmax_xorsign_abs_f(x, y);
  d[i] = __nvvm_rsqrt_approx_d(d[i]);
  unsigned short lo = h[i], hi = h[i] >> 16, rl, rh;
  asm("tanh.approx.f16 %0, %1;" : "=h"(rl) : "h"(lo));
  asm("tanh.approx.bf16 %0, %1;" : "=h"(rh) : "h"(hi));
  h[i] = rl | (unsigned)rh << 16;
}

__global__ void halfatomics(_Float16 *hs, __bf16 *bs, const _Float16 *hv, const __bf16 *bv) {
  unsigned i = blockIdx_x() * blockDim_x() + threadIdx_x();
  __atomic_fetch_add(&hs[i % 4], hv[i], __ATOMIC_RELAXED);
  __atomic_fetch_add(&bs[i % 4], bv[i], __ATOMIC_RELAXED);
}

__global__ void wide(unsigned __int128 *dst, const unsigned __int128 *src) {
  unsigned i = blockIdx_x() * blockDim_x() + threadIdx_x();
  unsigned __int128 v;
  asm volatile("ld.global.b128 %0, [%1];" : "=q"(v) : "l"(src + i));
  v = v << 1 | v >> 127;
  asm volatile("st.global.b128 [%0], %1;" ::"l"(dst + i), "q"(v));
}
