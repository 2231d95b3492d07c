package alu

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The tensor-core model against the published experiments: the test
// suites of Fasi, Higham, Mikaitis and Pranesh, "Numerical behavior of
// NVIDIA tensor cores", PeerJ Computer Science 7:e330, 2021
// (github.com/north-numerical-computing/tensor-cores-numerical-behavior:
// tc_test_numerics-V100.cu, -T4-A100-binary16.cu, -A100-bf16.cu,
// -A100-tf32.cu). Each file's checks all pass on the GPU it was written for
// (the suite's README states the features they show), so each case below
// carries the inputs of one check and the value its pass condition names;
// the models of the GPUs a file ran on must give it. Only the inputs and
// the published outcomes are carried over (the suite is GPL; no code).

// p2 is 2^e.
func p2(e int) float64 { return math.Ldexp(1, e) }

// elemBits encodes x, which must be exact, in multiplicand format e.
func elemBits(t testing.TB, e TensorElem, x float64) uint32 {
	t.Helper()
	f := float32(x)
	if float64(f) != x {
		t.Fatalf("%g is not an f32", x)
	}
	b := math.Float32bits(f)
	var out uint32
	switch e {
	case TensorF16:
		out = uint32(F32ToF16(b, 0))
		if F16ToF32(uint16(out)) != b {
			t.Fatalf("%g is not an f16", x)
		}
	case TensorBF16:
		out = b >> 16
		if b&0xffff != 0 {
			t.Fatalf("%g is not a bf16", x)
		}
	default:
		out = b // tf32 reads the top 19 bits
	}
	return out
}

// publishedCase is one check of the suite. a and b are the first entries
// of a row of A and a column of B (the rest of K = 16 is zero); c the
// accumulator (f16 in binary16 mode, else f32). want is the value the
// pass condition names; nonzero checks only that the result is not zero;
// for the monotonicity check (c2 set) the result with c2 must be below the
// result with c.
type publishedCase struct {
	id          string
	a, b        []float64
	c           float64
	half        bool // binary16 mode: c and d are f16
	want        float64
	nonzero     bool
	c2          float64
	monotonic   bool
	rawA, rawB  []uint32 // patterns that are not exact values of the format (tf32 1-2^-24)
	rawFromBits bool
}

func ones(n int) []float64 { return fill(n, 1) }
func fill(n int, x float64) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = x
	}
	return v
}
func with(v []float64, i int, x float64) []float64 {
	w := append([]float64(nil), v...)
	w[i] = x
	return w
}

// commonD4 are the carry-out checks (D.4), the same in every file.
func commonD4() []publishedCase {
	var out []publishedCase
	for i := range 4 {
		out = append(out, publishedCase{id: fmt.Sprintf("D.4a.%d", i), a: ones(4), b: with(ones(4), i, p2(-23)),
			c: 1 + p2(-22) + p2(-23), want: 4 + p2(-21)})
	}
	return append(out,
		publishedCase{id: "D.4b", a: ones(4), b: []float64{1, 1.5, 1.75, 1.875}, c: 1.875, want: 8},
		publishedCase{id: "D.4c", a: ones(4), b: ones(4), c: 1 + p2(-22) + p2(-23), want: 5},
		publishedCase{id: "D.4d", a: ones(4), b: fill(4, -1), c: -1 - p2(-22) - p2(-23), want: -5},
		publishedCase{id: "C.1", a: ones(4), b: []float64{2, 3 * p2(-24)}, want: 2},
		publishedCase{id: "C.2", a: ones(4), b: []float64{-2, -3 * p2(-24)}, want: -2},
		publishedCase{id: "A.2", c: p2(-149), want: p2(-149)},
	)
}

