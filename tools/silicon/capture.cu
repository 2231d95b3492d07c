// capture.cu: evaluates NVIDIA's approximate instructions on every input and
// streams the outputs, with clock64() microbenchmarks, to standard output in
// the framed format that tools/silicon (stream.go) documents and reads.
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -o capture capture.cu
//   ./capture [--forms 1,2,...] [--chunk-log2 N] [--max-chunks N]
//             [--no-bench] [--no-sweep] [--list]  |  silicon -o summary.json
//
// Every instruction under test is inline PTX on raw bits (mov.b* into typed
// registers), so no compiler float semantics touch the inputs or outputs.
// Everything else this program says goes to standard error.

#include <cuda_runtime.h>

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// ---------------------------------------------------------------------------
// Stream format: must agree with stream.go and forms.go.

enum FrameKind : uint16_t { kInfo = 1, kData = 2, kBench = 3, kEnd = 4, kError = 5 };

enum FormId : uint16_t {
  kEx2FtzF32 = 1,
  kEx2F32 = 2,
  kEx2F16 = 3,
  kEx2F16x2 = 4,
  kEx2BF16 = 5,
  kEx2BF16x2 = 6,
  kRcp64HLoZero = 7,
  kRcp64HLoNoise = 8,
};

struct FormInfo {
  uint16_t id;
  const char* name;  // the PTX instruction
  uint32_t width;    // output bytes per input
  uint64_t count;    // inputs in the sweep
  int min_sm;        // 10*major + minor
};

const FormInfo kForms[] = {
    {kEx2FtzF32, "ex2.approx.ftz.f32", 4, 1ull << 32, 20},
    {kEx2F32, "ex2.approx.f32", 4, 1ull << 32, 20},
    {kEx2F16, "ex2.approx.f16", 2, 1ull << 16, 75},
    {kEx2F16x2, "ex2.approx.f16x2", 4, 1ull << 32, 75},
    {kEx2BF16, "ex2.approx.ftz.bf16", 2, 1ull << 16, 90},
    {kEx2BF16x2, "ex2.approx.ftz.bf16x2", 4, 1ull << 32, 90},
    {kRcp64HLoZero, "rcp.approx.ftz.f64", 8, 1ull << 32, 20},
    {kRcp64HLoNoise, "rcp.approx.ftz.f64", 8, 1ull << 32, 20},
};
constexpr int kNumForms = sizeof(kForms) / sizeof(kForms[0]);

// ---------------------------------------------------------------------------
// The instructions under test, on raw bits.

__device__ __forceinline__ uint32_t ex2_ftz_f32(uint32_t x) {
  uint32_t y;
  asm volatile("{ .reg .f32 a, d; mov.b32 a, %1; ex2.approx.ftz.f32 d, a; mov.b32 %0, d; }"
               : "=r"(y) : "r"(x));
  return y;
}

__device__ __forceinline__ uint32_t ex2_f32(uint32_t x) {
  uint32_t y;
  asm volatile("{ .reg .f32 a, d; mov.b32 a, %1; ex2.approx.f32 d, a; mov.b32 %0, d; }"
               : "=r"(y) : "r"(x));
  return y;
}

__device__ __forceinline__ uint16_t ex2_f16(uint16_t x) {
  uint16_t y;
  asm volatile("{ .reg .b16 a, d; mov.b16 a, %1; ex2.approx.f16 d, a; mov.b16 %0, d; }"
               : "=h"(y) : "h"(x));
  return y;
}

__device__ __forceinline__ uint32_t ex2_f16x2(uint32_t x) {
  uint32_t y;
  asm volatile("{ .reg .b32 a, d; mov.b32 a, %1; ex2.approx.f16x2 d, a; mov.b32 %0, d; }"
               : "=r"(y) : "r"(x));
  return y;
}

// The bf16 forms need sm_90 and PTX ISA 7.8; older targets never run them
// (the host skips forms above the device's compute capability).
__device__ __forceinline__ uint16_t ex2_bf16(uint16_t x) {
  uint16_t y = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("{ .reg .b16 a, d; mov.b16 a, %1; ex2.approx.ftz.bf16 d, a; mov.b16 %0, d; }"
               : "=h"(y) : "h"(x));
#else
  (void)x;
  asm volatile("trap;");
#endif
  return y;
}

