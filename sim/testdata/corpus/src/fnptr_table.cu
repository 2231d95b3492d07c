// Indirect calls through a table of function pointers that a module-scope
// initialiser fills in (an address initialiser naming functions): each
// lane of a warp calls another entry, so the warp's lanes diverge over
// four callees and reconverge after the call.
#include "corpus.h"

typedef int (*op_t)(int, int);
__device__ __noinline__ int op_add(int a, int b) { return a + b; }
__device__ __noinline__ int op_sub(int a, int b) { return a - b; }
__device__ __noinline__ int op_mul(int a, int b) { return a * b; }
__device__ __noinline__ int op_xor(int a, int b) { return (a ^ b) + 1; }
__device__ op_t ops[4] = {op_add, op_sub, op_mul, op_xor};

__global__ void apply(int *out, const int *sel, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int s = sel[i] & 3;
	int r = ops[s](i, 7);
	// After the divergent call every lane runs this together.
	out[i] = r + __popc(__activemask());
}

static int host_op(int s, int a, int b)
{
	switch (s) {
	case 0: return a + b;
	case 1: return a - b;
	case 2: return a * b;
	}
	return (a ^ b) + 1;
}

int main()
{
	const int n = 256;
	Buf<int> out(n), sel(n);
	unsigned seed = 1;
	for (int i = 0; i < n; i++)
		sel.h[i] = corpus_rand(&seed) % 4;
	sel.up();
	apply<<<n / 64, 64>>>(out.d, sel.d, n);
	CHECK(cudaDeviceSynchronize());
	out.down();
	for (int i = 0; i < n; i++)
		EXPECT(out.h[i] == host_op(sel.h[i], i, 7) + 32, "out[%d] = %d, want %d", i, out.h[i], host_op(sel.h[i], i, 7) + 32);
	printf("PASS\n");
	return 0;
}
