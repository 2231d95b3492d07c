package alu

import "math/bits"

// Tensor-core floating-point dot products: d = c + sum_k a[k]*b[k], one
// element of a wmma.mma / mma.sync result, as NVIDIA's tensor cores form
// it. It is not IEEE arithmetic; docs/tensor-numerics.md states the model
// fact by fact with its sources. In short:
//
//   - Products a[k]*b[k] of the f16, bf16 or tf32 multiplicands are exact
//     (Fasi et al. 2021, tests B.1).
//   - The K products are consumed in steps of Group (4 on Volta and
//     Turing; 8 for f16/bf16 and 4 for tf32 on Ampere); each step adds its
//     products and the running accumulator (c for the first) in one
//     multi-operand adder, and its f32 result is the next step's
//     accumulator (Fasi et al. 2021, section "Accumulation order";
//     Valpey et al. 2025: 5- and 9-term accumulators).
//   - Inside a step every addend is aligned to the largest exponent among
//     them (a product's exponent is the sum of its factors' exponents,
//     before normalisation), keeping Extra bits below the 24-bit
//     significand window of that exponent: 0 on Volta, 1 on Turing and
//     Ampere (Fasi et al.'s test suites: tests D.1, D.3, D.5 of the V100
//     file against the T4/A100 file). Bits shifted out are dropped: each
//     addend is truncated toward zero in magnitude (tests C.1, C.2).
//   - The aligned addends are summed exactly: the adder has the carry-out
//     bits a 5- or 9-term sum needs (3 and 4; Fasi et al. D.4, Valpey et
//     al. 2025), and partial sums are not normalised (D.2, D.3).
//   - The step's sum is normalised once and rounded toward zero to f32
//     (C.1, D.4); f32 subnormal results are kept (A.3).
//   - An .f16 result is that f32 value rounded to nearest even (C.3;
//     Valpey et al. 2025: accumulation is f32, the final f16 rounding to
//     nearest).
//   - Subnormal multiplicands (f16, bf16, tf32) and a subnormal f32 c enter
//     exactly (A.1, A.2); tf32 multiplicands read an f32 pattern's sign,
//     exponent and top 10 fraction bits, ignoring the low 13 (B.1 of the
//     A100 tf32 file).
//   - NaN anywhere gives the canonical NaN 0x7fffffff; Inf*0 and
//     +Inf + -Inf give NaN; another Inf addend gives that Inf. An exponent
//     overflow of the normalised sum gives Inf of its sign (an assumption
//     the silicon capture's overflow family is to check).

// TensorElem is the multiplicand format of a floating-point tensor-core
// dot product.
type TensorElem uint8

// Multiplicand formats.
const (
	TensorF16  TensorElem = iota // IEEE binary16; the low 16 bits of an element word
	TensorBF16                   // bfloat16; the low 16 bits of an element word
	TensorTF32                   // tf32: an f32 pattern whose low 13 bits are ignored
)

// TensorModel is one architecture's tensor-core floating-point adder (the
// [numerics] tensor choice). The zero value is not a model: use
// TensorModels or NewModel.
type TensorModel struct {
	Name string // the [numerics] tensor name: volta, turing, ampere, ...
	// GroupHalf and GroupTF32 are the products added per step for f16/bf16
	// and for tf32 multiplicands; 0 means all of them in one step.
	GroupHalf, GroupTF32 int
	// Extra is the alignment bits kept below the 24-bit significand of the
	// largest addend of a step.
	Extra int
	// Exact: one correct rounding (to nearest even) of the exact sum
	// instead of the hardware adder: a reference, not a GPU.
	Exact bool
}

// tensorTerm is one addend: (-1)^neg * sig * 2^(exp-shift), with exp the
// exponent used for alignment and shift the significand's fraction bits.
type tensorTerm struct {
	neg   bool
	sig   uint64
	exp   int // alignment exponent
	shift int // value = sig * 2^(exp - shift)
}

// decodeTensor decodes a multiplicand; ok false for NaN, inf true for Inf.
func decodeTensor(e TensorElem, x uint32) (t tensorTerm, inf, nan bool) {
	var ebits, fbits int
	var v uint32
	switch e {
	case TensorF16:
		ebits, fbits, v = 5, 10, x&0xffff
	case TensorBF16:
		ebits, fbits, v = 8, 7, x&0xffff
	default:
		ebits, fbits, v = 8, 10, x>>13
	}
	return decodeFloat(v, ebits, fbits)
}

// decodeFloat decodes a sign|exponent|fraction pattern of ebits and fbits.
func decodeFloat(v uint32, ebits, fbits int) (t tensorTerm, inf, nan bool) {
	bias := 1<<(ebits-1) - 1
	t.neg = v>>(ebits+fbits)&1 != 0
	ex := int(v >> fbits & (1<<ebits - 1))
	frac := uint64(v & (1<<fbits - 1))
	t.shift = fbits
	switch {
	case ex == 1<<ebits-1:
		return t, frac == 0, frac != 0
	case ex == 0:
		t.sig, t.exp = frac, 1-bias
	default:
		t.sig, t.exp = 1<<fbits|frac, ex-bias
	}
	return t, false, false
}

