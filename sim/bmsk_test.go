package sim

import (
	"os"
	"slices"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/traces/ptx"
)

// TestBmsk runs testdata/bmsk.ptx, a kernel of bmsk.clamp.b32 and
// bmsk.wrap.b32 over ten (position, width) pairs, on the sm_75 preset in
// both modes. The expected masks are worked by hand from the PTX ISA's
// semantics of bmsk (its example: bmsk.wrap.b32 d, 1, 2 gives 0x00000006).
// The preset names no key for bmsk: it routes to the unit of its row's
// class, int32.
func TestBmsk(t *testing.T) {
	want := []uint32{
		0x00000006, 0x00000006, // (1, 2)
		0xffffffff, 0x00000000, // (0, 32): clamp fills to the top, wrap's width is 0
		0x00000ff0, 0x00000ff0, // (4, 8)
		0xc0000000, 0xc0000000, // (30, 4): the sum passes 32
		0x00000000, 0x00000006, // (33, 2): clamp's position is past 31, wrap's is 1
		0x00000000, 0x00000000, // (0, 0)
		0x80000000, 0x80000000, // (31, 1)
		0xffffffe0, 0x000000e0, // (5, 35): clamp fills to the top, wrap's width is 3
		0x00000000, 0x00000000, // (32, 0)
		0xffffff80, 0xffffff80, // (7, 25)
	}
	const path = "testdata/bmsk.ptx"
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
	for _, mode := range []string{"functional", "timing"} {
		spec, err := LoadLaunch("testdata/bmsk.launch.toml")
		if err != nil {
			t.Fatal(err)
		}
		p, err := Prepare(prog, m, spec, Overrides{})
		if err != nil {
			t.Fatal(err)
		}
		if mode == "functional" {
			_, err = RunFunctional(p)
		} else {
			_, err = RunTiming(p, TimingOptions{})
		}
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		if got := u32s(buf(t, p, "out")); !slices.Equal(got, want) {
			t.Errorf("%s: out = %#x, want %#x", mode, got, want)
		}
	}
	k := prog.Kernels[0]
	pr, err := core.NewProgram(k, m)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for pc, in := range k.Code {
		if in.Op != traces.OpBmsk {
			continue
		}
		n++
		if r := pr.Route(pc); m.Units[r.Unit].Name != "int32" || r.Rule != "unit int32" {
			t.Errorf("%s routes to %s by %q, want int32 by its class", in.Text, m.Units[r.Unit].Name, r.Rule)
		}
	}
	if n != 2 {
		t.Errorf("%d bmsk instructions, want 2", n)
	}
}
