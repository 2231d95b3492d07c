// Memory: vector loads/stores, shared memory (static and dynamic), atomics on
// global and shared memory, reductions, .local arrays, const and global data.
typedef float float4_ __attribute__((ext_vector_type(4)));
typedef int int2_ __attribute__((ext_vector_type(2)));
typedef double double2_ __attribute__((ext_vector_type(2)));

__device__ unsigned counter;
__device__ int table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
__device__ double dtab[2] = {0.5, -1.25};
__constant__ float coef[4] = {0.25f, 0.5f, 0.75f, 1.0f};
__shared__ float tile[64];
extern __shared__ float dyn[];

__global__ void vec(float4_ *o, const float4_ *a, int2_ *p, double2_ *d) {
  int i = gid_x();
  float4_ v = a[i];
  v.x += coef[i & 3];
  o[i] = v * 2.0f;
  int2_ q = p[i];
  p[i] = q.yx;
  d[i] = d[i] + (double2_){dtab[0], dtab[1]};
  o[i + 1024].w = __nvvm_ldg_f((const float *)a + i);
}

__global__ void shared(float *o, const float *a, int n) {
  int t = tid_x();
  tile[t & 63] = a[gid_x()];
  dyn[t] = a[gid_x()] * 2.0f;
  __syncthreads_();
  float s = 0;
  for (int k = 0; k < 64; k += 8) s += tile[(t + k) & 63];
  o[gid_x()] = s + dyn[(t + 1) % n];
}

__global__ void atomics(int *gi, unsigned *gu, float *gf, double *gd, unsigned long long *gl) {
  __shared__ int si[32];
  __shared__ float sf[32];
  int t = tid_x();
  if (t < 32) { si[t] = 0; sf[t] = 0; }
  __syncthreads_();
  int old = __nvvm_atom_add_gen_i(gi, t);
  __nvvm_atom_add_gen_i(&si[t & 31], 1);
  __nvvm_atom_add_gen_f(&sf[t & 31], 1.5f);
  __nvvm_atom_add_gen_f(gf + 1, 2.0f);
  __nvvm_atom_add_gen_d(gd, 1.0);
  int m = __nvvm_atom_max_gen_i(gi + 1, t) + __nvvm_atom_min_gen_i(gi + 2, -t);
  unsigned u = __nvvm_atom_max_gen_ui(gu, t) + __nvvm_atom_inc_gen_ui(gu + 1, 100) + __nvvm_atom_dec_gen_ui(gu + 2, 100);
  int c = __nvvm_atom_cas_gen_i(gi + 3, t, t + 1) + __nvvm_atom_xchg_gen_i(gi + 4, t);
  int b = __nvvm_atom_and_gen_i(gi + 5, t) | __nvvm_atom_or_gen_i(gi + 6, t) | __nvvm_atom_xor_gen_i(gi + 7, t);
  unsigned long long l = __nvvm_atom_add_gen_ll((long long *)gl, 3) + __nvvm_atom_cas_gen_ll((long long *)gl + 1, 1, 2);
  __nvvm_atom_add_gen_i((int *)&counter, 1);
  __syncthreads_();
  gi[64 + t] = old + m + (int)u + c + b + (int)l + si[t & 31] + (int)sf[t & 31] + table[t & 7];
}

__global__ void scoped_atomics(int *g) {
#if __CUDA_ARCH__ >= 600
  __nvvm_atom_cta_add_gen_i(g, 1);
  __nvvm_atom_sys_add_gen_i(g + 1, 1);
  __nvvm_atom_cta_cas_gen_i(g + 2, 0, 1);
#endif
}

__device__ __noinline__ int pick(int *arr, int k) { return arr[k & 15]; }

__global__ void local(int *o, int k) {
  int a[16];
  for (int i = 0; i < 16; i++) a[i] = o[i] * k + i;
  o[tid_x()] = a[(k + tid_x()) & 15] + pick(a, k + 3);
}
