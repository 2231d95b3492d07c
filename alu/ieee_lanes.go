package alu

import (
	"math/bits"
)

// Lane-vector forms. Each slice holds one value per lane, lane i at index i,
// zero-extended to 64 bits (the warp register-file layout, 32 or 64 lanes);
// the f32 forms that take a lane type T also work on rows of 4-byte lanes
// (AMD's VGPRs).
// For every set bit i of mask the operation is computed into dst[i]; lanes
// whose bit is clear are left untouched. The slices must be long enough for
// the highest set bit. Results are the scalar function's bits for every
// input, and the loops allocate nothing.

// AddF32Lanes applies AddF32 to the active lanes.
func AddF32Lanes[T lane](dst, a, b []T, mask uint64, m FPMode) {
	addF32Lanes(dst, a, b, mask, m, 0)
}

// SubF32Lanes applies SubF32 to the active lanes.
func SubF32Lanes[T lane](dst, a, b []T, mask uint64, m FPMode) {
	addF32Lanes(dst, a, b, mask, m, 0x80000000)
}

// addF32Lanes is AddF32(a, b^flip) lane by lane: the fast path (round to
// nearest even: the host's binary32 sum where it stands) in a straight loop
// over the lanes up to the mask's last, then the exact code for the lanes
// it left (their destinations not yet written, so a destination that is
// also a source still holds the lane's operand).
func addF32Lanes[T lane](dst, a, b []T, mask uint64, m FPMode, flip uint32) {
	if m&7 != 0 {
		for ; mask != 0; mask &= mask - 1 {
			i := bits.TrailingZeros64(mask)
			dst[i] = T(AddF32(uint32(a[i]), uint32(b[i])^flip, m))
		}
		return
	}
	flush := m&FlushIn != 0
	n := bits.Len64(mask)
	dst, a, b = dst[:n], a[:n], b[:n]
	var slow uint64
	for i := range dst {
		if mask>>(uint(i)&63)&1 == 0 {
			continue
		}
		x, y := uint32(a[i]), uint32(b[i])^flip
		if flush {
			x, y = flushF32(x, m), flushF32(y, m)
		}
		if r, ok := addF32Fast(x, y); ok {
			dst[i] = T(r)
		} else {
			slow |= 1 << (uint(i) & 63)
		}
	}
	for ; slow != 0; slow &= slow - 1 {
		i := bits.TrailingZeros64(slow)
		dst[i] = T(AddF32(uint32(a[i]), uint32(b[i])^flip, m))
	}
}

// MulF32Lanes applies MulF32 to the active lanes, as addF32Lanes does
// AddF32: the host's binary32 product where it stands in a straight loop,
// then the exact code for the lanes it left. (The loop is addF32Lanes'
// written again: one function for both, with the operation a branch in
// the loop, took 30% more host instructions on FIR, 8 December 2026.)
func MulF32Lanes[T lane](dst, a, b []T, mask uint64, m FPMode) {
	if m&7 != 0 {
		for ; mask != 0; mask &= mask - 1 {
			i := bits.TrailingZeros64(mask)
			dst[i] = T(MulF32(uint32(a[i]), uint32(b[i]), m))
		}
		return
	}
	flush := m&FlushIn != 0
	n := bits.Len64(mask)
	dst, a, b = dst[:n], a[:n], b[:n]
	var slow uint64
	for i := range dst {
		if mask>>(uint(i)&63)&1 == 0 {
			continue
		}
		x, y := uint32(a[i]), uint32(b[i])
		if flush {
			x, y = flushF32(x, m), flushF32(y, m)
		}
		if r, ok := mulF32Fast(x, y); ok {
			dst[i] = T(r)
		} else {
			slow |= 1 << (uint(i) & 63)
		}
	}
	for ; slow != 0; slow &= slow - 1 {
		i := bits.TrailingZeros64(slow)
		dst[i] = T(MulF32(uint32(a[i]), uint32(b[i]), m))
	}
}

// DivF32Lanes applies DivF32 to the active lanes.
func DivF32Lanes(dst, a, b []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = uint64(DivF32(uint32(a[i]), uint32(b[i]), m))
	}
}

// FmaF32Lanes applies FmaF32 to the active lanes.
func FmaF32Lanes[T lane](dst, a, b, c []T, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = T(FmaF32(uint32(a[i]), uint32(b[i]), uint32(c[i]), m))
	}
}

// lane is a lane's size in a row: 4 bytes or 8.
type lane interface{ uint32 | uint64 }

// SqrtF32Lanes applies SqrtF32 to the active lanes.
func SqrtF32Lanes(dst, a []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = uint64(SqrtF32(uint32(a[i]), m))
	}
}

// AddF64Lanes applies AddF64 to the active lanes.
func AddF64Lanes(dst, a, b []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = AddF64(a[i], b[i], m)
	}
}

// SubF64Lanes applies SubF64 to the active lanes.
func SubF64Lanes(dst, a, b []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = SubF64(a[i], b[i], m)
	}
}

// MulF64Lanes applies MulF64 to the active lanes.
func MulF64Lanes(dst, a, b []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = MulF64(a[i], b[i], m)
	}
}

// DivF64Lanes applies DivF64 to the active lanes.
func DivF64Lanes(dst, a, b []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = DivF64(a[i], b[i], m)
	}
}

// FmaF64Lanes applies FmaF64 to the active lanes.
func FmaF64Lanes(dst, a, b, c []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = FmaF64(a[i], b[i], c[i], m)
	}
}

// SqrtF64Lanes applies SqrtF64 to the active lanes.
func SqrtF64Lanes(dst, a []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = SqrtF64(a[i], m)
	}
}

// MinF32Lanes applies MinF32 (PTX min.f32) to the active lanes.
func MinF32Lanes(dst, a, b []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = uint64(MinF32(uint32(a[i]), uint32(b[i]), m))
	}
}

// MaxF32Lanes applies MaxF32 (PTX max.f32) to the active lanes.
func MaxF32Lanes(dst, a, b []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = uint64(MaxF32(uint32(a[i]), uint32(b[i]), m))
	}
}

// MinNumF32Lanes applies MinNumF32 (AMD v_min_f32) to the active lanes.
func MinNumF32Lanes(dst, a, b []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = uint64(MinNumF32(uint32(a[i]), uint32(b[i]), m))
	}
}

// MaxNumF32Lanes applies MaxNumF32 (AMD v_max_f32) to the active lanes.
func MaxNumF32Lanes(dst, a, b []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = uint64(MaxNumF32(uint32(a[i]), uint32(b[i]), m))
	}
}
