package cuda

import "unsafe"

// sliceHeader is the layout of a Go slice. view builds one by hand because
// the runtime works on the memory of the process it lives in: host
// pointers the program passes (cudaMemcpy's source, kernel arguments, the
// fat binary) and the device memory it maps at fixed addresses are plain
// addresses, not Go objects. The garbage collector ignores such slices (the
// memory is not in the Go heap) and never moves what they point to.
type sliceHeader struct {
	data     uintptr
	len, cap int
}

// view returns the n bytes at host address addr. The caller vouches that
// they are mapped: a bad host pointer faults as it would in the real
// runtime.
func view(addr, n uint64) []byte {
	if n == 0 {
		return nil
	}
	h := sliceHeader{data: uintptr(addr), len: int(n), cap: int(n)}
	return *(*[]byte)(unsafe.Pointer(&h))
}

// addrOf is the host address of b's first byte (b must not be empty).
func addrOf(b []byte) uint64 { return uint64(uintptr(unsafe.Pointer(&b[0]))) }
