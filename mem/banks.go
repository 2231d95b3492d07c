package mem

import (
	"fmt"
	"math/bits"
)

// Banks is the bank structure of shared memory (AMD: LDS): Banks banks,
// each BankWidth bytes wide; word w (address / BankWidth) lives in bank
// w mod Banks. The model, for NVIDIA (CUDA C Programming Guide, "Shared
// Memory" of compute capability 5.x and later; Nsight Compute's shared
// "wavefronts") and AMD LDS alike:
//
//   - A warp access is served in phases of consecutive lanes, each phase
//     moving at most Banks*BankWidth bytes: with 32 banks of 4 bytes, 4-byte
//     and smaller accesses are served for 32 lanes at once, 8-byte accesses
//     a half-warp (16 lanes) at a time and 16-byte accesses a quarter-warp
//     (8 lanes) at a time; a 64-lane wavefront takes two phases even at 4
//     bytes. Phases without active lanes are skipped.
//   - Within a phase, lanes reading the same word share it (broadcast), and
//     the phase takes as many passes as the largest number of distinct
//     words any one bank must deliver (the conflict degree); each pass is a
//     cycle of the shared pipe.
//   - A lane's access that spans several words touches each of them.
//
// So a conflict-free 32-lane f32 access is one pass, a stride-2 one two and
// a stride-32 one thirty-two. A Banks value holds scratch space and is not
// safe for concurrent use.
type Banks struct {
	banks     int
	bankShift uint // log2 Banks
	wordShift uint // log2 BankWidth
	noConf    bool
	words     []uint64 // scratch: the phase's words, rotated so the bank is on top
}

// BankResult is the cost of one warp access to shared memory.
type BankResult struct {
	Phases int // phases with at least one active lane
	Passes int // cycles the access occupies the shared pipe: the sum over phases of their conflict degree
	Degree int // the largest conflict degree of any phase (1: conflict-free; 0: no active lane)
}

// NewBanks returns the bank model of cfg (see SharedConfig.Validate).
func NewBanks(cfg SharedConfig) (*Banks, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("banks: %w", err)
	}
	return &Banks{
		banks:     cfg.Banks,
		bankShift: uint(bits.TrailingZeros(uint(cfg.Banks))),
		wordShift: uint(bits.TrailingZeros(uint(cfg.BankWidth))),
		noConf:    cfg.NoConflicts,
		words:     make([]uint64, 0, 2*cfg.Banks+4),
	}, nil
}

// Access returns the cost of a warp access in which lane i (bit i of mask,
// i < len(addr)) accesses size bytes at addr[i]; size 0 counts as 1.
func (b *Banks) Access(addr []uint64, mask uint64, size int) BankResult {
	if size < 1 {
		size = 1
	}
	n := len(addr)
	if n > 64 {
		n = 64
	}
	if n < 64 {
		mask &= 1<<uint(n) - 1
	}
	width := 1 << b.wordShift
	perPhase := b.banks * width / max(size, width)
	if perPhase < 1 {
		perPhase = 1
	}
	var r BankResult
	for lo := 0; lo < n; lo += perPhase {
		hi := min(lo+perPhase, n)
		pm := mask >> uint(lo)
		if hi-lo < 64 {
			pm &= 1<<uint(hi-lo) - 1
		}
		if pm == 0 {
			continue
		}
		d := 1
		if !b.noConf {
			d = b.degree(addr[lo:hi], pm, uint64(size))
		}
		r.Phases++
		r.Passes += d
		r.Degree = max(r.Degree, d)
	}
	return r
}

// degree is the conflict degree of one phase: lanes addr (bit i of mask for
// addr[i]), each touching size bytes.
func (b *Banks) degree(addr []uint64, mask uint64, size uint64) int {
	if d, ok := b.distinct(addr, mask, size); ok {
		return d
	}
	w := b.words[:0]
	rot := -int(b.bankShift)
	for m := mask; m != 0; m &= m - 1 {
		a := addr[bits.TrailingZeros64(m)]
		first, last := a>>b.wordShift, (a+size-1)>>b.wordShift
		if last < first {
			last = ^uint64(0) >> b.wordShift
		}
		for x := first; ; x++ {
			// Rotating the bank bits to the top makes sorted order group
			// the words bank by bank.
			w = append(w, bits.RotateLeft64(x, rot))
			if x == last {
				break
			}
		}
	}
	b.words = w[:0] // keep any growth
	sortWords(w)
	deg, run := 0, 0
	top := 64 - b.bankShift
	for i := range w {
		switch {
		case i == 0 || w[i]>>top != w[i-1]>>top: // a new bank (one bank: top is 64 and both are 0)
			run = 1
		case w[i] != w[i-1]:
			run++
		}
		deg = max(deg, run)
	}
	return deg
}

// distinct is degree when every word the lanes touch is in a bank of its
// own (the conflict-free pattern, 1; 0 without lanes), found without
// sorting; ok is false when two words, or one word twice, share a bank
// (or the machine has more than 64 banks), for degree's count.
func (b *Banks) distinct(addr []uint64, mask uint64, size uint64) (int, bool) {
	if b.bankShift > 6 {
		return 0, false
	}
	banks := uint64(1)<<b.bankShift - 1
	var seen uint64
	for m := mask; m != 0; m &= m - 1 {
		a := addr[bits.TrailingZeros64(m)]
		first, last := a>>b.wordShift, (a+size-1)>>b.wordShift
		if last < first {
			return 0, false
		}
		for x := first; ; x++ {
			bit := uint64(1) << (x & banks)
			if seen&bit != 0 {
				return 0, false
			}
			seen |= bit
			if x == last {
				break
			}
		}
	}
	if seen == 0 {
		return 0, true
	}
	return 1, true
}

// sortWords sorts a short slice in place (insertion sort: the usual
// patterns arrive sorted or nearly so, and a phase has at most a few dozen
// words).
func sortWords(w []uint64) {
	for i := 1; i < len(w); i++ {
		x := w[i]
		j := i
		for ; j > 0 && w[j-1] > x; j-- {
			w[j] = w[j-1]
		}
		w[j] = x
	}
}
