package main

import "math/bits"

// Ulp distances between a model output and a silicon output of one form.
//
// For a scalar format the distance is the number of representable values
// between the two (the difference of their sign-magnitude patterns read as
// ordered integers), so adjacent values are 1 apart and +0 is next to the
// smallest subnormals. Packed forms take the larger distance of the two
// halves. RCP64H measures the upper 1.11.20 word in its own ulps. A pair
// that no distance describes (a NaN on either side, +0 against -0, an
// RCP64H lower word that differs, or two different integers) is
// "incomparable".

// Histogram buckets: 0 holds bit-exact matches, 1..3 distances 1..3, and
// bucket b >= 4 distances [2^(b-2), 2^(b-1)-1].
const numBuckets = 35

// bucketOf returns the histogram bucket of a distance d >= 0.
func bucketOf(d uint64) int {
	if d <= 3 {
		return int(d)
	}
	return bits.Len64(d) + 1
}

// bucketRange returns the smallest and largest distance of bucket b.
func bucketRange(b int) (lo, hi uint64) {
	if b <= 3 {
		return uint64(b), uint64(b)
	}
	lo = 1 << (b - 2)
	return lo, lo<<1 - 1
}

// ulpDistance returns the distance between model output m and silicon output
// s (m != s) in format f, and false when they are incomparable.
func ulpDistance(f Format, m, s uint64) (uint64, bool) {
	switch {
	case f.Integer:
		return 0, false
	case f.HiWord64:
		if uint32(m) != uint32(s) {
			return 0, false
		}
		return scalarDistance(32, f.ExpBits, m>>32, s>>32)
	case f.Packed:
		h := f.Bits / 2
		mask := uint64(1)<<h - 1
		dlo, okLo := uint64(0), true
		if m&mask != s&mask {
			dlo, okLo = scalarDistance(h, f.ExpBits, m&mask, s&mask)
		}
		dhi, okHi := uint64(0), true
		if m>>h != s>>h {
			dhi, okHi = scalarDistance(h, f.ExpBits, m>>h, s>>h)
		}
		return max(dlo, dhi), okLo && okHi
	}
	return scalarDistance(f.Bits, f.ExpBits, m, s)
}

// scalarDistance measures two different n-bit patterns with an expBits-wide
// exponent field.
func scalarDistance(n, expBits uint, a, b uint64) (uint64, bool) {
	if isNaN(n, expBits, a) || isNaN(n, expBits, b) {
		return 0, false
	}
	oa, ob := ordered(n, a), ordered(n, b)
	if oa == ob { // +0 against -0
		return 0, false
	}
	if oa > ob {
		return uint64(oa - ob), true
	}
	return uint64(ob - oa), true
}

// isNaN reports whether the n-bit pattern x is a NaN.
func isNaN(n, expBits uint, x uint64) bool {
	fracBits := n - 1 - expBits
	expMask := uint64(1)<<expBits - 1
	return x>>fracBits&expMask == expMask && x&(uint64(1)<<fracBits-1) != 0
}

// ordered maps a sign-magnitude n-bit pattern onto a signed integer whose
// order is the values' order.
func ordered(n uint, x uint64) int64 {
	mag := int64(x & (uint64(1)<<(n-1) - 1))
	if x>>(n-1)&1 != 0 {
		return -mag
	}
	return mag
}
