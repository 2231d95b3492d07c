package alu

import (
	"math"
	"math/bits"
)

// The arithmetic of the texture unit: texel coordinates from float
// coordinates, the weights of linear filtering, the weighted sum, the
// normalised-integer conversions of texel formats and the level of detail.
// Every function works on integers and raw bit patterns, so a fetch gives
// the same bits on every host.
//
// The weights follow the CUDA C++ Programming Guide, appendix "Texture
// Fetching" (section "Linear Filtering"): for a 1-D texture of N texels
// sampled at x (in texels, x*N for normalised coordinates), xB = x - 0.5,
// i = floor(xB), alpha = frac(xB), and
//
//	tex(x) = (1 - alpha) T[i] + alpha T[i+1]
//
// where "alpha is stored in 9-bit fixed point format with 8 bits of
// fractional value (so 1.0 is exactly represented)"; 2-D and 3-D textures
// weight 4 and 8 texels with the products of the per-axis weights. The
// guide does not say how alpha is rounded to 8 bits, how the products are
// accumulated or how the sum is rounded. gpusim's model (provisional: not
// yet compared with silicon): alpha is frac(xB) rounded to the nearest
// multiple of 1/256, a tie rounding up (an alpha of 256/256 is the next
// texel's 0/256, the same result); xB is computed exactly from the f32
// coordinate (x*N with no intermediate rounding); the weighted sum of the
// texels (as the f32 values a point fetch returns) is exact, and rounded
// once to f32, to nearest even.

// texCoordLimit bounds texel coordinates: far beyond any texture (2^30
// texels, where textures have at most 2^16 per dimension) the addressing
// mode decides alone.
const texCoordLimit = int64(1) << 40

// TexFloor returns floor(x * n * 2^shift) for the f32 coordinate x and a
// texture size n (1 for unnormalised coordinates), computed exactly and
// limited to +-2^40; a NaN coordinate gives 0 (as Direct3D specifies for
// NaN texture coordinates; the CUDA guide says nothing).
func TexFloor(x uint32, n uint32, shift uint) int64 {
	exp := int(x >> 23 & 0xff)
	neg := x>>31 != 0
	if exp == 0xff {
		if x&0x7fffff != 0 {
			return 0
		}
		if neg {
			return -texCoordLimit
		}
		return texCoordLimit
	}
	m := uint64(x & 0x7fffff)
	if exp != 0 {
		m |= 1 << 23
	} else {
		exp = 1
	}
	p := m * uint64(n) // < 2^56
	s := exp - 150 + int(shift)
	if p == 0 {
		return 0
	}
	var mag uint64
	exact := true
	switch {
	case s >= 0:
		if s >= 24 || p<<uint(s)>>uint(s) != p || p<<uint(s) > uint64(texCoordLimit) {
			mag = uint64(texCoordLimit)
		} else {
			mag = p << uint(s)
		}
	case -s >= 64:
		mag, exact = 0, false
	default:
		mag = p >> uint(-s)
		exact = mag<<uint(-s) == p
		if mag > uint64(texCoordLimit) {
			mag = uint64(texCoordLimit)
		}
	}
	if !neg {
		return int64(mag)
	}
	if !exact {
		mag++ // floor of a negative non-integer
	}
	return -int64(mag)
}

// TexLinear returns the first texel index i and the 8-bit weight alpha
// (0..255, in units of 1/256) of the second texel for linear filtering at
// the f32 coordinate x of a texture dimension of n texels (n = 1 for
// unnormalised coordinates): i = floor(xB), alpha = frac(xB) rounded to
// 1/256, xB = x*n - 0.5. It is k = floor(256*xB + 1/2) split as i = k>>8,
// alpha = k&255, and 256*xB + 1/2 = (512*x*n - 255)/2, so k =
// (floor(512*x*n) - 255) >> 1.
func TexLinear(x uint32, n uint32) (i int64, alpha uint32) {
	k := (TexFloor(x, n, 9) - 255) >> 1
	return k >> 8, uint32(k & 255)
}

// TexFixed8 is x rounded to the nearest multiple of 1/256 (a tie rounding
// up), as a fixed-point value with 8 fraction bits: how gpusim quantises a
// level of detail.
func TexFixed8(x uint32) int64 { return (TexFloor(x, 1, 9) + 1) >> 1 }

// texAcc is an exact accumulator: a 320-bit unsigned integer, least
// significant word first, weighing 2^-149 (the smallest f32 subnormal) at
// bit 0 before the weights' scale.
type texAcc [5]uint64