// binary16 are the f16 checks common to the V100 and T4/A100 files.
func binary16() []publishedCase {
	below := 1 - p2(-11)
	return []publishedCase{
		{id: "A.1h", a: []float64{p2(-24)}, b: []float64{4}, half: true, want: p2(-22)},
		{id: "A.1", a: []float64{p2(-24)}, b: []float64{4}, want: p2(-22)},
		{id: "A.3h.1", a: []float64{p2(-14)}, b: []float64{0.5}, half: true, nonzero: true},
		{id: "A.3h.2", a: []float64{p2(-14)}, b: []float64{1}, c: -p2(-15), half: true, nonzero: true},
		{id: "A.3.1", a: []float64{p2(-14)}, b: []float64{0.5}, nonzero: true},
		{id: "A.3.2", a: []float64{p2(-14)}, b: []float64{1}, c: -p2(-15), nonzero: true},
		{id: "B.1.1", a: []float64{below}, b: []float64{below}, want: 1 - p2(-10) + p2(-22)},
		{id: "B.1.2", a: fill(4, below), b: fill(4, below), want: 4 * (1 - p2(-10) + p2(-22))},
		{id: "B.1h", a: []float64{below, below}, b: []float64{below, p2(-11)}, half: true, want: 1 - p2(-10) + p2(-11)},
		{id: "C.3", a: []float64{p2(-24), p2(-24)}, b: []float64{0.5, 0.25}, half: true, want: p2(-24)},
	}
}

// publishedV100 is tc_test_numerics-V100.cu.
func publishedV100() []publishedCase {
	out := append(binary16(), commonD4()...)
	out = append(out,
		publishedCase{id: "B.2", a: ones(4), b: fill(4, p2(-24)), c: 1, want: 1},
		publishedCase{id: "D.1", a: []float64{1}, b: []float64{1}, c: -(1 - p2(-24)), want: p2(-23)},
		publishedCase{id: "D.2", a: ones(4), b: fill(4, p2(-24)), c: 1 - p2(-24), want: 1 + p2(-23)},
		publishedCase{id: "D.3", a: []float64{1, 1}, b: []float64{1, -p2(-24)}, c: -1 + p2(-24), want: p2(-23)},
		publishedCase{id: "D.5", a: ones(4), b: fill(4, p2(-24)), c: 1 - p2(-24), c2: 1, monotonic: true},
	)
	for j := range 4 {
		out = append(out, publishedCase{id: fmt.Sprintf("B.3.%d", j), a: ones(4), b: with(fill(4, p2(-24)), j, 1), c: p2(-24), want: 1})
	}
	return out
}

// publishedT4A100 is the checks of the other files: binary16 (T4 and
// A100), bf16 and tf32 (A100), with e's tiny value (2^-24: the f16
// smallest subnormal, a normal bf16/tf32 number).
func publishedT4A100(e TensorElem) []publishedCase {
	tiny := p2(-24)
	var out []publishedCase
	switch e {
	case TensorF16:
		out = binary16()
	case TensorBF16:
		below := 1 - p2(-8)
		out = []publishedCase{
			{id: "A.1", a: []float64{p2(-133)}, b: []float64{p2(7)}, want: p2(-126)},
			{id: "B.1.1", a: []float64{below}, b: []float64{below}, want: 1 - p2(-7) + p2(-16)},
			{id: "B.1.2", a: fill(4, below), b: fill(4, below), want: 4 * (1 - p2(-7) + p2(-16))},
		}
	case TensorTF32:
		below := math.Float32bits(float32(1 - p2(-24))) // read as 1 - 2^-11
		out = []publishedCase{
			{id: "A.1", a: []float64{p2(-136)}, b: []float64{p2(10)}, want: p2(-126)},
			{id: "B.1.1", rawA: []uint32{below}, rawB: []uint32{below}, rawFromBits: true, want: 1 - p2(-10) + p2(-22)},
			{id: "B.1.2", rawA: []uint32{below, below, below, below}, rawB: []uint32{below, below, below, below}, rawFromBits: true,
				want: 4 * (1 - p2(-10) + p2(-22))},
		}
	}
	if e != TensorF16 {
		out = append(out,
			publishedCase{id: "A.3.1", a: []float64{p2(-126)}, b: []float64{0.5}, want: p2(-127)},
			publishedCase{id: "A.3.2", a: []float64{p2(-126)}, b: []float64{1}, c: -p2(-127), want: p2(-127)})
	}
	out = append(out, commonD4()...)
	out = append(out,
		publishedCase{id: "B.2", a: fill(4, 0.5), b: fill(4, tiny), c: 1, want: 1},
		publishedCase{id: "D.1", a: []float64{1}, b: []float64{1}, c: -(1 - p2(-24)), want: p2(-24)},
		publishedCase{id: "D.2", a: ones(4), b: fill(4, tiny), c: 1 - p2(-24), want: 1 + p2(-23)},
		publishedCase{id: "D.3", a: []float64{1, 1}, b: []float64{1, -tiny}, c: -1 + p2(-24), want: 0},
		publishedCase{id: "D.5", a: fill(4, 0.5), b: []float64{p2(-24), p2(-24), p2(-24), p2(-23) + p2(-24)},
			c: 1 - p2(-24), c2: 1, monotonic: true},
	)
	for j := range 4 {
		out = append(out, publishedCase{id: fmt.Sprintf("B.3.%d", j), a: with(fill(4, 0.5), j, 1), b: with(fill(4, tiny), j, 1), c: p2(-24), want: 1})
	}
	return out
}

