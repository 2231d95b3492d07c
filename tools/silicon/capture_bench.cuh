// capture_bench.cuh: clock64() microbenchmarks for timing correlation:
// dependent-chain latency and independent throughput of FP32, FP64, integer,
// MUFU and tensor-core (mma.sync) instructions, pointer chases through
// shared memory, L1, L2 and DRAM, and atomics. The results are one JSON
// object (the bench frame); README.md documents its fields.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "capture_host.h"
#include "capture_ops.cuh"

namespace {

// ---------------------------------------------------------------------------
// Chain operations. Each is one step of a dependent chain on raw bits:
// v = op(v, a, b) where a and b are kernel arguments (opaque to the
// compiler). The "neg" variants feed -v (neg.* folds into the MUFU operand)
// so the chain stays at finite values near 0.64 instead of saturating at +Inf.
// Chains that end in NaN or zero are fine: the MUFU latency does not depend
// on the value (the ex2 pairs check that).

enum OpId : int {
  kOpEx2FtzF32 = 0,
  kOpEx2FtzF32Neg,
  kOpEx2F32,
  kOpEx2F16,
  kOpEx2F16Neg,
  kOpEx2F16x2,
  kOpRcp64H,
  kOpFmaF32,
  kOpFmaF64,
  kOpAddF32,
  kOpAddF64,
  kOpMulF64,
  kOpRcpF32,
  kOpRsqrtF32,
  kOpLg2F32,
  kOpSinF32,
  kOpSqrtF32,
  kOpTanhF32,
  kOpMadU32,
  kOpFmaF16x2,
  kNumOps,
};

struct OpInfo {
  const char* name;   // what one step executes
  const char* chain;  // the chain it forms
  const char* sass;   // the SASS expected (check capture.sass)
  uint64_t seed, a, b;
  int min_sm;
};

const OpInfo kOps[kNumOps] = {
    {"ex2.approx.ftz.f32", "v = 2^v (saturates at +Inf)", "MUFU.EX2", 0x3f000000, 0, 0, 20},
    {"ex2.approx.ftz.f32 (negated input)", "v = 2^-v (stays near 0.64)", "MUFU.EX2 with a negated operand", 0x3f000000, 0, 0, 20},
    {"ex2.approx.f32", "v = 2^v (the non-ftz expansion)", "FSETP, FMUL, MUFU.EX2, FMUL sequence", 0x3f000000, 0, 0, 20},
    {"ex2.approx.f16", "v = 2^v (saturates at +Inf)", "MUFU.EX2.F16", 0x3800, 0, 0, 75},
    {"ex2.approx.f16 (negated input)", "v = 2^-v (stays near 0.64)", "MUFU.EX2.F16 with a negated operand", 0x3800, 0, 0, 75},
    {"ex2.approx.f16x2", "v = 2^v on both halves", "MUFU.EX2.F16 twice, or a packed form", 0x38003800, 0, 0, 75},
    {"rcp.approx.ftz.f64", "v = 1/v (alternates 3 and 1/3)", "MUFU.RCP64H", 0x4008000000000000ull, 0, 0, 20},
    {"fma.rn.f32", "v = v*0.5 + 1 (converges to 2)", "FFMA", 0x3f800000, 0x3f000000, 0x3f800000, 20},
    {"fma.rn.f64", "v = v*0.5 + 1 (converges to 2)", "DFMA", 0x3ff0000000000000ull, 0x3fe0000000000000ull,
     0x3ff0000000000000ull, 20},
    {"add.rn.f32", "v = v + 1", "FADD", 0x3f800000, 0x3f800000, 0, 20},
    {"add.rn.f64", "v = v + 1", "DADD", 0x3ff0000000000000ull, 0x3ff0000000000000ull, 0, 20},
    {"mul.rn.f64", "v = v * 0.5 (to zero)", "DMUL", 0x3ff0000000000000ull, 0x3fe0000000000000ull, 0, 20},
    {"rcp.approx.ftz.f32 (negated input)", "v = 1/-v (ptxas folds 1/(1/v) back to v)", "MUFU.RCP with a negated operand",
     0x40400000, 0, 0, 20},
    {"rsqrt.approx.ftz.f32", "v = 1/sqrt(v) (to 1)", "MUFU.RSQ", 0x40400000, 0, 0, 20},
    {"lg2.approx.ftz.f32", "v = lg2(v) (to NaN)", "MUFU.LG2", 0x40400000, 0, 0, 20},
    {"sin.approx.ftz.f32", "v = sin(v) (to 0)", "FMUL.RZ by 1/(2 pi), MUFU.SIN", 0x3f800000, 0, 0, 20},
    {"sqrt.approx.ftz.f32", "v = sqrt(v) (to 1)", "MUFU.SQRT", 0x40400000, 0, 0, 20},
    {"tanh.approx.f32", "v = tanh(v) (to 0)", "MUFU.TANH", 0x3f800000, 0, 0, 75},
    {"mad.lo.u32", "v = v*3 + 1", "IMAD", 1, 3, 1, 20},
    {"fma.rn.f16x2", "v = v*0.5 + 1 on both halves", "HFMA2", 0x3c003c00, 0x38003800, 0x3c003c00, 53},
};

template <int OP>
struct Op;

// UNARY32(OP, fn): a chain step of a 32-bit unary wrapper from capture_ops.cuh.
#define UNARY32(OP, fn)                                               \
  template <>                                                         \
  struct Op<OP> {                                                     \
    using T = uint32_t;                                               \
    static __device__ __forceinline__ T step(T v, T, T) { return fn(v); } \
  };

UNARY32(kOpEx2FtzF32, ex2_ftz_f32)
UNARY32(kOpEx2F32, ex2_f32)
UNARY32(kOpEx2F16x2, ex2_f16x2)
UNARY32(kOpRsqrtF32, rsqrt_ftz_f32)
UNARY32(kOpLg2F32, lg2_ftz_f32)
UNARY32(kOpSinF32, sin_ftz_f32)
UNARY32(kOpSqrtF32, sqrt_approx_ftz_f32)
UNARY32(kOpTanhF32, tanh_f32)
#undef UNARY32

template <>
struct Op<kOpEx2FtzF32Neg> {
  using T = uint32_t;
  static __device__ __forceinline__ T step(T v, T, T) {
    T y;
    asm volatile("{ .reg .f32 a, d; mov.b32 a, %1; neg.f32 a, a; ex2.approx.ftz.f32 d, a; mov.b32 %0, d; }"
                 : "=r"(y) : "r"(v));
    return y;
  }
};

template <>
struct Op<kOpRcpF32> {
  using T = uint32_t;
  static __device__ __forceinline__ T step(T v, T, T) {
    T y;
    asm volatile("{ .reg .f32 a, d; mov.b32 a, %1; neg.f32 a, a; rcp.approx.ftz.f32 d, a; mov.b32 %0, d; }"
                 : "=r"(y) : "r"(v));
    return y;
  }
};

template <>
struct Op<kOpEx2F16> {
  using T = uint16_t;
  static __device__ __forceinline__ T step(T v, T, T) { return ex2_f16(v); }
};

template <>
struct Op<kOpEx2F16Neg> {
  using T = uint16_t;
  static __device__ __forceinline__ T step(T v, T, T) {
    T y;
    asm volatile("{ .reg .b16 a, d; mov.b16 a, %1; neg.f16 a, a; ex2.approx.f16 d, a; mov.b16 %0, d; }"
                 : "=h"(y) : "h"(v));
    return y;
  }
};

template <>
struct Op<kOpRcp64H> {
  using T = uint64_t;
  static __device__ __forceinline__ T step(T v, T, T) { return rcp64h(v); }
};

template <>
struct Op<kOpFmaF32> {
  using T = uint32_t;
  static __device__ __forceinline__ T step(T v, T a, T b) {
    T y;
    asm volatile(
        "{ .reg .f32 x, p, q, d; mov.b32 x, %1; mov.b32 p, %2; mov.b32 q, %3; fma.rn.f32 d, x, p, q; mov.b32 %0, d; }"
        : "=r"(y) : "r"(v), "r"(a), "r"(b));
    return y;
  }
};

template <>
struct Op<kOpFmaF64> {
  using T = uint64_t;
  static __device__ __forceinline__ T step(T v, T a, T b) { return fma_rn_f64(v, a, b); }
};

template <>
struct Op<kOpAddF32> {
  using T = uint32_t;
  static __device__ __forceinline__ T step(T v, T a, T) {
    T y;
    asm volatile("{ .reg .f32 x, p, d; mov.b32 x, %1; mov.b32 p, %2; add.rn.f32 d, x, p; mov.b32 %0, d; }"
                 : "=r"(y) : "r"(v), "r"(a));
    return y;
  }
};

template <>
struct Op<kOpAddF64> {
  using T = uint64_t;
  static __device__ __forceinline__ T step(T v, T a, T) { return add_rn_f64(v, a); }
};

template <>
struct Op<kOpMulF64> {
  using T = uint64_t;
  static __device__ __forceinline__ T step(T v, T a, T) { return mul_rn_f64(v, a); }
};

template <>
struct Op<kOpMadU32> {
  using T = uint32_t;
  static __device__ __forceinline__ T step(T v, T a, T b) {
    T y;
    asm volatile("mad.lo.u32 %0, %1, %2, %3;" : "=r"(y) : "r"(v), "r"(a), "r"(b));
    return y;
  }
};

template <>
struct Op<kOpFmaF16x2> {
  using T = uint32_t;
  static __device__ __forceinline__ T step(T v, T a, T b) {
    T y;
    asm volatile(
        "{ .reg .b32 x, p, q, d; mov.b32 x, %1; mov.b32 p, %2; mov.b32 q, %3; fma.rn.f16x2 d, x, p, q; mov.b32 %0, d; }"
        : "=r"(y) : "r"(v), "r"(a), "r"(b));
    return y;
  }
};

constexpr int kLatUnroll = 64;    // chain steps per loop trip in the latency kernel
constexpr int kTputUnroll = 16;   // steps per chain per loop trip in the throughput kernel
constexpr int kTputIlp = 8;       // independent chains per thread
constexpr int kTputThreads = 256;

__device__ __forceinline__ uint32_t smid() {
  uint32_t r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  return r;
}

// Latency: one thread runs iters*kLatUnroll dependent steps between two
// clock64() reads. The host runs two lengths and takes the slope, which
// cancels the clock reads and the loop's entry and exit. vary is 0; XORing
// threadIdx.x & vary into the seed keeps ptxas from moving an integer chain
// to the uniform datapath, as it does with values it can prove warp-uniform.
template <int OP>
__global__ void latency_kernel(uint64_t seed, uint64_t a, uint64_t b, uint32_t vary, int iters, long long* cycles,
                               uint64_t* sink) {
  using T = typename Op<OP>::T;
  T v = static_cast<T>(seed ^ (threadIdx.x & vary));
  const T ca = static_cast<T>(a), cb = static_cast<T>(b);
  const long long t0 = clock64();
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int k = 0; k < kLatUnroll; ++k) v = Op<OP>::step(v, ca, cb);
  }
  const long long t1 = clock64();
  cycles[0] = t1 - t0;
  sink[0] = v;
}

