// The call stack limit: a deep recursion runs with cudaLimitStackSize
// raised, and with the default 1 KiB it overflows, which the program sees
// as an error at the next synchronisation (cudaErrorHardwareStackError).
#include "corpus.h"

__device__ __noinline__ int depth(int n, int *trace)
{
	volatile int local[4];
	local[n & 3] = n;
	if (n == 0)
		return 0;
	int r = depth(n - 1, trace);
	trace[(n + r) & 63] += local[n & 3];
	return r + 1 + local[n & 3] - n;
}

__global__ void deep(int *out, int *trace, int n) { out[threadIdx.x] = depth(n, trace); }

int main()
{
	Buf<int> out(32), trace(64);
	size_t def = 0;
	CHECK(cudaDeviceGetLimit(&def, cudaLimitStackSize));
	EXPECT(def == 1024, "default stack %zu", def);
	CHECK(cudaDeviceSetLimit(cudaLimitStackSize, 64 << 10));
	deep<<<1, 32>>>(out.d, trace.d, 200);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int i = 0; i < 32; i++)
		EXPECT(out.h[i] == 200, "depth %d", out.h[i]);
	CHECK(cudaDeviceSetLimit(cudaLimitStackSize, 1024));
	deep<<<1, 32>>>(out.d, trace.d, 200);
	cudaError_t e = cudaDeviceSynchronize();
	EXPECT(e != cudaSuccess, "a 200-deep recursion fitted a 1 KiB stack");
	printf("overflow: %s\n", cudaGetErrorName(e));
	printf("PASS\n");
	return 0;
}
