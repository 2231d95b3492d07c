// Package sat owns saturating unsigned arithmetic: sums and products that
// stop at the largest uint64 instead of wrapping, so that the memory
// footprint or cycle count of an absurd launch or machine model stays
// absurd (and is rejected) instead of wrapping round to something small.
package sat

import (
	"math"
	"math/bits"
)

// Mul is a*b, or math.MaxUint64 when the product does not fit.
func Mul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

// Add is a+b, or math.MaxUint64 when the sum does not fit.
func Add(a, b uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 {
		return math.MaxUint64
	}
	return s
}
