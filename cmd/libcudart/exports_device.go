package main

/*
#include "cudart.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gpusim/gpusim/sim/cuda"
)

// Device management, errors, versions, kernels' attributes and occupancy.

//export cudaGetDeviceCount
func cudaGetDeviceCount(count *C.int) C.cudaError_t {
	return guard("cudaGetDeviceCount", func(t cuda.Thread) cuda.Error {
		if count == nil {
			return cuda.ErrorInvalidValue
		}
		n, e := rt().GetDeviceCount(t)
		*count = C.int(n)
		return e
	})
}

//export cudaGetDevice
func cudaGetDevice(device *C.int) C.cudaError_t {
	return guard("cudaGetDevice", func(t cuda.Thread) cuda.Error {
		if device == nil {
			return cuda.ErrorInvalidValue
		}
		d, e := rt().GetDevice(t)
		*device = C.int(d)
		return e
	})
}

//export cudaSetDevice
func cudaSetDevice(device C.int) C.cudaError_t {
	return guard("cudaSetDevice", func(t cuda.Thread) cuda.Error { return rt().SetDevice(t, int(device)) })
}

//export cudaChooseDevice
func cudaChooseDevice(device *C.int, prop unsafe.Pointer) C.cudaError_t {
	return guard("cudaChooseDevice", func(t cuda.Thread) cuda.Error {
		if device == nil || prop == nil {
			return cuda.ErrorInvalidValue
		}
		*device = 0
		return rt().Cached(t)
	})
}

//export cudaSetDeviceFlags
func cudaSetDeviceFlags(flags C.uint) C.cudaError_t {
	return guard("cudaSetDeviceFlags", func(t cuda.Thread) cuda.Error { return rt().SetDeviceFlags(t, uint32(flags)) })
}

//export cudaGetDeviceFlags
func cudaGetDeviceFlags(flags *C.uint) C.cudaError_t {
	return guard("cudaGetDeviceFlags", func(t cuda.Thread) cuda.Error {
		if flags == nil {
			return cuda.ErrorInvalidValue
		}
		f, e := rt().GetDeviceFlags(t)
		*flags = C.uint(f)
		return e
	})
}

//export cudaGetDeviceProperties
func cudaGetDeviceProperties(prop *C.gpusim_deviceProp, device C.int) C.cudaError_t {
	return guard("cudaGetDeviceProperties", func(t cuda.Thread) cuda.Error {
		if prop == nil {
			return cuda.ErrorInvalidValue
		}
		p, e := rt().Properties(t, int(device))
		if e == cuda.Success {
			fillProps(prop, &p)
		}
		return e
	})
}

// fillProps writes cudaDeviceProp; fields the model does not fill are 0.
func fillProps(c *C.gpusim_deviceProp, p *cuda.DeviceProp) {
	*c = C.gpusim_deviceProp{}
	name := p.Name
	if len(name) > len(c.name)-1 {
		name = name[:len(c.name)-1]
	}
	for i := 0; i < len(name); i++ {
		c.name[i] = C.char(name[i])
	}
	// A fixed UUID ("gpusim" and the device number), so that programs
	// printing it print the same thing every run.
	for i, b := range []byte("gpusim-device-0\x00") {
		c.uuid[i] = C.char(b)
	}
	c.totalGlobalMem = C.size_t(p.TotalGlobalMem)
	c.sharedMemPerBlock = C.size_t(p.SharedMemPerBlock)
	c.regsPerBlock = C.int(p.RegsPerBlock)
	c.warpSize = C.int(p.WarpSize)
	c.memPitch = C.size_t(p.MemPitch)
	c.maxThreadsPerBlock = C.int(p.MaxThreadsPerBlock)
	for i := range 3 {
		c.maxThreadsDim[i] = C.int(p.MaxThreadsDim[i])
		c.maxGridSize[i] = C.int(p.MaxGridSize[i])
	}
	c.clockRate = C.int(p.ClockRate)
	c.totalConstMem = C.size_t(p.TotalConstMem)
	c.major, c.minor = C.int(p.Major), C.int(p.Minor)
	c.textureAlignment = C.size_t(p.TextureAlignment)
	c.texturePitchAlignment = C.size_t(p.TexturePitchAlignment)
	c.multiProcessorCount = C.int(p.MultiProcessorCount)
	c.canMapHostMemory = C.int(p.CanMapHostMemory)
	c.unifiedAddressing = C.int(p.UnifiedAddressing)
	c.memoryClockRate = C.int(p.MemoryClockRate)
	c.memoryBusWidth = C.int(p.MemoryBusWidth)
	c.l2CacheSize = C.int(p.L2CacheSize)
	c.maxThreadsPerMultiProcessor = C.int(p.MaxThreadsPerMultiProcessor)
	c.globalL1CacheSupported = C.int(p.GlobalL1CacheSupported)
	c.localL1CacheSupported = C.int(p.LocalL1CacheSupported)
	c.sharedMemPerMultiprocessor = C.size_t(p.SharedMemPerMultiprocessor)
	c.regsPerMultiprocessor = C.int(p.RegsPerMultiprocessor)
	c.managedMemory = C.int(p.ManagedMemory)
	c.singleToDoublePrecisionPerfRatio = C.int(p.SingleToDoublePerfRatio)
	c.directManagedMemAccessFromHost = C.int(p.DirectManagedMemAccess)
	c.sharedMemPerBlockOptin = C.size_t(p.SharedMemPerBlockOptin)
	c.maxBlocksPerMultiProcessor = C.int(p.MaxBlocksPerMultiProcessor)
	c.reservedSharedMemPerBlock = C.size_t(p.ReservedSharedMemPerBlock)
}

//export cudaDeviceGetAttribute
func cudaDeviceGetAttribute(value *C.int, attr C.int, device C.int) C.cudaError_t {
	return guard("cudaDeviceGetAttribute", func(t cuda.Thread) cuda.Error {
		if value == nil {
			return cuda.ErrorInvalidValue
		}
		v, e := rt().DeviceGetAttribute(t, int(attr), int(device))
		if e == cuda.Success {
			*value = C.int(v)
		}
		return e
	})
}

//export cudaDeviceReset
func cudaDeviceReset() C.cudaError_t {
	return guard("cudaDeviceReset", func(t cuda.Thread) cuda.Error { return rt().DeviceReset(t) })
}

//export cudaThreadExit
func cudaThreadExit() C.cudaError_t {
	return guard("cudaThreadExit", func(t cuda.Thread) cuda.Error { return rt().DeviceReset(t) })
}

//export cudaDeviceSynchronize
func cudaDeviceSynchronize() C.cudaError_t {
	return guard("cudaDeviceSynchronize", func(t cuda.Thread) cuda.Error { return rt().DeviceSynchronize(t) })
}

//export cudaThreadSynchronize
func cudaThreadSynchronize() C.cudaError_t {
	return guard("cudaThreadSynchronize", func(t cuda.Thread) cuda.Error { return rt().DeviceSynchronize(t) })
}

//export cudaRuntimeGetVersion
func cudaRuntimeGetVersion(v *C.int) C.cudaError_t {
	return guard("cudaRuntimeGetVersion", func(t cuda.Thread) cuda.Error {
		if v == nil {
			return cuda.ErrorInvalidValue
		}
		*v = C.int(rt().RuntimeVersion())
		return cuda.Success
	})
}

//export cudaDriverGetVersion
func cudaDriverGetVersion(v *C.int) C.cudaError_t {
	return guard("cudaDriverGetVersion", func(t cuda.Thread) cuda.Error {
		if v == nil {
			return cuda.ErrorInvalidValue
		}
		*v = C.int(rt().RuntimeVersion())
		return cuda.Success
	})
}

//export cudaDeviceSetLimit
func cudaDeviceSetLimit(limit C.int, value C.size_t) C.cudaError_t {
	return guard("cudaDeviceSetLimit", func(t cuda.Thread) cuda.Error { return rt().SetLimit(t, int(limit), uint64(value)) })
}

//export cudaThreadSetLimit
func cudaThreadSetLimit(limit C.int, value C.size_t) C.cudaError_t {
	return guard("cudaThreadSetLimit", func(t cuda.Thread) cuda.Error { return rt().SetLimit(t, int(limit), uint64(value)) })
}

//export cudaDeviceGetLimit
func cudaDeviceGetLimit(value *C.size_t, limit C.int) C.cudaError_t {
	return guard("cudaDeviceGetLimit", func(t cuda.Thread) cuda.Error {
		if value == nil {
			return cuda.ErrorInvalidValue
		}
		v, e := rt().GetLimit(t, int(limit))
		if e == cuda.Success {
			*value = C.size_t(v)
		}
		return e
	})
}

//export cudaThreadGetLimit
func cudaThreadGetLimit(value *C.size_t, limit C.int) C.cudaError_t {
	return cudaDeviceGetLimit(value, limit)
}

// Cache and shared-memory bank preferences are accepted and not modelled
// (the machine model fixes the L1/shared split and the bank width).

//export cudaDeviceSetCacheConfig
func cudaDeviceSetCacheConfig(config C.int) C.cudaError_t {
	return guard("cudaDeviceSetCacheConfig", func(t cuda.Thread) cuda.Error { return rt().Cached(t) })
}

//export cudaThreadSetCacheConfig
func cudaThreadSetCacheConfig(config C.int) C.cudaError_t {
	return guard("cudaThreadSetCacheConfig", func(t cuda.Thread) cuda.Error { return rt().Cached(t) })
}

//export cudaDeviceGetCacheConfig
func cudaDeviceGetCacheConfig(config *C.int) C.cudaError_t {
	return guard("cudaDeviceGetCacheConfig", func(t cuda.Thread) cuda.Error {
		if config != nil {
			*config = 0 // cudaFuncCachePreferNone
		}
		return rt().Cached(t)
	})
}

//export cudaThreadGetCacheConfig
func cudaThreadGetCacheConfig(config *C.int) C.cudaError_t { return cudaDeviceGetCacheConfig(config) }

//export cudaFuncSetCacheConfig
func cudaFuncSetCacheConfig(fn unsafe.Pointer, config C.int) C.cudaError_t {
	return guard("cudaFuncSetCacheConfig", func(t cuda.Thread) cuda.Error { return rt().Cached(t) })
}

//export cudaDeviceSetSharedMemConfig
func cudaDeviceSetSharedMemConfig(config C.int) C.cudaError_t {
	return guard("cudaDeviceSetSharedMemConfig", func(t cuda.Thread) cuda.Error { return rt().Cached(t) })
}

//export cudaFuncSetSharedMemConfig
func cudaFuncSetSharedMemConfig(fn unsafe.Pointer, config C.int) C.cudaError_t {
	return guard("cudaFuncSetSharedMemConfig", func(t cuda.Thread) cuda.Error { return rt().Cached(t) })
}

//export cudaDeviceGetSharedMemConfig
func cudaDeviceGetSharedMemConfig(config *C.int) C.cudaError_t {
	return guard("cudaDeviceGetSharedMemConfig", func(t cuda.Thread) cuda.Error {
		if config != nil {
			*config = 1 // cudaSharedMemBankSizeFourByte
		}
		return rt().Cached(t)
	})
}

//export cudaDeviceGetStreamPriorityRange
func cudaDeviceGetStreamPriorityRange(least, greatest *C.int) C.cudaError_t {
	return guard("cudaDeviceGetStreamPriorityRange", func(t cuda.Thread) cuda.Error {
		if least != nil {
			*least = 0
		}
		if greatest != nil {
			*greatest = 0 // no priorities: streams run in order
		}
		return rt().Cached(t)
	})
}

// The profiler API switches collection on and off around a region; gpusim
// always collects, so both are accepted.

//export cudaProfilerStart
func cudaProfilerStart() C.cudaError_t {
	return guard("cudaProfilerStart", func(t cuda.Thread) cuda.Error { return rt().Cached(t) })
}

//export cudaProfilerStop
func cudaProfilerStop() C.cudaError_t {
	return guard("cudaProfilerStop", func(t cuda.Thread) cuda.Error { return rt().Cached(t) })
}

//export cudaGetLastError
func cudaGetLastError() C.cudaError_t {
	return guard("cudaGetLastError", func(t cuda.Thread) cuda.Error { return rt().GetLastError(t) })
}

//export cudaPeekAtLastError
func cudaPeekAtLastError() C.cudaError_t {
	return guard("cudaPeekAtLastError", func(t cuda.Thread) cuda.Error { return rt().PeekAtLastError(t) })
}

//export cudaGetErrorString
func cudaGetErrorString(e C.cudaError_t) *C.char {
	defer func() { _ = recover() }()
	return cstring(cuda.Error(e).String())
}

//export cudaGetErrorName
func cudaGetErrorName(e C.cudaError_t) *C.char {
	defer func() { _ = recover() }()
	return cstring(cuda.Error(e).Name())
}

//export cudaFuncGetAttributes
func cudaFuncGetAttributes(attr *C.gpusim_funcAttributes, fn unsafe.Pointer) C.cudaError_t {
	return guard("cudaFuncGetAttributes", func(t cuda.Thread) cuda.Error {
		if attr == nil {
			return cuda.ErrorInvalidValue
		}
		a, e := rt().FuncGetAttributes(t, addr(fn))
		if e == cuda.Success {
			*attr = C.gpusim_funcAttributes{
				sharedSizeBytes: C.size_t(a.SharedSizeBytes), constSizeBytes: C.size_t(a.ConstSizeBytes),
				localSizeBytes: C.size_t(a.LocalSizeBytes), maxThreadsPerBlock: C.int(a.MaxThreadsPerBlock),
				numRegs: C.int(a.NumRegs), ptxVersion: C.int(a.PTXVersion), binaryVersion: C.int(a.BinaryVersion),
				maxDynamicSharedSizeBytes: C.int(a.MaxDynamicSharedSizeBytes), preferredShmemCarveout: C.int(a.PreferredShmemCarveout),
			}
		}
		return e
	})
}

//export cudaFuncSetAttribute
func cudaFuncSetAttribute(fn unsafe.Pointer, attr C.int, value C.int) C.cudaError_t {
	return guard("cudaFuncSetAttribute", func(t cuda.Thread) cuda.Error {
		return rt().FuncSetAttribute(t, addr(fn), int(attr), int(value))
	})
}

//export cudaOccupancyMaxActiveBlocksPerMultiprocessor
func cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks *C.int, fn unsafe.Pointer, blockSize C.int, dynamicSMemSize C.size_t) C.cudaError_t {
	return guard("cudaOccupancyMaxActiveBlocksPerMultiprocessor", func(t cuda.Thread) cuda.Error {
		return occupancy(t, numBlocks, fn, blockSize, dynamicSMemSize)
	})
}

//export cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags
func cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks *C.int, fn unsafe.Pointer, blockSize C.int, dynamicSMemSize C.size_t, flags C.uint) C.cudaError_t {
	return guard("cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", func(t cuda.Thread) cuda.Error {
		return occupancy(t, numBlocks, fn, blockSize, dynamicSMemSize)
	})
}

func occupancy(t cuda.Thread, numBlocks *C.int, fn unsafe.Pointer, blockSize C.int, dyn C.size_t) cuda.Error {
	if numBlocks == nil {
		return cuda.ErrorInvalidValue
	}
	n, e := rt().OccupancyMaxActiveBlocks(t, addr(fn), int(blockSize), uint64(dyn))
	if e == cuda.Success {
		*numBlocks = C.int(n)
	}
	return e
}
