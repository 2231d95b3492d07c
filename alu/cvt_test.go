package alu

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

var floatTypeNames = map[string]FloatType{"f16": FloatF16, "bf16": FloatBF16, "tf32": FloatTF32, "f32": FloatF32, "f64": FloatF64}
var intTypeNames = map[string]IntType{"s8": IntS8, "s16": IntS16, "s32": IntS32, "s64": IntS64, "u8": IntU8, "u16": IntU16, "u32": IntU32, "u64": IntU64}

// cvtCaseOps names every conversion for the case file: cvt.D.S, sat.T,
// relu.T.
func cvtCaseOps() map[string]caseOp {
	ops := map[string]caseOp{}
	for dn, dt := range floatTypeNames {
		for sn, st := range floatTypeNames {
			if dt == st {
				ops["cvt."+dn+"."+sn] = caseOp{1, 1, func(in []uint64, m FPMode) []uint64 {
					return u1(CvtRoundIntegral(in[0], st, m.Rounding(), m))
				}}
				continue
			}
			ops["cvt."+dn+"."+sn] = caseOp{1, 1, func(in []uint64, m FPMode) []uint64 { return u1(CvtFloat(in[0], st, dt, m)) }}
		}
		for in, it := range intTypeNames {
			ops["cvt."+in+"."+dn] = caseOp{1, 1, func(x []uint64, m FPMode) []uint64 {
				return u1(CvtFloatToInt(x[0], dt, it, m.Rounding(), m))
			}}
			ops["cvt."+dn+"."+in] = caseOp{1, 1, func(x []uint64, m FPMode) []uint64 { return u1(CvtIntToFloat(x[0], it, dt, m)) }}
		}
		ops["sat."+dn] = caseOp{1, 1, func(x []uint64, _ FPMode) []uint64 { return u1(SatFloat(x[0], dt)) }}
		ops["relu."+dn] = caseOp{1, 1, func(x []uint64, _ FPMode) []uint64 { return u1(ReluFloat(x[0], dt)) }}
	}
	return ops
}

func TestCvtCases(t *testing.T) {
	runCaseFile(t, "testdata/cvt_cases.txt", cvtCaseOps())
}

var tTF32 = tfmt{"tf32", 10, 8}

func tfmtOf(ft FloatType) tfmt {
	switch ft {
	case FloatF16:
		return tF16
	case FloatBF16:
		return tBF16
	case FloatTF32:
		return tTF32
	case FloatF64:
		return tF64
	}
	return tF32
}

// oracleCvtFloat is the independent model of CvtFloat.
func oracleCvtFloat(x uint64, from, to FloatType, m FPMode) uint64 {
	src, dst := tfmtOf(from), tfmtOf(to)
	if from == FloatTF32 {
		src = tF32
	}
	o := oracle{src, m}
	x = o.in(x)
	var r uint64
	dsign := uint64(0)
	if x&src.sign() != 0 {
		dsign = dst.sign()
	}
	switch {
	case o.isNaN(x):
		if m&CanonicalNaN != 0 {
			r = dst.sign() - 1
		} else {
			pay := x & (1<<src.frac - 1)
			if dst.frac < src.frac {
				pay >>= src.frac - dst.frac
			} else {
				pay <<= dst.frac - src.frac
			}
			r = dsign | dst.inf() | 1<<(dst.frac-1) | pay
		}
	case o.isInf(x):
		r = dsign | dst.inf()
	case o.isZero(x):
		r = dsign
	default:
		d := src.decode(x)
		sixteen := to == FloatF16 || to == FloatBF16
		r = dst.roundTo(d, m.Rounding(), m&FlushOut != 0 && !sixteen)
		if sixteen && m&FlushOut != 0 && r&dst.inf() == 0 {
			r = dsign // 16-bit results: flush a rounded subnormal
		}
	}
	if to == FloatTF32 {
		r <<= 13
	}
	return r
}

// oracleToInt is the independent model of CvtFloatToInt.
func oracleToInt(x uint64, from FloatType, to IntType, r Rounding, m FPMode) uint64 {
	src := tfmtOf(from)
	if from == FloatTF32 {
		src = tF32
	}
	o := oracle{src, m}
	x = o.in(x)
	w := to.Width()
	lo, hi := new(big.Int), new(big.Int)
	if to.Signed() {
		lo.Lsh(big.NewInt(-1), w-1)
		hi.Sub(new(big.Int).Lsh(big.NewInt(1), w-1), big.NewInt(1))
	} else {
		hi.Sub(new(big.Int).Lsh(big.NewInt(1), w), big.NewInt(1))
	}
	var v *big.Int
	switch {
	case o.isNaN(x):
		return 0
	case o.isInf(x):
		if x&src.sign() != 0 {
			v = lo
		} else {
			v = hi
		}
	default:
		d := src.decode(x)
		v = roundQuantum(d, 0, r)
		if d.neg {
			v.Neg(v)
		}
	}
	if v.Cmp(lo) < 0 {
		v = lo
	}
	if v.Cmp(hi) > 0 {
		v = hi
	}
	if v.Sign() < 0 {
		return uint64(v.Int64())
	}
	return v.Uint64()
}

