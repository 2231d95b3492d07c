// samples_prelude.h: what traces/samples/prelude.h gives the samples, for
// nvcc. The traces' prelude spells the CUDA keywords and built-ins with
// clang's attributes and NVVM builtins; nvcc has its own keywords, so this
// one defines only the accessor functions the samples call. run.sh copies
// each sample's source beside this file, named prelude.h, and compiles it
// for the GPU's architecture (nvcc -cubin).
#pragma once

static __device__ __forceinline__ unsigned threadIdx_x() { return threadIdx.x; }
static __device__ __forceinline__ unsigned blockIdx_x() { return blockIdx.x; }
static __device__ __forceinline__ unsigned blockDim_x() { return blockDim.x; }
static __device__ __forceinline__ unsigned gridDim_x() { return gridDim.x; }
