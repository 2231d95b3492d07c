// C side of gpusim's libcudart: what Go cannot do itself.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cudart.h"
#include "_cgo_export.h"

// gpusim_thread names the calling host thread (the runtime keeps the last
// error and the <<<...>>> configurations per thread).
unsigned long long gpusim_thread(void) { return (unsigned long long)pthread_self(); }

// gpusim_write prints through the C library's streams, so that device
// printf output and the program's own printf share stdout's buffer and
// keep their order, as with NVIDIA's runtime.
void gpusim_write(int fd, const char *p, size_t n)
{
	FILE *f = fd == 1 ? stdout : stderr;
	fwrite(p, 1, n, f);
	if (fd != 1)
		fflush(f);
}

void gpusim_call_host_fn(gpusim_hostFn fn, void *userData) { fn(userData); }

void gpusim_call_stream_callback(gpusim_streamCallback fn, cudaStream_t stream, cudaError_t status, void *userData)
{
	fn(stream, status, userData);
}

// The report is written when the program exits. The library's constructor
// runs before the program's (a dependency is initialised first), so this
// handler runs after the program's own, which unregister its fat binaries.
static void gpusim_atexit(void) { gpusimExit(); }

__attribute__((constructor)) static void gpusim_init(void) { atexit(gpusim_atexit); }

// cudaCreateChannelDesc returns a struct by value, which a Go export
// cannot; it is plain data (textures themselves are not supported).
gpusim_channelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, int f)
{
	gpusim_channelFormatDesc d = {x, y, z, w, f};
	return d;
}

// cudaGetDeviceProperties_v2 is what CUDA 12 programs call
// (cuda_runtime_api.h maps cudaGetDeviceProperties to it). Its struct is
// the CUDA 11.8 one followed by 13 more ints and 63 reserved ones, 1032
// bytes in all (CUDA 12.x driver_types.h); the features those ints
// describe are all absent here, so they are 0.
cudaError_t cudaGetDeviceProperties_v2(gpusim_deviceProp *prop, int device)
{
	cudaError_t e = cudaGetDeviceProperties(prop, device);
	if (e == 0)
		memset((char *)prop + sizeof(gpusim_deviceProp), 0, 1032 - sizeof(gpusim_deviceProp));
	return e;
}
