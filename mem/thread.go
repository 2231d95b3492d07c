package mem

import "github.com/gpusim/gpusim/traces"

// ThreadMem is one private segment per thread, all the same size, in one
// slab: .local memory (SpaceLocal) or the parameter frames that .func calls
// use (SpaceParamFrame). Each thread's addresses start at 0.
type ThreadMem struct {
	space traces.Space
	size  uint64
	data  []byte
}

// NewThreadMem returns zero-filled private memory of size bytes for each of
// threads threads.
func NewThreadMem(space traces.Space, threads int, size uint64) *ThreadMem {
	return &ThreadMem{space: space, size: size, data: make([]byte, uint64(threads)*size)}
}

// Size is the size of one thread's segment.
func (t *ThreadMem) Size() uint64 { return t.size }

// Frame returns the whole segment of thread i (host access, frame copies).
func (t *ThreadMem) Frame(i int) []byte {
	off := uint64(i) * t.size
	return t.data[off : off+t.size : off+t.size]
}

// Slice returns the n bytes at addr of thread i's segment for a device
// access: range and alignment are checked as in Segment.Slice.
func (t *ThreadMem) Slice(i int, addr uint64, n int, write bool) ([]byte, error) {
	if addr < t.size && uint64(n) <= t.size-addr && addr&uint64(n-1) == 0 {
		off := uint64(i)*t.size + addr
		return t.data[off : off+uint64(n) : off+uint64(n)], nil
	}
	return nil, t.fault(addr, n, write)
}

func (t *ThreadMem) fault(addr uint64, n int, write bool) error {
	if addr > t.size || uint64(n) > t.size-addr {
		return &Fault{Kind: FaultOutOfRange, Space: t.space, Addr: addr, Size: n, Write: write}
	}
	return &Fault{Kind: FaultMisaligned, Space: t.space, Addr: addr, Size: n, Write: write}
}
