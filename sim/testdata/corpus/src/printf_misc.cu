// Device printf in divergent code, inside a recursive device function and
// through an indirect call, with %s arguments in shared memory, in a
// module-scope table of strings and in a kernel parameter. The test
// compares the lines (in any order across threads) with the expected ones
// the host prints after "expect:".
#include "corpus.h"

__device__ const char *colours[3] = {"red", "green", "blue"};
__device__ __noinline__ void countdown(int t, int n)
{
	printf("countdown %d: %d\n", t, n);
	if (n > 0)
		countdown(t, n - 1);
}
typedef void (*say_t)(int);
__device__ __noinline__ void say_even(int t) { printf("even %d\n", t); }
__device__ __noinline__ void say_odd(int t) { printf("odd %d (%s)\n", t, t % 4 == 1 ? "one" : "three"); }
__device__ say_t says[2] = {say_even, say_odd};

__global__ void talk(const char *label)
{
	__shared__ char word[8];
	int t = threadIdx.x;
	if (t == 0) {
		word[0] = 's', word[1] = 'h', word[2] = 0;
	}
	__syncthreads();
	if (t < 6)
		says[t % 2](t);
	if (t == 7)
		countdown(t, 2);
	if (t >= 8 && t < 11)
		printf("colour %d: %s %s %s\n", t, colours[t - 8], word, label);
}

int main()
{
	char *label;
	CHECK(cudaMalloc(&label, 8));
	CHECK(cudaMemcpy(label, "param", 6, cudaMemcpyHostToDevice));
	CHECK(cudaDeviceSetLimit(cudaLimitStackSize, 4096));
	talk<<<1, 32>>>(label);
	CHECK(cudaDeviceSynchronize());
	const char *cols[3] = {"red", "green", "blue"};
	for (int t = 0; t < 6; t++) {
		if (t % 2 == 0)
			printf("expect: even %d\n", t);
		else
			printf("expect: odd %d (%s)\n", t, t % 4 == 1 ? "one" : "three");
	}
	for (int n = 2; n >= 0; n--)
		printf("expect: countdown 7: %d\n", n);
	for (int t = 8; t < 11; t++)
		printf("expect: colour %d: %s sh param\n", t, cols[t - 8]);
	printf("PASS\n");
	return 0;
}
