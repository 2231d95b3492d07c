package ptx

import (
	"math/bits"

	"github.com/gpusim/gpusim/traces"
	ptxfe "github.com/gpusim/gpusim/traces/ptx"
)

// The register-file layout: which 64-bit row of a warp's register file
// holds each value register.
//
// Compilers emit PTX in near-SSA form: nvcc names a fresh virtual register
// for almost every value, so a kernel declares far more registers than it
// ever holds at once (the softmax sample's 77 value registers fit in 13
// rows). A row per declared register makes every resident
// warp's register file that much larger, and a timing run, which keeps
// thousands of warps resident and steps them in turn, then spends its time
// on host cache misses. So registers whose values are never live at the
// same time share a row, the way a register allocator would assign them.
//
// Sharing is sound because of the instruction table's lanewise fact
// (traces.PTXOpInfo.LaneWise): a lanewise instruction reads a register
// only in the lanes that execute it and writes a destination whole in
// exactly those lanes. A lane executes an instruction only when its own
// thread is at it, so each lane of a row changes only by its own thread's
// writes, however the warp's lanes diverge and wait for each other. Then
// liveness per thread, on the control-flow graph of the paths one thread
// can take, decides: two registers may share a row when neither is written
// while the other holds a value some later read in that thread needs
// (the front end's liveness, traces/ptx.BodyLiveness). The
// registers of every other instruction (shfl, which reads other lanes;
// bar.red, which writes when the barrier releases; the matrix instructions,
// which read and write whole fragments across the warp; textures and
// surfaces) keep private rows, as do .b128 registers (two rows each), so
// their results do not change at all. Kernels with calls (parameter frames,
// saved activations of recursive functions) keep one row per register.
//
// The layout decides nothing but where values live: every result, fault
// and statistic is what it is with a row per register. Registers whose
// values are dead can no longer be read back after a run (Warp.Reg); the
// tests that do that compile with private rows.

// Limits of the sharing analysis: a kernel over them keeps a row per
// register. Its memory is candidates^2 bits for the interference matrix
// (8 MiB at the most) and four liveness sets of blocks*registers bits
// (8 MiB each at the most).
const (
	maxShareRegs = 1 << 13
	maxShareBits = 1 << 26
)

// layoutRows returns each value register's first row and the number of
// rows: shared as described above when share is set and the kernel allows
// it, else one row per register (two for .b128).
func layoutRows(k *traces.Kernel, share bool) (rows []int32, n int) {
	if share {
		if rows, n, ok := sharedRows(k); ok {
			return rows, n
		}
	}
	rows = make([]int32, len(k.Regs))
	for r, reg := range k.Regs {
		rows[r] = int32(n)
		n += regRows(reg.Type)
	}
	return rows, n
}

// regRows is how many rows a register of type t takes.
func regRows(t traces.Type) int {
	if t.Bits() > 64 {
		return 2
	}
	return 1
}

// shareable reports whether the analysis covers k: a body span and no
// calls (k.Funcs[0] is the kernel's own span; without calls no other
// runs), register numbers in range, within the limits.
func shareable(k *traces.Kernel) bool {
	if len(k.Funcs) == 0 || len(k.Calls) > 0 || k.Recursive {
		return false
	}
	nregs := int32(len(k.Regs))
	blocks := uint64(1) // at most: the entry, and a block at and after every branch, one after every exit
	for i := range k.Code {
		switch k.Code[i].Op {
		case traces.OpBra:
			blocks += 2
		case traces.OpExit, traces.OpRet, traces.OpTrap:
			blocks++
		}
	}
	if nregs > maxShareRegs || blocks*uint64(nregs+64) > maxShareBits {
		return false
	}
	ok := true
	check := func(r int32) {
		if r < 0 || r >= nregs {
			ok = false
		}
	}
	for i := range k.Code {
		in := &k.Code[i]
		if in.Op == traces.OpCall {
			return false
		}
		ptxfe.InstRegs(k, in, check, check)
	}
	return ok
}