// Throughput: every thread of every block runs kTputIlp independent chains;
// thread 0 of each block records clock64() after a barrier at both ends and
// the SM it ran on. The host sums the work per SM over that SM's window.
template <int OP>
__global__ void __launch_bounds__(kTputThreads) throughput_kernel(uint64_t seed, uint64_t a, uint64_t b, uint32_t vary,
                                                                  int iters, long long* t_start, long long* t_end,
                                                                  uint32_t* sm, uint64_t* sink) {
  using T = typename Op<OP>::T;
  T v[kTputIlp];
#pragma unroll
  for (int j = 0; j < kTputIlp; ++j) v[j] = static_cast<T>((seed + j) ^ (threadIdx.x & vary));  // distinct chains
  const T ca = static_cast<T>(a), cb = static_cast<T>(b);
  __syncthreads();
  const long long t0 = clock64();
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int k = 0; k < kTputUnroll; ++k) {
#pragma unroll
      for (int j = 0; j < kTputIlp; ++j) v[j] = Op<OP>::step(v[j], ca, cb);
    }
  }
  __syncthreads();
  const long long t1 = clock64();
  if (threadIdx.x == 0) {
    t_start[blockIdx.x] = t0;
    t_end[blockIdx.x] = t1;
    sm[blockIdx.x] = smid();
  }
  uint64_t acc = 0;
