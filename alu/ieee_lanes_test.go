package alu

import (
	"math/rand/v2"
	"testing"
)

// laneCase is one lane-vector function and its scalar reference, both
// expressed on uint64 lane values.
type laneCase struct {
	name   string
	lanes  func(dst, a, b, c []uint64, mask uint64, m FPMode)
	scalar func(a, b, c uint64, m FPMode) uint64
	width  int // operand width in bits (the generator's format)
}

func laneCases() []laneCase {
	u := func(x uint64) uint32 { return uint32(x) }
	l2 := func(f func(dst, a, b []uint64, mask uint64, m FPMode)) func(dst, a, b, c []uint64, mask uint64, m FPMode) {
		return func(dst, a, b, _ []uint64, mask uint64, m FPMode) { f(dst, a, b, mask, m) }
	}
	l1 := func(f func(dst, a []uint64, mask uint64, m FPMode)) func(dst, a, b, c []uint64, mask uint64, m FPMode) {
		return func(dst, a, _, _ []uint64, mask uint64, m FPMode) { f(dst, a, mask, m) }
	}
	s32 := func(f func(a, b uint32, m FPMode) uint32) func(a, b, c uint64, m FPMode) uint64 {
		return func(a, b, _ uint64, m FPMode) uint64 { return uint64(f(u(a), u(b), m)) }
	}
	s64 := func(f func(a, b uint64, m FPMode) uint64) func(a, b, c uint64, m FPMode) uint64 {
		return func(a, b, _ uint64, m FPMode) uint64 { return f(a, b, m) }
	}
	// in4 runs a form on rows of 4-byte lanes (its own, allocated once):
	// the operands narrowed, a destination that is a source still one (the
	// same row), the result widened back into dst.
	in4 := func(f func(dst, a, b, c []uint32, mask uint64, m FPMode)) func(dst, a, b, c []uint64, mask uint64, m FPMode) {
		var rows [4][64]uint32
		return func(dst, a, b, c []uint64, mask uint64, m FPMode) {
			narrow := func(r *[64]uint32, x []uint64) []uint32 {
				y := r[:len(x)]
				for i, v := range x {
					y[i] = uint32(v)
				}
				return y
			}
			a4, b4, c4 := narrow(&rows[0], a), narrow(&rows[1], b), narrow(&rows[2], c)
			var d4 []uint32
			switch {
			case &dst[0] == &a[0]:
				d4 = a4
			case &dst[0] == &b[0]:
				d4 = b4
			default:
				d4 = narrow(&rows[3], dst)
			}
			f(d4, a4, b4, c4, mask, m)
			for i, v := range d4 {
				if mask>>uint(i)&1 != 0 || uint32(dst[i]) != v {
					dst[i] = uint64(v)
				}
			}
		}
	}
	l2x4 := func(f func(dst, a, b []uint32, mask uint64, m FPMode)) func(dst, a, b, c []uint64, mask uint64, m FPMode) {
		return in4(func(dst, a, b, _ []uint32, mask uint64, m FPMode) { f(dst, a, b, mask, m) })
	}
	return []laneCase{
		{"AddF32 (4-byte lanes)", l2x4(AddF32Lanes[uint32]), s32(AddF32), 32},
		{"SubF32 (4-byte lanes)", l2x4(SubF32Lanes[uint32]), s32(SubF32), 32},
		{"MulF32 (4-byte lanes)", l2x4(MulF32Lanes[uint32]), s32(MulF32), 32},
		{"FmaF32 (4-byte lanes)", in4(FmaF32Lanes[uint32]), func(a, b, c uint64, m FPMode) uint64 { return uint64(FmaF32(u(a), u(b), u(c), m)) }, 32},
		{"AddF32", l2(AddF32Lanes), s32(AddF32), 32},
		{"SubF32", l2(SubF32Lanes), s32(SubF32), 32},
		{"MulF32", l2(MulF32Lanes), s32(MulF32), 32},
		{"DivF32", l2(DivF32Lanes), s32(DivF32), 32},
		{"MinF32", l2(MinF32Lanes), s32(MinF32), 32},
		{"MaxF32", l2(MaxF32Lanes), s32(MaxF32), 32},
		{"MinNumF32", l2(MinNumF32Lanes), s32(MinNumF32), 32},
		{"MaxNumF32", l2(MaxNumF32Lanes), s32(MaxNumF32), 32},
		{"FmaF32", FmaF32Lanes[uint64], func(a, b, c uint64, m FPMode) uint64 { return uint64(FmaF32(u(a), u(b), u(c), m)) }, 32},
		{"SqrtF32", l1(SqrtF32Lanes), func(a, _, _ uint64, m FPMode) uint64 { return uint64(SqrtF32(u(a), m)) }, 32},
		{"AddF64", l2(AddF64Lanes), s64(AddF64), 64},
		{"SubF64", l2(SubF64Lanes), s64(SubF64), 64},
		{"MulF64", l2(MulF64Lanes), s64(MulF64), 64},
		{"DivF64", l2(DivF64Lanes), s64(DivF64), 64},
		{"FmaF64", FmaF64Lanes, FmaF64, 64},
		{"SqrtF64", l1(SqrtF64Lanes), func(a, _, _ uint64, m FPMode) uint64 { return SqrtF64(a, m) }, 64},
		{"DivFixupF32", DivFixupF32Lanes, func(a, b, c uint64, m FPMode) uint64 { return uint64(DivFixupF32(u(a), u(b), u(c), m)) }, 32},
		{"DivFixupF32ISA", DivFixupF32ISALanes, func(a, b, c uint64, m FPMode) uint64 { return uint64(DivFixupF32ISA(u(a), u(b), u(c), m)) }, 32},
		{"RcpF32", l1(RcpF32Lanes), func(a, _, _ uint64, m FPMode) uint64 { return uint64(RcpF32(u(a), m)) }, 32},
		{"DivFmasF32/vcc", func(dst, a, b, c []uint64, mask uint64, m FPMode) {
			DivFmasF32Lanes(dst, a, b, c, 0xaaaaaaaaaaaaaaaa, mask, m)
		},
			nil, 32}, // checked lane by lane with its VCC bit below
	}
}

