package ptx

import "github.com/gpusim/gpusim/warp"

// Control flow: bra, call, ret, exit, trap. These execs own the PC and the
// reconvergence stack (op.ctrl) and run even when no lane passes the guard.

// execBra: lanes in m jump to the target, the other active lanes fall
// through. A split pushes both paths above a reconvergence entry at
// o.reconv; the fall-through path runs first.
func execBra(w *Warp, o *op, m uint64) error {
	n := len(w.stack)
	top := &w.stack[n-1]
	pc := top.pc
	taken, fall := m, top.mask&^m
	switch {
	case fall == 0:
		top.pc = o.target
		w.res.Kind = warp.KindBranch
	case taken == 0:
		top.pc = pc + 1
	default:
		w.res.Kind = warp.KindDiverged
		rpc := o.reconv
		if top.rpc == rpc && top.call < 0 {
			// The lanes already wait for each other at rpc in an entry
			// further down: replace this entry instead of nesting.
			w.stack = w.stack[:n-1]
		} else {
			top.pc = rpc
		}
		if o.target != rpc {
			if err := w.push(entry{pc: o.target, rpc: rpc, call: -1, mask: taken}); err != nil {
				return err
			}
		}
		if pc+1 != rpc {
			if err := w.push(entry{pc: pc + 1, rpc: rpc, call: -1, mask: fall}); err != nil {
				return err
			}
		}
	}
	w.reconverge()
	return nil
}

// execCall: lanes in m copy their arguments into the callee's parameters
// (per-thread frames) and enter the callee; every active lane continues
// after the call once the callers have returned.
func execCall(w *Warp, o *op, m uint64) error {
	top := &w.stack[len(w.stack)-1]
	pc := top.pc
	top.pc = pc + 1
	if m == 0 {
		if top.pc == top.rpc {
			w.reconverge()
		}
		return nil
	}
	site := &w.code.kernel.Calls[o.target]
	for mm := m; mm != 0; mm &= mm - 1 {
		f := w.b.frame.Frame(w.first + tz(mm))
		for _, c := range site.Args {
			copy(f[c.To:c.To+c.Size], f[c.From:c.From+c.Size])
		}
	}
	w.res.Kind = warp.KindBranch
	if m != top.mask {
		w.res.Kind = warp.KindDiverged
	}
	return w.push(entry{pc: site.Entry, rpc: -1, call: o.target, mask: m})
}

// execRet: lanes in m return from the innermost call (copying their return
// values back to the caller's frame area), or exit at kernel level.
func execRet(w *Warp, o *op, m uint64) error {
	ci := -1
	for i := len(w.stack) - 1; i >= 0; i-- {
		if w.stack[i].call >= 0 {
			ci = i
			break
		}
	}
	if ci < 0 {
		return execExit(w, o, m)
	}
	site := &w.code.kernel.Calls[w.stack[ci].call]
	for mm := m; mm != 0; mm &= mm - 1 {
		f := w.b.frame.Frame(w.first + tz(mm))
		for _, c := range site.Rets {
			copy(f[c.To:c.To+c.Size], f[c.From:c.From+c.Size])
		}
	}
	top := &w.stack[len(w.stack)-1]
	top.pc++
	for i := ci; i < len(w.stack); i++ {
		w.stack[i].mask &^= m
	}
	if m != 0 {
		w.res.Kind = warp.KindBranch
	}
	w.reconverge()
	return nil
}

// execExit retires the lanes in m; the others continue.
func execExit(w *Warp, o *op, m uint64) error {
	top := &w.stack[len(w.stack)-1]
	top.pc++
	w.retire(m)
	w.reconverge()
	return nil
}

func execTrap(w *Warp, o *op, m uint64) error { return warp.ErrTrap }
