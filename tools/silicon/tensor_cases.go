package main

import (
	"math"
)

// The mma cases, record by record: first the published discriminating
// inputs, then exact small-integer cases that check the harness's fragment
// layout (every hypothesis and any correct tensor core give the same
// integers), then random and adversarial families in turn.

// publishedCase is one experiment of the test suite that accompanies Fasi,
// Higham, Mikaitis and Pranesh, "Numerical behavior of NVIDIA tensor cores",
// PeerJ Computer Science 7:e330, 2021 (github.com/north-numerical-computing/
// tensor-cores-numerical-behavior, files tc_test_numerics-T4-A100-binary16.cu,
// -A100-bf16.cu and -A100-tf32.cu, binary32-accumulation tests). Only the
// inputs and the value each test's pass condition names are carried over:
// a, b are the first entries of a row of A and a column of B (the rest
// zero), c the accumulator. The suite ran them on V100, T4 and A100; it
// reports, for instance, that the tensor cores there have no guard digits
// (D.1 fails) and do not normalise partial sums.
type publishedCase struct {
	id, test string
	a, b     []uint32 // operand bits of the form's type, as many of each
	c        uint32   // f32 bits
	// check is the f32 result the suite's pass condition names; hasCheck is
	// false for the monotonicity pair, whose condition is a relation.
	check    uint32
	hasCheck bool
}

// elemOf encodes x, which must be exactly representable, in type t
// (ok false otherwise; TestPublishedCasesExact checks every table entry).
func elemOf(t elemType, x float64) (uint32, bool) {
	f := float32(x)
	if float64(f) != x {
		return 0, false
	}
	b := math.Float32bits(f)
	switch t {
	case elemBF16:
		return b >> 16, b&0xffff == 0
	case elemTF32:
		return b, b&0x1fff == 0
	}
	h, exact := f32ToF16Exact(b)
	return uint32(h), exact
}

// f32ToF16Exact converts an f32 pattern to f16 when that is exact.
func f32ToF16Exact(b uint32) (uint16, bool) {
	v := decodeF32(b)
	sign := uint16(b>>31) << 15
	if v.kind != kindFinite {
		return 0, false
	}
	if v.m == 0 {
		return sign, true
	}
	// value = m * 2^e; f16 holds m' * 2^e' with m' < 2^11, e' >= -24.
	m, e := v.m, v.e
	for m&1 == 0 {
		m >>= 1
		e++
	}
	for m < 1<<10 && e > -24 {
		m <<= 1
		e--
	}
	if m >= 1<<11 || e < -24 {
		return 0, false
	}
	if m < 1<<10 { // subnormal: e == -24
		return sign | uint16(m), true
	}
	exp := e + 25
	if exp >= 31 {
		return 0, false
	}
	return sign | uint16(exp)<<10 | uint16(m&0x3ff), true
}

func f32Of(x float64) uint32 { return math.Float32bits(float32(x)) }

func p2(e int) float64 { return math.Ldexp(1, e) }

