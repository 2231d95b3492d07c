package ptx

import "github.com/gpusim/gpusim/traces"

import "math/bits"

// Register-pressure estimate by liveness analysis.

// EstimateRegisters estimates how many 32-bit registers one thread of k
// needs: the largest number simultaneously live at any instruction, found
// by a backward liveness pass over each function's control-flow graph. A
// 64-bit register counts 2 (a 128-bit one 4), 8- to 32-bit registers count
// 1, predicates count 0 (they live in their own file). At a call, the
// values live across it add to the callee's own estimate. It is what an
// allocator keeping every value in a register would need, not ptxas's
// allocation (which reorders, rematerialises and keeps registers for
// itself): over the 185 kernels of sim's PTX corpus it lies between 0.25
// and 3.4 times ptxas -v's count, median 0.64. The simulator uses it for
// occupancy when ptxas is not installed and the kernel has no .maxnreg.
func EstimateRegisters(k *traces.Kernel) int {
	if k == nil || len(k.Funcs) == 0 {
		return 0
	}
	memo := make([]int, len(k.Funcs))
	for i := range memo {
		memo[i] = -1
	}
	return estimateSpan(k, 0, memo, 0)
}

func regWeight(t traces.Type) int {
	switch s := t.Size(); {
	case s > 8:
		return 4
	case s > 4:
		return 2
	}
	return 1
}

// liveSet is a bitset of registers in [lo, lo+64*len(w)).
type liveSet struct {
	lo int32
	w  []uint64
}

func (s *liveSet) has(r int32) bool {
	i := r - s.lo
	return s.w[i>>6]&(1<<(uint(i)&63)) != 0
}
func (s *liveSet) add(r int32) { i := r - s.lo; s.w[i>>6] |= 1 << (uint(i) & 63) }
func (s *liveSet) del(r int32) { i := r - s.lo; s.w[i>>6] &^= 1 << (uint(i) & 63) }

// Liveness is per-thread liveness over the control-flow graph of a
// kernel's body (its own span, Funcs[0]): the paths one thread can take,
// a guarded write being one that may not happen.
type Liveness struct {
	k   *traces.Kernel
	g   *cfg
	out []liveSet
}

// BodyLiveness computes the liveness of every value register of k over
// its body; nil when k has no body span.
func BodyLiveness(k *traces.Kernel) *Liveness {
	if k == nil || len(k.Funcs) == 0 {
		return nil
	}
	sp := k.Funcs[0]
	g := buildCFG(k.Code, sp.Start, sp.End)
	words := len(k.Regs)/64 + 1
	return &Liveness{k: k, g: g, out: liveOut(k, g, func() liveSet { return liveSet{w: make([]uint64, words)} })}
}

// Backward calls f for every instruction of the body, block by block and
// each block from its end, with the registers live after the instruction
// (bit r of live: register r), which f must not change or keep.
func (l *Liveness) Backward(f func(pc int32, live []uint64)) {
	if len(l.out) == 0 {
		return // an empty body
	}
	live := liveSet{w: make([]uint64, len(l.out[0].w))}
	for b := range l.g.blocks {
		copy(live.w, l.out[b].w)
		for i := l.g.blocks[b].end - 1; i >= l.g.blocks[b].start; i-- {
			f(i, live.w)
			in := &l.k.Code[i]
			InstRegs(l.k, in, func(int32) {}, func(r int32) {
				if in.Guard < 0 {
					live.del(r)
				}
			})
			InstRegs(l.k, in, live.add, func(int32) {})
		}
	}
}

// InstRegs calls use for each value register instruction in of k reads
// (a source, an address's base, a further operand) and def for each it
// writes (a destination).
func InstRegs(k *traces.Kernel, in *traces.Inst, use, def func(int32)) {
	for i := 0; i < len(in.Src); i++ {
		op := &in.Src[i]
		switch op.Kind {
		case traces.OpdReg:
			use(op.Reg)
		case traces.OpdMem:
			if op.Reg >= 0 {
				use(op.Reg)
			}
		case traces.OpdVec:
			for _, r := range k.VecRegs(op) {
				use(r)
			}
		}
	}
	for i := range in.Ext {
		if in.Ext[i].Kind == traces.OpdReg {
			use(in.Ext[i].Reg)
		}
	}
	for i := 0; i < len(in.Dst); i++ {
		switch op := &in.Dst[i]; op.Kind {
		case traces.OpdReg:
			def(op.Reg)
		case traces.OpdVec:
			for _, r := range k.VecRegs(op) {
				def(r)
			}
		}
	}
}

