package main

/*
#include "cudart.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gpusim/gpusim/sim/cuda"
)

// Module handles (the void ** of the C prototypes) travel as uintptr_t:
// the program keeps them and passes them back, never dereferencing them.
//
// Registration: what nvcc's host code calls from its constructors
// (crt/host_runtime.h: __cudaRegisterBinary, __cudaRegisterEntry,
// __cudaRegisterVariable, __cudaRegisterManagedVariable) and the
// <<<...>>> configuration stack.

//export __cudaRegisterFatBinary
func __cudaRegisterFatBinary(fatCubin unsafe.Pointer) C.uintptr_t {
	var h uint64
	guardVoid("__cudaRegisterFatBinary", func(t cuda.Thread) { h = rt().RegisterFatBinary(t, addr(fatCubin)) })
	return C.uintptr_t(h)
}

//export __cudaRegisterFatBinaryEnd
func __cudaRegisterFatBinaryEnd(handle C.uintptr_t) {
	guardVoid("__cudaRegisterFatBinaryEnd", func(t cuda.Thread) { rt().RegisterFatBinaryEnd(t, uint64(handle)) })
}

//export __cudaUnregisterFatBinary
func __cudaUnregisterFatBinary(handle C.uintptr_t) {
	guardVoid("__cudaUnregisterFatBinary", func(t cuda.Thread) { rt().UnregisterFatBinary(t, uint64(handle)) })
}

//export __cudaInitModule
func __cudaInitModule(handle C.uintptr_t) C.char {
	ok := false
	guardVoid("__cudaInitModule", func(t cuda.Thread) { ok = rt().InitModule(t, uint64(handle)) })
	if ok {
		return 1
	}
	return 0
}

//export __cudaRegisterFunction
func __cudaRegisterFunction(handle C.uintptr_t, hostFun unsafe.Pointer, deviceFun *C.char, deviceName *C.char,
	threadLimit C.int, tid, bid, bDim, gDim unsafe.Pointer, wSize *C.int) {
	guardVoid("__cudaRegisterFunction", func(t cuda.Thread) {
		rt().RegisterFunction(t, uint64(handle), addr(hostFun), C.GoString(deviceFun))
	})
}

//export __cudaRegisterVar
func __cudaRegisterVar(handle C.uintptr_t, hostVar unsafe.Pointer, deviceAddress *C.char, deviceName *C.char,
	ext C.int, size C.size_t, constant C.int, global C.int) {
	guardVoid("__cudaRegisterVar", func(t cuda.Thread) {
		rt().RegisterVar(t, uint64(handle), addr(hostVar), C.GoString(deviceAddress), uint64(size), constant != 0)
	})
}

//export __cudaRegisterManagedVar
func __cudaRegisterManagedVar(handle C.uintptr_t, hostVarPtrAddress unsafe.Pointer, deviceAddress *C.char, deviceName *C.char,
	ext C.int, size C.size_t, constant C.int, global C.int) {
	guardVoid("__cudaRegisterManagedVar", func(t cuda.Thread) {
		rt().RegisterManagedVar(t, uint64(handle), addr(hostVarPtrAddress), C.GoString(deviceAddress), uint64(size))
	})
}

//export __cudaPushCallConfiguration
func __cudaPushCallConfiguration(grid, block C.gpusim_dim3, sharedMem C.size_t, stream C.cudaStream_t) C.uint {
	return C.uint(guard("__cudaPushCallConfiguration", func(t cuda.Thread) cuda.Error {
		return rt().PushCallConfiguration(t, dim3(grid), dim3(block), uint64(sharedMem), uint64(stream))
	}))
}

//export __cudaPopCallConfiguration
func __cudaPopCallConfiguration(grid, block *C.gpusim_dim3, sharedMem *C.size_t, stream unsafe.Pointer) C.cudaError_t {
	return guard("__cudaPopCallConfiguration", func(t cuda.Thread) cuda.Error {
		g, b, sh, st, e := rt().PopCallConfiguration(t)
		if e != cuda.Success {
			return e
		}
		*grid = C.gpusim_dim3{C.uint(g[0]), C.uint(g[1]), C.uint(g[2])}
		*block = C.gpusim_dim3{C.uint(b[0]), C.uint(b[1]), C.uint(b[2])}
		*sharedMem = C.size_t(sh)
		putPtr(stream, st)
		return e
	})
}

//export cudaLaunchKernel
func cudaLaunchKernel(fn unsafe.Pointer, grid, block C.gpusim_dim3, args unsafe.Pointer, sharedMem C.size_t, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaLaunchKernel", func(t cuda.Thread) cuda.Error {
		return rt().LaunchKernel(t, addr(fn), dim3(grid), dim3(block), addr(args), uint64(sharedMem), uint64(stream))
	})
}