// add adds v << shift.
func (a *texAcc) add(v uint64, shift uint) {
	w, b := shift/64, shift%64
	lo, hi := v<<b, uint64(0)
	if b != 0 {
		hi = v >> (64 - b)
	}
	var c uint64
	a[w], c = bits.Add64(a[w], lo, 0)
	for j := w + 1; j < uint(len(a)); j++ {
		add := uint64(0)
		if j == w+1 {
			add = hi
		}
		a[j], c = bits.Add64(a[j], add, c)
	}
}

func (a *texAcc) less(b *texAcc) bool {
	for j := len(a) - 1; j >= 0; j-- {
		if a[j] != b[j] {
			return a[j] < b[j]
		}
	}
	return false
}

func (a *texAcc) sub(b *texAcc) {
	var br uint64
	for j := range a {
		a[j], br = bits.Sub64(a[j], b[j], br)
	}
}

// bitLen is the index of the highest set bit plus one (0 for zero).
func (a *texAcc) bitLen() int {
	for j := len(a) - 1; j >= 0; j-- {
		if a[j] != 0 {
			return 64*j + bits.Len64(a[j])
		}
	}
	return 0
}

// field returns bits [lo, lo+n) (n <= 64, lo >= 0).
func (a *texAcc) field(lo, n int) uint64 {
	w, b := lo/64, uint(lo%64)
	if w >= len(a) {
		return 0
	}
	v := a[w] >> b
	if b != 0 && w+1 < len(a) {
		v |= a[w+1] << (64 - b)
	}
	if n < 64 {
		v &= 1<<uint(n) - 1
	}
	return v
}

// anyBelow reports a set bit below position p.
func (a *texAcc) anyBelow(p int) bool {
	for j := 0; j < len(a) && 64*j < p; j++ {
		w := a[j]
		if top := p - 64*j; top < 64 {
			w &= 1<<uint(top) - 1
		}
		if w != 0 {
			return true
		}
	}
	return false
}

// TexBlend returns the weighted sum of the f32 values v[i] with weights
// w[i] (each in units of 2^-fracBits; they should sum to 2^fracBits),
// computed exactly and rounded once to the nearest f32, ties to even.
// Values with weight 0 take no part. A NaN value gives the canonical NaN
// 0x7fffffff; infinities give an infinity (both signs: NaN). At most 16
// values, weights below 2^33 and fracBits at most 40.
func TexBlend(v []uint32, w []uint64, fracBits uint) uint32 {
	var terms [16]struct {
		t   uint64 // m * w
		exp int    // the value is t * 2^(exp-150) / 2^fracBits
		neg bool
	}
	n := 0
	posInf, negInf, nan := false, false, false
	allNegZero, any := true, false
	emin, emax := 1<<30, 0
	for i := range v {
		if w[i] == 0 {
			continue
		}
		any = true
		x := v[i]
		exp := int(x >> 23 & 0xff)
		m := uint64(x & 0x7fffff)
		sign := x>>31 != 0
		if exp == 0xff {
			if m != 0 {
				nan = true
			} else if sign {
				negInf = true
			} else {
				posInf = true
			}
			continue
		}
		if x != 0x80000000 {
			allNegZero = false
		}
		if exp != 0 {
			m |= 1 << 23
		} else {
			exp = 1
		}
		if m == 0 {
			continue
		}
		terms[n].t, terms[n].exp, terms[n].neg = m*w[i], exp, sign
		emin, emax = min(emin, exp), max(emax, exp)
		n++
	}
	switch {
	case nan || posInf && negInf:
		return 0x7fffffff
	case posInf:
		return 0x7f800000
	case negInf:
		return 0xff800000
	case !any:
		return 0
	case n == 0:
		if allNegZero {
			return 0x80000000
		}
		return 0
	}
	// The terms relative to the smallest exponent fit in 63 bits when the
	// exponents are close (the usual case): sum them in an int64.
	fits := true
	for i := 0; i < n && fits; i++ {
		fits = bits.Len64(terms[i].t)+terms[i].exp-emin+4 <= 63
	}
	if fits {
		var sum int64
		for i := 0; i < n; i++ {
			d := int64(terms[i].t << uint(terms[i].exp-emin))
			if terms[i].neg {
				d = -d
			}
			sum += d
		}
		sign := uint32(0)
		if sum < 0 {
			sign, sum = 1<<31, -sum
		}
		return roundF32(uint64(sum), emin-150-int(fracBits), sign)
	}
	// Otherwise exactly in 320 bits: bit 0 weighs 2^-149 before the
	// weights' scale (an exponent field e is a shift of e-1).
	var pos, neg texAcc
	for i := 0; i < n; i++ {
		if terms[i].neg {
			neg.add(terms[i].t, uint(terms[i].exp-1))
		} else {
			pos.add(terms[i].t, uint(terms[i].exp-1))
		}
	}
	sign := uint32(0)
	if pos.less(&neg) {
		neg.sub(&pos)
		pos, sign = neg, 1<<31
	} else {
		pos.sub(&neg)
	}
	nb := pos.bitLen()
	if nb == 0 {
		return 0
	}
	// Keep the top 64 bits (and whether anything below them is set) and
	// round that: the dropped bits only matter as sticky.
	lo := max(0, nb-64)
	top := pos.field(lo, 64)
	if lo > 0 && pos.anyBelow(lo) {
		top |= 1 // sticky: below the 24-bit result's rounding bit either way
	}
	return roundF32(top, lo-149-int(fracBits), sign)
}

