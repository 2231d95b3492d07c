// capture.cu: evaluates NVIDIA instructions on the GPU and streams the
// outputs, with clock64() microbenchmarks, to standard output in the framed
// format that tools/silicon (stream.go) documents and reads:
//
//   - sweeps: ex2.approx (f32, f16, bf16) and rcp.approx.ftz.f64 on every
//     input (the input of stream index i is implicit);
//   - record probes: the approximate and IEEE f32 instructions, f64 NaN
//     handling and integer division, on generated inputs read from
//     --inputs DIR (written by `silicon inputs`), each record echoing its
//     input beside the output;
//   - tensor probes: one mma.sync per generated case, A, B, C and D.
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -o capture capture.cu
//   ./capture [--forms 1,2,...] [--inputs DIR] [--chunk-log2 N] [--max-chunks N] [--max-records N]
//             [--no-bench] [--no-sweep] [--no-probes] [--ncu-pass] [--bench-reps N] [--list]  |  silicon -o summary.json
//
// Everything else this program says goes to standard error.

#include <cuda_runtime.h>

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "capture_bench.cuh"
#include "capture_host.h"
#include "capture_ops.cuh"

namespace {

// ---------------------------------------------------------------------------
// The forms: must agree with forms.go, probes.go and tensor_forms.go
// (cuda_test.go checks every row).

enum FormKind : uint8_t { kSweep = 0, kRecord = 1, kTensor = 2 };

enum FormId : uint16_t {
  kEx2FtzF32 = 1,
  kEx2F32 = 2,
  kEx2F16 = 3,
  kEx2F16x2 = 4,
  kEx2BF16 = 5,
  kEx2BF16x2 = 6,
  kRcp64HLoZero = 7,
  kRcp64HLoNoise = 8,
  kRcpF32 = 9,
  kRcpF32Ftz = 10,
  kRsqrtF32 = 11,
  kRsqrtF32Ftz = 12,
  kLg2F32 = 13,
  kLg2F32Ftz = 14,
  kSinF32 = 15,
  kSinF32Ftz = 16,
  kCosF32 = 17,
  kCosF32Ftz = 18,
  kTanhF32 = 19,
  kSqrtRnF32 = 20,
  kDivRnF32 = 21,
  kAddF64 = 22,
  kMulF64 = 23,
  kFmaF64 = 24,
  kDivU32 = 25,
  kDivS32 = 26,
  kRemU32 = 27,
  kRemS32 = 28,
  kDivU64 = 29,
  kDivS64 = 30,
  kRemU64 = 31,
  kRemS64 = 32,
  kMmaF16K16 = 33,
  kMmaBF16K16 = 34,
  kMmaTF32K8 = 35,
  kMmaF16K8 = 36,
};

struct FormInfo {
  uint16_t id;
  const char* name;  // the PTX instruction
  uint8_t kind;
  uint32_t width;     // output bytes per element
  uint32_t in_width;  // input bytes per record (0: sweeps)
  int count_log2;     // the sweep or probe holds 2^count_log2 elements
  int min_sm;         // 10*major + minor
};

const FormInfo kForms[] = {
    {kEx2FtzF32, "ex2.approx.ftz.f32", kSweep, 4, 0, 32, 20},
    {kEx2F32, "ex2.approx.f32", kSweep, 4, 0, 32, 20},
    {kEx2F16, "ex2.approx.f16", kSweep, 2, 0, 16, 75},
    {kEx2F16x2, "ex2.approx.f16x2", kSweep, 4, 0, 32, 75},
    {kEx2BF16, "ex2.approx.ftz.bf16", kSweep, 2, 0, 16, 90},
    {kEx2BF16x2, "ex2.approx.ftz.bf16x2", kSweep, 4, 0, 32, 90},
    {kRcp64HLoZero, "rcp.approx.ftz.f64", kSweep, 8, 0, 32, 20},
    {kRcp64HLoNoise, "rcp.approx.ftz.f64", kSweep, 8, 0, 32, 20},
    {kRcpF32, "rcp.approx.f32", kRecord, 4, 4, 22, 20},
    {kRcpF32Ftz, "rcp.approx.ftz.f32", kRecord, 4, 4, 22, 20},
    {kRsqrtF32, "rsqrt.approx.f32", kRecord, 4, 4, 22, 20},
    {kRsqrtF32Ftz, "rsqrt.approx.ftz.f32", kRecord, 4, 4, 22, 20},
    {kLg2F32, "lg2.approx.f32", kRecord, 4, 4, 22, 20},
    {kLg2F32Ftz, "lg2.approx.ftz.f32", kRecord, 4, 4, 22, 20},
    {kSinF32, "sin.approx.f32", kRecord, 4, 4, 22, 20},
    {kSinF32Ftz, "sin.approx.ftz.f32", kRecord, 4, 4, 22, 20},
    {kCosF32, "cos.approx.f32", kRecord, 4, 4, 22, 20},
    {kCosF32Ftz, "cos.approx.ftz.f32", kRecord, 4, 4, 22, 20},
    {kTanhF32, "tanh.approx.f32", kRecord, 4, 4, 22, 75},
    {kSqrtRnF32, "sqrt.rn.f32", kRecord, 4, 4, 22, 20},
    {kDivRnF32, "div.rn.f32", kRecord, 4, 8, 22, 20},
    {kAddF64, "add.rn.f64", kRecord, 8, 16, 16, 20},
    {kMulF64, "mul.rn.f64", kRecord, 8, 16, 16, 20},
    {kFmaF64, "fma.rn.f64", kRecord, 8, 24, 16, 20},
    {kDivU32, "div.u32", kRecord, 4, 8, 16, 20},
    {kDivS32, "div.s32", kRecord, 4, 8, 16, 20},
    {kRemU32, "rem.u32", kRecord, 4, 8, 16, 20},
    {kRemS32, "rem.s32", kRecord, 4, 8, 16, 20},
    {kDivU64, "div.u64", kRecord, 8, 16, 16, 20},
    {kDivS64, "div.s64", kRecord, 8, 16, 16, 20},
    {kRemU64, "rem.u64", kRecord, 8, 16, 16, 20},
    {kRemS64, "rem.s64", kRecord, 8, 16, 16, 20},
    {kMmaF16K16, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", kTensor, 512, 1280, 11, 80},
    {kMmaBF16K16, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", kTensor, 512, 1280, 11, 80},
    {kMmaTF32K8, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", kTensor, 512, 1280, 11, 80},
    {kMmaF16K8, "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", kTensor, 512, 896, 11, 75},
};
constexpr int kNumForms = sizeof(kForms) / sizeof(kForms[0]);

// The nonzero lower word under upper word i (forms.go LowNoise).
__host__ __device__ __forceinline__ uint32_t low_noise(uint64_t i) {
  return static_cast<uint32_t>(i) * 0x9e3779b9u | 1u;
}

// ---------------------------------------------------------------------------
// Sweeps: out[i] = form(input(start + i)) for i < n.

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
// Record probes: out[i] = form(in[i]) on packed records (operands
// little-endian, naturally aligned within a record).

template <int F>
__device__ __forceinline__ void probe(const uint8_t* in, uint8_t* out) {
  const uint32_t* a32 = reinterpret_cast<const uint32_t*>(in);
  const uint64_t* a64 = reinterpret_cast<const uint64_t*>(in);
  uint32_t* o32 = reinterpret_cast<uint32_t*>(out);
  uint64_t* o64 = reinterpret_cast<uint64_t*>(out);
  if constexpr (F == kRcpF32) *o32 = rcp_f32(a32[0]);
  if constexpr (F == kRcpF32Ftz) *o32 = rcp_ftz_f32(a32[0]);
  if constexpr (F == kRsqrtF32) *o32 = rsqrt_f32(a32[0]);
  if constexpr (F == kRsqrtF32Ftz) *o32 = rsqrt_ftz_f32(a32[0]);
  if constexpr (F == kLg2F32) *o32 = lg2_f32(a32[0]);
  if constexpr (F == kLg2F32Ftz) *o32 = lg2_ftz_f32(a32[0]);
  if constexpr (F == kSinF32) *o32 = sin_f32(a32[0]);
  if constexpr (F == kSinF32Ftz) *o32 = sin_ftz_f32(a32[0]);
  if constexpr (F == kCosF32) *o32 = cos_f32(a32[0]);
  if constexpr (F == kCosF32Ftz) *o32 = cos_ftz_f32(a32[0]);
  if constexpr (F == kTanhF32) *o32 = tanh_f32(a32[0]);
  if constexpr (F == kSqrtRnF32) *o32 = sqrt_rn_f32(a32[0]);
  if constexpr (F == kDivRnF32) *o32 = div_rn_f32(a32[0], a32[1]);
  if constexpr (F == kAddF64) *o64 = add_rn_f64(a64[0], a64[1]);
  if constexpr (F == kMulF64) *o64 = mul_rn_f64(a64[0], a64[1]);
  if constexpr (F == kFmaF64) *o64 = fma_rn_f64(a64[0], a64[1], a64[2]);
  if constexpr (F == kDivU32) *o32 = div_u32(a32[0], a32[1]);
  if constexpr (F == kDivS32) *o32 = div_s32(a32[0], a32[1]);
  if constexpr (F == kRemU32) *o32 = rem_u32(a32[0], a32[1]);
  if constexpr (F == kRemS32) *o32 = rem_s32(a32[0], a32[1]);
  if constexpr (F == kDivU64) *o64 = div_u64(a64[0], a64[1]);
  if constexpr (F == kDivS64) *o64 = div_s64(a64[0], a64[1]);
  if constexpr (F == kRemU64) *o64 = rem_u64(a64[0], a64[1]);
  if constexpr (F == kRemS64) *o64 = rem_s64(a64[0], a64[1]);
}

template <int F>
__global__ void probe_kernel(const uint8_t* __restrict__ in, uint8_t* __restrict__ out, uint32_t n, uint32_t in_w,
                             uint32_t out_w) {
  const uint32_t stride = gridDim.x * blockDim.x;
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    probe<F>(in + size_t{i} * in_w, out + size_t{i} * out_w);
  }
}

// ---------------------------------------------------------------------------
// Tensor probes: one warp per record. A record is A (16 x K, row-major), B
// (K x 8, row-major), C (16 x 8 f32, row-major); the output is D (16 x 8
// f32, row-major). Each lane gathers its fragment elements (PTX ISA,
// "Matrix Fragments for mma.m16n8k16 with floating point type" and
// "... mma.m16n8k8"), runs the mma, and scatters its part of D. groupID =
// lane >> 2, threadID_in_group = lane % 4:
//   f16/bf16 m16n8k16  A a_i: row g + 8*((i>>1)&1), col 2t + (i&1) + 8*(i>>2)   (i < 8, two per register)
//                      B b_i: row 2t + (i&1) + 8*(i>>1), col g                   (i < 4, two per register)
//   tf32 m16n8k8       A a_i: row g + 8*(i&1), col t + 4*(i>>1)                 (i < 4, one per register)
//                      B b_i: row t + 4*i, col g                                (i < 2)
//   f16 m16n8k8        A a_i: row g + 8*(i>>1), col 2t + (i&1)                  (i < 4, two per register)
//                      B b_i: row 2t + i, col g                                 (i < 2, one register)
//   C, D (all)         c_i: row g + 8*(i>>1), col 2t + (i&1)                    (i < 4)

template <int F>
struct MmaShape;
template <>
struct MmaShape<kMmaF16K16> {
  static constexpr int K = 16, E = 2;
};
template <>
struct MmaShape<kMmaBF16K16> {
  static constexpr int K = 16, E = 2;
};
template <>
struct MmaShape<kMmaTF32K8> {
  static constexpr int K = 8, E = 4;
};
template <>
struct MmaShape<kMmaF16K8> {
  static constexpr int K = 8, E = 2;
};

template <int F>
__global__ void mma_probe_kernel(const uint8_t* __restrict__ in, uint8_t* __restrict__ out, uint32_t n) {
  constexpr int M = 16, N = 8, K = MmaShape<F>::K, E = MmaShape<F>::E;
  constexpr int kIn = (M * K + K * N) * E + 4 * M * N, kOut = 4 * M * N;
  const uint32_t lane = threadIdx.x & 31;
  const uint32_t warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const uint32_t warps = (gridDim.x * blockDim.x) >> 5;
  const int g = static_cast<int>(lane >> 2), t = static_cast<int>(lane & 3);
  for (uint32_t r = warp; r < n; r += warps) {  // warp-uniform: every lane runs every mma
    const uint8_t* rec = in + size_t{r} * kIn;
    const uint8_t* A = rec;
    const uint8_t* B = rec + M * K * E;
    const uint32_t* C = reinterpret_cast<const uint32_t*>(rec + (M * K + K * N) * E);
    auto a16 = [&](int row, int col) { return uint32_t{reinterpret_cast<const uint16_t*>(A)[row * K + col]}; };
    auto b16 = [&](int k, int col) { return uint32_t{reinterpret_cast<const uint16_t*>(B)[k * N + col]}; };
    auto a32 = [&](int row, int col) { return reinterpret_cast<const uint32_t*>(A)[row * K + col]; };
    auto b32 = [&](int k, int col) { return reinterpret_cast<const uint32_t*>(B)[k * N + col]; };
    uint32_t c[4], d[4];
    for (int i = 0; i < 4; ++i) c[i] = C[(g + 8 * (i >> 1)) * N + 2 * t + (i & 1)];
    if constexpr (F == kMmaF16K16 || F == kMmaBF16K16) {
      uint32_t a[4], b[2];
      for (int q = 0; q < 4; ++q) {
        const int row = g + 8 * (q & 1), col = 2 * t + 8 * (q >> 1);
        a[q] = a16(row, col) | a16(row, col + 1) << 16;
      }
      for (int q = 0; q < 2; ++q) {
        const int k = 2 * t + 8 * q;
        b[q] = b16(k, g) | b16(k + 1, g) << 16;
      }
      if constexpr (F == kMmaF16K16) mma_f16_k16(d, a, b, c);
      if constexpr (F == kMmaBF16K16) mma_bf16_k16(d, a, b, c);
    } else if constexpr (F == kMmaTF32K8) {
      uint32_t a[4], b[2];
      for (int i = 0; i < 4; ++i) a[i] = a32(g + 8 * (i & 1), t + 4 * (i >> 1));
      for (int i = 0; i < 2; ++i) b[i] = b32(t + 4 * i, g);
      mma_tf32_k8(d, a, b, c);
    } else {
      uint32_t a[2], b[1];
      for (int q = 0; q < 2; ++q) a[q] = a16(g + 8 * q, 2 * t) | a16(g + 8 * q, 2 * t + 1) << 16;
      b[0] = b16(2 * t, g) | b16(2 * t + 1, g) << 16;
      mma_f16_k8(d, a, b, c);
    }
    uint32_t* D = reinterpret_cast<uint32_t*>(out + size_t{r} * kOut);
    for (int i = 0; i < 4; ++i) D[(g + 8 * (i >> 1)) * N + 2 * t + (i & 1)] = d[i];
  }
}

// ---------------------------------------------------------------------------
// Host side.

Device describe(Stream& out, const std::vector<int>& forms, int chunk_log2, const std::string& inputs) {
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
      "\"chunk_elements\":%u,\"inputs\":\"%s\",\"forms\":[%s]}",
      json_escape(prop.name).c_str(), major, minor, d.sms, d.clock_khz,
      attr(out, cudaDevAttrMemoryClockRate, d.id), attr(out, cudaDevAttrL2CacheSize, d.id),
      attr(out, cudaDevAttrMaxSharedMemoryPerMultiprocessor, d.id),
      static_cast<unsigned long long>(prop.totalGlobalMem), driver, runtime, __CUDACC_VER_MAJOR__,
      __CUDACC_VER_MINOR__, 1u << chunk_log2, json_escape(inputs.c_str()).c_str(), ids.c_str());
  return d;
}

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

// launch_probe_of launches the probe kernel of record form kRcpF32 + one of FS.
template <int... FS>
void launch_probe_of(uint16_t form, const uint8_t* in, uint8_t* out, uint32_t n, uint32_t in_w, uint32_t out_w,
                     int blocks, std::integer_sequence<int, FS...>) {
  ((form == kRcpF32 + FS ? (probe_kernel<kRcpF32 + FS><<<blocks, 256>>>(in, out, n, in_w, out_w), 0) : 0), ...);
}

void launch_probe(uint16_t form, const uint8_t* in, uint8_t* out, uint32_t n, uint32_t in_w, uint32_t out_w,
                  int sms) {
  switch (form) {
    case kMmaF16K16: mma_probe_kernel<kMmaF16K16><<<sms * 4, 128>>>(in, out, n); return;
    case kMmaBF16K16: mma_probe_kernel<kMmaBF16K16><<<sms * 4, 128>>>(in, out, n); return;
    case kMmaTF32K8: mma_probe_kernel<kMmaTF32K8><<<sms * 4, 128>>>(in, out, n); return;
    case kMmaF16K8: mma_probe_kernel<kMmaF16K8><<<sms * 4, 128>>>(in, out, n); return;
  }
  // Record forms kRcpF32 (9) .. kRemS64 (32).
  launch_probe_of(form, in, out, n, in_w, out_w, sms * 8, std::make_integer_sequence<int, kRemS64 - kRcpF32 + 1>{});
}

struct Job {
  const FormInfo* form;
  uint64_t start;
  uint32_t count;
};

// run_sweeps streams every chunk of every selected sweep. kBuffers chunks
// are in flight: while the host writes chunk k, the GPU computes and copies
// the chunks after it.
void run_sweeps(Stream& out, const Device& dev, const std::vector<int>& forms, int chunk_log2, long max_chunks) {
  std::vector<Job> jobs;
  for (int id : forms) {
    const FormInfo& f = kForms[id - 1];
    if (f.kind != kSweep) continue;
    const uint64_t count = 1ull << f.count_log2, chunk = 1ull << chunk_log2;
    long n = 0;
    for (uint64_t s = 0; s < count && (max_chunks < 0 || n < max_chunks); s += chunk, ++n) {
      jobs.push_back({&f, s, static_cast<uint32_t>(std::min<uint64_t>(chunk, count - s))});
    }
  }
  if (jobs.empty()) return;
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

// Inputs is one input file (records.go documents the format): the
// generated inputs of a record or tensor form.
struct Inputs {
  uint64_t count = 0;
  std::vector<uint8_t> data;
};

// load_inputs reads every *.in file of dir, by the form id in its header.
// A malformed file is an error frame, not a crash.
std::vector<Inputs> load_inputs(Stream& out, const std::string& dir) {
  std::vector<Inputs> by_form(kNumForms + 1);
  if (dir.empty()) return by_form;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) {
    out.text(kError, fmt("--inputs %s: %s", dir.c_str(), std::strerror(errno)));
    return by_form;
  }
  while (const dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name.size() < 4 || name.compare(name.size() - 3, 3, ".in") != 0) continue;
    const std::string path = dir + "/" + name;
    FILE* f = std::fopen(path.c_str(), "rb");
    if (f == nullptr) {
      out.text(kError, fmt("%s: %s", path.c_str(), std::strerror(errno)));
      continue;
    }
    uint8_t h[24];
    std::string bad;
    uint16_t id = 0;
    uint64_t n = 0;
    if (std::fread(h, 1, sizeof h, f) != sizeof h || std::memcmp(h, "GSI1", 4) != 0 || (h[4] | h[5] << 8) != 1) {
      bad = "not an input file (magic GSI1, version 1)";
    } else {
      id = static_cast<uint16_t>(h[6] | h[7] << 8);
      const uint32_t in_w = h[8] | h[9] << 8 | h[10] << 16 | static_cast<uint32_t>(h[11]) << 24;
      for (int i = 7; i >= 0; --i) n = n << 8 | h[16 + i];
      if (id < 1 || id > kNumForms || kForms[id - 1].kind == kSweep || kForms[id - 1].in_width != in_w) {
        bad = fmt("form %u with %u-byte inputs is not a record form of this program", id, in_w);
      } else if (n == 0 || n > (1ull << kForms[id - 1].count_log2)) {
        bad = fmt("%llu records", static_cast<unsigned long long>(n));
      } else {
        by_form[id].data.resize(n * in_w);
        if (std::fread(by_form[id].data.data(), 1, by_form[id].data.size(), f) != by_form[id].data.size()) {
          bad = "truncated";
          by_form[id].data.clear();
        } else {
          by_form[id].count = n;
        }
      }
    }
    std::fclose(f);
    if (!bad.empty()) out.text(kError, fmt("%s: %s: skipped", path.c_str(), bad.c_str()));
  }
  closedir(d);
  return by_form;
}

// run_probes runs every selected record and tensor form on its inputs and
// streams records (input, then output) in frames of at most 32 MiB.
void run_probes(Stream& out, const Device& dev, const std::vector<int>& forms, const std::vector<Inputs>& inputs,
                long max_records) {
  for (int id : forms) {
    const FormInfo& f = kForms[id - 1];
    if (f.kind == kSweep) continue;
    const Inputs& in = inputs[id];
    if (in.count == 0) {
      out.text(kError, fmt("%s: no inputs (--inputs DIR with its .in file): skipped", f.name));
      continue;
    }
    std::fprintf(stderr, "capture: form %u %s (%llu records)\n", f.id, f.name, static_cast<unsigned long long>(in.count));
    const uint32_t n = static_cast<uint32_t>(max_records < 0 ? in.count : std::min<uint64_t>(in.count, max_records));
    uint8_t *d_in, *d_out;
    CK(out, cudaMalloc(&d_in, in.data.size()));
    CK(out, cudaMalloc(&d_out, size_t{n} * f.width));
    CK(out, cudaMemcpy(d_in, in.data.data(), size_t{n} * f.in_width, cudaMemcpyHostToDevice));
    launch_probe(f.id, d_in, d_out, n, f.in_width, f.width, dev.sms);
    CK(out, cudaGetLastError());
    CK(out, cudaDeviceSynchronize());
    std::vector<uint8_t> res(size_t{n} * f.width);
    CK(out, cudaMemcpy(res.data(), d_out, res.size(), cudaMemcpyDeviceToHost));
    CK(out, cudaFree(d_in));
    CK(out, cudaFree(d_out));
    // Tensor records go 64 to a frame, so that the comparer's workers share
    // them (each is scored against every hypothesis); the others in frames
    // of up to 32 MiB.
    const uint32_t rec = f.in_width + f.width;
    const uint32_t per_frame = f.kind == kTensor ? 64 : std::max<uint32_t>(1, (32u << 20) / rec);
    std::vector<uint8_t> buf;
    for (uint32_t s = 0; s < n; s += per_frame) {
      const uint32_t c = std::min(per_frame, n - s);
      buf.resize(size_t{c} * rec);
      for (uint32_t i = 0; i < c; ++i) {
        std::memcpy(&buf[size_t{i} * rec], &in.data[size_t{s + i} * f.in_width], f.in_width);
        std::memcpy(&buf[size_t{i} * rec + f.in_width], &res[size_t{s + i} * f.width], f.width);
      }
      out.frame(kData, f.id, s, c, buf.data(), c * rec);
    }
  }
}

void usage() {
  std::fprintf(stderr,
               "usage: capture [--forms ID,ID,...] [--inputs DIR] [--chunk-log2 N] [--max-chunks N] [--max-records N] [--no-bench] "
               "[--no-sweep] [--no-probes] [--ncu-pass] [--bench-reps N] [--list]\n");
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> forms;
  std::string inputs_dir;
  int chunk_log2 = 22, reps = 3;
  long max_chunks = -1, max_records = -1;
  bool bench = true, sweep = true, probes = true, ncu_pass = false;
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
    } else if (a == "--inputs" && has_value) {
      inputs_dir = argv[++i];
    } else if (a == "--chunk-log2" && has_value) {
      chunk_log2 = std::atoi(argv[++i]);
      if (chunk_log2 < 10 || chunk_log2 > 22) {
        std::fprintf(stderr, "capture: --chunk-log2 must be 10..22\n");
        return 1;
      }
    } else if (a == "--max-chunks" && has_value) {
      max_chunks = std::atol(argv[++i]);
    } else if (a == "--max-records" && has_value) {
      max_records = std::atol(argv[++i]);
    } else if (a == "--bench-reps" && has_value) {
      reps = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--no-bench") {
      bench = false;
    } else if (a == "--no-sweep") {
      sweep = false;
    } else if (a == "--no-probes") {
      probes = false;
    } else if (a == "--ncu-pass") {
      ncu_pass = true;  // the microbenchmarks once each, for ncu to profile
      sweep = probes = false;
      reps = 1;
    } else if (a == "--list") {
      for (const FormInfo& f : kForms) {
        std::printf("%u %s kind=%u width=%u in_width=%u count=2^%d min_sm=%d\n", f.id, f.name, f.kind, f.width,
                    f.in_width, f.count_log2, f.min_sm);
      }
      return 0;
    } else {
      usage();
      return 1;
    }
  }
  if (forms.empty()) {
    // The probes first (small and quick), then the small sweeps and table
    // ranges, the packed sweeps last: a run cut short by its time limit
    // still brings back the most.
    for (const FormInfo& f : kForms) {
      if (f.kind == kTensor) forms.push_back(f.id);
    }
    for (const FormInfo& f : kForms) {
      if (f.kind == kRecord) forms.push_back(f.id);
    }
    for (int id : {kEx2F16, kEx2BF16, kEx2FtzF32, kEx2F32, kRcp64HLoZero, kEx2F16x2, kEx2BF16x2, kRcp64HLoNoise}) {
      forms.push_back(id);
    }
  }
  if (isatty(STDOUT_FILENO)) {
    std::fprintf(stderr, "capture: standard output is a terminal; pipe it into the silicon comparer\n");
    return 1;
  }
#ifdef F_SETPIPE_SZ
  fcntl(STDOUT_FILENO, F_SETPIPE_SZ, 1 << 20);  // fewer, larger pipe transfers; harmless if refused
#endif

  Stream out(STDOUT_FILENO);
  Device dev = describe(out, forms, chunk_log2, inputs_dir);
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
    std::fprintf(stderr, "capture: microbenchmarks%s\n", ncu_pass ? " (ncu pass)" : "");
    Bench b{out, dev, d_cycles, d_sink, reps, ncu_pass};
    out.text(kBench, b.run());
  }
  if (probes) run_probes(out, dev, runnable, load_inputs(out, inputs_dir), max_records);
  if (sweep) run_sweeps(out, dev, runnable, chunk_log2, max_chunks);
  out.end();
  std::fprintf(stderr, "capture: done\n");
  return 0;
}
