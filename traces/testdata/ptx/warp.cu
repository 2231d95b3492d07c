// Warp-level operations: shfl.sync in every mode, vote.sync, activemask,
// barriers, special registers, fences.
__global__ void shuffles(float *o, int *io) {
  int t = tid_x();
  float v = o[t];
  v += __nvvm_shfl_sync_down_f32(0xffffffff, v, 16, 31);
  v += __nvvm_shfl_sync_up_f32(0xffffffff, v, 1, 0);
  v += __nvvm_shfl_sync_bfly_f32(0xffffffff, v, 4, 31);
  int w = __nvvm_shfl_sync_idx_i32(0xffffffff, io[t], 0, 31);
  w += __nvvm_shfl_sync_down_i32(0x0000ffff, w, t & 3, 0x1f);
  o[t] = v;
  io[t] = w;
}

__global__ void votes(unsigned *o, const int *a) {
  int t = tid_x();
  int x = a[t];
  unsigned m = __nvvm_activemask();
  unsigned b = __nvvm_vote_ballot_sync(m, x > 0);
  int all = __nvvm_vote_all_sync(0xffffffff, x != 0);
  int any = __nvvm_vote_any_sync(0xffffffff, x < 0);
  int uni = __nvvm_vote_uni_sync(0xffffffff, x == 7);
  __nvvm_bar_warp_sync(0xffffffff);
  o[t] = b + all * 2 + any * 4 + uni * 8 + __nvvm_read_ptx_sreg_laneid() + __nvvm_read_ptx_sreg_warpid();
}

__global__ void specials(unsigned long long *o) {
  int t = tid_x();
  unsigned long long c0 = __nvvm_read_ptx_sreg_clock64();
  unsigned c1 = __nvvm_read_ptx_sreg_clock();
  o[t] = c0 + c1 + __nvvm_read_ptx_sreg_smid() + __nvvm_read_ptx_sreg_nsmid() +
         __nvvm_read_ptx_sreg_tid_y() + __nvvm_read_ptx_sreg_tid_z() + __nvvm_read_ptx_sreg_ntid_y() +
         __nvvm_read_ptx_sreg_ctaid_y() + __nvvm_read_ptx_sreg_nctaid_x() + __nvvm_read_ptx_sreg_nctaid_z() +
         __nvvm_read_ptx_sreg_lanemask_lt() + __nvvm_read_ptx_sreg_lanemask_ge() + __nvvm_read_ptx_sreg_gridid() +
         __nvvm_read_ptx_sreg_nwarpid() + __nvvm_read_ptx_sreg_globaltimer();
}

__global__ void barriers(int *o) {
  __shared__ int s[128];
  int t = tid_x();
  s[t] = o[t];
  __nvvm_barrier_sync(0);
  __nvvm_membar_cta();
  s[t] += s[(t + 1) & 127];
  __nvvm_barrier_sync_cnt(1, 128);
  __nvvm_membar_gl();
  int c = __nvvm_bar0_popc(s[t] > 0) + __nvvm_bar0_and(s[t] > 1) + __nvvm_bar0_or(s[t] > 2);
  __nvvm_membar_sys();
  o[t] = s[t] + c;
}
