package cuda

import (
	"fmt"
	"sort"

	"github.com/gpusim/gpusim/mem"
)

// arenaSize is the address space reserved for everything the device can
// touch. Reserving costs nothing (no memory is committed until allocated),
// and 512 GiB leaves room for the guard gaps of very many allocations while
// staying clear of the addresses the Go heap grows into (x<<40 | 0xc0<<32).
const arenaSize = 1 << 39

// arena places device-visible memory (cudaMalloc, cudaMallocHost,
// cudaMallocManaged, module variables) at fixed host addresses inside one
// reserved range, first fit from the bottom, so that the same program gets
// the same addresses in every run. Every allocation is followed by an
// inaccessible guard gap (mem.GuardGap), so running off its end faults on
// the device and on the host alike. Budget bounds the bytes committed
// (what cudaMemGetInfo calls total).
type arena struct {
	mem    []byte // the reservation
	base   uint64
	page   uint64
	free   []span // free ranges, address order, coalesced
	budget uint64
	used   uint64 // committed bytes
}

type span struct{ start, size uint64 }

func newArena(budget uint64) (*arena, error) {
	b, err := reserve(arenaSize)
	if err != nil {
		return nil, err
	}
	base := addrOf(b)
	return &arena{mem: b, base: base, page: pageSize(), free: []span{{base, arenaSize}}, budget: budget}, nil
}

// alloc commits n bytes (n > 0) and returns their address, 256-byte
// aligned (page aligned, in fact), and the bytes themselves.
func (a *arena) alloc(n uint64) (uint64, []byte, error) {
	pages := (n + a.page - 1) &^ (a.page - 1)
	need := pages + mem.GuardGap
	if pages < n || a.used+pages > a.budget || a.used+pages < a.used {
		return 0, nil, fmt.Errorf("out of device memory: %d bytes asked, %d of %d in use", n, a.used, a.budget)
	}
	for i, s := range a.free {
		if s.size < need {
			continue
		}
		addr := s.start
		if s.size == need {
			a.free = append(a.free[:i], a.free[i+1:]...)
		} else {
			a.free[i] = span{s.start + need, s.size - need}
		}
		b := a.mem[addr-a.base : addr-a.base+pages]
		if err := commit(b); err != nil {
			a.release(addr, need)
			return 0, nil, err
		}
		a.used += pages
		return addr, b[:n:n], nil
	}
	return 0, nil, fmt.Errorf("out of device address space for %d bytes", n)
}

// dealloc gives back an allocation of n bytes made at addr.
func (a *arena) dealloc(addr, n uint64) error {
	pages := (n + a.page - 1) &^ (a.page - 1)
	if err := decommit(a.mem[addr-a.base : addr-a.base+pages]); err != nil {
		return err
	}
	a.used -= pages
	a.release(addr, pages+mem.GuardGap)
	return nil
}

// release returns a range to the free list, merging neighbours.
func (a *arena) release(addr, size uint64) {
	i := sort.Search(len(a.free), func(i int) bool { return a.free[i].start > addr })
	a.free = append(a.free, span{})
	copy(a.free[i+1:], a.free[i:])
	a.free[i] = span{addr, size}
	if i+1 < len(a.free) && a.free[i].start+a.free[i].size == a.free[i+1].start {
		a.free[i].size += a.free[i+1].size
		a.free = append(a.free[:i+1], a.free[i+2:]...)
	}
	if i > 0 && a.free[i-1].start+a.free[i-1].size == a.free[i].start {
		a.free[i-1].size += a.free[i].size
		a.free = append(a.free[:i], a.free[i+1:]...)
	}
}

// contains reports whether addr lies in the reservation.
func (a *arena) contains(addr uint64) bool {
	return addr >= a.base && addr-a.base < uint64(len(a.mem))
}

// close unmaps the whole arena: every allocation goes with it.
func (a *arena) close() error {
	err := unreserve(a.mem)
	a.mem, a.free, a.used = nil, nil, 0
	return err
}
