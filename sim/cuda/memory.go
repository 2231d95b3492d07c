package cuda

import (
	"sort"
)

// How device addresses relate to host addresses: they are the same.
// Every allocation the device can reach (cudaMalloc, cudaMallocPitch,
// cudaMallocManaged, cudaMallocHost/cudaHostAlloc, the modules' __device__
// and __managed__ variables) is host memory that the runtime maps at a
// fixed address inside one reserved range and hands to the simulator as a
// global allocation at that very address (sim.Device.Map). So a device
// pointer dereferenced on the host reads the device's bytes, managed memory
// and mapped pinned memory need no copies, and cudaMemcpy is a memmove
// after a range check. Pageable host memory the program allocated itself
// (malloc, new) is outside that range: the device cannot reach it, as on a
// GPU without HMM.

// memKind is what made an allocation.
type memKind uint8

const (
	memDevice  memKind = iota + 1 // cudaMalloc, cudaMallocPitch
	memHost                       // cudaMallocHost, cudaHostAlloc (pinned host memory, mapped)
	memManaged                    // cudaMallocManaged
	memModule                     // a module's variables
	memArray                      // a CUDA array's texels (texture.go)
)

// allocation is one range of device-reachable memory.
type allocation struct {
	base, size uint64
	data       []byte
	kind       memKind
	flags      uint32
}

// cudaMemcpyKind values (driver_types.h).
const (
	memcpyHostToHost     = 0
	memcpyHostToDevice   = 1
	memcpyDeviceToHost   = 2
	memcpyDeviceToDevice = 3
	memcpyDefault        = 4
)

// pitchAlign is the row alignment cudaMallocPitch gives (a multiple of the
// texture pitch alignment; 512 bytes as CUDA gives on current GPUs).
const pitchAlign = 512

// alloc makes size bytes of device-reachable memory.
func (r *Runtime) alloc(size uint64, kind memKind, flags uint32) (*allocation, Error) {
	addr, data, err := r.arena.alloc(size)
	if err != nil {
		return nil, ErrorMemoryAllocation
	}
	if err := r.dev.Map(addr, data); err != nil {
		_ = r.arena.dealloc(addr, size)
		r.messagef("device memory at 0x%x: %v", addr, err)
		return nil, ErrorMemoryAllocation
	}
	a := &allocation{base: addr, size: size, data: data, kind: kind, flags: flags}
	r.allocs[addr] = a
	i := sort.Search(len(r.byAddr), func(i int) bool { return r.byAddr[i].base > addr })
	r.byAddr = append(r.byAddr, nil)
	copy(r.byAddr[i+1:], r.byAddr[i:])
	r.byAddr[i] = a
	return a, Success
}

func (r *Runtime) release(a *allocation) Error {
	r.dev.Unmap(a.base)
	delete(r.allocs, a.base)
	i := sort.Search(len(r.byAddr), func(i int) bool { return r.byAddr[i].base >= a.base })
	if i < len(r.byAddr) && r.byAddr[i] == a {
		r.byAddr = append(r.byAddr[:i], r.byAddr[i+1:]...)
	}
	if err := r.arena.dealloc(a.base, a.size); err != nil {
		r.messagef("freeing device memory at 0x%x: %v", a.base, err)
		return ErrorInvalidValue
	}
	return Success
}

// find returns the allocation holding [addr, addr+n), or nil.
func (r *Runtime) find(addr, n uint64) *allocation {
	i := sort.Search(len(r.byAddr), func(i int) bool { return r.byAddr[i].base > addr })
	if i == 0 {
		return nil
	}
	a := r.byAddr[i-1]
	if addr-a.base > a.size || n > a.size-(addr-a.base) {
		return nil
	}
	return a
}

// deviceBytes returns the device-reachable bytes [addr, addr+n); a range
// outside every allocation is cudaErrorInvalidValue.
func (r *Runtime) deviceBytes(addr, n uint64) ([]byte, Error) {
	a := r.find(addr, n)
	if a == nil || addr == 0 {
		return nil, ErrorInvalidValue
	}
	off := addr - a.base
	return a.data[off : off+n : off+n], Success
}

// anyBytes returns the bytes at addr for a copy: device-reachable memory
// (checked) when it lies in the runtime's range, else the program's own
// host memory (trusted, as the real runtime trusts it).
func (r *Runtime) anyBytes(addr, n uint64) ([]byte, Error) {
	if addr == 0 {
		return nil, ErrorInvalidValue
	}
	if r.arena.contains(addr) {
		return r.deviceBytes(addr, n)
	}
	return view(addr, n), Success
}

