package alu

// rcp.approx.ftz.f64 (SASS MUFU.RCP64H), numerics.md section 3. Evidence:
// provisional. The wrapper follows pyxis-roc/ptx-math src/ptxm/rcp64h.c and
// bcarlet/ptx-math src/ptxm/rcp_f64.c (not checked on silicon); the f32
// reciprocal unit inside it was checked exhaustively on sm_5x..sm_75.

const (
	f64CanonNaN = 0x7fffffff00000000
	f64HiSign   = 0x80000000
	f64HiInf    = 0x7ff00000
)

// Rcp64H is PTX rcp.approx.ftz.f64: an approximate reciprocal computed from
// the upper 32 bits of x only (sign, 11-bit exponent, 20-bit fraction); the
// result's upper 32 bits hold the 1.11.20 reciprocal and its lower 32 bits
// are zero. NaN gives 0x7fffffff00000000, ±Inf ±0, ±0 and ±subnormal ±Inf,
// and a result that would be subnormal is a zero of the input's sign. An
// input of exactly ±1.0 gives exactly ±1.0.
func Rcp64H(x uint64) uint64 {
	return uint64(rcp64Hi(uint32(x>>32))) << 32
}

// rcp64Hi is MUFU.RCP64H on the 1.11.20 word w.
func rcp64Hi(w uint32) uint32 {
	sign := w & f64HiSign
	exp := w >> 20 & 0x7ff
	frac := w & (1<<20 - 1)
	switch {
	case exp == 0x7ff:
		if frac != 0 {
			return f64CanonNaN >> 32
		}
		return sign
	case exp == 0:
		return sign | f64HiInf
	}
	e := int(exp) - 1023
	if e > 1022 || e == 1022 && frac != 0 {
		return sign // the reciprocal would be subnormal
	}
	rexp, rfrac := mufuRcp(frac << 3)
	// The f32 result 1.rfrac * 2^(rexp-127), scaled by 2^-e as an f64 (always
	// normal here), keeps the top 20 of its 23 fraction bits.
	return sign | uint32(int(rexp)-127+1023-e)<<20 | rfrac>>3
}
