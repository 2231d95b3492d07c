package sim

import (
	"encoding/binary"
	"github.com/gpusim/gpusim/traces/ptx"
	"math"
	"math/big"
	"os"
	"testing"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/config"
)

// The bundled samples (traces/samples), run the way a user runs them:
// parsed, launched from their launch files, executed; every output buffer
// is checked against a Go computation of the kernel's source function.

// runSample runs one sample functionally and returns the prepared launch
// (whose buffers hold the results).
func runSample(t *testing.T, name string) *Prepared {
	t.Helper()
	path := "../traces/samples/" + name + ".ptx"
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
	spec, err := LoadLaunch("../traces/samples/" + name + ".launch.toml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(prog, m, spec, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RunFunctional(p); err != nil {
		t.Fatal(err)
	}
	return p
}

func buf(t *testing.T, p *Prepared, name string) []byte {
	t.Helper()
	b, err := p.Buffer(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func u32s(b []byte) []uint32 {
	out := make([]uint32, len(b)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

func u64s(b []byte) []uint64 {
	out := make([]uint64, len(b)/8)
	for i := range out {
		out[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return out
}

func f32(b uint32) float32 { return math.Float32frombits(b) }

func TestSampleVecadd(t *testing.T) {
	p := runSample(t, "vecadd")
	a, b, c := u32s(buf(t, p, "a")), u32s(buf(t, p, "b")), u32s(buf(t, p, "c"))
	for i := range c {
		// Go's float32 addition is IEEE round-to-nearest-even, as add.f32.
		if want := math.Float32bits(f32(a[i]) + f32(b[i])); c[i] != want {
			t.Fatalf("c[%d] = %#x, want %#x", i, c[i], want)
		}
	}
}

func TestSampleDivergent(t *testing.T) {
	p := runSample(t, "divergent")
	in, out := u32s(buf(t, p, "in")), u32s(buf(t, p, "out"))
	const n = 4000 // the launch's n: elements past it are untouched
	for i := range out {
		want := uint32(0)
		if i < n {
			want = uint32(divergentSource(int32(in[i])))
		}
		if out[i] != want {
			t.Fatalf("out[%d] = %d for input %d, want %d", i, int32(out[i]), int32(in[i]), int32(want))
		}
	}
}

// divergentSource is divergent.cu's function in Go (C's int semantics: two's
// complement wrap, % truncating toward zero, as Go's).
func divergentSource(v int32) int32 {
	if v < 0 {
		r := -v*3 + 1
		if r%7 == 0 {
			r ^= 0x55
		}
		return r
	}
	x := uint32(v) + 1
	steps := int32(0)
	for x != 1 && steps < 200 {
		if x&1 != 0 {
			x = 3*x + 1
		} else {
			x >>= 1
		}
		steps++
	}
	return steps
}

func TestSampleEx2(t *testing.T) {
	p := runSample(t, "ex2")
	x, y, z := u32s(buf(t, p, "x")), u32s(buf(t, p, "y")), u32s(buf(t, p, "z"))
	for i := range x {
		// Model-exact: the same bits as alu's MUFU.EX2 model lane by lane.
		if y[i] != alu.Ex2F32Ftz(x[i]) || z[i] != alu.Ex2F32(x[i]) {
			t.Fatalf("ex2(%#x): ftz %#x non-ftz %#x, model %#x %#x", x[i], y[i], z[i], alu.Ex2F32Ftz(x[i]), alu.Ex2F32(x[i]))
		}
		// Within the PTX contract: 2 ulp of the correctly rounded 2^x
		// (the ftz form flushes subnormal results to zero).
		if d := ulpsFromExp2(x[i], z[i], false); d > 2 {
			t.Fatalf("ex2.approx.f32(%g) = %g is %d ulp from 2^x", f32(x[i]), f32(z[i]), d)
		}
		if d := ulpsFromExp2(x[i], y[i], true); d > 2 {
			t.Fatalf("ex2.approx.ftz.f32(%g) = %g is %d ulp from 2^x", f32(x[i]), f32(y[i]), d)
		}
	}
}

// ulpsFromExp2 is the distance in f32 ulps between got and 2^x correctly
// rounded (computed exactly with math/big from float64 exp2, which is
// accurate to well under an f32 ulp); with ftz, a subnormal 2^x counts as 0.
func ulpsFromExp2(x, got uint32, ftz bool) int64 {
	want := math.Float32bits(float32(math.Exp2(float64(f32(x)))))
	if ftz && want&0x7f800000 == 0 {
		want = 0
	}
	d := int64(int32(got)) - int64(int32(want))
	if d < 0 {
		d = -d
	}
	return d
}

func TestSampleRcp64(t *testing.T) {
	p := runSample(t, "rcp64")
	x, y := u64s(buf(t, p, "x")), u64s(buf(t, p, "y"))
	for i := range x {
		if want := alu.Rcp64H(x[i]); y[i] != want {
			t.Fatalf("rcp64(%#x) = %#x, model %#x", x[i], y[i], want)
		}
		if y[i]&0xffffffff != 0 {
			t.Fatalf("rcp64(%#x) = %#x: low word not zero", x[i], y[i])
		}
		// Documented accuracy: close to 2^-20 relative to the reciprocal of
		// the 1.11.20 input (the low word of x is ignored).
		in := new(big.Float).SetFloat64(math.Float64frombits(x[i] &^ 0xffffffff))
		exact := new(big.Float).Quo(big.NewFloat(1), in)
		rel := new(big.Float).Quo(new(big.Float).Sub(new(big.Float).SetFloat64(math.Float64frombits(y[i])), exact), exact)
		if r, _ := rel.Float64(); math.Abs(r) > 0x1p-19 {
			t.Fatalf("rcp64(%g) = %g: relative error %g", math.Float64frombits(x[i]), math.Float64frombits(y[i]), r)
		}
	}
}

func TestSampleDivd(t *testing.T) {
	p := runSample(t, "divd")
	a, b, q := u64s(buf(t, p, "a")), u64s(buf(t, p, "b")), u64s(buf(t, p, "q"))
	for i := range q {
		x, d := math.Float64frombits(a[i]), math.Float64frombits(b[i])
		// The kernel's steps; math.FMA is one IEEE fma with RNE as
		// fma.rn.f64, and Go's float64 multiply is mul.rn.f64.
		y := math.Float64frombits(alu.Rcp64H(b[i]))
		e := math.FMA(-d, y, 1)
		e = math.FMA(e, e, e)
		y = math.FMA(e, y, y)
		r0 := x * y
		r := math.FMA(-d, r0, x)
		want := math.FMA(y, r, r0)
		if q[i] != math.Float64bits(want) {
			t.Fatalf("divd(%g, %g) = %#x, want %#x", x, d, q[i], math.Float64bits(want))
		}
		// And the function it computes: a/b within 1 ulp.
		if ulp := math.Abs(math.Float64frombits(q[i])-x/d) / math.Abs(math.Nextafter(x/d, math.Inf(1))-x/d); ulp > 1 {
			t.Fatalf("divd(%g, %g) = %g is %.1f ulp from a/b", x, d, math.Float64frombits(q[i]), ulp)
		}
	}
}

func TestSampleSoftmax(t *testing.T) {
	p := runSample(t, "softmax")
	x, y := u32s(buf(t, p, "x")), u32s(buf(t, p, "y"))
	const rows, n, threads = 256, 1024, 128
	for row := 0; row < rows; row++ {
		want := softmaxSource(x[row*n:(row+1)*n], threads)
		for i := range want {
			if got := y[row*n+i]; got != want[i] {
				t.Fatalf("row %d y[%d] = %#x, want %#x", row, i, got, want[i])
			}
		}
		// The function it approximates: softmax within a few f32 ulps
		// (ex2.approx is within 2 ulp; the sums round).
		var ref []float64
		m := math.Inf(-1)
		for _, v := range x[row*n : (row+1)*n] {
			m = math.Max(m, float64(f32(v)))
		}
		sum := 0.0
		for _, v := range x[row*n : (row+1)*n] {
			e := math.Exp(float64(f32(v)) - m)
			ref = append(ref, e)
			sum += e
		}
		for i := range ref {
			if d := math.Abs(float64(f32(want[i])) - ref[i]/sum); d > 1e-5*ref[i]/sum+1e-30 {
				t.Fatalf("row %d: softmax[%d] = %g, true value %g", row, i, f32(want[i]), ref[i]/sum)
			}
		}
	}
}

// softmaxSource is softmax.cu for one row, in the kernel's order of
// operations: strided per-thread partial results, then a shared-memory tree
// reduction; f32 arithmetic (Go float32 is IEEE RNE) and the ex2 model.
func softmaxSource(xs []uint32, threads int) []uint32 {
	const log2e = float32(1.4426950408889634)
	red := make([]float32, threads)
	for t := range red {
		m := float32(math.Inf(-1))
		for i := t; i < len(xs); i += threads {
			m = maxf(m, f32(xs[i]))
		}
		red[t] = m
	}
	for s := threads / 2; s > 0; s >>= 1 {
		for t := 0; t < s; t++ {
			red[t] = maxf(red[t], red[t+s])
		}
	}
	m := red[0]
	e := make([]float32, len(xs))
	for t := range red {
		sum := float32(0)
		for i := t; i < len(xs); i += threads {
			arg := (f32(xs[i]) - m) * log2e
			e[i] = f32(alu.Ex2F32Ftz(math.Float32bits(arg)))
			sum += e[i]
		}
		red[t] = sum
	}
	for s := threads / 2; s > 0; s >>= 1 {
		for t := 0; t < s; t++ {
			red[t] += red[t+s]
		}
	}
	out := make([]uint32, len(xs))
	for i := range e {
		out[i] = math.Float32bits(e[i] / red[0])
	}
	return out
}

// maxf is fmaxf without NaNs in play (the inputs have none).
func maxf(a, b float32) float32 {
	if b > a {
		return b
	}
	return a
}
