package sim

import (
	"encoding/binary"
	"os"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/traces/ptx"
)

// The tensor-core GEMM samples (traces/samples/gemm_*_sm80, compiled by
// clang-19 and, in nvcc/, by nvcc 11.8): their C must be the tensor-core
// model's bits, computed here in Go straight from the model (no fragment,
// no simulator): C[i][j] is the chain of K/16 m16n16k16 or m16n8k16
// products in k order, each the model's dot product of 16 terms with the
// previous value as the accumulator. In timing mode the tensor unit is
// busy and the double-buffered copies show in the wait_group state.

// prepareSample prepares a sample's PTX (path) with its launch file on a
// preset; src, when not nil, replaces the file's text.
func prepareSample(t *testing.T, path, launch, preset string, src []byte) *Prepared {
	t.Helper()
	if src == nil {
		var err error
		if src, err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
	}
	prog, err := ptx.Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load(preset, nil)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := LoadLaunch(launch)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(prog, m, spec, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// gemmSample is one GEMM sample: its size and B's layout.
type gemmSample struct {
	name    string
	n       int  // M = N = K
	bColumn bool // B column-major (the wmma sample), else row-major
}

var gemmSamples = []gemmSample{{"gemm_wmma_sm80", 128, true}, {"gemm_mma_async_sm80", 256, false}}

// wantGemm is C of the sample's inputs under tensor model tm.
func wantGemm(t *testing.T, p *Prepared, s gemmSample, tm *alu.TensorModel) []uint32 {
	t.Helper()
	a, b := buf(t, p, "a"), buf(t, p, "b")
	n := s.n
	half := func(x []byte, i int) uint32 { return uint32(binary.LittleEndian.Uint16(x[2*i:])) }
	out := make([]uint32, n*n)
	arow, bcol := make([]uint32, 16), make([]uint32, 16)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			acc := uint32(0)
			for k0 := 0; k0 < n; k0 += 16 {
				for k := 0; k < 16; k++ {
					arow[k] = half(a, i*n+k0+k)
					if s.bColumn {
						bcol[k] = half(b, j*n+k0+k)
					} else {
						bcol[k] = half(b, (k0+k)*n+j)
					}
				}
				acc = tm.DotF32(alu.TensorF16, arow, bcol, acc)
			}
			out[i*n+j] = acc
		}
	}
	return out
}

// TestGemmSamplesGiveModelBits: both samples, both compilers, on sm_80
// (the ampere model) and the wmma one on sm_75 (turing), functionally.
func TestGemmSamplesGiveModelBits(t *testing.T) {
	for _, s := range gemmSamples {
		for _, dir := range []string{"", "nvcc/"} {
			for _, preset := range []string{"sm_80", "sm_75"} {
				if preset == "sm_75" && (dir != "" || !s.bColumn) {
					continue
				}
				path := "../traces/samples/" + dir + s.name + ".ptx"
				p := prepareSample(t, path, "../traces/samples/"+s.name+".launch.toml", preset, nil)
				if _, err := RunFunctional(p); err != nil {
					t.Fatal(err)
				}
				m, _ := config.Load(preset, nil)
				want := wantGemm(t, p, s, alu.TensorModelNamed(m.Numerics.Tensor))
				got := u32s(buf(t, p, "c"))
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("%s on %s: C[%d][%d] = %#x, want the %s model's %#x", path, preset, i/s.n, i%s.n, got[i], m.Numerics.Tensor, want[i])
					}
				}
			}
		}
	}
	// The models differ on these inputs: the comparison above could tell
	// the wrong model from the right one.
	p := prepareSample(t, "../traces/samples/gemm_wmma_sm80.ptx", "../traces/samples/gemm_wmma_sm80.launch.toml", "sm_80", nil)
	amp, tur := wantGemm(t, p, gemmSamples[0], alu.TensorModelNamed("ampere")), wantGemm(t, p, gemmSamples[0], alu.TensorModelNamed("turing"))
	differ := 0
	for i := range amp {
		if amp[i] != tur[i] {
			differ++
		}
	}
	if differ == 0 {
		t.Error("the ampere and turing models agree on every element of the wmma sample")
	}
	t.Logf("ampere and turing differ on %d of %d elements", differ, len(amp))
}

// TestGemmSamplesTiming: in timing mode the tensor unit does every
// multiply-accumulate (busy cycles = mma count x initiation), the
// double-buffered sample waits for its copies (wait_group), and waiting for
// every copy at once (wait_group 0: no overlap) waits longer and runs
// longer.
func TestGemmSamplesTiming(t *testing.T) {
	busy := func(ks *KernelStats) uint64 {
		for _, u := range ks.Timing.Units {
			if u.Name == "tensor" {
				return u.BusyCycles
			}
		}
		return 0
	}
	// wmma: 16 blocks x 4 warps x 8 k-steps of m16n16k16 at 16 cycles.
	p := prepareSample(t, "../traces/samples/gemm_wmma_sm80.ptx", "../traces/samples/gemm_wmma_sm80.launch.toml", "sm_80", nil)
	ks, err := RunTiming(p, TimingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := busy(ks); got != 16*4*8*16 {
		t.Errorf("wmma sample: tensor busy %d cycles, want %d", got, 16*4*8*16)
	}
	path := "../traces/samples/gemm_mma_async_sm80.ptx"
	launch := "../traces/samples/gemm_mma_async_sm80.launch.toml"
	p = prepareSample(t, path, launch, "sm_80", nil)
	ks, err = RunTiming(p, TimingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// 16 blocks x 4 warps x 8 k-steps x 2 k16 x 8 mma.m16n8k16 at 8 cycles.
	if got := busy(ks); got != 16*4*8*2*8*8 {
		t.Errorf("mma sample: tensor busy %d cycles, want %d", got, 16*4*8*2*8*8)
	}
	overlapped := ks.Timing.Stalls[core.WaitGroup]
	if overlapped == 0 {
		t.Fatal("the double-buffered sample never waits for its copies")
	}
	src, _ := os.ReadFile(path)
	serial := strings.ReplaceAll(string(src), "cp.async.wait_group 1;", "cp.async.wait_group 0;")
	if serial == string(src) {
		t.Fatal("the sample has no cp.async.wait_group 1")
	}
	p2 := prepareSample(t, path, launch, "sm_80", []byte(serial))
	ks2, err := RunTiming(p2, TimingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ks2.Timing.Stalls[core.WaitGroup] <= overlapped || ks2.Timing.Cycles <= ks.Timing.Cycles {
		t.Errorf("without overlap: wait_group %d cycles (overlapped %d), %d cycles (overlapped %d); want both more",
			ks2.Timing.Stalls[core.WaitGroup], overlapped, ks2.Timing.Cycles, ks.Timing.Cycles)
	}
	t.Logf("wait_group: %d warp-cycles double-buffered, %d waiting for every copy; kernel %d vs %d cycles",
		overlapped, ks2.Timing.Stalls[core.WaitGroup], ks.Timing.Cycles, ks2.Timing.Cycles)
	if got, want := u32s(buf(t, p2, "c")), u32s(buf(t, p, "c")); string(u32bytes(got)) != string(u32bytes(want)) {
		t.Error("the serial variant computes different bits")
	}
}

func u32bytes(v []uint32) []byte {
	out := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(out[4*i:], x)
	}
	return out
}
