package sim

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces/ptx"
)

// TestTexCompiled runs the texture and surface kernels of
// testdata/tex/cuda/tex_kernels.cu as nvcc 11.8 (sm_75, sm_90) and
// clang-19 (sm_75, sm_80) compiled them (gen.sh; the PTX is committed),
// through launch files on the sm_75 preset in both modes, each output
// checked: filtered fetches against the rational reference of
// tex_filter_test.go, the others against values worked out here.
func TestTexCompiled(t *testing.T) {
	files, err := filepath.Glob("testdata/tex/cuda/tex_kernels.*.ptx")
	if err != nil || len(files) != 4 {
		t.Fatalf("compiled fixtures %v (%v): want nvcc sm_75, sm_90 and clang sm_75, sm_80", files, err)
	}
	m, err := config.Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(31, 32))
	const n = 64

	// fetch2d: a 5x3 f32 texture, linear, normalised, wrap.
	tex2 := make([]float64, 15)
	for i := range tex2 {
		tex2[i] = float64(float32(r.Float64()*8 - 4))
	}
	ref2 := refTex{size: [3]int{5, 3, 1}, texel: func(x, y, z int) [4]*big.Rat {
		return [4]*big.Rat{ratF32(float32(tex2[y*5+x])), new(big.Rat), new(big.Rat), big.NewRat(1, 1)}
	}}
	in2 := make([]float32, 4*n)
	for i := 0; i < n; i++ {
		in2[4*i], in2[4*i+1] = float32(i%13)/10-0.15, float32(i%7)/6-0.05
	}
	var want2 []uint32
	for i := 0; i < n; i++ {
		w := refFetch(ref2, refSamp{linear: true, addr: "wrap", normalized: true}, [3]float32{in2[4*i], in2[4*i+1]}, 2)
		want2 = append(want2, w[:]...)
	}
	// fetch3d: a 3x4x2 f32 texture, linear, unnormalised, clamp.
	tex3 := make([]float64, 24)
	for i := range tex3 {
		tex3[i] = float64(float32(r.Float64()*100 - 50))
	}
	ref3 := refTex{size: [3]int{3, 4, 2}, texel: func(x, y, z int) [4]*big.Rat {
		return [4]*big.Rat{ratF32(float32(tex3[(z*4+y)*3+x])), new(big.Rat), new(big.Rat), big.NewRat(1, 1)}
	}}
	in3 := make([]float32, 4*n)
	var want3 []uint32
	for i := 0; i < n; i++ {
		c := [3]float32{float32(i%9)/2 - 0.7, float32(i%11) / 2.5, float32(i%5) / 2}
		copy(in3[4*i:], c[:])
		want3 = append(want3, refFetch(ref3, refSamp{linear: true, addr: "clamp"}, c, 3)[0])
	}
	// fetch1d: 20 i32 texels of linear memory, border (0 outside).
	in1 := make([]int64, n)
	var want1 []uint32
	for i := 0; i < n; i++ {
		in1[i] = int64(i%30 - 5)
		v := uint32(0)
		if in1[i] >= 0 && in1[i] < 20 {
			v = uint32(int32(in1[i]*in1[i] - 7))
		}
		want1 = append(want1, v)
	}
	// fetchLayered: 4x3, 3 layers, texel = 1000 layer + 10 y + x, at texel centres.
	inL := make([]float32, 4*n)
	var wantL []uint32
	for i := 0; i < n; i++ {
		x, y, l := i%4, i/4%3, i%3
		inL[4*i], inL[4*i+1], inL[4*i+2] = float32(x)+0.5, float32(y)+0.5, float32(l)
		wantL = append(wantL, f32w(float32(1000*l+10*y+x)))
	}
	// fetchCube: the six faces (tex_forms_test's directions and values).
	dirs := [][3]float32{{1, 0, 0}, {-1, 0.25, 0}, {0.25, 2, -0.5}, {0, -2, 1}, {-0.25, 0, 3}, {0.5, 0.5, -4}}
	cubeWant := []float32{22, 112, 212, 312, 421, 511}
	inC := make([]float32, 4*n)
	var wantC []uint32
	for i := 0; i < n; i++ {
		copy(inC[4*i:], dirs[i%6][:])
		wantC = append(wantC, f32w(cubeWant[i%6]))
	}
	// fetchLod, fetchGrad: the 8x8 texture of four levels of
	// tex_forms_test (texel = 1000 level + 10 y + x), at (0.5, 0.5).
	lods := []float32{0, 1, 2.4, 5, -1}
	lodWant := []float32{44, 1022, 2011, 3000, 44}
	inD, inG := make([]float32, 4*n), make([]float32, 4*n)
	grads := [][2]float32{{0.125, 0.125}, {0.25, 0.125}, {0.5, 0.25}, {1, 1}, {0.01, 0.02}}
	var wantD, wantG []uint32
	for i := 0; i < n; i++ {
		inD[4*i], inD[4*i+1], inD[4*i+2] = 0.5, 0.5, lods[i%5]
		wantD = append(wantD, f32w(lodWant[i%5]))
		g := grads[i%5]
		inG[4*i], inG[4*i+1], inG[4*i+2], inG[4*i+3] = 0.5, 0.5, g[0], g[1]
		wantG = append(wantG, f32w([]float32{44, 1022, 2011, 3000, 44}[i%5])) // rho in texels: 1, 2, 4, 8+, <1
	}
	// gather: a 4x6 f32x2 texture (x, 10 x + y), component 1 of the
	// footprint at (1.5, 2.25): texels (1,2), (2,2), (2,1), (1,1).
	inT := make([]float32, 4*n)
	var wantT []uint32
	for i := 0; i < n; i++ {
		inT[4*i], inT[4*i+1] = 1.5, 2.25
		wantT = append(wantT, f32w(12), f32w(22), f32w(21), f32w(11))
	}
	// ref2d: the legacy reference bound to an 8x4 f32 texture (x + 10 y), point, clamp.
	inR := make([]float32, 4*n)
	var wantR []uint32
	for i := 0; i < n; i++ {
		x, y := float32(i%10)-0.5, float32(i%5)-0.25
		inR[4*i], inR[4*i+1] = x, y
		tx := min(max(int(math.Floor(float64(x))), 0), 7)
		ty := min(max(int(math.Floor(float64(y))), 0), 3)
		wantR = append(wantR, f32w(float32(tx+10*ty)))
	}

	floats := func(xs []float32) string { return "[" + fmtFloats(xs) + "]" }
	mips := values(85, func(i int) float64 {
		for l, n := 0, 64; ; l, n = l+1, n/4 {
			if i < n {
				w := int(math.Sqrt(float64(n)))
				return float64(1000*l + 10*(i/w) + i%w)
			}
			i -= n
		}
	})
	common := func(kernel, tex, in string, outCount int) string {
		return fmt.Sprintf("kernel = %q\nblock = [%d, 1, 1]\n[buffers.in]\ntype = \"f32\"\ncount = %d\ninit = \"values\"\nvalues = %s\n[buffers.out]\ntype = \"u32\"\ncount = %d\n%s",
			kernel, n, 4*n, in, outCount, tex)
	}
	texArgs := "[[args]]\ntexture = \"t\"\n[[args]]\nbuffer = \"in\"\n[[args]]\nbuffer = \"out\"\n"
	cases := []struct {
		kernel, lf string
		want       []uint32
	}{
		{"fetch2d", common("fetch2d", "[buffers.pix]\ntype = \"f32\"\ncount = 15\ninit = \"values\"\nvalues = "+values(15, func(i int) float64 { return tex2[i] })+
			"\n[textures.t]\nbuffer = \"pix\"\nformat = \"f32\"\nwidth = 5\nheight = 3\nfilter = \"linear\"\nnormalized = true\naddress = [\"wrap\"]\n"+texArgs, floats(in2), 4*n), want2},
		{"fetch3d", common("fetch3d", "[buffers.pix]\ntype = \"f32\"\ncount = 24\ninit = \"values\"\nvalues = "+values(24, func(i int) float64 { return tex3[i] })+
			"\n[textures.t]\nbuffer = \"pix\"\nformat = \"f32\"\nwidth = 3\nheight = 4\ndepth = 2\nfilter = \"linear\"\n"+texArgs, floats(in3), n), want3},
		{"fetch1d", fmt.Sprintf("kernel = \"fetch1d\"\nblock = [%d, 1, 1]\n[buffers.in]\ntype = \"i32\"\ncount = %d\ninit = \"values\"\nvalues = %s\n[buffers.out]\ntype = \"u32\"\ncount = %d\n", n, n,
			values(n, func(i int) float64 { return float64(in1[i]) }), n) +
			"[buffers.pix]\ntype = \"i32\"\ncount = 20\ninit = \"values\"\nvalues = " + values(20, func(i int) float64 { return float64(i*i - 7) }) +
			"\n[textures.t]\nbuffer = \"pix\"\nformat = \"i32\"\nwidth = 20\nlayout = \"linear\"\naddress = [\"border\"]\n" + texArgs, want1},
		{"fetchLayered", common("fetchLayered", "[buffers.pix]\ntype = \"f32\"\ncount = 36\ninit = \"values\"\nvalues = "+values(36, func(i int) float64 { return float64(1000*(i/12) + 10*(i%12/4) + i%4) })+
			"\n[textures.t]\nbuffer = \"pix\"\nformat = \"f32\"\nwidth = 4\nheight = 3\nlayers = 3\n"+texArgs, floats(inL), n), wantL},
		{"fetchCube", common("fetchCube", "[buffers.pix]\ntype = \"f32\"\ncount = 96\ninit = \"values\"\nvalues = "+values(96, func(i int) float64 { return float64(100*(i/16) + 10*(i%16/4) + i%4) })+
			"\n[textures.t]\nbuffer = \"pix\"\nformat = \"f32\"\nwidth = 4\ncube = true\n"+texArgs, floats(inC), n), wantC},
		{"fetchLod", common("fetchLod", "[buffers.pix]\ntype = \"f32\"\ncount = 85\ninit = \"values\"\nvalues = "+mips+
			"\n[textures.t]\nbuffer = \"pix\"\nformat = \"f32\"\nwidth = 8\nheight = 8\nlevels = 4\nnormalized = true\n"+texArgs, floats(inD), n), wantD},
		{"fetchGrad", common("fetchGrad", "[buffers.pix]\ntype = \"f32\"\ncount = 85\ninit = \"values\"\nvalues = "+mips+
			"\n[textures.t]\nbuffer = \"pix\"\nformat = \"f32\"\nwidth = 8\nheight = 8\nlevels = 4\nnormalized = true\n"+texArgs, floats(inG), n), wantG},
		{"gather", common("gather", "[buffers.pix]\ntype = \"f32\"\ncount = 48\ninit = \"values\"\nvalues = "+values(48, func(i int) float64 {
			x, y := i/2%4, i/8
			return [2]float64{float64(x), float64(10*x + y)}[i%2]
		})+"\n[textures.t]\nbuffer = \"pix\"\nformat = \"f32x2\"\nwidth = 4\nheight = 6\n"+texArgs, floats(inT), 4*n), wantT},
		{"ref2d", common("ref2d", "[buffers.pix]\ntype = \"f32\"\ncount = 32\ninit = \"values\"\nvalues = "+values(32, func(i int) float64 { return float64(i%8 + 10*(i/8)) })+
			"\n[textures.t]\nbuffer = \"pix\"\nformat = \"f32\"\nwidth = 8\nheight = 4\n[texrefs]\nlegacy = \"t\"\n[[args]]\nbuffer = \"in\"\n[[args]]\nbuffer = \"out\"\n", floats(inR), n), wantR},
		{"surfCopy", "kernel = \"surfCopy\"\nblock = [8, 1, 1]\n[buffers.s]\ntype = \"u32\"\ncount = 16\ninit = \"iota\"\n[surfaces.sf]\nbuffer = \"s\"\nformat = \"u32\"\nwidth = 8\nheight = 2\n[[args]]\nsurface = \"sf\"\n[[args]]\nvalue = 8\n",
			[]uint32{0, 1, 2, 3, 4, 5, 6, 7, 1, 4, 7, 10, 13, 16, 19, 22}},
	}
	runs := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := ptx.Parse(file, src)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, c := range cases {
			if prog.Kernel(c.kernel) == nil {
				if c.kernel == "surfCopy" && strings.Contains(file, "clang") {
					continue // clang's CUDA headers have no surface functions
				}
				t.Fatalf("%s has no kernel %s", file, c.kernel)
			}
			for _, mode := range []string{"functional", "timing"} {
				spec, err := ParseLaunch("compiled.launch.toml", []byte(c.lf))
				if err != nil {
					t.Fatalf("%s: %v", c.kernel, err)
				}
				p, err := Prepare(prog, m, spec, Overrides{})
				if err != nil {
					t.Fatalf("%s %s: %v", file, c.kernel, err)
				}
				if mode == "timing" {
					_, err = RunTiming(p, TimingOptions{})
				} else {
					_, err = RunFunctional(p)
				}
				if err != nil {
					t.Fatalf("%s %s (%s): %v", file, c.kernel, mode, err)
				}
				runs++
				buf := "out"
				if c.kernel == "surfCopy" {
					buf = "s"
				}
				b, err := p.Buffer(buf)
				if err != nil {
					t.Fatal(err)
				}
				for i, w := range c.want {
					if got := binary.LittleEndian.Uint32(b[4*i:]); got != w {
						t.Errorf("%s %s (%s): word %d = %#x (%g), want %#x (%g)", filepath.Base(file), c.kernel, mode, i, got, math.Float32frombits(got), w, math.Float32frombits(w))
						break
					}
				}
			}
		}
	}
	t.Logf("%d launches of compiled kernels", runs)
}

