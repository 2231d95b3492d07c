package main

import (
	"container/heap"
	"fmt"
	"strconv"
	"strings"

	"github.com/gpusim/gpusim/config"
)

// cfg is a function's control flow at instruction granularity: succ[i]
// lists where instruction i may go next (a CALL goes into its callee, a RET
// back to the instruction after its call site); an EXIT without a guard
// has none.
type cfg struct {
	insts []sassInst
	succ  [][]int
}

func (f *sassFunc) cfg() (*cfg, error) {
	at := make(map[int]int, len(f.insts))
	for i, in := range f.insts {
		at[in.addr] = i
	}
	g := &cfg{insts: f.insts, succ: make([][]int, len(f.insts))}
	target := func(i int) (int, error) {
		a := f.insts[i].branchTarget()
		j, ok := at[a]
		if !ok {
			return 0, fmt.Errorf("%s: %q at %#x jumps to %#x, no instruction there", f.name, f.insts[i].line, f.insts[i].addr, a)
		}
		return j, nil
	}
	next := func(i int) []int {
		if i+1 < len(f.insts) {
			return []int{i + 1}
		}
		return nil
	}
	var calls [][2]int // call site, callee entry
	for i := range f.insts {
		in := &f.insts[i]
		switch in.base() {
		case "EXIT":
			if in.conditional() {
				g.succ[i] = next(i)
			}
		case "BRA", "JMP":
			t, err := target(i)
			if err != nil {
				return nil, err
			}
			g.succ[i] = []int{t}
			if in.conditional() && t != i+1 {
				g.succ[i] = append(next(i), t)
			}
		case "CALL":
			t, err := target(i)
			if err != nil {
				return nil, err
			}
			g.succ[i] = []int{t}
			calls = append(calls, [2]int{i, t})
		case "RET":
			// filled below from the call sites
		case "BRX":
			return nil, fmt.Errorf("%s: indirect branch %q", f.name, in.line)
		default:
			g.succ[i] = next(i)
		}
	}
	// A RET returns to the instruction after every call site whose callee
	// reaches it without passing another RET.
	for _, c := range calls {
		seen := map[int]bool{}
		stack := []int{c[1]}
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[i] {
				continue
			}
			seen[i] = true
			if f.insts[i].base() == "RET" {
				g.succ[i] = append(g.succ[i], next(c[0])...)
				continue
			}
			stack = append(stack, g.succ[i]...)
		}
	}
	return g, nil
}

// shortest returns the fewest instructions a warp issues from instruction
// from to an EXIT, and the path (nil when it never exits).
func (g *cfg) shortest(from int) (int, []int) {
	n := len(g.insts)
	dist := make([]int, n)
	prev := make([]int, n)
	for i := range dist {
		dist[i], prev[i] = -1, -1
	}
	pq := &distHeap{}
	dist[from] = 1
	heap.Push(pq, [2]int{1, from})
	end := -1
	for pq.Len() > 0 {
		x := heap.Pop(pq).([2]int)
		d, i := x[0], x[1]
		if d != dist[i] {
			continue
		}
		if g.insts[i].base() == "EXIT" && !g.insts[i].conditional() {
			end = i
			break
		}
		for _, j := range g.succ[i] {
			if dist[j] < 0 || d+1 < dist[j] {
				dist[j], prev[j] = d+1, i
				heap.Push(pq, [2]int{d + 1, j})
			}
		}
	}
	if end < 0 {
		return -1, nil
	}
	var path []int
	for i := end; i >= 0; i = prev[i] {
		path = append([]int{i}, path...)
		if i == from {
			break
		}
	}
	return dist[end], path
}

type distHeap [][2]int