#pragma unroll
  for (int j = 0; j < kTputIlp; ++j) acc ^= v[j];
  sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// ---------------------------------------------------------------------------
// Tensor cores. M selects the mma: 0 m16n8k16 f16, 1 m16n8k16 bf16,
// 2 m16n8k8 tf32, 3 m16n8k8 f16. The chain is through the accumulator:
// d = mma(a, b, d), with small operands so that d stays finite.

struct MmaInfo {
  const char* name;
  const char* sass;
  int m, n, k, min_sm;
};

const MmaInfo kMmas[] = {
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "HMMA.16816.F32", 16, 8, 16, 80},
    {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", "HMMA.16816.F32.BF16", 16, 8, 16, 80},
    {"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", "HMMA.1684.F32.TF32 (twice) or HMMA.1688.F32.TF32", 16, 8, 8, 80},
    {"mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", "HMMA.1688.F32", 16, 8, 8, 75},
};
constexpr int kNumMmas = sizeof(kMmas) / sizeof(kMmas[0]);

template <int M>
__device__ __forceinline__ void mma_step(uint32_t (&d)[4], uint32_t x) {
  if constexpr (M == 3) {
    const uint32_t a[2] = {x, x}, b[1] = {x};
    mma_f16_k8(d, a, b, d);
  } else {
    const uint32_t a[4] = {x, x, x, x}, b[2] = {x, x};
    if constexpr (M == 0) mma_f16_k16(d, a, b, d);
    if constexpr (M == 1) mma_bf16_k16(d, a, b, d);
    if constexpr (M == 2) mma_tf32_k8(d, a, b, d);
  }
}

// One warp: iters*kLatUnroll dependent mma, clock64() around them.
template <int M>
__global__ void mma_latency_kernel(uint32_t x, int iters, long long* cycles, uint64_t* sink) {
  uint32_t d[4] = {0, 0, 0, 0};
  const long long t0 = clock64();
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int k = 0; k < kLatUnroll; ++k) mma_step<M>(d, x);
  }
  const long long t1 = clock64();
  if (threadIdx.x == 0) {
    cycles[0] = t1 - t0;
    sink[0] = d[0] ^ d[1] ^ d[2] ^ d[3];
  }
}

constexpr int kMmaIlp = 4;  // independent accumulators per warp in the throughput kernel

