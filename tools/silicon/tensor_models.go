package main

import (
	"fmt"
	"math/big"
	"math/bits"
)

// Hypotheses for the tensor-core dot products, to summarise what silicon
// does where gpusim has no model yet. Each output d[i][j] of an mma is
// c[i][j] + sum_k a[i][k]*b[k][j]; the published experiments on V100, T4 and
// A100 (Fasi, Higham, Mikaitis and Pranesh, "Numerical behavior of NVIDIA
// tensor cores", PeerJ Computer Science 7:e330, 2021) found the products
// exact, the sum accumulated in a fixed-point window aligned to the largest
// term (c included) with the bits shifted out lost, and few or no extra
// bits; Valpey, Li, Pai and Gopalakrishnan ("An SMT formalization of
// mixed-precision matrix multiplication", arXiv 2502.15999, 2025) report
// that the rounding is not round-toward-zero throughout and that the
// accumulator needs 3 extra carry-out bits. The hypotheses below span those
// readings: the number of products added per step (c or the running
// accumulator joins every step), the extra alignment bits, how an aligned
// term loses its low bits (toward zero, or toward -inf as two's-complement
// truncation does), and how each step's sum is rounded to f32. Three exact
// references (one rounding of the exact sum) complete the list. None of
// them is claimed to be the hardware; the summary counts which agrees.

// valueKind classifies a decoded operand.
type valueKind uint8

const (
	kindFinite valueKind = iota
	kindInf
	kindNaN
)

// value is a decoded operand: (-1)^neg * m * 2^e when finite.
type value struct {
	neg  bool
	kind valueKind
	m    uint64
	e    int
}

// decodeF32 decodes f32 bits exactly.
func decodeF32(x uint32) value {
	neg := x>>31 != 0
	exp, frac := int(x>>23&0xff), uint64(x&0x7fffff)
	switch {
	case exp == 0xff && frac != 0:
		return value{neg: neg, kind: kindNaN}
	case exp == 0xff:
		return value{neg: neg, kind: kindInf}
	case exp == 0:
		return value{neg: neg, m: frac, e: -149}
	}
	return value{neg: neg, m: 1<<23 | frac, e: exp - 150}
}

// decodeElem decodes one mma operand of type t.
func decodeElem(t elemType, x uint32) value {
	switch t {
	case elemF16:
		neg := x>>15&1 != 0
		exp, frac := int(x>>10&0x1f), uint64(x&0x3ff)
		switch {
		case exp == 0x1f && frac != 0:
			return value{neg: neg, kind: kindNaN}
		case exp == 0x1f:
			return value{neg: neg, kind: kindInf}
		case exp == 0:
			return value{neg: neg, m: frac, e: -24}
		}
		return value{neg: neg, m: 1<<10 | frac, e: exp - 25}
	case elemBF16:
		return decodeF32(x << 16)
	}
	// TF32 reads the sign, the exponent and the top 10 fraction bits of an
	// f32 pattern (the low 13 are ignored, as Fasi et al.'s A100 tf32 test
	// "products are computed exactly" expects of 1 - 2^-24).
	return decodeF32(x &^ 0x1fff)
}

// product is a*b exactly (both finite).
func product(a, b value) value {
	return value{neg: a.neg != b.neg, m: a.m * b.m, e: a.e + b.e}
}

// Rounding directions of a step result.
type roundDir uint8

const (
	dirRZ roundDir = iota // toward zero
	dirRN                 // to nearest, ties to even
	dirRD                 // toward -inf
)

func (d roundDir) String() string { return [...]string{"rz", "rn", "rd"}[d] }

// roundF32 rounds (-1)^neg * m * 2^e to f32 in direction d. sticky says
// that nonzero bits lie below m's last bit (m*2^e is then the truncation of
// the true magnitude); callers set it only with m of 62 bits or more, or
// with m == 0 (a sliver: zero, or the smallest subnormal toward -inf).
func roundF32(neg bool, m uint64, e int, sticky bool, d roundDir) uint32 {
	sign := uint32(0)
	if neg {
		sign = 1 << 31
	}
	if m == 0 {
		if sticky && neg && d == dirRD {
			return sign | 1
		}
		return sign
	}
	if l := bits.Len64(m); l > 62 { // keep 62 bits, fold the rest into sticky
		s := l - 62
		sticky = sticky || m&(1<<s-1) != 0
		m >>= s
		e += s
	}
	lead := e + bits.Len64(m) - 1
	if lead > 127 {
		return overflowF32(sign, d)
	}
	q := max(lead-23, -149) // exponent of the result's last bit
	var mant uint64
	if shift := q - e; shift <= 0 {
		mant = m << -shift // exact
	} else {
		rem, half := m, ^uint64(0) // shift >= 64: everything is below half an ulp
		if shift < 64 {
			mant, rem, half = m>>shift, m&(1<<shift-1), 1<<(shift-1)
		}
		up := false
		switch d {
		case dirRN:
			up = rem > half || rem == half && (sticky || mant&1 == 1)
		case dirRD:
			up = neg && (rem != 0 || sticky)
		}
		if up {
			mant++
			if mant == 1<<24 {
				mant >>= 1
				q++
			}
		}
	}
	if mant < 1<<23 { // subnormal (q == -149) or zero
		return sign | uint32(mant)
	}
	if q+150 >= 255 {
		return overflowF32(sign, d)
	}
	return sign | uint32(q+150)<<23 | uint32(mant-1<<23)
}

// overflowF32 is what an overflowing result becomes in direction d.
func overflowF32(sign uint32, d roundDir) uint32 {
	if d == dirRN || d == dirRD && sign != 0 {
		return sign | 0x7f800000
	}
	return sign | 0x7f7fffff
}

