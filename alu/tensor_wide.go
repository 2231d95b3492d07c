package alu

import "math/bits"

// wideInt is an exact sum of terms sig * 2^sh (sh >= 0), kept as two
// 768-bit magnitudes, one per sign; the exact tensor reference rounds it.
type wideInt struct {
	pos, neg [wideWords]uint64
}

const wideWords = 12

// add adds (or, neg, subtracts) sig * 2^sh.
func (w *wideInt) add(sig uint64, sh int, neg bool) {
	acc := &w.pos
	if neg {
		acc = &w.neg
	}
	i, b := sh/64, uint(sh%64)
	lo, hi := sig<<b, uint64(0)
	if b > 0 {
		hi = sig >> (64 - b)
	}
	var c uint64
	for j := i; j < wideWords; j++ {
		var v uint64
		switch j {
		case i:
			v = lo
		case i + 1:
			v = hi
		}
		acc[j], c = bits.Add64(acc[j], v, c)
		if j > i+1 && c == 0 {
			break
		}
	}
}

// roundF32 rounds the sum * 2^lo to nearest even f32 (subnormals kept,
// overflow to Inf); an exact zero is +0.
func (w *wideInt) roundF32(lo int) uint32 {
	a, b := &w.pos, &w.neg
	sign := uint32(0)
	if cmpWide(a, b) < 0 {
		a, b, sign = b, a, 1<<31
	}
	var mag [wideWords]uint64
	var br uint64
	for j := range wideWords {
		mag[j], br = bits.Sub64(a[j], b[j], br)
	}
	top := -1
	for j := wideWords - 1; j >= 0; j-- {
		if mag[j] != 0 {
			top = j*64 + bits.Len64(mag[j]) - 1
			break
		}
	}
	if top < 0 {
		return 0
	}
	lead := lo + top
	if lead > 127 {
		return sign | 0x7f800000
	}
	q := max(lead-23, -149) // exponent of the result's last bit
	d := q - lo             // bit index (in mag) of the result's last bit
	var m uint64
	round := false
	if d <= 0 {
		m = extractBits(&mag, 0, top+1) << uint(-d)
	} else {
		m = extractBits(&mag, d, top+1-d)
		half := bitAt(&mag, d-1)
		sticky := anyBelow(&mag, d-1)
		round = half && (sticky || m&1 == 1)
	}
	if round {
		m++
		if m == 1<<24 {
			m >>= 1
			q++
		}
	}
	if m < 1<<23 {
		return sign | uint32(m)
	}
	if q+150 >= 255 {
		return sign | 0x7f800000
	}
	return sign | uint32(q+150)<<23 | uint32(m-1<<23)
}

func cmpWide(a, b *[wideWords]uint64) int {
	for j := wideWords - 1; j >= 0; j-- {
		if a[j] != b[j] {
			if a[j] < b[j] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// extractBits returns n (<= 64) bits of x from bit from on.
func extractBits(x *[wideWords]uint64, from, n int) uint64 {
	var v uint64
	for k := n - 1; k >= 0; k-- {
		v <<= 1
		if bitAt(x, from+k) {
			v |= 1
		}
	}
	return v
}

func bitAt(x *[wideWords]uint64, i int) bool {
	if i < 0 || i >= wideWords*64 {
		return false
	}
	return x[i/64]>>(uint(i)%64)&1 != 0
}

// anyBelow reports a set bit below bit i.
func anyBelow(x *[wideWords]uint64, i int) bool {
	for j := 0; j < i/64 && j < wideWords; j++ {
		if x[j] != 0 {
			return true
		}
	}
	if i <= 0 {
		return false
	}
	return x[i/64]&(1<<(uint(i)%64)-1) != 0
}
