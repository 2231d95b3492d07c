package mem

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestCoalesceCases(t *testing.T) {
	buf := make([]LineReq, 0, 4)
	for _, c := range readCases(t, "testdata/coalesce.txt") {
		if len(c.in) != 6 || len(c.want) == 0 {
			t.Fatalf("%s: want 6 fields | lines", c.pos)
		}
		co, err := NewCoalescer(int(mustU(t, c.pos, c.in[0])), int(mustU(t, c.pos, c.in[1])))
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		addr, err := pattern(c.in[5], int(mustU(t, c.pos, c.in[3])))
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		buf = co.Coalesce(addr, mustU(t, c.pos, c.in[4]), int(mustU(t, c.pos, c.in[2])), buf)
		var want []LineReq
		if c.want[0] != "-" {
			for _, f := range c.want {
				a, m, ok := strings.Cut(f, ":")
				if !ok {
					t.Fatalf("%s: %q is not line:sectors", c.pos, f)
				}
				want = append(want, LineReq{Addr: mustU(t, c.pos, a), Sectors: uint32(mustU(t, c.pos, m))})
			}
		}
		if !slices.Equal(buf, want) {
			t.Errorf("%s: got %s, want %s", c.pos, fmtLines(buf), fmtLines(want))
		}
	}
}

func fmtLines(ls []LineReq) string {
	var sb strings.Builder
	for _, l := range ls {
		fmt.Fprintf(&sb, " %#x:%#x", l.Addr, l.Sectors)
	}
	return "[" + sb.String() + " ]"
}

// TestCoalesceAcceptance: a unit-stride f32 warp load is 4 sectors in one
// line; a 32-byte stride is 32 sectors.
func TestCoalesceAcceptance(t *testing.T) {
	co, err := NewCoalescer(128, 32)
	if err != nil {
		t.Fatal(err)
	}
	if co.LineBytes() != 128 || co.SectorBytes() != 32 {
		t.Fatalf("geometry %d/%d", co.LineBytes(), co.SectorBytes())
	}
	for _, c := range []struct {
		stride       uint64
		lines, sects int
	}{{4, 1, 4}, {32, 8, 32}, {128, 32, 32}} {
		addr, _ := pattern(fmt.Sprintf("stride=%d+0x10000", c.stride), 32)
		ls := co.Coalesce(addr, 1<<32-1, 4, nil)
		n := 0
		for _, l := range ls {
			n += l.NumSectors()
		}
		if len(ls) != c.lines || n != c.sects {
			t.Errorf("stride %d: %d lines, %d sectors; want %d, %d", c.stride, len(ls), n, c.lines, c.sects)
		}
	}
}

// TestCoalesceReference compares random patterns with a direct count.
func TestCoalesceReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	addr := make([]uint64, 64)
	buf := make([]LineReq, 0, 2*64)
	for iter := range 3000 {
		line := 1 << (5 + rng.IntN(4))
		sector := line >> rng.IntN(3)
		co, err := NewCoalescer(line, sector)
		if err != nil {
			t.Fatal(err)
		}
		size := 1 + rng.IntN(16)
		lanes := 1 + rng.IntN(64)
		span := uint64(1) << (6 + rng.IntN(12))
		for i := range addr[:lanes] {
			addr[i] = 0x1_0000_0000 + rng.Uint64N(span)
		}
		mask := rng.Uint64()
		buf = co.Coalesce(addr[:lanes], mask, size, buf)
		if want := coalesceByBytes(addr[:lanes], mask, size, line, sector); !slices.Equal(buf, want) {
			t.Fatalf("iteration %d (line %d sector %d size %d mask %#x): got %s, want %s", iter, line, sector, size, mask, fmtLines(buf), fmtLines(want))
		}
	}
}