// publishedCases lists the experiments for operand type t.
func publishedCases(t elemType) []publishedCase {
	var minSub, big, subOut float64 // smallest subnormal, its partner in A.1, and A.1's result
	var belowOne float64            // largest value below 1 in the operand format
	switch t {
	case elemF16:
		minSub, big, subOut, belowOne = p2(-24), 4, p2(-22), 1-p2(-11)
	case elemBF16:
		minSub, big, subOut, belowOne = p2(-133), p2(7), p2(-126), 1-p2(-8)
	case elemTF32:
		minSub, big, subOut, belowOne = p2(-136), p2(10), p2(-126), 1-p2(-11)
	}
	tiny := p2(-24) // the suite's small term: the f16 smallest subnormal, a normal number in bf16 and tf32
	if t == elemF16 {
		tiny = minSub
	}
	// Output subnormal: f16 has no f32-subnormal products, so its test makes 2^-15.
	outA, outB, outC, outR := p2(-14), 0.5, -p2(-15), p2(-15)
	if t != elemF16 {
		outA, outR, outC = p2(-126), p2(-127), -p2(-127)
	}
	sq := belowOne * belowOne
	ones := func(n int) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = 1
		}
		return v
	}
	fill := func(n int, x float64) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = x
		}
		return v
	}
	with := func(v []float64, i int, x float64) []float64 {
		w := append([]float64(nil), v...)
		w[i] = x
		return w
	}
	type row struct {
		id, test string
		a, b     []float64
		c, check float64
		hasCheck bool
	}
	rows := []row{
		{"A.1", "subnormals in input (binary32 mode)", []float64{minSub}, []float64{big}, 0, subOut, true},
		{"A.2", "binary32 subnormals in input", nil, nil, p2(-149), p2(-149), true},
		{"A.3a", "subnormals in output (binary32 mode)", []float64{outA}, []float64{outB}, 0, outR, true},
		{"A.3b", "subnormals in output (binary32 mode), with c", []float64{outA}, []float64{1}, outC, outR, true},
		{"B.1a", "products are computed exactly", []float64{belowOne}, []float64{belowOne}, 0, sq, true},
		{"B.1b", "products are computed exactly, four terms", fill(4, belowOne), fill(4, belowOne), 0, 4 * sq, true},
		{"B.2", "products are accumulated in binary32", fill(4, 0.5), fill(4, tiny), 1, 1, true},
	}
	for j := range 4 {
		rows = append(rows, row{"B.3." + string(rune('0'+j)), "sum starts from the largest element",
			with(fill(4, 0.5), j, 1), with(fill(4, tiny), j, 1), p2(-24), 1, true})
	}
	rows = append(rows,
		row{"C.1", "round-down for positive values", ones(4), []float64{2, 3 * p2(-24)}, 0, 2, true},
		row{"C.2", "round-up for negative values", ones(4), []float64{-2, -3 * p2(-24)}, 0, -2, true},
		row{"D.1", "extra bits in the significand alignment", []float64{1}, []float64{1}, -(1 - p2(-24)), p2(-24), true},
		row{"D.2", "normalization in addition", ones(4), fill(4, tiny), 1 - p2(-24), 1 + p2(-23), true},
		row{"D.3", "normalization in subtraction", []float64{1, 1}, []float64{1, -tiny}, -1 + p2(-24), 0, true},
	)
	for i := range 4 {
		rows = append(rows, row{"D.4a." + string(rune('0'+i)), "extra bits for carry out",
			ones(4), with(ones(4), i, p2(-23)), 1 + p2(-22) + p2(-23), 4 + p2(-21), true})
	}
	rows = append(rows,
		row{"D.4b", "extra bits for carry out: the third bit", ones(4), []float64{1, 1.5, 1.75, 1.875}, 1.875, 8, true},
		row{"D.4c", "round-down in normalization of positive values", ones(4), ones(4), 1 + p2(-22) + p2(-23), 5, true},
		row{"D.4d", "round-up in normalization of negative values", ones(4), fill(4, -1), -1 - p2(-22) - p2(-23), -5, true},
		row{"D.5a", "monotonicity of the dot product: c = 1 - 2^-24", fill(4, 0.5),
			[]float64{tiny, tiny, tiny, 3 * p2(-24)}, 1 - p2(-24), 0, false},
		row{"D.5b", "monotonicity of the dot product: c = 1 (not monotonic if below D.5a)", fill(4, 0.5),
			[]float64{tiny, tiny, tiny, 3 * p2(-24)}, 1, 0, false},
	)
	out := make([]publishedCase, 0, len(rows))
	enc := func(v []float64) []uint32 {
		bits := make([]uint32, len(v))
		for i, x := range v {
			bits[i], _ = elemOf(t, x)
			if t == elemTF32 && x == belowOne {
				bits[i] = f32Of(1 - p2(-24)) // the suite passes the f32 1 - 2^-24, which tf32 reads as 1 - 2^-11
			}
		}
		return bits
	}
	for _, r := range rows {
		// a and b hold the same number of terms (zeros pad the shorter),
		// so that both copies in a record pair them alike.
		for len(r.a) < len(r.b) {
			r.a = append(r.a, 0)
		}
		for len(r.b) < len(r.a) {
			r.b = append(r.b, 0)
		}
		out = append(out, publishedCase{id: r.id, test: r.test, a: enc(r.a), b: enc(r.b),
			c: f32Of(r.c), check: f32Of(r.check), hasCheck: r.hasCheck})
	}
	return out
}