// runCase evaluates a published case on model m with K = 16.
func runCase(t *testing.T, m *TensorModel, e TensorElem, pc publishedCase, c float64) float64 {
	t.Helper()
	a, b := make([]uint32, 16), make([]uint32, 16)
	if pc.rawFromBits {
		copy(a, pc.rawA)
		copy(b, pc.rawB)
	} else {
		for i := range pc.a {
			a[i] = elemBits(t, e, pc.a[i])
		}
		for i := range pc.b {
			b[i] = elemBits(t, e, pc.b[i])
		}
	}
	if pc.half {
		cb := F16ToF32(uint16(elemBits(t, TensorF16, c)))
		d := m.DotF16(e, a, b, cb)
		return float64(math.Float32frombits(F16ToF32(d)))
	}
	d := m.DotF32(e, a, b, math.Float32bits(float32(c)))
	return float64(math.Float32frombits(d))
}

// TestPublishedExperiments: every published check gives the published
// answer on the models of the GPUs it ran on.
func TestPublishedExperiments(t *testing.T) {
	suites := []struct {
		file   string
		models []string
		elem   TensorElem
		cases  []publishedCase
	}{
		{"tc_test_numerics-V100.cu", []string{"volta"}, TensorF16, publishedV100()},
		{"tc_test_numerics-T4-A100-binary16.cu", []string{"turing", "ampere"}, TensorF16, publishedT4A100(TensorF16)},
		{"tc_test_numerics-A100-bf16.cu", []string{"ampere"}, TensorBF16, publishedT4A100(TensorBF16)},
		{"tc_test_numerics-A100-tf32.cu", []string{"ampere"}, TensorTF32, publishedT4A100(TensorTF32)},
	}
	for _, s := range suites {
		for _, name := range s.models {
			m := TensorModelNamed(name)
			for _, pc := range s.cases {
				got := runCase(t, m, s.elem, pc, pc.c)
				switch {
				case pc.monotonic:
					got2 := runCase(t, m, s.elem, pc, pc.c2)
					if !(got2 < got) {
						t.Errorf("%s %s on %s: c=%g gives %g, c=%g gives %g: want the second smaller (not monotonic)",
							s.file, pc.id, name, pc.c, got, pc.c2, got2)
					}
				case pc.nonzero:
					if got == 0 {
						t.Errorf("%s %s on %s: got 0, want a nonzero (subnormal) result", s.file, pc.id, name)
					}
				case got != pc.want:
					t.Errorf("%s %s on %s: got %g (%#x), want %g", s.file, pc.id, name, got, math.Float32bits(float32(got)), pc.want)
				}
			}
		}
	}
}

