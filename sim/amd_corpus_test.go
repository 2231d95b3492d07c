package sim

import (
	"encoding/binary"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/gpusim/gpusim/config"
)

// The kernels of traces/testdata/amdgpu/corpus.cl, compiled by LLVM for
// every target, run on random inputs and compared with Go computations of
// their source, element by element.

// corpusBuf is one buffer of a corpus launch: its element type and count,
// and its contents (nil: zeros).
type corpusBuf struct {
	name  string
	typ   ElemType
	count int
	data  []byte
}

// runCorpus launches kernel of the corpus for target with grid x block
// work-items, the buffers as its pointer arguments in order and values
// after them, and returns the buffers' final contents by name.
func runCorpus(t *testing.T, target, kernel string, grid, block int, bufs []corpusBuf, values ...int64) map[string][]byte {
	t.Helper()
	path := "../traces/testdata/amdgpu/corpus_" + target + ".s"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := amdgpu.Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load(target, nil)
	if err != nil {
		t.Fatal(err)
	}
	spec := &LaunchSpec{Kernel: kernel, Grid: [3]uint32{uint32(grid), 1, 1}, Block: [3]uint32{uint32(block), 1, 1}}
	for _, b := range bufs {
		spec.Buffers = append(spec.Buffers, &BufferSpec{Name: b.name, Type: b.typ, Count: uint64(b.count), Init: "zeros"})
		spec.Args = append(spec.Args, ArgSpec{Buffer: b.name})
	}
	for _, v := range values {
		spec.Args = append(spec.Args, ArgSpec{Value: Scalar{Int: v}})
	}
	p, err := Prepare(prog, m, spec, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bufs {
		if b.data != nil {
			copy(buf(t, p, b.name), b.data)
		}
	}
	if _, err := RunFunctional(p); err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, b := range bufs {
		out[b.name] = buf(t, p, b.name)
	}
	return out
}

// randBytes returns n random bytes (fixed seed per call site).
func randBytes(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 99))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// randFloats returns n f32 values uniform in [lo, hi) as bytes.
func randFloats(seed uint64, n int, lo, hi float64) []byte {
	r := rand.New(rand.NewPCG(seed, 98))
	b := make([]byte, 4*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(float32(lo+r.Float64()*(hi-lo))))
	}
	return b
}

func TestAMDCorpusInts(t *testing.T) {
	const n = 1024
	a, b := randBytes(1, 4*n), randBytes(2, 4*n)
	for _, target := range amdTargets {
		t.Run(target, func(t *testing.T) {
			out := u32s(runCorpus(t, target, "ints", n/64, 64, []corpusBuf{
				{"a", ElemU32, n, a}, {"b", ElemU32, n, b}, {"out", ElemU32, 8 * n, nil}})["out"])
			av, bv := u32s(a), u32s(b)
			for i := 0; i < n; i++ {
				x, y := av[i], bv[i]|1
				sx, sy := int32(x), int32(y)
				hi, _ := bits.Mul32(x, y)
				want := [8]uint32{
					x / y,
					uint32(sx % sy),
					hi,
					uint32(bits.OnesCount32(x) + bits.LeadingZeros32(y)),
					(x >> (y & 31)) ^ uint32(sx>>(x&31)),
					(x >> 5) & 0x7ff,
					uint32(max(sx, sy)) - min(x, y),
					(x << 3) + (y>>2)*5,
				}
				if sx == math.MinInt32 && sy == -1 {
					want[1] = out[8*i+1] // C leaves INT_MIN % -1 undefined
				}
				for k, w := range want {
					if got := out[8*i+k]; got != w {
						t.Fatalf("element %d result %d: %#x, want %#x (a %#x b %#x)", i, k, got, w, x, y)
					}
				}
			}
		})
	}
}