func (h distHeap) Len() int { return len(h) }
func (h distHeap) Less(i, j int) bool {
	if h[i][0] != h[j][0] {
		return h[i][0] < h[j][0]
	}
	return h[i][1] < h[j][1]
}
func (h distHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *distHeap) Push(x any)   { *h = append(*h, x.([2]int)) }
func (h *distHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// region is the code reachable from start before it reaches an instruction
// of stop: its size and its longest path (back edges ignored).
func (g *cfg) region(start int, stop map[int]bool) (size, longest int) {
	seen := map[int]bool{}
	memo := map[int]int{}
	onStack := map[int]bool{}
	var walk func(i int) int
	walk = func(i int) int {
		if stop[i] {
			return 0
		}
		if v, ok := memo[i]; ok {
			return v
		}
		seen[i] = true
		onStack[i] = true
		best := 0
		for _, j := range g.succ[i] {
			if onStack[j] {
				continue // a loop's back edge
			}
			best = max(best, walk(j))
		}
		onStack[i] = false
		memo[i] = best + 1
		return best + 1
	}
	longest = walk(start)
	return len(seen), longest
}

// longestPath is the longest path from start (as region measures it,
// back edges ignored) until the next instruction would be one of stop.
func (g *cfg) longestPath(start int, stop map[int]bool) []int {
	memo := map[int]int{}
	onStack := map[int]bool{}
	var walk func(i int) int
	walk = func(i int) int {
		if stop[i] {
			return 0
		}
		if v, ok := memo[i]; ok {
			return v
		}
		onStack[i] = true
		best := 0
		for _, j := range g.succ[i] {
			if !onStack[j] {
				best = max(best, walk(j))
			}
		}
		onStack[i] = false
		memo[i] = best + 1
		return best + 1
	}
	walk(start)
	var out []int
	seen := map[int]bool{}
	for i := start; i >= 0; {
		out = append(out, i)
		seen[i] = true
		next, best := -1, 0
		for _, j := range g.succ[i] {
			if v := memo[j]; !stop[j] && !seen[j] && v > best {
				next, best = j, v
			}
		}
		i = next
	}
	return out
}

// isControl reports the instructions that steer the warp.
func isControl(b string) bool {
	switch b {
	case "BRA", "JMP", "CALL", "RET", "BSSY", "BSYNC", "WARPSYNC", "BMOV":
		return true
	}
	return false
}

// memOffset reads the byte offset of a [R2.64+0x8] operand.
func memOffset(arg string) int {
	inner := strings.Trim(arg, "[]")
	_, off, ok := strings.Cut(inner, "+")
	if !ok {
		return 0
	}
	v, err := strconv.ParseInt(strings.TrimPrefix(strings.TrimSpace(off), "0x"), 16, 64)
	if err != nil {
		return -1
	}
	return int(v)
}

// harness is what the kernel's fast path says about the form's operands:
// the instructions that are the harness's (loads, store, exit, a predicate
// source's compare, a predicate result's select), which registers hold
// which PTX source, and which hold the result at the store.
type harness struct {
	drop    map[int]bool // instruction index -> the harness's
	input   map[reg]int  // register -> PTX source operand
	outRegs []reg
	store   int // the store's instruction index
}

// findHarness reads the harness off the fast path.
func findHarness(g *cfg, name string, path []int, sig signature) (*harness, error) {
	h := &harness{drop: map[int]bool{}, input: map[reg]int{}, store: -1}
	for _, i := range path {
		in := &g.insts[i]
		switch in.base() {
		case "LDG":
			h.drop[i] = true
			k := memOffset(in.args[len(in.args)-1]) / 8
			if k < 0 || k >= len(sig.srcs) {
				return nil, fmt.Errorf("%s: load %q is no source operand", name, in.line)
			}
			defs, _ := in.defsUses()
			for _, r := range defs {
				h.input[r] = k
			}
		case "STG":
			h.drop[i] = true
			h.store = i
			_, uses := in.defsUses()
			if sig.dst == "pred" && in.guard != "" {
				h.outRegs = regsOf(strings.TrimPrefix(in.guard, "@"), 1)
			} else {
				addr := regsOf(in.args[0], 1)
				for _, r := range uses {
					if !containsReg(addr, r) && !strings.HasPrefix(string(r), "P") {
						h.outRegs = append(h.outRegs, r)
					}
				}
			}
		case "EXIT", "NOP":
			h.drop[i] = true
		}
	}
	if h.store < 0 {
		return nil, fmt.Errorf("%s: no store of the result", name)
	}
	// A predicate result stored without a guard was turned into a word by a
	// select of constants: that select is the harness's, its predicate the
	// result.
	if sig.dst == "pred" && g.insts[h.store].guard == "" {
		var sel []reg
		for _, i := range path {
			if i == h.store {
				break
			}
			defs, uses := g.insts[i].defsUses()
			for _, r := range defs {
				if containsReg(h.outRegs, r) && g.insts[i].base() == "SEL" {
					h.drop[i] = true
					for _, u := range uses {
						if strings.HasPrefix(string(u), "P") {
							sel = append(sel, u)
						}
					}
				}
			}
		}
		// Or ptxas turned the guarded store into an early exit on the
		// predicate's complement.
		for _, i := range path {
			if in := &g.insts[i]; i != h.store && in.base() == "EXIT" && in.guard != "" {
				sel = append(sel, regsOf(strings.TrimPrefix(in.guard, "@"), 1)...)
			}
		}
		if sel == nil {
			return nil, fmt.Errorf("%s: the predicate result's store %q is neither guarded nor a select", name, g.insts[h.store].line)
		}
		h.outRegs = sel
	}
	// A predicate source arrives as a word compared with zero: that compare
	// is the harness's, its predicate the input.
	for _, i := range path {
		in := &g.insts[i]
		if h.drop[i] || in.base() != "ISETP" {
			continue
		}
		defs, uses := in.defsUses()
		k, ok := -1, len(uses) > 0
		for _, r := range uses {
			j, isIn := h.input[r]
			if !isIn || (k >= 0 && j != k) {
				ok = false
				break
			}
			k = j
		}
		if ok && k >= 0 && sig.srcs[k] == "pred" {
			h.drop[i] = true
			for _, r := range defs {
				if strings.HasPrefix(string(r), "P") {
					h.input[r] = k
				}
			}
		}
	}
	return h, nil
}

// opsAlong derives the ops a warp issues along path (instruction indices in
// issue order, from the entry to the store): reaching definitions along
// it, the instructions the result at the store and the path's control
// transfers depend on, the harness dropped. Only positions from `from` on
// become ops, numbered from base; the positions before it are the ops of
// prefix (path position -> op index), which the new ops may depend on. A
// control transfer is taken when the next instruction on the path is not
// the one after it. It returns the ops and the op index of each position
// that is one.
func (h *harness) opsAlong(g *cfg, name, form string, path []int, from int, prefix map[int]int, base int, m *config.Machine) ([]config.MicroOp, map[int]int, error) {
	defAt := make([]map[reg]int, len(path)) // for each path position: reg -> defining position, before it
	last := map[reg]int{}
	storePos := -1
	for p, i := range path {
		defAt[p] = make(map[reg]int, len(last))
		for r, q := range last {
			defAt[p][r] = q
		}
		defs, _ := g.insts[i].defsUses()
		for _, r := range defs {
			last[r] = p
		}
		if i == h.store && storePos < 0 {
			storePos = p
		}
	}
	if storePos < 0 {
		return nil, nil, fmt.Errorf("%s: the path does not reach the store", name)
	}
	need := make([]bool, len(path))
	var mark func(p int)
	mark = func(p int) {
		if need[p] {
			return
		}
		need[p] = true
		_, uses := g.insts[path[p]].defsUses()
		for _, r := range uses {
			if q, ok := defAt[p][r]; ok && !h.drop[path[q]] {
				mark(q)
			}
		}
	}
	for _, r := range h.outRegs {
		if q, ok := defAt[storePos][r]; ok && !h.drop[path[q]] {
			mark(q)
		}
	}
	for p := from; p < len(path); p++ {
		if isControl(g.insts[path[p]].base()) && !h.drop[path[p]] {
			mark(p)
		}
	}
	pos := map[int]int{} // path position -> op index
	for p, d := range prefix {
		pos[p] = d
	}
	var ops []config.MicroOp
	for p := from; p < len(path); p++ {
		i := path[p]
		if !need[p] || h.drop[i] {
			continue
		}
		in := &g.insts[i]
		key, err := keyOf(in.op)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", name, err)
		}
		r, ok := m.Route(key)
		if !ok {
			return nil, nil, fmt.Errorf("%s: %s costs %s as %q, which %s does not route", name, form, in.op, key, m.File())
		}
		op := config.MicroOp{SASS: in.op, Key: key, Unit: m.Units[r.Unit].Name, Lat: r.Latency, SB: in.writesBarrier(),
			In: []int{}, Deps: []int{}}
		if isControl(in.base()) && p+1 < len(path) && path[p+1] != i+1 {
			op.Taken = true
		}
		_, uses := in.defsUses()
		seenIn, seenDep := map[int]bool{}, map[int]bool{}
		for _, rg := range uses {
			q, ok := defAt[p][rg]
			if ok && !h.drop[path[q]] {
				if d, isOp := pos[q]; isOp && !seenDep[d] {
					seenDep[d] = true
					op.Deps = append(op.Deps, d)
				}
				continue
			}
			if k, isIn := h.input[rg]; isIn && (!ok || h.drop[path[q]]) && !seenIn[k] {
				seenIn[k] = true
				op.In = append(op.In, k)
			}
		}
		sortInts(op.Deps)
		sortInts(op.In)
		for _, rg := range h.outRegs {
			if q, ok := defAt[storePos][rg]; ok && q == p {
				op.Out = true
			}
		}
		pos[p] = base + len(ops)
		ops = append(ops, op)
	}
	return ops, pos, nil
}

