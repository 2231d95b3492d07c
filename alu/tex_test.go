package alu

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// The texture arithmetic against exact rational references (math/big).

// texCoords returns f32 coordinates worth testing: texel centres and
// edges, ties of the 8-bit weight, signs, specials and random values.
func texCoords(r *rand.Rand) []uint32 {
	xs := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 1, 0x80000001, 0x7f7fffff, 0xff7fffff}
	for _, f := range []float32{0.5, 1, 1.5, -0.5, -1, 2.25, 3.998, 0.00390625, 0.001953125, 0.5 + 1.0/512, 0.5 - 1.0/512, 7.75, 1e9, -1e9, 1.0 / 3} {
		xs = append(xs, math.Float32bits(f))
	}
	for i := 0; i < 4000; i++ {
		switch i % 4 {
		case 0:
			xs = append(xs, r.Uint32())
		case 1:
			xs = append(xs, math.Float32bits(float32(r.Float64()*70-35)))
		case 2:
			xs = append(xs, math.Float32bits(float32(r.Float64()*2-0.5)))
		default:
			xs = append(xs, math.Float32bits(float32(r.IntN(4096))/512)) // on the 1/512 grid: ties
		}
	}
	return xs
}

func ratOfF32(x uint32) *big.Rat {
	return new(big.Rat).SetFloat64(float64(math.Float32frombits(x))) // exact
}

func floorRat(r *big.Rat) int64 {
	q := new(big.Int).Quo(r.Num(), r.Denom()) // truncates toward zero
	if r.Sign() < 0 && new(big.Rat).SetInt(q).Cmp(r) != 0 {
		q.Sub(q, big.NewInt(1))
	}
	lim := big.NewInt(texCoordLimit)
	if q.Cmp(lim) > 0 {
		return texCoordLimit
	}
	if q.Cmp(new(big.Int).Neg(lim)) < 0 {
		return -texCoordLimit
	}
	return q.Int64()
}

func isNaN32(x uint32) bool { return x&0x7fffffff > 0x7f800000 }

func TestTexFloorExact(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, x := range texCoords(r) {
		for _, n := range []uint32{1, 3, 64, 255, 1000, 65535} {
			for _, sh := range []uint{0, 8, 9} {
				got := TexFloor(x, n, sh)
				var want int64
				switch {
				case isNaN32(x):
					want = 0
				case x == 0x7f800000:
					want = texCoordLimit
				case x == 0xff800000:
					want = -texCoordLimit
				default:
					v := ratOfF32(x)
					v.Mul(v, new(big.Rat).SetInt64(int64(n)<<sh))
					want = floorRat(v)
				}
				if got != want {
					t.Fatalf("TexFloor(%#x = %g, %d, %d) = %d, want %d", x, math.Float32frombits(x), n, sh, got, want)
				}
			}
		}
	}
}

// TestTexLinearWeights checks the linear-filtering split against the CUDA
// guide's definition, xB = x*N - 0.5, i = floor(xB), alpha = frac(xB),
// with alpha rounded to the nearest 1/256 (ties up): i*256 + alpha =
// floor(256*xB + 1/2).
func TestTexLinearWeights(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, x := range texCoords(r) {
		if x&0x7f800000 == 0x7f800000 {
			continue
		}
		for _, n := range []uint32{1, 2, 5, 255, 4096} {
			i, a := TexLinear(x, n)
			v := ratOfF32(x)
			v.Mul(v, new(big.Rat).SetInt64(int64(n)))
			v.Sub(v, big.NewRat(1, 2))
			v.Mul(v, big.NewRat(256, 1))
			v.Add(v, big.NewRat(1, 2))
			k := floorRat(v)
			if k == texCoordLimit || k == -texCoordLimit || math.Abs(float64(math.Float32frombits(x))*float64(n)) > 1<<30 {
				continue // saturated: far outside any texture
			}
			if i != k>>8 || int64(a) != k&255 {
				t.Fatalf("TexLinear(%g, %d) = (%d, %d), want (%d, %d)", math.Float32frombits(x), n, i, a, k>>8, k&255)
			}
		}
	}
	// The guide's examples: a coordinate on a texel centre weighs that
	// texel alone; half-way between two centres, half each.
	for _, c := range []struct {
		x     float32
		i     int64
		alpha uint32
	}{{0.5, 0, 0}, {1.0, 0, 128}, {1.5, 1, 0}, {0.75, 0, 64}, {0.5 + 1.0/512, 0, 1}, {0.5 + 1.0/1024, 0, 0}} {
		if i, a := TexLinear(math.Float32bits(c.x), 1); i != c.i || a != c.alpha {
			t.Errorf("TexLinear(%g) = (%d, %d), want (%d, %d)", c.x, i, a, c.i, c.alpha)
		}
	}
}

