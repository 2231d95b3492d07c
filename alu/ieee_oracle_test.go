package alu

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// This file is the independent oracle for the IEEE operations: exact
// arithmetic on dyadic numbers (big.Int significand times a power of two),
// and a rounding written from the IEEE-754 definitions with big.Int, sharing
// no code with round.go or ieee_core.go.

// tfmt is the oracle's own description of a binary format.
type tfmt struct {
	name      string
	frac, exp int // stored fraction bits, exponent bits
}

var (
	tF16  = tfmt{"f16", 10, 5}
	tBF16 = tfmt{"bf16", 7, 8}
	tF32  = tfmt{"f32", 23, 8}
	tF64  = tfmt{"f64", 52, 11}
)

func (t tfmt) p() int       { return t.frac + 1 }
func (t tfmt) bias() int    { return 1<<(t.exp-1) - 1 }
func (t tfmt) emin() int    { return 1 - t.bias() }
func (t tfmt) emax() int    { return t.bias() }
func (t tfmt) width() int   { return 1 + t.exp + t.frac }
func (t tfmt) sign() uint64 { return 1 << (t.width() - 1) }
func (t tfmt) inf() uint64  { return (1<<t.exp - 1) << t.frac }

// dyad is the exact value (-1)^neg * m * 2^e.
type dyad struct {
	neg bool
	m   *big.Int
	e   int
}

// decode returns the exact value of finite bits x.
func (t tfmt) decode(x uint64) dyad {
	f := x & (1<<t.frac - 1)
	ef := int(x>>t.frac) & (1<<t.exp - 1)
	e := ef - t.bias() - t.frac
	if ef == 0 {
		e = t.emin() - t.frac
	} else {
		f |= 1 << t.frac
	}
	return dyad{x&t.sign() != 0, new(big.Int).SetUint64(f), e}
}

func (d dyad) isZero() bool { return d.m.Sign() == 0 }

func dyMul(a, b dyad) dyad {
	return dyad{a.neg != b.neg, new(big.Int).Mul(a.m, b.m), a.e + b.e}
}

// dyAdd returns a + b exactly; zeroNeg is the sign an exact zero gets.
func dyAdd(a, b dyad) dyad {
	e := min(a.e, b.e)
	am := new(big.Int).Lsh(a.m, uint(a.e-e))
	bm := new(big.Int).Lsh(b.m, uint(b.e-e))
	if a.neg {
		am.Neg(am)
	}
	if b.neg {
		bm.Neg(bm)
	}
	s := am.Add(am, bm)
	neg := s.Sign() < 0
	return dyad{neg, s.Abs(s), e}
}

// dyDiv returns a/b (b nonzero) as a dyad whose last bit is a sticky bit for
// an inexact quotient, with at least 80 bits above it.
func dyDiv(a, b dyad) dyad {
	k := 80 + b.m.BitLen()
	n := new(big.Int).Lsh(a.m, uint(k))
	q, r := new(big.Int).QuoRem(n, b.m, new(big.Int))
	q.Lsh(q, 1)
	if r.Sign() != 0 {
		q.SetBit(q, 0, 1)
	}
	return dyad{a.neg != b.neg, q, a.e - b.e - k - 1}
}

// dySqrt returns sqrt(a) for a positive a as a sticky dyad like dyDiv.
func dySqrt(a dyad) dyad {
	// a = (m * 2^k) * 2^(e-k) with e-k even and m*2^k of 300+ bits.
	k := 300
	if (a.e-k)%2 != 0 {
		k++
	}
	n := new(big.Int).Lsh(a.m, uint(k))
	r := new(big.Int).Sqrt(n)
	exact := new(big.Int).Mul(r, r).Cmp(n) == 0
	r.Lsh(r, 1)
	if !exact {
		r.SetBit(r, 0, 1)
	}
	return dyad{false, r, (a.e-k)/2 - 1}
}

// roundTo rounds the nonzero exact value d to format t.
func (t tfmt) roundTo(d dyad, r Rounding, flushOut bool) uint64 {
	var sign uint64
	if d.neg {
		sign = t.sign()
	}
	p := t.p()
	lead := d.e + d.m.BitLen() - 1
	// Tininess after rounding: round to p bits with an unbounded exponent.
	if flushOut && lead < t.emin() {
		// Only a value in the binade just below 2^emin can round up to it.
		if lead < t.emin()-1 || roundQuantum(d, lead-(p-1), r).BitLen() <= p {
			return sign
		}
	}
	q := max(lead-(p-1), t.emin()-(p-1))
	k := roundQuantum(d, q, r)
	if k.BitLen() > p { // carried into the next binade
		k.Rsh(k, 1)
		q++
	}
	if q+p-1 > t.emax() {
		// Overflow: Inf unless the direction rounds toward zero for this sign.
		toZero := r == RoundZero || r == RoundPosInf && d.neg || r == RoundNegInf && !d.neg
		if toZero {
			return sign | (t.inf() - 1)
		}
		return sign | t.inf()
	}
	if k.BitLen() < p { // subnormal (or zero)
		return sign | k.Uint64()
	}
	field := uint64(q + p - 1 + t.bias())
	return sign | field<<t.frac | k.Uint64()&(1<<t.frac-1)
}

