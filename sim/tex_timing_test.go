package sim

import (
	"encoding/binary"
	"fmt"
	"os"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces/ptx"
)

// The texture path's timing on every NVIDIA preset, end to end (kernels
// of testdata/tex/timing.ptx, from gen_timing.sh): a chain of dependent
// texture fetches that hit in the L1 takes memory.tex_latency cycles per
// fetch, and fetches from 32 warps on one SM complete at units.tex.lanes
// per clock (the texture units' filtering rate), each within 5%.
func TestTexTiming(t *testing.T) {
	const path = "testdata/tex/timing.ptx"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := ptx.Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	chain := values(64, func(i int) float64 { return float64((i + 1) % 64) })
	for _, preset := range []string{"sm_75", "sm_80", "sm_86", "sm_89"} {
		m, err := config.Load(preset, nil)
		if err != nil {
			t.Fatal(err)
		}
		run := func(kernel string, threads int, lf string) *Prepared {
			spec, err := ParseLaunch("timing.launch.toml", []byte(fmt.Sprintf("kernel = %q\nblock = [%d, 1, 1]\n", kernel, threads)+lf))
			if err != nil {
				t.Fatal(err)
			}
			p, err := Prepare(prog, m, spec, Overrides{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := RunTiming(p, TimingOptions{}); err != nil {
				t.Fatalf("%s %s: %v", preset, kernel, err)
			}
			return p
		}
		p := run("chase", 1, `[buffers.chain]
type = "u32"
count = 64
init = "values"
values = `+chain+`
[buffers.out]
type = "u64"
count = 2
[textures.t]
buffer = "chain"
format = "u32"
width = 64
[[args]]
texture = "t"
[[args]]
buffer = "out"
`)
		out, _ := p.Buffer("out")
		perFetch := float64(binary.LittleEndian.Uint64(out)) / 64
		if want := float64(m.Memory.TexLatency); !within(perFetch, want, 0.05) {
			t.Errorf("%s: dependent L1-hit fetches take %.2f cycles, memory.tex_latency is %v", preset, perFetch, want)
		}
		p = run("tput", 1024, `[buffers.pix]
type = "f32"
count = 16
[buffers.out]
type = "u64"
count = 2048
[textures.t]
buffer = "pix"
format = "f32"
width = 4
height = 4
[[args]]
texture = "t"
[[args]]
buffer = "out"
`)
		out, _ = p.Buffer("out")
		first, last := ^uint64(0), uint64(0)
		for i := 0; i < 1024; i++ {
			first = min(first, binary.LittleEndian.Uint64(out[16*i:]))
			last = max(last, binary.LittleEndian.Uint64(out[16*i+8:]))
		}
		rate := float64(1024*8*16) / float64(last-first)
		lanes := 0
		for _, u := range m.Units {
			if u.Name == "tex" {
				lanes = u.Lanes
			}
		}
		if !within(rate, float64(lanes), 0.05) {
			t.Errorf("%s: %.2f fetches per clock per SM, units.tex.lanes is %d", preset, rate, lanes)
		}
		t.Logf("%s: %.2f cycles per dependent fetch (tex_latency %d), %.2f fetches/clk/SM (lanes %d)", preset, perFetch, m.Memory.TexLatency, rate, lanes)
	}
}
