package alu

import (
	"math"
	"math/rand/v2"
	"testing"
)

func amdCaseOps() map[string]caseOp {
	u32 := func(x uint64) uint32 { return uint32(x) }
	return map[string]caseOp{
		"DivFixupF32": {3, 1, func(in []uint64, m FPMode) []uint64 {
			return u1(uint64(DivFixupF32(u32(in[0]), u32(in[1]), u32(in[2]), m)))
		}},
		"DivFixupF32ISA": {3, 1, func(in []uint64, m FPMode) []uint64 {
			return u1(uint64(DivFixupF32ISA(u32(in[0]), u32(in[1]), u32(in[2]), m)))
		}},
		"DivScaleF32": {3, 2, func(in []uint64, m FPMode) []uint64 {
			d, vcc := DivScaleF32(u32(in[0]), u32(in[1]), u32(in[2]), m)
			return []uint64{uint64(d), b2u(vcc)}
		}},
		"DivFmasF32": {4, 1, func(in []uint64, m FPMode) []uint64 {
			return u1(uint64(DivFmasF32(u32(in[0]), u32(in[1]), u32(in[2]), in[3] != 0, m)))
		}},
		"RcpF32": {1, 1, func(in []uint64, m FPMode) []uint64 { return u1(uint64(RcpF32(u32(in[0]), m))) }},
	}
}

func TestAMDDivCases(t *testing.T) {
	runCaseFile(t, "testdata/amd_div_cases.txt", amdCaseOps())
}

// refFixup is a second model of v_div_fixup_f32, written from the rules of
// numerics.md section 4 with float64 classification rather than bit masks.
func refFixup(q, d, n uint32, m FPMode) uint32 {
	isDen := func(x uint32) bool {
		v := float64(math.Float32frombits(x))
		return v != 0 && math.Abs(v) < 0x1p-126
	}
	if m&FlushIn != 0 {
		if isDen(d) {
			d &= 0x80000000
		}
		if isDen(n) {
			n &= 0x80000000
		}
	}
	fd, fn := float64(math.Float32frombits(d)), float64(math.Float32frombits(n))
	neg := math.Signbit(fd) != math.Signbit(fn)
	signed := func(mag uint32) uint32 {
		if neg {
			return mag | 0x80000000
		}
		return mag
	}
	nan := func(x uint32) uint32 {
		if m&CanonicalNaN != 0 {
			return 0x7fffffff
		}
		return x | 0x00400000
	}
	r := m.Rounding()
	awayForSign := r == RoundPosInf && !neg || r == RoundNegInf && neg
	biased := func(x uint32) int { return int(x>>23) & 0xff }
	switch {
	case math.IsNaN(fn):
		return nan(n)
	case math.IsNaN(fd):
		return nan(d)
	case fd == 0 && fn == 0, math.IsInf(fd, 0) && math.IsInf(fn, 0):
		if m&CanonicalNaN != 0 {
			return 0x7fffffff
		}
		return 0xffc00000
	case fd == 0, math.IsInf(fn, 0):
		return signed(0x7f800000)
	case fn == 0, math.IsInf(fd, 0):
		return signed(0)
	case biased(n)-biased(d) < -150:
		// 2^-300 rounded: the smallest subnormal only when rounding away
		// from zero in the quotient's direction and subnormals are kept.
		if awayForSign && m&FlushOut == 0 {
			return signed(1)
		}
		return signed(0)
	}
	if fq := math.Float32frombits(q); math.IsNaN(float64(fq)) || math.IsInf(float64(fq), 0) {
		if r == RoundZero || (r == RoundPosInf || r == RoundNegInf) && !awayForSign {
			return signed(0x7f7fffff)
		}
		return signed(0x7f800000)
	}
	return signed(q & 0x7fffffff)
}

// fixupClassValues is the class list of the issue: +-0, +-smallest and
// +-largest denormal, +-1, values with exponent gaps around 150 between
// them, +-max finite, +-Inf, quiet and signalling NaNs with payloads.
func fixupClassValues() []uint32 {
	mags := []uint32{
		0, 1, 0x007fffff, 0x3f800000, 0x7f7fffff, 0x7f800000,
		0x7fc00000, 0x7fc12345, 0x7f800001, 0x7fa00abc,
	}
	for _, e := range []uint32{1, 2, 3, 4, 100, 126, 127, 128, 150, 151, 152, 153, 154, 155, 200, 253, 254} {
		mags = append(mags, e<<23, e<<23|0x2aaaab)
	}
	var out []uint32
	for _, v := range mags {
		out = append(out, v, v|0x80000000)
	}
	return out
}

func amdModes() []FPMode {
	var ms []FPMode
	for _, r := range []Rounding{RoundNearestEven, RoundPosInf, RoundNegInf, RoundZero, RoundNearestAway} {
		for _, fl := range []FPMode{0, FlushIn, FlushOut, FTZ, CanonicalNaN} {
			ms = append(ms, Mode(r, fl))
		}
	}
	return ms
}

func TestDivFixupClassTriples(t *testing.T) {
	cv := fixupClassValues()
	for _, m := range amdModes() {
		for _, q := range cv {
			for _, d := range cv {
				for _, n := range cv {
					if got, want := DivFixupF32(q, d, n, m), refFixup(q, d, n, m); got != want {
						t.Fatalf("DivFixupF32(%#x, %#x, %#x) mode %s = %#x, reference %#x", q, d, n, modeName(m), got, want)
					}
				}
			}
		}
	}
}

func TestDivFixupRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	cv := fixupClassValues()
	ms := amdModes()
	pick := func() uint32 {
		switch r.IntN(4) {
		case 0:
			return cv[r.IntN(len(cv))]
		case 1: // exponent field near the underflow gap
			return r.Uint32()&0x807fffff | uint32(r.IntN(256))<<23
		}
		return r.Uint32()
	}
	for i := 0; i < scaled(1_000_000, 10); i++ {
		q, d, n := pick(), pick(), pick()
		m := ms[i%len(ms)]
		if got, want := DivFixupF32(q, d, n, m), refFixup(q, d, n, m); got != want {
			t.Fatalf("DivFixupF32(%#x, %#x, %#x) mode %s = %#x, reference %#x", q, d, n, modeName(m), got, want)
		}
	}
}

// TestDivFixupISADiffers pins where the literal ISA model and the silicon
// model part: the rounding-dependent underflow and overflow results, and
// input flushing.
func TestDivFixupISADiffers(t *testing.T) {
	cases := []struct {
		q, d, n uint32
		m       FPMode
		isa     uint32
		si      uint32
	}{
		{0x7fc00000, 0x3f800000, 0x3f800000, Mode(RoundZero, 0), 0x7fc00000, 0x7f7fffff},
		{0x3f800000, 0x7e800000, 0x00800000, Mode(RoundPosInf, 0), 0x00000000, 0x00000001},
		{0x3f800000, 0x3f800000, 0x00000001, Mode(RoundNearestEven, FlushIn), 0x3f800000, 0x00000000},
	}
	for _, c := range cases {
		if got := DivFixupF32ISA(c.q, c.d, c.n, c.m); got != c.isa {
			t.Errorf("DivFixupF32ISA(%#x, %#x, %#x) = %#x, want %#x", c.q, c.d, c.n, got, c.isa)
		}
		if got := DivFixupF32(c.q, c.d, c.n, c.m); got != c.si {
			t.Errorf("DivFixupF32(%#x, %#x, %#x) = %#x, want %#x", c.q, c.d, c.n, got, c.si)
		}
	}
}