// TestLanesMatchScalar compares every lane-vector form with its scalar
// function on random 32- and 64-lane vectors and masks (every lane, too);
// inactive lanes must keep their old value. The destination is a row of
// its own, or the first or second source (PTX passes a register row that
// may be both).
func TestLanesMatchScalar(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	modes := allModes()
	for _, lc := range laneCases() {
		tf := tF32
		if lc.width == 64 {
			tf = tF64
		}
		for iter := 0; iter < 600; iter++ {
			n := 32 << uint(iter&1)
			a, b, c, dst := make([]uint64, n), make([]uint64, n), make([]uint64, n), make([]uint64, n)
			for i := 0; i < n; i++ {
				a[i], b[i], c[i] = tf.genValue(r, 0), tf.genValue(r, 0), tf.genValue(r, 0)
				dst[i] = 0xdeadbeefcafef00d + uint64(i)
			}
			mask := r.Uint64()
			if iter%5 < 2 {
				mask = ^uint64(0)
			}
			if n == 32 {
				mask &= 0xffffffff
			}
			m := modes[iter%len(modes)]
			old := dst
			switch iter % 3 {
			case 1:
				old, dst = a, append([]uint64(nil), a...)
				lc.lanes(dst, dst, b, c, mask, m)
			case 2:
				old, dst = b, append([]uint64(nil), b...)
				lc.lanes(dst, a, dst, c, mask, m)
			default:
				old = append([]uint64(nil), dst...)
				lc.lanes(dst, a, b, c, mask, m)
			}
			for i := 0; i < n; i++ {
				var want uint64
				switch {
				case mask>>uint(i)&1 == 0:
					want = old[i]
				case lc.scalar == nil:
					want = uint64(DivFmasF32(uint32(a[i]), uint32(b[i]), uint32(c[i]), i&1 == 1, m))
				default:
					want = lc.scalar(a[i], b[i], c[i], m)
				}
				if dst[i] != want {
					t.Fatalf("%s lane %d of %d (mask %#x, mode %s): %#x, want %#x", lc.name, i, n, mask, modeName(m), dst[i], want)
				}
			}
		}
	}
}

func TestDivScaleLanes(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	for iter := 0; iter < 300; iter++ {
		s1, s2, s0, dst := make([]uint64, 64), make([]uint64, 64), make([]uint64, 64), make([]uint64, 64)
		for i := range s1 {
			s1[i], s2[i] = tF32.genValue(r, 0), tF32.genValue(r, 0)
			s0[i] = s1[i]
			if i%3 == 0 {
				s0[i] = s2[i]
			}
		}
		mask := r.Uint64()
		m := allModes()[iter%len(allModes())]
		vcc := DivScaleF32Lanes(dst, s0, s1, s2, mask, m)
		for i := range dst {
			if mask>>uint(i)&1 == 0 {
				if dst[i] != 0 || vcc>>uint(i)&1 != 0 {
					t.Fatalf("inactive lane %d written", i)
				}
				continue
			}
			d, c := DivScaleF32(uint32(s0[i]), uint32(s1[i]), uint32(s2[i]), m)
			if dst[i] != uint64(d) || vcc>>uint(i)&1 != b2u(c) {
				t.Fatalf("lane %d: (%#x, %d), want (%#x, %v)", i, dst[i], vcc>>uint(i)&1, d, c)
			}
		}
	}
}

// TestLanesDoNotAllocate checks the hot lane loops allocate nothing.
func TestLanesDoNotAllocate(t *testing.T) {
	a, b, c, dst := make([]uint64, 64), make([]uint64, 64), make([]uint64, 64), make([]uint64, 64)
	for i := range a {
		a[i], b[i], c[i] = 0x3f800000+uint64(i), 0x40000000+uint64(i), 0xbf800000
	}
	for _, lc := range laneCases() {
		if n := testing.AllocsPerRun(100, func() { lc.lanes(dst, a, b, c, ^uint64(0), 0) }); n != 0 {
			t.Errorf("%s allocates %v times per call", lc.name, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { DivScaleF32Lanes(dst, a, b, c, ^uint64(0), 0) }); n != 0 {
		t.Errorf("DivScaleF32Lanes allocates %v times per call", n)
	}
}
