//go:build linux

package cuda

import (
	"fmt"
	"syscall"
)

// mapFixedNoReplace is MAP_FIXED_NOREPLACE (Linux 4.17): place the mapping
// exactly at the hint or fail. Older kernels treat the hint as a hint, and
// reserve checks where the mapping landed.
const mapFixedNoReplace = 0x100000

// reserveHints are the addresses tried for the arena, in order: far from
// where Linux puts the program (0x55.., brk), its libraries and mmap areas
// (0x7f..), and below gpusim's shared/local/constant windows at 0x7000_0000_0000
// (package mem) so that every arena address is a valid global address.
func reserveHints() [5]uint64 {
	return [...]uint64{0x2000_0000_0000, 0x3000_0000_0000, 0x4000_0000_0000, 0x1000_0000_0000, 0x0800_0000_0000}
}

// reserve maps size bytes of inaccessible, unbacked address space at one of
// reserveHints.
func reserve(size uint64) ([]byte, error) {
	for _, hint := range reserveHints() {
		addr, _, errno := syscall.Syscall6(syscall.SYS_MMAP, uintptr(hint), uintptr(size), syscall.PROT_NONE,
			syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS|syscall.MAP_NORESERVE|mapFixedNoReplace, ^uintptr(0), 0)
		if errno != 0 {
			continue
		}
		b := view(uint64(addr), size)
		if uint64(addr) != hint {
			_ = unreserve(b)
			continue
		}
		return b, nil
	}
	return nil, fmt.Errorf("cannot reserve %d GiB of address space for device memory at any of %#x", size>>30, reserveHints())
}

// commit makes b readable and writable (backed by zero pages on first use).
func commit(b []byte) error {
	return syscall.Mprotect(b, syscall.PROT_READ|syscall.PROT_WRITE)
}

// decommit gives b's pages back to the system and makes b inaccessible, so
// that a host access to freed device memory faults as it would on a GPU
// system, and a later allocation there starts zeroed.
func decommit(b []byte) error {
	if err := syscall.Madvise(b, syscall.MADV_DONTNEED); err != nil {
		return err
	}
	return syscall.Mprotect(b, syscall.PROT_NONE)
}

func pageSize() uint64 { return uint64(syscall.Getpagesize()) }

// unreserve gives the whole reservation back. (syscall.Munmap only takes
// mappings syscall.Mmap made.)
func unreserve(b []byte) error {
	if _, _, errno := syscall.Syscall(syscall.SYS_MUNMAP, uintptr(addrOf(b)), uintptr(len(b)), 0); errno != 0 {
		return errno
	}
	return nil
}
