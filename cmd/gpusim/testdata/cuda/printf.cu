// Device printf: every conversion kind from a few threads, printed at the
// synchronisation in launch order. The expected lines are what the C
// library prints for the same formats and values; the program cannot see
// its own stdout, so it prints PASS after synchronising and the test
// compares the lines (exec_test.go).
#include "check.h"

__global__ void hello(int base, float f, const char *word)
{
	int t = threadIdx.x;
	if (t < 3)
		printf("thread %d of block %d: %5d|%-4x|%+.2f|%e|%g|%s|%c|%%\n", t, blockIdx.x, base + t, 255 + t, f * t, f, f / 3, word, 'A' + t);
	if (t == 0 && blockIdx.x == 0)
		printf("long %lld unsigned %u hex %#llx ptr-null %p\n", -1234567890123LL, 4000000000u, 0xfeedULL, (void *)0);
}

int main()
{
	char *word;
	CHECK(cudaMalloc(&word, 8));
	CHECK(cudaMemcpy(word, "gpusim", 7, cudaMemcpyHostToDevice));
	hello<<<2, 32>>>(100, 1.25f, word);
	CHECK(cudaDeviceSynchronize());
	printf("PASS\n");
	return 0;
}
