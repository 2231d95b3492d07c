package main

/*
#include "cudart.h"
*/
import "C"

import "github.com/gpusim/gpusim/sim/cuda"

// gpusimUnsupported is what every stub of unsupported.c returns: one line
// on stderr naming the function (the first time), and cudaErrorNotSupported.
//
//export gpusimUnsupported
func gpusimUnsupported(name *C.char) C.cudaError_t {
	fn := C.GoString(name)
	return guard(fn, func(t cuda.Thread) cuda.Error { return rt().Unsupported(t, fn) })
}
