package mem

import (
	"fmt"

	"github.com/gpusim/gpusim/traces"
)

// FaultKind says what was wrong with an access.
type FaultKind uint8

const (
	// FaultOutOfRange: the bytes are not all inside one allocation or segment.
	FaultOutOfRange FaultKind = iota + 1
	// FaultMisaligned: the address is not a multiple of the access size.
	FaultMisaligned
	// FaultReadOnly: a write to the constant bank or the kernel parameters.
	FaultReadOnly
)

// String names the kind as the fault messages do.
func (k FaultKind) String() string {
	switch k {
	case FaultOutOfRange:
		return "out-of-range"
	case FaultMisaligned:
		return "misaligned"
	case FaultReadOnly:
		return "read-only"
	}
	return "unknown"
}

// Fault is a bad memory access: what went wrong, in which space, at which
// address (within that space; for global memory the generic address), and
// how many bytes were accessed. The warp layer wraps it with the kernel,
// block, thread and source position.
type Fault struct {
	Kind  FaultKind
	Space traces.Space
	Addr  uint64
	Size  int
	Write bool
}

// Error reads, for example, "out-of-range read of 4 bytes at
// 0x0000000100001000"; spaces other than global name themselves ("... in
// shared memory").
func (f *Fault) Error() string {
	op := "read"
	if f.Write {
		op = "write"
	}
	where := ""
	if f.Space != traces.SpaceGlobal {
		where = " in " + f.Space.String() + " memory"
	}
	if f.Kind == FaultReadOnly {
		return fmt.Sprintf("%s of %d bytes at 0x%016x: %s memory is read-only", op, f.Size, f.Addr, f.Space)
	}
	return fmt.Sprintf("%s %s of %d bytes at 0x%016x%s", f.Kind, op, f.Size, f.Addr, where)
}
