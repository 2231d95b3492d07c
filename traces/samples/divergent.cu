// divergent: data-dependent control flow inside a warp: an if/else on the
// input's sign and a loop whose trip count differs per thread (a Collatz
// step count, capped), plus a nested condition.
#include "prelude.h"

extern "C" __global__ void divergent(const int *in, int *out, int n) {
  int i = blockIdx_x() * blockDim_x() + threadIdx_x();
  if (i >= n)
    return;
  int v = in[i];
  int r;
  if (v < 0) {
    r = -v * 3 + 1;
    if (r % 7 == 0)
      r ^= 0x55;
  } else {
    unsigned x = (unsigned)v + 1;
    int steps = 0;
    while (x != 1 && steps < 200) {
      x = (x & 1) ? 3 * x + 1 : x >> 1;
      steps++;
    }
    r = steps;
  }
  out[i] = r;
}
