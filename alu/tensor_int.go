package alu

import (
	"math"
	"math/bits"
)

// Integer, single-bit and f64 tensor-core dot products. These have one
// true answer (no [numerics] choice): integer products and sums are exact
// and the 32-bit result wraps, or with satfinite clamps to the int32
// range (PTX ISA, wmma.mma and mma: "Saturation at the output"); the
// single-bit forms add popc(a AND/XOR b) over the K bits; the f64 form
// (DMMA) is a chain of IEEE fused multiply-adds in k order, each rounded
// as the instruction says (.rn by default; PTX ISA wmma.mma "Rounding
// modifiers on double precision"). The f64 chain is provisional: Fasi et
// al. 2021 ran a binary64 suite on the A100 but no result per step is
// cited here.

// DotS32 returns c + sum_k a[k]*b[k] for integer elements of bits bits
// (8 or 4) held in the low bits of a and b, signed where aSigned and
// bSigned say, wrapped to 32 bits or, with sat, clamped.
func DotS32(a, b []uint32, bits int, aSigned, bSigned bool, c int32, sat bool) int32 {
	ext := func(x uint32, signed bool) int64 {
		sh := 64 - uint(bits)
		if signed {
			return int64(uint64(x)<<sh) >> sh
		}
		return int64(uint64(x) << sh >> sh)
	}
	s := int64(c)
	for k := range a {
		s += ext(a[k], aSigned) * ext(b[k], bSigned)
	}
	if sat {
		return int32(max(math.MinInt32, min(math.MaxInt32, s)))
	}
	return int32(uint32(s))
}

// DotB1 returns c + popc(a op b) over the words of a and b (op AND when
// and, else XOR), wrapped to 32 bits.
func DotB1(a, b []uint32, c int32, and bool) int32 {
	s := uint32(c)
	for k := range a {
		if and {
			s += uint32(bits.OnesCount32(a[k] & b[k]))
		} else {
			s += uint32(bits.OnesCount32(a[k] ^ b[k]))
		}
	}
	return int32(s)
}

// DotF64 returns the f64 dot product as a chain of fused multiply-adds,
// acc = fma(a[k], b[k], acc) from acc = c, in mode m.
func DotF64(a, b []uint64, c uint64, m FPMode) uint64 {
	acc := c
	for k := range a {
		acc = FmaF64(a[k], b[k], acc, m)
	}
	return acc
}
