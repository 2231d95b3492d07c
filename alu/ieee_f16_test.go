package alu

import (
	"math/rand/v2"
	"testing"
)

func halfOps(bf bool) []ieeeOp {
	add, sub, mul, fma := AddF16, SubF16, MulF16, FmaF16
	name := "F16"
	if bf {
		add, sub, mul, fma = AddBF16, SubBF16, MulBF16, FmaBF16
		name = "BF16"
	}
	return []ieeeOp{
		{"Add" + name, 2, func(a, b, _ uint64, m FPMode) uint64 { return uint64(add(uint16(a), uint16(b), m)) }, func(o oracle, a, b, _ uint64) uint64 { return o.add(a, b) }},
		{"Sub" + name, 2, func(a, b, _ uint64, m FPMode) uint64 { return uint64(sub(uint16(a), uint16(b), m)) }, func(o oracle, a, b, _ uint64) uint64 { return o.add(a, b^0x8000) }},
		{"Mul" + name, 2, func(a, b, _ uint64, m FPMode) uint64 { return uint64(mul(uint16(a), uint16(b), m)) }, func(o oracle, a, b, _ uint64) uint64 { return o.mul(a, b) }},
		{"Fma" + name, 3, func(a, b, c uint64, m FPMode) uint64 { return uint64(fma(uint16(a), uint16(b), uint16(c), m)) }, func(o oracle, a, b, c uint64) uint64 { return o.fma(a, b, c) }},
	}
}

func TestIEEEHalfOracle(t *testing.T) {
	for _, bf := range []bool{false, true} {
		tf := tF16
		if bf {
			tf = tBF16
		}
		for _, op := range halfOps(bf) {
			t.Run(op.name, func(t *testing.T) { runOracle(t, tf, op, scaled(1500, 50)) })
		}
	}
}

// TestIEEEHalfSweep runs every 16-bit input a against a set of second (and
// third) operands: 4 under two modes by default, 16 under every rounding
// (and one flushing mode) with GPUSIM_LONG.
func TestIEEEHalfSweep(t *testing.T) {
	modes := []FPMode{Mode(RoundNearestEven, 0), Mode(RoundNegInf, FTZ|CanonicalNaN)}
	nb := 4
	if longTests() {
		nb = 16
		modes = append(modes, Mode(RoundPosInf, 0), Mode(RoundZero, FlushOut), Mode(RoundNearestAway, FlushIn), Mode(RoundNegInf, 0))
	}
	for _, bf := range []bool{false, true} {
		tf := tF16
		if bf {
			tf = tBF16
		}
		r := rand.New(rand.NewPCG(7, uint64(tf.frac)))
		others := make([]uint64, nb)
		for i := range others {
			others[i] = tf.genValue(r, 0)
		}
		others[0] = 0x3c00 // 1.0 in f16 ...
		if bf {
			others[0] = 0x3f80 // ... and in bf16
		}
		for _, op := range halfOps(bf) {
			for _, m := range modes {
				o := oracle{tf, m}
				for a := uint64(0); a < 1<<16; a++ {
					for i, b := range others {
						checkOp(t, op, o, a, b, others[(i+1)%nb])
					}
				}
			}
		}
	}
}

// TestIEEEHalfPacked checks that the x2 forms apply the scalar operation to
// each half independently, low half in bits [15:0].
func TestIEEEHalfPacked(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	type p2 struct {
		name   string
		packed func(a, b uint32, m FPMode) uint32
		scalar func(a, b uint16, m FPMode) uint16
	}
	type p3 struct {
		name   string
		packed func(a, b, c uint32, m FPMode) uint32
		scalar func(a, b, c uint16, m FPMode) uint16
	}
	bin := []p2{{"AddF16x2", AddF16x2, AddF16}, {"SubF16x2", SubF16x2, SubF16}, {"MulF16x2", MulF16x2, MulF16},
		{"AddBF16x2", AddBF16x2, AddBF16}, {"SubBF16x2", SubBF16x2, SubBF16}, {"MulBF16x2", MulBF16x2, MulBF16}}
	ter := []p3{{"FmaF16x2", FmaF16x2, FmaF16}, {"FmaBF16x2", FmaBF16x2, FmaBF16}}
	for i := 0; i < 20000; i++ {
		a, b, c := r.Uint32(), r.Uint32(), r.Uint32()
		m := allModes()[r.IntN(len(allModes()))]
		for _, op := range bin {
			want := uint32(op.scalar(uint16(a>>16), uint16(b>>16), m))<<16 | uint32(op.scalar(uint16(a), uint16(b), m))
			if got := op.packed(a, b, m); got != want {
				t.Fatalf("%s(%#x, %#x) = %#x, want %#x", op.name, a, b, got, want)
			}
		}
		for _, op := range ter {
			want := uint32(op.scalar(uint16(a>>16), uint16(b>>16), uint16(c>>16), m))<<16 | uint32(op.scalar(uint16(a), uint16(b), uint16(c), m))
			if got := op.packed(a, b, c, m); got != want {
				t.Fatalf("%s(%#x, %#x, %#x) = %#x, want %#x", op.name, a, b, c, got, want)
			}
		}
	}
}
