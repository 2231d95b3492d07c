package mem

import "github.com/gpusim/gpusim/traces"

// Segment is one contiguous range of a state space: Data holds the bytes of
// addresses [Base, Base+len(Data)). The constant bank, the kernel parameter
// buffer and a block's shared memory are each one Segment with Base 0; every
// global allocation is one Segment at its allocation address.
type Segment struct {
	Space    traces.Space
	Base     uint64
	Data     []byte
	ReadOnly bool // writes fault (constant bank, kernel parameters)
}

// NewSegment returns a zero-filled segment of size bytes at base.
func NewSegment(space traces.Space, base, size uint64, readOnly bool) *Segment {
	return &Segment{Space: space, Base: base, Data: make([]byte, size), ReadOnly: readOnly}
}

// Slice returns the n bytes at addr for a device access (n is the access
// size: a power of two, and addr must be a multiple of it). The slice aliases
// the segment: a load copies out of it, a store copies into it. Faults:
// out of range, misaligned, write to a read-only segment.
func (s *Segment) Slice(addr uint64, n int, write bool) ([]byte, error) {
	if !write || !s.ReadOnly {
		if b := s.Within(addr, n); b != nil {
			return b, nil
		}
	}
	return nil, s.fault(addr, n, write)
}

// Within is Slice's check without the fault, for a read: the n bytes at addr when the
// segment holds them and addr is a multiple of n, nil otherwise (the
// caller takes its checked path).
func (s *Segment) Within(addr uint64, n int) []byte {
	off := addr - s.Base
	if off < uint64(len(s.Data)) && uint64(n) <= uint64(len(s.Data))-off && addr&uint64(n-1) == 0 {
		return s.Data[off : off+uint64(n) : off+uint64(n)]
	}
	return nil
}

// fault builds the error of a failed access (kept out of Slice so that the
// fast path inlines).
func (s *Segment) fault(addr uint64, n int, write bool) error {
	off := addr - s.Base
	switch {
	case addr < s.Base || off > uint64(len(s.Data)) || uint64(n) > uint64(len(s.Data))-off:
		return &Fault{Kind: FaultOutOfRange, Space: s.Space, Addr: addr, Size: n, Write: write}
	case addr&uint64(n-1) != 0:
		return &Fault{Kind: FaultMisaligned, Space: s.Space, Addr: addr, Size: n, Write: write}
	}
	return &Fault{Kind: FaultReadOnly, Space: s.Space, Addr: addr, Size: n, Write: write}
}

// Host returns the n bytes at addr for the host (loading inputs, reading
// results): no alignment rule and no read-only rule, only the range check.
func (s *Segment) Host(addr, n uint64) ([]byte, error) {
	off := addr - s.Base
	if addr < s.Base || off > uint64(len(s.Data)) || n > uint64(len(s.Data))-off {
		return nil, &Fault{Kind: FaultOutOfRange, Space: s.Space, Addr: addr, Size: int(n)}
	}
	return s.Data[off : off+n : off+n], nil
}

// InitVars copies the initial bytes of vars (module-scope .global or .const
// variables, whose offsets are relative to the segment) into s; variables
// without initialisers stay zero.
func (s *Segment) InitVars(vars []traces.Var) error {
	for i := range vars {
		v := &vars[i]
		if len(v.Init) == 0 {
			continue
		}
		b, err := s.Host(s.Base+v.Offset, uint64(len(v.Init)))
		if err != nil {
			return err
		}
		copy(b, v.Init)
	}
	return nil
}
