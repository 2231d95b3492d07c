/*
 * The C types of the CUDA runtime API that gpusim's libcudart takes and
 * fills, declared here from their published layout (CUDA 11.8
 * driver_types.h and vector_types.h, x86-64 Linux) so that the library
 * builds without the CUDA toolkit. The tests compare sizes and offsets with
 * the toolkit's headers when it is installed (layout_test.go).
 */
#ifndef GPUSIM_CUDART_H
#define GPUSIM_CUDART_H

#include <stddef.h>
#include <stdint.h>

typedef int cudaError_t;
/* Streams and events are opaque pointers in CUDA; here they are handles the
   program never dereferences, so they cross into Go as integers. */
typedef uintptr_t cudaStream_t;
typedef uintptr_t cudaEvent_t;

typedef struct { unsigned int x, y, z; } gpusim_dim3; /* dim3 and uint3 */

/* struct cudaDeviceProp of CUDA 11.8: 728 bytes. */
typedef struct {
	char name[256];
	char uuid[16];
	char luid[8];
	unsigned int luidDeviceNodeMask;
	size_t totalGlobalMem;
	size_t sharedMemPerBlock;
	int regsPerBlock;
	int warpSize;
	size_t memPitch;
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
	int clockRate;
	size_t totalConstMem;
	int major;
	int minor;
	size_t textureAlignment;
	size_t texturePitchAlignment;
	int deviceOverlap;
	int multiProcessorCount;
	int kernelExecTimeoutEnabled;
	int integrated;
	int canMapHostMemory;
	int computeMode;
	int maxTexture1D;
	int maxTexture1DMipmap;
	int maxTexture1DLinear;
	int maxTexture2D[2];
	int maxTexture2DMipmap[2];
	int maxTexture2DLinear[3];
	int maxTexture2DGather[2];
	int maxTexture3D[3];
	int maxTexture3DAlt[3];
	int maxTextureCubemap;
	int maxTexture1DLayered[2];
	int maxTexture2DLayered[3];
	int maxTextureCubemapLayered[2];
	int maxSurface1D;
	int maxSurface2D[2];
	int maxSurface3D[3];
	int maxSurface1DLayered[2];
	int maxSurface2DLayered[3];
	int maxSurfaceCubemap;
	int maxSurfaceCubemapLayered[2];
	size_t surfaceAlignment;
	int concurrentKernels;
	int ECCEnabled;
	int pciBusID;
	int pciDeviceID;
	int pciDomainID;
	int tccDriver;
	int asyncEngineCount;
	int unifiedAddressing;
	int memoryClockRate;
	int memoryBusWidth;
	int l2CacheSize;
	int persistingL2CacheMaxSize;
	int maxThreadsPerMultiProcessor;
	int streamPrioritiesSupported;
	int globalL1CacheSupported;
	int localL1CacheSupported;
	size_t sharedMemPerMultiprocessor;
	int regsPerMultiprocessor;
	int managedMemory;
	int isMultiGpuBoard;
	int multiGpuBoardGroupID;
	int hostNativeAtomicSupported;
	int singleToDoublePrecisionPerfRatio;
	int pageableMemoryAccess;
	int concurrentManagedAccess;
	int computePreemptionSupported;
	int canUseHostPointerForRegisteredMem;
	int cooperativeLaunch;
	int cooperativeMultiDeviceLaunch;
	size_t sharedMemPerBlockOptin;
	int pageableMemoryAccessUsesHostPageTables;
	int directManagedMemAccessFromHost;
	int maxBlocksPerMultiProcessor;
	int accessPolicyMaxWindowSize;
	size_t reservedSharedMemPerBlock;
} gpusim_deviceProp;

/* struct cudaFuncAttributes: 56 bytes. */
typedef struct {
	size_t sharedSizeBytes;
	size_t constSizeBytes;
	size_t localSizeBytes;
	int maxThreadsPerBlock;
	int numRegs;
	int ptxVersion;
	int binaryVersion;
	int cacheModeCA;
	int maxDynamicSharedSizeBytes;
	int preferredShmemCarveout;
} gpusim_funcAttributes;

/* struct cudaPointerAttributes. */
typedef struct {
	int type;
	int device;
	void *devicePointer;
	void *hostPointer;
} gpusim_pointerAttributes;

/* struct cudaChannelFormatDesc. */
typedef struct {
	int x, y, z, w;
	int f;
} gpusim_channelFormatDesc;

/* Arrays are opaque pointers in CUDA (cudaArray_t); here they are handles
   the program never dereferences. */
typedef uintptr_t gpusim_array_t;

/* struct cudaExtent (and struct cudaPos: x, y, z). */
typedef struct {
	size_t width;
	size_t height;
	size_t depth;
} gpusim_extent;

typedef struct {
	size_t x;
	size_t y;
	size_t z;
} gpusim_pos;

/* struct cudaPitchedPtr. */
typedef struct {
	void *ptr;
	size_t pitch;
	size_t xsize;
	size_t ysize;
} gpusim_pitchedPtr;

/* struct cudaMemcpy3DParms. */
typedef struct {
	gpusim_array_t srcArray;
	gpusim_pos srcPos;
	gpusim_pitchedPtr srcPtr;
	gpusim_array_t dstArray;
	gpusim_pos dstPos;
	gpusim_pitchedPtr dstPtr;
	gpusim_extent extent;
	int kind;
} gpusim_memcpy3DParms;

/* struct cudaResourceDesc: resType, then the union res, whose largest
   member res.pitch2D these are. res.array.array, res.mipmap.mipmap and
   res.linear.devPtr are its devPtr; res.linear.desc its desc;
   res.linear.sizeInBytes its width. */
typedef struct {
	int resType;
	void *devPtr;
	gpusim_channelFormatDesc desc;
	size_t width;
	size_t height;
	size_t pitchInBytes;
} gpusim_resourceDesc;

/* struct cudaTextureDesc (and cudaTextureDesc_v2, one int more). */
typedef struct {
	int addressMode[3];
	int filterMode;
	int readMode;
	int sRGB;
	float borderColor[4];
	int normalizedCoords;
	unsigned int maxAnisotropy;
	int mipmapFilterMode;
	float mipmapLevelBias;
	float minMipmapLevelClamp;
	float maxMipmapLevelClamp;
	int disableTrilinearOptimization;
} gpusim_textureDesc;

typedef struct {
	int addressMode[3];
	int filterMode;
	int readMode;
	int sRGB;
	float borderColor[4];
	int normalizedCoords;
	unsigned int maxAnisotropy;
	int mipmapFilterMode;
	float mipmapLevelBias;
	float minMipmapLevelClamp;
	float maxMipmapLevelClamp;
	int disableTrilinearOptimization;
	int seamlessCubemap;
} gpusim_textureDescV2;

typedef void (*gpusim_hostFn)(void *userData);
typedef void (*gpusim_streamCallback)(cudaStream_t stream, cudaError_t status, void *userData);

/* helpers.c */
unsigned long long gpusim_thread(void);
void gpusim_write(int fd, const char *p, size_t n);
void gpusim_call_host_fn(gpusim_hostFn fn, void *userData);
void gpusim_call_stream_callback(gpusim_streamCallback fn, cudaStream_t stream, cudaError_t status, void *userData);

#endif
