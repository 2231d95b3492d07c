package main

/*
#include "cudart.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gpusim/gpusim/sim/cuda"
)

// Memory management and copies.

//export cudaMalloc
func cudaMalloc(devPtr unsafe.Pointer, size C.size_t) C.cudaError_t {
	return guard("cudaMalloc", func(t cuda.Thread) cuda.Error {
		if devPtr == nil {
			return cuda.ErrorInvalidValue
		}
		p, e := rt().Malloc(t, uint64(size))
		putPtr(devPtr, p)
		return e
	})
}

//export cudaMallocPitch
func cudaMallocPitch(devPtr unsafe.Pointer, pitch *C.size_t, width, height C.size_t) C.cudaError_t {
	return guard("cudaMallocPitch", func(t cuda.Thread) cuda.Error {
		if devPtr == nil || pitch == nil {
			return cuda.ErrorInvalidValue
		}
		p, pt, e := rt().MallocPitch(t, uint64(width), uint64(height))
		putPtr(devPtr, p)
		*pitch = C.size_t(pt)
		return e
	})
}

//export cudaMallocManaged
func cudaMallocManaged(devPtr unsafe.Pointer, size C.size_t, flags C.uint) C.cudaError_t {
	return guard("cudaMallocManaged", func(t cuda.Thread) cuda.Error {
		if devPtr == nil {
			return cuda.ErrorInvalidValue
		}
		p, e := rt().MallocManaged(t, uint64(size), uint32(flags))
		putPtr(devPtr, p)
		return e
	})
}

//export cudaMallocHost
func cudaMallocHost(ptr unsafe.Pointer, size C.size_t) C.cudaError_t {
	return guard("cudaMallocHost", func(t cuda.Thread) cuda.Error {
		if ptr == nil {
			return cuda.ErrorInvalidValue
		}
		p, e := rt().HostAlloc(t, uint64(size), 0)
		putPtr(ptr, p)
		return e
	})
}

//export cudaHostAlloc
func cudaHostAlloc(ptr unsafe.Pointer, size C.size_t, flags C.uint) C.cudaError_t {
	return guard("cudaHostAlloc", func(t cuda.Thread) cuda.Error {
		if ptr == nil {
			return cuda.ErrorInvalidValue
		}
		p, e := rt().HostAlloc(t, uint64(size), uint32(flags))
		putPtr(ptr, p)
		return e
	})
}

//export cudaFree
func cudaFree(devPtr unsafe.Pointer) C.cudaError_t {
	return guard("cudaFree", func(t cuda.Thread) cuda.Error { return rt().Free(t, addr(devPtr)) })
}

//export cudaFreeHost
func cudaFreeHost(ptr unsafe.Pointer) C.cudaError_t {
	return guard("cudaFreeHost", func(t cuda.Thread) cuda.Error { return rt().FreeHost(t, addr(ptr)) })
}

//export cudaHostGetDevicePointer
func cudaHostGetDevicePointer(pDevice unsafe.Pointer, pHost unsafe.Pointer, flags C.uint) C.cudaError_t {
	return guard("cudaHostGetDevicePointer", func(t cuda.Thread) cuda.Error {
		if pDevice == nil {
			return cuda.ErrorInvalidValue
		}
		p, e := rt().HostGetDevicePointer(t, addr(pHost), uint32(flags))
		if e == cuda.Success {
			putPtr(pDevice, p)
		}
		return e
	})
}

//export cudaHostGetFlags
func cudaHostGetFlags(pFlags *C.uint, pHost unsafe.Pointer) C.cudaError_t {
	return guard("cudaHostGetFlags", func(t cuda.Thread) cuda.Error {
		if pFlags == nil {
			return cuda.ErrorInvalidValue
		}
		f, e := rt().HostGetFlags(t, addr(pHost))
		if e == cuda.Success {
			*pFlags = C.uint(f)
		}
		return e
	})
}

//export cudaMemGetInfo
func cudaMemGetInfo(free, total *C.size_t) C.cudaError_t {
	return guard("cudaMemGetInfo", func(t cuda.Thread) cuda.Error {
		f, tot, e := rt().MemGetInfo(t)
		if e == cuda.Success {
			if free != nil {
				*free = C.size_t(f)
			}
			if total != nil {
				*total = C.size_t(tot)
			}
		}
		return e
	})
}

//export cudaPointerGetAttributes
func cudaPointerGetAttributes(attributes *C.gpusim_pointerAttributes, ptr unsafe.Pointer) C.cudaError_t {
	return guard("cudaPointerGetAttributes", func(t cuda.Thread) cuda.Error {
		if attributes == nil {
			return cuda.ErrorInvalidValue
		}
		a, e := rt().PointerGetAttributes(t, addr(ptr))
		if e == cuda.Success {
			attributes._type = C.int(a.Type)
			attributes.device = C.int(a.Device)
			putPtr(unsafe.Pointer(&attributes.devicePointer), a.DevicePtr)
			putPtr(unsafe.Pointer(&attributes.hostPointer), a.HostPtr)
		}
		return e
	})
}

//export cudaMemcpy
func cudaMemcpy(dst, src unsafe.Pointer, count C.size_t, kind C.int) C.cudaError_t {
	return guard("cudaMemcpy", func(t cuda.Thread) cuda.Error {
		return rt().Memcpy(t, addr(dst), addr(src), uint64(count), int(kind), false)
	})
}

//export cudaMemcpyAsync
func cudaMemcpyAsync(dst, src unsafe.Pointer, count C.size_t, kind C.int, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaMemcpyAsync", func(t cuda.Thread) cuda.Error {
		if e := rt().CheckStream(t, uint64(stream)); e != cuda.Success {
			return e
		}
		return rt().Memcpy(t, addr(dst), addr(src), uint64(count), int(kind), true)
	})
}

//export cudaMemcpy2D
func cudaMemcpy2D(dst unsafe.Pointer, dpitch C.size_t, src unsafe.Pointer, spitch, width, height C.size_t, kind C.int) C.cudaError_t {
	return guard("cudaMemcpy2D", func(t cuda.Thread) cuda.Error {
		return rt().Memcpy2D(t, addr(dst), uint64(dpitch), addr(src), uint64(spitch), uint64(width), uint64(height), int(kind), false)
	})
}

//export cudaMemcpy2DAsync
func cudaMemcpy2DAsync(dst unsafe.Pointer, dpitch C.size_t, src unsafe.Pointer, spitch, width, height C.size_t, kind C.int, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaMemcpy2DAsync", func(t cuda.Thread) cuda.Error {
		if e := rt().CheckStream(t, uint64(stream)); e != cuda.Success {
			return e
		}
		return rt().Memcpy2D(t, addr(dst), uint64(dpitch), addr(src), uint64(spitch), uint64(width), uint64(height), int(kind), true)
	})
}

//export cudaMemset
func cudaMemset(devPtr unsafe.Pointer, value C.int, count C.size_t) C.cudaError_t {
	return guard("cudaMemset", func(t cuda.Thread) cuda.Error {
		return rt().Memset(t, addr(devPtr), int(value), uint64(count))
	})
}

//export cudaMemsetAsync
func cudaMemsetAsync(devPtr unsafe.Pointer, value C.int, count C.size_t, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaMemsetAsync", func(t cuda.Thread) cuda.Error {
		if e := rt().CheckStream(t, uint64(stream)); e != cuda.Success {
			return e
		}
		return rt().Memset(t, addr(devPtr), int(value), uint64(count))
	})
}

//export cudaMemset2D
func cudaMemset2D(devPtr unsafe.Pointer, pitch C.size_t, value C.int, width, height C.size_t) C.cudaError_t {
	return guard("cudaMemset2D", func(t cuda.Thread) cuda.Error {
		return rt().Memset2D(t, addr(devPtr), uint64(pitch), int(value), uint64(width), uint64(height))
	})
}

//export cudaMemset2DAsync
func cudaMemset2DAsync(devPtr unsafe.Pointer, pitch C.size_t, value C.int, width, height C.size_t, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaMemset2DAsync", func(t cuda.Thread) cuda.Error {
		if e := rt().CheckStream(t, uint64(stream)); e != cuda.Success {
			return e
		}
		return rt().Memset2D(t, addr(devPtr), uint64(pitch), int(value), uint64(width), uint64(height))
	})
}

//export cudaMemcpyToSymbol
func cudaMemcpyToSymbol(symbol, src unsafe.Pointer, count, offset C.size_t, kind C.int) C.cudaError_t {
	return guard("cudaMemcpyToSymbol", func(t cuda.Thread) cuda.Error {
		return rt().MemcpyToSymbol(t, addr(symbol), addr(src), uint64(count), uint64(offset), int(kind), false)
	})
}

//export cudaMemcpyToSymbolAsync
func cudaMemcpyToSymbolAsync(symbol, src unsafe.Pointer, count, offset C.size_t, kind C.int, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaMemcpyToSymbolAsync", func(t cuda.Thread) cuda.Error {
		if e := rt().CheckStream(t, uint64(stream)); e != cuda.Success {
			return e
		}
		return rt().MemcpyToSymbol(t, addr(symbol), addr(src), uint64(count), uint64(offset), int(kind), true)
	})
}

//export cudaMemcpyFromSymbol
func cudaMemcpyFromSymbol(dst, symbol unsafe.Pointer, count, offset C.size_t, kind C.int) C.cudaError_t {
	return guard("cudaMemcpyFromSymbol", func(t cuda.Thread) cuda.Error {
		return rt().MemcpyFromSymbol(t, addr(dst), addr(symbol), uint64(count), uint64(offset), int(kind), false)
	})
}

//export cudaMemcpyFromSymbolAsync
func cudaMemcpyFromSymbolAsync(dst, symbol unsafe.Pointer, count, offset C.size_t, kind C.int, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaMemcpyFromSymbolAsync", func(t cuda.Thread) cuda.Error {
		if e := rt().CheckStream(t, uint64(stream)); e != cuda.Success {
			return e
		}
		return rt().MemcpyFromSymbol(t, addr(dst), addr(symbol), uint64(count), uint64(offset), int(kind), true)
	})
}

//export cudaGetSymbolAddress
func cudaGetSymbolAddress(devPtr unsafe.Pointer, symbol unsafe.Pointer) C.cudaError_t {
	return guard("cudaGetSymbolAddress", func(t cuda.Thread) cuda.Error {
		if devPtr == nil {
			return cuda.ErrorInvalidValue
		}
		a, e := rt().GetSymbolAddress(t, addr(symbol))
		if e == cuda.Success {
			putPtr(devPtr, a)
		}
		return e
	})
}

//export cudaGetSymbolSize
func cudaGetSymbolSize(size *C.size_t, symbol unsafe.Pointer) C.cudaError_t {
	return guard("cudaGetSymbolSize", func(t cuda.Thread) cuda.Error {
		if size == nil {
			return cuda.ErrorInvalidValue
		}
		n, e := rt().GetSymbolSize(t, addr(symbol))
		if e == cuda.Success {
			*size = C.size_t(n)
		}
		return e
	})
}