// blendRef is the exact weighted sum rounded once to f32.
func blendRef(v []uint32, w []uint64, frac uint) uint32 {
	sum := new(big.Rat)
	for i := range v {
		if w[i] == 0 {
			continue
		}
		p := ratOfF32(v[i])
		p.Mul(p, new(big.Rat).SetInt(new(big.Int).SetUint64(w[i])))
		sum.Add(sum, p)
	}
	sum.Quo(sum, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), frac)))
	f, _ := sum.Float32()
	return math.Float32bits(f)
}

func TestTexBlendExact(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	vals := func() uint32 {
		switch r.IntN(6) {
		case 0:
			return r.Uint32() &^ 0x7f800000 // subnormals and zeros
		case 1:
			return math.Float32bits(float32(r.IntN(256)) / 255)
		case 2:
			return math.Float32bits(float32(r.Float64()*2 - 1))
		case 3:
			return math.Float32bits(float32(r.NormFloat64() * 1e30))
		}
		for {
			if x := r.Uint32(); x&0x7f800000 != 0x7f800000 {
				return x
			}
		}
	}
	for iter := 0; iter < 20000; iter++ {
		dims := 1 + iter%3
		n := 1 << dims
		frac := uint(8 * dims)
		if iter%7 == 0 {
			n *= 2 // mip-linear: two levels
			frac += 8
		}
		v := make([]uint32, n)
		w := make([]uint64, n)
		// Weights: products of per-axis 8-bit fractions.
		var per [4]uint64
		for k := range per {
			per[k] = uint64(r.IntN(257))
		}
		for i := 0; i < n; i++ {
			v[i] = vals()
			wt := uint64(1)
			for k := 0; k < int(frac/8); k++ {
				if i>>uint(k)&1 != 0 {
					wt *= per[k]
				} else {
					wt *= 256 - per[k]
				}
			}
			w[i] = wt
		}
		got, want := TexBlend(v, w, frac), blendRef(v, w, frac)
		if got != want && !(got == 0 && want == 0x80000000) {
			t.Fatalf("TexBlend(%x, %v, %d) = %#x, want %#x", v, w, frac, got, want)
		}
	}
	// Specials.
	one, inf, ninf, nan := uint32(0x3f800000), uint32(0x7f800000), uint32(0xff800000), uint32(0x7fc00001)
	for _, c := range []struct {
		v    []uint32
		w    []uint64
		want uint32
	}{
		{[]uint32{one, nan}, []uint64{255, 1}, 0x7fffffff},
		{[]uint32{one, nan}, []uint64{256, 0}, one}, // a zero weight takes no part
		{[]uint32{inf, one}, []uint64{1, 255}, inf},
		{[]uint32{inf, ninf}, []uint64{128, 128}, 0x7fffffff},
		{[]uint32{ninf, one}, []uint64{200, 56}, ninf},
		{[]uint32{0x80000000, 0x80000000}, []uint64{100, 156}, 0x80000000},
		{[]uint32{one, 0xbf800000}, []uint64{128, 128}, 0},
	} {
		if got := TexBlend(c.v, c.w, 8); got != c.want {
			t.Errorf("TexBlend(%x, %v) = %#x, want %#x", c.v, c.w, got, c.want)
		}
	}
}

func TestNormConversionsExhaustive(t *testing.T) {
	for _, n := range []uint{8, 16} {
		d := int64(1)<<n - 1
		for v := int64(0); v <= d; v++ {
			want, _ := big.NewRat(v, d).Float32()
			if got := UnormToF32(uint32(v), n); got != math.Float32bits(want) {
				t.Fatalf("UnormToF32(%d, %d) = %#x, want %#x", v, n, got, math.Float32bits(want))
			}
			sv := v - (d+1)/2 // -2^(n-1) .. 2^(n-1)-1
			sd := int64(1)<<(n-1) - 1
			swant, _ := big.NewRat(max(sv, -sd), sd).Float32()
			if got := SnormToF32(uint32(sv)&uint32(d), n); got != math.Float32bits(swant) {
				t.Fatalf("SnormToF32(%d, %d) = %#x, want %#x", sv, n, got, math.Float32bits(swant))
			}
			// Round trips: every code converts back to itself.
			if back := F32ToUnorm(UnormToF32(uint32(v), n), n); int64(back) != v {
				t.Fatalf("F32ToUnorm(UnormToF32(%d)) = %d", v, back)
			}
			if sv > -sd-1 {
				if back := F32ToSnorm(SnormToF32(uint32(sv)&uint32(d), n), n); back != uint32(sv)&uint32(d) {
					t.Fatalf("F32ToSnorm(SnormToF32(%d)) = %d", sv, back)
				}
			}
		}
	}
}