// Every SM filled; each warp runs kMmaIlp independent accumulator chains.
template <int M>
__global__ void __launch_bounds__(kTputThreads) mma_throughput_kernel(uint32_t x, int iters, long long* t_start,
                                                                      long long* t_end, uint32_t* sm,
                                                                      uint64_t* sink) {
  uint32_t d[kMmaIlp][4];
#pragma unroll
  for (int j = 0; j < kMmaIlp; ++j) d[j][0] = d[j][1] = d[j][2] = d[j][3] = j;
  __syncthreads();
  const long long t0 = clock64();
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int k = 0; k < kTputUnroll; ++k) {
#pragma unroll
      for (int j = 0; j < kMmaIlp; ++j) mma_step<M>(d[j], x);
    }
  }
  __syncthreads();
  const long long t1 = clock64();
  if (threadIdx.x == 0) {
    t_start[blockIdx.x] = t0;
    t_end[blockIdx.x] = t1;
    sm[blockIdx.x] = smid();
  }
  uint64_t acc = 0;
#pragma unroll
  for (int j = 0; j < kMmaIlp; ++j) acc ^= d[j][0] ^ d[j][3];
  sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// The shared-window address of a generic pointer (what ld.shared expects).
__device__ __forceinline__ uint32_t shared_address(const void* p) {
  uint64_t a;
  asm("cvta.to.shared.u64 %0, %1;" : "=l"(a) : "l"(p));
  return static_cast<uint32_t>(a);
}

// ---------------------------------------------------------------------------
// Atomics. Latency: one thread, each atom.add's address depends on the
// previous result (through a mask the host sets to 0, opaque to the
// compiler). Throughput: every SM filled, red.add (no return) to a distinct
// address per thread, one address per warp, or one address for the whole
// grid; or the same in shared memory.

template <bool SHARED>
__global__ void atomic_latency_kernel(uint32_t* gbuf, uint32_t mask, int iters, long long* cycles, uint64_t* sink) {
  __shared__ uint32_t sbuf[32];
  if (SHARED) sbuf[threadIdx.x & 31] = 0;
  __syncthreads();
  uint32_t r = 0;
  const long long t0 = clock64();
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int k = 0; k < kLatUnroll; ++k) {
      if constexpr (SHARED) {
        asm volatile("atom.shared.add.u32 %0, [%1], 1;" : "=r"(r) : "r"(shared_address(&sbuf[r & mask])) : "memory");
      } else {
        asm volatile("atom.global.add.u32 %0, [%1], 1;" : "=r"(r) : "l"(gbuf + (r & mask)) : "memory");
      }
    }
  }
  const long long t1 = clock64();
  cycles[0] = t1 - t0;
  sink[0] = r;
}

enum AtomicMode : int { kAtomGlobalDistinct = 0, kAtomGlobalWarp, kAtomGlobalOne, kAtomSharedDistinct, kAtomSharedOne, kNumAtomicModes };

const char* const kAtomicNames[kNumAtomicModes] = {
    "red.global.add.u32, a distinct address per thread", "red.global.add.u32, one address per warp",
    "red.global.add.u32, one address for the whole grid", "red.shared.add.u32, a distinct address per thread",
    "red.shared.add.u32, one address per block"};

template <int MODE>
__global__ void __launch_bounds__(kTputThreads) atomic_throughput_kernel(uint32_t* gbuf, int iters, long long* t_start,
                                                                         long long* t_end, uint32_t* sm) {
  __shared__ uint32_t sbuf[kTputThreads];
  sbuf[threadIdx.x] = 0;
  const uint32_t tid = blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t* g = gbuf + (MODE == kAtomGlobalDistinct ? tid : MODE == kAtomGlobalWarp ? tid / 32 : 0);
  uint32_t* s = sbuf + (MODE == kAtomSharedDistinct ? threadIdx.x : 0);
  __syncthreads();
  const long long t0 = clock64();
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int k = 0; k < kTputUnroll; ++k) {
      if constexpr (MODE >= kAtomSharedDistinct) {
        asm volatile("red.shared.add.u32 [%0], 1;" ::"r"(shared_address(s)) : "memory");
      } else {
        asm volatile("red.global.add.u32 [%0], 1;" ::"l"(g) : "memory");
      }
    }
  }
  __syncthreads();
  const long long t1 = clock64();
  if (threadIdx.x == 0) {
    t_start[blockIdx.x] = t0;
    t_end[blockIdx.x] = t1;
    sm[blockIdx.x] = smid();
  }
}

// ---------------------------------------------------------------------------
// Pointer chases.

// The global-window address of a generic pointer (what ld.global expects).
__device__ __forceinline__ uint64_t global_address(const void* p) {
  uint64_t a;
  asm("cvta.to.global.u64 %0, %1;" : "=l"(a) : "l"(p));
  return a;
}

