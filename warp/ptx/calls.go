package ptx

import (
	"encoding/binary"
	"fmt"

	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Calls and returns. A call pushes a call entry (call >= 0: the call site;
// fn: the callee's FuncSpan) whose lanes leave it by ret. Arguments and
// results move through the per-thread parameter frame, where every linked
// function has its own part. A function on a cycle of the call graph
// (FuncSpan.Recursive) can be active more than once: each call to it saves
// the callee's registers, predicates, frame and .local bytes of the calling
// lanes on their call stacks (past the .local variables in each thread's
// local memory, the launch's stack limit in size), and its return restores
// them.

// DefaultStackSize is the per-thread call stack when the launch sets none:
// CUDA's default cudaLimitStackSize (1 KiB per thread on current GPUs;
// CUDA Runtime API, cudaDeviceSetLimit).
const DefaultStackSize = 1 << 10

// execCall: lanes in m enter the callee (an indirect call: the function
// each lane's address names, one call entry per distinct callee); every
// active lane continues after the call once the callees have returned.
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
	w.res.Kind = warp.KindBranch
	if m != top.mask {
		w.res.Kind = warp.KindDiverged
	}
	site := &w.code.kernel.Calls[o.target]
	if !site.Indirect {
		return w.enter(o.target, site.Func, m)
	}
	// Group the lanes by callee; the callee of the lowest function index
	// runs first (its entry is pushed last).
	addr := w.in(o, 0)
	var groups [maxCallTargets]struct {
		fn   int32
		mask uint64
	}
	n := 0
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		fi, err := w.callTarget(site, addr[l])
		if err != nil {
			return warp.AtLane(l, err)
		}
		g := 0
		for g < n && groups[g].fn != fi {
			g++
		}
		if g == n {
			if n == maxCallTargets {
				return warp.AtLane(l, fmt.Errorf("indirect call: the warp's lanes call more than %d different functions at once", maxCallTargets))
			}
			groups[n].fn = fi
			n++
		}
		groups[g].mask |= 1 << uint(l)
	}
	for i := 1; i < n; i++ { // few groups: insertion sort, descending
		for j := i; j > 0 && groups[j].fn > groups[j-1].fn; j-- {
			groups[j], groups[j-1] = groups[j-1], groups[j]
		}
	}
	for g := 0; g < n; g++ {
		if err := w.enter(o.target, groups[g].fn, groups[g].mask); err != nil {
			return err
		}
	}
	if n > 1 {
		w.res.Kind = warp.KindDiverged
	}
	return nil
}

// maxCallTargets bounds the distinct callees of one indirect call in one
// warp (a warp has at most 64 lanes).
const maxCallTargets = 64

// callTarget resolves an indirect call's address to the callee's span.
func (w *Warp) callTarget(site *traces.CallSite, addr uint64) (int32, error) {
	k := w.code.kernel
	prog := w.code.prog
	id, ok := traces.FuncID(addr, len(prog.Funcs))
	if !ok {
		return -1, fmt.Errorf("indirect call to 0x%016x, which is not the address of a function", addr)
	}
	fi := k.FuncByID[id]
	if fi < 0 {
		return -1, fmt.Errorf("indirect call to %s, whose parameters do not fit the call's prototype (%d arguments, %d results)", prog.Funcs[id], len(site.ArgSlots), len(site.RetSlots))
	}
	fs := &k.Funcs[fi]
	if !slotsFit(site.ArgSlots, fs.Params, false) || !slotsFit(site.RetSlots, fs.Rets, true) {
		return -1, fmt.Errorf("indirect call to %s, whose parameters do not fit the call's prototype (%d arguments, %d results)", fs.Name, len(site.ArgSlots), len(site.RetSlots))
	}
	return fi, nil
}

// slotsFit reports whether a call's variables match a callee's parameters
// by size (results may be left out).
func slotsFit(call, callee []traces.Slot, optional bool) bool {
	if optional && len(call) == 0 {
		return true
	}
	if len(call) != len(callee) {
		return false
	}
	for i := range call {
		if call[i].Size != callee[i].Size {
			return false
		}
	}
	return true
}