// hostBytes returns the program's memory at addr for a host-side operand;
// device-reachable memory is host memory too.
func (r *Runtime) hostBytes(addr, n uint64) ([]byte, Error) { return r.anyBytes(addr, n) }

// Malloc is cudaMalloc. A size of 0 gives a null pointer and cudaSuccess.
func (r *Runtime) Malloc(t Thread, size uint64) (ptr uint64, e Error) {
	e = r.call(t, plain, func() Error {
		if size == 0 {
			return Success
		}
		a, e := r.alloc(size, memDevice, 0)
		if e == Success {
			ptr = a.base
		}
		return e
	})
	return ptr, e
}

// MallocPitch is cudaMallocPitch: rows of width bytes padded to the pitch.
func (r *Runtime) MallocPitch(t Thread, width, height uint64) (ptr, pitch uint64, e Error) {
	e = r.call(t, plain, func() Error {
		pitch = (width + pitchAlign - 1) &^ (pitchAlign - 1)
		if width == 0 || height == 0 {
			return Success
		}
		if pitch < width || height > ^uint64(0)/pitch {
			return ErrorMemoryAllocation
		}
		a, e := r.alloc(pitch*height, memDevice, 0)
		if e == Success {
			ptr = a.base
		}
		return e
	})
	return ptr, pitch, e
}

// cudaMallocManaged flags.
const (
	memAttachGlobal = 1
	memAttachHost   = 2
)

// MallocManaged is cudaMallocManaged: memory the host and the device both
// use at the same address.
func (r *Runtime) MallocManaged(t Thread, size uint64, flags uint32) (ptr uint64, e Error) {
	e = r.call(t, plain, func() Error {
		if flags != memAttachGlobal && flags != memAttachHost {
			return ErrorInvalidValue
		}
		if size == 0 {
			return ErrorInvalidValue
		}
		a, e := r.alloc(size, memManaged, flags)
		if e == Success {
			ptr = a.base
		}
		return e
	})
	return ptr, e
}

// cudaHostAlloc flags (driver_types.h): portable, mapped, write-combined.
const hostAllocFlags = 0x1 | 0x2 | 0x4

// HostAlloc is cudaHostAlloc and cudaMallocHost (flags 0): pinned host
// memory, always mapped into the device's address space at the same
// address.
func (r *Runtime) HostAlloc(t Thread, size uint64, flags uint32) (ptr uint64, e Error) {
	e = r.call(t, plain, func() Error {
		if flags&^hostAllocFlags != 0 {
			return ErrorInvalidValue
		}
		if size == 0 {
			return Success
		}
		a, e := r.alloc(size, memHost, flags)
		if e == Success {
			ptr = a.base
		}
		return e
	})
	return ptr, e
}

// Free is cudaFree (device or managed memory); it waits for the device.
func (r *Runtime) Free(t Thread, ptr uint64) Error {
	return r.call(t, syncs, func() Error {
		if ptr == 0 {
			return Success
		}
		a := r.allocs[ptr]
		if a == nil || (a.kind != memDevice && a.kind != memManaged) {
			return ErrorInvalidValue
		}
		return r.release(a)
	})
}

// FreeHost is cudaFreeHost.
func (r *Runtime) FreeHost(t Thread, ptr uint64) Error {
	return r.call(t, syncs, func() Error {
		if ptr == 0 {
			return Success
		}
		a := r.allocs[ptr]
		if a == nil || a.kind != memHost {
			return ErrorInvalidValue
		}
		return r.release(a)
	})
}

// HostGetDevicePointer is cudaHostGetDevicePointer: the same address.
func (r *Runtime) HostGetDevicePointer(t Thread, host uint64, flags uint32) (ptr uint64, e Error) {
	e = r.call(t, plain, func() Error {
		if flags != 0 {
			return ErrorInvalidValue
		}
		a := r.find(host, 1)
		if a == nil || a.kind != memHost {
			return ErrorInvalidValue
		}
		ptr = host
		return Success
	})
	return ptr, e
}

// HostGetFlags is cudaHostGetFlags.
func (r *Runtime) HostGetFlags(t Thread, host uint64) (flags uint32, e Error) {
	e = r.call(t, plain, func() Error {
		a := r.find(host, 1)
		if a == nil || a.kind != memHost {
			return ErrorInvalidValue
		}
		flags = a.flags | 0x2 // always mapped
		return Success
	})
	return flags, e
}

// MemGetInfo is cudaMemGetInfo.
func (r *Runtime) MemGetInfo(t Thread) (free, total uint64, e Error) {
	e = r.call(t, plain, func() Error {
		total = r.arena.budget
		free = total - r.arena.used
		return Success
	})
	return free, total, e
}