__device__ __forceinline__ uint32_t ex2_bf16x2(uint32_t x) {
  uint32_t y = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("{ .reg .b32 a, d; mov.b32 a, %1; ex2.approx.ftz.bf16x2 d, a; mov.b32 %0, d; }"
               : "=r"(y) : "r"(x));
#else
  (void)x;
  asm volatile("trap;");
#endif
  return y;
}

__device__ __forceinline__ uint64_t rcp64h(uint64_t x) {
  uint64_t y;
  asm volatile("{ .reg .f64 a, d; mov.b64 a, %1; rcp.approx.ftz.f64 d, a; mov.b64 %0, d; }"
               : "=l"(y) : "l"(x));
  return y;
}

// The nonzero lower word under upper word i (forms.go LowNoise).
__host__ __device__ __forceinline__ uint32_t low_noise(uint64_t i) {
  return static_cast<uint32_t>(i) * 0x9e3779b9u | 1u;
}

// One chunk of a sweep: out[i] = form(input(start + i)) for i < n.
template <int F>
__global__ void sweep_kernel(void* __restrict__ out, uint64_t start, uint32_t n) {
  const uint32_t stride = gridDim.x * blockDim.x;
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    const uint64_t idx = start + i;
    if constexpr (F == kEx2FtzF32) {
      static_cast<uint32_t*>(out)[i] = ex2_ftz_f32(static_cast<uint32_t>(idx));
    } else if constexpr (F == kEx2F32) {
      static_cast<uint32_t*>(out)[i] = ex2_f32(static_cast<uint32_t>(idx));
    } else if constexpr (F == kEx2F16) {
      static_cast<uint16_t*>(out)[i] = ex2_f16(static_cast<uint16_t>(idx));
    } else if constexpr (F == kEx2F16x2) {
      static_cast<uint32_t*>(out)[i] = ex2_f16x2(static_cast<uint32_t>(idx));
    } else if constexpr (F == kEx2BF16) {
      static_cast<uint16_t*>(out)[i] = ex2_bf16(static_cast<uint16_t>(idx));
    } else if constexpr (F == kEx2BF16x2) {
      static_cast<uint32_t*>(out)[i] = ex2_bf16x2(static_cast<uint32_t>(idx));
    } else if constexpr (F == kRcp64HLoZero) {
      static_cast<uint64_t*>(out)[i] = rcp64h(idx << 32);
    } else if constexpr (F == kRcp64HLoNoise) {
      static_cast<uint64_t*>(out)[i] = rcp64h(idx << 32 | low_noise(idx));
    }
  }
}

// ---------------------------------------------------------------------------
// Microbenchmark operations. Each is one step of a dependent chain on raw
// bits: v = op(v, a, b) where a and b are kernel arguments (opaque to the
// compiler). The "neg" variants feed -v (neg.* folds into the MUFU operand)
// so the chain stays at finite values near 0.64 instead of saturating at +Inf.

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
  kNumOps,
};

struct OpInfo {
  const char* name;   // what one step executes
  const char* chain;  // the chain it forms
  const char* sass;   // the SASS expected (check capture.sass)
  uint64_t seed, a, b;
};

const OpInfo kOps[kNumOps] = {
    {"ex2.approx.ftz.f32", "v = 2^v (saturates at +Inf)", "MUFU.EX2", 0x3f000000, 0, 0},
    {"ex2.approx.ftz.f32 (negated input)", "v = 2^-v (stays near 0.64)", "MUFU.EX2 with a negated operand", 0x3f000000, 0, 0},
    {"ex2.approx.f32", "v = 2^v (the non-ftz expansion)", "FSETP, FMUL, MUFU.EX2, FMUL sequence", 0x3f000000, 0, 0},
    {"ex2.approx.f16", "v = 2^v (saturates at +Inf)", "MUFU.EX2.F16", 0x3800, 0, 0},
    {"ex2.approx.f16 (negated input)", "v = 2^-v (stays near 0.64)", "MUFU.EX2.F16 with a negated operand", 0x3800, 0, 0},
    {"ex2.approx.f16x2", "v = 2^v on both halves", "MUFU.EX2.F16 twice, or a packed form", 0x38003800, 0, 0},
    {"rcp.approx.ftz.f64", "v = 1/v (alternates 3 and 1/3)", "MUFU.RCP64H", 0x4008000000000000ull, 0, 0},
    {"fma.rn.f32", "v = v*0.5 + 1 (converges to 2)", "FFMA", 0x3f800000, 0x3f000000, 0x3f800000},
    {"fma.rn.f64", "v = v*0.5 + 1 (converges to 2)", "DFMA", 0x3ff0000000000000ull, 0x3fe0000000000000ull,
     0x3ff0000000000000ull},
};