func estimateSpan(k *traces.Kernel, si int, memo []int, depth int) int {
	if memo[si] >= 0 {
		return memo[si]
	}
	if memo[si] == -2 || depth > len(k.Funcs) {
		// A recursive call: its activation's registers are saved on the
		// stack (warp/ptx), so it adds nothing live at once.
		return 0
	}
	memo[si] = -2
	sp := k.Funcs[si]
	// The span's registers form a contiguous range after linking.
	lo, hi := int32(-1), int32(-1)
	for i := sp.Start; i < sp.End; i++ {
		InstRegs(k, &k.Code[i], func(r int32) {
			if lo < 0 || r < lo {
				lo = r
			}
			if r > hi {
				hi = r
			}
		}, func(r int32) {
			if lo < 0 || r < lo {
				lo = r
			}
			if r > hi {
				hi = r
			}
		})
	}
	g := buildCFG(k.Code, sp.Start, sp.End)
	words := 0
	if lo >= 0 {
		words = int(hi-lo)/64 + 1
	}
	mk := func() liveSet { return liveSet{lo: lo, w: make([]uint64, words)} }
	out := liveOut(k, g, mk)
	// Walk each block backward from its live-out set.
	weight := func(r int32) int { return regWeight(k.Regs[r].Type) }
	best := 0
	live := mk()
	calls := make(map[int32]int) // callee span index by entry
	for i, f := range k.Funcs {
		calls[f.Start] = i
	}
	for b := range g.blocks {
		copy(live.w, out[b].w)
		cur := 0
		for w, v := range live.w {
			for v != 0 {
				bit := v & -v
				cur += weight(lo + int32(w*64) + int32(bits.TrailingZeros64(bit)))
				v &^= bit
			}
		}
		if cur > best {
			best = cur
		}
		for i := g.blocks[b].end - 1; i >= g.blocks[b].start; i-- {
			inst := &k.Code[i]
			if inst.Op == traces.OpCall && int(inst.Target) < len(k.Calls) {
				site := &k.Calls[inst.Target]
				for _, ci := range calleeSpans(k, site, calls) {
					if ci == si {
						continue
					}
					if c := cur + estimateSpan(k, ci, memo, depth+1); c > best {
						best = c
					}
				}
			}
			// Dead definitions still occupy a register at the instruction.
			extra := 0
			InstRegs(k, inst, func(int32) {}, func(r int32) {
				if !live.has(r) {
					extra += weight(r)
				}
			})
			if cur+extra > best {
				best = cur + extra
			}
			InstRegs(k, inst, func(int32) {}, func(r int32) {
				if inst.Guard < 0 && live.has(r) {
					live.del(r)
					cur -= weight(r)
				}
			})
			InstRegs(k, inst, func(r int32) {
				if !live.has(r) {
					live.add(r)
					cur += weight(r)
				}
			}, func(int32) {})
			if cur > best {
				best = cur
			}
		}
	}
	memo[si] = best
	return best
}

// calleeSpans lists the spans a call may enter: its callee, or for an
// indirect call every function whose parameters fit it.
func calleeSpans(k *traces.Kernel, site *traces.CallSite, byEntry map[int32]int) []int {
	if !site.Indirect {
		if ci, ok := byEntry[site.Entry]; ok && site.Builtin == traces.BuiltinNone {
			return []int{ci}
		}
		return nil
	}
	var out []int
	for i := 1; i < len(k.Funcs); i++ {
		fs := &k.Funcs[i]
		if len(fs.Params) != len(site.ArgSlots) {
			continue
		}
		fit := true
		for j := range fs.Params {
			fit = fit && fs.Params[j].Size == site.ArgSlots[j].Size
		}
		if fit {
			out = append(out, i)
		}
	}
	return out
}

// stackFrameEstimate estimates the stack frame ptxas gives span si of k
// (a recursive function): 8 bytes of return address, its .local bytes,
// and 4 bytes for each 32-bit register live across one of its calls (the
// ones it must save), the most over its calls; rounded up to 8.
func stackFrameEstimate(k *traces.Kernel, si int) uint64 {
	sp := k.Funcs[si]
	g := buildCFG(k.Code, sp.Start, sp.End)
	n := int32(len(k.Regs))
	words := int(n)/64 + 1
	mk := func() liveSet { return liveSet{lo: 0, w: make([]uint64, words)} }
	out := liveOut(k, g, mk)
	best := 0
	live := mk()
	for b := range g.blocks {
		copy(live.w, out[b].w)
		for i := g.blocks[b].end - 1; i >= g.blocks[b].start; i-- {
			inst := &k.Code[i]
			if inst.Op == traces.OpCall {
				cur := 0
				for r := int32(0); r < n; r++ {
					if live.has(r) {
						cur += regWeight(k.Regs[r].Type)
					}
				}
				best = max(best, cur)
			}
			InstRegs(k, inst, func(int32) {}, func(r int32) {
				if inst.Guard < 0 {
					live.del(r)
				}
			})
			InstRegs(k, inst, func(r int32) { live.add(r) }, func(int32) {})
		}
	}
	return (8 + sp.Local.Size + 4*uint64(best) + 7) &^ 7
}

// liveOut is the set of registers live at the end of each block of g (a
// CFG over k's code), by the backward dataflow fixpoint: a register is
// live into a block when the block reads it before writing it, or when it
// is live out and the block does not write it unconditionally (a guarded
// write may not happen). mk makes an empty set over the registers of
// interest.
func liveOut(k *traces.Kernel, g *cfg, mk func() liveSet) []liveSet {
	nb := len(g.blocks)
	use, def, in, out := make([]liveSet, nb), make([]liveSet, nb), make([]liveSet, nb), make([]liveSet, nb)
	for b := range g.blocks {
		use[b], def[b], in[b], out[b] = mk(), mk(), mk(), mk()
		for i := g.blocks[b].start; i < g.blocks[b].end; i++ {
			inst := &k.Code[i]
			u, d := &use[b], &def[b]
			InstRegs(k, inst, func(r int32) {
				if !d.has(r) {
					u.add(r)
				}
			}, func(r int32) {
				if inst.Guard < 0 {
					d.add(r)
				}
			})
		}
	}
	for changed := true; changed; {
		changed = false
		for b := nb - 1; b >= 0; b-- {
			o := &out[b]
			for _, s := range g.blocks[b].succ {
				if int(s) < nb {
					for w := range o.w {
						o.w[w] |= in[s].w[w]
					}
				}
			}
			for w := range o.w {
				v := use[b].w[w] | o.w[w]&^def[b].w[w]
				if v != in[b].w[w] {
					in[b].w[w] = v
					changed = true
				}
			}
		}
	}
	return out
}