// Pointer-chase rings: element i of a ring of n (a power of two) holds the
// global address of element (1664525*i + 1013904223) mod n, a single cycle
// through all n (Hull-Dobell: odd increment, multiplier = 1 mod 4), so
// consecutive loads land on unrelated lines. stride is in 8-byte words.
__global__ void ring_init_global(uint64_t* base, uint32_t n, uint32_t stride) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const uint32_t next = (1664525u * i + 1013904223u) & (n - 1);
    base[static_cast<uint64_t>(i) * stride] = global_address(base + static_cast<uint64_t>(next) * stride);
  }
}

// Global-memory chase by one thread: warm steps first (to fill the level
// under test), then steps timed. CG bypasses L1 (ld.global.cg).
template <bool CG>
__global__ void chase_global_kernel(const uint64_t* head, int warm, int steps, long long* cycles, uint64_t* sink) {
  uint64_t p = global_address(head);
  for (int i = 0; i < warm; ++i) {
    if constexpr (CG) {
      asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p));
    } else {
      asm volatile("ld.global.ca.u64 %0, [%0];" : "+l"(p));
    }
  }
  const long long t0 = clock64();
  for (int i = 0; i < steps; i += 8) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      if constexpr (CG) {
        asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p));
      } else {
        asm volatile("ld.global.ca.u64 %0, [%0];" : "+l"(p));
      }
    }
  }
  const long long t1 = clock64();
  cycles[0] = t1 - t0;
  sink[0] = p;
}

// Shared-memory chase: the block builds a ring of n 4-byte shared addresses,
// then thread 0 follows it.
__global__ void chase_shared_kernel(uint32_t n, int steps, long long* cycles, uint64_t* sink) {
  extern __shared__ uint32_t ring[];
  const uint32_t base = shared_address(ring);
  for (uint32_t i = threadIdx.x; i < n; i += blockDim.x) {
    ring[i] = base + 4u * ((1664525u * i + 1013904223u) & (n - 1));
  }
  __syncthreads();
  if (threadIdx.x != 0) return;
  uint32_t a = base;
  for (uint32_t i = 0; i < n; ++i) asm volatile("ld.shared.u32 %0, [%0];" : "+r"(a));  // warm
  const long long t0 = clock64();
  for (int i = 0; i < steps; i += 8) {
#pragma unroll
    for (int k = 0; k < 8; ++k) asm volatile("ld.shared.u32 %0, [%0];" : "+r"(a));
  }
  const long long t1 = clock64();
  cycles[0] = t1 - t0;
  sink[0] = a;
}

__global__ void clock_overhead_kernel(long long* cycles) {
  const long long t0 = clock64();
  const long long t1 = clock64();
  cycles[0] = t1 - t0;
}

// ---------------------------------------------------------------------------
// Host side.

// smWindowRates turns per-block clock64 windows into per-SM rates: for each
// SM, work_per_block * its blocks / (its last end - its first start). It
// returns the rates sorted.
std::vector<double> smWindowRates(const std::vector<long long>& t0, const std::vector<long long>& t1,
                                  const std::vector<uint32_t>& sm, double work_per_block) {
  std::vector<double> rates;
  std::vector<uint32_t> ids(sm);
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  for (uint32_t id : ids) {
    long long lo = -1, hi = -1;
    int nb = 0;
    for (size_t k = 0; k < sm.size(); ++k) {
      if (sm[k] != id) continue;
      lo = (lo < 0 || t0[k] < lo) ? t0[k] : lo;
      hi = (hi < 0 || t1[k] > hi) ? t1[k] : hi;
      ++nb;
    }
    if (hi > lo) rates.push_back(nb * work_per_block / static_cast<double>(hi - lo));
  }
  std::sort(rates.begin(), rates.end());
  return rates;
}

struct Bench {
  Stream& out;
  const Device& dev;
  long long* d_cycles;
  uint64_t* d_sink;
  int reps = 3;           // runs of each measurement; the best is kept
  bool ncu_pass = false;  // under ncu: every kernel once, no DRAM chase

  long long cycles() {
    long long c = 0;
    CK(out, cudaDeviceSynchronize());
    CK(out, cudaMemcpy(&c, d_cycles, sizeof c, cudaMemcpyDeviceToHost));
    return c;
  }

  // slope runs launch(steps) for two chain lengths, best of reps each, and
  // returns the JSON fields steps, cycles, and the per-step slope.
  template <class L>
  std::string slope(int i1, int i2, double per_trip, L launch, int digits = 3) {
    long long c1 = -1, c2 = -1;
    for (int rep = 0; rep < reps; ++rep) {
      const long long a = ncu_pass ? 0 : launch(i1);
      const long long b = launch(i2);
      c1 = (c1 < 0 || a < c1) ? a : c1;
      c2 = (c2 < 0 || b < c2) ? b : c2;
    }
    const double n1 = i1 * per_trip, n2 = i2 * per_trip;
    return fmt("\"steps\":[%.0f,%.0f],\"cycles\":[%lld,%lld],\"cycles_per_op\":%s", n1, n2, c1, c2,
               num((c2 - c1) / (n2 - n1), digits).c_str());
  }

