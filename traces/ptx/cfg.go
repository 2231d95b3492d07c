package ptx

import "github.com/gpusim/gpusim/traces"

// Control-flow graphs of linked kernels: basic blocks per function span,
// immediate post-dominators, and the reconvergence point of every branch
// (the rule is documented on Inst.Reconv).

// cfg is the control-flow graph of one FuncSpan. Block ids are 0..len-1;
// the virtual exit node is len(blocks).
type cfg struct {
	start, end int32   // the span
	blocks     []block // in code order
	blockOf    []int32 // per instruction of the span: its block
}

type block struct {
	start, end int32   // instructions [start, end) of Kernel.Code
	succ       []int32 // successor blocks; the exit node is len(blocks)
	pred       []int32
}

func (g *cfg) exit() int32 { return int32(len(g.blocks)) }

// terminates reports instructions after which a new block starts.
func terminates(op traces.Opcode) bool {
	switch op {
	case traces.OpBra, traces.OpRet, traces.OpExit, traces.OpTrap:
		return true
	}
	return false
}

// buildCFG splits code[start:end] into basic blocks. A branch target
// outside the span or at its end counts as the exit. `ret`, `exit` and
// `trap` lead to the exit (for a .func, its return; for a kernel, the end
// of the thread).
func buildCFG(code []traces.Inst, start, end int32) *cfg {
	n := end - start
	g := &cfg{start: start, end: end, blockOf: make([]int32, n)}
	if n == 0 {
		return g
	}
	leader := make([]bool, n+1)
	leader[0] = true
	for i := start; i < end; i++ {
		in := &code[i]
		if in.Op == traces.OpBra && in.Target >= start && in.Target < end {
			leader[in.Target-start] = true
		}
		if terminates(in.Op) {
			leader[i-start+1] = true
		}
	}
	for i := int32(0); i < n; i++ {
		if leader[i] {
			g.blocks = append(g.blocks, block{start: start + i})
		}
		g.blockOf[i] = int32(len(g.blocks) - 1)
	}
	for b := range g.blocks {
		if b+1 < len(g.blocks) {
			g.blocks[b].end = g.blocks[b+1].start
		} else {
			g.blocks[b].end = end
		}
	}
	exit := g.exit()
	for b := range g.blocks {
		blk := &g.blocks[b]
		last := &code[blk.end-1]
		next := exit
		if blk.end < end {
			next = int32(b + 1)
		}
		switch last.Op {
		case traces.OpBra:
			t := exit
			if last.Target >= start && last.Target < end {
				t = g.blockOf[last.Target-start]
			}
			blk.succ = append(blk.succ, t)
			if last.Guard >= 0 && next != t {
				blk.succ = append(blk.succ, next)
			}
		case traces.OpRet, traces.OpExit, traces.OpTrap:
			blk.succ = append(blk.succ, exit)
			if last.Guard >= 0 && next != exit {
				blk.succ = append(blk.succ, next)
			}
		default:
			blk.succ = append(blk.succ, next)
		}
		for _, s := range blk.succ {
			if s != exit {
				g.blocks[s].pred = append(g.blocks[s].pred, int32(b))
			}
		}
	}
	return g
}

// postDominators returns each block's immediate post-dominator (the exit
// node for blocks that only meet other paths at the exit, and for blocks
// from which the exit cannot be reached).
func (g *cfg) postDominators() []int32 {
	nb := len(g.blocks)
	exit := g.exit()
	succ := make([][]int32, nb)
	pred := make([][]int32, nb+1)
	for b := range g.blocks {
		succ[b], pred[b] = g.blocks[b].succ, g.blocks[b].pred
		for _, s := range g.blocks[b].succ {
			if s == exit {
				pred[exit] = append(pred[exit], int32(b))
				break
			}
		}
	}
	out := ipdoms(succ, pred)
	for i := range out {
		if out[i] < 0 {
			out[i] = exit
		}
	}
	return out
}