// TestPublishedDiscriminate: the published checks that tell the modelled
// GPUs apart do so (Volta against the T4/A100 file, the T4/A100 models
// against the V100 file), so the models are not all the same.
func TestPublishedDiscriminate(t *testing.T) {
	fails := func(m string, cases []publishedCase) []string {
		var ids []string
		for _, pc := range cases {
			got := runCase(t, TensorModelNamed(m), TensorF16, pc, pc.c)
			bad := got != pc.want
			if pc.monotonic {
				bad = !(runCase(t, TensorModelNamed(m), TensorF16, pc, pc.c2) < got)
			} else if pc.nonzero {
				bad = got == 0
			}
			if bad {
				ids = append(ids, pc.id)
			}
		}
		return ids
	}
	for _, c := range []struct {
		model string
		cases []publishedCase
		want  string
	}{
		{"volta", publishedT4A100(TensorF16), "[D.1 D.3 D.5]"},
		{"turing", publishedV100(), "[B.2 D.1 D.3 D.5 B.3.0 B.3.1 B.3.2 B.3.3]"},
		{"exact_rn", publishedV100(), "[D.4c D.4d C.1 C.2 B.2 D.1 D.2 D.3 D.5 B.3.0 B.3.1 B.3.2 B.3.3]"},
	} {
		if got := fmt.Sprint(fails(c.model, c.cases)); got != c.want {
			t.Errorf("%s fails %s, want %s", c.model, got, c.want)
		}
	}
}

// bigOf is the exact value of an element or f32.
func bigOfElem(e TensorElem, x uint32) *big.Float {
	var f32 uint32
	switch e {
	case TensorF16:
		f32 = F16ToF32(uint16(x))
	case TensorBF16:
		f32 = x << 16
	default:
		f32 = x &^ 0x1fff
	}
	return new(big.Float).SetFloat64(float64(math.Float32frombits(f32)))
}

func bigOfF32(x uint32) *big.Float {
	return new(big.Float).SetFloat64(float64(math.Float32frombits(x)))
}

// ulpF32 is the f32 ulp at |x| (the subnormal spacing below 2^-126).
func ulpF32(x uint32) *big.Float {
	e := int(x>>23&0xff) - 127
	return new(big.Float).SetMantExp(big.NewFloat(1), max(e, -126)-23)
}

// exponentOf is the alignment exponent of an element or f32 (the format's
// exponent, its minimum for subnormals).
func exponentOf(x uint32, ebits, fbits int) int {
	bias := 1<<(ebits-1) - 1
	ex := int(x >> fbits & (1<<ebits - 1))
	if ex == 0 {
		return 1 - bias
	}
	return ex - bias
}

func elemExp(e TensorElem, x uint32) (int, bool) {
	switch e {
	case TensorF16:
		return exponentOf(x&0xffff, 5, 10), x&0x7fff == 0
	case TensorBF16:
		return exponentOf(x&0xffff, 8, 7), x&0x7fff == 0
	}
	return exponentOf(x>>13, 8, 10), x&0x7fffe000 == 0
}

// randElem draws a normal element with exponent in [lo, hi] and a random
// sign (zero one time in 16).
func randElem(r *rand.Rand, e TensorElem, lo, hi int) uint32 {
	if r.IntN(16) == 0 {
		return 0
	}
	ex := lo + r.IntN(hi-lo+1)
	s := uint32(r.IntN(2))
	switch e {
	case TensorF16:
		return s<<15 | uint32(ex+15)<<10 | uint32(r.IntN(1<<10))
	case TensorBF16:
		return s<<15 | uint32(ex+127)<<7 | uint32(r.IntN(1<<7))
	}
	return s<<31 | uint32(ex+127)<<23 | uint32(r.IntN(1<<10))<<13 | uint32(r.IntN(1<<13)) // the low 13 bits are ignored
}

