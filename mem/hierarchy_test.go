package mem

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/traces"
)

// turing is the memory system of the sm_75 preset (RTX 2060), numbers as in
// config/presets/sm_75.toml: latencies from Jia et al., "Dissecting the
// NVIDIA Turing T4 GPU via Microbenchmarking", 2019, table 3.1 (shared 19,
// L1 hit 32, L2 hit about 188); cache geometry from Accel-Sim's
// SM75_RTX2060 (dl1 S:4:128:64, dl2 64 sets x 16 ways x 24 sub-partitions);
// DRAM latency 322 (to calibrate) and 336 GB/s at 1.365 GHz = 246.15 B/cycle.
func turing() HierarchyConfig {
	return HierarchyConfig{
		SMs:          30,
		LineCycles:   1,
		ConstLatency: 32,
		Shared:       SharedConfig{Banks: 32, BankWidth: 4, Latency: 19},
		L1:           CacheConfig{Size: 32768, Line: 128, Sector: 32, Assoc: 64, Latency: 32},
		L2:           CacheConfig{Size: 3145728, Line: 128, Sector: 32, Assoc: 16, Latency: 188, WriteBack: true, WriteAllocate: true},
		DRAM:         DRAMConfig{Latency: 322, Bandwidth: 246.15},
	}
}