// regSets are one bit per candidate register, for each of a number of
// candidates.
type regSets struct {
	words int
	bits  []uint64
}

func newRegSets(sets, regs int) regSets {
	w := (regs + 63) / 64
	return regSets{words: w, bits: make([]uint64, sets*w)}
}

func (s regSets) at(i int) []uint64 { return s.bits[i*s.words : (i+1)*s.words] }

func setBit(b []uint64, i int32) { b[i>>6] |= 1 << (uint(i) & 63) }

// sharedRows is layoutRows' shared layout; ok is false when the kernel is
// outside the analysis (shareable).
func sharedRows(k *traces.Kernel) (rows []int32, n int, ok bool) {
	if !shareable(k) {
		return nil, 0, false
	}
	nregs := len(k.Regs)
	// Candidates: registers only lanewise instructions name, one row wide.
	// cand[r] is r's candidate number, -1 for a private or unnamed one.
	const unnamed, private = -1, -2
	cand := make([]int32, nregs)
	for r := range cand {
		cand[r] = unnamed
		if regRows(k.Regs[r].Type) != 1 || k.Regs[r].Type.Bits() == 0 {
			cand[r] = private
		}
	}
	for i := range k.Code {
		in := &k.Code[i]
		row := traces.PTXOp(in.Op)
		lanewise := row != nil && row.LaneWise
		mark := func(r int32) {
			if !lanewise {
				cand[r] = private
			} else if cand[r] == unnamed {
				cand[r] = 0
			}
		}
		ptxfe.InstRegs(k, in, mark, mark)
	}
	nc := int32(0)
	for r := range cand {
		if cand[r] == 0 {
			cand[r] = nc
			nc++
		}
	}
	live := ptxfe.BodyLiveness(k)
	if live == nil {
		return nil, 0, false
	}

	// Interference: a register an instruction writes conflicts with every
	// register live after it and with every other register it reads or
	// writes (an instruction may write one destination before it reads a
	// source or writes another destination).
	adj := newRegSets(int(nc), int(nc))
	edge := func(a, b int32) {
		if a >= 0 && b >= 0 && a != b {
			setBit(adj.at(int(a)), b)
			setBit(adj.at(int(b)), a)
		}
	}
	var ws, rs []int32
	live.Backward(func(pc int32, after []uint64) {
		ws, rs = ws[:0], rs[:0]
		ptxfe.InstRegs(k, &k.Code[pc],
			func(r int32) { rs = append(rs, cand[r]) },
			func(r int32) { ws = append(ws, cand[r]) })
		for _, d := range ws {
			if d < 0 {
				continue
			}
			for w, x := range after {
				for x != 0 {
					edge(d, cand[w*64+bits.TrailingZeros64(x)])
					x &= x - 1
				}
			}
			for _, s := range rs {
				edge(d, s)
			}
			for _, s := range ws {
				edge(d, s)
			}
		}
	})

	// Rows: each candidate, in register order, takes the lowest row none
	// of its conflicting candidates holds; the private registers follow;
	// a register no instruction names takes row 0 (nothing reads it).
	color := make([]int32, nc)
	used := make([]bool, nc+1)
	ncolors := int32(0)
	for c := int32(0); c < nc; c++ {
		clear(used[:ncolors+1])
		for w, x := range adj.at(int(c)) {
			for x != 0 {
				if o := int32(w*64 + bits.TrailingZeros64(x)); o < c {
					used[color[o]] = true
				}
				x &= x - 1
			}
		}
		col := int32(0)
		for used[col] {
			col++
		}
		color[c] = col
		ncolors = max(ncolors, col+1)
	}
	rows = make([]int32, nregs)
	n = int(ncolors)
	for r := range rows {
		switch c := cand[r]; {
		case c >= 0:
			rows[r] = color[c]
		case c == private:
			rows[r] = int32(n)
			n += regRows(k.Regs[r].Type)
		}
	}
	return rows, n, true
}