// TestRandomWithinBound: on random inputs, every step of every model is
// within the model's stated error of the exact step sum (math/big): each
// of its n nonzero addends loses less than one unit of the window's last
// bit, 2^(emax-23-extra), and the rounding toward zero less than one f32
// ulp of the result; the whole dot product is within the sum of its
// steps' bounds of the exact c + sum a*b.
func TestRandomWithinBound(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 0))
	for _, name := range []string{"volta", "turing", "ampere", "hopper_assumed"} {
		m := TensorModelNamed(name)
		for _, e := range []TensorElem{TensorF16, TensorBF16, TensorTF32} {
			for trial := range 3000 {
				k := 16
				lo, hi := -6, 6
				if e != TensorF16 && trial%2 == 1 {
					lo, hi = -60, 60
				}
				a, b := make([]uint32, k), make([]uint32, k)
				for i := range a {
					a[i], b[i] = randElem(r, e, lo, hi), randElem(r, e, lo, hi)
				}
				c := math.Float32bits(float32(math.Ldexp(r.Float64()-0.5, r.IntN(20)-8)))
				g := m.GroupHalf
				if e == TensorTF32 {
					g = m.GroupTF32
				}
				acc := c
				total := new(big.Float)
				for s := 0; s < k; s += g {
					next := m.step(e, a[s:s+g], b[s:s+g], acc)
					exact := bigOfF32(acc)
					emax, n := 0, 0
					if acc&0x7fffffff != 0 {
						emax, n = exponentOf(acc, 8, 23), 1
					}
					for i := s; i < s+g; i++ {
						ea, za := elemExp(e, a[i])
						eb, zb := elemExp(e, b[i])
						if za || zb {
							continue
						}
						if n == 0 || ea+eb > emax {
							emax = ea + eb
						}
						n++
						exact.Add(exact, new(big.Float).Mul(bigOfElem(e, a[i]), bigOfElem(e, b[i])))
					}
					bound := new(big.Float).SetMantExp(big.NewFloat(float64(n)), emax-23-m.Extra)
					bound.Add(bound, ulpF32(next))
					diff := new(big.Float).Sub(bigOfF32(next), exact)
					if diff.Abs(diff).Cmp(bound) > 0 {
						t.Fatalf("%s %d step %d: %g, exact %g: error %g above the bound %g", name, e, s, math.Float32frombits(next), exact, diff, bound)
					}
					total.Add(total, bound)
					acc = next
				}
				if d := m.DotF32(e, a, b, c); d != acc {
					t.Fatalf("%s: DotF32 %#x differs from its steps %#x", name, d, acc)
				}
				exact := bigOfF32(c)
				for i := range a {
					exact.Add(exact, new(big.Float).Mul(bigOfElem(e, a[i]), bigOfElem(e, b[i])))
				}
				diff := new(big.Float).Sub(bigOfF32(acc), exact)
				if diff.Abs(diff).Cmp(total) > 0 {
					t.Fatalf("%s: %g, exact %g: error %g above the bound %g", name, math.Float32frombits(acc), exact, diff, total)
				}
			}
		}
	}
}

// roundBigF32 rounds an exact value to f32 toward zero (rz) or to nearest
// even, subnormals kept, overflow to Inf: an oracle written apart from
// the model's adder.
func roundBigF32(x *big.Float, rz bool) uint32 {
	if x.Sign() == 0 {
		return 0
	}
	sign := uint32(0)
	if x.Sign() < 0 {
		sign = 1 << 31
	}
	ax := new(big.Float).Abs(x)
	mant := new(big.Float)
	exp := ax.MantExp(mant) // ax = mant * 2^exp, mant in [0.5, 1)
	q := max(exp-1-23, -149)
	scaled := new(big.Float).SetMantExp(ax, -q) // ax / 2^q
	i, acc := scaled.Int(nil)
	if !rz && acc != big.Exact {
		frac := new(big.Float).Sub(scaled, new(big.Float).SetInt(i))
		switch frac.Cmp(big.NewFloat(0.5)) {
		case 1:
			i.Add(i, big.NewInt(1))
		case 0:
			if i.Bit(0) == 1 {
				i.Add(i, big.NewInt(1))
			}
		}
	}
	m := i.Uint64()
	if m == 1<<24 {
		m, q = m>>1, q+1
	}
	if m < 1<<23 {
		return sign | uint32(m)
	}
	if q+150 >= 255 {
		return sign | 0x7f800000
	}
	return sign | uint32(q+150)<<23 | uint32(m-1<<23)
}