// roundF32 rounds mag * 2^exp2 to the nearest f32 (ties to even), with
// sign.
func roundF32(mag uint64, exp2 int, sign uint32) uint32 {
	if mag == 0 {
		return sign
	}
	n := bits.Len64(mag)
	lsb := max(n-24, -149-exp2) // the result's last bit, as a bit of mag
	var mant uint64
	if lsb <= 0 {
		mant = mag << uint(-lsb)
	} else {
		mant = mag >> uint(lsb)
		rem := mag & (1<<uint(lsb) - 1)
		half := uint64(1) << uint(lsb-1)
		if rem > half || rem == half && mant&1 != 0 {
			mant++
		}
	}
	e := lsb + exp2 // the value is mant * 2^e
	if mant >= 1<<24 {
		mant >>= 1 // a carry out of rounding (the dropped bit is 0)
		e++
	}
	if mant < 1<<23 {
		return sign | uint32(mant) // subnormal (e is -149)
	}
	be := e + 150 // biased exponent of mant * 2^e with mant in [2^23, 2^24)
	if be >= 0xff {
		return sign | 0x7f800000
	}
	return sign | uint32(be)<<23 | uint32(mant)&0x7fffff
}

// ratioF32 is num/den (den > 0, both below 2^32) rounded to the nearest
// f32, ties to even, negated when neg.
func ratioF32(num, den uint64, neg bool) uint32 {
	sign := uint32(0)
	if neg {
		sign = 1 << 31
	}
	if num == 0 {
		return sign
	}
	// q = floor(num * 2^s / den) in [2^24, 2^25): a 24-bit significand
	// and a guard bit; the remainder is the sticky part.
	s := 24 + bits.Len64(den) - bits.Len64(num)
	q, r := divShift(num, den, s)
	if q < 1<<24 {
		s++
		q, r = divShift(num, den, s)
	}
	mant := q >> 1
	if q&1 != 0 && (r != 0 || mant&1 != 0) {
		mant++
	}
	e := 1 - s // the value is mant * 2^e
	if mant == 1<<24 {
		mant >>= 1
		e++
	}
	return sign | uint32(e+150)<<23 | uint32(mant)&0x7fffff
}

// divShift is num * 2^s / den and its remainder (s may be negative).
func divShift(num, den uint64, s int) (q, r uint64) {
	if s < 0 {
		d := den << uint(-s)
		return num / d, num % d
	}
	var hi uint64
	if s > 0 {
		hi = num >> (64 - uint(s))
	}
	return bits.Div64(hi, num<<uint(s), den)
}

// UnormToF32 is an unsigned normalised texel channel of n bits (8 or 16)
// as a float, v / (2^n - 1), correctly rounded (the conversion Direct3D
// and OpenGL define for UNORM, which CUDA's cudaReadModeNormalizedFloat
// performs on 8- and 16-bit unsigned channels).
func UnormToF32(v uint32, n uint) uint32 {
	if n == 8 {
		return unorm8[v&0xff]
	}
	d := uint64(1)<<n - 1
	return ratioF32(uint64(v)&d, d, false)
}

// unorm8 and snorm8 are the 8-bit conversions, computed once (read-only).
var unorm8, snorm8 = func() (u, s [256]uint32) {
	for v := range u {
		u[v] = ratioF32(uint64(v), 255, false)
		s[v] = snormToF32(uint32(v), 8)
	}
	return u, s
}()

