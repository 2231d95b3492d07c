// Device printf with every conversion, width and precision: thread 0
// prints each case on the device ("dev: ..."), and after the
// synchronisation the host prints the same formats with the same values
// ("host: ..."), so the test compares gpusim's formatting with the C
// library's line by line. Threads 1 and 2 print the return value of
// printf (the number of arguments, CUDA's rule) and a %s of a string in
// local memory.
#include "corpus.h"

#define CASES(P)                                                                      \
	P("[%d] [%i] [%u]", -42, 7, 4000000000u)                                          \
	P("[%5d] [%-5d] [%05d] [%+d] [% d]", 42, 42, 42, 42, 42)                          \
	P("[%.3d] [%8.3d] [%.0d]", 7, -7, 0)                                              \
	P("[%x] [%X] [%#x] [%#X] [%o] [%#o]", 255, 255, 255, 255, 8, 8)                   \
	P("[%8x] [%-8X] [%08x] [%.4x]", 0xbeefu, 0xbeefu, 0xbeefu, 0xabu)                 \
	P("[%c%c%c] [%3c] [%-3c]", 'G', 'P', 'U', 'x', 'y')                               \
	P("[%s] [%10s] [%-10s] [%.3s]", "hello", "right", "left", "truncate")             \
	P("[%f] [%.0f] [%.2f] [%10.3f] [%-10.1f]", 1.5, 2.5, 3.14159, -2.71828, 0.05)     \
	P("[%e] [%.3e] [%E] [%12.4e]", 123456.789, 0.000123, 1e-10, -5.5)                 \
	P("[%g] [%g] [%g] [%.3g] [%G] [%#g]", 0.0001, 123456789.0, 100000.0, 3.14159, 1e-20, 1.0) \
	P("[%lld] [%llu] [%llx] [%llX] [%lli]", -9000000000LL, 18000000000000000000ULL, 0xdeadbeefcafeULL, 0x1fULL, 1LL << 40) \
	P("[%ld] [%lu] [%lx]", -5000000000L, 5000000000UL, 0xfedcba987654UL)              \
	P("[%hd] [%hu] [%hhd] [%hhu]", 70000, 70000, 200, 300)                            \
	P("[%*d] [%-*d] [%.*f]", 6, 12, 6, 12, 2, 3.14159)                                \
	P("100%% [%%d] [%5.1f%%]", 99.5)

#define DEV(fmt, ...) printf("dev: " fmt "\n", __VA_ARGS__);
#define HOST(fmt, ...) printf("host: " fmt "\n", __VA_ARGS__);

__global__ void conversions()
{
	if (threadIdx.x == 0) {
		CASES(DEV)
		printf("dev: %p %p\n", (void *)0, (void *)0x7f00dead0000ULL);
	}
	if (threadIdx.x == 1) {
		int n = printf("count: %d %s %f\n", 1, "two", 3.0);
		int z = printf("count: none\n");
		printf("count: returned %d and %d\n", n, z);
	}
	if (threadIdx.x == 2) {
		char word[8] = {'l', 'o', 'c', 'a', 'l', 0};
		printf("local: [%s] [%6.3s]\n", word, word);
	}
}

int main()
{
	conversions<<<1, 32>>>();
	CHECK(cudaDeviceSynchronize());
	CASES(HOST)
	printf("host: %p %p\n", (void *)0, (void *)0x7f00dead0000ULL);
	printf("PASS\n");
	return 0;
}