// expand derives a form's row from its kernel's machine code.
func expand(f *sassFunc, form string, sig signature, m *config.Machine, source string) (config.ExpansionForm, error) {
	row := config.ExpansionForm{PTX: form, Source: source}
	g, err := f.cfg()
	if err != nil {
		return row, err
	}
	_, path := g.shortest(0)
	if path == nil {
		return row, fmt.Errorf("%s: no path to EXIT", f.name)
	}
	onPath := map[int]bool{}
	for _, i := range path {
		onPath[i] = true
	}
	h, err := findHarness(g, f.name, path, sig)
	if err != nil {
		return row, err
	}
	ops, pos, err := h.opsAlong(g, f.name, form, path, 0, nil, 0, m)
	if err != nil {
		return row, err
	}
	row.Ops = ops
	// A conditional branch whose other way costs more is the slow path.
	for p, i := range path {
		in := &g.insts[i]
		if in.base() != "BRA" || !in.conditional() || p+1 >= len(path) {
			continue
		}
		taken := path[p+1]
		for _, alt := range g.succ[i] {
			if alt == taken {
				continue
			}
			dAlt, _ := g.shortest(alt)
			dFast, _ := g.shortest(taken)
			if dAlt >= 0 && dAlt <= dFast {
				continue
			}
			size, longest := g.region(alt, onPath)
			s := &config.SlowPath{Test: -1, Branch: pos[p], Loop: alt <= i, Insts: size, Longest: longest}
			if s.Loop {
				// One more trip round the loop: from its head back to the branch.
				s.Insts, s.Longest = i-alt+1, i-alt+1
			}
			_, uses := in.defsUses()
			for _, rg := range uses {
				if q, ok := defAt(path, g, p, rg); ok {
					if d, isOp := pos[q]; isOp && d > s.Test {
						s.Test = d
					}
				}
			}
			if s.Test < 0 {
				s.Test = s.Branch
			}
			row.Slow = s
			if !s.Loop {
				if row.SlowOps, err = slowOps(g, h, f.name, form, path, p, alt, onPath, pos, m); err != nil {
					return row, err
				}
			}
			break
		}
		if row.Slow != nil {
			break
		}
	}
	cycles, crit, err := row.Schedule(m)
	if err != nil {
		return row, fmt.Errorf("%s: %v", f.name, err)
	}
	row.Cycles = cycles
	for i := range row.Ops {
		row.Ops[i].Crit = crit[i]
	}
	if row.Slow != nil && len(row.SlowOps) > 0 {
		cycles, crit, err := row.SlowSchedule(m)
		if err != nil {
			return row, fmt.Errorf("%s: slow path: %v", f.name, err)
		}
		row.Slow.Cycles = cycles
		for j := range row.SlowOps {
			row.SlowOps[j].Crit = crit[row.Slow.Branch+1+j]
		}
	}
	return row, nil
}

