// Module-scope variables whose initialisers hold addresses: a pointer
// into an array (generic(x)+8), an array of pointers, a struct holding a
// pointer (and, packed, one at an unaligned offset: clang writes it byte
// by byte), a pointer to a pointer, and a table of strings. (A pointer to
// a __constant__ array is in the hand-written init_bytes.ptx: nvcc reads
// through such a pointer with ld.global, which works on hardware, where
// constant memory is device memory, but faults in gpusim, whose constant
// bank is apart from global memory.)
#include "corpus.h"

__device__ int values[8] = {10, 11, 12, 13, 14, 15, 16, 17};
__device__ int *second = &values[2];
__device__ int *pair[2] = {&values[0], &values[7]};
struct Holder {
	int tag;
	int *p;
};
__device__ Holder holder = {5, &values[4]};
struct __attribute__((packed)) Packed {
	char c;
	int *p;
};
__device__ Packed packed = {'z', &values[6]};
__device__ const int coeffs[4] = {100, 200, 300, 400};
__device__ const int *cptr = &coeffs[3];
__device__ const char *names[3] = {"alpha", "be", "gamma!"};
__device__ int **pp = &pair[1];

__global__ void read(int *out)
{
	out[0] = *second;
	out[1] = *pair[0] + *pair[1];
	out[2] = holder.tag + *holder.p;
	out[3] = packed.c + *packed.p;
	out[4] = *cptr;
	int len = 0;
	for (int i = 0; i < 3; i++)
		for (const char *s = names[i]; *s; s++)
			len += *s;
	out[5] = len;
	out[6] = **pp;
	second[1] += 1000; // writes through an initialised pointer
	out[7] = values[3];
}

int main()
{
	Buf<int> out(8);
	read<<<1, 1>>>(out.d);
	CHECK(cudaDeviceSynchronize());
	out.down();
	int len = 0;
	for (const char *s : {"alpha", "be", "gamma!"})
		for (; *s; s++)
			len += *s;
	int want[8] = {12, 10 + 17, 5 + 14, 'z' + 16, 400, len, 17, 1013};
	for (int i = 0; i < 8; i++)
		EXPECT(out.h[i] == want[i], "out[%d] = %d, want %d", i, out.h[i], want[i]);
	printf("PASS\n");
	return 0;
}
