// Recursion with a per-thread call stack: tree-recursive fib, a recursive
// depth-first sum over an implicit binary tree, and Ackermann's function
// for small arguments, each thread with its own arguments.
#include "corpus.h"

__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__device__ __noinline__ long long tree_sum(const int *v, int node, int n)
{
	if (node >= n)
		return 0;
	return v[node] + tree_sum(v, 2 * node + 1, n) + tree_sum(v, 2 * node + 2, n);
}

__device__ __noinline__ int ack(int m, int n)
{
	if (m == 0)
		return n + 1;
	if (n == 0)
		return ack(m - 1, 1);
	return ack(m - 1, ack(m, n - 1));
}

__global__ void rec(int *fibs, long long *sums, int *acks, const int *v, int n)
{
	int t = threadIdx.x;
	fibs[t] = fib(t % 12);
	sums[t] = tree_sum(v, t % 9, n);
	acks[t] = ack(t % 3, t % 4);
}

static int hfib(int n) { return n < 2 ? n : hfib(n - 1) + hfib(n - 2); }
static long long hsum(const int *v, int node, int n) { return node >= n ? 0 : v[node] + hsum(v, 2 * node + 1, n) + hsum(v, 2 * node + 2, n); }
static int hack(int m, int n) { return m == 0 ? n + 1 : n == 0 ? hack(m - 1, 1) : hack(m - 1, hack(m, n - 1)); }

int main()
{
	const int threads = 64, n = 40;
	Buf<int> fibs(threads), acks(threads), v(n);
	Buf<long long> sums(threads);
	for (int i = 0; i < n; i++)
		v.h[i] = i * 3 + 1;
	v.up();
	CHECK(cudaDeviceSetLimit(cudaLimitStackSize, 8192));
	rec<<<1, threads>>>(fibs.d, sums.d, acks.d, v.d, n);
	CHECK(cudaDeviceSynchronize());
	fibs.down();
	sums.down();
	acks.down();
	for (int t = 0; t < threads; t++) {
		EXPECT(fibs.h[t] == hfib(t % 12), "fib(%d) = %d", t % 12, fibs.h[t]);
		EXPECT(sums.h[t] == hsum(v.h, t % 9, n), "tree_sum(%d) = %lld", t % 9, sums.h[t]);
		EXPECT(acks.h[t] == hack(t % 3, t % 4), "ack(%d, %d) = %d", t % 3, t % 4, acks.h[t]);
	}
	printf("PASS\n");
	return 0;
}