  template <int OP>
  std::string latency() {
    const OpInfo& o = kOps[OP];
    if (o.min_sm > dev.cc) return fmt("{\"op\":\"%s\",\"skipped\":\"needs sm_%d\"}", o.name, o.min_sm);
    const std::string s = slope(16, 80, kLatUnroll, [&](int iters) {
      latency_kernel<OP><<<1, 1>>>(o.seed, o.a, o.b, 0, iters, d_cycles, d_sink);
      CK(out, cudaGetLastError());
      return cycles();
    });
    return fmt("{\"op\":\"%s\",\"chain\":\"%s\",\"expected_sass\":\"%s\",%s}", o.name, o.chain, o.sass, s.c_str());
  }

  // launch_window runs a full-GPU kernel that records per-block clock64
  // windows and returns the JSON rate fields (work_per_block lane-ops).
  template <class K>
  std::string launch_window(K kernel, int per_sm, double work_per_block, const char* unit) {
    const int blocks = dev.sms * std::max(per_sm, 1);
    long long *d_t0, *d_t1;
    uint32_t* d_sm;
    CK(out, cudaMalloc(&d_t0, blocks * sizeof(long long)));
    CK(out, cudaMalloc(&d_t1, blocks * sizeof(long long)));
    CK(out, cudaMalloc(&d_sm, blocks * sizeof(uint32_t)));
    if (!ncu_pass) {
      kernel(blocks, d_t0, d_t1, d_sm);  // warm-up
      CK(out, cudaGetLastError());
    }
    cudaEvent_t e0, e1;
    CK(out, cudaEventCreate(&e0));
    CK(out, cudaEventCreate(&e1));
    CK(out, cudaEventRecord(e0));
    kernel(blocks, d_t0, d_t1, d_sm);
    CK(out, cudaGetLastError());
    CK(out, cudaEventRecord(e1));
    CK(out, cudaEventSynchronize(e1));
    float ms = 0;
    CK(out, cudaEventElapsedTime(&ms, e0, e1));
    std::vector<long long> t0(blocks), t1(blocks);
    std::vector<uint32_t> sm(blocks);
    CK(out, cudaMemcpy(t0.data(), d_t0, blocks * sizeof(long long), cudaMemcpyDeviceToHost));
    CK(out, cudaMemcpy(t1.data(), d_t1, blocks * sizeof(long long), cudaMemcpyDeviceToHost));
    CK(out, cudaMemcpy(sm.data(), d_sm, blocks * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    CK(out, cudaFree(d_t0));
    CK(out, cudaFree(d_t1));
    CK(out, cudaFree(d_sm));
    CK(out, cudaEventDestroy(e0));
    CK(out, cudaEventDestroy(e1));
    const std::vector<double> r = smWindowRates(t0, t1, sm, work_per_block);
    const double med = r.empty() ? NAN : r[r.size() / 2];
    return fmt("\"blocks_per_sm\":%d,\"sms_measured\":%zu,\"kernel_ms\":%s,\"%s_per_cycle_per_sm\":%s,"
               "\"min_%s_per_cycle_per_sm\":%s,\"max_%s_per_cycle_per_sm\":%s,\"%s_per_ns_gpu\":%s",
               per_sm, r.size(), num(ms, 4).c_str(), unit, num(med).c_str(), unit,
               num(r.empty() ? NAN : r.front()).c_str(), unit, num(r.empty() ? NAN : r.back()).c_str(), unit,
               num(blocks * work_per_block / (ms * 1e6)).c_str());
  }

  template <int OP>
  std::string throughput() {
    const OpInfo& o = kOps[OP];
    if (o.min_sm > dev.cc) return fmt("{\"op\":\"%s\",\"skipped\":\"needs sm_%d\"}", o.name, o.min_sm);
    int per_sm = 0;
    CK(out, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, throughput_kernel<OP>, kTputThreads, 0));
    const int iters = 64;
    uint64_t* d_sink2;
    CK(out, cudaMalloc(&d_sink2, static_cast<size_t>(dev.sms) * std::max(per_sm, 1) * kTputThreads * 8));
    const double work = 1.0 * kTputThreads * iters * kTputUnroll * kTputIlp;
    const std::string w = launch_window(
        [&](int blocks, long long* t0, long long* t1, uint32_t* sm) {
          throughput_kernel<OP><<<blocks, kTputThreads>>>(o.seed, o.a, o.b, 0, iters, t0, t1, sm, d_sink2);
        },
        per_sm, work, "lane_ops");
    CK(out, cudaFree(d_sink2));
    return fmt("{\"op\":\"%s\",\"expected_sass\":\"%s\",\"threads_per_block\":%d,\"chains_per_thread\":%d,"
               "\"ops_per_chain\":%d,%s}",
               o.name, o.sass, kTputThreads, kTputIlp, iters * kTputUnroll, w.c_str());
  }

  template <int M>
  std::string mma_latency() {
    const MmaInfo& m = kMmas[M];
    if (m.min_sm > dev.cc) return fmt("{\"op\":\"%s\",\"skipped\":\"needs sm_%d\"}", m.name, m.min_sm);
    const std::string s = slope(4, 20, kLatUnroll, [&](int iters) {
      mma_latency_kernel<M><<<1, 32>>>(0x00010001u, iters, d_cycles, d_sink);
      CK(out, cudaGetLastError());
      return cycles();
    });
    return fmt("{\"op\":\"%s\",\"expected_sass\":\"%s\",\"chain\":\"d = mma(a, b, d), one warp\",%s}", m.name, m.sass,
               s.c_str());
  }

  template <int M>
  std::string mma_throughput() {
    const MmaInfo& m = kMmas[M];
    if (m.min_sm > dev.cc) return fmt("{\"op\":\"%s\",\"skipped\":\"needs sm_%d\"}", m.name, m.min_sm);
    int per_sm = 0;
    CK(out, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, mma_throughput_kernel<M>, kTputThreads, 0));
    const int iters = 32;
    uint64_t* d_sink2;
    CK(out, cudaMalloc(&d_sink2, static_cast<size_t>(dev.sms) * std::max(per_sm, 1) * kTputThreads * 8));
    const double work = (kTputThreads / 32.0) * iters * kTputUnroll * kMmaIlp;  // warp-level mma per block
    const std::string w = launch_window(
        [&](int blocks, long long* t0, long long* t1, uint32_t* sm) {
          mma_throughput_kernel<M><<<blocks, kTputThreads>>>(0x00010001u, iters, t0, t1, sm, d_sink2);
        },
        per_sm, work, "mma");
    CK(out, cudaFree(d_sink2));
    return fmt("{\"op\":\"%s\",\"expected_sass\":\"%s\",\"flops_per_mma\":%d,\"accumulators_per_warp\":%d,%s}", m.name,
               m.sass, 2 * m.m * m.n * m.k, kMmaIlp, w.c_str());
  }

