package sim

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces/ptx"
)

// The texture filtering test: testdata/tex/fetch.ptx fetched through
// launch-file textures of every addressing mode, filter mode and
// coordinate normalisation, 1-D, 2-D and 3-D, float and normalised-integer
// formats, against a reference written here from the CUDA C++ Programming
// Guide's definitions ("Texture Fetching" appendix: point sampling
// T[floor(x)], linear filtering (1 - alpha) T[i] + alpha T[i+1] with xB =
// x - 0.5, i = floor(xB), alpha = frac(xB) "stored in 9-bit fixed point
// format with 8 bits of fractional value"; "Texture Memory": wrap and
// mirror only with normalised coordinates, border returns the border
// colour) in exact rational arithmetic (math/big), with gpusim's stated
// choices where the guide is silent: alpha rounded to the nearest 1/256
// (a tie up), addressing applied to each texel index (mirror with period
// twice the size), the weighted sum exact and rounded once to f32.

// refTex is a texture as the reference sees it: its size and the exact
// channel values of each texel (what a point fetch returns).
type refTex struct {
	size  [3]int
	texel func(x, y, z int) [4]*big.Rat
}

type refSamp struct {
	linear     bool
	addr       string
	normalized bool
	border     [4]float32
}

func ratF32(f float32) *big.Rat { return new(big.Rat).SetFloat64(float64(f)) }

func floorDiv(r *big.Rat) int64 {
	q := new(big.Int).Quo(r.Num(), r.Denom())
	if r.Sign() < 0 && new(big.Rat).SetInt(q).Cmp(r) != 0 {
		q.Sub(q, big.NewInt(1))
	}
	return q.Int64()
}

// refAddress maps texel index i of an axis of n texels; ok false is the
// border.
func refAddress(i int64, n int, mode string) (int, bool) {
	N := int64(n)
	mod := func(a, m int64) int64 { return ((a % m) + m) % m }
	switch mode {
	case "wrap":
		return int(mod(i, N)), true
	case "mirror":
		j := mod(i, 2*N)
		if j >= N {
			j = 2*N - 1 - j
		}
		return int(j), true
	case "border":
		return int(i), i >= 0 && i < N
	}
	return int(max(0, min(i, N-1))), true
}

// refFetch is the reference fetch at coordinates c (dims of them).
func refFetch(t refTex, s refSamp, c [3]float32, dims int) [4]uint32 {
	type tap struct {
		i int64
		w int64
	}
	var taps [3][]tap
	mode := s.addr
	if !s.normalized && (mode == "wrap" || mode == "mirror") {
		mode = "clamp"
	}
	frac := int64(1)
	for d := 0; d < 3; d++ {
		if d >= dims {
			taps[d] = []tap{{0, 1}}
			continue
		}
		x := ratF32(c[d])
		if s.normalized {
			x.Mul(x, big.NewRat(int64(t.size[d]), 1))
		}
		if !s.linear {
			taps[d] = []tap{{floorDiv(x), 1}}
			continue
		}
		xb := new(big.Rat).Sub(x, big.NewRat(1, 2))
		k := floorDiv(new(big.Rat).Add(new(big.Rat).Mul(xb, big.NewRat(256, 1)), big.NewRat(1, 2)))
		i, a := k>>8, k&255
		taps[d] = []tap{{i, 256 - a}, {i + 1, a}}
		frac *= 256
	}
	var sum [4]*big.Rat
	for ch := range sum {
		sum[ch] = new(big.Rat)
	}
	for _, tz := range taps[2] {
		for _, ty := range taps[1] {
			for _, tx := range taps[0] {
				w := tx.w * ty.w * tz.w
				if w == 0 {
					continue
				}
				xi, okx := refAddress(tx.i, t.size[0], mode)
				yi, oky := refAddress(ty.i, t.size[1], mode)
				zi, okz := refAddress(tz.i, t.size[2], mode)
				var v [4]*big.Rat
				if okx && oky && okz {
					v = t.texel(xi, yi, zi)
				} else {
					for ch := range v {
						v[ch] = ratF32(s.border[ch])
					}
				}
				for ch := range v {
					sum[ch].Add(sum[ch], new(big.Rat).Mul(v[ch], big.NewRat(w, 1)))
				}
			}
		}
	}
	var out [4]uint32
	for ch := range out {
		f, _ := new(big.Rat).Quo(sum[ch], big.NewRat(frac, 1)).Float32()
		out[ch] = math.Float32bits(f)
		if f == 0 {
			out[ch] = 0 // the sum of the texels is +0 (the test has no -0 texels)
		}
	}
	return out
}

// texFormat is a texel format of the test: its launch-file name, the
// buffer type holding its channels, channels, how raw channel values are
// drawn and what a fetch returns for them.
type texFormat struct {
	name, buf string
	channels  int
	read      string
	draw      func(r *rand.Rand) float64
	value     func(raw float64) *big.Rat
}

var texFormats = []texFormat{
	{"f32", "f32", 1, "element", func(r *rand.Rand) float64 { return float64(float32(r.Float64()*20 - 10)) },
		func(v float64) *big.Rat { return ratF32(float32(v)) }},
	{"u8x4", "u8", 4, "normalized", func(r *rand.Rand) float64 { return float64(r.IntN(256)) },
		func(v float64) *big.Rat { f, _ := big.NewRat(int64(v), 255).Float32(); return ratF32(f) }},
	{"i16x2", "i16", 2, "normalized", func(r *rand.Rand) float64 { return float64(r.IntN(65536) - 32768) },
		func(v float64) *big.Rat {
			f, _ := big.NewRat(max(int64(v), -32767), 32767).Float32()
			return ratF32(f)
		}},
	{"f16", "f16", 1, "element", func(r *rand.Rand) float64 { return float64(r.IntN(2001)-1000) / 64 }, // exact in f16
		func(v float64) *big.Rat { return new(big.Rat).SetFloat64(v) }},
}

