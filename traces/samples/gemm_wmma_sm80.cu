// gemm_wmma_sm80: C = A * B on the tensor cores through wmma (the
// m16n16k16 f16 multiply with f32 accumulation). A is M x K row-major, B is
// K x N column-major (both f16 bit patterns), C is M x N row-major f32.
// A block of four warps computes a 32 x 32 tile of C, each warp a 16 x 16
// sub-tile; every step of the K loop stages a 32 x 16 tile of A and a
// 16 x 32 tile of B in shared memory. The clang and nvcc builtins below are
// what CUDA's <mma.h> (nvcuda::wmma::load_matrix_sync, mma_sync,
// store_matrix_sync) call.

#define TILE 32

extern "C" __global__ void gemm_wmma(const unsigned short *A, const unsigned short *B, float *C,
                                     int M, int N, int K) {
  __shared__ __attribute__((aligned(32))) unsigned short As[TILE * 16]; // rows of A, 16 halves each
  __shared__ __attribute__((aligned(32))) unsigned short Bs[TILE * 16]; // columns of B, 16 halves each
  unsigned tid = threadIdx_x(), warp = tid / 32;
  unsigned row0 = blockIdx_y() * TILE, col0 = blockIdx_x() * TILE;
  unsigned wm = warp / 2, wn = warp % 2;
  float acc[8];
  for (int i = 0; i < 8; i++)
    acc[i] = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 16) {
    // 128 threads copy 32 x 16 halves of A and of B, 4 each, as 2 words.
    for (unsigned i = tid; i < TILE * 8; i += 128) {
      unsigned r = i / 8, c = i % 8 * 2;
      ((unsigned *)As)[i] = *(const unsigned *)&A[(row0 + r) * K + k0 + c];
      ((unsigned *)Bs)[i] = *(const unsigned *)&B[(col0 + r) * K + k0 + c];
    }
    __syncthreads();
    int a[8], b[8];
    __hmma_m16n16k16_ld_a(a, (const int *)&As[wm * 16 * 16], 16, 0);
    __hmma_m16n16k16_ld_b(b, (const int *)&Bs[wn * 16 * 16], 16, 1);
    __hmma_m16n16k16_mma_f32f32(acc, a, b, acc, 1, 0); // a row-major, b column-major
    __syncthreads();
  }
  __hmma_m16n16k16_st_c_f32(&C[(row0 + wm * 16) * N + col0 + wn * 16], acc, N, 0);
}
