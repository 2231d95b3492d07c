// A kernel that never terminates: it waits for a flag nobody sets. Under
// gpusim exec with -max-cycles (or -max-warp-insts) the launch is stopped
// as a watchdog would stop it, and the program gets cudaErrorLaunchTimeout
// from its next synchronising call. Without limits it runs until a signal
// ends the program (exec_test.go sends one).
#include "check.h"

__global__ void wait_forever(volatile int *flag, int *out)
{
	int spins = 0;
	while (*flag == 0) {
		spins++;
	}
	out[threadIdx.x] = spins;
}

int main()
{
	int *flag, *out;
	CHECK(cudaMalloc(&flag, sizeof(int)));
	CHECK(cudaMalloc(&out, 32 * sizeof(int)));
	CHECK(cudaMemset(flag, 0, sizeof(int)));
	printf("launching\n");
	fflush(stdout);
	wait_forever<<<1, 32>>>(flag, out);
	cudaError_t e = cudaDeviceSynchronize();
	EXPECT(e == cudaErrorLaunchTimeout, "cudaDeviceSynchronize gave %s, want cudaErrorLaunchTimeout", cudaGetErrorName(e));
	printf("%s\n", cudaGetErrorName(e));
	printf("PASS\n");
	return 0;
}
