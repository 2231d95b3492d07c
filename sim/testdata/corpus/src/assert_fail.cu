// Device assert: in a device function called from the kernel, two threads
// of one warp fail (their lines name the function, block and thread);
// the program gets cudaErrorAssert from the synchronisation and it
// sticks. The test checks the stderr lines.
#include "corpus.h"
#include <cassert>

__device__ __noinline__ void check_range(const int *v, int i)
{
	assert(v[i] < 100);
}

__global__ void scan(const int *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		check_range(v, i);
}

int main()
{
	const int n = 96;
	Buf<int> v(n);
	for (int i = 0; i < n; i++)
		v.h[i] = i == 40 || i == 45 ? 1000 + i : i;
	v.up();
	scan<<<3, 32>>>(v.d, n);
	cudaError_t e = cudaDeviceSynchronize();
	EXPECT(e == cudaErrorAssert, "got %s", cudaGetErrorName(e));
	e = cudaMemcpy(v.h, v.d, sizeof(int), cudaMemcpyDeviceToHost);
	EXPECT(e == cudaErrorAssert, "later call got %s", cudaGetErrorName(e));
	printf("PASS\n");
	return 0;
}
