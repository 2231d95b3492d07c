package mem

import (
	"errors"
	"testing"
)

func TestGlobalAdopt(t *testing.T) {
	g := NewGlobal()
	a := make([]byte, 4096)
	b := make([]byte, 100)
	const baseA, baseB = 0x2000_0000_0000, 0x2000_0010_0000
	if _, err := g.Adopt(baseB, b); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Adopt(baseA, a); err != nil {
		t.Fatal(err)
	}
	// Device stores land in the caller's bytes, and host stores are seen.
	w, err := g.Slice(baseA+8, 4, true)
	if err != nil {
		t.Fatal(err)
	}
	copy(w, []byte{1, 2, 3, 4})
	if a[8] != 1 || a[11] != 4 {
		t.Errorf("store did not reach the adopted memory: % x", a[8:12])
	}
	b[99] = 7
	if r, err := g.Slice(baseB+99, 1, false); err != nil || r[0] != 7 {
		t.Errorf("load of a host store: %v %v", r, err)
	}
	// Past the end of an adopted allocation is a fault, as for Alloc.
	var f *Fault
	if _, err := g.Slice(baseB+100, 4, false); !errors.As(err, &f) || f.Kind != FaultOutOfRange {
		t.Errorf("read past the end: %v", err)
	}
	for _, c := range []struct {
		base uint64
		n    int
		want string
	}{
		{baseA + 8, 8, "global allocation at 0x0000200000000008 is not 256-byte aligned"},
		{baseA + 256, 8, "global allocation at 0x0000200000000100 overlaps the one at 0x0000200000000000"},
		{baseB - 256, 512, "global allocation at 0x00002000000fff00 overlaps the one at 0x0000200000100000"},
		{baseB, 1, "global allocation at 0x0000200000100000 overlaps the one at 0x0000200000100000"},
		{0x1000, 8, "global allocation of 8 bytes at 0x0000000000001000 is outside [0x0000000100000000, 0x0000700000000000)"},
		{SharedWindow - 256, 512, "global allocation of 512 bytes at 0x00006fffffffff00 is outside [0x0000000100000000, 0x0000700000000000)"},
	} {
		if _, err := g.Adopt(c.base, make([]byte, c.n)); err == nil || err.Error() != c.want {
			t.Errorf("Adopt(0x%x, %d): got %v, want %s", c.base, c.n, err, c.want)
		}
	}
	// Alloc keeps clear of adopted memory.
	p, err := g.Alloc(16, 0)
	if err != nil {
		t.Fatal(err)
	}
	if p < baseB+100+GuardGap {
		t.Errorf("Alloc placed 0x%x inside adopted memory or its guard gap", p)
	}
	if !g.Release(baseA) || g.Release(baseA) {
		t.Error("Release of the first allocation: want true once, then false")
	}
	if _, err := g.Slice(baseA, 4, false); err == nil {
		t.Error("released memory still readable")
	}
	if got := len(g.Allocations()); got != 2 {
		t.Errorf("%d allocations left, want 2", got)
	}
}