func newH(t testing.TB, cfg HierarchyConfig) *Hierarchy {
	t.Helper()
	h, err := NewHierarchy(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// warpAcc builds a 32-lane access from a pattern (see timing_helpers_test.go).
func warpAcc(t testing.TB, space traces.Space, op AccessOp, size int, mask uint64, pat string) *WarpAccess {
	t.Helper()
	addr, err := pattern(pat, 32)
	if err != nil {
		t.Fatal(err)
	}
	return &WarpAccess{Space: space, Op: op, Size: size, Mask: mask, Addr: addr}
}

const all32 = 1<<32 - 1

// TestHierarchyTuringLatencies: a lone lane's load costs each level's
// load-to-use latency, as a pointer-chasing microbenchmark sees it.
func TestHierarchyTuringLatencies(t *testing.T) {
	h := newH(t, turing())
	ld := warpAcc(t, traces.SpaceGlobal, OpLoad, 4, 1, "same=0x100001000")
	steps := []struct {
		name  string
		now   Cycle
		acc   *WarpAccess
		flush bool
		want  Cycle
	}{
		{"DRAM (cold)", 0, ld, false, 322},
		{"L1 hit", 1000, ld, false, 1032},
		{"L2 hit after the L1 is invalidated", 2000, ld, true, 2188},
		{"shared, no conflict", 3000, warpAcc(t, traces.SpaceShared, OpLoad, 4, 1, "same=0x40"), false, 3019},
		{"constant", 4000, warpAcc(t, traces.SpaceConst, OpLoad, 4, 1, "same=0x40"), false, 4032},
		{"kernel parameter", 5000, warpAcc(t, traces.SpaceParam, OpLoad, 8, 1, "same=0x0"), false, 5032},
		{"generic into shared", 6000, warpAcc(t, traces.SpaceGeneric, OpLoad, 4, 1, "same=0x700000000040"), false, 6019},
		{"generic into global (L1 hit)", 7000, warpAcc(t, traces.SpaceGeneric, OpLoad, 4, 1, "same=0x100001004"), false, 7032},
		{"no active lane", 8000, warpAcc(t, traces.SpaceGlobal, OpLoad, 4, 0, "same=0x200000000"), false, 8000},
	}
	for _, s := range steps {
		if s.flush {
			h.InvalidateL1(s.now)
		}
		if got := h.Access(0, s.now, s.acc); got != s.want {
			t.Errorf("%s: done at %d, want %d", s.name, got, s.want)
		}
	}
	st := h.SM(0)
	if st.Loads != 4 || st.L1.ReadHits != 2 || st.L1.ReadMisses != 2 || st.SharedLoads != 2 || st.ConstLoads != 2 {
		t.Errorf("SM stats %+v", st)
	}
	g := h.Stats()
	if g.L2.Reads != 2 || g.L2.ReadHits != 1 || g.L2.ReadMisses != 1 || g.DRAM.Reads != 1 || g.DRAM.ReadBytes != 32 || g.L2ReadBytes != 64 {
		t.Errorf("GPU stats %+v", g)
	}
}

// TestHierarchySharedStrides is the acceptance check: back-to-back
// stride-2 and stride-32 f32 shared loads cost 2 and 32 times conflict-free
// ones, broadcast as much as conflict-free.
func TestHierarchySharedStrides(t *testing.T) {
	const n = 64
	var base Cycle
	for _, c := range []struct {
		pat    string
		passes Cycle
	}{{"stride=4", 1}, {"stride=8", 2}, {"stride=128", 32}, {"same=0x80", 1}} {
		h := newH(t, turing())
		acc := warpAcc(t, traces.SpaceShared, OpLoad, 4, all32, c.pat)
		var last Cycle
		for range n {
			last = h.Access(3, 0, acc)
		}
		// The pipe takes n*passes cycles; the last access's data follows
		// the latency after its first pass plus its extra passes.
		if want := n*c.passes + 19 - 1; last != want {
			t.Errorf("%s: last done at %d, want %d", c.pat, last, want)
		}
		busy := last - 18
		if c.passes == 1 {
			base = busy
		} else if busy != c.passes*base {
			t.Errorf("%s: pipe time %d, want %d x %d", c.pat, busy, c.passes, base)
		}
		st := h.SM(3)
		if st.SharedPasses != uint64(n)*uint64(c.passes) || st.SharedPhases != n {
			t.Errorf("%s: stats %+v", c.pat, st)
		}
	}
}

// TestHierarchyDRAMBandwidth: N back-to-back line misses finish no faster
// than their bytes over the bandwidth; alone, a miss costs the latency.
func TestHierarchyDRAMBandwidth(t *testing.T) {
	for _, c := range []struct {
		lat int
		bw  float64
	}{{322, 8}, {200, 0.5}} {
		cfg := turing()
		cfg.DRAM = DRAMConfig{Latency: c.lat, Bandwidth: c.bw}
		h := newH(t, cfg)
		const n = 16
		var last Cycle
		for i := range n {
			acc := warpAcc(t, traces.SpaceGlobal, OpLoad, 4, all32, "stride=4+"+hex(0x100000000+uint64(i)*0x1000))
			last = max(last, h.Access(i%30, 0, acc))
		}
		per := Cycle(128 / c.bw) // cycles the channel needs for one line
		floor := n * per
		if last < floor {
			t.Errorf("%+v: %d line misses done at %d, before %d", c, n, last, floor)
		}
		// Request i starts at i*per; its data is back max(latency, per) later.
		if want := per*(n-1) + max(Cycle(c.lat), per); last != want {
			t.Errorf("%+v: done at %d, want %d", c, last, want)
		}
		g := h.Stats()
		if g.DRAM.ReadBytes != n*128 || g.DRAM.Busy != floor {
			t.Errorf("%+v: DRAM stats %+v", c, g.DRAM)
		}
		idle := h.Access(0, 100000, warpAcc(t, traces.SpaceGlobal, OpLoad, 4, all32, "stride=4+0x200000000"))
		if want := 100000 + max(Cycle(c.lat), per); idle != want {
			t.Errorf("%+v: idle miss done at %d, want %d", c, idle, want)
		}
	}
}

func hex(v uint64) string { return fmt.Sprintf("%#x", v) }

// TestHierarchyPendingHit: a second warp loading a line in flight waits for
// the first one's data instead of hitting early or fetching again.
func TestHierarchyPendingHit(t *testing.T) {
	h := newH(t, turing())
	acc := warpAcc(t, traces.SpaceGlobal, OpLoad, 4, all32, "stride=4+0x100000000")
	if got := h.Access(0, 0, acc); got != 322 {
		t.Fatalf("first: %d", got)
	}
	if got := h.Access(0, 5, acc); got != 322 {
		t.Errorf("second, while in flight: %d, want 322", got)
	}
	if got := h.Access(0, 400, acc); got != 432 {
		t.Errorf("third, after the fill: %d, want 432", got)
	}
	if l1 := h.SM(0).L1; l1.PendingHits != 4 || l1.ReadHits != 2 || l1.ReadMisses != 1 {
		t.Errorf("L1 stats %+v", l1)
	}
	if d := h.Stats().DRAM; d.Reads != 1 || d.ReadBytes != 128 {
		t.Errorf("DRAM stats %+v", d)
	}
}

// TestHierarchyLineCycles: the L1 takes one line a cycle, so a warp whose
// lanes fall in 32 lines occupies it 32 cycles.
func TestHierarchyLineCycles(t *testing.T) {
	h := newH(t, turing())
	acc := warpAcc(t, traces.SpaceGlobal, OpLoad, 4, all32, "stride=128+0x100000000")
	h.Access(0, 0, acc)
	if got := h.Access(0, 1000, acc); got != 1000+31+32 {
		t.Errorf("32-line L1 hit: done at %d, want %d", got, 1000+31+32)
	}
	if got := h.Access(0, 1001, warpAcc(t, traces.SpaceGlobal, OpLoad, 4, 1, "same=0x100000000")); got != 1032+32 {
		t.Errorf("behind it: done at %d, want %d (L1 busy until 1032)", got, 1032+32)
	}
	st := h.SM(0)
	if st.Lines != 65 || st.Sectors != 65 || st.L1Busy != 65 {
		t.Errorf("stats %+v", st)
	}
}

// TestHierarchyStores: L1 write-through without allocation, L2 write-back
// with allocation; a store completes when the L1 has taken it.
func TestHierarchyStores(t *testing.T) {
	h := newH(t, turing())
	st := warpAcc(t, traces.SpaceGlobal, OpStore, 4, all32, "stride=4+0x100000000")
	if got := h.Access(0, 0, st); got != 1 {
		t.Errorf("store done at %d, want 1", got)
	}
	ld := warpAcc(t, traces.SpaceGlobal, OpLoad, 4, all32, "stride=4+0x100000000")
	if got := h.Access(0, 100, ld); got != 288 {
		t.Errorf("load after store: %d, want 288 (L1 miss, L2 hit)", got)
	}
	if got := h.Access(0, 300, st); got != 301 {
		t.Errorf("store to a present line: %d", got)
	}
	sm, g := h.SM(0), h.Stats()
	if sm.Stores != 2 || sm.L1.WriteMisses != 1 || sm.L1.WriteHits != 1 || sm.L1.ReadMisses != 1 {
		t.Errorf("SM stats %+v", sm)
	}
	if g.DRAM.Reads != 0 || g.DRAM.Writes != 0 || g.L2.Writes != 2 || g.L2.WriteMisses != 1 || g.L2WriteBytes != 256 {
		t.Errorf("GPU stats %+v", g)
	}
}

// TestHierarchyL2WriteBack: dirty L2 lines cost DRAM bandwidth when evicted.
func TestHierarchyL2WriteBack(t *testing.T) {
	cfg := turing()
	cfg.L2 = CacheConfig{Size: 4096, Line: 128, Sector: 32, Assoc: 4, Latency: 188, WriteBack: true, WriteAllocate: true}
	h := newH(t, cfg)
	// 64 lines of full-warp stores: twice the L2's 32 lines; the second 32
	// evict the first, each with 4 dirty sectors.
	for i := range 64 {
		h.Access(0, Cycle(i), warpAcc(t, traces.SpaceGlobal, OpStore, 4, all32, "stride=4+"+hex(0x100000000+uint64(i)*128)))
	}
	g := h.Stats()
	if g.DRAM.Writes != 32 || g.DRAM.WriteBytes != 32*128 || g.L2.DirtyEvictions != 32 || g.DRAM.Reads != 0 {
		t.Errorf("stats %+v", g)
	}
	if q := h.Quiet(); q < Cycle(32*128/246) {
		t.Errorf("Quiet at %d: before the write-backs could drain", q)
	}
}

// TestHierarchyWriteThroughL2: with a write-through L2 every store reaches
// DRAM.
func TestHierarchyWriteThroughL2(t *testing.T) {
	cfg := turing()
	cfg.L2.WriteBack = false
	h := newH(t, cfg)
	h.Access(0, 0, warpAcc(t, traces.SpaceGlobal, OpStore, 4, 0xff, "stride=4+0x100000000"))
	if d := h.Stats().DRAM; d.Writes != 1 || d.WriteBytes != 32 {
		t.Errorf("DRAM stats %+v", d)
	}
}

// TestHierarchyWriteBackL1: an L1 configured write-back keeps stores and
// writes them to the L2 on eviction or invalidation.
func TestHierarchyWriteBackL1(t *testing.T) {
	cfg := turing()
	cfg.L1.WriteBack, cfg.L1.WriteAllocate = true, true
	h := newH(t, cfg)
	h.Access(0, 0, warpAcc(t, traces.SpaceGlobal, OpStore, 4, all32, "stride=4+0x100000000"))
	if g := h.Stats(); g.L2.Writes != 0 {
		t.Fatalf("write-back L1 forwarded the store: %+v", g.L2)
	}
	if got := h.Access(0, 10, warpAcc(t, traces.SpaceGlobal, OpLoad, 4, all32, "stride=4+0x100000000")); got != 42 {
		t.Errorf("load of the stored line: %d, want an L1 hit at 42", got)
	}
	h.InvalidateL1(100)
	if g := h.Stats(); g.L2.Writes != 1 || g.L2.SectorWrites != 4 || g.L2WriteBytes != 128 {
		t.Errorf("after invalidation: %+v", g)
	}

	// A direct-mapped write-back L1 of two lines: a load of a line in the
	// same set evicts the stored one, which is written to the L2.
	cfg.L1.Size, cfg.L1.Assoc = 256, 1
	h = newH(t, cfg)
	h.Access(0, 0, warpAcc(t, traces.SpaceGlobal, OpStore, 4, 0xff, "stride=4+0x100000000"))
	h.Access(0, 1, warpAcc(t, traces.SpaceGlobal, OpLoad, 4, 1, "same=0x100000100"))
	if g, l1 := h.Stats(), h.SM(0).L1; g.L2.Writes != 1 || g.L2.SectorWrites != 1 || l1.DirtyEvictions != 1 {
		t.Errorf("after eviction: L2 %+v, L1 %+v", g.L2, l1)
	}
	if h.Config().L1 != cfg.L1 {
		t.Error("Config() differs from the configuration given")
	}
}

// TestHierarchyAtomics: global atomics execute at the L2 and serialise on
// a shared address; they drop the line from the L1.
func TestHierarchyAtomics(t *testing.T) {
	h := newH(t, turing())
	ld := warpAcc(t, traces.SpaceGlobal, OpLoad, 4, all32, "stride=4+0x100000000")
	h.Access(0, 0, ld) // 322, L1 and L2 filled
	if got := h.Access(0, 1000, warpAcc(t, traces.SpaceGlobal, OpAtomic, 4, all32, "same=0x100000000")); got != 1000+188+31 {
		t.Errorf("32 lanes on one address: %d, want %d", got, 1000+188+31)
	}
	if got := h.Access(0, 2000, warpAcc(t, traces.SpaceGlobal, OpAtomic, 4, all32, "stride=4+0x100000000")); got != 2188 {
		t.Errorf("distinct addresses: %d, want 2188", got)
	}
	if got := h.Access(0, 3000, warpAcc(t, traces.SpaceGlobal, OpReduce, 4, all32, "same=0x100000000")); got != 3001 {
		t.Errorf("reduction: %d, want 3001", got)
	}
	if got := h.Access(0, 4000, ld); got != 4188 {
		t.Errorf("load after atomics: %d, want an L2 hit (the L1 copy was dropped)", got)
	}
	if got := h.Access(0, 5000, warpAcc(t, traces.SpaceGlobal, OpAtomic, 8, 1, "same=0x300000000")); got != 5322 {
		t.Errorf("atomic miss: %d, want 5322", got)
	}
	sm, g := h.SM(0), h.Stats()
	if sm.Atomics != 3 || sm.Reductions != 1 || sm.L1.Invalidations != 4 || g.L2.Writes != 4 {
		t.Errorf("stats %+v\n%+v", sm, g.L2)
	}
	sh := warpAcc(t, traces.SpaceShared, OpAtomic, 4, all32, "same=0x10")
	if got := h.Access(0, 6000, sh); got != 6000+19+31 {
		t.Errorf("shared atomic on one address: %d, want %d", got, 6000+19+31)
	}
	if got := h.Access(0, 7000, warpAcc(t, traces.SpaceShared, OpStore, 4, all32, "stride=8")); got != 7002 {
		t.Errorf("2-way conflicting shared store: %d, want 7002", got)
	}
}

// TestHierarchyGeometries: L1 and L2 lines of different sizes map onto one
// another sector by sector.
func TestHierarchyGeometries(t *testing.T) {
	// CDNA 2-like: 64-byte L1 lines of one sector, 128-byte L2 lines of 64-byte sectors.
	cfg := turing()
	cfg.L1 = CacheConfig{Size: 16384, Line: 64, Sector: 64, Assoc: 4, Latency: 120}
	cfg.L2 = CacheConfig{Size: 1 << 20, Line: 128, Sector: 64, Assoc: 16, Latency: 300, WriteBack: true, WriteAllocate: true}
	cfg.DRAM.Latency = 700
	h := newH(t, cfg)
	wave := &WarpAccess{Space: traces.SpaceGlobal, Op: OpLoad, Size: 4, Mask: ^uint64(0), Addr: make([]uint64, 64)}
	for i := range wave.Addr {
		wave.Addr[i] = 0x100000000 + uint64(i)*4
	}
	if got := h.Access(0, 0, wave); got != 3+700 {
		t.Errorf("cold wave64 load: %d, want 703 (4 lines, the last looked up at 3)", got)
	}
	g := h.Stats()
	if g.L2.Reads != 4 || g.L2.ReadMisses != 2 || g.L2.ReadSectorMisses != 2 || g.DRAM.ReadBytes != 256 || g.DRAM.Reads != 4 {
		t.Errorf("stats %+v", g)
	}

	// L1 lines bigger than L2 lines: a 256-byte L1 line of 128-byte sectors over 128-byte L2 lines of 32-byte sectors.
	cfg = turing()
	cfg.L1 = CacheConfig{Size: 16384, Line: 256, Sector: 128, Assoc: 4, Latency: 50}
	h = newH(t, cfg)
	acc := warpAcc(t, traces.SpaceGlobal, OpLoad, 8, all32, "stride=8+0x100000000")
	h.Access(0, 0, acc)
	g = h.Stats()
	if g.L2.Reads != 2 || g.L2.SectorReads != 8 || g.DRAM.ReadBytes != 256 || g.L2ReadBytes != 256 {
		t.Errorf("stats %+v", g)
	}
	// A single byte still brings its whole L1 sector from the L2.
	h.Access(0, 1000, warpAcc(t, traces.SpaceGlobal, OpLoad, 1, 1, "same=0x100001000"))
	g = h.Stats()
	if g.L2.Reads != 3 || g.L2.SectorReads != 12 || g.L2ReadBytes != 384 {
		t.Errorf("stats %+v", g)
	}
}

// TestHierarchySlices: with a slice bandwidth, requests to one slice queue
// and requests to different slices do not.
func TestHierarchySlices(t *testing.T) {
	cfg := turing()
	cfg.L2Slices = 2
	cfg.L2SliceBandwidth = 32
	h := newH(t, cfg)
	// Warm the L2 with four lines (slices 0, 1, 0, 1), then empty the L1s.
	for i := range 4 {
		h.Access(0, 0, warpAcc(t, traces.SpaceGlobal, OpLoad, 4, all32, "stride=4+"+hex(0x100000000+uint64(i)*128)))
	}
	h.InvalidateL1(10000)
	var done [4]Cycle
	for i := range 4 {
		done[i] = h.Access(i, 10000, warpAcc(t, traces.SpaceGlobal, OpLoad, 4, all32, "stride=4+"+hex(0x100000000+uint64(i)*128)))
	}
	// 128 bytes at 32 B/cycle: 4 cycles per line on each slice. Queueing:
	// warming, lines 2 and 3 reach their slice 2 cycles before it frees
	// (the L1 sends a line a cycle); now, lines 2 and 3 wait 4 each.
	want := [4]Cycle{10188, 10188, 10192, 10192}
	if done != want {
		t.Errorf("done %v, want %v", done, want)
	}
	if g := h.Stats(); g.L2Slices != 2 || g.L2Busy != 32 || g.L2QueueWait != 4+8 {
		t.Errorf("stats %+v", g)
	}
}

func TestHierarchyLocal(t *testing.T) {
	h := newH(t, turing())
	acc := &WarpAccess{Space: traces.SpaceLocal, Op: OpLoad, Size: 4, Mask: all32, Addr: make([]uint64, 32)}
	for lane := range acc.Addr {
		acc.Addr[lane] = InterleavedLocal(5, lane, 32, 64, 8)
	}
	h.Access(0, 0, acc)
	if st := h.SM(0); st.LocalAccesses != 1 || st.Lines != 1 || st.Sectors != 4 {
		t.Errorf("interleaved local word: %+v", st)
	}
	if a, b := InterleavedLocal(0, 0, 32, 64, 0), InterleavedLocal(0, 1, 32, 64, 0); b-a != 4 || a != LocalWindow {
		t.Errorf("lanes 0, 1 at %#x, %#x", a, b)
	}
	if a, b := InterleavedLocal(0, 31, 32, 64, 60), InterleavedLocal(1, 0, 32, 64, 0); a >= b {
		t.Errorf("warp 0's last word %#x overlaps warp 1 at %#x", a, b)
	}
}

// TestHierarchyDeterministic runs a random mix twice and compares every
// answer and counter.
func TestHierarchyDeterministic(t *testing.T) {
	run := func() (*Hierarchy, []Cycle, []SMStats, GPUStats) {
		cfg := turing()
		cfg.L2.Size = 1 << 16 // small enough to evict
		cfg.L2Slices, cfg.L2SliceBandwidth = 4, 64
		h := newH(t, cfg)
		rng := rand.New(rand.NewPCG(7, 8))
		acc := &WarpAccess{Addr: make([]uint64, 32)}
		var out []Cycle
		now := Cycle(0)
		for range 3000 {
			now += Cycle(rng.IntN(4))
			acc.Space = []traces.Space{traces.SpaceGlobal, traces.SpaceGlobal, traces.SpaceShared, traces.SpaceConst, traces.SpaceLocal}[rng.IntN(5)]
			acc.Op = AccessOp(rng.IntN(4))
			acc.Size = 1 << rng.IntN(5)
			acc.Mask = rng.Uint64() & all32
			stride := uint64(acc.Size) << rng.IntN(6)
			base := 0x100000000 + rng.Uint64N(1<<18)&^127
			for i := range acc.Addr {
				acc.Addr[i] = base + uint64(i)*stride
			}
			out = append(out, h.Access(rng.IntN(30), now, acc))
		}
		var sms []SMStats
		for sm := range 30 {
			sms = append(sms, h.SM(sm))
		}
		return h, out, sms, h.Stats()
	}
	h1, a1, s1, g1 := run()
	_, a2, s2, g2 := run()
	if !reflect.DeepEqual(a1, a2) || !reflect.DeepEqual(s1, s2) || !reflect.DeepEqual(g1, g2) {
		t.Error("two identical runs differ")
	}
	var tot SMStats
	for i := range s1 {
		tot.Add(&s1[i])
	}
	if got := h1.SMTotals(); !reflect.DeepEqual(got, tot) {
		t.Errorf("SMTotals %+v, want the sum %+v", got, tot)
	}
	if tot.Loads == 0 || tot.SharedPasses == 0 || g1.DRAM.Reads == 0 || g1.L2.DirtyEvictions == 0 || tot.L1.PendingHits == 0 {
		t.Errorf("the random mix missed a path: %+v %+v", tot, g1)
	}
}

func TestHierarchyConfigErrors(t *testing.T) {
	for _, c := range []struct {
		mod   func(*HierarchyConfig)
		field string
	}{
		{func(c *HierarchyConfig) { c.SMs = 0 }, "sms"},
		{func(c *HierarchyConfig) { c.LineCycles = 0 }, "line_cycles"},
		{func(c *HierarchyConfig) { c.ConstLatency = -1 }, "const_latency"},
		{func(c *HierarchyConfig) { c.L2Slices = -1 }, "l2.slices"},
		{func(c *HierarchyConfig) { c.L2SliceBandwidth = -3 }, "l2.slice_bandwidth"},
		{func(c *HierarchyConfig) { c.Shared.Banks = 0 }, "shared.banks"},
		{func(c *HierarchyConfig) { c.Shared.BankWidth = 6 }, "shared.bank_width"},
		{func(c *HierarchyConfig) { c.L1.Line = 100 }, "l1.line"},
		{func(c *HierarchyConfig) { c.L2.Assoc = 0 }, "l2.assoc"},
		{func(c *HierarchyConfig) { c.DRAM.Latency = -5 }, "dram.latency"},
		{func(c *HierarchyConfig) { c.DRAM.Bandwidth = 1e300 }, "dram.bandwidth"},
		{func(c *HierarchyConfig) { c.DRAM.Latency = 96 }, "dram.latency"}, // Accel-Sim's increment, not a total
		{func(c *HierarchyConfig) { c.L2.Latency = 20 }, "l2.latency"},
	} {
		cfg := turing()
		c.mod(&cfg)
		_, err := NewHierarchy(cfg)
		if err == nil || !strings.Contains(err.Error(), c.field+":") {
			t.Errorf("%s: error %v", c.field, err)
		}
	}
	// Several problems are all reported.
	cfg := turing()
	cfg.SMs, cfg.L1.Sector = 0, 3
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "sms:") || !strings.Contains(err.Error(), "l1.sector:") {
		t.Errorf("joined errors: %v", err)
	}
}

func TestHierarchyAllocs(t *testing.T) {
	h := newH(t, turing())
	accs := []*WarpAccess{
		warpAcc(t, traces.SpaceGlobal, OpLoad, 16, all32, "stride=4096+0x100000000"),
		warpAcc(t, traces.SpaceGlobal, OpStore, 4, all32, "stride=4+0x100000000"),
		warpAcc(t, traces.SpaceGlobal, OpAtomic, 4, all32, "same=0x100000000"),
		warpAcc(t, traces.SpaceShared, OpLoad, 16, all32, "stride=128"),
		warpAcc(t, traces.SpaceConst, OpLoad, 4, all32, "stride=4"),
	}
	now := Cycle(0)
	for _, acc := range accs {
		if n := testing.AllocsPerRun(50, func() { now += 10; h.Access(1, now, acc) }); n != 0 {
			t.Errorf("%v %v: %v allocations", acc.Space, acc.Op, n)
		}
	}
}

// BenchmarkAccess times Access on a coalesced (unit-stride f32) warp load
// spread over 30 SMs and 512 KiB: L1 misses that hit the L2 after the
// first pass, and on L1 hits.
func BenchmarkAccess(b *testing.B) {
	for _, c := range []struct {
		name  string
		lines uint64
	}{{"L2hit", 4096}, {"L1hit", 64}} {
		b.Run(c.name, func(b *testing.B) {
			h := newH(b, turing())
			acc := warpAcc(b, traces.SpaceGlobal, OpLoad, 4, all32, "stride=4+0x100000000")
			b.ReportAllocs()
			var i uint64
			var lat Cycle
			for b.Loop() {
				line := 0x100000000 + (i%c.lines)*128
				for l := range acc.Addr {
					acc.Addr[l] = line + uint64(l)*4
				}
				now := Cycle(i)
				lat += h.Access(int(i%30), now, acc) - now
				i++
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "warp-accesses/s")
			b.ReportMetric(float64(lat)/float64(b.N), "sim-cycles/access")
		})
	}
}
