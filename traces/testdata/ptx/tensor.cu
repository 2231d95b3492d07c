// archs: sm_80 sm_90
// Tensor-core and async-copy forms as LLVM emits them from clang's NVPTX
// builtins (what CUDA's <mma.h>, <cuda_pipeline.h> and <cuda/barrier> call):
// wmma loads, multiply-accumulates and stores of every multiplicand type,
// cp.async with its groups, and the mbarrier operations.

#define WMMA_F16(S)                                                          \
  __global__ void wmma_f16_##S(const int *a, const int *b, float *c, int *h) { \
    int fa[8], fb[8], hc[4], hd[4];                                          \
    float fc[8], fd[8];                                                      \
    __hmma_##S##_ld_a(fa, a, 16, 0);                                         \
    __hmma_##S##_ld_b(fb, b, 16, 1);                                         \
    __hmma_##S##_ld_c_f32(fc, c, 16, 0);                                     \
    __hmma_##S##_ld_c_f16(hc, h, 16, 1);                                     \
    __hmma_##S##_mma_f32f32(fd, fa, fb, fc, 1, 0);                           \
    __hmma_##S##_mma_f16f32(hd, fa, fb, fc, 2, 0);                           \
    __hmma_##S##_mma_f32f16(fc, fa, fb, hc, 3, 0);                           \
    __hmma_##S##_mma_f16f16(hc, fa, fb, hd, 0, 0);                           \
    __hmma_##S##_st_c_f32(c, fd, 16, 0);                                     \
    __hmma_##S##_st_c_f32(c + 256, fc, 16, 1);                               \
    __hmma_##S##_st_c_f16(h, hc, 16, 0);                                     \
  }
WMMA_F16(m16n16k16)
WMMA_F16(m32n8k16)
WMMA_F16(m8n32k16)

#define WMMA_INT(S)                                                          \
  __global__ void wmma_int_##S(const int *a, const int *b, int *c) {          \
    int fa[4], fb[4], fc[8], fd[8];                                          \
    __imma_##S##_ld_a_s8(fa, a, 16, 0);                                      \
    __imma_##S##_ld_b_s8(fb, b, 16, 1);                                      \
    __imma_##S##_ld_c(fc, c, 16, 0);                                         \
    __imma_##S##_mma_s8(fd, fa, fb, fc, 1, 1);                               \
    __imma_##S##_ld_a_u8(fa, a, 16, 1);                                      \
    __imma_##S##_ld_b_u8(fb, b, 16, 0);                                      \
    __imma_##S##_mma_u8(fc, fa, fb, fd, 2, 0);                               \
    __imma_##S##_st_c_i32(c, fc, 16, 0);                                     \
  }
WMMA_INT(m16n16k16)
WMMA_INT(m32n8k16)
WMMA_INT(m8n32k16)

#define WMMA_BF16(S)                                                         \
  __global__ void wmma_bf16_##S(const int *a, const int *b, float *c) {       \
    int fa[8], fb[8];                                                        \
    float fc[8], fd[8];                                                      \
    __mma_bf16_##S##_ld_a(fa, a, 16, 0);                                     \
    __mma_bf16_##S##_ld_b(fb, b, 16, 1);                                     \
    __hmma_##S##_ld_c_f32(fc, c, 16, 0);                                     \
    __mma_bf16_##S##_mma_f32(fd, fa, fb, fc, 1, 0);                          \
    __hmma_##S##_st_c_f32(c, fd, 16, 0);                                     \
  }
WMMA_BF16(m16n16k16)
WMMA_BF16(m32n8k16)
WMMA_BF16(m8n32k16)

__global__ void wmma_tf32(const int *a, const int *b, float *c) {
  int fa[4], fb[4];
  float fc[8], fd[8];
  __mma_tf32_m16n16k8_ld_a(fa, a, 8, 0);
  __mma_tf32_m16n16k8_ld_b(fb, b, 8, 1);
  __mma_tf32_m16n16k8_ld_c(fc, c, 16, 0);
  __mma_tf32_m16n16k8_mma_f32(fd, fa, fb, fc, 1, 0);
  __mma_m16n16k8_st_c_f32(c, fd, 16, 0);
}

__global__ void wmma_f64(const double *a, const double *b, double *c) {
  double fa[1], fb[1], fc[2], fd[2];
  __dmma_m8n8k4_ld_a(fa, a, 4, 0);
  __dmma_m8n8k4_ld_b(fb, b, 4, 1);
  __dmma_m8n8k4_ld_c(fc, c, 8, 0);
  __dmma_m8n8k4_mma_f64(fd, fa, fb, fc, 1, 0);
  __dmma_m8n8k4_st_c_f64(c, fd, 8, 0);
}

__global__ void wmma_subbyte(const int *a, const int *b, int *c) {
  int fa[1], fb[1], fc[2], fd[2];
  __imma_m8n8k32_ld_a_s4(fa, a, 32, 0);
  __imma_m8n8k32_ld_b_s4(fb, b, 32, 1);
  __imma_m8n8k32_ld_c(fc, c, 8, 0);
  __imma_m8n8k32_mma_s4(fd, fa, fb, fc, 1, 0);
  __imma_m8n8k32_ld_a_u4(fa, a, 32, 0);
  __imma_m8n8k32_ld_b_u4(fb, b, 32, 1);
  __imma_m8n8k32_mma_u4(fc, fa, fb, fd, 1, 1);
  __bmma_m8n8k128_ld_a_b1(fa, a, 128, 0);
  __bmma_m8n8k128_ld_b_b1(fb, b, 128, 1);
  __bmma_m8n8k128_ld_c(fd, c, 8, 0);
  __bmma_m8n8k128_mma_xor_popc_b1(fc, fa, fb, fd, 1);
  __bmma_m8n8k128_mma_and_popc_b1(fd, fa, fb, fc, 1);
  __imma_m8n8k32_st_c_i32(c, fd, 8, 0);
}

typedef __attribute__((address_space(3))) int sint;
typedef __attribute__((address_space(3))) long slong;
typedef const __attribute__((address_space(1))) int gint;

__global__ void async_copies(const int *gp, int *out) {
  __shared__ __attribute__((aligned(16))) int buf_[512];
  __shared__ long bar_;
  sint *buf = (sint *)(void *)buf_;
  slong *bar = (slong *)(void *)&bar_;
  gint *g = (gint *)(const void *)gp;
  unsigned t = tid_x();
  if (t == 0)
    __nvvm_mbarrier_init_shared(bar, 32);
  __syncthreads_();
  __nvvm_cp_async_ca_shared_global_4(&buf[t], &g[t]);
  __nvvm_cp_async_ca_shared_global_8(&buf[64 + 2 * t], &g[64 + 2 * t]);
  __nvvm_cp_async_ca_shared_global_16(&buf[128 + 4 * t], &g[128 + 4 * t]);
  __nvvm_cp_async_cg_shared_global_16(&buf[256 + 4 * t], &g[256 + 4 * t]);
  __nvvm_cp_async_commit_group();
  __nvvm_cp_async_wait_group(0);
  __nvvm_cp_async_mbarrier_arrive_shared(bar);
  long st = __nvvm_mbarrier_arrive_shared(bar);
  while (!__nvvm_mbarrier_test_wait_shared(bar, st))
    ;
  out[t] = buf[t] + __nvvm_mbarrier_pending_count(st);
  __nvvm_cp_async_wait_all();
  __syncthreads_();
  if (t == 0)
    __nvvm_mbarrier_inval_shared(bar);
}
