package ptx

import (
	"github.com/gpusim/gpusim/warp"
	"math/bits"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// bytes returns the n bytes of lane l's access (its address in w.rows.acc) in
// space sp, resolving generic addresses and recording the space and the
// address within it there.
func (w *Warp) bytes(sp traces.Space, l int, n int, write bool) ([]byte, error) {
	a := &w.rows.acc
	b, sp, addr, err := w.bytesAt(sp, l, a.Addr[l], n, write)
	a.Addr[l], a.Spaces[l] = addr, sp
	return b, err
}

// bytesAt returns the n bytes at addr in space sp for lane l (a generic
// address is resolved), with the space and address it resolved to.
func (w *Warp) bytesAt(sp traces.Space, l int, addr uint64, n int, write bool) ([]byte, traces.Space, uint64, error) {
	if sp == traces.SpaceGeneric {
		sp, addr = mem.Resolve(addr)
	}
	b, err := w.segBytes(sp, l, addr, n, write)
	return b, sp, addr, err
}

// segBytes returns the n bytes at addr of space sp (not generic) as lane l
// sees them (its block's shared memory, its own local memory and frame).
func (w *Warp) segBytes(sp traces.Space, l int, addr uint64, n int, write bool) ([]byte, error) {
	switch sp {
	case traces.SpaceGlobal:
		return w.globalBytes(addr, n, write)
	case traces.SpaceShared:
		return w.b.shared.Slice(addr, n, write)
	case traces.SpaceLocal:
		return w.b.local.Slice(w.first+l, addr, n, write)
	case traces.SpaceParamFrame:
		return w.b.frame.Slice(w.first+l, addr, n, write)
	case traces.SpaceConst:
		return w.b.l.cfg.Const.Slice(addr, n, write)
	case traces.SpaceParam:
		return w.b.l.cfg.Params.Slice(addr, n, write)
	}
	return nil, &mem.Fault{Kind: mem.FaultOutOfRange, Space: sp, Addr: addr, Size: n, Write: write}
}

// readGeneric copies len(dst) bytes at a generic address as lane l sees
// them (the device runtime's calls take generic pointers, with no
// alignment).
func (w *Warp) readGeneric(l int, addr uint64, dst []byte) error {
	sp, a := mem.Resolve(addr)
	for i := range dst {
		b, err := w.segBytes(sp, l, a+uint64(i), 1, false)
		if err != nil {
			return err
		}
		dst[i] = b[0]
	}
	return nil
}

// addrs computes the address of every lane in m from address operand i
// into the access record (shared with the warps that share the lane
// rows: rows.go) and returns it.
func (w *Warp) addrs(o *op, i int, m uint64, kind warp.AccessKind) *warp.Access {
	s := &o.src[i]
	base := w.b.l.bases[s.base] + s.disp
	a := &w.rows.acc
	a.Kind, a.Space, a.Size, a.Mask = kind, o.space, o.size*o.vec, m
	if s.off < 0 {
		for mm := m; mm != 0; mm &= mm - 1 {
			a.Addr[tz(mm)] = base
		}
	} else {
		r := w.regs[s.off : s.off+w.width]
		if addr := a.Addr[:len(r)]; m == warp.LowMask(len(r)) {
			// Every lane: a straight loop without bounds checks.
			for l := range addr {
				addr[l] = r[l] + base
			}
		} else {
			for mm := m; mm != 0; mm &= mm - 1 {
				l := tz(mm)
				a.Addr[l] = r[l] + base
			}
		}
	}
	w.res.Mem = a
	return a
}

// globalBytes returns n bytes of global memory at addr, through the
// allocation the warp's last access hit when it holds addr.
func (w *Warp) globalBytes(addr uint64, n int, write bool) ([]byte, error) {
	g := w.b.l.cfg.Global
	if s := g.Holding(&w.gseg, addr); s != nil {
		return s.Slice(addr, n, write)
	}
	return g.Slice(addr, n, write)
}

// fastSeg is the segment the access of a in space sp most likely hits
// without a look-up per lane: the block's shared memory, the constant bank,
// the kernel parameters, or the global allocation that holds the first
// lane's address (the one of the warp's last access, mostly; a kernel that
// alternates between buffers switches once per instruction, not once per
// lane). nil means "take the full path" (local memory, frames, generic).
func (w *Warp) fastSeg(a *warp.Access, sp traces.Space, write bool) *mem.Segment {
	var s *mem.Segment
	switch sp {
	case traces.SpaceGlobal:
		if a.Mask != 0 {
			s = w.b.l.cfg.Global.Holding(&w.gseg, a.Addr[tz(a.Mask)])
		}
	case traces.SpaceShared:
		s = w.b.shared
	case traces.SpaceConst:
		s = w.b.l.cfg.Const
	case traces.SpaceParam:
		s = w.b.l.cfg.Params
	}
	if s != nil && write && s.ReadOnly {
		return nil
	}
	return s
}

// within returns the n bytes at addr when seg holds them and addr is
// aligned; nil sends the caller to the checked path.
func within(seg *mem.Segment, addr uint64, n int) []byte {
	if seg == nil {
		return nil
	}
	return seg.Within(addr, n)
}

// execLoad: ld/ldu of o.vec elements of o.size bytes each; lanes access in
// lane order and the first fault stops the instruction.
func execLoad(w *Warp, o *op, m uint64) error {
	a := w.addrs(o, 0, m, warp.AccessLoad)
	n, es := a.Size, o.size
	seg := w.fastSeg(a, o.space, false)
	// plain: one element into a register that takes it as loaded.
	d0 := &o.dst[0]
	plain := o.vec == 1 && d0.kind == dstReg && extKeeps(d0, 8*es)
	if W := w.width; plain && seg != nil && m == warp.LowMask(W) {
		m &^= warp.LowMask(warp.PlainLanes(seg, a, o.space, es, w.regs[d0.off:d0.off+W], false))
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		b := within(seg, a.Addr[l], n)
		if b != nil {
			a.Spaces[l] = o.space
			if plain {
				w.regs[d0.off+l] = warp.LoadN(b, es)
				continue
			}
		} else {
			var err error
			if b, err = w.bytes(o.space, l, n, false); err != nil {
				return warp.AtLane(l, err)
			}
			if o.space == traces.SpaceGlobal {
				seg = w.gseg
			}
		}
		for e := 0; e < o.vec; e++ {
			d := &o.dst[e]
			if d.kind == dstReg {
				w.regs[d.off+l] = ext(warp.LoadN(b[e*es:], es), d)
			}
		}
	}
	return nil
}

// extKeeps reports whether ext(v, d) is v for every value v of n bits.
// ext sign-extends from a bit and masks: an n-bit value survives both when
// it survives its largest value and its top bit alone.
func extKeeps(d *dstOpd, n int) bool {
	top, all := uint64(1)<<uint(n-1), warp.LowMask(n)
	return ext(top, d) == top && ext(all, d) == all
}

// execStore: st of o.vec elements (sources 1..vec) of o.size bytes each.
func execStore(w *Warp, o *op, m uint64) error {
	a := w.addrs(o, 0, m, warp.AccessStore)
	n, es := a.Size, o.size
	var vals [4][]uint64
	for e := 0; e < o.vec; e++ {
		vals[e] = w.in(o, e+1)
	}
	seg := w.fastSeg(a, o.space, true)
	v0 := vals[0]
	if W := w.width; o.vec == 1 && seg != nil && m == warp.LowMask(W) {
		m &^= warp.LowMask(warp.PlainLanes(seg, a, o.space, es, v0[:W], true))
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		b := within(seg, a.Addr[l], n)
		if b != nil {
			a.Spaces[l] = o.space
		} else {
			var err error
			if b, err = w.bytes(o.space, l, n, true); err != nil {
				return warp.AtLane(l, err)
			}
			if o.space == traces.SpaceGlobal {
				seg = w.gseg
			}
		}
		if o.vec == 1 {
			warp.StoreN(b, es, v0[l])
			continue
		}
		for e := 0; e < o.vec; e++ {
			warp.StoreN(b[e*es:], es, vals[e][l])
		}
	}
	return nil
}

// execAtom: atom (result to Dst[0]) and red (no result), applied lane by
// lane in lane order, so that many lanes hitting one address see each
// other's updates. o.f3(old, b, c) is the new value.
func execAtom(w *Warp, o *op, m uint64) error {
	a := w.addrs(o, 0, m, warp.AccessAtomic)
	n := o.size
	b := w.in(o, 1)
	c := b
	if o.atom == traces.AtomCas {
		c = w.in(o, 2)
	}
	isAtom := o.in.Op == traces.OpAtom
	d := w.out(o, 0)
	do := &o.dst[0]
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		buf, err := w.bytes(o.space, l, n, true)
		if err != nil {
			return warp.AtLane(l, err)
		}
		sp := a.Spaces[l]
		if sp != traces.SpaceGlobal && sp != traces.SpaceShared {
			return warp.AtLane(l, warp.ErrAtomicSpace(sp))
		}
		old := warp.LoadN(buf, n)
		f := o.f3
		if sp == traces.SpaceShared && o.f3s != nil {
			f = o.f3s
		}
		warp.StoreN(buf, n, f(old, b[l], c[l]))
		if isAtom {
			d[l] = ext(old, do)
		}
	}
	return nil
}

// execCvta converts addresses between generic and a space: o.aux is the
// window offset, added (space -> generic) or subtracted (FlagTo).
func execCvta(w *Warp, o *op, m uint64) error {
	a := w.in(o, 0)
	d := w.out(o, 0)
	do := &o.dst[0]
	off := o.aux
	if o.in.Flags.Has(traces.FlagTo) {
		off = -off
	}
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = ext(a[l]+off, do)
	}
	return nil
}

// execIsspacep: is the generic address in the instruction's space?
func execIsspacep(w *Warp, o *op, m uint64) error {
	a := w.in(o, 0)
	var p uint64
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		sp, _ := mem.Resolve(a[l])
		if sp == o.space {
			p |= 1 << uint(l)
		}
	}
	w.setPred(o, 0, m, p)
	return nil
}