  template <bool SHARED>
  std::string atomic_latency(uint32_t* gbuf) {
    const std::string s = slope(4, 20, kLatUnroll, [&](int iters) {
      atomic_latency_kernel<SHARED><<<1, 1>>>(gbuf, 0, iters, d_cycles, d_sink);
      CK(out, cudaGetLastError());
      return cycles();
    });
    return fmt("{\"op\":\"%s, one thread, each address from the last result\",\"kind\":\"latency\",%s}",
               SHARED ? "atom.shared.add.u32" : "atom.global.add.u32", s.c_str());
  }

  template <int MODE>
  std::string atomic_throughput(uint32_t* gbuf) {
    int per_sm = 0;
    CK(out, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, atomic_throughput_kernel<MODE>, kTputThreads, 0));
    const int iters = 16;
    const double work = 1.0 * kTputThreads * iters * kTputUnroll;
    const std::string w = launch_window(
        [&](int blocks, long long* t0, long long* t1, uint32_t* sm) {
          atomic_throughput_kernel<MODE><<<blocks, kTputThreads>>>(gbuf, iters, t0, t1, sm);
        },
        per_sm, work, "atomics");
    return fmt("{\"op\":\"%s\",\"kind\":\"throughput\",%s}", kAtomicNames[MODE], w.c_str());
  }

  // chase_global times dependent 8-byte loads through a ring of n lines
  // `stride` bytes apart: after one warm lap of the ring when warm is set;
  // otherwise cold, with the L2 flushed (a 256 MiB memset) before each run.
  std::string chase_global(const char* level, bool cg, uint32_t n, uint32_t stride, bool warm) {
    uint64_t* ring;
    const size_t span = size_t{n} * stride;
    CK(out, cudaMalloc(&ring, span));
    ring_init_global<<<dev.sms * 4, 256>>>(ring, n, stride / 8);
    CK(out, cudaGetLastError());
    const size_t flush_bytes = size_t{256} << 20;
    void* flush = nullptr;
    if (!warm) CK(out, cudaMalloc(&flush, flush_bytes));
    int run = 0;
    const std::string s = slope(512, 2560, 1, [&](int steps) {
      const int warm_steps = warm ? static_cast<int>(std::min<uint32_t>(n, 1u << 20)) : 0;
      if (!warm) CK(out, cudaMemset(flush, run++, flush_bytes));
      if (cg) {
        chase_global_kernel<true><<<1, 1>>>(ring, warm_steps, steps, d_cycles, d_sink);
      } else {
        chase_global_kernel<false><<<1, 1>>>(ring, warm_steps, steps, d_cycles, d_sink);
      }
      CK(out, cudaGetLastError());
      return cycles();
    }, 2);
    CK(out, cudaFree(ring));
    if (flush != nullptr) CK(out, cudaFree(flush));
    return fmt("{\"level\":\"%s\",\"load\":\"%s\",\"footprint_bytes\":%zu,\"stride_bytes\":%u,\"warmed\":%s,%s}", level,
               cg ? "ld.global.cg.u64" : "ld.global.ca.u64", span, stride, warm ? "true" : "false", s.c_str());
  }

  std::string chase_shared() {
    const uint32_t n = 4096;  // 16 KiB of 4-byte links
    const std::string s = slope(512, 2560, 1, [&](int steps) {
      chase_shared_kernel<<<1, 256, n * sizeof(uint32_t)>>>(n, steps, d_cycles, d_sink);
      CK(out, cudaGetLastError());
      return cycles();
    }, 2);
    return fmt("{\"level\":\"shared\",\"load\":\"ld.shared.u32\",\"footprint_bytes\":%u,\"stride_bytes\":4,"
               "\"warmed\":true,%s}", n * 4, s.c_str());
  }

  template <int... OPS>
  std::string latencies(std::integer_sequence<int, OPS...>) {
    std::string r;
    ((r += (r.empty() ? "" : ",") + latency<OPS>()), ...);
    return r;
  }

  template <int... OPS>
  std::string throughputs(std::integer_sequence<int, OPS...>) {
    std::string r;
    ((r += (r.empty() ? "" : ",") + throughput<OPS>()), ...);
    return r;
  }

  std::string run() {
    clock_overhead_kernel<<<1, 1>>>(d_cycles);
    CK(out, cudaGetLastError());
    const long long overhead = cycles();
    std::fprintf(stderr, "capture: microbenchmarks: latency\n");
    const std::string lat = latencies(std::make_integer_sequence<int, kNumOps>{});
    std::fprintf(stderr, "capture: microbenchmarks: throughput\n");
    const std::string tput = throughputs(std::make_integer_sequence<int, kNumOps>{});
    std::fprintf(stderr, "capture: microbenchmarks: tensor cores\n");
    const std::string mlat = mma_latency<0>() + "," + mma_latency<1>() + "," + mma_latency<2>() + "," + mma_latency<3>();
    const std::string mtput =
        mma_throughput<0>() + "," + mma_throughput<1>() + "," + mma_throughput<2>() + "," + mma_throughput<3>();
    std::fprintf(stderr, "capture: microbenchmarks: atomics\n");
    uint32_t* gbuf;
    const size_t gbytes = static_cast<size_t>(dev.sms) * 64 * kTputThreads * 4;  // a slot per thread of a full GPU
    CK(out, cudaMalloc(&gbuf, gbytes));
    CK(out, cudaMemset(gbuf, 0, gbytes));
    std::string atom = atomic_latency<false>(gbuf) + "," + atomic_latency<true>(gbuf);
    atom += "," + atomic_throughput<kAtomGlobalDistinct>(gbuf) + "," + atomic_throughput<kAtomGlobalWarp>(gbuf);
    atom += "," + atomic_throughput<kAtomGlobalOne>(gbuf) + "," + atomic_throughput<kAtomSharedDistinct>(gbuf);
    atom += "," + atomic_throughput<kAtomSharedOne>(gbuf);
    CK(out, cudaFree(gbuf));
    std::fprintf(stderr, "capture: microbenchmarks: memory\n");
    std::string mem = chase_shared();
    mem += "," + chase_global("L1", false, 64, 128, true);            // 8 KiB
    mem += "," + chase_global("L2", true, 1u << 16, 128, true);      // 8 MiB, L1 bypassed
    if (!ncu_pass) mem += "," + chase_global("DRAM", true, 1u << 18, 4096, false);  // 1 GiB, cold, TLB misses included
    return fmt("{\"clock_khz\":%d,\"sms\":%d,\"reps\":%d,\"ncu_pass\":%s,\"clock64_overhead_cycles\":%lld,", dev.clock_khz,
               dev.sms, reps, ncu_pass ? "true" : "false", overhead) +
           "\"method\":{\"latency\":\"one thread (mma and atomics: one warp); clock64() around a dependent chain of N "
           "steps (64 unrolled per loop trip); cycles_per_op is the slope between two chain lengths, best of reps "
           "runs each\",\"throughput\":\"every SM filled (occupancy API) with blocks of 256 threads, 8 independent "
           "chains per thread (mma: 4 accumulators per warp); per SM, work of its blocks / (last clock64 end - first "
           "clock64 start); median, min and max over SMs; *_per_ns_gpu is the whole grid's work over the kernel's "
           "event time\",\"memory_latency\":\"one thread chases a ring of pointers (LCG order, one link per line); "
           "slope between two chase lengths, best of reps; L1 via ld.global.ca on a warmed 8 KiB ring, L2 via "
           "ld.global.cg on a warmed 8 MiB ring, DRAM via ld.global.cg on a 1 GiB ring with 4 KiB between links "
           "after a 256 MiB memset evicted the L2 (TLB misses included)\",\"atomics\":\"latency: one thread, "
           "each atom's address from the previous result; throughput: red.add as the throughput kernels, to a "
           "distinct address per thread, one per warp, or one for the grid\"},"
           "\"latency\":[" + lat + "],\"throughput\":[" + tput + "],\"mma_latency\":[" + mlat +
           "],\"mma_throughput\":[" + mtput + "],\"atomics\":[" + atom + "],\"memory_latency\":[" + mem + "]}";
  }
};

}  // namespace
