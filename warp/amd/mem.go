package amd

import (
	"fmt"
	"github.com/gpusim/gpusim/warp"
	"math/bits"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// Memory instructions of waves: scalar loads (SMEM), global and flat
// loads, stores and atomics, and LDS (DS) operations. Values are read and
// written at issue; loaded values reach registers when a wait retires them
// (wave_queue.go).

func (c *compiler) smem(in *traces.Inst, o *wop) error {
	var err error
	if o.dst[0], err = c.dst(in, 0); err != nil {
		return err
	}
	switch in.Op {
	case traces.OpSMemtime, traces.OpSMemrealtime:
		o.exec = execMemtime
		return nil
	}
	if err := c.srcs(in, o, 2, 0); err != nil {
		return err
	}
	o.imm[0] = int64(in.Src[2].Imm)
	o.bytes = int(o.info.Bytes)
	o.exec = execSLoad
	return nil
}

// execSLoad is s_load_*: Bytes from SBASE + SOFFSET + OFFSET (dword
// aligned) into SGPRs, through the scalar-memory queue.
func execSLoad(w *Wave, o *wop, m uint64) error {
	addr := w.sval(&o.src[0]) + uint64(o.imm[0])
	if o.src[1].kind != wNone {
		addr += w.sval(&o.src[1]) & mask32
	}
	addr &^= 3
	n := o.bytes / 4
	w.seq++
	p := w.enqueue(warp.QueueSMEM, pendSGPR, o.dst[0].reg, n, 0, n)
	for i := 0; i < n; i++ {
		x, err := w.globalLoad(addr+uint64(4*i), 4)
		if err != nil {
			return err
		}
		p.data[i] = uint32(x)
	}
	a := &w.rows.acc
	a.Kind, a.Space, a.Size, a.Mask = warp.AccessLoad, traces.SpaceGlobal, o.bytes, 1
	a.Addr[0], a.Spaces[0] = addr, traces.SpaceGlobal
	w.res.Mem = a
	w.bound()
	return nil
}

// execMemtime is s_memtime / s_memrealtime: the Step's cycle count.
func execMemtime(w *Wave, o *wop, m uint64) error {
	w.seq++
	p := w.enqueue(warp.QueueSMEM, pendSGPR, o.dst[0].reg, 2, 0, 2)
	p.data[0], p.data[1] = uint32(w.now), uint32(w.now>>32)
	w.bound()
	return nil
}

// globalLoad reads n (1, 2, 4, 8) little-endian bytes of global memory.
// Dword accesses need only byte alignment (AMD's unaligned access mode).
func (w *Wave) globalLoad(addr uint64, n int) (uint64, error) {
	b, err := w.globalBytes(&w.sseg, addr, n, false)
	if err != nil {
		return 0, err
	}
	return warp.LoadN(b, n), nil
}

// globalBytes returns the bytes of an access inside one allocation; *last
// is the allocation the wave's last access of its kind hit (scalar and
// vector accesses keep one each: they mostly go to different buffers).
func (w *Wave) globalBytes(last **mem.Segment, addr uint64, n int, write bool) ([]byte, error) {
	s := w.b.l.cfg.Global.Holding(last, addr)
	if s == nil {
		return w.b.l.cfg.Global.Host(addr, uint64(n))
	}
	if addr&uint64(n-1) == 0 {
		return s.Slice(addr, n, write)
	}
	// Unaligned: allowed, within one allocation.
	if write && s.ReadOnly {
		return s.Slice(addr, n, write)
	}
	return s.Host(addr, uint64(n))
}

// vectorSeg is the allocation a global (not flat) vector access of the
// lanes of m at a most likely hits without a look-up per lane: the one
// that holds the first lane's address (so a kernel that alternates between
// buffers switches once per instruction, not once per lane); nil for a
// flat access or when none holds it (the checked path then faults).
func (w *Wave) vectorSeg(o *wop, a *warp.Access, m uint64) *mem.Segment {
	if o.info.Flat || m == 0 {
		return nil
	}
	return w.b.l.cfg.Global.Holding(&w.gseg, a.Addr[bits.TrailingZeros64(m)])
}

// errPrivate is the fault of a flat access to the private (scratch)
// window.
var errPrivate = fmt.Errorf("flat access to private (scratch) memory: not supported yet")

// vmBytes returns the bytes of a global or flat access of lane l whose
// address is in w.rows.acc (flat addresses are resolved to LDS or global and
// the record updated).
func (w *Wave) vmBytes(l int, n int, write bool) ([]byte, bool, error) {
	a := &w.rows.acc
	addr := a.Addr[l]
	if a.Space == traces.SpaceGeneric {
		sp, off := mem.Resolve(addr)
		a.Spaces[l] = sp
		switch sp {
		case traces.SpaceShared:
			a.Addr[l] = off
			return w.ldsBytes(off, n), true, nil
		case traces.SpaceGlobal:
		default:
			return nil, false, errPrivate
		}
	} else {
		a.Spaces[l] = traces.SpaceGlobal
	}
	b, err := w.globalBytes(&w.gseg, addr, n, write)
	return b, false, err
}

// ldsBytes returns n bytes of LDS at addr, or nil when the access falls
// outside the workgroup's allocation (reads give 0 and writes are dropped,
// as on the hardware).
func (w *Wave) ldsBytes(addr uint64, n int) []byte {
	d := w.b.lds.Data
	if addr >= uint64(len(d)) || uint64(n) > uint64(len(d))-addr {
		return nil
	}
	return d[addr : addr+uint64(n)]
}

func (c *compiler) flat(in *traces.Inst, o *wop) error {
	info := o.info
	var err error
	if in.NDst > 0 {
		if o.dst[0], err = c.dst(in, 0); err != nil {
			return err
		}
	}
	if o.src[0], err = c.src(in, 0, 0); err != nil {
		return err
	}
	if o.src[1], err = c.src(in, 1, 0); err != nil {
		return err
	}
	if info.Mem != traces.AMDMemLoad {
		if o.src[3], err = c.src(in, 3, 0); err != nil {
			return err
		}
	}
	o.imm[0] = int64(in.Src[2].Imm)
	o.bytes = int(info.Bytes)
	o.signed = info.Type == traces.S8 || info.Type == traces.S16
	switch info.Mem {
	case traces.AMDMemLoad:
		o.exec = execVLoad
	case traces.AMDMemStore:
		o.exec = execVStore
	case traces.AMDMemAtomic:
		if o.f3 = atomicFn(info, w64(info)); o.f3 == nil {
			return c.unsupported(in, "atomic "+info.Name)
		}
		o.exec = execVAtomic
	default:
		return c.unsupported(in, info.Name)
	}
	return nil
}

// w64 reports a 64-bit atomic.
func w64(info *traces.AMDOpInfo) bool { return info.Bytes == 8 }

// flatAddrs computes every active lane's address of a global or flat
// instruction into the access record.
func (w *Wave) flatAddrs(o *wop, m uint64, kind warp.AccessKind) *warp.Access {
	a := &w.rows.acc
	a.Kind, a.Size, a.Mask = kind, o.bytes, m
	a.Space = traces.SpaceGlobal
	if o.info.Flat {
		a.Space = traces.SpaceGeneric
	}
	s := &o.src[0]
	W := w.width
	off := uint64(o.imm[0])
	lo := w.v[s.reg : s.reg+W]
	if o.src[1].kind == wS {
		base := w.sval(&o.src[1]) + off
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			a.Addr[l] = base + uint64(lo[l])
		}
	} else {
		hi := w.v[s.reg+W : s.reg+2*W]
		if addr := a.Addr[:W]; m == warp.LowMask(W) {
			// Every lane: a straight loop without bounds checks.
			lo, hi = lo[:len(addr)], hi[:len(addr)]
			for l := range addr {
				addr[l] = uint64(lo[l]) | uint64(hi[l])<<32 + off
			}
		} else {
			for mm := m; mm != 0; mm &= mm - 1 {
				l := bits.TrailingZeros64(mm)
				a.Addr[l] = uint64(lo[l]) | uint64(hi[l])<<32 + off
			}
		}
	}
	w.res.Mem = a
	return a
}

