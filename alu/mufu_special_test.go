package alu

import (
	"bufio"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"testing"
)

// mufuForm is one instruction form under test: its scalar function widened
// to 64-bit lanes, its lane-vector function, and its register width.
type mufuForm struct {
	scalar func(uint64) uint64
	lanes  func(dst, src []uint64, mask uint64)
	width  int
}

// mufuForms lists every MUFU form by the name its functions carry.
func mufuForms() map[string]mufuForm {
	w32 := func(f func(uint32) uint32, l func(dst, src []uint64, mask uint64)) mufuForm {
		return mufuForm{func(x uint64) uint64 { return uint64(f(uint32(x))) }, l, 32}
	}
	w16 := func(f func(uint16) uint16, l func(dst, src []uint64, mask uint64)) mufuForm {
		return mufuForm{func(x uint64) uint64 { return uint64(f(uint16(x))) }, l, 16}
	}
	w64 := func(f func(uint64) uint64, l func(dst, src []uint64, mask uint64)) mufuForm {
		return mufuForm{f, l, 64}
	}
	return map[string]mufuForm{
		"Ex2F32":            w32(Ex2F32, Ex2F32Lanes),
		"Ex2F32Ftz":         w32(Ex2F32Ftz, Ex2F32FtzLanes),
		"Ex2F16":            w16(Ex2F16, Ex2F16Lanes),
		"Ex2F16x2":          w32(Ex2F16x2, Ex2F16x2Lanes),
		"Ex2BF16":           w16(Ex2BF16, Ex2BF16Lanes),
		"Ex2BF16x2":         w32(Ex2BF16x2, Ex2BF16x2Lanes),
		"RcpApproxF32":      w32(RcpApproxF32, RcpApproxF32Lanes),
		"RcpApproxF32Ftz":   w32(RcpApproxF32Ftz, RcpApproxF32FtzLanes),
		"Rcp64H":            w64(Rcp64H, Rcp64HLanes),
		"RsqrtApproxF32":    w32(RsqrtApproxF32, RsqrtApproxF32Lanes),
		"RsqrtApproxF32Ftz": w32(RsqrtApproxF32Ftz, RsqrtApproxF32FtzLanes),
		"RsqrtApproxF64Ftz": w64(RsqrtApproxF64Ftz, RsqrtApproxF64FtzLanes),
		"SqrtApproxF32":     w32(SqrtApproxF32, SqrtApproxF32Lanes),
		"SqrtApproxF32Ftz":  w32(SqrtApproxF32Ftz, SqrtApproxF32FtzLanes),
		"Lg2ApproxF32":      w32(Lg2ApproxF32, Lg2ApproxF32Lanes),
		"Lg2ApproxF32Ftz":   w32(Lg2ApproxF32Ftz, Lg2ApproxF32FtzLanes),
		"SinApproxF32":      w32(SinApproxF32, SinApproxF32Lanes),
		"SinApproxF32Ftz":   w32(SinApproxF32Ftz, SinApproxF32FtzLanes),
		"CosApproxF32":      w32(CosApproxF32, CosApproxF32Lanes),
		"CosApproxF32Ftz":   w32(CosApproxF32Ftz, CosApproxF32FtzLanes),
		"TanhApproxF32":     w32(TanhApproxF32, TanhApproxF32Lanes),
	}
}

// TestMufuSpecialCases checks every row of testdata/mufu_special.txt through
// both the scalar and the lane-vector path.
func TestMufuSpecialCases(t *testing.T) {
	forms := mufuForms()
	f, err := os.Open("testdata/mufu_special.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]int{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		pos := "testdata/mufu_special.txt:" + strconv.Itoa(line)
		if len(fields) != 3 {
			t.Fatalf("%s: want 3 fields, got %d", pos, len(fields))
		}
		form, ok := forms[fields[0]]
		if !ok {
			t.Fatalf("%s: unknown function %q", pos, fields[0])
		}
		in, err1 := strconv.ParseUint(fields[1], 16, form.width)
		want, err2 := strconv.ParseUint(fields[2], 16, form.width)
		if err1 != nil || err2 != nil || len(fields[1]) != form.width/4 || len(fields[2]) != form.width/4 {
			t.Fatalf("%s: bad %d-bit hex operands %q %q", pos, form.width, fields[1], fields[2])
		}
		seen[fields[0]]++
		if got := form.scalar(in); got != want {
			t.Errorf("%s: %s(%#x) = %#x, want %#x", pos, fields[0], in, got, want)
		}
		buf := []uint64{in, in ^ 1, in}
		form.lanes(buf, buf, 0b101)
		if buf[0] != want || buf[2] != want || buf[1] != in^1 {
			t.Errorf("%s: %sLanes gave %#x, want [%#x %#x %#x]", pos, fields[0], buf, want, in^1, want)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for name := range forms {
		if seen[name] < 4 {
			t.Errorf("testdata/mufu_special.txt has %d rows for %s, want at least 4", seen[name], name)
		}
	}
}

// TestMufuLanesMatchScalar runs every lane-vector form over 64-lane batches
// of varied inputs with varied masks, checking each active lane against the
// scalar function and each inactive lane for being left alone.
func TestMufuLanesMatchScalar(t *testing.T) {
	var rng uint64 = 0x9e3779b97f4a7c15
	next := func() uint64 {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return rng
	}
	src := make([]uint64, 64)
	dst := make([]uint64, 64)
	for name, form := range mufuForms() {
		for batch := 0; batch < 2000; batch++ {
			for i := range src {
				src[i] = next()
				if form.width < 64 {
					src[i] &= 1<<form.width - 1
				}
				dst[i] = ^uint64(i)
			}
			mask := next()
			if batch%3 == 0 {
				mask = ^uint64(0)
			}
			form.lanes(dst, src, mask)
			for i := range src {
				want := ^uint64(i)
				if mask>>i&1 != 0 {
					want = form.scalar(src[i])
				}
				if dst[i] != want {
					t.Fatalf("%sLanes lane %d (mask %#x) input %#x: got %#x, want %#x", name, i, mask, src[i], dst[i], want)
				}
			}
			// In place: dst and src the same slice.
			copy(dst, src)
			form.lanes(dst, dst, mask)
			for i := range src {
				want := src[i]
				if mask>>i&1 != 0 {
					want = form.scalar(src[i])
				}
				if dst[i] != want {
					t.Fatalf("%sLanes in place lane %d: got %#x, want %#x", name, i, dst[i], want)
				}
			}
		}
	}
	if bits.OnesCount64(rng) == 0 {
		t.Fatal("generator stuck")
	}
}