// TensorOperand is a multiplicand decoded once, for the many dot
// products an operand of a matrix multiply enters (DecodeTensor).
type TensorOperand struct {
	t        tensorTerm
	inf, nan bool
}

// DecodeTensor decodes multiplicand x of format e.
func DecodeTensor(e TensorElem, x uint32) TensorOperand {
	t, inf, nan := decodeTensor(e, x)
	return TensorOperand{t, inf, nan}
}

// DotF32 returns the tensor core's c + sum_k a[k]*b[k] as f32 bits: a and
// b hold the multiplicands' bit patterns (len(a) == len(b)), c the f32
// accumulator.
func (t *TensorModel) DotF32(e TensorElem, a, b []uint32, c uint32) uint32 {
	var da, db [maxStep]TensorOperand
	g := t.group(e, len(a))
	acc := c
	for k := 0; k < len(a) || k == 0; k += g {
		end := min(k+g, len(a))
		xa, xb := da[:], db[:]
		if end-k > maxStep {
			xa, xb = make([]TensorOperand, end-k), make([]TensorOperand, end-k)
		}
		for i := k; i < end; i++ {
			xa[i-k], xb[i-k] = DecodeTensor(e, a[i]), DecodeTensor(e, b[i])
		}
		acc = t.stepDecoded(xa[:end-k], xb[:end-k], acc)
		if len(a) == 0 {
			break
		}
	}
	return acc
}

// DotF32Decoded is DotF32 on decoded multiplicands of format e.
func (t *TensorModel) DotF32Decoded(e TensorElem, a, b []TensorOperand, c uint32) uint32 {
	g := t.group(e, len(a))
	acc := c
	for k := 0; k < len(a) || k == 0; k += g {
		end := min(k+g, len(a))
		acc = t.stepDecoded(a[k:end], b[k:end], acc)
		if len(a) == 0 {
			break
		}
	}
	return acc
}

// group is the products per step for format e and k products.
func (t *TensorModel) group(e TensorElem, k int) int {
	g := t.GroupHalf
	if e == TensorTF32 {
		g = t.GroupTF32
	}
	if g <= 0 || t.Exact {
		g = max(k, 1)
	}
	return g
}

// DotF16 is DotF32 with an f16 result: the f32 value rounded to nearest
// even.
func (t *TensorModel) DotF16(e TensorElem, a, b []uint32, c uint32) uint16 {
	return F32ToF16(t.DotF32(e, a, b, c), CanonicalNaN)
}

// maxStep is the most products a step keeps on the stack (the largest K
// of a floating-point form is 16); longer steps, which only callers of
// DotF32 beyond the PTX forms make, use the heap.
const maxStep = 16

// step adds one group of products (patterns of format e) and the
// accumulator c.
func (t *TensorModel) step(e TensorElem, a, b []uint32, c uint32) uint32 {
	da, db := make([]TensorOperand, len(a)), make([]TensorOperand, len(b))
	for i := range a {
		da[i], db[i] = DecodeTensor(e, a[i]), DecodeTensor(e, b[i])
	}
	return t.stepDecoded(da, db, c)
}

// stepDecoded adds one group of decoded products and the accumulator c.
func (t *TensorModel) stepDecoded(a, b []TensorOperand, c uint32) uint32 {
	var stack [maxStep + 1]tensorTerm
	terms := stack[:]
	if len(a) > maxStep {
		terms = make([]tensorTerm, len(a)+1)
	}
	n := 0
	posInf, negInf, nan := false, false, false
	allNegZero := true
	ct, cinf, cnan := decodeFloat(c, 8, 23)
	switch {
	case cnan:
		nan = true
	case cinf:
		posInf, negInf = posInf || !ct.neg, negInf || ct.neg
	default:
		if ct.sig != 0 || !ct.neg {
			allNegZero = false
		}
		terms[n] = ct
		n++
	}
	for k := range a {
		x, y := &a[k], &b[k]
		neg := x.t.neg != y.t.neg
		switch {
		case x.nan || y.nan:
			nan = true
			continue
		case x.inf || y.inf:
			if (x.inf && !y.inf && y.t.sig == 0) || (y.inf && !x.inf && x.t.sig == 0) {
				nan = true // Inf * 0
			} else {
				posInf, negInf = posInf || !neg, negInf || neg
			}
			continue
		}
		p := tensorTerm{neg: neg, sig: x.t.sig * y.t.sig, exp: x.t.exp + y.t.exp, shift: x.t.shift + y.t.shift}
		if p.sig != 0 || !neg {
			allNegZero = false
		}
		terms[n] = p
		n++
	}
	if nan || posInf && negInf {
		return 0x7fffffff
	}
	if posInf {
		return 0x7f800000
	}
	if negInf {
		return 0xff800000
	}
	if t.Exact {
		return exactSumF32(terms[:n], allNegZero)
	}
	// Align to the largest exponent among the nonzero addends.
	emax, any := 0, false
	for _, x := range terms[:n] {
		if x.sig != 0 && (!any || x.exp > emax) {
			emax, any = x.exp, true
		}
	}
	if !any {
		if allNegZero {
			return 0x80000000
		}
		return 0
	}
	// lsb is the exponent of the window's last bit.
	lsb := emax - 23 - t.Extra
	var sum int64
	for _, x := range terms[:n] {
		if x.sig == 0 {
			continue
		}
		// x = sig * 2^(exp-shift); in units of 2^lsb: sig * 2^(exp-shift-lsb).
		sh := x.exp - x.shift - lsb
		var m uint64
		switch {
		case sh >= 0:
			m = x.sig << uint(sh)
		case sh > -64:
			m = x.sig >> uint(-sh) // truncated toward zero
		}
		if x.neg {
			sum -= int64(m)
		} else {
			sum += int64(m)
		}
	}
	return packF32RZ(sum, lsb)
}