// publishedSlots are where published case idx sits in its record: copy 0
// at (row r0, column q0) with its terms at k = 0.., copy 1 at (r1, q1) with
// its terms ending at k = K-1.
func publishedSlots(idx int) (r0, q0, r1, q1 int) {
	return idx % 8, idx % 8, 8 + (idx+3)%8, (idx + 4) % 8
}

// Record families after the published cases.
const layoutRecords = 16

var tensorFamilies = []string{
	"random-narrow", "random-wide", "cancellation", "alignment-gap", "carry-out",
	"subnormal", "ties", "overflow", "specials", "signed-zero", "mixed-sign",
}

// tensorFamily names the family of record idx (published cases first).
func tensorFamily(idx uint64, published int) string {
	switch {
	case idx < uint64(published):
		return "published"
	case idx < uint64(published+layoutRecords):
		return "layout"
	}
	return tensorFamilies[(idx-uint64(published+layoutRecords))%uint64(len(tensorFamilies))]
}

// recBuilder fills one mma record.
type recBuilder struct {
	s   *mmaShape
	rec []byte
	h   uint64 // hash state
}

func (r *recBuilder) setA(i, k int, v uint32) {
	putN(r.rec[r.s.aOff(i, k):], r.s.Elem.bytes(), uint64(v))
}
func (r *recBuilder) setB(k, j int, v uint32) {
	putN(r.rec[r.s.bOff(k, j):], r.s.Elem.bytes(), uint64(v))
}
func (r *recBuilder) setC(i, j int, v uint32) { put32(r.rec[r.s.cOff(i, j):], v) }
func (r *recBuilder) getA(i, k int) uint32 {
	return uint32(getN(r.rec[r.s.aOff(i, k):], r.s.Elem.bytes()))
}
func (r *recBuilder) getB(k, j int) uint32 {
	return uint32(getN(r.rec[r.s.bOff(k, j):], r.s.Elem.bytes()))
}

// next returns the next pseudo-random word.
func (r *recBuilder) next() uint64 {
	r.h = mix(r.h)
	return r.h
}

// intn returns a pseudo-random integer in [lo, hi].
func (r *recBuilder) intn(lo, hi int) int { return lo + int(r.next()%uint64(hi-lo+1)) }

// elem returns a random normal operand with unbiased exponent in [lo, hi]
// (clamped to the type's normal range) and a random sign when signed.
func (r *recBuilder) elem(lo, hi int, signed bool) uint32 {
	t := r.s.Elem
	e := r.intn(lo, hi)
	w := r.next()
	sign := uint32(0)
	if signed && w>>63 != 0 {
		sign = 1
	}
	switch t {
	case elemF16:
		e = min(max(e, -14), 15)
		return sign<<15 | uint32(e+15)<<10 | uint32(w)&0x3ff
	case elemBF16:
		e = min(max(e, -126), 127)
		return sign<<15 | uint32(e+127)<<7 | uint32(w)&0x7f
	}
	e = min(max(e, -126), 127)
	return sign<<31 | uint32(e+127)<<23 | uint32(w)&0x7fe000
}

// f32 returns a random normal f32 with unbiased exponent in [lo, hi].
func (r *recBuilder) f32(lo, hi int, signed bool) uint32 {
	e := min(max(r.intn(lo, hi), -126), 127)
	w := r.next()
	sign := uint32(0)
	if signed && w>>63 != 0 {
		sign = 1 << 31
	}
	return sign | uint32(e+127)<<23 | uint32(w)&0x7fffff
}

// one and neg encode 1 and flip a sign in the operand type.
func (r *recBuilder) one() uint32 { v, _ := elemOf(r.s.Elem, 1); return v }
func (r *recBuilder) negate(v uint32) uint32 {
	if r.s.Elem == elemTF32 {
		return v ^ 1<<31
	}
	return v ^ 1<<15
}

// tensorInputs is the generator of a tensor form.
func tensorInputs(s *mmaShape, salt FormID) inputGen {
	pub := publishedCases(s.Elem)
	return func(idx uint64, dst []byte) {
		clear(dst)
		r := &recBuilder{s: s, rec: dst, h: mix(idx ^ uint64(salt)<<40)}
		switch fam := tensorFamily(idx, len(pub)); fam {
		case "published":
			r.published(&pub[idx], int(idx))
		case "layout":
			r.layout()
		default:
			r.family(fam)
		}
	}
}

