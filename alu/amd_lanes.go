package alu

import "math/bits"

// Lane-vector forms of the AMD division instructions, with the layout and
// rules of ieee_lanes.go. VCC is a lane mask (bit i is lane i's VCC).

// DivFixupF32Lanes applies DivFixupF32 to the active lanes.
func DivFixupF32Lanes(dst, s0, s1, s2 []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = uint64(DivFixupF32(uint32(s0[i]), uint32(s1[i]), uint32(s2[i]), m))
	}
}

// DivFixupF32ISALanes applies DivFixupF32ISA to the active lanes.
func DivFixupF32ISALanes(dst, s0, s1, s2 []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = uint64(DivFixupF32ISA(uint32(s0[i]), uint32(s1[i]), uint32(s2[i]), m))
	}
}

// DivScaleF32Lanes applies DivScaleF32 to the active lanes and returns the
// VCC bits it sets (only active lanes can have a bit set).
func DivScaleF32Lanes(dst, s0, s1, s2 []uint64, mask uint64, m FPMode) (vcc uint64) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		d, c := DivScaleF32(uint32(s0[i]), uint32(s1[i]), uint32(s2[i]), m)
		dst[i] = uint64(d)
		if c {
			vcc |= 1 << uint(i)
		}
	}
	return vcc
}

// DivFmasF32Lanes applies DivFmasF32 to the active lanes, lane i using bit
// i of vcc.
func DivFmasF32Lanes(dst, a, b, c []uint64, vcc, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = uint64(DivFmasF32(uint32(a[i]), uint32(b[i]), uint32(c[i]), vcc>>uint(i)&1 != 0, m))
	}
}

// RcpF32Lanes applies RcpF32 to the active lanes.
func RcpF32Lanes(dst, a []uint64, mask uint64, m FPMode) {
	for ; mask != 0; mask &= mask - 1 {
		i := bits.TrailingZeros64(mask)
		dst[i] = uint64(RcpF32(uint32(a[i]), m))
	}
}
