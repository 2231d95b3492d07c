package alu

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// caseOp is one operation a testdata case file can name: it takes nIn
// operands and produces nOut results.
type caseOp struct {
	nIn, nOut int
	fn        func(in []uint64, m FPMode) []uint64
}

// parseMode reads a mode spec: a rounding (rn, rp, rm, rz, rna) followed by
// optional dot-separated flags fi (FlushIn), fo (FlushOut), ftz (both) and
// cn (CanonicalNaN), e.g. "rm.ftz.cn".
func parseMode(s string) (FPMode, error) {
	parts := strings.Split(s, ".")
	var m FPMode
	switch parts[0] {
	case "rn":
		m = Mode(RoundNearestEven, 0)
	case "rp":
		m = Mode(RoundPosInf, 0)
	case "rm":
		m = Mode(RoundNegInf, 0)
	case "rz":
		m = Mode(RoundZero, 0)
	case "rna":
		m = Mode(RoundNearestAway, 0)
	default:
		return 0, fmt.Errorf("unknown rounding %q", parts[0])
	}
	for _, p := range parts[1:] {
		switch p {
		case "fi":
			m |= FlushIn
		case "fo":
			m |= FlushOut
		case "ftz":
			m |= FTZ
		case "cn":
			m |= CanonicalNaN
		default:
			return 0, fmt.Errorf("unknown mode flag %q", p)
		}
	}
	return m, nil
}

// parseValue reads a hex bit pattern (0x...), a signed or unsigned decimal
// integer, or a float literal with an f32:/f64: prefix.
func parseValue(s string) (uint64, error) {
	switch {
	case strings.HasPrefix(s, "f32:"):
		v, err := strconv.ParseFloat(s[4:], 32)
		return uint64(f32bitsOf(float32(v))), err
	case strings.HasPrefix(s, "f64:"):
		v, err := strconv.ParseFloat(s[4:], 64)
		return f64bits(v), err
	case strings.HasPrefix(s, "-"):
		v, err := strconv.ParseInt(s, 0, 64)
		return uint64(v), err
	}
	return strconv.ParseUint(s, 0, 64)
}

// runCaseFile runs every case of a testdata file: one per line,
// "op mode in... out...", '#' starting a comment. Errors name file:line:col.
func runCaseFile(t *testing.T, path string, ops map[string]caseOp) {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		col := func(i int) int { return strings.Index(sc.Text(), f[i]) + 1 }
		op, ok := ops[f[0]]
		if !ok {
			t.Errorf("%s:%d:%d: unknown op %q", path, line, col(0), f[0])
			continue
		}
		if len(f) != 2+op.nIn+op.nOut {
			t.Errorf("%s:%d:%d: %s wants %d operands and %d results, line has %d fields", path, line, 1, f[0], op.nIn, op.nOut, len(f)-2)
			continue
		}
		m, err := parseMode(f[1])
		if err != nil {
			t.Errorf("%s:%d:%d: %v", path, line, col(1), err)
			continue
		}
		vals := make([]uint64, op.nIn+op.nOut)
		bad := false
		for i := range vals {
			if vals[i], err = parseValue(f[2+i]); err != nil {
				t.Errorf("%s:%d:%d: %v", path, line, col(2+i), err)
				bad = true
			}
		}
		if bad {
			continue
		}
		got := op.fn(vals[:op.nIn], m)
		for i, w := range vals[op.nIn:] {
			if got[i] != w {
				t.Errorf("%s:%d: %s: result %d = %#x, want %#x", path, line, strings.Join(f[:2+op.nIn], " "), i, got[i], w)
			}
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("%s: no cases", path)
	}
}

func u1(x uint64) []uint64 { return []uint64{x} }

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// ieeeCaseOps lists the arithmetic and min/max operations for case files.
func ieeeCaseOps() map[string]caseOp {
	u32 := func(x uint64) uint32 { return uint32(x) }
	u16 := func(x uint64) uint16 { return uint16(x) }
	bin32 := func(f func(a, b uint32, m FPMode) uint32) caseOp {
		return caseOp{2, 1, func(in []uint64, m FPMode) []uint64 { return u1(uint64(f(u32(in[0]), u32(in[1]), m))) }}
	}
	bin64 := func(f func(a, b uint64, m FPMode) uint64) caseOp {
		return caseOp{2, 1, func(in []uint64, m FPMode) []uint64 { return u1(f(in[0], in[1], m)) }}
	}
	bin16 := func(f func(a, b uint16, m FPMode) uint16) caseOp {
		return caseOp{2, 1, func(in []uint64, m FPMode) []uint64 { return u1(uint64(f(u16(in[0]), u16(in[1]), m))) }}
	}
	return map[string]caseOp{
		"AddF32": bin32(AddF32), "SubF32": bin32(SubF32), "MulF32": bin32(MulF32), "DivF32": bin32(DivF32),
		"FmaF32": {3, 1, func(in []uint64, m FPMode) []uint64 {
			return u1(uint64(FmaF32(u32(in[0]), u32(in[1]), u32(in[2]), m)))
		}},
		"SqrtF32": {1, 1, func(in []uint64, m FPMode) []uint64 { return u1(uint64(SqrtF32(u32(in[0]), m))) }},
		"AddF64":  bin64(AddF64), "SubF64": bin64(SubF64), "MulF64": bin64(MulF64), "DivF64": bin64(DivF64),
		"FmaF64":  {3, 1, func(in []uint64, m FPMode) []uint64 { return u1(FmaF64(in[0], in[1], in[2], m)) }},
		"SqrtF64": {1, 1, func(in []uint64, m FPMode) []uint64 { return u1(SqrtF64(in[0], m)) }},
		"AddF16":  bin16(AddF16), "MulF16": bin16(MulF16), "AddBF16": bin16(AddBF16), "MulBF16": bin16(MulBF16),
		"FmaF16": {3, 1, func(in []uint64, m FPMode) []uint64 {
			return u1(uint64(FmaF16(u16(in[0]), u16(in[1]), u16(in[2]), m)))
		}},
		"MinF32": bin32(MinF32), "MaxF32": bin32(MaxF32), "MinNaNF32": bin32(MinNaNF32), "MaxNaNF32": bin32(MaxNaNF32),
		"MinNumF32": bin32(MinNumF32), "MaxNumF32": bin32(MaxNumF32),
		"MinF64": bin64(MinF64), "MaxF64": bin64(MaxF64), "MinNaNF64": bin64(MinNaNF64), "MaxNaNF64": bin64(MaxNaNF64),
		"MinNumF64": bin64(MinNumF64), "MaxNumF64": bin64(MaxNumF64),
		"MinF16": bin16(MinF16), "MaxF16": bin16(MaxF16), "MinNaNF16": bin16(MinNaNF16), "MaxNaNF16": bin16(MaxNaNF16),
		"MinBF16": bin16(MinBF16), "MaxBF16": bin16(MaxBF16), "MinNaNBF16": bin16(MinNaNBF16), "MaxNaNBF16": bin16(MaxNaNBF16),
	}
}

func TestIEEECases(t *testing.T) {
	runCaseFile(t, "testdata/ieee_cases.txt", ieeeCaseOps())
}