// TestExhaustiveSquares: for every finite multiplicand x of each format,
// x*x and x*1 (one addend, so nothing is aligned away) are the exact value
// rounded toward zero to f32, on every hardware model, and rounded to
// nearest on exact_rn; x*1 + (-0) keeps the sign of a zero x.
func TestExhaustiveSquares(t *testing.T) {
	for _, e := range []TensorElem{TensorF16, TensorBF16, TensorTF32} {
		n, shift := uint32(1<<16), 0
		if e == TensorTF32 {
			n, shift = 1<<19, 13
		}
		one := elemBits(t, e, 1)
		for _, name := range []string{"volta", "turing", "ampere", "exact_rn"} {
			m := TensorModelNamed(name)
			for p := uint32(0); p < n; p++ {
				x := p << shift
				if ex, _ := elemExp(e, x); e == TensorF16 && ex == 16 || e != TensorF16 && ex == 128 {
					continue // Inf, NaN
				}
				v := bigOfElem(e, x)
				for _, y := range []uint32{x, one} {
					want := roundBigF32(new(big.Float).Mul(v, bigOfElem(e, y)), !m.Exact)
					if got := m.DotF32(e, []uint32{x}, []uint32{y}, 0); got != want {
						t.Fatalf("%s: %#x * %#x = %#x, want %#x", name, x, y, got, want)
					}
				}
				got := m.DotF32(e, []uint32{x}, []uint32{one}, 0x80000000)
				if v.Sign() == 0 && got != (signBit(e, x)) {
					t.Fatalf("%s: %#x * 1 + -0 = %#x", name, x, got)
				}
			}
		}
	}
}

