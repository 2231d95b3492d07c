package alu

import "math/bits"

// Lane-vector forms of the MUFU functions. Each FLanes(dst, src, mask)
// applies F to every lane i whose bit is set in mask: src[i] holds lane i's
// register bits zero-extended to 64 bits (only the low 16, 32 or 64 bits are
// read) and dst[i] receives F's result zero-extended. Lanes whose mask bit
// is clear are left untouched; dst and src may be the same slice. Every set
// mask bit must index both slices (a warp of 32 lanes passes slices of at
// least 32 and a mask below 2^32). The result of each lane is exactly F's.

// Ex2F32Lanes applies Ex2F32 to the lanes of src selected by mask, writing dst.
func Ex2F32Lanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(Ex2F32(uint32(src[i])))
	}
}

// Ex2F32FtzLanes applies Ex2F32Ftz to the lanes of src selected by mask, writing dst.
func Ex2F32FtzLanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(Ex2F32Ftz(uint32(src[i])))
	}
}

// Ex2F16Lanes applies Ex2F16 to the lanes of src selected by mask, writing dst.
func Ex2F16Lanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(Ex2F16(uint16(src[i])))
	}
}

// Ex2F16x2Lanes applies Ex2F16x2 to the lanes of src selected by mask, writing dst.
func Ex2F16x2Lanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(Ex2F16x2(uint32(src[i])))
	}
}

// Ex2BF16Lanes applies Ex2BF16 to the lanes of src selected by mask, writing dst.
func Ex2BF16Lanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(Ex2BF16(uint16(src[i])))
	}
}

// Ex2BF16x2Lanes applies Ex2BF16x2 to the lanes of src selected by mask, writing dst.
func Ex2BF16x2Lanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(Ex2BF16x2(uint32(src[i])))
	}
}

// RcpApproxF32Lanes applies RcpApproxF32 to the lanes of src selected by mask, writing dst.
func RcpApproxF32Lanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(RcpApproxF32(uint32(src[i])))
	}
}

// RcpApproxF32FtzLanes applies RcpApproxF32Ftz to the lanes of src selected by mask, writing dst.
func RcpApproxF32FtzLanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(RcpApproxF32Ftz(uint32(src[i])))
	}
}

// Rcp64HLanes applies Rcp64H to the lanes of src selected by mask, writing dst.
func Rcp64HLanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(Rcp64H(src[i]))
	}
}

// RsqrtApproxF32Lanes applies RsqrtApproxF32 to the lanes of src selected by mask, writing dst.
func RsqrtApproxF32Lanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(RsqrtApproxF32(uint32(src[i])))
	}
}

// RsqrtApproxF32FtzLanes applies RsqrtApproxF32Ftz to the lanes of src selected by mask, writing dst.
func RsqrtApproxF32FtzLanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(RsqrtApproxF32Ftz(uint32(src[i])))
	}
}

// RsqrtApproxF64FtzLanes applies RsqrtApproxF64Ftz to the lanes of src selected by mask, writing dst.
func RsqrtApproxF64FtzLanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(RsqrtApproxF64Ftz(src[i]))
	}
}

// SqrtApproxF32Lanes applies SqrtApproxF32 to the lanes of src selected by mask, writing dst.
func SqrtApproxF32Lanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(SqrtApproxF32(uint32(src[i])))
	}
}

// SqrtApproxF32FtzLanes applies SqrtApproxF32Ftz to the lanes of src selected by mask, writing dst.
func SqrtApproxF32FtzLanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(SqrtApproxF32Ftz(uint32(src[i])))
	}
}

// Lg2ApproxF32Lanes applies Lg2ApproxF32 to the lanes of src selected by mask, writing dst.
func Lg2ApproxF32Lanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(Lg2ApproxF32(uint32(src[i])))
	}
}

// Lg2ApproxF32FtzLanes applies Lg2ApproxF32Ftz to the lanes of src selected by mask, writing dst.
func Lg2ApproxF32FtzLanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(Lg2ApproxF32Ftz(uint32(src[i])))
	}
}

// SinApproxF32Lanes applies SinApproxF32 to the lanes of src selected by mask, writing dst.
func SinApproxF32Lanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(SinApproxF32(uint32(src[i])))
	}
}

// SinApproxF32FtzLanes applies SinApproxF32Ftz to the lanes of src selected by mask, writing dst.
func SinApproxF32FtzLanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(SinApproxF32Ftz(uint32(src[i])))
	}
}

// CosApproxF32Lanes applies CosApproxF32 to the lanes of src selected by mask, writing dst.
func CosApproxF32Lanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(CosApproxF32(uint32(src[i])))
	}
}

// CosApproxF32FtzLanes applies CosApproxF32Ftz to the lanes of src selected by mask, writing dst.
func CosApproxF32FtzLanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(CosApproxF32Ftz(uint32(src[i])))
	}
}

// TanhApproxF32Lanes applies TanhApproxF32 to the lanes of src selected by mask, writing dst.
func TanhApproxF32Lanes(dst, src []uint64, mask uint64) {
	for m := mask; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		dst[i] = uint64(TanhApproxF32(uint32(src[i])))
	}
}
