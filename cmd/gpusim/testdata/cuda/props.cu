// Device queries: properties and attributes agree with each other and with
// the machine model (the test passes its SM count and clock), occupancy
// and function attributes come from the simulator's calculator, and
// versions and limits read back.
#include "check.h"
#include <cstring>

__global__ void big(float *x)
{
	__shared__ float buf[2048]; // 8 KiB of static shared memory
	buf[threadIdx.x] = x[threadIdx.x];
	__syncthreads();
	x[threadIdx.x] = buf[(threadIdx.x + 1) % blockDim.x];
}

int main(int argc, char **argv)
{
	EXPECT(argc == 3, "usage: props SMS CLOCK_KHZ");
	int wantSMs = atoi(argv[1]), wantClock = atoi(argv[2]);
	int count = 0, dev = -1;
	CHECK(cudaGetDeviceCount(&count));
	EXPECT(count == 1, "%d devices", count);
	CHECK(cudaSetDevice(0));
	CHECK(cudaGetDevice(&dev));
	EXPECT(dev == 0, "device %d", dev);
	EXPECT(cudaSetDevice(1) == cudaErrorInvalidDevice, "cudaSetDevice(1)");
	cudaGetLastError();
	cudaDeviceProp p;
	CHECK(cudaGetDeviceProperties(&p, 0));
	EXPECT(p.multiProcessorCount == wantSMs, "%d SMs, want %d", p.multiProcessorCount, wantSMs);
	EXPECT(p.clockRate == wantClock, "clock %d kHz, want %d", p.clockRate, wantClock);
	EXPECT(p.major == 7 && p.minor == 5, "compute capability %d.%d", p.major, p.minor);
	EXPECT(p.warpSize == 32, "warp size %d", p.warpSize);
	EXPECT(strstr(p.name, "RTX 2060") != NULL, "name %s", p.name);
	EXPECT(p.unifiedAddressing == 1 && p.managedMemory == 1, "UVA %d managed %d", p.unifiedAddressing, p.managedMemory);
	struct { cudaDeviceAttr a; int want; } attrs[] = {
		{cudaDevAttrMultiProcessorCount, p.multiProcessorCount},
		{cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock},
		{cudaDevAttrMaxSharedMemoryPerBlock, (int)p.sharedMemPerBlock},
		{cudaDevAttrMaxSharedMemoryPerBlockOptin, (int)p.sharedMemPerBlockOptin},
		{cudaDevAttrMaxRegistersPerBlock, p.regsPerBlock},
		{cudaDevAttrClockRate, p.clockRate},
		{cudaDevAttrComputeCapabilityMajor, p.major},
		{cudaDevAttrComputeCapabilityMinor, p.minor},
		{cudaDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor},
		{cudaDevAttrL2CacheSize, p.l2CacheSize},
		{cudaDevAttrMaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor},
		{cudaDevAttrMaxGridDimY, p.maxGridSize[1]},
		{cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2]},
	};
	for (auto &at : attrs) {
		int v = -1;
		CHECK(cudaDeviceGetAttribute(&v, at.a, 0));
		EXPECT(v == at.want, "attribute %d = %d, property %d", (int)at.a, v, at.want);
	}
	size_t freeb, total;
	CHECK(cudaMemGetInfo(&freeb, &total));
	EXPECT(total == p.totalGlobalMem && freeb <= total, "free %zu total %zu", freeb, total);
	int rv, dv;
	CHECK(cudaRuntimeGetVersion(&rv));
	CHECK(cudaDriverGetVersion(&dv));
	EXPECT(rv >= 11000 && dv >= rv, "versions %d %d", rv, dv);
	size_t fifo;
	CHECK(cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize));
	EXPECT(fifo == 1 << 20, "printf FIFO %zu", fifo);
	CHECK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 4096));
	CHECK(cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize));
	EXPECT(fifo == 4096, "printf FIFO after set %zu", fifo);

	cudaFuncAttributes fa;
	CHECK(cudaFuncGetAttributes(&fa, big));
	EXPECT(fa.sharedSizeBytes == 8192, "static shared %zu", fa.sharedSizeBytes);
	EXPECT(fa.numRegs > 0 && fa.numRegs <= 255, "registers %d", fa.numRegs);
	EXPECT(fa.maxThreadsPerBlock == 1024, "max threads per block %d", fa.maxThreadsPerBlock);
	EXPECT(fa.binaryVersion == 75, "binary version %d", fa.binaryVersion);
	int blocks = 0;
	CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, big, 256, 0));
	// 64 KiB of shared memory per SM holds 8 blocks of 8 KiB; warps allow 4.
	EXPECT(blocks == 4, "%d blocks of 256 threads per SM", blocks);
	CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, big, 64, 0));
	EXPECT(blocks == 8, "%d blocks of 64 threads per SM (shared memory bound)", blocks);
	CHECK(cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, 32768));
	EXPECT(cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, 1 << 20) == cudaErrorInvalidValue, "1 MiB of dynamic shared memory accepted");
	cudaGetLastError();
	printf("PASS\n");
	return 0;
}