// defAt finds the position on path before position p that last defined r.
func defAt(path []int, g *cfg, p int, r reg) (int, bool) {
	for q := p - 1; q >= 0; q-- {
		defs, _ := g.insts[path[q]].defsUses()
		if containsReg(defs, r) {
			return q, true
		}
	}
	return 0, false
}

// slowOps derives the ops of the slow path taken at the branch at fast
// path position p: the slow code's longest path from alt until it joins
// the fast path, then the fast path from the join to the store.
func slowOps(g *cfg, h *harness, name, form string, path []int, p, alt int, onPath map[int]bool, pos map[int]int, m *config.Machine) ([]config.MicroOp, error) {
	seq := g.longestPath(alt, onPath)
	end := seq[len(seq)-1]
	join := -1
	for q := p + 1; q < len(path) && join < 0; q++ {
		for _, j := range g.succ[end] {
			if j == path[q] {
				join = q
				break
			}
		}
	}
	if join < 0 {
		return nil, fmt.Errorf("%s: the slow path from %#x does not rejoin the fast path", name, g.insts[alt].addr)
	}
	combined := append(append(append([]int{}, path[:p+1]...), seq...), path[join:]...)
	prefix := map[int]int{}
	for q, d := range pos {
		if q <= p {
			prefix[q] = d
		}
	}
	ops, _, err := h.opsAlong(g, name, form, combined, p+1, prefix, pos[p]+1, m)
	return ops, err
}

func containsReg(rs []reg, r reg) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