// TestTexKernelsRegenerate runs testdata/tex/cuda/gen.sh with the
// installed nvcc and clang-19 in a scratch folder: the front end must read
// the compilers' current output, not only the committed copy. Skipped
// without both tools or with -short.
func TestTexKernelsRegenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	for _, tool := range []string{"nvcc", "clang-19"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
	dir := t.TempDir()
	for _, f := range []string{"tex_kernels.cu", "gen.sh"} {
		b, err := os.ReadFile(filepath.Join("testdata/tex/cuda", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("sh", filepath.Join(dir, "gen.sh")).CombinedOutput(); err != nil {
		t.Fatalf("gen.sh: %v\n%s", err, out)
	}
	outs, _ := filepath.Glob(filepath.Join(dir, "*.ptx"))
	if len(outs) != 4 {
		t.Fatalf("gen.sh wrote %d PTX files, want 4", len(outs))
	}
	for _, f := range outs {
		fresh, _ := os.ReadFile(f)
		if _, err := ptx.Parse(f, fresh); err != nil {
			t.Errorf("%v", err)
		}
		committed, err := os.ReadFile(filepath.Join("testdata/tex/cuda", filepath.Base(f)))
		if err != nil {
			t.Errorf("%s is not committed: run testdata/tex/cuda/gen.sh", filepath.Base(f))
			continue
		}
		if !bytes.Equal(fresh, committed) {
			t.Logf("%s differs from the committed copy (another compiler build?)", filepath.Base(f))
		}
	}
}
