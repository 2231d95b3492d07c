package sim

import (
	"encoding/binary"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/config"
)

// The AMD samples (traces/samples/amd), run as a user runs them: parsed,
// launched from their launch files on the matching preset, executed;
// every output is checked against a Go computation of the kernel's source.

// amdTargets are the processors the samples and the corpus are compiled
// for (regen.sh); amdSampleTargets adds the samples' gfx1100 wave64 build.
var (
	amdTargets       = []string{"gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1200"}
	amdSampleTargets = append(amdTargets[:len(amdTargets):len(amdTargets)], "gfx1100w64")
)

// prepareAMDSample parses sample name for target and prepares its launch
// from its launch file; init (may be nil) changes the buffers' contents
// before the run.
func prepareAMDSample(t testing.TB, name, target string, tweaks ...func(*LaunchSpec)) *Prepared {
	t.Helper()
	base := "../traces/samples/amd/" + name + "_" + target
	src, err := os.ReadFile(base + ".s")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := amdgpu.Parse(base+".s", src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load(strings.TrimSuffix(target, "w64"), nil)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := LoadLaunch(base + ".launch.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tw := range tweaks {
		tw(spec)
	}
	p, err := Prepare(prog, m, spec, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func runAMDSample(t testing.TB, name, target string) *Prepared {
	t.Helper()
	p := prepareAMDSample(t, name, target)
	if _, err := RunFunctional(p); err != nil {
		t.Fatal(err)
	}
	return p
}

// divSpecials are f32 encodings of every special class: signed zeros,
// subnormals (smallest, largest, in between), the smallest normals, 1, max
// finite, infinities, quiet and signalling NaNs with payloads, and values
// around the powers of two where the division macro changes its scaling.
var divSpecials = []uint32{
	0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x00000002, 0x000fffff, 0x00400000,
	0x007fffff, 0x807fffff, 0x00800000, 0x80800000, 0x00800001, 0x01000000, 0x3f800000,
	0xbf800000, 0x3f800001, 0x3f7fffff, 0x40000000, 0x7f7fffff, 0xff7fffff, 0x7f000000,
	0x7e800000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7fc12345, 0x7f800001,
	0xff812345, 0x0c800000, 0x2f800000, 0x4f800000, 0x5f800000, 0x6f800000, 0x1f800000,
	0x33800000, 0x34000000, 0x0b800000, 0x73800000, 0x3e22f983, 0x40490fdb,
}

// divInputs builds n input pairs: every pair of specials, then pairs whose
// exponents differ by amounts around the macro's thresholds (±96, ±126,
// ±150, ±253), then random bit patterns (a fixed seed).
func divInputs(n int) (a, b []uint32) {
	a, b = make([]uint32, 0, n), make([]uint32, 0, n)
	for _, x := range divSpecials {
		for _, y := range divSpecials {
			a, b = append(a, x), append(b, y)
		}
	}
	r := rand.New(rand.NewPCG(7, 11))
	gaps := []int{-254, -253, -252, -200, -151, -150, -149, -127, -126, -125, -97, -96, -95, -64, 0,
		64, 95, 96, 97, 125, 126, 127, 149, 150, 151, 200, 252, 253, 254}
	for _, g := range gaps {
		for k := 0; k < 1500; k++ {
			ey := 1 + r.IntN(254)
			ex := ey + g
			if ex < 0 || ex > 254 {
				ex = max(0, min(254, ex))
			}
			x := uint32(ex)<<23 | r.Uint32()&0x807fffff
			y := uint32(ey)<<23 | r.Uint32()&0x807fffff
			a, b = append(a, x), append(b, y)
		}
	}
	for len(a) < n {
		x, y := r.Uint32(), r.Uint32()
		switch r.IntN(8) { // also plenty of subnormal operands
		case 0:
			x &= 0x807fffff
		case 1:
			y &= 0x807fffff
		}
		a, b = append(a, x), append(b, y)
	}
	return a[:n], b[:n]
}

// wantDiv is the IEEE round-to-nearest-even quotient of x / y (Go's
// float32 division is IEEE binary32 division); when it is a NaN, the NaN
// the AMD macro returns (numerics.md section 4: a NaN numerator, then a
// NaN denominator, quieted; an invalid operation gives 0xffc00000).
func wantDiv(x, y uint32) uint32 {
	q := math.Float32frombits(x) / math.Float32frombits(y)
	if q == q {
		return math.Float32bits(q)
	}
	switch {
	case x&0x7fffffff > 0x7f800000:
		return x | 0x400000
	case y&0x7fffffff > 0x7f800000:
		return y | 0x400000
	}
	return 0xffc00000
}

func putU32s(t *testing.T, p *Prepared, name string, v []uint32) {
	t.Helper()
	b := buf(t, p, name)
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
}

// TestAMDSampleDivision is the acceptance test of the division kernel: on
// each target, 10^6 input pairs covering every special class and the
// exponent gaps beyond ±96 and ±150 give the IEEE quotient bit for bit.
func TestAMDSampleDivision(t *testing.T) {
	n := 1000000
	if testing.Short() {
		n = 20000
	}
	a, b := divInputs(n)
	for _, target := range amdSampleTargets {
		t.Run(target, func(t *testing.T) {
			p := prepareAMDSample(t, "div", target, func(s *LaunchSpec) {
				s.Grid[0] = uint32((n + 255) / 256)
				s.Args[3].Value = Scalar{Int: int64(n)}
			})
			putU32s(t, p, "a", a)
			putU32s(t, p, "b", b)
			if _, err := RunFunctional(p); err != nil {
				t.Fatal(err)
			}
			c := u32s(buf(t, p, "c"))
			bad := 0
			for i := 0; i < n; i++ {
				if want := wantDiv(a[i], b[i]); c[i] != want {
					if bad++; bad <= 10 {
						t.Errorf("%#08x / %#08x = %#08x, want %#08x", a[i], b[i], c[i], want)
					}
				}
			}
			if bad > 0 {
				t.Fatalf("%d of %d quotients wrong", bad, n)
			}
		})
	}
}

// TestAMDSampleReduce checks each workgroup's sum against the same tree of
// f32 additions in Go (each sum rounded, as the kernel's v_add_f32).
func TestAMDSampleReduce(t *testing.T) {
	for _, target := range amdSampleTargets {
		t.Run(target, func(t *testing.T) {
			p := runAMDSample(t, "reduce", target)
			in, out := u32s(buf(t, p, "in")), u32s(buf(t, p, "out"))
			size := int(p.Spec.Block[0])
			tmp := make([]float32, size)
			for g := range out {
				for l := range tmp {
					tmp[l] = f32(in[g*size+l])
				}
				for s := size / 2; s > 0; s >>= 1 {
					for l := 0; l < s; l++ {
						tmp[l] = tmp[l] + tmp[l+s]
					}
				}
				if want := math.Float32bits(tmp[0]); out[g] != want {
					t.Fatalf("out[%d] = %#x (%g), want %#x (%g)", g, out[g], f32(out[g]), want, tmp[0])
				}
			}
		})
	}
}

// TestAMDSampleDivergent checks every output against divergentSource (the
// kernel's function in Go, shared with the PTX sample); outputs past n stay
// zero.
func TestAMDSampleDivergent(t *testing.T) {
	for _, target := range amdSampleTargets {
		t.Run(target, func(t *testing.T) {
			p := runAMDSample(t, "divergent", target)
			in, out := u32s(buf(t, p, "in")), u32s(buf(t, p, "out"))
			const n = 4000
			for i := range out {
				want := uint32(0)
				if i < n {
					want = uint32(divergentSource(int32(in[i])))
				}
				if out[i] != want {
					t.Fatalf("out[%d] = %d for input %d, want %d", i, int32(out[i]), int32(in[i]), int32(want))
				}
			}
		})
	}
}

// TestAMDSampleFIR checks the filter against Go, with each product and sum
// rounded to f32 separately (the kernel is compiled without contraction).
func TestAMDSampleFIR(t *testing.T) {
	for _, target := range amdSampleTargets {
		t.Run(target, func(t *testing.T) {
			p := runAMDSample(t, "fir", target)
			x, h, y := u32s(buf(t, p, "x")), u32s(buf(t, p, "h")), u32s(buf(t, p, "y"))
			for i := range y {
				acc := float32(0)
				for k := range h {
					if j := i - k; j >= 0 {
						prod := float32(f32(x[j]) * f32(h[k])) // explicit conversion: no fused multiply-add
						acc = float32(acc + prod)
					}
				}
				if want := math.Float32bits(acc); y[i] != want {
					t.Fatalf("y[%d] = %#x (%g), want %#x (%g)", i, y[i], f32(y[i]), want, acc)
				}
			}
		})
	}
}

// TestAMDSampleDivisionFTZ runs the division kernel built with
// -cl-denorms-are-zero: the kernel descriptor flushes f32 denormals and the
// macro turns them on around its FMA chain with s_denorm_mode (GFX10+) or
// s_setreg_imm32_b32 (GFX9). The result must be alu.DivF32 under MODE's
// flushing: the quotient of the flushed inputs, rounded to nearest even,
// zero when it is tiny (package alu flushes a result that is denormal
// before rounding; alu checks DivF32 against an exact oracle).
func TestAMDSampleDivisionFTZ(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 20000
	}
	a, b := divInputs(n)
	for _, target := range []string{"gfx90a", "gfx1030", "gfx1100", "gfx1200"} {
		t.Run(target, func(t *testing.T) {
			p := prepareAMDSample(t, "divftz", target, func(s *LaunchSpec) {
				s.Grid[0] = uint32((n + 255) / 256)
				s.Args[3].Value = Scalar{Int: int64(n)}
			})
			putU32s(t, p, "a", a)
			putU32s(t, p, "b", b)
			if _, err := RunFunctional(p); err != nil {
				t.Fatal(err)
			}
			c := u32s(buf(t, p, "c"))
			for i := 0; i < n; i++ {
				want := alu.DivF32(a[i], b[i], alu.FlushIn|alu.FlushOut)
				if c[i] != want {
					t.Fatalf("%#08x / %#08x = %#08x, want %#08x", a[i], b[i], c[i], want)
				}
			}
		})
	}
}
