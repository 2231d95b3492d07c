package sim

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/traces/ptx"
)

// The run test of every texture and surface instruction form:
// testdata/tex/forms.ptx and independent.ptx through launch files, in
// both modes, each result worked out here by hand from the rules of
// warp/ptx/tex_exec.go and tex_surf.go (the CUDA guide's and the PTX
// ISA's).

// texLaunch runs kernel of the PTX file with the launch-file text lf on
// the sm_75 preset in mode, and returns the prepared launch and the run's
// error.
func texLaunch(t *testing.T, file, lf, mode string) (*Prepared, error) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := ptx.Parse(file, src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := ParseLaunch("forms.launch.toml", []byte(lf))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(prog, m, spec, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if mode == "timing" {
		_, err = RunTiming(p, TimingOptions{})
	} else {
		_, err = RunFunctional(p)
	}
	return p, err
}

func bufWords(t *testing.T, p *Prepared, name string) []uint32 {
	t.Helper()
	b, err := p.Buffer(name)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]uint32, len(b)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

func f32w(x float32) uint32 { return math.Float32bits(x) }

// values lists n generated values as a TOML array.
func values(n int, f func(i int) float64) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%v", f(i))
	}
	return "[" + b.String() + "]"
}

func TestTexForms(t *testing.T) {
	cases := []struct {
		name, file, lf string
		fault          string              // the run's error, "" none
		want           map[string][]uint32 // buffer -> its first words
	}{
		{name: "layers", file: "testdata/tex/forms.ptx", fault: "tex.2d.v4.f32.s32: a .2d access to a layered texture",
			lf: `kernel = "layers"
[buffers.a1]
type = "f32"
count = 12
init = "values"
values = ` + values(12, func(i int) float64 { return float64(1000*(i/4) + i%4) }) + `
[buffers.a2]
type = "f32"
count = 36
init = "values"
values = ` + values(36, func(i int) float64 { return float64(1000*(i/12) + 10*(i%12/3) + i%3) }) + `
[buffers.cube]
type = "f32"
count = 96
init = "values"
values = ` + values(96, func(i int) float64 { return float64(100*(i/16) + 10*(i%16/4) + i%4) }) + `
[buffers.acube]
type = "f32"
count = 48
init = "values"
values = ` + values(48, func(i int) float64 { return float64(1000*(i/24) + 100*(i%24/4) + 10*(i%4/2) + i%2) }) + `
[buffers.v3]
type = "f32"
count = 24
init = "values"
values = ` + values(24, func(i int) float64 { return float64(100*(i/12) + 10*(i%12/4) + i%4) }) + `
[buffers.lin]
type = "i32"
count = 5
init = "values"
values = [-7, 11, 13, -17, 19]
[buffers.out]
type = "u32"
count = 28
output = "out.bin"
[textures.ta1]
buffer = "a1"
format = "f32"
width = 4
layers = 3
[textures.ta2]
buffer = "a2"
format = "f32"
width = 3
height = 4
layers = 3
[textures.tcube]
buffer = "cube"
format = "f32"
width = 4
cube = true
[textures.tacube]
buffer = "acube"
format = "f32"
width = 2
cube = true
layers = 2
[textures.t3]
buffer = "v3"
format = "f32"
width = 4
height = 3
depth = 2
[textures.tlin]
buffer = "lin"
format = "i32"
width = 5
layout = "linear"
address = ["border"]
[[args]]
texture = "ta1"
[[args]]
texture = "ta2"
[[args]]
texture = "tcube"
[[args]]
texture = "tacube"
[[args]]
texture = "t3"
[[args]]
texture = "tlin"
[[args]]
buffer = "out"
`, want: map[string][]uint32{"out": {
				f32w(2002), 0, 0, f32w(1), // a1d layer 2, texel 2
				f32w(1021), 0, 0, f32w(1), // a2d layer 1, texel (1, 2)
				f32w(2000), 0, 0, f32w(1), // a2d layer 9 clamped to 2, texel (0, 0)
				f32w(22), f32w(112), f32w(212), f32w(312), f32w(421), f32w(511), // the six cube faces
				f32w(1411),          // cube 1, face 4, texel (1, 1)
				f32w(112),           // 3-D texel (2, 1, 1)
				0xffffffef, 0, 0, 1, // tex1Dfetch texel 3 (-17), integer alpha 1
				0, 0, 0, 0, // border
			}}},
		{name: "mips", file: "testdata/tex/forms.ptx",
			lf: `kernel = "mips"
[buffers.m]
type = "f32"
count = 85
init = "values"
values = ` + values(85, func(i int) float64 {
				for l, n := 0, 64; ; l, n = l+1, n/4 {
					if i < n {
						w := int(math.Sqrt(float64(n)))
						return float64(1000*l + 10*(i/w) + i%w)
					}
					i -= n
				}
			}) + `
[buffers.out]
type = "u32"
count = 8
[textures.tp]
buffer = "m"
format = "f32"
width = 8
height = 8
levels = 4
normalized = true
address = ["clamp", "wrap"]
[textures.tl]
buffer = "m"
format = "f32"
width = 8
height = 8
levels = 4
normalized = true
mip_filter = "linear"
[[args]]
texture = "tp"
[[args]]
texture = "tl"
[[args]]
buffer = "out"
`, want: map[string][]uint32{"out": {f32w(44), f32w(1022), f32w(2011), f32w(3000), f32w(1516.5), f32w(1022), f32w(44), f32w(44)}}},
		{name: "gather", file: "testdata/tex/forms.ptx",
			lf: `kernel = "gather"
[buffers.b8]
type = "u8"
count = 96
init = "values"
values = ` + values(96, func(i int) float64 {
				x, y := i/4%4, i/16
				return [4]float64{float64(x + 16*y), float64(10*x + y), 7, 9}[i%4]
			}) + `
[buffers.bf]
type = "f32"
count = 2
init = "values"
values = [1.5, -2.25]
[buffers.out]
type = "u32"
count = 14
[textures.t8]
buffer = "b8"
format = "u8x4"
width = 4
height = 6
[textures.tf]
buffer = "bf"
format = "f32"
width = 2
[texrefs]
tref = "tf"
[[args]]
texture = "t8"
[[args]]
texture = "tf"
[[args]]
buffer = "out"
`, want: map[string][]uint32{"out": {
				12, 22, 21, 11, // tld4.g: texels (1,2), (2,2), (2,1), (1,1) of g = 10x + y
				64, 4, 7, 9, // texel (0, 4)
				0x00003e00, 0x3c000000, // f16 (1.5, 0, 0, 1) as four halves
				0x0000c080, 0x3c000000, // f16x2 (-2.25, 0), (0, 1)
				f32w(-2.25), f32w(-2.25),
			}}},
		{name: "queries", file: "testdata/tex/forms.ptx",
			lf: `kernel = "queries"
[buffers.m]
type = "f32"
count = 85
[buffers.a2]
type = "f32"
count = 36
[buffers.s]
type = "u32"
count = 32
[buffers.out]
type = "u32"
count = 20
[textures.tp]
buffer = "m"
format = "f32"
width = 8
height = 8
levels = 4
normalized = true
address = ["clamp", "wrap"]
[textures.ta2]
buffer = "a2"
format = "f32"
width = 3
height = 4
layers = 3
[surfaces.s2]
buffer = "s"
format = "u32"
width = 8
height = 4
[[args]]
texture = "tp"
[[args]]
texture = "ta2"
[[args]]
surface = "s2"
[[args]]
buffer = "out"
`, want: map[string][]uint32{"out": {8, 8, 1, 4, 2, 14, 0, 1, 0, 3, 0, 3, 8, 4, 12, 0, 1, 0, 1, 0}}},
		{name: "surf", file: "testdata/tex/forms.ptx",
			lf: `kernel = "surf"
[buffers.s]
type = "u32"
count = 32
init = "values"
values = ` + values(32, func(i int) float64 { return float64((i/8)*65536 + (i%8)*256 + 1) }) + `
[buffers.a]
type = "u8"
count = 32
init = "values"
values = ` + values(32, func(i int) float64 { return [4]float64{float64(i / 4 % 4), float64(i / 16), 7, 9}[i%4] }) + `
[buffers.v3]
type = "f32"
count = 8
init = "values"
values = ` + values(8, func(i int) float64 { return float64(100*(i/4) + 10*(i%4/2) + i%2) }) + `
[buffers.n]
type = "u8"
count = 64
[buffers.out]
type = "u32"
count = 8
[surfaces.s2]
buffer = "s"
format = "u32"
width = 8
height = 4
[surfaces.sa]
buffer = "a"
format = "u8x4"
width = 4
layers = 2
[surfaces.s3]
buffer = "v3"
format = "f32"
width = 2
height = 2
depth = 2
[surfaces.sn]
buffer = "n"
format = "u8x4"
width = 8
height = 2
normalized = true
[[args]]
surface = "s2"
[[args]]
surface = "sa"
[[args]]
surface = "s3"
[[args]]
surface = "sn"
[[args]]
buffer = "out"
`, want: map[string][]uint32{
				"out": {0x20301, 0x10601, 0x10701, 0x701, 0, 3, 0x09070102, f32w(111)},
				"s": {0x20301, 0x30101, 0x201, 0x301, 0x401, 0x501, 0x601, 0x701, // row 0: (0,0) stored, (1,0) upper half 3
					0x10001, 0x10165, 0xfffffffb, 0x10301, 0x1, 0x110501, 0x10601, 0x10701, // row 1: the reductions
					0x20001, 0x20101, 0x205e9, 0x20301, 0x20401, 0x20501, 0x20601, 0x20701, // row 2: sured.p on (2, 2)
					0x10601, 0x30101, 0x30201, 0x30301, 0x30401, 0x30501, 0x30601, 0x30701}, // row 3: (0, 3) clamped store
				"a":  {0x09070000, 0x02020202, 0x09070002, 0x09070003, 0x09070100, 0x09070101, 0x09070102, 0x09070103},
				"v3": {f32w(0), f32w(1), f32w(10), f32w(11), f32w(111), f32w(101), f32w(110), f32w(111)},
				"n":  {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x4000ff80, 0x000000cc, 0, 0, 0},
			}},
		{name: "surftrap", file: "testdata/tex/forms.ptx", fault: "suld.b.2d.b32.trap: surface access out of range (.trap)",
			lf: `kernel = "surftrap"
[buffers.s]
type = "u32"
count = 32
[buffers.out]
type = "u32"
count = 1
[surfaces.s2]
buffer = "s"
format = "u32"
width = 8
height = 4
[[args]]
surface = "s2"
[[args]]
buffer = "out"
`},
		{name: "opaque", file: "testdata/tex/forms.ptx",
			lf: `kernel = "opaque"
[buffers.bf]
type = "f32"
count = 2
init = "values"
values = [1.5, -2.25]
[buffers.s]
type = "u32"
count = 32
init = "values"
values = ` + values(32, func(i int) float64 { return float64((i/8)*65536 + (i%8)*256 + 1) }) + `
[buffers.out]
type = "u32"
count = 3
[textures.tf]
buffer = "bf"
format = "f32"
width = 2
[surfaces.s2]
buffer = "s"
format = "u32"
width = 8
height = 4
[[args]]
texture = "tf"
[[args]]
surface = "s2"
[[args]]
buffer = "out"
`, want: map[string][]uint32{"out": {f32w(-2.25), 0x10101, 2}}},
		{name: "independent", file: "testdata/tex/independent.ptx",
			lf: `[buffers.img]
type = "f32"
count = 8
init = "values"
values = [0, 1, 2, 3, 10, 11, 12, 13]
[buffers.out]
type = "u32"
count = 6
[textures.t]
buffer = "img"
format = "f32"
width = 4
height = 2
[samplers.lin]
filter = "linear"
normalized = true
address = ["wrap"]
[samplers.pt]
normalized = true
[texrefs]
img = "t"
bound = "lin"
[[args]]
texture = "t"
[[args]]
sampler = "lin"
[[args]]
sampler = "pt"
[[args]]
buffer = "out"
`, want: map[string][]uint32{"out": {f32w(13), f32w(5.5), f32w(5.5), f32w(13), 1, 0}}},
	}
	for _, c := range cases {
		for _, mode := range []string{"functional", "timing"} {
			p, err := texLaunch(t, c.file, c.lf, mode)
			what := c.name + " (" + mode + ")"
			switch {
			case c.fault == "" && err != nil:
				t.Errorf("%s: %v", what, err)
				continue
			case c.fault != "":
				var fe *FaultError
				if err == nil || !errors.As(err, &fe) || !strings.Contains(err.Error(), c.fault) {
					t.Errorf("%s: error %v, want a fault %q", what, err, c.fault)
				}
			}
			for buf, want := range c.want {
				got := bufWords(t, p, buf)
				if len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
					t.Errorf("%s: %s = %#x\nwant %#x", what, buf, got[:min(len(got), len(want))], want)
				}
			}
		}
	}
}

