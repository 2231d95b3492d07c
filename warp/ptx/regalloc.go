package ptx

import (
	"math/bits"

	"github.com/gpusim/gpusim/traces"
)

// The register-file layout: which 64-bit row of a warp's register file
// holds each value register.
//
// Compilers emit PTX in near-SSA form: nvcc names a fresh virtual register
// for almost every value, so a kernel declares far more registers than it
// ever holds at once (the softmax sample declares 119 and never has more
// than a few dozen live). A row per declared register makes every resident
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
// while the other holds a value some later read in that thread needs. The
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
// register (its cost is candidates^2 bits for the interference matrix and
// blocks*candidates bits for each liveness set).
const (
	maxShareRegs = 1 << 13
	maxShareBits = 1 << 28
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

// instRegs lists the value registers instruction in reads and writes.
// Reads are every register a source, an address or a further operand
// names; writes the destination registers.
func instRegs(k *traces.Kernel, in *traces.Inst, read, write func(r int32)) {
	opd := func(o *traces.Operand, f func(int32)) {
		switch o.Kind {
		case traces.OpdReg:
			f(o.Reg)
		case traces.OpdMem:
			if o.Reg >= 0 {
				read(o.Reg)
			}
		case traces.OpdVec:
			for _, r := range k.VecRegs(o) {
				f(r)
			}
		}
	}
	for i := range in.Dst {
		opd(&in.Dst[i], write)
	}
	for i := range in.Src {
		opd(&in.Src[i], read)
	}
	for i := range in.Ext {
		opd(&in.Ext[i], read)
	}
}

// shareable reports whether the analysis covers k: no calls, branch
// targets in range, register numbers in range.
func shareable(k *traces.Kernel) bool {
	if len(k.Calls) > 0 || k.Recursive {
		return false // k.Funcs always holds the kernel's own span; without calls, no other runs
	}
	n, nregs := int32(len(k.Code)), int32(len(k.Regs))
	ok := true
	check := func(r int32) {
		if r < 0 || r >= nregs {
			ok = false
		}
	}
	for i := range k.Code {
		in := &k.Code[i]
		switch in.Op {
		case traces.OpCall:
			return false
		case traces.OpBra:
			if in.Target < 0 || in.Target > n {
				return false
			}
		}
		instRegs(k, in, check, check)
	}
	return ok
}

// regSets are one bit per candidate register, for each of a number of
// blocks or instructions.
type regSets struct {
	words int
	bits  []uint64
}

func newRegSets(sets, regs int) regSets {
	w := (regs + 63) / 64
	return regSets{words: w, bits: make([]uint64, sets*w)}
}

func (s regSets) at(i int) []uint64 { return s.bits[i*s.words : (i+1)*s.words] }

func setBit(b []uint64, i int32)      { b[i>>6] |= 1 << (uint(i) & 63) }
func clearBit(b []uint64, i int32)    { b[i>>6] &^= 1 << (uint(i) & 63) }
func hasBit(b []uint64, i int32) bool { return b[i>>6]>>(uint(i)&63)&1 != 0 }

// sharedRows is layoutRows' shared layout; ok is false when the kernel is
// outside the analysis (shareable, the limits).
func sharedRows(k *traces.Kernel) (rows []int32, n int, ok bool) {
	if !shareable(k) {
		return nil, 0, false
	}
	code := k.Code
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
	for i := range code {
		in := &code[i]
		row := traces.PTXOp(in.Op)
		lanewise := row != nil && row.LaneWise
		mark := func(r int32) {
			if !lanewise {
				cand[r] = private
			} else if cand[r] == unnamed {
				cand[r] = 0
			}
		}
		instRegs(k, in, mark, mark)
	}
	nc := int32(0)
	for r := range cand {
		if cand[r] == 0 {
			cand[r] = nc
			nc++
		}
	}
	if nc > maxShareRegs {
		return nil, 0, false
	}

	// Each instruction's candidate reads and writes, and whether its
	// writes kill (an unguarded instruction writes each executing lane's
	// destination whole; a guarded one may leave a lane's old value).
	type regs struct{ lo, hi int32 }
	var reads, writes []int32
	rd := make([]regs, len(code))
	wr := make([]regs, len(code))
	for i := range code {
		rd[i].lo, wr[i].lo = int32(len(reads)), int32(len(writes))
		instRegs(k, &code[i],
			func(r int32) {
				if c := cand[r]; c >= 0 {
					reads = append(reads, c)
				}
			},
			func(r int32) {
				if c := cand[r]; c >= 0 {
					writes = append(writes, c)
				}
			})
		rd[i].hi, wr[i].hi = int32(len(reads)), int32(len(writes))
	}

	// Basic blocks: a block starts at the entry, at a branch target and
	// after a branch, exit, ret or trap.
	leader := make([]bool, len(code)+1)
	leader[0] = true
	for i := range code {
		switch in := &code[i]; in.Op {
		case traces.OpBra:
			leader[in.Target] = true
			leader[i+1] = true
		case traces.OpExit, traces.OpRet, traces.OpTrap:
			leader[i+1] = true
		}
	}
	blockOf := make([]int32, len(code)+1)
	var starts []int32
	for i := range leader {
		if leader[i] {
			starts = append(starts, int32(i))
		}
		blockOf[i] = int32(len(starts) - 1)
	}
	nb := len(starts) // the last block starts at len(code): the implicit exit, empty
	if uint64(nb)*uint64(nc) > maxShareBits || uint64(nc)*uint64(nc) > maxShareBits {
		return nil, 0, false
	}
	end := func(b int) int32 {
		if b+1 < nb {
			return starts[b+1]
		}
		return int32(len(code))
	}
	// succs of block b: where one thread can go after its last instruction.
	succs := func(b int, f func(int32)) {
		e := end(b)
		if e == starts[b] {
			return // the implicit exit
		}
		last := &code[e-1]
		switch last.Op {
		case traces.OpBra:
			f(blockOf[last.Target])
			if last.Guard >= 0 {
				f(blockOf[e])
			}
		case traces.OpExit, traces.OpRet, traces.OpTrap:
			if last.Guard >= 0 {
				f(blockOf[e])
			}
		default:
			f(blockOf[e])
		}
	}

	// Liveness per block: live-in = reads before a kill, plus live-out
	// less the kills, to a fixed point (blocks in reverse order).
	gen, kill := newRegSets(nb, int(nc)), newRegSets(nb, int(nc))
	for b := 0; b < nb; b++ {
		g, kl := gen.at(b), kill.at(b)
		for i := end(b) - 1; i >= starts[b]; i-- {
			if code[i].Guard < 0 {
				for _, c := range writes[wr[i].lo:wr[i].hi] {
					setBit(kl, c)
					clearBit(g, c)
				}
			}
			for _, c := range reads[rd[i].lo:rd[i].hi] {
				setBit(g, c)
			}
		}
	}
	liveIn, liveOut := newRegSets(nb, int(nc)), newRegSets(nb, int(nc))
	for changed := true; changed; {
		changed = false
		for b := nb - 1; b >= 0; b-- {
			out := liveOut.at(b)
			succs(b, func(s int32) {
				for w, x := range liveIn.at(int(s)) {
					out[w] |= x
				}
			})
			in, g, kl := liveIn.at(b), gen.at(b), kill.at(b)
			for w := range in {
				if x := g[w] | out[w]&^kl[w]; x != in[w] {
					in[w] = x
					changed = true
				}
			}
		}
	}

	// Interference: a register an instruction writes conflicts with every
	// register live after it and with every other register it reads or
	// writes (an instruction may write one destination before it reads a
	// source or writes another destination).
	adj := newRegSets(int(nc), int(nc))
	edge := func(a, b int32) {
		if a != b {
			setBit(adj.at(int(a)), b)
			setBit(adj.at(int(b)), a)
		}
	}
	live := make([]uint64, liveIn.words)
	for b := 0; b < nb; b++ {
		copy(live, liveOut.at(b))
		for i := end(b) - 1; i >= starts[b]; i-- {
			ws, rs := writes[wr[i].lo:wr[i].hi], reads[rd[i].lo:rd[i].hi]
			for _, d := range ws {
				for w, x := range live {
					for x != 0 {
						edge(d, int32(w*64+bits.TrailingZeros64(x)))
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
			if code[i].Guard < 0 {
				for _, d := range ws {
					clearBit(live, d)
				}
			}
			for _, s := range rs {
				setBit(live, s)
			}
		}
	}

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