// execVLoad is global_load_* / flat_load_*.
func execVLoad(w *Wave, o *wop, m uint64) error {
	a := w.flatAddrs(o, m, warp.AccessLoad)
	W := w.width
	n := max(o.bytes/4, 1)
	w.seq++
	p := w.enqueue(warp.QueueVMLoad, pendVGPR, o.dst[0].reg, n, m, n*W)
	if o.info.Flat {
		w.enqueue(warp.QueueLDS, pendCount, 0, 0, 0, 0)
	}
	// seg: the allocation of a global (not flat) access, whose aligned
	// dwords need no further checks.
	seg := w.vectorSeg(o, a, m)
	sz := min(o.bytes, 4)
	if n == 1 && seg != nil && !o.signed && m == w.wmask {
		m &^= warp.LowMask(warp.PlainLanes(seg, a, traces.SpaceGlobal, sz, p.data[:W], false))
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		for r := 0; r < n; r++ {
			base := a.Addr[l]
			var b []byte
			if seg != nil {
				b = seg.Within(base+uint64(4*r), sz)
			}
			if b != nil {
				a.Spaces[l] = traces.SpaceGlobal
			} else {
				a.Addr[l] = base + uint64(4*r)
				var err error
				b, _, err = w.vmBytes(l, sz, false)
				a.Addr[l] = base
				if err != nil {
					return warp.AtLane(l, err)
				}
				if !o.info.Flat {
					seg = w.gseg
				}
			}
			var x uint64
			if b != nil {
				x = warp.LoadN(b, sz)
			}
			if o.signed {
				x = uint64(uint32(int32(int64(x<<(64-8*sz)) >> (64 - 8*sz))))
			}
			p.data[r*W+l] = uint32(x)
		}
	}
	w.bound()
	return nil
}

