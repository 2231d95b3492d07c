package ptx

import (
	"bufio"
	"github.com/gpusim/gpusim/traces"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestImmediates runs the table in testdata/ptx_imm.txt through immBits.
func TestImmediates(t *testing.T) {
	f, err := os.Open("../testdata/ptx_imm.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	line, n := 0, 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		lhs, want, ok := strings.Cut(text, " => ")
		tname, lit, ok2 := strings.Cut(lhs, " ")
		typ, ok3 := traces.TypeByName(tname)
		if !ok || !ok2 || !ok3 {
			t.Fatalf("ptx_imm.txt:%d: malformed case", line)
		}
		neg := strings.HasPrefix(lit, "-")
		bits, msg := immBits([]byte(strings.TrimPrefix(lit, "-")), neg, typ)
		got := "0x" + strconv.FormatUint(bits, 16)
		if msg != "" {
			got = "error: " + msg
		}
		if got != want {
			t.Errorf("ptx_imm.txt:%d: %s %s = %s, want %s", line, tname, lit, got, want)
		}
		n++
	}
	if n < 50 {
		t.Errorf("only %d cases", n)
	}
}

// TestNarrowFloatExhaustive rounds every f32 value to f16 and bf16 through
// narrowFloat and compares with an independent rounding done on the f32
// bits, round-to-nearest-even (set GPUSIM_LONG=1; the short run strides).
func TestNarrowFloatExhaustive(t *testing.T) {
	step := uint64(9973)
	if os.Getenv("GPUSIM_LONG") != "" {
		step = 1
	}
	for x := uint64(0); x < 1<<32; x += step {
		f := uint32(x)
		d := widenF32(f)
		if got, want := narrowFloat(d, 8, 7), refBF16(f); got != want {
			t.Fatalf("bf16(%#x) = %#x, want %#x", f, got, want)
		}
		if got, want := narrowFloat(d, 5, 10), refF16(f); got != want {
			t.Fatalf("f16(%#x) = %#x, want %#x", f, got, want)
		}
		if got := narrowFloat(d, 8, 23); got != uint64(f) && !(isNaN32(f) && got == uint64(f|0x400000)) {
			t.Fatalf("f32 round trip of %#x gave %#x", f, got)
		}
	}
}

func isNaN32(f uint32) bool { return f&0x7f800000 == 0x7f800000 && f&0x7fffff != 0 }

// refBF16 rounds f32 bits to bf16: drop 16 bits with round-to-nearest-even.
func refBF16(f uint32) uint64 {
	if isNaN32(f) {
		return uint64(f>>16 | 0x40)
	}
	r := f + 0x7fff + (f>>16)&1
	return uint64(r >> 16)
}

// refF16 rounds f32 bits to f16 with integer arithmetic on the fields.
func refF16(f uint32) uint64 {
	sign := uint64(f>>31) << 15
	exp := int(f>>23) & 0xff
	man := uint64(f & 0x7fffff)
	if exp == 0xff {
		if man == 0 {
			return sign | 0x7c00
		}
		return sign | 0x7e00 | man>>13
	}
	if exp == 0 && man == 0 {
		return sign
	}
	// value = m * 2^(e) with m integer.
	m, e := man|1<<23, exp-150
	if exp == 0 {
		m, e = man, -149
	}
	// f16 quantum: 2^-24 for subnormals, 2^(E-10) for normals.
	E := e
	for mm := m; mm >= 2; mm >>= 1 {
		E++
	}
	q := E - 10
	if q < -24 {
		q = -24
	}
	var v uint64
	if s := q - e; s <= 0 {
		v = m << uint(-s)
	} else if s < 64 {
		v = m >> uint(s)
		rem, half := m&(1<<uint(s)-1), uint64(1)<<uint(s-1)
		if rem > half || rem == half && v&1 == 1 {
			v++
		}
	}
	if E < -14 { // subnormal (or rounds up into the smallest normal)
		return sign | v
	}
	if v == 1<<11 {
		v >>= 1
		E++
	}
	if E > 15 {
		return sign | 0x7c00
	}
	return sign | uint64(E+15)<<10 | v&0x3ff
}
