// A bitonic sort of 512 keys in shared memory by one block.
#include "corpus.h"

__global__ void bitonic(int *keys)
{
	__shared__ int s[512];
	int t = threadIdx.x;
	s[t] = keys[t];
	s[t + 256] = keys[t + 256];
	__syncthreads();
	for (int k = 2; k <= 512; k *= 2)
		for (int j = k / 2; j > 0; j /= 2) {
			for (int i = t; i < 512; i += 256) {
				int p = i ^ j;
				if (p > i) {
					bool up = (i & k) == 0;
					if ((s[i] > s[p]) == up) {
						int x = s[i];
						s[i] = s[p];
						s[p] = x;
					}
				}
			}
			__syncthreads();
		}
	keys[t] = s[t];
	keys[t + 256] = s[t + 256];
}

static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

int main()
{
	Buf<int> keys(512);
	int want[512];
	unsigned s = 31;
	for (int i = 0; i < 512; i++)
		keys.h[i] = want[i] = (int)(corpus_rand(&s) % 10000) - 5000;
	keys.up();
	bitonic<<<1, 256>>>(keys.d);
	CHECK(cudaDeviceSynchronize());
	keys.down();
	qsort(want, 512, sizeof(int), cmp);
	for (int i = 0; i < 512; i++)
		EXPECT(keys.h[i] == want[i], "key %d: %d, want %d", i, keys.h[i], want[i]);
	printf("PASS\n");
	return 0;
}
