// prelude.h: the work-item functions the AMD samples use, built from clang
// builtins so that the kernels compile with -nogpulib (no device library,
// no calls): the global id reads the workgroup size from the hidden kernel
// arguments, as the OpenCL runtime library does.
#pragma once
static inline uint lid_x(void) { return __builtin_amdgcn_workitem_id_x(); }
static inline uint group_x(void) { return __builtin_amdgcn_workgroup_id_x(); }
static inline uint lsize_x(void) { return __builtin_amdgcn_workgroup_size_x(); }
static inline uint gid_x(void) { return group_x() * lsize_x() + lid_x(); }

// barrier(CLK_LOCAL_MEM_FENCE), as opencl-c.h lowers it.
#define LDS_BARRIER()                                          \
  do {                                                         \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");     \
    __builtin_amdgcn_s_barrier();                              \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");     \
  } while (0)