// packF32RZ rounds sum * 2^lsb toward zero to f32 (subnormals kept;
// exponent overflow gives Inf).
func packF32RZ(sum int64, lsb int) uint32 {
	if sum == 0 {
		return 0
	}
	sign := uint32(0)
	mag := uint64(sum)
	if sum < 0 {
		sign, mag = 1<<31, uint64(-sum)
	}
	lead := lsb + bits.Len64(mag) - 1 // exponent of the leading bit
	if lead > 127 {
		return sign | 0x7f800000
	}
	q := max(lead-23, -149) // exponent of the result's last bit
	var m uint64
	if d := q - lsb; d >= 0 {
		if d < 64 {
			m = mag >> uint(d)
		}
	} else {
		m = mag << uint(-d)
	}
	if m < 1<<23 { // subnormal (q == -149)
		return sign | uint32(m)
	}
	return sign | uint32(q+150)<<23 | uint32(m-1<<23)
}

// exactSumF32 rounds the exact sum of finite terms to nearest even f32.
func exactSumF32(terms []tensorTerm, allNegZero bool) uint32 {
	// Every term is sig * 2^(exp-shift): put them on one fixed point whose
	// last bit is the smallest term's (a 768-bit integer holds the widest
	// span, bf16 products from 2^-266 to 2^256).
	lo := 0
	first := true
	for _, x := range terms {
		if x.sig == 0 {
			continue
		}
		if e := x.exp - x.shift; first || e < lo {
			lo, first = e, false
		}
	}
	if first {
		if allNegZero {
			return 0x80000000
		}
		return 0
	}
	var acc wideInt
	for _, x := range terms {
		if x.sig != 0 {
			acc.add(x.sig, x.exp-x.shift-lo, x.neg)
		}
	}
	return acc.roundF32(lo)
}

// tensorModels are the [numerics] tensor models, the default first
// (docs/tensor-numerics.md gives each fact's source).
var tensorModels = [...]TensorModel{
	{Name: "ampere", GroupHalf: 8, GroupTF32: 4, Extra: 1},
	{Name: "volta", GroupHalf: 4, GroupTF32: 4, Extra: 0},
	{Name: "turing", GroupHalf: 4, GroupTF32: 4, Extra: 1},
	{Name: "ada_assumed", GroupHalf: 8, GroupTF32: 4, Extra: 1},
	{Name: "hopper_assumed", GroupHalf: 8, GroupTF32: 4, Extra: 1},
	{Name: "exact_rn", Exact: true},
}

var tensorDocs = [len(tensorModels)]string{
	"A100 (Fasi et al. 2021 T4/A100 suites; Valpey et al. 2025): 8 f16/bf16 or 4 tf32 products a step, 1 extra alignment bit, truncation, RZ",
	"V100 (Fasi et al. 2021 V100 suite): 4 products a step, no extra alignment bit, truncation, RZ",
	"T4 (Fasi et al. 2021 T4/A100 suite): 4 products a step, 1 extra alignment bit, truncation, RZ",
	"Ada (sm_89), assumed to be Ampere's adder (not measured)",
	"Hopper (sm_90) mma.sync, assumed to be Ampere's adder until silicon measures it",
	"reference: c + sum rounded once to nearest even (not a GPU)",
}

// TensorModelNamed returns the tensor model of that name (nil when none);
// the models are immutable.
func TensorModelNamed(name string) *TensorModel {
	for i := range tensorModels {
		if tensorModels[i].Name == name {
			m := tensorModels[i]
			return &m
		}
	}
	return nil
}
