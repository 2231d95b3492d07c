// capture_ops.cuh: the instructions under test, as inline PTX on raw bits
// (mov.b* into typed registers declared inside each asm block), so that no
// compiler floating-point semantics touch an input or an output. Forms that
// need a newer target than the one being compiled trap; the host never
// launches them there (it skips forms above the device's compute capability).
#pragma once

#include <cstdint>

namespace {

// ---------------------------------------------------------------------------
// ex2 and RCP64H (the sweeps).

__device__ __forceinline__ uint32_t ex2_ftz_f32(uint32_t x) {
  uint32_t y;
  asm volatile("{ .reg .f32 a, d; mov.b32 a, %1; ex2.approx.ftz.f32 d, a; mov.b32 %0, d; }" : "=r"(y) : "r"(x));
  return y;
}

__device__ __forceinline__ uint32_t ex2_f32(uint32_t x) {
  uint32_t y;
  asm volatile("{ .reg .f32 a, d; mov.b32 a, %1; ex2.approx.f32 d, a; mov.b32 %0, d; }" : "=r"(y) : "r"(x));
  return y;
}

__device__ __forceinline__ uint16_t ex2_f16(uint16_t x) {
  uint16_t y;
  asm volatile("{ .reg .b16 a, d; mov.b16 a, %1; ex2.approx.f16 d, a; mov.b16 %0, d; }" : "=h"(y) : "h"(x));
  return y;
}

__device__ __forceinline__ uint32_t ex2_f16x2(uint32_t x) {
  uint32_t y;
  asm volatile("{ .reg .b32 a, d; mov.b32 a, %1; ex2.approx.f16x2 d, a; mov.b32 %0, d; }" : "=r"(y) : "r"(x));
  return y;
}

// The bf16 forms need sm_90 and PTX ISA 7.8.
__device__ __forceinline__ uint16_t ex2_bf16(uint16_t x) {
  uint16_t y = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("{ .reg .b16 a, d; mov.b16 a, %1; ex2.approx.ftz.bf16 d, a; mov.b16 %0, d; }" : "=h"(y) : "h"(x));
#else
  (void)x;
  asm volatile("trap;");
#endif
  return y;
}

__device__ __forceinline__ uint32_t ex2_bf16x2(uint32_t x) {
  uint32_t y = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("{ .reg .b32 a, d; mov.b32 a, %1; ex2.approx.ftz.bf16x2 d, a; mov.b32 %0, d; }" : "=r"(y) : "r"(x));
#else
  (void)x;
  asm volatile("trap;");
#endif
  return y;
}

__device__ __forceinline__ uint64_t rcp64h(uint64_t x) {
  uint64_t y;
  asm volatile("{ .reg .f64 a, d; mov.b64 a, %1; rcp.approx.ftz.f64 d, a; mov.b64 %0, d; }" : "=l"(y) : "l"(x));
  return y;
}

// ---------------------------------------------------------------------------
// The record probes' instructions. F32_UNARY(name, "ptx") defines name(x).

#define F32_UNARY(fn, insn)                                                                             \
  __device__ __forceinline__ uint32_t fn(uint32_t x) {                                                 \
    uint32_t y;                                                                                        \
    asm volatile("{ .reg .f32 a, d; mov.b32 a, %1; " insn " d, a; mov.b32 %0, d; }" : "=r"(y) : "r"(x)); \
    return y;                                                                                          \
  }

F32_UNARY(rcp_f32, "rcp.approx.f32")
F32_UNARY(rcp_ftz_f32, "rcp.approx.ftz.f32")
F32_UNARY(rsqrt_f32, "rsqrt.approx.f32")
F32_UNARY(rsqrt_ftz_f32, "rsqrt.approx.ftz.f32")
F32_UNARY(lg2_f32, "lg2.approx.f32")
F32_UNARY(lg2_ftz_f32, "lg2.approx.ftz.f32")
F32_UNARY(sin_f32, "sin.approx.f32")
F32_UNARY(sin_ftz_f32, "sin.approx.ftz.f32")
F32_UNARY(cos_f32, "cos.approx.f32")
F32_UNARY(cos_ftz_f32, "cos.approx.ftz.f32")
F32_UNARY(sqrt_rn_f32, "sqrt.rn.f32")
F32_UNARY(sqrt_approx_ftz_f32, "sqrt.approx.ftz.f32")
#undef F32_UNARY

// tanh.approx.f32 needs sm_75 and PTX ISA 7.0.
__device__ __forceinline__ uint32_t tanh_f32(uint32_t x) {
  uint32_t y = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
  asm volatile("{ .reg .f32 a, d; mov.b32 a, %1; tanh.approx.f32 d, a; mov.b32 %0, d; }" : "=r"(y) : "r"(x));
#else
  (void)x;
  asm volatile("trap;");
#endif
  return y;
}

__device__ __forceinline__ uint32_t div_rn_f32(uint32_t a, uint32_t b) {
  uint32_t y;
  asm volatile("{ .reg .f32 p, q, d; mov.b32 p, %1; mov.b32 q, %2; div.rn.f32 d, p, q; mov.b32 %0, d; }"
               : "=r"(y) : "r"(a), "r"(b));
  return y;
}

#define F64_BINARY(fn, insn)                                                                    \
  __device__ __forceinline__ uint64_t fn(uint64_t a, uint64_t b) {                             \
    uint64_t y;                                                                                \
    asm volatile("{ .reg .f64 p, q, d; mov.b64 p, %1; mov.b64 q, %2; " insn " d, p, q; mov.b64 %0, d; }" \
                 : "=l"(y) : "l"(a), "l"(b));                                                  \
    return y;                                                                                  \
  }

F64_BINARY(add_rn_f64, "add.rn.f64")
F64_BINARY(mul_rn_f64, "mul.rn.f64")
#undef F64_BINARY

__device__ __forceinline__ uint64_t fma_rn_f64(uint64_t a, uint64_t b, uint64_t c) {
  uint64_t y;
  asm volatile(
      "{ .reg .f64 p, q, r, d; mov.b64 p, %1; mov.b64 q, %2; mov.b64 r, %3; fma.rn.f64 d, p, q, r; mov.b64 %0, d; }"
      : "=l"(y) : "l"(a), "l"(b), "l"(c));
  return y;
}

// Integer division and remainder. asm volatile keeps the division even when
// the compiler could see that b is zero.
#define INT_BINARY(fn, T, C, insn)                                    \
  __device__ __forceinline__ T fn(T a, T b) {                         \
    T y;                                                              \
    asm volatile(insn " %0, %1, %2;" : "=" C(y) : C(a), C(b));        \
    return y;                                                         \
  }

INT_BINARY(div_u32, uint32_t, "r", "div.u32")
INT_BINARY(div_s32, uint32_t, "r", "div.s32")
INT_BINARY(rem_u32, uint32_t, "r", "rem.u32")
INT_BINARY(rem_s32, uint32_t, "r", "rem.s32")
INT_BINARY(div_u64, uint64_t, "l", "div.u64")
INT_BINARY(div_s64, uint64_t, "l", "div.s64")
INT_BINARY(rem_u64, uint64_t, "l", "rem.u64")
INT_BINARY(rem_s64, uint64_t, "l", "rem.s64")
#undef INT_BINARY

// ---------------------------------------------------------------------------
// Tensor cores: one warp-wide mma.sync on raw bits. a, b are the lane's A and
// B fragment registers (pairs of 16-bit values, or tf32 patterns), c and d
// its four f32 accumulator elements as bits. The fragment layouts are the
// PTX ISA's ("Matrix Fragments for mma.m16n8k16 / mma.m16n8k8"); capture.cu
// places the elements.

// The bf16, tf32 and m16n8k16 forms need sm_80 (PTX ISA 7.0).
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define MMA_4A_2B(fn, insn)                                                                            \
  __device__ __forceinline__ void fn(uint32_t (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2], \
                                     const uint32_t (&c)[4]) {                                         \
    (void)a;                                                                                           \
    (void)b;                                                                                           \
    for (int i = 0; i < 4; ++i) d[i] = c[i];                                                           \
    asm volatile("trap;");                                                                             \
  }
#else
#define MMA_4A_2B(fn, insn)                                                                                   \
  __device__ __forceinline__ void fn(uint32_t (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2],        \
                                     const uint32_t (&c)[4]) {                                                \
    asm volatile(                                                                                             \
        "{ .reg .f32 c0, c1, c2, c3, d0, d1, d2, d3;\n"                                                      \
        "  mov.b32 c0, %10; mov.b32 c1, %11; mov.b32 c2, %12; mov.b32 c3, %13;\n"                            \
        "  " insn " {d0, d1, d2, d3}, {%4, %5, %6, %7}, {%8, %9}, {c0, c1, c2, c3};\n"                       \
        "  mov.b32 %0, d0; mov.b32 %1, d1; mov.b32 %2, d2; mov.b32 %3, d3; }"                                 \
        : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])                                                      \
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]),  \
          "r"(c[3]));                                                                                         \
  }
#endif

MMA_4A_2B(mma_f16_k16, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32")
MMA_4A_2B(mma_bf16_k16, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32")
MMA_4A_2B(mma_tf32_k8, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32")
#undef MMA_4A_2B

// m16n8k8 with f16 operands exists from sm_75 (PTX ISA 6.5).
__device__ __forceinline__ void mma_f16_k8(uint32_t (&d)[4], const uint32_t (&a)[2], const uint32_t (&b)[1],
                                           const uint32_t (&c)[4]) {
  asm volatile(
      "{ .reg .f32 c0, c1, c2, c3, d0, d1, d2, d3;\n"
      "  mov.b32 c0, %7; mov.b32 c1, %8; mov.b32 c2, %9; mov.b32 c3, %10;\n"
      "  mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {d0, d1, d2, d3}, {%4, %5}, {%6}, {c0, c1, c2, c3};\n"
      "  mov.b32 %0, d0; mov.b32 %1, d1; mov.b32 %2, d2; mov.b32 %3, d3; }"
      : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
}

}  // namespace
