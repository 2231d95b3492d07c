// earlyret.cu: `if (a) { if (b) return; x(); } y();` in a divergent warp
// (warp/ptx_test.go counts how often y's instructions run per warp).
__global__ void earlyret(int *xs, int *ys, const int *in) {
  unsigned t = blockIdx_x() * blockDim_x() + threadIdx_x();
  int v = in[t];
  if (v & 1) {
    if (v & 2)
      return;
    xs[t] += 3 * v; // x()
  }
  ys[t] = v * 7; // y()
}