// TestCoalesceUnitStride compares runs of lanes at consecutive elements
// (Coalesce's fast path), some with one lane off, a gap in the mask or the
// range at the top of the address space, with a direct count.
func TestCoalesceUnitStride(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	addr := make([]uint64, 64)
	buf := make([]LineReq, 0, 2*64)
	for iter := range 5000 {
		line := 1 << (5 + rng.IntN(4))
		sector := line >> rng.IntN(4)
		co, err := NewCoalescer(line, sector)
		if err != nil {
			t.Fatal(err)
		}
		size := 1 << rng.IntN(5)
		if rng.IntN(4) == 0 {
			size = 1 + rng.IntN(24)
		}
		lanes := 1 + rng.IntN(64)
		base := 0x1_0000_0000 + rng.Uint64N(1<<12)
		if rng.IntN(8) == 0 {
			base = -uint64(lanes*size) + rng.Uint64N(uint64(2*size)) - uint64(size) // at the top, or wrapping
		}
		for i := range addr[:lanes] {
			addr[i] = base + uint64(i*size)
		}
		lo := rng.IntN(lanes)
		n := 1 + rng.IntN(lanes-lo)
		mask := (uint64(1)<<uint(n) - 1) << uint(lo)
		if n == 64 {
			mask = ^uint64(0)
		}
		switch rng.IntN(6) {
		case 0:
			addr[lo+rng.IntN(n)] += uint64(1 + rng.IntN(2*size))
		case 1:
			mask &^= 1 << uint(lo+rng.IntN(n))
		}
		buf = co.Coalesce(addr[:lanes], mask, size, buf)
		if want := coalesceByBytes(addr[:lanes], mask, size, line, sector); !slices.Equal(buf, want) {
			t.Fatalf("iteration %d (line %d sector %d size %d mask %#x base %#x): got %s, want %s", iter, line, sector, size, mask, base, fmtLines(buf), fmtLines(want))
		}
	}
}

// coalesceByBytes is what Coalesce computes, byte by byte: every touched
// byte's sector, grouped by line in first-touch order; a lane's bytes stop
// at the top of the address space.
func coalesceByBytes(addr []uint64, mask uint64, size, line, sector int) []LineReq {
	var want []LineReq
	for i := range addr {
		if mask>>uint(i)&1 == 0 {
			continue
		}
		for k := range uint64(size) {
			a := addr[i] + k
			if a < addr[i] {
				break
			}
			la := a &^ uint64(line-1)
			bit := uint32(1) << ((a - la) / uint64(sector))
			j := slices.IndexFunc(want, func(l LineReq) bool { return l.Addr == la })
			if j < 0 {
				want = append(want, LineReq{Addr: la})
				j = len(want) - 1
			}
			want[j].Sectors |= bit
		}
	}
	return want
}

func TestCoalescerErrors(t *testing.T) {
	for _, c := range [][2]int{{0, 32}, {128, 0}, {96, 32}, {128, 48}, {64, 128}, {256, 4}} {
		if _, err := NewCoalescer(c[0], c[1]); err == nil {
			t.Errorf("line %d sector %d accepted", c[0], c[1])
		}
	}
}

func TestCoalesceAllocs(t *testing.T) {
	co, _ := NewCoalescer(128, 32)
	addr, _ := pattern("stride=128", 64)
	buf := make([]LineReq, 0, 2*64)
	if n := testing.AllocsPerRun(100, func() { buf = co.Coalesce(addr, ^uint64(0), 16, buf) }); n != 0 {
		t.Errorf("%v allocations per call", n)
	}
}

func BenchmarkCoalesce(b *testing.B) {
	co, _ := NewCoalescer(128, 32)
	buf := make([]LineReq, 0, 2*64)
	for _, c := range []struct{ name, pat string }{{"unit", "stride=4"}, {"stride32B", "stride=32"}, {"scatter", "stride=4100"}} {
		addr, _ := pattern(c.pat, 32)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				buf = co.Coalesce(addr, 1<<32-1, 4, buf)
				n += len(buf)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "accesses/s")
			b.ReportMetric(float64(n)/float64(b.N), "lines/access")
		})
	}
}