// texCoordsFor draws coordinates: grid points (texel centres, edges and
// weight ties), random ones inside and around the texture.
func texCoordsFor(r *rand.Rand, n int, normalized bool) []float32 {
	out := make([]float32, 0, 128)
	for k := -8; k <= 8*n+8; k++ {
		x := float32(k) / 8 // edges, centres and quarter points (in texels)
		if normalized {
			x /= float32(n)
		}
		out = append(out, x)
	}
	for len(out) < 128 {
		x := float32(r.Float64()*float64(n+4) - 2)
		if len(out)%3 == 0 {
			x = float32(math.Round(r.Float64()*float64(512*(n+2))-512)) / 512 // on the 1/512 grid: 8-bit weight ties
		}
		if normalized {
			x /= float32(n)
		}
		out = append(out, x)
	}
	return out
}

func fmtFloats(xs []float32) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%v", float64(x))
	}
	return b.String()
}

func TestTexFilterReference(t *testing.T) {
	const path = "testdata/tex/fetch.ptx"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := ptx.Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(21, 22))
	border := [4]float32{0.25, -0.5, 0.75, 1}
	sizes := map[int][3]int{1: {7, 1, 1}, 2: {5, 3, 1}, 3: {3, 4, 2}}
	runs, checked := 0, 0
	for dims := 1; dims <= 3; dims++ {
		size := sizes[dims]
		for fi, f := range texFormats {
			n := size[0] * size[1] * size[2] * f.channels
			raw := make([]float64, n)
			for i := range raw {
				raw[i] = f.draw(r)
			}
			tex := refTex{size: size, texel: func(x, y, z int) [4]*big.Rat {
				v := [4]*big.Rat{new(big.Rat), new(big.Rat), new(big.Rat), big.NewRat(1, 1)}
				at := ((z*size[1]+y)*size[0] + x) * f.channels
				for ch := 0; ch < f.channels; ch++ {
					v[ch] = f.value(raw[at+ch])
				}
				return v
			}}
			for _, addr := range []string{"wrap", "clamp", "mirror", "border"} {
				for _, filter := range []string{"point", "linear"} {
					for _, normalized := range []bool{false, true} {
						s := refSamp{linear: filter == "linear", addr: addr, normalized: normalized, border: border}
						var coords []float32
						per := [3][]float32{}
						for d := 0; d < dims; d++ {
							per[d] = texCoordsFor(r, size[d], normalized)
						}
						for i := 0; i < 128; i++ {
							for d := 0; d < max(dims, 1); d++ {
								coords = append(coords, per[d][(i*(1+2*d))%len(per[d])])
							}
							if dims == 3 {
								coords = append(coords, 0) // the vector's fourth element
							}
						}
						stride := dims
						if dims == 3 {
							stride = 4
						}
						layout := "array"
						if dims == 2 && fi == 0 {
							layout = "linear"
						}
						lf := fmt.Sprintf(`kernel = "fetch%dd"
grid = [1, 1, 1]
block = [128, 1, 1]
[buffers.pix]
type = %q
count = %d
init = "values"
values = [%s]
[buffers.coords]
type = "f32"
count = %d
init = "values"
values = [%s]
[buffers.out]
type = "f32"
count = 512
[textures.t]
buffer = "pix"
format = %q
width = %d
height = %d
depth = %d
layout = %q
filter = %q
address = [%q]
normalized = %v
read = %q
border = [%s]
[[args]]
texture = "t"
[[args]]
buffer = "coords"
[[args]]
buffer = "out"
`, dims, f.buf, n, fmtFloats64(raw), len(coords), fmtFloats(coords), f.name, size[0], size[1], size[2], layout,
							filter, addr, normalized, f.read, fmtFloats(border[:]))
						what := fmt.Sprintf("%dd %s %s %s normalized=%v", dims, f.name, addr, filter, normalized)
						spec, err := ParseLaunch("tex.launch.toml", []byte(lf))
						if err != nil {
							t.Fatalf("%s: %v", what, err)
						}
						p, err := Prepare(prog, m, spec, Overrides{})
						if err != nil {
							t.Fatalf("%s: %v", what, err)
						}
						modes := []string{"functional"}
						if dims == 2 && normalized && fi < 2 {
							modes = append(modes, "timing")
						}
						for _, mode := range modes {
							if mode == "timing" {
								if p, err = Prepare(prog, m, spec, Overrides{}); err != nil {
									t.Fatal(err)
								}
								_, err = RunTiming(p, TimingOptions{})
							} else {
								_, err = RunFunctional(p)
							}
							if err != nil {
								t.Fatalf("%s (%s): %v", what, mode, err)
							}
							runs++
							out, err := p.Buffer("out")
							if err != nil {
								t.Fatal(err)
							}
							bad := 0
							for i := 0; i < 128; i++ {
								var c [3]float32
								copy(c[:], coords[i*stride:i*stride+dims])
								want := refFetch(tex, s, c, dims)
								for ch := 0; ch < 4; ch++ {
									got := binary.LittleEndian.Uint32(out[16*i+4*ch:])
									checked++
									if got != want[ch] && bad < 3 {
										bad++
										t.Errorf("%s (%s): fetch at %v channel %d = %g (%#x), want %g (%#x)", what, mode, c[:dims], ch,
											math.Float32frombits(got), got, math.Float32frombits(want[ch]), want[ch])
									}
								}
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d launches, %d channels checked", runs, checked)
}

func fmtFloats64(xs []float64) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%v", x)
	}
	return b.String()
}