func TestAMDCorpusLongs(t *testing.T) {
	const n = 512
	a, b := randBytes(3, 8*n), randBytes(4, 8*n)
	for _, target := range amdTargets {
		t.Run(target, func(t *testing.T) {
			out := u64s(runCorpus(t, target, "longs", n/64, 64, []corpusBuf{
				{"a", ElemU64, n, a}, {"b", ElemU64, n, b}, {"out", ElemU64, 4 * n, nil}})["out"])
			av, bv := u64s(a), u64s(b)
			for i := 0; i < n; i++ {
				x, y := av[i], bv[i]
				d := y - x
				if x > y {
					d = x - y
				}
				want := [4]uint64{x*y + x>>7, uint64(int64(x)>>(y&63)) + y<<(x&63), d, (x ^ y) | (x & (y >> 3))}
				for k, w := range want {
					if got := out[4*i+k]; got != w {
						t.Fatalf("element %d result %d: %#x, want %#x", i, k, got, w)
					}
				}
			}
		})
	}
}

// fmaF32 is the f32 fused multiply-add, exact through math/big.
func fmaF32(x, y, z float32) float32 {
	p := new(big.Float).SetPrec(200).SetFloat64(float64(x))
	p.Mul(p, new(big.Float).SetPrec(200).SetFloat64(float64(y)))
	p.Add(p, new(big.Float).SetPrec(200).SetFloat64(float64(z)))
	f, _ := p.Float32()
	return f
}

// roundEven32 is rint: to the nearest integer, ties to even.
func roundEven32(x float32) float32 { return float32(math.RoundToEven(float64(x))) }

func TestAMDCorpusFloats(t *testing.T) {
	const n = 1024
	a, b := randFloats(5, n, -50, 50), randFloats(6, n, -3, 3)
	for _, target := range amdTargets {
		t.Run(target, func(t *testing.T) {
			out := u32s(runCorpus(t, target, "floats", n/64, 64, []corpusBuf{
				{"a", ElemF32, n, a}, {"b", ElemF32, n, b}, {"out", ElemF32, 8 * n, nil}})["out"])
			av, bv := u32s(a), u32s(b)
			for i := 0; i < n; i++ {
				x, y := f32(av[i]), f32(bv[i])
				sel := float32(x - y)
				if x < y {
					sel = float32(x * y)
				}
				want := [8]float32{
					float32(min(x, y) + max(x, 1)),
					float32(float32(math.Floor(float64(x))) - float32(math.Ceil(float64(y)))),
					float32(float32(math.Trunc(float64(float32(x*3)))) + roundEven32(float32(y*5))),
					float32(float32(math.Abs(float64(x))) * float32(math.Copysign(2, float64(y)))),
					float32(math.Ldexp(float64(x), int(int32(float32(y*10))))),
					float32(float32(int32(float32(x*100))) + float32(uint32(float32(math.Abs(float64(float32(y*1000))))))),
					sel,
					fmaF32(x, y, -x),
				}
				for k, w := range want {
					if got := out[8*i+k]; got != math.Float32bits(w) {
						t.Fatalf("element %d result %d: %g (%#x), want %g (%#x) (a %g b %g)", i, k, f32(got), got, w, math.Float32bits(w), x, y)
					}
				}
			}
		})
	}
}

func TestAMDCorpusDoubles(t *testing.T) {
	const n = 512
	r := rand.New(rand.NewPCG(7, 7))
	a := make([]byte, 8*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint64(a[8*i:], math.Float64bits(r.Float64()*200-100))
	}
	b := randFloats(8, n, -100, 100)
	for _, target := range amdTargets {
		t.Run(target, func(t *testing.T) {
			out := u64s(runCorpus(t, target, "doubles", n/64, 64, []corpusBuf{
				{"a", ElemF64, n, a}, {"b", ElemF32, n, b}, {"out", ElemF64, 4 * n, nil}})["out"])
			av, bv := u64s(a), u32s(b)
			for i := 0; i < n; i++ {
				x, y := math.Float64frombits(av[i]), float64(f32(bv[i]))
				sel := math.Max(x, y)
				if x < y {
					sel = float64(int32(float64(x * 7)))
				}
				want := [4]float64{
					math.FMA(x, y, x), // OpenCL contracts x*y + x into v_fma_f64
					math.FMA(x, y, 0.5) - math.Floor(x),
					sel,
					float64(float32(float64(x*3))) + float64(i),
				}
				for k, w := range want {
					if got := out[4*i+k]; got != math.Float64bits(w) {
						t.Fatalf("element %d result %d: %g, want %g (a %g b %g)", i, k, math.Float64frombits(got), w, x, y)
					}
				}
			}
		})
	}
}