// hypothesis is one way of forming a dot product.
type hypothesis struct {
	name  string
	group int // products per accumulation step; 0: one exact sum
	extra int // alignment bits below the f32 significand's last bit
	floor bool
	dir   roundDir
}

// hypothesesFor lists the hypotheses for a reduction of k products.
func hypothesesFor(k int) []hypothesis {
	var hs []hypothesis
	for _, d := range []roundDir{dirRN, dirRZ, dirRD} {
		hs = append(hs, hypothesis{name: "exact-" + d.String(), dir: d})
	}
	for _, g := range []int{4, 8, 16} {
		if g > k {
			continue
		}
		for extra := range 4 {
			for _, floor := range []bool{false, true} {
				for _, d := range []roundDir{dirRZ, dirRN, dirRD} {
					align := "trunc"
					if floor {
						align = "floor"
					}
					hs = append(hs, hypothesis{
						name:  fmt.Sprintf("g%d-e%d-%s-%s", g, extra, align, d),
						group: g, extra: extra, floor: floor, dir: d,
					})
				}
			}
		}
	}
	return hs
}

// hypothesisDoc says in words what a hypothesis name means.
const hypothesisDoc = "exact-D: the exact sum of c and every product, rounded once to f32 in direction D " +
	"(rn nearest-even, rz toward zero, rd toward -inf). gG-eE-A-D: products added G per step to the " +
	"accumulator (c at first), every term of a step aligned to the step's largest exponent keeping E bits " +
	"below f32's 24, low bits lost toward zero (trunc) or toward -inf (floor, two's complement), the " +
	"step's sum rounded to f32 in direction D. Products are exact throughout; tf32 operands keep their top 19 bits."

// dotScratch holds a worker's big-number scratch space.
type dotScratch struct {
	sum, t big.Int
}

// exact evaluates an exact-D hypothesis: c plus every product, rounded once.
func (sc *dotScratch) exact(terms []value, c value, d roundDir) uint32 {
	emin, found := 0, false
	allNegZero := c.neg && c.m == 0
	note := func(v value) {
		if v.m != 0 && (!found || v.e < emin) {
			emin, found = v.e, true
		}
	}
	note(c)
	for _, t := range terms {
		note(t)
		allNegZero = allNegZero && t.neg && t.m == 0
	}
	if !found {
		return zeroResult(allNegZero, dirRZ)
	}
	sc.sum.SetInt64(0)
	add := func(v value) {
		if v.m == 0 {
			return
		}
		sc.t.SetUint64(v.m)
		sc.t.Lsh(&sc.t, uint(v.e-emin))
		if v.neg {
			sc.sum.Sub(&sc.sum, &sc.t)
		} else {
			sc.sum.Add(&sc.sum, &sc.t)
		}
	}
	add(c)
	for _, t := range terms {
		add(t)
	}
	if sc.sum.Sign() == 0 {
		return zeroResult(false, d)
	}
	neg := sc.sum.Sign() < 0
	sc.sum.Abs(&sc.sum)
	e := emin
	sticky := false
	if l := sc.sum.BitLen(); l > 62 {
		s := uint(l - 62)
		sticky = sc.sum.TrailingZeroBits() < s
		sc.sum.Rsh(&sc.sum, s)
		e += int(s)
	}
	return roundF32(neg, sc.sum.Uint64(), e, sticky, d)
}

// zeroResult is the sign of an exactly zero sum: -0 when every term was -0,
// or under rounding toward -inf.
func zeroResult(allNegZero bool, d roundDir) uint32 {
	if allNegZero || d == dirRD {
		return 1 << 31
	}
	return 0
}

// eval computes the hypothesis for one dot product of finite operands.
func (h *hypothesis) eval(sc *dotScratch, terms []value, c value) uint32 {
	if h.group == 0 {
		return sc.exact(terms, c, h.dir)
	}
	acc := c
	accBits := uint32(0)
	for g := 0; g < len(terms); g += h.group {
		step := terms[g:min(g+h.group, len(terms))]
		accBits = h.step(acc, step)
		acc = decodeF32(accBits)
		if acc.kind != kindFinite { // overflowed: stays infinite
			return accBits
		}
	}
	return accBits
}

// step adds one group of products to the accumulator in the hypothesis's
// fixed-point window.
func (h *hypothesis) step(acc value, terms []value) uint32 {
	lead := -1 << 30
	allNegZero := acc.neg && acc.m == 0
	consider := func(v value) {
		if v.m != 0 {
			lead = max(lead, v.e+bits.Len64(v.m)-1)
		}
	}
	consider(acc)
	for _, t := range terms {
		consider(t)
		allNegZero = allNegZero && t.neg && t.m == 0
	}
	if lead == -1<<30 {
		return zeroResult(allNegZero, dirRZ)
	}
	base := lead - 23 - h.extra // exponent of the window's last bit
	var s int64
	addTerm := func(v value) {
		if v.m == 0 {
			return
		}
		var t int64
		lost := false
		if sh := v.e - base; sh >= 0 {
			t = int64(v.m << sh)
		} else if -sh < 64 {
			t = int64(v.m >> -sh)
			lost = v.m&(1<<-sh-1) != 0
		} else {
			lost = true
		}
		if v.neg {
			t = -t
			if lost && h.floor {
				t-- // two's-complement truncation rounds toward -inf
			}
		}
		s += t
	}
	addTerm(acc)
	for _, t := range terms {
		addTerm(t)
	}
	if s == 0 {
		return zeroResult(false, h.dir)
	}
	neg := s < 0
	if neg {
		s = -s
	}
	return roundF32(neg, uint64(s), base, false, h.dir)
}