// TestExhaustiveSmallIntegers: every dot product of two f16 products of
// integers in [-8, 8] with c in [-4, 4] is an exact small integer, which
// every model must return.
func TestExhaustiveSmallIntegers(t *testing.T) {
	var vals []uint32
	for i := -8; i <= 8; i++ {
		vals = append(vals, elemBits(t, TensorF16, float64(i)))
	}
	for _, name := range []string{"volta", "turing", "ampere", "hopper_assumed", "exact_rn"} {
		m := TensorModelNamed(name)
		for ia, a0 := range vals {
			for ib, b0 := range vals {
				for ja, a1 := range vals {
					for jb, b1 := range vals {
						for c := -4; c <= 4; c++ {
							want := float32((ia-8)*(ib-8) + (ja-8)*(jb-8) + c)
							got := m.DotF32(TensorF16, []uint32{a0, a1}, []uint32{b0, b1}, math.Float32bits(float32(c)))
							if math.Float32frombits(got) != want || want == 0 && got != 0 {
								t.Fatalf("%s: %d*%d + %d*%d + %d = %#x, want %g", name, ia-8, ib-8, ja-8, jb-8, c, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestTensorSpecials: NaN, Inf and Inf*0, and the overflow assumption.
func TestTensorSpecials(t *testing.T) {
	m := TensorModelNamed("ampere")
	inf, nan, one, zero := uint32(0x7c00), uint32(0x7e00), uint32(0x3c00), uint32(0)
	ninf := uint32(0xfc00)
	for _, c := range []struct {
		a, b []uint32
		c    uint32
		want uint32
	}{
		{[]uint32{nan}, []uint32{one}, 0, 0x7fffffff},
		{[]uint32{one}, []uint32{one}, 0x7fc00001, 0x7fffffff},
		{[]uint32{inf}, []uint32{zero}, 0, 0x7fffffff},
		{[]uint32{inf, ninf}, []uint32{one, one}, 0, 0x7fffffff},
		{[]uint32{inf, one}, []uint32{one, one}, 0, 0x7f800000},
		{[]uint32{one}, []uint32{ninf}, 0x3f800000, 0xff800000},
		{[]uint32{one}, []uint32{one}, 0xff800000, 0xff800000},
		{[]uint32{one}, []uint32{one}, 0x7f7fffff, 0x7f7fffff}, // 1 is truncated away next to FLT_MAX
	} {
		if got := m.DotF32(TensorF16, c.a, c.b, c.c); got != c.want {
			t.Errorf("%x . %x + %#x = %#x, want %#x", c.a, c.b, c.c, got, c.want)
		}
	}
	// bf16: 2^127 * 2 + 2^127 * 2 overflows f32: Inf (assumed).
	big := uint32(0x7f00) // 2^127
	two := uint32(0x4000)
	if got := m.DotF32(TensorBF16, []uint32{big, big}, []uint32{two, two}, 0); got != 0x7f800000 {
		t.Errorf("bf16 overflow: %#x, want +Inf", got)
	}
}

// TestIntegerDots: wrap and .satfinite.
func TestIntegerDots(t *testing.T) {
	wrapped := int64(math.MaxInt32) - 10 + 127*127 + 128*128 - 1<<32
	if got := DotS32([]uint32{127, 0x80}, []uint32{127, 0x80}, 8, true, true, math.MaxInt32-10, false); int64(got) != wrapped {
		t.Errorf("wrap: %d", got)
	}
	if got := DotS32([]uint32{127, 0x80}, []uint32{127, 0x80}, 8, true, true, math.MaxInt32-10, true); got != math.MaxInt32 {
		t.Errorf("satfinite: %d", got)
	}
	if got := DotS32([]uint32{0xff, 0xf}, []uint32{0xff, 0x8}, 8, false, true, -3, true); got != 255*-1+15*8-3 {
		t.Errorf("u8 x s8: %d", got)
	}
	if got := DotS32([]uint32{0xf, 0x7}, []uint32{0xf, 0x8}, 4, true, true, 0, false); got != 1*1*1+7*-8 {
		t.Errorf("s4: %d", got)
	}
	if got := DotS32([]uint32{0xf}, []uint32{0x8}, 4, false, false, 0, false); got != 15*8 {
		t.Errorf("u4: %d", got)
	}
	if got := DotB1([]uint32{0xf0f0f0f0, 1}, []uint32{0xff00ff00, 3}, 5, false); got != 5+16+1 {
		t.Errorf("xor.popc: %d", got)
	}
	if got := DotB1([]uint32{0xf0f0f0f0, 1}, []uint32{0xff00ff00, 3}, 5, true); got != 5+8+1 {
		t.Errorf("and.popc: %d", got)
	}
}

// signBit is the sign of multiplicand x of format e, as f32 sign bits.
func signBit(e TensorElem, x uint32) uint32 {
	if e == TensorTF32 {
		return x >> 31 << 31
	}
	return x >> 15 & 1 << 31
}

// TestTensorChoice: [numerics] tensor picks the model; the default is
// ampere; an unknown name is refused with the names.
func TestTensorChoice(t *testing.T) {
	for _, name := range []string{"volta", "turing", "ampere", "ada_assumed", "hopper_assumed", "exact_rn"} {
		m, err := NewModel(Choice{Tensor: name})
		if err != nil || m.Tensor == nil || m.Tensor.Name != name {
			t.Errorf("%s: %v, %+v", name, err, m)
		}
	}
	if m, err := NewModel(Choice{}); err != nil || m.Tensor.Name != "ampere" {
		t.Errorf("default: %v, %+v", err, m)
	}
	_, err := NewModel(Choice{Tensor: "blackwell"})
	if want := `numerics.tensor: unknown model "blackwell" (known: ampere, volta, turing, ada_assumed, hopper_assumed, exact_rn)`; err == nil || err.Error() != want {
		t.Errorf("unknown model: %v, want %s", err, want)
	}
}