// oracleIntToFloat is the independent model of CvtIntToFloat.
func oracleIntToFloat(x uint64, from IntType, to FloatType, m FPMode) uint64 {
	w := from.Width()
	v := new(big.Int).SetUint64(x)
	v.And(v, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), w), big.NewInt(1)))
	if from.Signed() && v.Bit(int(w-1)) == 1 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), w))
	}
	if v.Sign() == 0 {
		return 0
	}
	d := dyad{v.Sign() < 0, new(big.Int).Abs(v), 0}
	r := tfmtOf(to).roundTo(d, m.Rounding(), m&FlushOut != 0)
	if to == FloatTF32 {
		r <<= 13
	}
	return r
}

// oracleRoundIntegral is the independent model of CvtRoundIntegral.
func oracleRoundIntegral(x uint64, ft FloatType, r Rounding, m FPMode) uint64 {
	tf := tfmtOf(ft)
	if ft == FloatTF32 {
		tf = tF32 // a TF32 value is an f32 encoding
	}
	o := oracle{tf, m}
	x = o.in(x)
	switch {
	case o.isNaN(x):
		return o.nanOf(x)
	case o.isInf(x), o.isZero(x):
		return x
	}
	d := tf.decode(x)
	k := roundQuantum(d, 0, r)
	if k.Sign() == 0 {
		return x & tf.sign()
	}
	return tf.roundTo(dyad{d.neg, k, 0}, RoundZero, false) // exact
}

func TestCvtRandomOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	fts := []FloatType{FloatF16, FloatBF16, FloatTF32, FloatF32, FloatF64}
	its := []IntType{IntS8, IntS16, IntS32, IntS64, IntU8, IntU16, IntU32, IntU64}
	modes := allModes()
	n := scaled(200, 20)
	for _, from := range fts {
		src := tfmtOf(from)
		if from == FloatTF32 {
			src = tF32
		}
		for i := 0; i < n*len(modes); i++ {
			m := modes[i%len(modes)]
			x := src.genValue(r, 0)
			for _, to := range fts {
				if to == from {
					if got, want := CvtRoundIntegral(x, from, m.Rounding(), m), oracleRoundIntegral(x, from, m.Rounding(), m); got != want {
						t.Fatalf("CvtRoundIntegral(%#x, %d) mode %s = %#x, oracle %#x", x, from, modeName(m), got, want)
					}
					continue
				}
				if got, want := CvtFloat(x, from, to, m), oracleCvtFloat(x, from, to, m); got != want {
					t.Fatalf("CvtFloat(%#x, %d -> %d) mode %s = %#x, oracle %#x", x, from, to, modeName(m), got, want)
				}
			}
			for _, it := range its {
				if got, want := CvtFloatToInt(x, from, it, m.Rounding(), m), oracleToInt(x, from, it, m.Rounding(), m); got != want {
					t.Fatalf("CvtFloatToInt(%#x, %d -> %d) mode %s = %#x, oracle %#x", x, from, it, modeName(m), got, want)
				}
			}
		}
	}
	// Integers: random widths of magnitude, around the formats' precisions.
	for i := 0; i < n*len(modes)*4; i++ {
		m := modes[i%len(modes)]
		x := r.Uint64() >> uint(r.IntN(64))
		if r.IntN(2) == 0 {
			x = -x
		}
		for _, it := range its {
			for _, to := range fts {
				if got, want := CvtIntToFloat(x, it, to, m), oracleIntToFloat(x, it, to, m); got != want {
					t.Fatalf("CvtIntToFloat(%#x, %d -> %d) mode %s = %#x, oracle %#x", x, it, to, modeName(m), got, want)
				}
			}
		}
	}
}

// TestCvtSixteenBitFromF32 runs every f32 exponent and rounding-relevant
// fraction pattern through the half.go-backed conversions.
func TestCvtSixteenBitFromF32(t *testing.T) {
	for _, m := range allModes() {
		for e := uint64(0); e < 256; e++ {
			for _, frac := range []uint64{0, 1, 0x1000, 0x1fff, 0x2000, 0x3000, 0x7fff, 0x8000, 0x18000, 0x7fffff, 0x400001} {
				for _, s := range []uint64{0, 0x80000000} {
					x := s | e<<23 | frac
					for _, to := range []FloatType{FloatF16, FloatBF16} {
						if got, want := CvtFloat(x, FloatF32, to, m), oracleCvtFloat(x, FloatF32, to, m); got != want {
							t.Fatalf("CvtFloat(%#x, f32 -> %d) mode %s = %#x, oracle %#x", x, to, modeName(m), got, want)
						}
					}
				}
			}
		}
	}
}
