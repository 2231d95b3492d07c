package main

import "math"

// Input generators of the record probes. Each is a pure function of the
// record index, so the comparer can regenerate any record's input and the
// files given to the capture program (inputfile.go) are reproducible: the
// special values first, then structured ranges, then random patterns (from
// mix, a fixed hash of the index).

// inputGen writes the input of record i into dst (the form's InWidth bytes).
type inputGen func(i uint64, dst []byte)

// inputGen32 is one f32 input of a focus range, k in [0, 2^20).
type inputGen32 func(k uint64) uint32

// f32Magnitudes are the f32 special and boundary magnitudes; every one is
// used with both signs.
var f32Magnitudes = []uint32{
	0x00000000,             // 0
	0x00000001, 0x00000002, // smallest subnormals
	0x00000003, 0x00012345, 0x00400000, // subnormals (2^-127 is 0x00400000)
	0x007ffffe, 0x007fffff, // largest subnormals
	0x00800000, 0x00800001, // smallest normals
	0x00ffffff, 0x01000000,
	0x33800000, 0x34000000, // 2^-24, 2^-23
	0x3effffff, 0x3f000000, 0x3f000001, // around 0.5
	0x3f7fffff, 0x3f800000, 0x3f800001, // around 1
	0x3fb504f3,             // sqrt(2)
	0x3fc00000,             // 1.5
	0x3fc90fdb,             // pi/2
	0x3fffffff, 0x40000000, // around 2
	0x40490fdb, 0x40c90fdb, // pi, 2pi
	0x41100000, 0x41180000, 0x41200000, // 9, 9.5, 10 (tanh saturation)
	0x42fc0000, 0x43000000, 0x43160000, // 126, 128, 150 (exponent limits of 2^x)
	0x4b000000, 0x4b800000, // 2^23, 2^24
	0x5f800000, 0x7e800000, // 2^64, 2^126
	0x7effffff, 0x7f000000, // around 2^127
	0x7f7ffffe, 0x7f7fffff, // largest finite
	0x7f800000,                         // Inf
	0x7f800001, 0x7fa00000, 0x7fbfffff, // signalling NaNs
	0x7fc00000, 0x7fc00001, 0x7fffffff, // quiet NaNs
}

// specialsF32 is every f32 special value: the magnitudes above, positive
// then negative.
func specialsF32() []uint32 {
	out := make([]uint32, 0, 2*len(f32Magnitudes))
	for _, m := range f32Magnitudes {
		out = append(out, m)
	}
	for _, m := range f32Magnitudes {
		out = append(out, m|0x80000000)
	}
	return out
}

// Record layout of the unary f32 probes: specials, then 2^21 binade
// patterns, then 2^20 of the focus range, then random patterns.
const (
	binadeRecords = 1 << 21
	focusRecords  = 1 << 20
)

// unaryF32Inputs is the generator of a unary f32 probe with the given focus
// range; salt makes each form's random patterns its own.
func unaryF32Inputs(focus inputGen32, salt uint64) inputGen {
	specials := specialsF32()
	return func(i uint64, dst []byte) {
		put32(dst, unaryF32Input(i, specials, focus, salt))
	}
}

func unaryF32Input(i uint64, specials []uint32, focus inputGen32, salt uint64) uint32 {
	if i < uint64(len(specials)) {
		return specials[i]
	}
	j := i - uint64(len(specials))
	switch {
	case j < binadeRecords:
		// 4096 patterns of each binade and sign: evenly spaced mantissas
		// with a hashed offset below the spacing.
		sign := uint32(j>>20) & 1
		exp := uint32(j>>12) & 0xff
		mant := uint32(j&0xfff)<<11 | uint32(mix(j^salt<<40))&0x7ff
		return sign<<31 | exp<<23 | mant
	case j < binadeRecords+focusRecords:
		return focus(j - binadeRecords)
	}
	return uint32(mix(j ^ salt<<48 ^ 0x5eed))
}

// walkF32 is a focus range: 2^19 evenly spaced bit patterns of [lo, hi),
// positive, then the same negative.
func walkF32(lo, hi uint32) inputGen32 {
	span := uint64(hi - lo)
	return func(k uint64) uint32 {
		sign := uint32(k>>19&1) << 31
		return sign | (lo + uint32((k&(1<<19-1))*span>>19))
	}
}

// trigFocus walks 256 neighbouring f32 values around each of 4096 multiples
// of pi/2 (|x| up to about 3217), where sin and cos pass through 0 and ±1,
// positive and negative.
func trigFocus(k uint64) uint32 {
	m := int64(k>>8) - 2048
	centre := math.Float32bits(float32(float64(m) * math.Pi / 2))
	off := int64(k&0xff) - 128
	if centre&0x7fffffff == 0 {
		return uint32(int64(0x00800000) + off*0x10000) // around 0: tiny normals and subnormals
	}
	return uint32(int64(centre) + off)
}

// divMagnitudes are the magnitudes whose every signed pair div.rn.f32 sees.
var divMagnitudes = []uint32{
	0x00000000, 0x00000001, 0x007fffff, 0x00800000, 0x00ffffff, 0x33800000,
	0x3f000000, 0x3f7fffff, 0x3f800000, 0x3f800001, 0x3fc00000, 0x40000000,
	0x40400000, 0x4b800000, 0x7e800000, 0x7f000000, 0x7f7fffff, 0x7f800000,
	0x7f800001, 0x7fc00000, 0x7fffffff,
}

