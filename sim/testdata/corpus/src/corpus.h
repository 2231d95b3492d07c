// Shared by the corpus programs (sim/testdata/corpus): each is a CUDA
// program written for gpusim's tests that checks its kernels' results on
// the host and prints PASS, or FAIL and why. regen.sh compiles their
// device code to the committed PTX; cmd/gpusim's TestCorpusPrograms runs
// them under gpusim exec.
#ifndef CORPUS_H
#define CORPUS_H
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
	do {                                                                         \
		cudaError_t err_ = (call);                                               \
		if (err_ != cudaSuccess) {                                               \
			printf("FAIL: %s:%d: %s: %s\n", __FILE__, __LINE__, #call,           \
			       cudaGetErrorName(err_));                                      \
			exit(1);                                                             \
		}                                                                        \
	} while (0)

#define EXPECT(cond, ...)                                                        \
	do {                                                                         \
		if (!(cond)) {                                                           \
			printf("FAIL: %s:%d: %s: ", __FILE__, __LINE__, #cond);              \
			printf(__VA_ARGS__);                                                 \
			printf("\n");                                                        \
			exit(1);                                                             \
		}                                                                        \
	} while (0)

// A deterministic pseudo-random sequence (xorshift32) for inputs.
static inline unsigned corpus_rand(unsigned *s)
{
	unsigned x = *s;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *s = x;
}

// Device buffers with a host copy.
template <typename T> struct Buf {
	T *h, *d;
	size_t n;
	explicit Buf(size_t n_) : n(n_)
	{
		h = (T *)calloc(n, sizeof(T));
		CHECK(cudaMalloc(&d, n * sizeof(T)));
		CHECK(cudaMemset(d, 0, n * sizeof(T)));
	}
	void up() { CHECK(cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice)); }
	void down() { CHECK(cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost)); }
};
#endif