// enter pushes the call entry of call site si into span fi for lanes m,
// after saving the callee's activation (recursive callees) and copying the
// arguments.
func (w *Warp) enter(si, fi int32, m uint64) error {
	k := w.code.kernel
	site := &k.Calls[si]
	fs := &k.Funcs[fi]
	if !fs.Recursive && !site.Indirect {
		for mm := m; mm != 0; mm &= mm - 1 {
			f := w.b.frame.Frame(w.first + tz(mm))
			for _, c := range site.Args {
				copy(f[c.To:c.To+c.Size], f[c.From:c.From+c.Size])
			}
		}
		return w.push(entry{pc: fs.Start, rpc: -1, call: si, fn: fi, mask: m})
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		f := w.b.frame.Frame(w.first + l)
		// Stage the arguments first: they may lie in the callee's own
		// frame (a function calling itself), which the save keeps.
		tmp := w.callTmp[:0]
		for i := range fs.Params {
			from := argFrom(site, i)
			tmp = append(tmp, f[from:from+fs.Params[i].Size]...)
		}
		w.callTmp = tmp
		if fs.Recursive {
			if err := w.save(l, fi); err != nil {
				return warp.AtLane(l, err)
			}
		}
		off := uint64(0)
		for _, p := range fs.Params {
			copy(f[p.Off:p.Off+p.Size], tmp[off:off+p.Size])
			off += p.Size
		}
	}
	return w.push(entry{pc: fs.Start, rpc: -1, call: si, fn: fi, mask: m})
}

// argFrom is where argument i of a call lies in the caller's frame.
func argFrom(site *traces.CallSite, i int) uint64 {
	if site.Indirect {
		return site.ArgSlots[i].Off
	}
	return site.Args[i].From
}