// execVStore is global_store_* / flat_store_*.
func execVStore(w *Wave, o *wop, m uint64) error {
	a := w.flatAddrs(o, m, warp.AccessStore)
	W := w.width
	n := max(o.bytes/4, 1)
	d := &o.src[3]
	w.seq++
	w.enqueue(warp.QueueVMStore, pendCount, 0, 0, 0, 0)
	if o.info.Flat {
		w.enqueue(warp.QueueLDS, pendCount, 0, 0, 0, 0)
	}
	sz := min(o.bytes, 4)
	if seg := w.vectorSeg(o, a, m); n == 1 && seg != nil && !seg.ReadOnly && m == w.wmask {
		m &^= warp.LowMask(warp.PlainLanes(seg, a, traces.SpaceGlobal, sz, w.v[d.reg:d.reg+W], true))
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		for r := 0; r < n; r++ {
			base := a.Addr[l]
			a.Addr[l] = base + uint64(4*r)
			b, _, err := w.vmBytes(l, sz, true)
			a.Addr[l] = base
			if err != nil {
				return warp.AtLane(l, err)
			}
			if b != nil {
				warp.StoreN(b, sz, uint64(w.v[d.reg+r*W+l]))
			}
		}
	}
	w.bound()
	return nil
}

// execVAtomic is global_atomic_* / flat_atomic_*: lanes in order, each a
// read-modify-write; the old value returns through the load queue when the
// instruction has a destination.
func execVAtomic(w *Wave, o *wop, m uint64) error {
	w.flatAddrs(o, m, warp.AccessAtomic)
	W := w.width
	sz := o.bytes
	n := sz / 4
	d := &o.src[3]
	w.seq++
	var p *pend
	if o.dst[0].kind == wV {
		p = w.enqueue(warp.QueueVMLoad, pendVGPR, o.dst[0].reg, n, m, n*W)
	} else {
		w.enqueue(warp.QueueVMStore, pendCount, 0, 0, 0, 0)
	}
	if o.info.Flat {
		w.enqueue(warp.QueueLDS, pendCount, 0, 0, 0, 0)
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		b, _, err := w.vmBytes(l, sz, true)
		if err != nil {
			return warp.AtLane(l, err)
		}
		data := w.regVal(d.reg, n, l)
		var cmp uint64
		if o.info.Atom == traces.AtomCas {
			cmp = w.regVal(d.reg+n*W, n, l)
		}
		var old uint64
		if b != nil {
			old = warp.LoadN(b, sz)
			warp.StoreN(b, sz, o.f3(old, data, cmp))
		}
		if p != nil {
			for r := 0; r < n; r++ {
				p.data[r*W+l] = uint32(old >> (32 * r))
			}
		}
	}
	w.bound()
	return nil
}

