package alu

import (
	"bufio"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// allHalfModes is every rounding direction with every flush and NaN flag.
func allHalfModes() []FPMode {
	var ms []FPMode
	for r := RoundNearestEven; r <= RoundNearestAway; r++ {
		for _, fl := range []FPMode{0, FlushIn, FlushOut, FTZ} {
			ms = append(ms, Mode(r, fl), Mode(r, fl|CanonicalNaN))
		}
	}
	return ms
}

// refFormat is an independent description of a 16-bit format for the
// reference conversions below: every non-negative finite value in bit order
// (decoded with math.Ldexp from the fields), plus the value one ulp past the
// largest finite, which stands for Inf when deciding overflow.
type refFormat struct {
	name     string
	fracBits int
	bias     int
	inf      uint16
	quiet    uint16
	vals     []float64 // vals[b] is the value of bits b, b < inf
	beyond   float64
}

func newRefFormat(name string, expBits, fracBits int) *refFormat {
	f := &refFormat{name: name, fracBits: fracBits, bias: 1<<(expBits-1) - 1}
	f.inf = uint16((1<<expBits - 1) << fracBits)
	f.quiet = 1 << (fracBits - 1)
	for b := 0; b < int(f.inf); b++ {
		f.vals = append(f.vals, f.decode(uint16(b)))
	}
	f.beyond = math.Ldexp(1, (1<<expBits-1)-f.bias)
	return f
}

// decode returns the value of a finite non-negative bit pattern.
func (f *refFormat) decode(b uint16) float64 {
	e := int(b >> f.fracBits)
	m := float64(b & (1<<f.fracBits - 1))
	if e == 0 {
		return math.Ldexp(m, 1-f.bias-f.fracBits)
	}
	return math.Ldexp(1+m/float64(int(1)<<f.fracBits), e-f.bias)
}

// narrow is the reference for F32ToF16/F32ToBF16: a search of the sorted
// value list with float64 comparisons. Every f32, every 16-bit value and
// every midpoint of two adjacent 16-bit values is exactly representable in
// float64, so each comparison is exact.
func (f *refFormat) narrow(x uint32, m FPMode) uint16 {
	neg := x>>31 != 0
	var sign uint16
	if neg {
		sign = 0x8000
	}
	exp, mant := x>>23&0xff, x&0x7fffff
	if exp == 0xff {
		if mant == 0 {
			return sign | f.inf
		}
		if m&CanonicalNaN != 0 {
			return 0x7fff
		}
		return sign | f.inf | f.quiet | uint16(mant>>(23-f.fracBits))
	}
	if exp == 0 && m&FlushIn != 0 {
		return sign
	}
	a := math.Abs(float64(math.Float32frombits(x)))
	var lo, hi int // candidate bit patterns below and above a
	var cmp int    // sign of a - midpoint(lo, hi)
	if a >= f.beyond {
		lo, hi, cmp = int(f.inf)-1, int(f.inf), 1
	} else {
		k := sort.Search(len(f.vals), func(i int) bool { return f.vals[i] > a }) - 1
		if f.vals[k] == a {
			return f.flushOut(sign, uint16(k), m)
		}
		lo, hi = k, k+1
		upper := f.beyond
		if hi < len(f.vals) {
			upper = f.vals[hi]
		}
		mid := (f.vals[lo] + upper) / 2
		switch {
		case a < mid:
			cmp = -1
		case a > mid:
			cmp = 1
		}
	}
	up := false
	switch m.Rounding() {
	case RoundNearestEven:
		up = cmp > 0 || cmp == 0 && lo&1 == 1
	case RoundNearestAway:
		up = cmp >= 0
	case RoundPosInf:
		up = !neg
	case RoundNegInf:
		up = neg
	}
	r := lo
	if up {
		r = hi
	}
	return f.flushOut(sign, uint16(r), m)
}

func (f *refFormat) flushOut(sign, b uint16, m FPMode) uint16 {
	if m&FlushOut != 0 && b != 0 && b < 1<<f.fracBits {
		return sign
	}
	return sign | b
}

// narrowInputs returns the f32 inputs the narrowing references are checked
// on: a stride through all 2^32 patterns, and for every pair of adjacent
// 16-bit values (and the last finite value and the overflow point) the two
// values themselves and their midpoint as f32, each with its f32 neighbours,
// in both signs.
func narrowInputs(f *refFormat, stride uint32) []uint32 {
	var in []uint32
	for x := uint64(0); x < 1<<32; x += uint64(stride) {
		in = append(in, uint32(x))
	}
	for k := 0; k < len(f.vals); k++ {
		upper := f.beyond
		if k+1 < len(f.vals) {
			upper = f.vals[k+1]
		}
		for _, v := range []float64{f.vals[k], (f.vals[k] + upper) / 2} {
			b := math.Float32bits(float32(v))
			if float64(math.Float32frombits(b)) != v {
				panic("midpoint not exact in f32")
			}
			for _, d := range []uint32{b - 1, b, b + 1} {
				in = append(in, d, d|0x80000000)
			}
		}
	}
	return in
}

func TestF32ToF16MatchesReference(t *testing.T) {
	testNarrowReference(t, newRefFormat("f16", 5, 10), F32ToF16)
}

func TestF32ToBF16MatchesReference(t *testing.T) {
	testNarrowReference(t, newRefFormat("bf16", 8, 7), F32ToBF16)
}

func testNarrowReference(t *testing.T, f *refFormat, conv func(uint32, FPMode) uint16) {
	in := narrowInputs(f, 40009)
	fails := 0
	for _, m := range allHalfModes() {
		for _, x := range in {
			got, want := conv(x, m), f.narrow(x, m)
			if got != want {
				t.Errorf("%s: narrow(%#08x, mode %#x) = %#04x, want %#04x", f.name, x, m, got, want)
				if fails++; fails > 20 {
					t.FailNow()
				}
			}
		}
	}
}

func TestHalfWidenExactAndRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		f     *refFormat
		widen func(uint16) uint32
		conv  func(uint32, FPMode) uint16
	}{
		{newRefFormat("f16", 5, 10), F16ToF32, F32ToF16},
		{newRefFormat("bf16", 8, 7), BF16ToF32, F32ToBF16},
	} {
		f := tc.f
		for h := 0; h < 1<<16; h++ {
			b := uint16(h)
			w := tc.widen(b)
			mag := b & 0x7fff
			neg := b&0x8000 != 0
			isNaN := mag > f.inf
			if isNaN {
				want := uint32(b&0x8000)<<16 | 0x7fc00000 | uint32(mag&(1<<f.fracBits-1))<<(23-f.fracBits)
				if w != want {
					t.Fatalf("%s widen NaN %#04x = %#08x, want %#08x", f.name, b, w, want)
				}
			} else {
				v := f.beyond * 2 // Inf stand-in
				if mag < f.inf {
					v = f.decode(mag)
				}
				got := float64(math.Float32frombits(w))
				if mag == f.inf {
					got = math.Copysign(f.beyond*2, got)
					if w&0x7fffffff != 0x7f800000 {
						t.Fatalf("%s widen Inf %#04x = %#08x", f.name, b, w)
					}
				}
				if neg {
					v = -v
				}
				if got != v || (w>>31 != 0) != neg {
					t.Fatalf("%s widen %#04x = %#08x (%g), want %g", f.name, b, w, got, v)
				}
			}
			for _, m := range allHalfModes() {
				want := b
				sub := mag != 0 && mag < 1<<f.fracBits
				switch {
				case isNaN && m&CanonicalNaN != 0:
					want = 0x7fff
				case isNaN:
					want = b | f.quiet
				case sub && m&FlushOut != 0:
					want = b & 0x8000
				case sub && m&FlushIn != 0 && w&0x7f800000 == 0:
					// Only bf16 subnormals widen to f32 subnormals; f16
					// subnormals are normal f32 values and pass FlushIn.
					want = b & 0x8000
				}
				if got := tc.conv(w, m); got != want {
					t.Fatalf("%s round trip %#04x mode %#x: got %#04x, want %#04x", f.name, b, m, got, want)
				}
			}
		}
	}
}

