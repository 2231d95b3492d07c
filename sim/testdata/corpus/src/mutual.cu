// Mutual recursion (is_even/is_odd) and a recursive quicksort of a
// per-thread array in local memory.
#include "corpus.h"

__device__ __noinline__ bool is_odd(unsigned n);
__device__ __noinline__ bool is_even(unsigned n) { return n == 0 ? true : is_odd(n - 1); }
__device__ __noinline__ bool is_odd(unsigned n) { return n == 0 ? false : is_even(n - 1); }

__device__ __noinline__ void qsort_rec(int *a, int lo, int hi)
{
	if (lo >= hi)
		return;
	int p = a[(lo + hi) / 2], i = lo, j = hi;
	while (i <= j) {
		while (a[i] < p)
			i++;
		while (a[j] > p)
			j--;
		if (i <= j) {
			int t = a[i];
			a[i] = a[j];
			a[j] = t;
			i++;
			j--;
		}
	}
	qsort_rec(a, lo, j);
	qsort_rec(a, i, hi);
}

__global__ void kern(int *parity, int *sorted, unsigned seed0)
{
	int t = threadIdx.x;
	parity[t] = is_even(t * 3 + 1) ? 2 : 1;
	int a[16];
	unsigned s = seed0 + t * 7919u;
	for (int i = 0; i < 16; i++) {
		s = s * 1103515245u + 12345u;
		a[i] = (int)(s >> 16) % 1000 - 500;
	}
	qsort_rec(a, 0, 15);
	for (int i = 0; i < 16; i++)
		sorted[t * 16 + i] = a[i];
}

int main()
{
	const int threads = 32;
	Buf<int> parity(threads), sorted(threads * 16);
	CHECK(cudaDeviceSetLimit(cudaLimitStackSize, 16384));
	kern<<<1, threads>>>(parity.d, sorted.d, 99u);
	CHECK(cudaDeviceSynchronize());
	parity.down();
	sorted.down();
	for (int t = 0; t < threads; t++) {
		EXPECT(parity.h[t] == ((t * 3 + 1) % 2 == 0 ? 2 : 1), "parity of %d", t * 3 + 1);
		int a[16];
		unsigned s = 99u + t * 7919u;
		for (int i = 0; i < 16; i++) {
			s = s * 1103515245u + 12345u;
			a[i] = (int)(s >> 16) % 1000 - 500;
		}
		for (int i = 1; i < 16; i++)
			for (int j = i; j > 0 && a[j] < a[j - 1]; j--) {
				int x = a[j];
				a[j] = a[j - 1];
				a[j - 1] = x;
			}
		for (int i = 0; i < 16; i++)
			EXPECT(sorted.h[t * 16 + i] == a[i], "thread %d element %d: %d, want %d", t, i, sorted.h[t * 16 + i], a[i]);
	}
	printf("PASS\n");
	return 0;
}