// Memcpy is cudaMemcpy (async false: it waits for the device first) and
// cudaMemcpyAsync (async true; in this runtime it completes at once too).
func (r *Runtime) Memcpy(t Thread, dst, src, n uint64, kind int, async bool) Error {
	return r.call(t, !async, func() Error { return r.memcpy(dst, src, n, kind) })
}

func (r *Runtime) memcpy(dst, src, n uint64, kind int) Error {
	if n == 0 {
		return Success
	}
	d, s, e := r.copyOperands(dst, src, n, kind)
	if e != Success {
		return e
	}
	copy(d, s)
	return Success
}

// copyOperands resolves both sides of a copy of n bytes by kind.
func (r *Runtime) copyOperands(dst, src, n uint64, kind int) (d, s []byte, e Error) {
	devDst, devSrc := false, false
	switch kind {
	case memcpyHostToHost:
	case memcpyHostToDevice:
		devDst = true
	case memcpyDeviceToHost:
		devSrc = true
	case memcpyDeviceToDevice:
		devDst, devSrc = true, true
	case memcpyDefault:
	default:
		return nil, nil, ErrorInvalidMemcpyDir
	}
	if devDst {
		d, e = r.deviceBytes(dst, n)
	} else {
		d, e = r.hostBytes(dst, n)
	}
	if e != Success {
		return nil, nil, e
	}
	if devSrc {
		s, e = r.deviceBytes(src, n)
	} else {
		s, e = r.hostBytes(src, n)
	}
	return d, s, e
}

// Memcpy2D is cudaMemcpy2D and cudaMemcpy2DAsync: height rows of width
// bytes, rows dpitch and spitch bytes apart.
func (r *Runtime) Memcpy2D(t Thread, dst, dpitch, src, spitch, width, height uint64, kind int, async bool) Error {
	return r.call(t, !async, func() Error {
		if width > dpitch || width > spitch {
			return ErrorInvalidPitchValue
		}
		if width == 0 || height == 0 {
			return Success
		}
		for row := uint64(0); row < height; row++ {
			d, s, e := r.copyOperands(dst+row*dpitch, src+row*spitch, width, kind)
			if e != Success {
				return e
			}
			copy(d, s)
		}
		return Success
	})
}

// Memset is cudaMemset and cudaMemsetAsync: n bytes of device memory set to
// the low byte of value.
func (r *Runtime) Memset(t Thread, dst uint64, value int, n uint64) Error {
	return r.call(t, plain, func() Error {
		if n == 0 {
			return Success
		}
		d, e := r.deviceBytes(dst, n)
		if e != Success {
			return e
		}
		b := byte(value)
		for i := range d {
			d[i] = b
		}
		return Success
	})
}

// Memset2D is cudaMemset2D and cudaMemset2DAsync.
func (r *Runtime) Memset2D(t Thread, dst, pitch uint64, value int, width, height uint64) Error {
	return r.call(t, plain, func() Error {
		if width > pitch {
			return ErrorInvalidPitchValue
		}
		for row := uint64(0); row < height && width > 0; row++ {
			d, e := r.deviceBytes(dst+row*pitch, width)
			if e != Success {
				return e
			}
			for i := range d {
				d[i] = byte(value)
			}
		}
		return Success
	})
}

// cudaMemoryType values for cudaPointerGetAttributes.
const (
	memoryTypeUnregistered = 0
	memoryTypeHost         = 1
	memoryTypeDevice       = 2
	memoryTypeManaged      = 3
)

// PointerAttributes is what cudaPointerGetAttributes reports.
type PointerAttributes struct {
	Type       int
	Device     int
	DevicePtr  uint64
	HostPtr    uint64
	Registered bool
}

// PointerGetAttributes is cudaPointerGetAttributes.
func (r *Runtime) PointerGetAttributes(t Thread, ptr uint64) (pa PointerAttributes, e Error) {
	e = r.call(t, plain, func() Error {
		a := r.find(ptr, 1)
		switch {
		case a == nil:
			pa = PointerAttributes{Type: memoryTypeUnregistered, Device: -2}
		case a.kind == memHost:
			pa = PointerAttributes{Type: memoryTypeHost, DevicePtr: ptr, HostPtr: ptr}
		case a.kind == memManaged:
			pa = PointerAttributes{Type: memoryTypeManaged, DevicePtr: ptr, HostPtr: ptr}
		default:
			pa = PointerAttributes{Type: memoryTypeDevice, DevicePtr: ptr}
		}
		return Success
	})
	return pa, e
}

// allocationsInOrder lists the allocations by address (a copy: for
// freeing them).
func (r *Runtime) allocationsInOrder() []*allocation { return append([]*allocation(nil), r.byAddr...) }