func TestHalfCases(t *testing.T) {
	conv := map[string]func(uint32, FPMode) uint16{"F32ToF16": F32ToF16, "F32ToBF16": F32ToBF16}
	rounding := map[string]Rounding{"rn": RoundNearestEven, "rz": RoundZero, "rp": RoundPosInf, "rm": RoundNegInf, "rna": RoundNearestAway}
	flags := map[string]FPMode{"fin": FlushIn, "fout": FlushOut, "ftz": FTZ, "cnan": CanonicalNaN}
	f, err := os.Open("testdata/half_cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		pos := "testdata/half_cases.txt:" + strconv.Itoa(line)
		if len(fields) != 4 {
			t.Fatalf("%s: want 4 fields", pos)
		}
		fn, ok := conv[fields[0]]
		parts := strings.Split(fields[1], "+")
		r, ok2 := rounding[parts[0]]
		if !ok || !ok2 {
			t.Fatalf("%s: bad function or mode", pos)
		}
		m := Mode(r, 0)
		for _, p := range parts[1:] {
			fl, ok := flags[p]
			if !ok {
				t.Fatalf("%s: bad flag %q", pos, p)
			}
			m |= fl
		}
		in, err1 := strconv.ParseUint(fields[2], 16, 32)
		want, err2 := strconv.ParseUint(fields[3], 16, 16)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: bad hex", pos)
		}
		if got := fn(uint32(in), m); got != uint16(want) {
			t.Errorf("%s: %s(%#08x, %s) = %#04x, want %#04x", pos, fields[0], in, fields[1], got, want)
		}
		n++
	}
	if n < 40 {
		t.Fatalf("only %d cases read", n)
	}
}
