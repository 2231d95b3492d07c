package alu

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// ieeeOp adapts one package operation and its oracle to uint64 operands.
type ieeeOp struct {
	name   string
	arity  int
	got    func(a, b, c uint64, m FPMode) uint64
	oracle func(o oracle, a, b, c uint64) uint64
}

func f32Ops() []ieeeOp {
	return []ieeeOp{
		{"AddF32", 2, func(a, b, _ uint64, m FPMode) uint64 { return uint64(AddF32(uint32(a), uint32(b), m)) }, func(o oracle, a, b, _ uint64) uint64 { return o.add(a, b) }},
		{"SubF32", 2, func(a, b, _ uint64, m FPMode) uint64 { return uint64(SubF32(uint32(a), uint32(b), m)) }, func(o oracle, a, b, _ uint64) uint64 { return o.add(a, b^o.t.sign()) }},
		{"MulF32", 2, func(a, b, _ uint64, m FPMode) uint64 { return uint64(MulF32(uint32(a), uint32(b), m)) }, func(o oracle, a, b, _ uint64) uint64 { return o.mul(a, b) }},
		{"DivF32", 2, func(a, b, _ uint64, m FPMode) uint64 { return uint64(DivF32(uint32(a), uint32(b), m)) }, func(o oracle, a, b, _ uint64) uint64 { return o.div(a, b) }},
		{"SqrtF32", 1, func(a, _, _ uint64, m FPMode) uint64 { return uint64(SqrtF32(uint32(a), m)) }, func(o oracle, a, _, _ uint64) uint64 { return o.sqrt(a) }},
		{"FmaF32", 3, func(a, b, c uint64, m FPMode) uint64 { return uint64(FmaF32(uint32(a), uint32(b), uint32(c), m)) }, func(o oracle, a, b, c uint64) uint64 { return o.fma(a, b, c) }},
	}
}

func f64Ops() []ieeeOp {
	return []ieeeOp{
		{"AddF64", 2, func(a, b, _ uint64, m FPMode) uint64 { return AddF64(a, b, m) }, func(o oracle, a, b, _ uint64) uint64 { return o.add(a, b) }},
		{"SubF64", 2, func(a, b, _ uint64, m FPMode) uint64 { return SubF64(a, b, m) }, func(o oracle, a, b, _ uint64) uint64 { return o.add(a, b^o.t.sign()) }},
		{"MulF64", 2, func(a, b, _ uint64, m FPMode) uint64 { return MulF64(a, b, m) }, func(o oracle, a, b, _ uint64) uint64 { return o.mul(a, b) }},
		{"DivF64", 2, func(a, b, _ uint64, m FPMode) uint64 { return DivF64(a, b, m) }, func(o oracle, a, b, _ uint64) uint64 { return o.div(a, b) }},
		{"SqrtF64", 1, func(a, _, _ uint64, m FPMode) uint64 { return SqrtF64(a, m) }, func(o oracle, a, _, _ uint64) uint64 { return o.sqrt(a) }},
		{"FmaF64", 3, func(a, b, c uint64, m FPMode) uint64 { return FmaF64(a, b, c, m) }, func(o oracle, a, b, c uint64) uint64 { return o.fma(a, b, c) }},
	}
}

func modeName(m FPMode) string {
	return fmt.Sprintf("r%d%s%s%s", m.Rounding(), flag(m&FlushIn != 0, "-fi"), flag(m&FlushOut != 0, "-fo"), flag(m&CanonicalNaN != 0, "-cn"))
}

func flag(b bool, s string) string {
	if b {
		return s
	}
	return ""
}

func checkOp(t *testing.T, op ieeeOp, o oracle, a, b, c uint64) {
	t.Helper()
	if got, want := op.got(a, b, c, o.m), op.oracle(o, a, b, c); got != want {
		t.Fatalf("%s(%#x, %#x, %#x) mode %s = %#x, oracle %#x", op.name, a, b, c, modeName(o.m), got, want)
	}
}

// runOracle checks op on every class pair (class triples for FMA under a
// few modes, all modes in the long run) and on random operands.
func runOracle(t *testing.T, tf tfmt, op ieeeOp, random int) {
	cv := tf.classValues()
	r := rand.New(rand.NewPCG(uint64(len(op.name)), uint64(tf.width())))
	for i, m := range allModes() {
		o := oracle{tf, m}
		switch op.arity {
		case 1:
			for _, a := range cv {
				checkOp(t, op, o, a, 0, 0)
			}
		case 2:
			for _, a := range cv {
				for _, b := range cv {
					checkOp(t, op, o, a, b, 0)
				}
			}
		case 3:
			if longTests() || i%7 == 0 {
				for _, a := range cv {
					for _, b := range cv {
						for _, c := range cv {
							checkOp(t, op, o, a, b, c)
						}
					}
				}
			}
		}
		for j := 0; j < random; j++ {
			a := tf.genValue(r, 0)
			b := tf.genValue(r, a)
			var c uint64
			if op.arity == 3 {
				// Aim c at -a*b for cancellation, or draw it freely.
				if r.IntN(2) == 0 {
					c = op.got(a, b, 0, Mode(RoundZero, 0)) ^ tf.sign()
					c = tf.genValue(r, c)
				} else {
					c = tf.genValue(r, b)
				}
			}
			checkOp(t, op, o, a, b, c)
		}
	}
}

func TestIEEEF32Oracle(t *testing.T) {
	for _, op := range f32Ops() {
		t.Run(op.name, func(t *testing.T) { runOracle(t, tF32, op, scaled(1500, 50)) })
	}
}

func TestIEEEF64Oracle(t *testing.T) {
	for _, op := range f64Ops() {
		t.Run(op.name, func(t *testing.T) { runOracle(t, tF64, op, scaled(1000, 50)) })
	}
}
