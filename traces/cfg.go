package traces

// Control-flow graphs of linked kernels: basic blocks per function span,
// immediate post-dominators, and the reconvergence point of every branch.

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
func terminates(op Opcode) bool {
	switch op {
	case OpBra, OpRet, OpExit, OpTrap:
		return true
	}
	return false
}

// buildCFG splits code[start:end] into basic blocks. A branch target
// outside the span or at its end counts as the exit. `ret`, `exit` and
// `trap` lead to the exit (for a .func, its return; for a kernel, the end
// of the thread).
func buildCFG(code []Inst, start, end int32) *cfg {
	n := end - start
	g := &cfg{start: start, end: end, blockOf: make([]int32, n)}
	if n == 0 {
		return g
	}
	leader := make([]bool, n+1)
	leader[0] = true
	for i := start; i < end; i++ {
		in := &code[i]
		if in.Op == OpBra && in.Target >= start && in.Target < end {
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
		case OpBra:
			t := exit
			if last.Target >= start && last.Target < end {
				t = g.blockOf[last.Target-start]
			}
			blk.succ = append(blk.succ, t)
			if last.Guard >= 0 && next != t {
				blk.succ = append(blk.succ, next)
			}
		case OpRet, OpExit, OpTrap:
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
// from which the exit cannot be reached). It is the iterative algorithm of
// Cooper, Harvey and Kennedy ("A Simple, Fast Dominance Algorithm") on the
// reverse graph.
func (g *cfg) postDominators() []int32 {
	nb := len(g.blocks)
	exit := int32(nb)
	// Predecessors of the exit node in the forward graph.
	var exitPreds []int32
	for b := range g.blocks {
		for _, s := range g.blocks[b].succ {
			if s == exit {
				exitPreds = append(exitPreds, int32(b))
				break
			}
		}
	}
	// Postorder of the reverse graph from the exit (iterative DFS).
	po := make([]int32, nb+1) // postorder number + 1; 0: unreached
	order := make([]int32, 0, nb+1)
	type frame struct {
		node int32
		next int
	}
	reversePreds := func(n int32) []int32 {
		if n == exit {
			return exitPreds
		}
		return g.blocks[n].pred
	}
	seen := make([]bool, nb+1)
	stack := []frame{{exit, 0}}
	seen[exit] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		ps := reversePreds(top.node)
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
			for _, s := range g.blocks[b].succ {
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
	out := idom[:nb]
	for i := range out {
		if out[i] < 0 {
			out[i] = exit
		}
	}
	return out
}

// computeReconv sets Inst.Reconv on every bra of k: the first instruction
// of the branch block's immediate post-dominator. When the paths meet only
// at the exit, Reconv is len(Code) in the kernel's own body and the span's
// End in a .func (its return).
func computeReconv(k *Kernel) {
	for si, sp := range k.Funcs {
		g := buildCFG(k.Code, sp.Start, sp.End)
		if len(g.blocks) == 0 {
			continue
		}
		exitIdx := sp.End
		if si == 0 {
			exitIdx = int32(len(k.Code))
		}
		ipdom := g.postDominators()
		for b := range g.blocks {
			last := &k.Code[g.blocks[b].end-1]
			if last.Op != OpBra {
				continue
			}
			if d := ipdom[b]; d == g.exit() {
				last.Reconv = exitIdx
			} else {
				last.Reconv = g.blocks[d].start
			}
		}
	}
}