// execRet: lanes in m return from the innermost call (copying their return
// values back to the caller's frame area and restoring a recursive callee's
// saved activation), or exit at kernel level.
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
	if m != 0 {
		if err := w.leave(&w.stack[ci], m); err != nil {
			return err
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

// leave copies the results of call entry e's callee back for lanes m and
// restores a recursive callee's saved activation.
func (w *Warp) leave(e *entry, m uint64) error {
	k := w.code.kernel
	site := &k.Calls[e.call]
	fs := &k.Funcs[e.fn]
	if !fs.Recursive && !site.Indirect {
		for mm := m; mm != 0; mm &= mm - 1 {
			f := w.b.frame.Frame(w.first + tz(mm))
			for _, c := range site.Rets {
				copy(f[c.To:c.To+c.Size], f[c.From:c.From+c.Size])
			}
		}
		return nil
	}
	nret := len(site.Rets)
	if site.Indirect {
		nret = len(site.RetSlots)
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		f := w.b.frame.Frame(w.first + l)
		tmp := w.callTmp[:0]
		for i := 0; i < nret; i++ {
			r := fs.Rets[i]
			tmp = append(tmp, f[r.Off:r.Off+r.Size]...)
		}
		w.callTmp = tmp
		if fs.Recursive {
			w.restore(l, e.fn)
		}
		off := uint64(0)
		for i := 0; i < nret; i++ {
			var dst uint64
			if site.Indirect {
				dst = site.RetSlots[i].Off
			} else {
				dst = site.Rets[i].To
			}
			n := fs.Rets[i].Size
			copy(f[dst:dst+n], tmp[off:off+n])
			off += n
		}
	}
	return nil
}

// save pushes lane l's activation of span fi (registers, predicates, frame
// and .local bytes) and charges its stack frame to the lane's call stack.
func (w *Warp) save(l int, fi int32) error {
	k := w.code.kernel
	fs := &k.Funcs[fi]
	lc := w.b.l
	charge := lc.frame[fi]
	used := uint64(w.sp[l])
	if used+charge > lc.stack {
		depth := 0
		for i := range w.stack {
			if w.stack[i].call >= 0 && w.stack[i].mask&(1<<uint(l)) != 0 {
				depth++
			}
		}
		src := "gpusim's estimate of its stack frame"
		if lc.framePtxas[fi] {
			src = "its stack frame as ptxas -v reports it"
		}
		return &warp.StackOverflowError{Callee: fs.Name, Need: charge, NeedSource: src, Used: used, Limit: lc.stack, Depth: depth, LimitSource: lc.stackSource}
	}
	need := int(w.code.saveSize[fi])
	buf := w.saves[l]
	n := len(buf)
	if cap(buf)-n < need {
		grown := make([]byte, n, 2*cap(buf)+need)
		copy(grown, buf)
		buf = grown
	}
	buf = buf[:n+need]
	w.saves[l] = buf
	buf = buf[n:]
	off := 0
	for r := fs.Regs.Lo; r < fs.Regs.Hi; r++ {
		row := int(w.code.rows[r]) * w.width
		sz := k.Regs[r].Type.Size()
		if sz > 8 {
			binary.LittleEndian.PutUint64(buf[off:], w.regs[row+l])
			binary.LittleEndian.PutUint64(buf[off+8:], w.regs[row+w.width+l])
			off += 16
			continue
		}
		v := w.regs[row+l]
		for b := 0; b < sz; b++ {
			buf[off+b] = byte(v >> (8 * b))
		}
		off += sz
	}
	for p := fs.Preds.Lo; p < fs.Preds.Hi; p++ {
		buf[off] = byte(w.preds[p] >> uint(l) & 1)
		off++
	}
	frame := w.b.frame.Frame(w.first + l)
	off += copy(buf[off:], frame[fs.Frame.Off:fs.Frame.Off+fs.Frame.Size])
	local := w.b.local.Frame(w.first + l)
	copy(buf[off:], local[fs.Local.Off:fs.Local.Off+fs.Local.Size])
	w.sp[l] = uint32(used + charge)
	return nil
}

// restore pops what save pushed.
func (w *Warp) restore(l int, fi int32) {
	k := w.code.kernel
	fs := &k.Funcs[fi]
	need := int(w.code.saveSize[fi])
	all := w.saves[l]
	buf := all[len(all)-need:]
	w.saves[l] = all[:len(all)-need]
	off := 0
	for r := fs.Regs.Lo; r < fs.Regs.Hi; r++ {
		row := int(w.code.rows[r]) * w.width
		sz := k.Regs[r].Type.Size()
		if sz > 8 {
			w.regs[row+l] = binary.LittleEndian.Uint64(buf[off:])
			w.regs[row+w.width+l] = binary.LittleEndian.Uint64(buf[off+8:])
			off += 16
			continue
		}
		var v uint64
		for b := 0; b < sz; b++ {
			v |= uint64(buf[off+b]) << (8 * b)
		}
		w.regs[row+l] = v
		off += sz
	}
	bit := uint64(1) << uint(l)
	for p := fs.Preds.Lo; p < fs.Preds.Hi; p++ {
		w.preds[p] = w.preds[p]&^bit | uint64(buf[off])<<uint(l)
		off++
	}
	frame := w.b.frame.Frame(w.first + l)
	off += copy(frame[fs.Frame.Off:fs.Frame.Off+fs.Frame.Size], buf[off:])
	local := w.b.local.Frame(w.first + l)
	copy(local[fs.Local.Off:fs.Local.Off+fs.Local.Size], buf[off:])
	w.sp[l] -= uint32(w.b.l.frame[fi])
}

// activationSize is what save writes for span fs: every register at its
// declared width, a byte per predicate, its frame and .local bytes.
func activationSize(k *traces.Kernel, fs *traces.FuncSpan) uint64 {
	n := uint64(0)
	for r := fs.Regs.Lo; r < fs.Regs.Hi; r++ {
		n += uint64(k.Regs[r].Type.Size())
	}
	n += uint64(fs.Preds.Hi - fs.Preds.Lo)
	n += fs.Frame.Size + fs.Local.Size
	return n
}
