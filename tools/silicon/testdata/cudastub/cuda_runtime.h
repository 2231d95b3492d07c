// A stand-in for the CUDA toolkit's cuda_runtime.h, for one purpose only:
// letting clang-19 parse and compile capture.cu (cuda_test.go) on a machine
// without the toolkit. It declares the subset of the runtime API and device
// built-ins that capture.cu uses, with the toolkit's documented signatures.
// Nothing here is linked or run; nvcc on the device machine uses the real
// header.
#pragma once

#include <stdlib.h>  // clang's cuda_wrappers/new expects ::malloc and ::free

#include <cstddef>
#include <cstdint>

#include <__clang_cuda_builtin_vars.h>

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))

#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 4

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
};

enum cudaError_t { cudaSuccess = 0 };
enum cudaMemcpyKind { cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2 };
enum cudaDeviceAttr {
  cudaDevAttrClockRate = 13,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrMemoryClockRate = 36,
  cudaDevAttrL2CacheSize = 38,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
};
typedef struct CUstream_st* cudaStream_t;
typedef struct CUevent_st* cudaEvent_t;
struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
};

extern "C" {
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device);
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device);
cudaError_t cudaDriverGetVersion(int* version);
cudaError_t cudaRuntimeGetVersion(int* version);
const char* cudaGetErrorString(cudaError_t error);
const char* cudaGetErrorName(cudaError_t error);
cudaError_t cudaGetLastError(void);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaMalloc(void** p, size_t size);
cudaError_t cudaMallocHost(void** p, size_t size);
cudaError_t cudaFree(void* p);
cudaError_t cudaFreeHost(void* p);
cudaError_t cudaMemset(void* p, int value, size_t count);
cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, cudaMemcpyKind kind, cudaStream_t stream);
cudaError_t cudaStreamCreate(cudaStream_t* stream);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void* func, int block_size,
                                                          size_t dynamic_smem);
// The launch entry points behind <<< >>>. Clang picks one by the CUDA version
// it detects: cudaConfigureCall when it finds no toolkit, and
// __cudaPushCallConfiguration (CUDA 9.2 and later) when one is installed
// beside it, as Debian's nvidia-cuda-toolkit is. Both are declared so that
// the test passes either way (clang's own runtime wrapper declares the second
// with a void* stream, as here).
cudaError_t cudaConfigureCall(dim3 grid, dim3 block, size_t shared = 0, cudaStream_t stream = 0);
unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared = 0, void* stream = 0);
}

// The runtime's typed pointer overloads.
template <class T>
cudaError_t cudaMalloc(T** p, size_t size) {
  return cudaMalloc(reinterpret_cast<void**>(p), size);
}
template <class T>
cudaError_t cudaMallocHost(T** p, size_t size) {
  return cudaMallocHost(reinterpret_cast<void**>(p), size);
}
template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, T func, int block_size, size_t dynamic_smem) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, reinterpret_cast<const void*>(func), block_size,
                                                       dynamic_smem);
}

// Device built-ins (clang itself provides __syncthreads).
__device__ inline long long clock64() { return __nvvm_read_ptx_sreg_clock64(); }
