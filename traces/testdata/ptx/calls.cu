// Device function calls: scalar and struct arguments and returns, void
// functions, nested calls, a function called from two kernels, pointer args.
struct V3 { float x, y, z; };
struct Big { double d[3]; int k; };

__device__ __noinline__ float dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ __noinline__ V3 scale(V3 a, float s) { V3 r = {a.x * s, a.y * s, a.z * s}; return r; }
__device__ __noinline__ void store(float *p, int i, float v) { if (i >= 0) p[i] = v; }
__device__ __noinline__ Big mkbig(double a, int k) { Big b = {{a, a * 2, a * 3}, k}; return b; }
__device__ __noinline__ long long sum3(long long a, short b, char c) { return a + b + c; }
__device__ __noinline__ int leaf(int x) { return x * x + 1; }
__device__ __noinline__ int mid(int x) { return leaf(x) + leaf(x + 1); }
__device__ __noinline__ int top(int x) { return mid(x) - leaf(x - 1); }

__global__ void k1(float *o, const float *a) {
  int i = gid_x();
  V3 v = {a[3 * i], a[3 * i + 1], a[3 * i + 2]};
  V3 w = scale(v, 0.5f);
  store(o, i, dot(v, w));
}

__global__ void k2(double *o, int *io, long long *lo) {
  int i = tid_x();
  Big b = mkbig(o[i], i);
  o[i] = b.d[0] + b.d[1] + b.d[2] + b.k;
  io[i] = top(io[i]) + mid(i);
  lo[i] = sum3(lo[i], (short)i, (char)io[i]);
  store((float *)o, -1, 0.0f);
}