// roundQuantum returns |d| / 2^q rounded to an integer per r.
func roundQuantum(d dyad, q int, r Rounding) *big.Int {
	if q <= d.e {
		return new(big.Int).Lsh(d.m, uint(d.e-q))
	}
	s := uint(q - d.e)
	k := new(big.Int).Rsh(d.m, s)
	rem := new(big.Int).Sub(d.m, new(big.Int).Lsh(k, s))
	if rem.Sign() == 0 {
		return k
	}
	half := new(big.Int).Lsh(big.NewInt(1), s-1)
	c := rem.Cmp(half)
	up := false
	switch r {
	case RoundNearestEven:
		up = c > 0 || c == 0 && k.Bit(0) == 1
	case RoundNearestAway:
		up = c >= 0
	case RoundPosInf:
		up = !d.neg
	case RoundNegInf:
		up = d.neg
	}
	if up {
		k.Add(k, big.NewInt(1))
	}
	return k
}

// oracle evaluates one operation on format t following the IEEE-754 rules
// and the package's documented NaN policy, independently of the package.
type oracle struct {
	t tfmt
	m FPMode
}

func (o oracle) isNaN(x uint64) bool { return x&^o.t.sign() > o.t.inf() }
func (o oracle) isInf(x uint64) bool { return x&^o.t.sign() == o.t.inf() }
func (o oracle) isZero(x uint64) bool {
	return x&^o.t.sign() == 0
}
func (o oracle) in(x uint64) uint64 {
	if o.m&FlushIn != 0 && x&o.t.inf() == 0 {
		return x & o.t.sign()
	}
	return x
}
func (o oracle) nanOf(x uint64) uint64 {
	if o.m&CanonicalNaN != 0 {
		return o.t.sign() - 1
	}
	return x | 1<<(o.t.frac-1)
}
func (o oracle) invalid() uint64 {
	if o.m&CanonicalNaN != 0 {
		return o.t.sign() - 1
	}
	return o.t.sign() | o.t.inf() | 1<<(o.t.frac-1)
}

// finish rounds an exact result; a zero result takes zeroSign.
func (o oracle) finish(d dyad, zeroNeg bool) uint64 {
	if d.isZero() {
		if zeroNeg {
			return o.t.sign()
		}
		return 0
	}
	return o.t.roundTo(d, o.m.Rounding(), o.m&FlushOut != 0)
}

// sumZeroNeg is the sign of an exact zero sum of two terms.
func (o oracle) sumZeroNeg(an, bn bool) bool {
	if an == bn {
		return an
	}
	return o.m.Rounding() == RoundNegInf
}

func (o oracle) add(a, b uint64) uint64 {
	a, b = o.in(a), o.in(b)
	switch {
	case o.isNaN(a):
		return o.nanOf(a)
	case o.isNaN(b):
		return o.nanOf(b)
	case o.isInf(a) && o.isInf(b) && a != b:
		return o.invalid()
	case o.isInf(a):
		return a
	case o.isInf(b):
		return b
	}
	da, db := o.t.decode(a), o.t.decode(b)
	return o.finish(dyAdd(da, db), o.sumZeroNeg(da.neg, db.neg))
}

func (o oracle) mul(a, b uint64) uint64 {
	a, b = o.in(a), o.in(b)
	s := (a ^ b) & o.t.sign()
	switch {
	case o.isNaN(a):
		return o.nanOf(a)
	case o.isNaN(b):
		return o.nanOf(b)
	case o.isInf(a) && o.isZero(b) || o.isInf(b) && o.isZero(a):
		return o.invalid()
	case o.isInf(a) || o.isInf(b):
		return s | o.t.inf()
	}
	return o.finish(dyMul(o.t.decode(a), o.t.decode(b)), s != 0)
}

func (o oracle) fma(a, b, c uint64) uint64 {
	a, b, c = o.in(a), o.in(b), o.in(c)
	s := (a ^ b) & o.t.sign()
	switch {
	case o.isNaN(a):
		return o.nanOf(a)
	case o.isNaN(b):
		return o.nanOf(b)
	case o.isInf(a) && o.isZero(b) || o.isInf(b) && o.isZero(a):
		return o.invalid()
	case o.isNaN(c):
		return o.nanOf(c)
	case (o.isInf(a) || o.isInf(b)) && o.isInf(c) && c&o.t.sign() != s:
		return o.invalid()
	case o.isInf(a) || o.isInf(b):
		return s | o.t.inf()
	case o.isInf(c):
		return c
	}
	p := dyMul(o.t.decode(a), o.t.decode(b))
	dc := o.t.decode(c)
	return o.finish(dyAdd(p, dc), o.sumZeroNeg(s != 0, dc.neg))
}