func (r *recBuilder) published(c *publishedCase, idx int) {
	r0, q0, r1, q1 := publishedSlots(idx)
	K := r.s.K
	for k, v := range c.a {
		r.setA(r0, k, v)
		r.setA(r1, K-len(c.a)+k, v)
	}
	for k, v := range c.b {
		r.setB(k, q0, v)
		r.setB(K-len(c.b)+k, q1, v)
	}
	r.setC(r0, q0, c.c)
	r.setC(r1, q1, c.c)
}

// layout fills small integers: every product and sum is an exact integer
// well inside f32, so every hypothesis (and any working tensor core) gives
// the same D, and a fragment mapped to the wrong place shows.
func (r *recBuilder) layout() {
	s := r.s
	small := func(v int) uint32 {
		b, _ := elemOf(s.Elem, float64(v))
		return b
	}
	// Even entries of A and an odd c: every result is an odd integer, never
	// a zero whose sign the rounding direction would decide.
	for i := range s.M {
		for k := range s.K {
			r.setA(i, k, small(2*r.intn(-3, 3)))
		}
	}
	for k := range s.K {
		for j := range s.N {
			r.setB(k, j, small(r.intn(-3, 3)))
		}
	}
	for i := range s.M {
		for j := range s.N {
			r.setC(i, j, f32Of(float64(2*r.intn(-50, 50)+1)))
		}
	}
}