// SnormToF32 is a signed normalised channel of n bits: max(v / (2^(n-1) -
// 1), -1), correctly rounded (the most negative code also gives -1).
func SnormToF32(v uint32, n uint) uint32 {
	if n == 8 {
		return snorm8[v&0xff]
	}
	return snormToF32(v, n)
}

func snormToF32(v uint32, n uint) uint32 {
	x := int64(int32(v<<(32-n)) >> (32 - n)) // sign-extend the n-bit code
	d := int64(1)<<(n-1) - 1
	if x <= -d {
		return 0xbf800000
	}
	if x < 0 {
		return ratioF32(uint64(-x), uint64(d), true)
	}
	return ratioF32(uint64(x), uint64(d), false)
}

// roundScaled rounds the non-negative f32 x times d to the nearest
// integer, ties to even, limited to d (x is in [0, 1]).
func roundScaled(x uint32, d uint64) uint64 {
	exp := int(x >> 23 & 0xff)
	m := uint64(x & 0x7fffff)
	if exp != 0 {
		m |= 1 << 23
	} else {
		exp = 1
	}
	p := m * d // x*d = p * 2^(exp-150)
	s := 150 - exp
	if s <= 0 {
		return min(p<<uint(-s), d)
	}
	if s >= 64 {
		return 0
	}
	q := p >> uint(s)
	rem := p - q<<uint(s)
	half := uint64(1) << uint(s-1)
	if rem > half || rem == half && q&1 != 0 {
		q++
	}
	return min(q, d)
}

// F32ToUnorm converts a float to an unsigned normalised code of n bits
// (sust.p to a UNORM surface): clamped to [0, 1], times 2^n - 1, rounded
// to nearest even; NaN gives 0.
func F32ToUnorm(x uint32, n uint) uint32 {
	d := uint64(1)<<n - 1
	switch {
	case x&0x7fffffff > 0x7f800000, x>>31 != 0:
		return 0 // NaN, negative (and -0)
	case x >= 0x3f800000:
		return uint32(d)
	}
	return uint32(roundScaled(x, d))
}

// F32ToSnorm converts a float to a signed normalised code of n bits:
// clamped to [-1, 1], times 2^(n-1) - 1, rounded to nearest even; NaN
// gives 0. The result is the n-bit two's complement code.
func F32ToSnorm(x uint32, n uint) uint32 {
	d := uint64(1)<<(n-1) - 1
	mask := uint32(1)<<n - 1
	if x&0x7fffffff > 0x7f800000 {
		return 0
	}
	a := x & 0x7fffffff
	var q uint64
	if a >= 0x3f800000 {
		q = d
	} else {
		q = roundScaled(a, d)
	}
	if x>>31 != 0 {
		return uint32(-int64(q)) & mask
	}
	return uint32(q) & mask
}

// TexLOD is the level of detail of a gradient fetch, in units of 1/256:
// log2 of the larger of the lengths of the two derivative vectors dx and
// dy (f32 bit patterns, their first dims elements), each element first
// scaled by scale[i] (the level-0 size in texels for normalised
// coordinates, else 1), with the fraction truncated to 8 bits. Gradients
// of zero length give the finest level (-2^30); NaN gradients too. The
// lengths are computed in float64 (each element times its scale exactly,
// each square and sum rounded to nearest even; the conversions forbid
// fused multiply-adds, so every host gives the same bits), the logarithm
// bit by bit by repeated squaring. The CUDA guide does not define this
// computation.
func TexLOD(dx, dy [3]uint32, scale [3]uint32, dims int) int64 {
	sq := func(g [3]uint32) float64 {
		var s float64
		for i := 0; i < dims; i++ {
			x := float64(math.Float32frombits(g[i])) * float64(scale[i]) // exact: 24 x 32 bits
			s = float64(s + float64(x*x))
		}
		return s
	}
	r := max(sq(dx), sq(dy)) // rho^2
	if !(r > 0) {
		return -1 << 30 // zero or NaN
	}
	if r > 1e300 {
		return 1 << 30
	}
	// r = f * 2^e with f in [1, 2) (exact halvings and doublings).
	e := 0
	for r >= 2 {
		r /= 2
		e++
	}
	for r < 1 {
		r *= 2
		e--
	}
	// log2(rho^2) = e + log2(f): nine fraction bits by squaring f.
	l := int64(e) << 9
	for b := 8; b >= 0; b-- {
		r = float64(r * r)
		if r >= 2 {
			r /= 2
			l |= 1 << uint(b)
		}
	}
	return l >> 2 // log2(rho) = log2(rho^2) / 2 in units of 1/256: l/4 (floor)
}
