package amd

import (
	"encoding/binary"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"math"
	"os"
	"testing"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/warp"
)

// Benchmarks of wave execution on the AMD samples: one workgroup of 256
// work-items run over and over, with the kernarg segment laid out as the
// launcher does (buffers, then n / taps, then hidden_group_size_x).

func BenchmarkWaveDivGfx1100(b *testing.B) { benchWaveSample(b, "div_gfx1100", 3) }
func BenchmarkWaveDivGfx90a(b *testing.B)  { benchWaveSample(b, "div_gfx90a", 3) }
func BenchmarkWaveFIRGfx1100(b *testing.B) { benchWaveSample(b, "fir_gfx1100", 3) }

// benchWaveSample runs sample name with bufs f32 buffers of 256 elements as
// its first arguments.
func benchWaveSample(b *testing.B, name string, bufs int) {
	path := "../../traces/samples/amd/" + name + ".s"
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	prog, err := amdgpu.Parse(path, src)
	if err != nil {
		b.Fatal(err)
	}
	k := prog.Kernels[0]
	g := mem.NewGlobal()
	karg, err := g.Alloc(k.AMD.KernargSize, 256)
	if err != nil {
		b.Fatal(err)
	}
	kb, _ := g.Host(karg, k.AMD.KernargSize)
	for i := 0; i < bufs; i++ {
		addr, err := g.Alloc(4*256, 256)
		if err != nil {
			b.Fatal(err)
		}
		data, _ := g.Host(addr, 4*256)
		for j := 0; j < 256; j++ {
			binary.LittleEndian.PutUint32(data[4*j:], math.Float32bits(float32(j%17)+1.5))
		}
		binary.LittleEndian.PutUint64(kb[8*i:], addr)
	}
	binary.LittleEndian.PutUint32(kb[8*bufs:], 256) // n
	if len(k.Params) > bufs+1 {
		binary.LittleEndian.PutUint32(kb[8*bufs+4:], 16) // taps
	}
	for _, h := range k.AMD.Hidden {
		switch h.Kind {
		case "group_size_x":
			binary.LittleEndian.PutUint16(kb[h.Offset:], 256)
		case "group_size_y", "group_size_z", "block_count_x", "block_count_y", "block_count_z":
			binary.LittleEndian.PutUint16(kb[h.Offset:], 1)
		}
	}
	l, err := NewLaunch(LaunchConfig{Program: prog, Kernel: k, Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{256, 1, 1},
		Global: g, Kernarg: karg, Model: testModel()})
	if err != nil {
		b.Fatal(err)
	}
	blk, err := l.NewBlock([3]uint32{}, 0)
	if err != nil {
		b.Fatal(err)
	}
	count := func() uint64 {
		var n uint64
		l.Counts(func(t []warp.PCCount) {
			for _, c := range t {
				n += c.Warp
			}
		})
		return n
	}
	if err := blk.Run(); err != nil {
		b.Fatal(err)
	}
	before := count()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		blk.Reset([3]uint32{}, 0)
		if err := blk.Run(); err != nil {
			b.Fatal(err)
		}
	}
	insts := float64(count() - before)
	b.ReportMetric(insts/b.Elapsed().Seconds(), "wave-inst/s")
	b.ReportMetric(insts/float64(b.N), "wave-inst/op")
}
