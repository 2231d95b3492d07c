package ptx

import "github.com/gpusim/gpusim/warp"

// Control flow: bra, exit, trap (call and ret: calls.go). These execs own the PC and the
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
			if err := w.push(entry{pc: o.target, rpc: rpc, call: -1, fn: -1, mask: taken}); err != nil {
				return err
			}
		}
		if pc+1 != rpc {
			if err := w.push(entry{pc: pc + 1, rpc: rpc, call: -1, fn: -1, mask: fall}); err != nil {
				return err
			}
		}
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