// divF32Inputs is div.rn.f32's generator: every ordered pair of signed
// special values, then four structured ranges of random operands.
func divF32Inputs(i uint64, dst []byte) {
	a, b := divF32Input(i)
	put32(dst, a)
	put32(dst[4:], b)
}

func divF32Input(i uint64) (a, b uint32) {
	n := uint64(2 * len(divMagnitudes))
	special := func(k uint64) uint32 {
		v := divMagnitudes[k%uint64(len(divMagnitudes))]
		if k >= uint64(len(divMagnitudes)) {
			v |= 0x80000000
		}
		return v
	}
	if i < n*n {
		return special(i / n), special(i % n)
	}
	j := i - n*n
	h, g := mix(j^0xd1f), mix(j^0xd1f<<32)
	sa, sb := uint32(h>>63)<<31, uint32(g>>63)<<31
	ma, mb := uint32(h)&0x7fffff, uint32(g)&0x7fffff
	switch j >> 20 {
	case 0: // random patterns
		return uint32(h), uint32(g)
	case 1: // exponent differences from -160 to 160: overflow, underflow, subnormal quotients
		d := int64(j%321) - 160
		eb := int64(h>>40&0xff)%200 + 27
		ea := min(max(eb+d, 1), 254)
		return sa | uint32(ea)<<23 | ma, sb | uint32(eb)<<23 | mb
	case 2: // power-of-two divisors: exact quotients, many of them subnormal
		return sa | uint32(h>>32&0xff)%254<<23 | ma, sb | uint32(g>>32&0xff)%254<<23
	}
	// Subnormal operands, and quotients next to 1.
	switch j & 3 {
	case 0:
		return sa | ma, uint32(g)
	case 1:
		return uint32(h), sb | mb
	}
	b = sb | uint32(g>>32&0xff)%254<<23 | mb
	return b + uint32(int64(h>>32&0xff)-128), b
}

// f64Values are the operands whose every combination the f64 probes see:
// NaNs of every kind first, then infinities, zeros and finite values.
var f64Values = []uint64{
	0x7ff8000000000000,                     // the default quiet NaN
	0x7ff8000000000123,                     // quiet NaN with a payload
	0xfff8000000000000,                     // negative quiet NaN (CUDA's CUDART_NAN)
	0x7fffffffffffffff,                     // quiet NaN, all payload bits
	0x7ff0000000000001,                     // signalling NaN, smallest payload
	0x7ff4000000000000,                     // signalling NaN, top payload bit below the quiet bit
	0xfff0000000000bad,                     // negative signalling NaN with a payload
	0x7ff0000000000000, 0xfff0000000000000, // ±Inf
	0x0000000000000000, 0x8000000000000000, // ±0
	0x3ff0000000000000, 0xbff0000000000000, // ±1
	0x4000000000000000,                     // 2
	0x0000000000000001, 0x800fffffffffffff, // subnormals
	0x0010000000000000,                     // smallest normal
	0x7fefffffffffffff, 0xffefffffffffffff, // ±largest finite
	0x3fe0000000000000, // 0.5
}

// f64Inputs is the generator of an f64 probe of ops operands: every
// combination of f64Values, then random patterns (half of them finite
// operands with nearby exponents, where add cancels).
func f64Inputs(ops int, salt uint64) inputGen {
	n := uint64(len(f64Values))
	combos := n * n
	if ops == 3 {
		combos *= n
	}
	return func(i uint64, dst []byte) {
		if i < combos {
			k := i
			for op := ops - 1; op >= 0; op-- {
				put64(dst[8*op:], f64Values[k%n])
				k /= n
			}
			return
		}
		j := i - combos
		for op := range ops {
			h := mix(j ^ salt<<56 ^ uint64(op)<<50)
			if j&1 == 1 {
				e := 1000 + mix(j^salt)%48 + h>>60 // exponents within 16 of each other
				h = h&0x800fffffffffffff | e<<52
			}
			put64(dst[8*op:], h)
		}
	}
}

// intEdges32 and intEdges64 are the integer division edge values.
var (
	intEdges32 = []uint64{0, 1, 2, 3, 7, 0x10000, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffff9, 0xfffffffe, 0xffffffff, 0xdeadbeef}
	intEdges64 = []uint64{0, 1, 2, 3, 7, 1 << 32, 0xffffffff, 0x7fffffffffffffff, 0x8000000000000000,
		0x8000000000000001, 0xfffffffffffffff9, 0xfffffffffffffffe, 0xffffffffffffffff, 0xdeadbeefcafef00d}
)

// intInputs is the generator of an integer division probe: every pair of
// edge values, then random pairs, a quarter of them with a zero divisor and
// a quarter with a small one.
func intInputs(bits int, salt uint64) inputGen {
	edges := intEdges32
	if bits == 64 {
		edges = intEdges64
	}
	w := bits / 8
	mask := ^uint64(0) >> (64 - bits)
	n := uint64(len(edges))
	return func(i uint64, dst []byte) {
		var a, b uint64
		if i < n*n {
			a, b = edges[i/n], edges[i%n]
		} else {
			j := i - n*n
			a, b = mix(j^salt<<40)&mask, mix(j^salt<<40^1)&mask
			switch j & 3 {
			case 0:
				b = 0
			case 1:
				b = ((b & 0xff) - 128) & mask // -128..127
			}
		}
		putN(dst, w, a&mask)
		putN(dst[w:], w, b&mask)
	}
}
