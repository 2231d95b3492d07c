// Kernel parameters of every kind by value: a struct with mixed members
// and padding, a union, a __half, a struct holding an array, and scalars
// around them (PTX lays them out as .param .align N .b8 name[SIZE]).
#include "check.h"
#include <cuda_fp16.h>
#include <cstring>

struct Mixed {
	char tag;      // then 3 bytes of padding
	int count;
	double scale;  // 8-byte aligned
	short small;   // then 6 bytes of tail padding
};

union Bits {
	float f;
	unsigned int u;
};

struct Table {
	int values[5];
	float weight;
};

__global__ void take(Mixed m, Bits b, __half h, Table t, char c, double d, float *out)
{
	if (threadIdx.x != 0 || blockIdx.x != 0)
		return;
	out[0] = m.tag;
	out[1] = m.count;
	out[2] = (float)m.scale;
	out[3] = m.small;
	out[4] = b.f;
	out[5] = (float)(b.u & 0xffff);
	out[6] = __half2float(h);
	int s = 0;
	for (int i = 0; i < 5; i++)
		s += t.values[i];
	out[7] = s;
	out[8] = t.weight;
	out[9] = c;
	out[10] = (float)d;
}

int main()
{
	Mixed m = {'Q', -123, 0.25, 31000};
	Bits b;
	b.f = 1.5f;
	__half h = __float2half(-2.75f);
	Table t = {{1, 2, 3, 4, 5}, 0.125f};
	float *dout;
	CHECK(cudaMalloc(&dout, 11 * sizeof(float)));
	CHECK(cudaMemset(dout, 0, 11 * sizeof(float)));
	take<<<2, 32>>>(m, b, h, t, 'z', -6.5, dout);
	CHECK(cudaGetLastError());
	float got[11];
	CHECK(cudaMemcpy(got, dout, sizeof(got), cudaMemcpyDeviceToHost));
	float want[11] = {'Q', -123, 0.25f, 31000, 1.5f, (float)(b.u & 0xffff), -2.75f, 15, 0.125f, 'z', -6.5f};
	for (int i = 0; i < 11; i++)
		EXPECT(got[i] == want[i], "out[%d] = %g, want %g", i, got[i], want[i]);
	printf("PASS\n");
	return 0;
}