func (o oracle) div(a, b uint64) uint64 {
	a, b = o.in(a), o.in(b)
	s := (a ^ b) & o.t.sign()
	switch {
	case o.isNaN(a):
		return o.nanOf(a)
	case o.isNaN(b):
		return o.nanOf(b)
	case o.isInf(a) && o.isInf(b), o.isZero(a) && o.isZero(b):
		return o.invalid()
	case o.isInf(a), o.isZero(b):
		return s | o.t.inf()
	case o.isInf(b), o.isZero(a):
		return s
	}
	return o.finish(dyDiv(o.t.decode(a), o.t.decode(b)), false)
}

func (o oracle) sqrt(a uint64) uint64 {
	a = o.in(a)
	switch {
	case o.isNaN(a):
		return o.nanOf(a)
	case o.isZero(a):
		return a
	case a&o.t.sign() != 0:
		return o.invalid()
	case o.isInf(a):
		return a
	}
	return o.finish(dySqrt(o.t.decode(a)), false)
}

// classValues returns the special-case inputs of format t: zeros, the
// smallest and largest subnormals, the smallest normal, one and its
// neighbours, the largest finite value, infinities and NaNs with payloads,
// each with both signs.
func (t tfmt) classValues() []uint64 {
	q := uint64(1) << (t.frac - 1)
	one := uint64(t.bias()) << t.frac
	mags := []uint64{
		0, 1, 2, 3, 1<<t.frac - 1, 1 << t.frac, 1<<t.frac + 1,
		one - 1, one, one + 1, one + 1<<t.frac, one - 1<<t.frac,
		t.inf() - 1, t.inf() - 2, t.inf() - 1<<t.frac,
		t.inf(), t.inf() | q, t.inf() | q | 5, t.inf() | 1, t.inf() | 3,
	}
	var out []uint64
	for _, v := range mags {
		out = append(out, v, v|t.sign())
	}
	return out
}

// genValue draws an operand: uniform bits, a class value, a small integer,
// or a value near another operand (for cancellation), with subnormals and
// extreme exponents well represented.
func (t tfmt) genValue(r *rand.Rand, near uint64) uint64 {
	mask := uint64(1)<<t.width() - 1
	switch r.IntN(8) {
	case 0:
		cv := t.classValues()
		return cv[r.IntN(len(cv))]
	case 1: // subnormal
		return r.Uint64()&(1<<t.frac-1) | uint64(r.IntN(2))*t.sign()
	case 2: // near another operand, same or opposite sign
		d := uint64(r.IntN(7)) - 3
		return (near+d)&mask ^ uint64(r.IntN(2))*t.sign()
	case 3: // exponent near the extremes
		e := uint64(r.IntN(6))
		if r.IntN(2) == 0 {
			e = uint64(1<<t.exp-2) - e
		}
		return r.Uint64()&(1<<t.frac-1) | e<<t.frac | uint64(r.IntN(2))*t.sign()
	case 4: // short significand (exact results, ties)
		return (r.Uint64() & mask) &^ (1<<(t.frac-3) - 1)
	}
	return r.Uint64() & mask
}

func allRoundings() []Rounding {
	return []Rounding{RoundNearestEven, RoundPosInf, RoundNegInf, RoundZero, RoundNearestAway}
}

func allModes() []FPMode {
	var ms []FPMode
	for _, r := range allRoundings() {
		for _, fl := range []FPMode{0, FlushIn, FlushOut, FTZ, CanonicalNaN, FTZ | CanonicalNaN} {
			ms = append(ms, Mode(r, fl))
		}
	}
	return ms
}

// TestOracleSelfCheck checks the oracle itself against Go's float64 (IEEE
// binary64, round to nearest even) on random finite operands.
func TestOracleSelfCheck(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	o := oracle{tF64, 0}
	for i := 0; i < 20000; i++ {
		a, b := tF64.genValue(r, 0), tF64.genValue(r, 0)
		if o.isNaN(a) || o.isNaN(b) || o.isInf(a) || o.isInf(b) {
			continue
		}
		fa, fb := f64frombits(a), f64frombits(b)
		if got, want := o.add(a, b), f64bits(fa+fb); got != want {
			t.Fatalf("oracle add %#x %#x = %#x, float64 %#x", a, b, got, want)
		}
		if got, want := o.mul(a, b), f64bits(fa*fb); got != want {
			t.Fatalf("oracle mul %#x %#x = %#x, float64 %#x", a, b, got, want)
		}
		if b&^tF64.sign() != 0 {
			if got, want := o.div(a, b), f64bits(fa/fb); got != want {
				t.Fatalf("oracle div %#x %#x = %#x, float64 %#x", a, b, got, want)
			}
		}
		if a>>63 == 0 {
			if got, want := o.sqrt(a), f64bits(sqrt64(fa)); got != want {
				t.Fatalf("oracle sqrt %#x = %#x, float64 %#x", a, got, want)
			}
		}
	}
}
