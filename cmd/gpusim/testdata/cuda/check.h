// Shared by the test programs of gpusim exec (exec_test.go). Each program
// checks its own results on the host and prints PASS, or FAIL and why.
#ifndef CHECK_H
#define CHECK_H
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
	do {                                                                         \
		cudaError_t err_ = (call);                                               \
		if (err_ != cudaSuccess) {                                               \
			printf("FAIL: %s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,      \
			       cudaGetErrorName(err_), cudaGetErrorString(err_));            \
			exit(1);                                                             \
		}                                                                        \
	} while (0)

#define EXPECT(cond, ...)                                                        \
	do {                                                                         \
		if (!(cond)) {                                                           \
			printf("FAIL: %s:%d: %s: ", __FILE__, __LINE__, #cond);              \
			printf(__VA_ARGS__);                                                 \
			printf("\n");                                                        \
			exit(1);                                                             \
		}                                                                        \
	} while (0)

#endif