template <int OP>
struct Op;

template <>
struct Op<kOpEx2FtzF32> {
  using T = uint32_t;
  static __device__ __forceinline__ T step(T v, T, T) { return ex2_ftz_f32(v); }
};

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
struct Op<kOpEx2F32> {
  using T = uint32_t;
  static __device__ __forceinline__ T step(T v, T, T) { return ex2_f32(v); }
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
struct Op<kOpEx2F16x2> {
  using T = uint32_t;
  static __device__ __forceinline__ T step(T v, T, T) { return ex2_f16x2(v); }
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
  static __device__ __forceinline__ T step(T v, T a, T b) {
    T y;
    asm volatile(
        "{ .reg .f64 x, p, q, d; mov.b64 x, %1; mov.b64 p, %2; mov.b64 q, %3; fma.rn.f64 d, x, p, q; mov.b64 %0, d; }"
        : "=l"(y) : "l"(v), "l"(a), "l"(b));
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
// cancels the clock reads and the loop's entry and exit.
template <int OP>
__global__ void latency_kernel(uint64_t seed, uint64_t a, uint64_t b, int iters, long long* cycles,
                               uint64_t* sink) {
  using T = typename Op<OP>::T;
  T v = static_cast<T>(seed);
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
__global__ void __launch_bounds__(kTputThreads) throughput_kernel(uint64_t seed, uint64_t a, uint64_t b, int iters,
                                                                  long long* t_start, long long* t_end,
                                                                  uint32_t* sm, uint64_t* sink) {
  using T = typename Op<OP>::T;
  T v[kTputIlp];
#pragma unroll
  for (int j = 0; j < kTputIlp; ++j) v[j] = static_cast<T>(seed + j);  // distinct, so ptxas cannot merge chains
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

__device__ __forceinline__ uint32_t shared_address(const void* p) {
  uint64_t a;
  asm("cvta.to.shared.u64 %0, %1;" : "=l"(a) : "l"(p));
  return static_cast<uint32_t>(a);
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

// Stream writes frames to a file descriptor; any write failure ends the
// program (the reader has gone away).
class Stream {
 public:
  explicit Stream(int fd) : fd_(fd) {}

  void frame(uint16_t kind, uint16_t form, uint64_t start, uint32_t count, const void* payload, uint32_t size) {
    uint8_t h[32];
    put16(h + 4, kind);
    put16(h + 6, form);
    put64(h + 8, start);
    put32(h + 16, count);
    put32(h + 20, size);
    put32(h + 24, seq_);
    std::memcpy(h, "GSF1", 4);
    uint32_t check = 0x5a5a5a5au;
    for (int i = 0; i < 28; i += 4) {
      check ^= static_cast<uint32_t>(h[i]) | static_cast<uint32_t>(h[i + 1]) << 8 |
               static_cast<uint32_t>(h[i + 2]) << 16 | static_cast<uint32_t>(h[i + 3]) << 24;
    }
    put32(h + 28, check);
    write_all(h, sizeof h);
    if (size > 0) write_all(payload, size);
    ++seq_;
    if (kind == kData) {
      ++data_frames_;
      elements_ += count;
    }
  }

  void text(uint16_t kind, const std::string& s) {
    frame(kind, 0, 0, 0, s.data(), static_cast<uint32_t>(s.size()));
  }

  void end() { frame(kEnd, 0, elements_, data_frames_, nullptr, 0); }

 private:
  static void put16(uint8_t* p, uint16_t v) {
    p[0] = static_cast<uint8_t>(v);
    p[1] = static_cast<uint8_t>(v >> 8);
  }
  static void put32(uint8_t* p, uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
  }
  static void put64(uint8_t* p, uint64_t v) {
    for (int i = 0; i < 8; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
  }
  void write_all(const void* p, size_t n) {
    const char* c = static_cast<const char*>(p);
    while (n > 0) {
      const ssize_t w = ::write(fd_, c, n);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) {
        std::fprintf(stderr, "capture: writing the stream: %s\n", std::strerror(errno));
        std::exit(4);
      }
      c += w;
      n -= static_cast<size_t>(w);
    }
  }

  int fd_;
  uint32_t seq_ = 0;
  uint32_t data_frames_ = 0;
  uint64_t elements_ = 0;
};

// Fail reports a CUDA error on stderr and in an error frame, ends the stream
// cleanly (so the reader keeps what arrived) and exits.
[[noreturn]] void fail(Stream& out, const char* what, cudaError_t e, int line) {
  char msg[512];
  std::snprintf(msg, sizeof msg, "capture.cu:%d: %s: %s (%s)", line, what, cudaGetErrorString(e), cudaGetErrorName(e));
  std::fprintf(stderr, "capture: %s\n", msg);
  out.text(kError, msg);
  out.end();
  std::exit(3);
}

#define CK(out, call)                                  \
  do {                                                 \
    const cudaError_t e_ = (call);                     \
    if (e_ != cudaSuccess) fail(out, #call, e_, __LINE__); \
  } while (0)

std::string json_escape(const char* s) {
  std::string r;
  for (; *s; ++s) {
    const unsigned char c = static_cast<unsigned char>(*s);
    if (c == '"' || c == '\\') {
      r += '\\';
      r += static_cast<char>(c);
    } else if (c < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      r += b;
    } else {
      r += static_cast<char>(c);
    }
  }
  return r;
}

std::string fmt(const char* f, ...) __attribute__((format(printf, 1, 2)));
std::string fmt(const char* f, ...) {
  char buf[2048];
  va_list ap;
  va_start(ap, f);
  std::vsnprintf(buf, sizeof buf, f, ap);
  va_end(ap);
  return buf;
}

// num formats a measurement for JSON: null when it is not finite.
std::string num(double v, int digits = 3) {
  if (!std::isfinite(v)) return "null";
  return fmt("%.*f", digits, v);
}

struct Device {
  int id = 0;
  int cc = 0;  // 10*major + minor
  int sms = 0;
  int clock_khz = 0;
  std::string info;  // the info frame's JSON
};

int attr(Stream& out, cudaDeviceAttr a, int dev) {
  int v = 0;
  CK(out, cudaDeviceGetAttribute(&v, a, dev));
  return v;
}

Device describe(Stream& out, const std::vector<int>& forms, int chunk_log2) {
  Device d;
  CK(out, cudaGetDevice(&d.id));
  cudaDeviceProp prop;
  CK(out, cudaGetDeviceProperties(&prop, d.id));
  const int major = attr(out, cudaDevAttrComputeCapabilityMajor, d.id);
  const int minor = attr(out, cudaDevAttrComputeCapabilityMinor, d.id);
  d.cc = 10 * major + minor;
  d.sms = attr(out, cudaDevAttrMultiProcessorCount, d.id);
  d.clock_khz = attr(out, cudaDevAttrClockRate, d.id);
  int driver = 0, runtime = 0;
  CK(out, cudaDriverGetVersion(&driver));
  CK(out, cudaRuntimeGetVersion(&runtime));
  std::string ids;
  for (int f : forms) ids += (ids.empty() ? "" : ",") + std::to_string(f);
  d.info = fmt(
      "{\"program\":\"gpusim tools/silicon capture.cu\",\"device\":\"%s\",\"compute_capability\":\"%d.%d\","
      "\"sms\":%d,\"clock_khz\":%d,\"memory_clock_khz\":%d,\"l2_bytes\":%d,\"shared_per_sm_bytes\":%d,"
      "\"global_bytes\":%llu,\"driver_version\":%d,\"runtime_version\":%d,\"nvcc_version\":\"%d.%d\","
      "\"chunk_elements\":%u,\"forms\":[%s]}",
      json_escape(prop.name).c_str(), major, minor, d.sms, d.clock_khz,
      attr(out, cudaDevAttrMemoryClockRate, d.id), attr(out, cudaDevAttrL2CacheSize, d.id),
      attr(out, cudaDevAttrMaxSharedMemoryPerMultiprocessor, d.id),
      static_cast<unsigned long long>(prop.totalGlobalMem), driver, runtime, __CUDACC_VER_MAJOR__,
      __CUDACC_VER_MINOR__, 1u << chunk_log2, ids.c_str());
  return d;
}

// ---------------------------------------------------------------------------
// Sweeps.

void launch_sweep(uint16_t form, void* out, uint64_t start, uint32_t n, int blocks, cudaStream_t s) {
  const int threads = 256;
  switch (form) {
    case kEx2FtzF32: sweep_kernel<kEx2FtzF32><<<blocks, threads, 0, s>>>(out, start, n); break;
    case kEx2F32: sweep_kernel<kEx2F32><<<blocks, threads, 0, s>>>(out, start, n); break;
    case kEx2F16: sweep_kernel<kEx2F16><<<blocks, threads, 0, s>>>(out, start, n); break;
    case kEx2F16x2: sweep_kernel<kEx2F16x2><<<blocks, threads, 0, s>>>(out, start, n); break;
    case kEx2BF16: sweep_kernel<kEx2BF16><<<blocks, threads, 0, s>>>(out, start, n); break;
    case kEx2BF16x2: sweep_kernel<kEx2BF16x2><<<blocks, threads, 0, s>>>(out, start, n); break;
    case kRcp64HLoZero: sweep_kernel<kRcp64HLoZero><<<blocks, threads, 0, s>>>(out, start, n); break;
    case kRcp64HLoNoise: sweep_kernel<kRcp64HLoNoise><<<blocks, threads, 0, s>>>(out, start, n); break;
  }
}

struct Job {
  const FormInfo* form;
  uint64_t start;
  uint32_t count;
};

// run_sweeps streams every chunk of every selected form. kBuffers chunks are
// in flight: while the host writes chunk k, the GPU computes and copies the
// chunks after it.
void run_sweeps(Stream& out, const Device& dev, const std::vector<int>& forms, int chunk_log2, long max_chunks) {
  std::vector<Job> jobs;
  for (int id : forms) {
    const FormInfo& f = kForms[id - 1];
    const uint64_t chunk = 1ull << chunk_log2;
    long n = 0;
    for (uint64_t s = 0; s < f.count && (max_chunks < 0 || n < max_chunks); s += chunk, ++n) {
      jobs.push_back({&f, s, static_cast<uint32_t>(std::min<uint64_t>(chunk, f.count - s))});
    }
  }
  constexpr int kBuffers = 4;
  const size_t bytes = (size_t{1} << chunk_log2) * 8;
  void* dbuf[kBuffers];
  void* hbuf[kBuffers];
  cudaStream_t st[kBuffers];
  for (int b = 0; b < kBuffers; ++b) {
    CK(out, cudaMalloc(&dbuf[b], bytes));
    CK(out, cudaMallocHost(&hbuf[b], bytes));
    CK(out, cudaStreamCreate(&st[b]));
  }
  const int blocks = dev.sms * 8;
  auto issue = [&](size_t k) {
    const Job& j = jobs[k];
    const int b = static_cast<int>(k % kBuffers);
    launch_sweep(j.form->id, dbuf[b], j.start, j.count, blocks, st[b]);
    CK(out, cudaGetLastError());
    CK(out, cudaMemcpyAsync(hbuf[b], dbuf[b], size_t{j.count} * j.form->width, cudaMemcpyDeviceToHost, st[b]));
  };
  for (size_t k = 0; k < jobs.size() && k < kBuffers; ++k) issue(k);
  uint16_t last = 0;
  for (size_t k = 0; k < jobs.size(); ++k) {
    const Job& j = jobs[k];
    const int b = static_cast<int>(k % kBuffers);
    CK(out, cudaStreamSynchronize(st[b]));
    if (j.form->id != last) {
      std::fprintf(stderr, "capture: form %u %s\n", j.form->id, j.form->name);
      last = j.form->id;
    }
    out.frame(kData, j.form->id, j.start, j.count, hbuf[b], j.count * j.form->width);
    if (k + kBuffers < jobs.size()) issue(k + kBuffers);
  }
  for (int b = 0; b < kBuffers; ++b) {
    CK(out, cudaStreamDestroy(st[b]));
    CK(out, cudaFreeHost(hbuf[b]));
    CK(out, cudaFree(dbuf[b]));
  }
}

// ---------------------------------------------------------------------------
// Microbenchmarks.

struct Bench {
  Stream& out;
  const Device& dev;
  long long* d_cycles;
  uint64_t* d_sink;

  long long cycles() {
    long long c = 0;
    CK(out, cudaDeviceSynchronize());
    CK(out, cudaMemcpy(&c, d_cycles, sizeof c, cudaMemcpyDeviceToHost));
    return c;
  }

  template <int OP>
  std::string latency() {
    const OpInfo& o = kOps[OP];
    const int i1 = 16, i2 = 80;  // loop trips: 1024 and 5120 steps
    long long c1 = -1, c2 = -1;
    for (int rep = 0; rep < 3; ++rep) {  // best of three for each length
      latency_kernel<OP><<<1, 1>>>(o.seed, o.a, o.b, i1, d_cycles, d_sink);
      CK(out, cudaGetLastError());
      const long long a = cycles();
      latency_kernel<OP><<<1, 1>>>(o.seed, o.a, o.b, i2, d_cycles, d_sink);
      CK(out, cudaGetLastError());
      const long long b = cycles();
      c1 = (c1 < 0 || a < c1) ? a : c1;
      c2 = (c2 < 0 || b < c2) ? b : c2;
    }
    const double n1 = 1.0 * i1 * kLatUnroll, n2 = 1.0 * i2 * kLatUnroll;
    return fmt("{\"op\":\"%s\",\"chain\":\"%s\",\"expected_sass\":\"%s\",\"steps\":[%.0f,%.0f],"
               "\"cycles\":[%lld,%lld],\"cycles_per_op\":%s}",
               o.name, o.chain, o.sass, n1, n2, c1, c2, num((c2 - c1) / (n2 - n1)).c_str());
  }

  template <int OP>
  std::string throughput() {
    const OpInfo& o = kOps[OP];
    int per_sm = 0;
    CK(out, cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, throughput_kernel<OP>, kTputThreads, 0));
    per_sm = std::max(per_sm, 1);
    const int blocks = dev.sms * per_sm;
    const int iters = 64;
    long long *d_t0, *d_t1;
    uint32_t* d_sm;
    uint64_t* d_sink2;
    CK(out, cudaMalloc(&d_t0, blocks * sizeof(long long)));
    CK(out, cudaMalloc(&d_t1, blocks * sizeof(long long)));
    CK(out, cudaMalloc(&d_sm, blocks * sizeof(uint32_t)));
    CK(out, cudaMalloc(&d_sink2, static_cast<size_t>(blocks) * kTputThreads * sizeof(uint64_t)));
    throughput_kernel<OP><<<blocks, kTputThreads>>>(o.seed, o.a, o.b, 4, d_t0, d_t1, d_sm, d_sink2);  // warm-up
    CK(out, cudaGetLastError());
    cudaEvent_t e0, e1;
    CK(out, cudaEventCreate(&e0));
    CK(out, cudaEventCreate(&e1));
    CK(out, cudaEventRecord(e0));
    throughput_kernel<OP><<<blocks, kTputThreads>>>(o.seed, o.a, o.b, iters, d_t0, d_t1, d_sm, d_sink2);
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
    CK(out, cudaFree(d_sink2));
    CK(out, cudaEventDestroy(e0));
    CK(out, cudaEventDestroy(e1));
    // Per SM: lane-ops of its blocks over the window from its first start to
    // its last end (clock64 is per SM, so windows compare only within one).
    const double ops_per_block = 1.0 * kTputThreads * iters * kTputUnroll * kTputIlp;
    std::vector<double> rates;
    std::vector<uint32_t> ids(sm);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    for (uint32_t id : ids) {
      long long lo = -1, hi = -1;
      int nb = 0;
      for (int k = 0; k < blocks; ++k) {
        if (sm[k] != id) continue;
        lo = (lo < 0 || t0[k] < lo) ? t0[k] : lo;
        hi = (hi < 0 || t1[k] > hi) ? t1[k] : hi;
        ++nb;
      }
      if (hi > lo) rates.push_back(nb * ops_per_block / static_cast<double>(hi - lo));
    }
    std::sort(rates.begin(), rates.end());
    const double med = rates.empty() ? NAN : rates[rates.size() / 2];
    return fmt("{\"op\":\"%s\",\"expected_sass\":\"%s\",\"threads_per_block\":%d,\"blocks_per_sm\":%d,"
               "\"chains_per_thread\":%d,\"ops_per_chain\":%d,\"sms_measured\":%zu,\"kernel_ms\":%s,"
               "\"lane_ops_per_cycle_per_sm\":%s,\"warp_insts_per_cycle_per_sm\":%s,"
               "\"min_lane_ops_per_cycle_per_sm\":%s,\"max_lane_ops_per_cycle_per_sm\":%s}",
               o.name, o.sass, kTputThreads, per_sm, kTputIlp, iters * kTputUnroll, rates.size(), num(ms, 4).c_str(),
               num(med).c_str(), num(med / 32.0, 4).c_str(), num(rates.empty() ? NAN : rates.front()).c_str(),
               num(rates.empty() ? NAN : rates.back()).c_str());
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
    const int s1 = 512, s2 = 2560;
    long long c[2] = {-1, -1};
    const int lens[2] = {s1, s2};
    for (int rep = 0; rep < 3; ++rep) {
      for (int l = 0; l < 2; ++l) {
        const int warm_steps = warm ? static_cast<int>(std::min<uint32_t>(n, 1u << 20)) : 0;
        if (!warm) CK(out, cudaMemset(flush, rep * 2 + l, flush_bytes));
        if (cg) {
          chase_global_kernel<true><<<1, 1>>>(ring, warm_steps, lens[l], d_cycles, d_sink);
        } else {
          chase_global_kernel<false><<<1, 1>>>(ring, warm_steps, lens[l], d_cycles, d_sink);
        }
        CK(out, cudaGetLastError());
        const long long v = cycles();
        c[l] = (c[l] < 0 || v < c[l]) ? v : c[l];
      }
    }
    CK(out, cudaFree(ring));
    if (flush != nullptr) CK(out, cudaFree(flush));
    return fmt("{\"level\":\"%s\",\"load\":\"%s\",\"footprint_bytes\":%zu,\"stride_bytes\":%u,\"warmed\":%s,"
               "\"steps\":[%d,%d],\"cycles\":[%lld,%lld],\"cycles_per_load\":%s}",
               level, cg ? "ld.global.cg.u64" : "ld.global.ca.u64", span, stride, warm ? "true" : "false", s1, s2,
               c[0], c[1], num((c[1] - c[0]) / static_cast<double>(s2 - s1), 2).c_str());
  }

  std::string chase_shared() {
    const uint32_t n = 4096;  // 16 KiB of 4-byte links
    const int s1 = 512, s2 = 2560;
    long long c[2] = {-1, -1};
    const int lens[2] = {s1, s2};
    for (int rep = 0; rep < 3; ++rep) {
      for (int l = 0; l < 2; ++l) {
        chase_shared_kernel<<<1, 256, n * sizeof(uint32_t)>>>(n, lens[l], d_cycles, d_sink);
        CK(out, cudaGetLastError());
        const long long v = cycles();
        c[l] = (c[l] < 0 || v < c[l]) ? v : c[l];
      }
    }
    return fmt("{\"level\":\"shared\",\"load\":\"ld.shared.u32\",\"footprint_bytes\":%u,\"stride_bytes\":4,"
               "\"warmed\":true,\"steps\":[%d,%d],\"cycles\":[%lld,%lld],\"cycles_per_load\":%s}",
               n * 4, s1, s2, c[0], c[1], num((c[1] - c[0]) / static_cast<double>(s2 - s1), 2).c_str());
  }

  std::string run() {
    clock_overhead_kernel<<<1, 1>>>(d_cycles);
    CK(out, cudaGetLastError());
    const long long overhead = cycles();
    std::string lat = latency<kOpEx2FtzF32>() + "," + latency<kOpEx2FtzF32Neg>() + "," + latency<kOpEx2F32>();
    lat += "," + latency<kOpEx2F16>() + "," + latency<kOpEx2F16Neg>() + "," + latency<kOpEx2F16x2>();
    lat += "," + latency<kOpRcp64H>() + "," + latency<kOpFmaF32>() + "," + latency<kOpFmaF64>();
    std::string tput = throughput<kOpEx2FtzF32>() + "," + throughput<kOpEx2FtzF32Neg>() + "," +
                       throughput<kOpEx2F16>() + "," + throughput<kOpEx2F16x2>();
    tput += "," + throughput<kOpRcp64H>() + "," + throughput<kOpFmaF32>() + "," + throughput<kOpFmaF64>();
    std::string mem = chase_shared();
    mem += "," + chase_global("L1", false, 64, 128, true);                 // 8 KiB
    mem += "," + chase_global("L2", true, 1u << 16, 128, true);           // 8 MiB, L1 bypassed
    mem += "," + chase_global("DRAM", true, 1u << 18, 4096, false);       // 1 GiB, cold, TLB misses included
    return fmt("{\"clock_khz\":%d,\"sms\":%d,\"clock64_overhead_cycles\":%lld,", dev.clock_khz, dev.sms, overhead) +
           "\"method\":{\"latency\":\"one thread; clock64() around a dependent chain of N steps (64 unrolled per "
           "loop trip); cycles_per_op is the slope between two chain lengths, best of 3 runs each\","
           "\"throughput\":\"every SM filled (occupancy API) with blocks of 256 threads, 8 independent chains "
           "per thread; per SM, lane-ops of its blocks / (last clock64 end - first clock64 start); median, min and "
           "max over SMs\",\"memory_latency\":\"one thread chases a ring of pointers (LCG order, one link per "
           "line); slope between two chase lengths, best of 3; L1 via ld.global.ca on a warmed 8 KiB ring, L2 "
           "via ld.global.cg on a warmed 8 MiB ring, DRAM via ld.global.cg on a 1 GiB ring with 4 KiB between "
           "links after a 256 MiB memset evicted the L2 (TLB misses included)\"},"
           "\"latency\":[" + lat + "],\"throughput\":[" + tput + "],\"memory_latency\":[" + mem + "]}";
  }
};

// ---------------------------------------------------------------------------

void usage() {
  std::fprintf(stderr,
               "usage: capture [--forms ID,ID,...] [--chunk-log2 N] [--max-chunks N] [--no-bench] [--no-sweep] "
               "[--list]\n");
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> forms;
  int chunk_log2 = 22;
  long max_chunks = -1;
  bool bench = true, sweep = true;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool has_value = i + 1 < argc;
    if (a == "--forms" && has_value) {
      std::string list = argv[++i];
      size_t p = 0;
      while (p <= list.size()) {
        const size_t q = std::min(list.find(',', p), list.size());
        const int id = std::atoi(list.substr(p, q - p).c_str());
        if (id < 1 || id > kNumForms) {
          std::fprintf(stderr, "capture: unknown form id in %s\n", list.c_str());
          return 1;
        }
        forms.push_back(id);
        p = q + 1;
      }
    } else if (a == "--chunk-log2" && has_value) {
      chunk_log2 = std::atoi(argv[++i]);
      if (chunk_log2 < 10 || chunk_log2 > 22) {
        std::fprintf(stderr, "capture: --chunk-log2 must be 10..22\n");
        return 1;
      }
    } else if (a == "--max-chunks" && has_value) {
      max_chunks = std::atol(argv[++i]);
    } else if (a == "--no-bench") {
      bench = false;
    } else if (a == "--no-sweep") {
      sweep = false;
    } else if (a == "--list") {
      for (const FormInfo& f : kForms) {
        std::printf("%u %s width=%u count=%llu min_sm=%d\n", f.id, f.name, f.width,
                    static_cast<unsigned long long>(f.count), f.min_sm);
      }
      return 0;
    } else {
      usage();
      return 1;
    }
  }
  if (forms.empty()) {
    // Small forms and table ranges first, the packed forms last: a run cut
    // short by its time limit still brings back the most.
    forms = {kEx2F16, kEx2BF16, kEx2FtzF32, kEx2F32, kRcp64HLoZero, kEx2F16x2, kEx2BF16x2, kRcp64HLoNoise};
  }
  if (isatty(STDOUT_FILENO)) {
    std::fprintf(stderr, "capture: standard output is a terminal; pipe it into the silicon comparer\n");
    return 1;
  }
#ifdef F_SETPIPE_SZ
  fcntl(STDOUT_FILENO, F_SETPIPE_SZ, 1 << 20);  // fewer, larger pipe transfers; harmless if refused
#endif

  Stream out(STDOUT_FILENO);
  Device dev = describe(out, forms, chunk_log2);
  std::vector<int> runnable;
  for (int id : forms) {
    if (kForms[id - 1].min_sm <= dev.cc) {
      runnable.push_back(id);
    } else {
      out.text(kError, fmt("%s needs sm_%d, device is sm_%d: skipped", kForms[id - 1].name, kForms[id - 1].min_sm,
                           dev.cc));
    }
  }
  out.text(kInfo, dev.info);

  long long* d_cycles;
  uint64_t* d_sink;
  CK(out, cudaMalloc(&d_cycles, sizeof(long long)));
  CK(out, cudaMalloc(&d_sink, sizeof(uint64_t)));
  if (bench) {
    std::fprintf(stderr, "capture: microbenchmarks\n");
    Bench b{out, dev, d_cycles, d_sink};
    out.text(kBench, b.run());
  }
  if (sweep) run_sweeps(out, dev, runnable, chunk_log2, max_chunks);
  out.end();
  std::fprintf(stderr, "capture: done\n");
  return 0;
}
