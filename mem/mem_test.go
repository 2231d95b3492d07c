package mem

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/gpusim/gpusim/traces"
)

func TestGlobalAllocPlacement(t *testing.T) {
	g := NewGlobal()
	a, err := g.Alloc(4096, 0)
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.Alloc(10, 1024)
	if err != nil {
		t.Fatal(err)
	}
	c, err := g.Alloc(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if a != GlobalBase {
		t.Errorf("first allocation at 0x%x, want 0x%x", a, GlobalBase)
	}
	if b%1024 != 0 || b < a+4096+GuardGap {
		t.Errorf("second allocation at 0x%x: not aligned or inside the guard gap of the first", b)
	}
	if c < b+10+GuardGap || c%MinAlign != 0 {
		t.Errorf("third allocation at 0x%x", c)
	}
	if _, err := g.Alloc(8, 3); err == nil {
		t.Error("alignment 3 accepted")
	}
	if _, err := g.Alloc(SharedWindow, 0); err == nil {
		t.Error("allocation reaching the shared window accepted")
	}
	if len(g.Allocations()) != 3 {
		t.Errorf("%d allocations, want 3", len(g.Allocations()))
	}
}

func TestGlobalAccess(t *testing.T) {
	g := NewGlobal()
	a, _ := g.Alloc(4096, 0)
	b, _ := g.Alloc(64, 0)
	w, err := g.Slice(a+8, 8, true)
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint64(w, 0x1122334455667788)
	r, err := g.Slice(a+12, 4, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := binary.LittleEndian.Uint32(r); got != 0x11223344 {
		t.Errorf("read back 0x%x, want 0x11223344 (little-endian)", got)
	}
	h, err := g.Host(a+8, 1)
	if err != nil || h[0] != 0x88 {
		t.Errorf("host read %v %v", h, err)
	}
	for _, n := range []int{1, 2, 4, 8, 16} {
		if _, err := g.Slice(b+64-uint64(n), n, false); err != nil {
			t.Errorf("last %d bytes of an allocation: %v", n, err)
		}
	}

	cases := []struct {
		addr  uint64
		n     int
		write bool
		kind  FaultKind
		msg   string
	}{
		{a + 4096, 4, false, FaultOutOfRange, "out-of-range read of 4 bytes at 0x0000000100001000"},
		{a + 4094, 4, true, FaultOutOfRange, "out-of-range write of 4 bytes at 0x0000000100000ffe"},
		{a - 4, 4, false, FaultOutOfRange, "out-of-range read of 4 bytes at 0x00000000fffffffc"},
		{0, 8, false, FaultOutOfRange, "out-of-range read of 8 bytes at 0x0000000000000000"},
		{a + 2, 4, false, FaultMisaligned, "misaligned read of 4 bytes at 0x0000000100000002"},
		{a + 8, 16, true, FaultMisaligned, "misaligned write of 16 bytes at 0x0000000100000008"},
		{b + 60, 8, false, FaultOutOfRange, "out-of-range read of 8 bytes at 0x" + hex16(b+60)},
	}
	for _, c := range cases {
		_, err := g.Slice(c.addr, c.n, c.write)
		var f *Fault
		if !errors.As(err, &f) {
			t.Errorf("0x%x/%d: got %v, want a fault", c.addr, c.n, err)
			continue
		}
		if f.Kind != c.kind || err.Error() != c.msg {
			t.Errorf("0x%x/%d: got %v %q, want %v %q", c.addr, c.n, f.Kind, err, c.kind, c.msg)
		}
	}
}

func hex16(v uint64) string {
	const digits = "0123456789abcdef"
	b := make([]byte, 16)
	for i := 15; i >= 0; i-- {
		b[i] = digits[v&15]
		v >>= 4
	}
	return string(b)
}

func TestSegmentFaults(t *testing.T) {
	c := NewSegment(traces.SpaceConst, 0, 64, true)
	if err := c.InitVars([]traces.Var{{Offset: 4, Init: []byte{1, 2, 3, 4}}}); err != nil {
		t.Fatal(err)
	}
	r, err := c.Slice(4, 4, false)
	if err != nil || binary.LittleEndian.Uint32(r) != 0x04030201 {
		t.Fatalf("const read %x %v", r, err)
	}
	_, err = c.Slice(8, 4, true)
	if err == nil || err.Error() != "write of 4 bytes at 0x0000000000000008: const memory is read-only" {
		t.Errorf("const write: %v", err)
	}
	s := NewSegment(traces.SpaceShared, 0, 256, false)
	_, err = s.Slice(256, 4, false)
	if err == nil || err.Error() != "out-of-range read of 4 bytes at 0x0000000000000100 in shared memory" {
		t.Errorf("shared: %v", err)
	}
	_, err = s.Slice(6, 4, true)
	if err == nil || err.Error() != "misaligned write of 4 bytes at 0x0000000000000006 in shared memory" {
		t.Errorf("shared: %v", err)
	}
	if err := c.InitVars([]traces.Var{{Offset: 62, Init: []byte{1, 2, 3, 4}}}); err == nil {
		t.Error("initialiser beyond the segment accepted")
	}
}

func TestThreadMem(t *testing.T) {
	l := NewThreadMem(traces.SpaceLocal, 4, 32)
	w, err := l.Slice(2, 8, 4, true)
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint32(w, 0xdeadbeef)
	if got := binary.LittleEndian.Uint32(l.Frame(2)[8:]); got != 0xdeadbeef {
		t.Errorf("thread 2 frame holds 0x%x", got)
	}
	if binary.LittleEndian.Uint32(l.Frame(1)[8:]) != 0 || binary.LittleEndian.Uint32(l.Frame(3)[8:]) != 0 {
		t.Error("write leaked into a neighbouring thread")
	}
	_, err = l.Slice(0, 32, 1, false)
	if err == nil || err.Error() != "out-of-range read of 1 bytes at 0x0000000000000020 in local memory" {
		t.Errorf("local: %v", err)
	}
	if _, err := l.Slice(3, 28, 8, false); err == nil {
		t.Error("read across the end of a thread's segment accepted")
	}
}

func TestWindows(t *testing.T) {
	cases := []struct {
		generic uint64
		space   traces.Space
		addr    uint64
	}{
		{GlobalBase + 5, traces.SpaceGlobal, GlobalBase + 5},
		{0, traces.SpaceGlobal, 0},
		{SharedWindow, traces.SpaceShared, 0},
		{SharedWindow + 0x1234, traces.SpaceShared, 0x1234},
		{SharedWindow + WindowSize, traces.SpaceGlobal, SharedWindow + WindowSize},
		{LocalWindow + WindowSize - 1, traces.SpaceLocal, WindowSize - 1},
		{ConstWindow + 8, traces.SpaceConst, 8},
		{ParamWindow + 16, traces.SpaceParam, 16},
		{ParamWindow + WindowSize, traces.SpaceGlobal, ParamWindow + WindowSize},
		{SharedWindow - 1, traces.SpaceGlobal, SharedWindow - 1},
	}
	for _, c := range cases {
		s, a := Resolve(c.generic)
		if s != c.space || a != c.addr {
			t.Errorf("Resolve(0x%x) = %v 0x%x, want %v 0x%x", c.generic, s, a, c.space, c.addr)
		}
		if w, ok := Window(s); ok && w+a != c.generic && s != traces.SpaceGlobal {
			t.Errorf("Window(%v)+0x%x != 0x%x", s, a, c.generic)
		}
	}
	if _, ok := Window(traces.SpaceParamFrame); ok {
		t.Error("parameter frames have no generic window")
	}
}

func BenchmarkGlobalSlice(b *testing.B) {
	g := NewGlobal()
	var bases [8]uint64
	for i := range bases {
		bases[i], _ = g.Alloc(1<<20, 0)
	}
	b.ReportAllocs()
	var sum uint32
	for i := 0; b.Loop(); i++ {
		s, err := g.Slice(bases[i&7]+uint64(i&0xffff)*4, 4, false)
		if err != nil {
			b.Fatal(err)
		}
		sum += binary.LittleEndian.Uint32(s)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "access/s")
	_ = sum
}

// TestGlobalHolding: the cached allocation is kept while it holds the
// address, replaced by the one that does, and left alone for an address
// in no allocation (below the first, in a guard gap, past the last).
func TestGlobalHolding(t *testing.T) {
	g := NewGlobal()
	a, _ := g.Alloc(4096, 0)
	b, _ := g.Alloc(64, 0)
	var last *Segment
	if s := g.Holding(&last, a+100); s == nil || s.Base != a || last != s {
		t.Fatalf("a+100: %v, last %v", s, last)
	}
	sa := last
	if s := g.Holding(&last, b+63); s == nil || s.Base != b || last != s {
		t.Fatalf("b+63: %v, last %v", s, last)
	}
	sb := last
	for _, addr := range []uint64{a - 1, a + 4096, b + 64, 0} {
		if s := g.Holding(&last, addr); s != nil || last != sb {
			t.Errorf("%#x: got %v, last changed to %v", addr, s, last)
		}
	}
	if s := g.Holding(&last, a); s != sa || last != sa {
		t.Errorf("a: got %v, want the first allocation", s)
	}
}
