// divergent: lanes take different paths by their input (EXEC masks with
// s_and_saveexec / v_cmpx, s_cbranch_execz around empty paths, a loop whose
// trip count differs per lane).
#include "prelude.h"

__kernel void divergent(__global const int *in, __global int *out, int n) {
  int i = gid_x();
  if (i >= n)
    return;
  int v = in[i];
  int r;
  if (v < 0) {
    r = -v * 3 + 1;
    if (r % 7 == 0)
      r ^= 0x55;
  } else {
    uint x = (uint)v + 1;
    int steps = 0;
    while (x != 1 && steps < 200) {
      x = (x & 1) ? 3 * x + 1 : x >> 1;
      steps++;
    }
    r = steps;
  }
  out[i] = r;
}