func TestAMDCorpusBytes(t *testing.T) {
	const n = 1024
	const k = 77
	a, b := randBytes(9, n), randBytes(10, 2*n)
	for _, target := range amdTargets {
		t.Run(target, func(t *testing.T) {
			res := runCorpus(t, target, "bytes", n/64, 64, []corpusBuf{
				{"a", ElemU8, n, a}, {"b", ElemI16, n, b}, {"c", ElemU8, n, nil}, {"d", ElemI16, n, nil}}, k)
			c, d := res["c"], res["d"]
			for i := 0; i < n; i++ {
				bi := int16(binary.LittleEndian.Uint16(b[2*i:]))
				wc := uint8((uint32(a[i])*k + uint32(int32(bi))) >> 3)
				wd := int16((int32(bi)*k - int32(int8(a[i]))) >> 2)
				if c[i] != wc || int16(binary.LittleEndian.Uint16(d[2*i:])) != wd {
					t.Fatalf("element %d: c %d d %d, want %d %d", i, c[i], int16(binary.LittleEndian.Uint16(d[2*i:])), wc, wd)
				}
			}
		})
	}
}

func TestAMDCorpusLDS(t *testing.T) {
	const n, group = 1024, 64
	a := randBytes(11, 4*n)
	for _, target := range amdTargets {
		t.Run(target, func(t *testing.T) {
			m, err := config.Load(target, nil)
			if err != nil {
				t.Fatal(err)
			}
			wave := m.GPU.WarpSize
			out := u32s(runCorpus(t, target, "lds", n/group, group, []corpusBuf{{"a", ElemU32, n, a}, {"out", ElemU32, n, nil}})["out"])
			v := u32s(a)
			for i := 0; i < n; i++ {
				g, l := i/group*group, uint32(i%group)
				j := (v[i] & 63) ^ l
				r := v[g+int(j)] + 3*v[g+int(j^1)]
				base := i &^ (wave - 1) // lane 0 of the work-item's wave
				s := v[base+int(v[i]&31)]
				if want := r ^ s ^ v[base]; out[i] != want {
					t.Fatalf("element %d: %#x, want %#x", i, out[i], want)
				}
			}
		})
	}
}

func TestAMDCorpusAtomics(t *testing.T) {
	const n = 4096
	r := rand.New(rand.NewPCG(12, 12))
	a := make([]byte, 4*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(a[4*i:], uint32(r.IntN(1000)))
	}
	for _, target := range amdTargets {
		t.Run(target, func(t *testing.T) {
			res := runCorpus(t, target, "atomics", n/64, 64, []corpusBuf{
				{"a", ElemU32, n, a}, {"hist", ElemU32, 17, nil}, {"total", ElemU32, 1, nil}})
			hist, total := u32s(res["hist"]), u32s(res["total"])
			var want [17]uint32
			var sum uint32
			for _, x := range u32s(a) {
				want[x&15]++
				sum += x
			}
			for k := range want {
				if hist[k] != want[k] {
					t.Fatalf("hist[%d] = %d, want %d", k, hist[k], want[k])
				}
			}
			if total[0] != sum {
				t.Fatalf("total = %d, want %d", total[0], sum)
			}
		})
	}
}
