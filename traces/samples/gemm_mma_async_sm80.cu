// gemm_mma_async_sm80: C = A * B with mma.sync, ldmatrix and cp.async,
// double buffered. A is M x K row-major, B is K x N row-major (f16 bit
// patterns), C is M x N row-major f32. A block of four warps (2 x 2)
// computes a 64 x 64 tile of C, each warp 32 x 32 as 2 x 4 tiles of
// mma.sync.aligned.m16n8k16 (f32 accumulators). The K loop moves 64 x 32
// tiles of A and 32 x 64 tiles of B into shared memory with 16-byte
// cp.async copies, two stages: the copies of step k+1 are in flight while
// step k computes (cp.async.wait_group 1). Fragments come from shared
// memory with ldmatrix.x4 (A) and ldmatrix.x4.trans (B, row-major). The
// shared rows are padded by 8 halves (16 bytes), so that the eight 16-byte
// rows one ldmatrix reads fall in different banks.

#define BM 64
#define BN 64
#define BK 32
#define LDA (BK + 8) // shared row strides, in halves
#define LDB (BN + 8)

static __device__ __forceinline__ unsigned smem(const void *p) {
  unsigned a;
  asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(a) : "l"(p));
  return a;
}

static __device__ __forceinline__ void copy16(unsigned dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src));
}

extern "C" __global__ void gemm_mma_async(const unsigned short *A, const unsigned short *B, float *C,
                                          int M, int N, int K) {
  __shared__ __attribute__((aligned(128))) unsigned short As[2][BM * LDA];
  __shared__ __attribute__((aligned(128))) unsigned short Bs[2][BK * LDB];
  unsigned tid = threadIdx_x(), lane = tid % 32, warp = tid / 32;
  unsigned row0 = blockIdx_y() * BM, col0 = blockIdx_x() * BN;
  unsigned wm = warp / 2, wn = warp % 2;
  float acc[2][4][4];
#pragma unroll
  for (int i = 0; i < 2; i++)
#pragma unroll
    for (int j = 0; j < 4; j++)
#pragma unroll
      for (int e = 0; e < 4; e++)
        acc[i][j][e] = 0.0f;

  // Stage s of step k: each thread copies two 16-byte pieces of A and two
  // of B (8 halves each), and commits them as one group.
#define LOAD(s, k0)                                                           \
  do {                                                                        \
    _Pragma("unroll") for (unsigned i = tid; i < BM * BK / 8; i += 128) {     \
      unsigned r = i / (BK / 8), c = i % (BK / 8) * 8;                        \
      copy16(smem(&As[s][r * LDA + c]), &A[(row0 + r) * K + (k0) + c]);       \
    }                                                                         \
    _Pragma("unroll") for (unsigned i = tid; i < BK * BN / 8; i += 128) {     \
      unsigned r = i / (BN / 8), c = i % (BN / 8) * 8;                        \
      copy16(smem(&Bs[s][r * LDB + c]), &B[((k0) + r) * N + col0 + c]);      \
    }                                                                         \
    asm volatile("cp.async.commit_group;");                                   \
  } while (0)

  int steps = K / BK;
  LOAD(0, 0);
  for (int kt = 0; kt < steps; kt++) {
    int s = kt % 2;
    if (kt + 1 < steps) {
      LOAD(s ^ 1, (kt + 1) * BK);
      asm volatile("cp.async.wait_group 1;");
    } else {
      asm volatile("cp.async.wait_group 0;");
    }
    __syncthreads();
#pragma unroll
    for (int ks = 0; ks < BK; ks += 16) {
      unsigned a[2][4], b[4][2];
#pragma unroll
      for (int mi = 0; mi < 2; mi++) {
        // Lane l addresses row l % 16, column (l / 16) * 8 of the 16 x 16 A tile.
        unsigned addr = smem(&As[s][(wm * 32 + mi * 16 + lane % 16) * LDA + ks + lane / 16 * 8]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(a[mi][0]), "=r"(a[mi][1]), "=r"(a[mi][2]), "=r"(a[mi][3])
                     : "r"(addr));
      }
#pragma unroll
      for (int ni = 0; ni < 4; ni += 2) {
        // Lane l addresses k row l % 16 of two 8-column tiles (l / 16 picks one).
        unsigned addr = smem(&Bs[s][(ks + lane % 16) * LDB + wn * 32 + ni * 8 + lane / 16 * 8]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(b[ni][0]), "=r"(b[ni][1]), "=r"(b[ni + 1][0]), "=r"(b[ni + 1][1])
                     : "r"(addr));
      }
#pragma unroll
      for (int mi = 0; mi < 2; mi++)
#pragma unroll
        for (int ni = 0; ni < 4; ni++)
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                       "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                       : "+f"(acc[mi][ni][0]), "+f"(acc[mi][ni][1]), "+f"(acc[mi][ni][2]), "+f"(acc[mi][ni][3])
                       : "r"(a[mi][0]), "r"(a[mi][1]), "r"(a[mi][2]), "r"(a[mi][3]), "r"(b[ni][0]), "r"(b[ni][1]));
    }
    __syncthreads();
  }
  // c0, c1 at row g, columns 2t, 2t+1; c2, c3 at row g + 8.
  unsigned g = lane / 4, t = lane % 4;
#pragma unroll
  for (int mi = 0; mi < 2; mi++)
#pragma unroll
    for (int ni = 0; ni < 4; ni++) {
      unsigned r = row0 + wm * 32 + mi * 16 + g, c = col0 + wn * 32 + ni * 8 + 2 * t;
      C[r * N + c] = acc[mi][ni][0];
      C[r * N + c + 1] = acc[mi][ni][1];
      C[(r + 8) * N + c] = acc[mi][ni][2];
      C[(r + 8) * N + c + 1] = acc[mi][ni][3];
    }
}
