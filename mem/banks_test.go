package mem

import (
	"math/rand/v2"
	"testing"
)

func TestBanksCases(t *testing.T) {
	for _, c := range readCases(t, "testdata/banks.txt") {
		if len(c.in) != 6 || len(c.want) != 3 {
			t.Fatalf("%s: want 6 fields | 3 fields", c.pos)
		}
		b, err := NewBanks(SharedConfig{Banks: int(mustU(t, c.pos, c.in[0])), BankWidth: int(mustU(t, c.pos, c.in[1])), Latency: 19})
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		addr, err := pattern(c.in[5], int(mustU(t, c.pos, c.in[3])))
		if err != nil {
			t.Fatalf("%s: %v", c.pos, err)
		}
		got := b.Access(addr, mustU(t, c.pos, c.in[4]), int(mustU(t, c.pos, c.in[2])))
		want := BankResult{Phases: int(mustU(t, c.pos, c.want[0])), Passes: int(mustU(t, c.pos, c.want[1])), Degree: int(mustU(t, c.pos, c.want[2]))}
		if got != want {
			t.Errorf("%s: got %+v, want %+v", c.pos, got, want)
		}
	}
}

// TestBanksStrideRatio is the acceptance check: stride-1, stride-2 and
// stride-32 f32 patterns over 32 lanes cost 1, 2 and 32 passes.
func TestBanksStrideRatio(t *testing.T) {
	b, err := NewBanks(SharedConfig{Banks: 32, BankWidth: 4, Latency: 19})
	if err != nil {
		t.Fatal(err)
	}
	one, _ := pattern("stride=4", 32)
	base := b.Access(one, 1<<32-1, 4).Passes
	for _, c := range []struct{ words, ratio int }{{1, 1}, {2, 2}, {32, 32}} {
		addr, _ := pattern("stride=4", 32)
		for i := range addr {
			addr[i] *= uint64(c.words)
		}
		r := b.Access(addr, 1<<32-1, 4)
		if r.Degree != c.ratio || r.Passes != c.ratio*base {
			t.Errorf("stride %d words: %+v, want degree %d and %d passes", c.words, r, c.ratio, c.ratio*base)
		}
	}
}

func TestBanksNoConflicts(t *testing.T) {
	b, err := NewBanks(SharedConfig{Banks: 32, BankWidth: 4, NoConflicts: true})
	if err != nil {
		t.Fatal(err)
	}
	addr, _ := pattern("stride=128", 64)
	if r := b.Access(addr, ^uint64(0), 4); r != (BankResult{Phases: 2, Passes: 2, Degree: 1}) {
		t.Errorf("bank_conflict none: %+v", r)
	}
}

// TestBanksReference compares random accesses with a direct count of
// distinct words per bank, phase by phase.
func TestBanksReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	b, err := NewBanks(SharedConfig{Banks: 32, BankWidth: 4})
	if err != nil {
		t.Fatal(err)
	}
	addr := make([]uint64, 64)
	for iter := range 2000 {
		size := []int{1, 2, 4, 8, 16}[rng.IntN(5)]
		lanes := []int{32, 64}[rng.IntN(2)]
		span := uint64(1) << (4 + rng.IntN(10))
		for i := range addr[:lanes] {
			addr[i] = rng.Uint64N(span) &^ uint64(size-1)
		}
		if rng.IntN(2) == 0 {
			// Strided (odd strides of words are conflict-free), now and
			// then with one lane moved.
			base, stride := rng.Uint64N(span)&^uint64(size-1), uint64(size*(1+rng.IntN(5)))
			for i := range addr[:lanes] {
				addr[i] = base + uint64(i)*stride
			}
			if rng.IntN(3) == 0 {
				addr[rng.IntN(lanes)] = rng.Uint64N(span) &^ uint64(size-1)
			}
		}
		mask := rng.Uint64()
		if rng.IntN(4) == 0 {
			mask = ^uint64(0)
		}
		if lanes < 64 {
			mask &= 1<<uint(lanes) - 1
		}
		got := b.Access(addr[:lanes], mask, size)
		want := referenceBanks(addr[:lanes], mask, size, 32, 4)
		if got != want {
			t.Fatalf("iteration %d (size %d, mask %#x, addr %#x): got %+v, want %+v", iter, size, mask, addr[:lanes], got, want)
		}
	}
}

func referenceBanks(addr []uint64, mask uint64, size, banks, width int) BankResult {
	per := banks * width / max(size, width)
	var r BankResult
	for lo := 0; lo < len(addr); lo += per {
		words := map[uint64]bool{}
		for i := lo; i < lo+per && i < len(addr); i++ {
			if mask>>uint(i)&1 == 0 {
				continue
			}
			for a := addr[i]; a < addr[i]+uint64(size); a++ {
				words[a/uint64(width)] = true
			}
		}
		if len(words) == 0 {
			continue
		}
		perBank := map[uint64]int{}
		d := 0
		for w := range words {
			perBank[w%uint64(banks)]++
			d = max(d, perBank[w%uint64(banks)])
		}
		r.Phases++
		r.Passes += d
		r.Degree = max(r.Degree, d)
	}
	return r
}

func TestBanksConfigErrors(t *testing.T) {
	for _, c := range []SharedConfig{
		{Banks: 0, BankWidth: 4},
		{Banks: 24, BankWidth: 4},
		{Banks: 32, BankWidth: 3},
		{Banks: 32, BankWidth: 4, Latency: -1},
	} {
		if _, err := NewBanks(c); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}

func BenchmarkBanks(b *testing.B) {
	bk, err := NewBanks(SharedConfig{Banks: 32, BankWidth: 4, Latency: 19})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		pat  string
	}{{"stride1", "stride=4"}, {"stride32", "stride=128"}, {"broadcast", "same=0"}} {
		addr, _ := pattern(c.pat, 32)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n += bk.Access(addr, 1<<32-1, 4).Passes
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "accesses/s")
			b.ReportMetric(float64(n)/float64(b.N), "passes/access")
		})
	}
}
