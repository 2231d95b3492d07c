package alu

// fpFormat describes an IEEE-754 binary interchange format (or a narrower
// format laid out the same way, such as tf32) by its field widths. All the
// generic arithmetic of this package works on such formats with the bits held
// right-aligned in a uint64.
type fpFormat struct {
	frac uint // stored fraction bits (precision - 1)
	exp  uint // exponent field bits
}

// The formats the package computes in. Read-only.
var (
	fmtF16  = fpFormat{frac: 10, exp: 5}
	fmtBF16 = fpFormat{frac: 7, exp: 8}
	fmtTF32 = fpFormat{frac: 10, exp: 8}
	fmtF32  = fpFormat{frac: 23, exp: 8}
	fmtF64  = fpFormat{frac: 52, exp: 11}
)

func (f fpFormat) bias() int           { return 1<<(f.exp-1) - 1 }
func (f fpFormat) expField() uint64    { return 1<<f.exp - 1 }
func (f fpFormat) signBit() uint64     { return 1 << (f.frac + f.exp) }
func (f fpFormat) fracMask() uint64    { return 1<<f.frac - 1 }
func (f fpFormat) infBits() uint64     { return f.expField() << f.frac }
func (f fpFormat) quietBit() uint64    { return 1 << (f.frac - 1) }
func (f fpFormat) maxFinite() uint64   { return f.infBits() - 1 }
func (f fpFormat) magMask() uint64     { return f.signBit() - 1 }
func (f fpFormat) isNaN(x uint64) bool { return x&f.magMask() > f.infBits() }
func (f fpFormat) isInf(x uint64) bool { return x&f.magMask() == f.infBits() }

// isSpecial reports whether x is an infinity or a NaN.
func (f fpFormat) isSpecial(x uint64) bool { return x&f.infBits() == f.infBits() }

// isZero reports whether x is +0 or -0.
func (f fpFormat) isZero(x uint64) bool { return x&f.magMask() == 0 }

// biasedExp returns the raw exponent field of x (0 for zeros and subnormals).
func (f fpFormat) biasedExp(x uint64) int { return int(x >> f.frac & f.expField()) }

// canonicalNaN is NVIDIA's canonical NaN: every bit but the sign set
// (f32 0x7fffffff, f64 0x7fffffffffffffff, f16 and bf16 0x7fff).
func (f fpFormat) canonicalNaN() uint64 { return f.magMask() }

// defaultNaN is the NaN an invalid operation returns when no operand is a NaN
// and CanonicalNaN is not set: sign set, quiet bit only (f32 0xffc00000,
// f64 0xfff8000000000000, f16 0xfe00, bf16 0xffc0). This is AMD's
// "architectural indefinite" value: ROCm/rocm-systems emulation/rocjitsu
// (MIT), shared/division.h and shared/fp_mode.h, returns it for 0*Inf and
// Inf-Inf in V_FMA_F32, V_DIV_FMAS and V_DIV_SCALE, with expected values
// stated there to be checked on physical gfx1100 and gfx1201.
func (f fpFormat) defaultNaN() uint64 { return f.signBit() | f.infBits() | f.quietBit() }

// flush returns x with a subnormal magnitude replaced by zero of the same sign.
func (f fpFormat) flush(x uint64) uint64 {
	if x&f.infBits() == 0 {
		return x & f.signBit()
	}
	return x
}

// flushIn applies m's FlushIn to an operand.
func (f fpFormat) flushIn(x uint64, m FPMode) uint64 {
	if m&FlushIn != 0 {
		return f.flush(x)
	}
	return x
}

// flushOut applies m's FlushOut to an exactly representable result. An exact
// subnormal value is tiny whichever way tininess is judged.
func (f fpFormat) flushOut(x uint64, m FPMode) uint64 {
	if m&FlushOut != 0 {
		return f.flush(x)
	}
	return x
}

// propagate returns the result of an operation whose first NaN operand is x:
// the canonical NaN under CanonicalNaN, else x quieted (sign and payload kept).
func (f fpFormat) propagate(x uint64, m FPMode) uint64 {
	if m&CanonicalNaN != 0 {
		return f.canonicalNaN()
	}
	return x | f.quietBit()
}

// invalid returns the result of an invalid operation without NaN operands.
func (f fpFormat) invalid(m FPMode) uint64 {
	if m&CanonicalNaN != 0 {
		return f.canonicalNaN()
	}
	return f.defaultNaN()
}

// unpack returns the magnitude of a finite x as sig * 2^exp, sig < 2^(frac+1).
// sig is zero for a zero x.
func (f fpFormat) unpack(x uint64) (sig uint64, exp int) {
	e := f.biasedExp(x)
	sig = x & f.fracMask()
	if e == 0 {
		e = 1
	} else {
		sig |= 1 << f.frac
	}
	return sig, e - f.bias() - int(f.frac)
}

// exactZero returns the zero that an exact zero sum of operands with
// different signs gives: -0 when rounding toward -Inf, else +0.
func (f fpFormat) exactZero(m FPMode) uint64 {
	if m.Rounding() == RoundNegInf {
		return f.signBit()
	}
	return 0
}
