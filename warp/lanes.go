package warp

import "encoding/binary"

// MaxWidth is the widest warp supported (AMD wave64): a lane mask is one
// uint64.
const MaxWidth = 64

// LowMask is the mask of the low bits bits of a register (all 64 for 64 or
// more).
func LowMask(bits int) uint64 {
	if bits >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(bits) - 1
}

// LoadN reads an n-byte little-endian value (n is 1, 2, 4 or 8) from b.
func LoadN(b []byte, n int) uint64 {
	switch n {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

// StoreN writes the low n bytes of v to b, little-endian (n is 1, 2, 4 or 8).
func StoreN(b []byte, n int, v uint64) {
	switch n {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	default:
		binary.LittleEndian.PutUint64(b, v)
	}
}
