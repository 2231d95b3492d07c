// prelude.h: the few CUDA keywords and built-in variables the samples use,
// for compiling with clang's CUDA front end without the CUDA SDK headers
// (see regen.sh). Only device-side code is compiled. With nvcc (which has
// the keywords) it only maps the index helpers to its built-in variables.
#pragma once
#ifdef __clang__
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __noinline__ __attribute__((noinline))
#define __forceinline__ __attribute__((always_inline))
// __syncthreads() is a clang builtin (bar.sync 0).

static __device__ __forceinline__ unsigned threadIdx_x() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ __forceinline__ unsigned blockIdx_x() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static __device__ __forceinline__ unsigned blockIdx_y() { return __nvvm_read_ptx_sreg_ctaid_y(); }
static __device__ __forceinline__ unsigned blockDim_x() { return __nvvm_read_ptx_sreg_ntid_x(); }
static __device__ __forceinline__ unsigned gridDim_x() { return __nvvm_read_ptx_sreg_nctaid_x(); }
#else
static __device__ __forceinline__ unsigned threadIdx_x() { return threadIdx.x; }
static __device__ __forceinline__ unsigned blockIdx_x() { return blockIdx.x; }
static __device__ __forceinline__ unsigned blockIdx_y() { return blockIdx.y; }
static __device__ __forceinline__ unsigned blockDim_x() { return blockDim.x; }
static __device__ __forceinline__ unsigned gridDim_x() { return gridDim.x; }
#endif
