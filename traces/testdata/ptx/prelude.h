// prelude.h: the minimum of CUDA that clang needs to compile device code
// without the CUDA headers (-nocudainc). Included with -include by regen.sh.
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __noinline__ __attribute__((noinline))
#define __forceinline__ __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))

static __device__ inline unsigned tid_x() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ inline unsigned tid_y() { return __nvvm_read_ptx_sreg_tid_y(); }
static __device__ inline unsigned ntid_x() { return __nvvm_read_ptx_sreg_ntid_x(); }
static __device__ inline unsigned ctaid_x() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static __device__ inline unsigned nctaid_x() { return __nvvm_read_ptx_sreg_nctaid_x(); }
static __device__ inline unsigned lane_id() { return __nvvm_read_ptx_sreg_laneid(); }
static __device__ inline unsigned gid_x() { return ctaid_x() * ntid_x() + tid_x(); }
static __device__ inline void __syncthreads_() { __nvvm_barrier_sync(0); }