// TestTexUnbound: a fetch through a reference the launch does not bind
// faults, naming it.
func TestTexUnbound(t *testing.T) {
	lf := `kernel = "gather"
[buffers.out]
type = "u32"
count = 16
[buffers.b]
type = "f32"
count = 24
[textures.t]
buffer = "b"
format = "u8x4"
width = 4
height = 6
[[args]]
texture = "t"
[[args]]
texture = "t"
[[args]]
buffer = "out"
`
	p, err := texLaunch(t, "testdata/tex/forms.ptx", lf, "functional")
	// The kernel takes tref's handle (0: unbound) with mov, then fetches.
	if err == nil || !strings.Contains(err.Error(), "tex.2d.v4.f32.f32: handle 0 names no texture") {
		t.Errorf("error %v", err)
	}
	if !slices.ContainsFunc(p.Spec.Notes, func(n string) bool { return strings.Contains(n, "not bound") && strings.Contains(n, "tref") }) {
		t.Errorf("notes %q do not name tref", p.Spec.Notes)
	}
	_ = traces.OpTex
}

// TestTexPrepareErrors: launch-file texture errors that depend on the
// module, each at the line of the offending key.
func TestTexPrepareErrors(t *testing.T) {
	src, err := os.ReadFile("testdata/tex/forms.ptx")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := ptx.Parse("forms.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	objs := "[buffers.b]\ntype = \"f32\"\ncount = 16\n[textures.t]\nbuffer = \"b\"\nformat = \"f32\"\nwidth = 4\nheight = 4\n[surfaces.s]\nbuffer = \"b\"\nformat = \"f32\"\nwidth = 4\nheight = 4\n"
	args := "[buffers.o]\ntype = \"u32\"\ncount = 4\n[[args]]\nsurface = \"s\"\n[[args]]\nbuffer = \"o\"\n"
	for _, c := range []struct{ lf, want string }{
		{"kernel = \"surftrap\"\n" + objs + args + "[texrefs]\nnope = \"t\"\n", "k.launch.toml:23: texrefs.nope: forms.ptx has no .texref, .surfref or .samplerref nope"},
		{"kernel = \"surftrap\"\n" + objs + args + "[texrefs]\ntref = \"s\"\n", "k.launch.toml:23: texrefs.tref: tref is a .texref, surfaces.s is not one"},
		{"kernel = \"opaque\"\n" + objs + "[buffers.o]\ntype = \"u32\"\ncount = 4\n[[args]]\nsurface = \"s\"\n[[args]]\nsurface = \"s\"\n[[args]]\nbuffer = \"o\"\n",
			"k.launch.toml:18: args[0] (parameter pt): parameter pt is a .texref, not a surface"},
		// A .u64 object parameter takes any object: a fetch checks the kind.
		{"kernel = \"surftrap\"\n" + objs + "[buffers.o]\ntype = \"u32\"\ncount = 4\n[[args]]\ntexture = \"t\"\n[[args]]\nbuffer = \"o\"\n", ""},
	} {
		spec, err := ParseLaunch("k.launch.toml", []byte(c.lf))
		if err != nil {
			t.Fatal(err)
		}
		_, err = Prepare(prog, m, spec, Overrides{})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("got %q\nwant %q", got, c.want)
		}
	}
}