// regVal reads n (1 or 2) consecutive VGPRs of lane l as one value.
func (w *Wave) regVal(reg, n, l int) uint64 {
	x := uint64(w.v[reg+l])
	if n > 1 {
		x |= uint64(w.v[reg+w.width+l]) << 32
	}
	return x
}

// atomicFn returns new = f(old, data, cmp) of an atomic instruction.
func atomicFn(info *traces.AMDOpInfo, is64 bool) func(old, data, cmp uint64) uint64 {
	signed := info.Type == traces.S32 || info.Type == traces.S64
	key := func(x uint64) uint64 {
		if !is64 {
			x &= mask32
			if signed {
				x ^= 1 << 31
			}
		} else if signed {
			x ^= 1 << 63
		}
		return x
	}
	mk := uint64(mask32)
	if is64 {
		mk = ^uint64(0)
	}
	switch info.Atom {
	case traces.AtomAdd:
		if info.Type == traces.F32 {
			return func(old, data, cmp uint64) uint64 { return uint64(alu.AddF32(uint32(old), uint32(data), 0)) }
		}
		return func(old, data, cmp uint64) uint64 { return (old + data) & mk }
	case traces.AtomAMDSub:
		return func(old, data, cmp uint64) uint64 { return (old - data) & mk }
	case traces.AtomAMDRsub:
		return func(old, data, cmp uint64) uint64 { return (data - old) & mk }
	case traces.AtomInc:
		return func(old, data, cmp uint64) uint64 {
			if old&mk >= data&mk {
				return 0
			}
			return (old + 1) & mk
		}
	case traces.AtomDec:
		return func(old, data, cmp uint64) uint64 {
			if old&mk == 0 || old&mk > data&mk {
				return data & mk
			}
			return (old - 1) & mk
		}
	case traces.AtomMin:
		if info.Type == traces.F32 {
			return func(old, data, cmp uint64) uint64 { return uint64(alu.MinNumF32(uint32(old), uint32(data), 0)) }
		}
		return func(old, data, cmp uint64) uint64 {
			if key(data) < key(old) {
				return data & mk
			}
			return old & mk
		}
	case traces.AtomMax:
		if info.Type == traces.F32 {
			return func(old, data, cmp uint64) uint64 { return uint64(alu.MaxNumF32(uint32(old), uint32(data), 0)) }
		}
		return func(old, data, cmp uint64) uint64 {
			if key(data) > key(old) {
				return data & mk
			}
			return old & mk
		}
	case traces.AtomAnd:
		return func(old, data, cmp uint64) uint64 { return old & data & mk }
	case traces.AtomOr:
		return func(old, data, cmp uint64) uint64 { return (old | data) & mk }
	case traces.AtomXor:
		return func(old, data, cmp uint64) uint64 { return (old ^ data) & mk }
	case traces.AtomExch:
		return func(old, data, cmp uint64) uint64 { return data & mk }
	case traces.AtomCas:
		return func(old, data, cmp uint64) uint64 {
			if old&mk == cmp&mk {
				return data & mk
			}
			return old & mk
		}
	}
	return nil
}
