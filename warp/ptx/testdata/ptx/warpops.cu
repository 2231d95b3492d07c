// warpops: shuffles, votes, activemask, shared/global atomics, the counting
// and predicate barriers, and a local array with a data-dependent index.
#include "prelude.h"

extern "C" __global__ void warpops(const unsigned *in, unsigned *out, unsigned *counters) {
  __shared__ unsigned hits;
  unsigned t = threadIdx_x();
  unsigned g = blockIdx_x() * blockDim_x() + t;
  unsigned v = in[g];
  unsigned s = v;
  for (int o = 16; o > 0; o >>= 1)
    s += __nvvm_shfl_sync_down_i32(0xffffffff, s, o, 31);
  unsigned up = __nvvm_shfl_sync_up_i32(0xffffffff, v, 3, 0);
  unsigned ballot = __nvvm_vote_ballot_sync(0xffffffff, v & 1);
  unsigned am = 0;
  if (v & 4)
    am = __nvvm_activemask();
  if (t == 0)
    hits = 0;
  __syncthreads();
  unsigned old = 0;
  if (v & 2)
    old = __nvvm_atom_add_gen_i((int *)&hits, 1);
  int cnt = __nvvm_bar0_popc(v & 8);
  int all = __nvvm_bar0_and(v != 0xdeadbeef);
  int any = __nvvm_bar0_or(v == 7);
  __nvvm_atom_add_gen_i((int *)&counters[0], (int)(v & 0xff));
  __nvvm_atom_max_gen_ui(&counters[1], v);
  unsigned buf[32];
  for (int k = 0; k < 32; k++)
    buf[k] = v * (k + 1) + t;
  unsigned pick = buf[(v >> 3) & 31];
  unsigned *o = out + 8 * g;
  o[0] = s;
  o[1] = up;
  o[2] = ballot;
  o[3] = am;
  o[4] = old + hits;
  o[5] = cnt;
  o[6] = (all << 1) | any;
  o[7] = pick;
}