// ipdoms computes immediate post-dominators on the graph whose block b has
// successors succ[b] and predecessors pred[b]; the exit node is len(succ)
// (pred[len(succ)] its predecessors). Blocks from which the exit cannot be
// reached get -1. It is the iterative algorithm of Cooper, Harvey and
// Kennedy ("A Simple, Fast Dominance Algorithm") on the reverse graph.
func ipdoms(succ, pred [][]int32) []int32 {
	nb := len(succ)
	exit := int32(nb)
	// Postorder of the reverse graph from the exit (iterative DFS).
	po := make([]int32, nb+1) // postorder number + 1; 0: unreached
	order := make([]int32, 0, nb+1)
	type frame struct {
		node int32
		next int
	}
	seen := make([]bool, nb+1)
	stack := []frame{{exit, 0}}
	seen[exit] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		ps := pred[top.node]
		if top.next < len(ps) {
			c := ps[top.next]
			top.next++
			if !seen[c] {
				seen[c] = true
				stack = append(stack, frame{c, 0})
			}
			continue
		}
		order = append(order, top.node)
		po[top.node] = int32(len(order))
		stack = stack[:len(stack)-1]
	}
	idom := make([]int32, nb+1)
	for i := range idom {
		idom[i] = -1
	}
	idom[exit] = exit
	intersect := func(a, b int32) int32 {
		for a != b {
			for po[a] < po[b] {
				a = idom[a]
			}
			for po[b] < po[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(order) - 2; i >= 0; i-- { // reverse postorder, exit first (skipped)
			b := order[i]
			nd := int32(-1)
			for _, s := range succ[b] {
				if idom[s] < 0 {
					continue
				}
				if nd < 0 {
					nd = s
				} else {
					nd = intersect(s, nd)
				}
			}
			if nd >= 0 && idom[b] != nd {
				idom[b] = nd
				changed = true
			}
		}
	}
	return idom[:nb]
}

// leavesSpan reports instructions after which the thread leaves the span:
// ret (back to the caller, or the end of the thread in the kernel's body),
// exit and trap.
func leavesSpan(op traces.Opcode) bool {
	return op == traces.OpRet || op == traces.OpExit || op == traces.OpTrap
}

// pureExit reports whether block b is nothing but an unguarded ret, exit or
// trap: branching there is leaving the span on the spot (ptxas turns such a
// branch into an in-place EXIT).
func (g *cfg) pureExit(code []traces.Inst, b int32) bool {
	blk := &g.blocks[b]
	in := &code[blk.start]
	return blk.end-blk.start == 1 && leavesSpan(in.Op) && in.Guard < 0
}

// exitAware returns the successor and predecessor lists of the graph in
// which paths that leave the span early do not reach the exit node: only
// the span's final block, when it ends in an unguarded ret/exit/trap, leads
// to the exit. Every other way out (a guarded ret/exit/trap, an unguarded
// one before the final block, a taken branch into a block that is only a
// ret/exit/trap) ends its path. Blocks whose every path ends that way
// cannot reach the exit node of this graph. early is false when the span
// has no such way out (the graph is then the plain one).
func (g *cfg) exitAware(code []traces.Inst) (succ, pred [][]int32, early bool) {
	nb := int32(len(g.blocks))
	exit := g.exit()
	final := int32(-1)
	if nb > 0 {
		last := &code[g.blocks[nb-1].end-1]
		if leavesSpan(last.Op) && last.Guard < 0 {
			final = nb - 1
		}
	}
	flat := make([]int32, 0, 2*nb) // every block has at most two successors
	succ = make([][]int32, nb)
	for b := int32(0); b < nb; b++ {
		blk := &g.blocks[b]
		last := &code[blk.end-1]
		next := exit
		if blk.end < g.end {
			next = b + 1
		}
		n0 := len(flat)
		switch {
		case last.Op == traces.OpBra:
			t := exit
			if last.Target >= g.start && last.Target < g.end {
				t = g.blockOf[last.Target-g.start]
			}
			if t == exit || t == next || !g.pureExit(code, t) {
				flat = append(flat, t)
			} else {
				early = true
			}
			if last.Guard >= 0 && next != t {
				flat = append(flat, next)
			}
		case leavesSpan(last.Op):
			switch {
			case last.Guard >= 0:
				early = true
				if next != exit {
					flat = append(flat, next)
				}
			case b == final:
				flat = append(flat, exit)
			default:
				early = true
			}
		default:
			flat = append(flat, next)
		}
		succ[b] = flat[n0:len(flat):len(flat)]
	}
	if !early {
		return nil, nil, false
	}
	// Predecessors, the exit's included, over one flat array.
	count := make([]int32, nb+2)
	for _, t := range flat {
		count[t+1]++
	}
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	pflat := make([]int32, len(flat))
	fill := append([]int32(nil), count...)
	for b := int32(0); b < nb; b++ {
		for _, t := range succ[b] {
			pflat[fill[t]] = b
			fill[t]++
		}
	}
	pred = make([][]int32, nb+1)
	for n := range pred {
		pred[n] = pflat[count[n]:count[n+1]:count[n+1]]
	}
	return succ, pred, true
}

// reach marks the blocks reachable from block s without passing block stop
// (stop itself and the exit node are not marked).
func (g *cfg) reach(s, stop int32, mark []bool, work []int32) []int32 {
	clear(mark)
	work = work[:0]
	if s != stop && s != g.exit() {
		mark[s] = true
		work = append(work, s)
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, t := range g.blocks[b].succ {
			if t != stop && t != g.exit() && !mark[t] {
				mark[t] = true
				work = append(work, t)
			}
		}
	}
	return work
}

// reconvBlocks returns the reconvergence block of every block that ends in a
// branch (other blocks: -1; the exit node is len(blocks)). The immediate
// post-dominator d is the point by default. When lanes of two successors of
// a branch would run the same code before d (some block other than a bare
// ret/exit is reachable from two successors without passing d: paths that
// leave the span early join the others only at the exit), the branch takes
// the immediate post-dominator of the exit-aware graph instead, and so does
// every branch its lanes can reach before that point, so that the inner
// reconvergence points nest inside the outer one.
func (g *cfg) reconvBlocks(code []traces.Inst) []int32 {
	nb := int32(len(g.blocks))
	std := g.postDominators()
	isBra := func(b int32) bool { return code[g.blocks[b].end-1].Op == traces.OpBra }
	out := make([]int32, nb)
	for b := int32(0); b < nb; b++ {
		out[b] = -1
		if isBra(b) {
			out[b] = std[b]
		}
	}
	succ, pred, early := g.exitAware(code)
	if !early {
		return out
	}
	rel := ipdoms(succ, pred)
	useRel := make([]bool, nb)
	mark := make([]bool, nb)
	count := make([]uint8, nb)
	var work, forced []int32
	for b := int32(0); b < nb; b++ {
		if !isBra(b) || rel[b] < 0 || rel[b] == std[b] {
			continue
		}
		clear(count)
		dup := false
		for _, s := range g.blocks[b].succ {
			work = g.reach(s, std[b], mark, work)
			for w := int32(0); w < nb; w++ {
				if mark[w] && count[w] < 2 {
					count[w]++
					if count[w] == 2 && !g.pureExit(code, w) {
						dup = true
					}
				}
			}
		}
		if dup {
			useRel[b] = true
			forced = append(forced, b)
		}
	}
	// Branches inside a region that reconverges by the exit-aware rule use
	// it too, and so on inward (a worklist: each branch is expanded once).
	for len(forced) > 0 {
		b := forced[len(forced)-1]
		forced = forced[:len(forced)-1]
		for _, s := range g.blocks[b].succ {
			work = g.reach(s, rel[b], mark, work)
			for w := int32(0); w < nb; w++ {
				if mark[w] && isBra(w) && rel[w] >= 0 && !useRel[w] {
					useRel[w] = true
					forced = append(forced, w)
				}
			}
		}
	}
	for b := int32(0); b < nb; b++ {
		if useRel[b] {
			out[b] = rel[b]
		}
	}
	return out
}

// computeReconv sets Inst.Reconv on every bra of k (the rule is documented
// on Inst.Reconv). When the paths meet only at the exit, Reconv is
// len(Code) in the kernel's own body and the span's End in a .func (its
// return).
func computeReconv(k *traces.Kernel) {
	for si, sp := range k.Funcs {
		g := buildCFG(k.Code, sp.Start, sp.End)
		if len(g.blocks) == 0 {
			continue
		}
		exitIdx := sp.End
		if si == 0 {
			exitIdx = int32(len(k.Code))
		}
		rb := g.reconvBlocks(k.Code)
		for b := range g.blocks {
			last := &k.Code[g.blocks[b].end-1]
			if last.Op != traces.OpBra {
				continue
			}
			if d := rb[b]; d == g.exit() {
				last.Reconv = exitIdx
			} else {
				last.Reconv = g.blocks[d].start
			}
		}
	}
}