// family fills a random or adversarial record.
func (r *recBuilder) family(fam string) {
	s := r.s
	wide := 15
	if s.Elem != elemF16 {
		wide = 40
	}
	eachA := func(f func(i, k int) uint32) {
		for i := range s.M {
			for k := range s.K {
				r.setA(i, k, f(i, k))
			}
		}
	}
	eachB := func(f func(k, j int) uint32) {
		for k := range s.K {
			for j := range s.N {
				r.setB(k, j, f(k, j))
			}
		}
	}
	eachC := func(f func(i, j int) uint32) {
		for i := range s.M {
			for j := range s.N {
				r.setC(i, j, f(i, j))
			}
		}
	}
	narrow := func(int, int) uint32 { return r.elem(-3, 3, true) }
	switch fam {
	case "random-narrow":
		eachA(narrow)
		eachB(narrow)
		eachC(func(int, int) uint32 { return r.f32(-3, 6, true) })
	case "random-wide":
		eachA(func(int, int) uint32 { return r.elem(-wide, wide, true) })
		eachB(func(int, int) uint32 { return r.elem(-wide, wide, true) })
		eachC(func(int, int) uint32 { return r.f32(-2*wide, 2*wide, true) })
	case "cancellation":
		// C cancels the exact sum to within a few units of its last place.
		eachA(narrow)
		eachB(narrow)
		var sc dotScratch
		eachC(func(i, j int) uint32 {
			sum := sc.exact(r.terms(i, j), value{}, dirRN)
			return uint32(int64(sum^1<<31) + int64(r.intn(-3, 3)))
		})
	case "alignment-gap":
		// One large term per row, the rest 10 to 30 binades below it.
		eachA(func(i, k int) uint32 {
			if k == i%s.K {
				return r.elem(0, 0, false)
			}
			return r.elem(-10-(i+k)%21, -10-(i+k)%21, true)
		})
		eachB(func(k, j int) uint32 {
			if j%2 == 0 {
				return r.one()
			}
			return r.elem(0, 1, true)
		})
		eachC(func(i, j int) uint32 { return r.f32(-30+(i*8+j)%32, -30+(i*8+j)%32, true) })
	case "carry-out":
		// Terms of one sign and nearly equal size: the sum carries out of
		// the significand by up to four bits.
		top := func(int, int) uint32 { return r.elem(0, 0, false) | r.fracTop() }
		eachA(top)
		eachB(top)
		eachC(func(int, int) uint32 { return r.f32(0, 5, false) | 0x700000 })
	case "subnormal":
		if s.Elem == elemF16 {
			eachA(func(int, int) uint32 { return uint32(r.next()) & 0x83ff }) // f16 subnormals and zeros
			eachB(func(int, int) uint32 { return r.elem(-14, 15, true) })
		} else {
			eachA(func(int, int) uint32 { return r.elem(-75, -60, true) })
			eachB(func(int, int) uint32 { return r.elem(-75, -60, true) })
		}
		eachC(func(int, int) uint32 { return uint32(r.next()) & 0x807fffff }) // f32 subnormals and zeros
	case "ties":
		// One product of exactly 2^-24 per output: half an ulp of a c in
		// [1, 2) (a tie), a quarter of one in [2, 4).
		eachA(func(i, k int) uint32 {
			if k == (i*5)%s.K {
				return r.one()
			}
			return 0
		})
		tiny, _ := elemOf(s.Elem, p2(-24))
		eachB(func(k, j int) uint32 { return tiny })
		eachC(func(i, j int) uint32 { return uint32(127+j%2)<<23 | uint32(r.next())&0x7fffff })
	case "overflow":
		if s.Elem == elemF16 {
			eachA(func(int, int) uint32 { return r.elem(14, 15, false) })
			eachB(func(int, int) uint32 { return r.elem(14, 15, false) })
		} else {
			eachA(func(int, int) uint32 { return r.elem(60, 64, true) })
			eachB(func(int, int) uint32 { return r.elem(60, 64, true) })
		}
		eachC(func(int, int) uint32 { return 0x7f7fffff - uint32(r.next()&0xffff) | uint32(r.next()>>63)<<31 })
	case "specials":
		specials := []uint32{0x7c00, 0xfc00, 0x7e00, 0x7d00, 0x8000} // f16 Inf, -Inf, quiet and signalling NaN, -0
		switch s.Elem {
		case elemBF16:
			specials = []uint32{0x7f80, 0xff80, 0x7fc0, 0x7fa0, 0x8000}
		case elemTF32:
			specials = []uint32{0x7f800000, 0xff800000, 0x7fc00000, 0x7fa00000, 0x80000000}
		}
		pick := func(v uint32) uint32 {
			if r.next()%10 == 0 {
				return specials[r.next()%uint64(len(specials))]
			}
			return v
		}
		eachA(func(int, int) uint32 { return pick(r.elem(-3, 3, true)) })
		eachB(func(int, int) uint32 { return pick(r.elem(-3, 3, true)) })
		cs := []uint32{0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0x80000000}
		eachC(func(int, int) uint32 {
			if r.next()%10 == 0 {
				return cs[r.next()%uint64(len(cs))]
			}
			return r.f32(-3, 6, true)
		})
	case "signed-zero":
		// Zero products of both signs, zero c of both signs, and exact
		// cancellations, for the sign of a zero result.
		negZero := r.negate(0)
		eachA(func(i, k int) uint32 {
			switch (i + k) % 4 {
			case 0:
				return 0
			case 1:
				return negZero
			}
			return r.one()
		})
		eachB(func(k, j int) uint32 {
			if (k+j)%3 == 0 {
				return negZero
			}
			if k%2 == 0 {
				return r.one()
			}
			return r.negate(r.one())
		})
		eachC(func(i, j int) uint32 { return uint32(r.next()>>63) << 31 })
	case "mixed-sign":
		eachA(narrow)
		eachB(narrow)
		var sc dotScratch
		eachC(func(i, j int) uint32 {
			// c of the opposite sign and 1/2 to 2 times the size of the sum.
			sum := sc.exact(r.terms(i, j), value{}, dirRN)
			return sum ^ 1<<31 + uint32(r.intn(-1<<23, 1<<23))
		})
	}
}

// fracTop returns the top fraction bits of the operand type set at random
// (so that carry-out's terms lie in [1.5, 2)).
func (r *recBuilder) fracTop() uint32 {
	switch r.s.Elem {
	case elemF16:
		return 0x200 | uint32(r.next())&0x1ff
	case elemBF16:
		return 0x40 | uint32(r.next())&0x3f
	}
	return 0x400000 | uint32(r.next())&0x3fe000
}

// terms decodes the products of output (i, j) as the record stands.
func (r *recBuilder) terms(i, j int) []value {
	t := make([]value, r.s.K)
	for k := range r.s.K {
		t[k] = product(decodeElem(r.s.Elem, r.getA(i, k)), decodeElem(r.s.Elem, r.getB(k, j)))
	}
	return t
}