func TestF32ToNorm(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 20000; i++ {
		x := r.Uint32()
		if i%2 == 0 {
			x = math.Float32bits(float32(r.Float64()*3 - 1.5))
		}
		for _, n := range []uint{8, 16} {
			d := int64(1)<<n - 1
			f := float64(math.Float32frombits(x))
			var want int64
			if !isNaN32(x) {
				c := min(max(f, 0), 1)
				q := new(big.Rat).Mul(new(big.Rat).SetFloat64(c), big.NewRat(d, 1))
				want = roundHalfEven(q)
			}
			if got := F32ToUnorm(x, n); int64(got) != want {
				t.Fatalf("F32ToUnorm(%g, %d) = %d, want %d", f, n, got, want)
			}
			sd := int64(1)<<(n-1) - 1
			want = 0
			if !isNaN32(x) {
				c := min(max(f, -1), 1)
				q := new(big.Rat).Mul(new(big.Rat).SetFloat64(c), big.NewRat(sd, 1))
				want = roundHalfEven(q)
			}
			if got := F32ToSnorm(x, n); got != uint32(want)&uint32(d) {
				t.Fatalf("F32ToSnorm(%g, %d) = %d, want %d", f, n, got, want)
			}
		}
	}
}

func roundHalfEven(q *big.Rat) int64 {
	neg := q.Sign() < 0
	a := new(big.Rat).Abs(q)
	fl := floorRat(a)
	rem := new(big.Rat).Sub(a, new(big.Rat).SetInt64(fl))
	switch rem.Cmp(big.NewRat(1, 2)) {
	case 1:
		fl++
	case 0:
		if fl&1 != 0 {
			fl++
		}
	}
	if neg {
		return -fl
	}
	return fl
}

func TestTexLOD(t *testing.T) {
	f := func(x float32) uint32 { return math.Float32bits(x) }
	for _, c := range []struct {
		dx, dy [3]uint32
		scale  [3]uint32
		dims   int
		want   int64
	}{
		{[3]uint32{f(1)}, [3]uint32{f(0)}, [3]uint32{1}, 1, 0},                 // one texel per pixel: level 0
		{[3]uint32{f(2)}, [3]uint32{f(0)}, [3]uint32{1}, 1, 256},               // two texels: level 1
		{[3]uint32{f(0.25), 0}, [3]uint32{0, f(0.5)}, [3]uint32{8, 8}, 2, 512}, // 4 texels (normalised x 8)
		{[3]uint32{f(3), f(4)}, [3]uint32{}, [3]uint32{1, 1}, 2, 594},          // |(3,4)| = 5: log2 5 = 2.3219 -> 594/256
		{[3]uint32{}, [3]uint32{}, [3]uint32{1, 1}, 2, -1 << 30},
		{[3]uint32{f(0.5)}, [3]uint32{}, [3]uint32{1}, 1, -256},
	} {
		if got := TexLOD(c.dx, c.dy, c.scale, c.dims); got != c.want {
			t.Errorf("TexLOD(%v, %v, %v) = %d, want %d", c.dx, c.dy, c.scale, got, c.want)
		}
	}
	// Against math.Log2 on random lengths (the model truncates to 1/256).
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 2000; i++ {
		x := float32(r.Float64()*100 + 0.01)
		got := TexLOD([3]uint32{f(x)}, [3]uint32{}, [3]uint32{1}, 1)
		want := math.Log2(float64(x)) * 256
		if float64(got) > want+1e-6 || float64(got) < want-1-1e-6 {
			t.Fatalf("TexLOD(%g) = %d/256, log2 = %g/256", x, got, want)
		}
	}
}

func TestTexFixed8(t *testing.T) {
	for _, c := range []struct {
		x    float32
		want int64
	}{{0, 0}, {1, 256}, {1.5, 384}, {-0.75, -192}, {1.0 / 512, 1}, {-1.0 / 512, 0}, {2.99, 765}} {
		if got := TexFixed8(math.Float32bits(c.x)); got != c.want {
			t.Errorf("TexFixed8(%g) = %d, want %d", c.x, got, c.want)
		}
	}
}
