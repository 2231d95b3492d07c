package amd

import (
	"github.com/gpusim/gpusim/warp"
	"math/bits"

	"github.com/gpusim/gpusim/traces"
)

// LDS (ds_*) instructions. Addresses are ADDR (a VGPR) + OFFSET; an access
// outside the workgroup's LDS reads 0 and writes nothing (AMD ISA manuals,
// "LDS": out-of-range accesses are discarded), and LDS accesses need no
// alignment. GFX9's M0 limit does not apply to the ds_* forms gpusim runs
// (LLVM initialises M0 only for GFX6-GFX8). Results return through the LDS
// queue (lgkmcnt, dscnt).

func (c *compiler) ds(in *traces.Inst, o *wop) error {
	info := o.info
	if in.Mode&traces.AMDCacheGDS != 0 {
		return c.unsupported(in, "GDS")
	}
	var err error
	if in.NDst > 0 && in.Dst[0].Kind == traces.OpdVGPR {
		if o.dst[0], err = c.dst(in, 0); err != nil {
			return err
		}
	}
	for _, i := range [...]int{0, 3, 4} {
		if in.Src[i].Kind == traces.OpdVGPR {
			if o.src[i], err = c.src(in, i, 0); err != nil {
				return err
			}
		}
	}
	o.imm[0] = int64(in.Src[2].Imm) // offset (offset0)
	o.imm[1] = int64(in.Src[1].Imm) // offset1
	o.bytes = int(info.Bytes)
	o.signed = info.Type == traces.S8 || info.Type == traces.S16
	switch info.Mem {
	case traces.AMDMemNop:
		o.exec = execNopW
	case traces.AMDMemLoad:
		o.exec = execDSLoad
	case traces.AMDMemLoad2, traces.AMDMemLoad2st64:
		o.exec = execDSLoad2
	case traces.AMDMemStore:
		o.exec = execDSStore
	case traces.AMDMemStore2, traces.AMDMemStore2st64:
		o.exec = execDSStore2
	case traces.AMDMemAtomic, traces.AMDMemCmpst, traces.AMDMemCmpstore:
		if o.f3 = atomicFn(info, w64(info)); o.f3 == nil {
			return c.unsupported(in, "atomic "+info.Name)
		}
		o.exec = execDSAtomic
	case traces.AMDMemBpermute, traces.AMDMemPermute, traces.AMDMemSwizzle:
		o.exec = execDSPermute
	default:
		return c.unsupported(in, info.Name)
	}
	if info.Mem == traces.AMDMemLoad2st64 || info.Mem == traces.AMDMemStore2st64 {
		o.imm[2] = 64 * int64(info.Bytes)
	} else {
		o.imm[2] = int64(info.Bytes)
	}
	return nil
}

// dsAddrs fills the access record with every active lane's LDS address.
func (w *Wave) dsAddrs(o *wop, m uint64, kind warp.AccessKind, off uint64) *warp.Access {
	a := &w.rows.acc
	a.Kind, a.Space, a.Size, a.Mask = kind, traces.SpaceShared, o.bytes, m
	row := w.v[o.src[0].reg : o.src[0].reg+w.width]
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		a.Addr[l] = (uint64(row[l]) + off) & mask32
		a.Spaces[l] = traces.SpaceShared
	}
	w.res.Mem = a
	return a
}

// ldsLoad reads sz bytes (at most 4) of LDS, 0 out of range.
func (w *Wave) ldsLoad(addr uint64, sz int, signed bool) uint64 {
	b := w.ldsBytes(addr, sz)
	if b == nil {
		return 0
	}
	x := warp.LoadN(b, sz)
	if signed {
		x = uint64(uint32(int32(int64(x<<(64-8*sz)) >> (64 - 8*sz))))
	}
	return x
}

func (w *Wave) ldsStore(addr uint64, sz int, x uint64) {
	if b := w.ldsBytes(addr, sz); b != nil {
		warp.StoreN(b, sz, x)
	}
}

// execDSLoad is ds_read_* / ds_load_*.
func execDSLoad(w *Wave, o *wop, m uint64) error {
	a := w.dsAddrs(o, m, warp.AccessLoad, uint64(o.imm[0]))
	W := w.width
	n := max(o.bytes/4, 1)
	sz := min(o.bytes, 4)
	w.seq++
	p := w.enqueue(warp.QueueLDS, pendVGPR, o.dst[0].reg, n, m, n*W)
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		for r := 0; r < n; r++ {
			p.data[r*W+l] = uint32(w.ldsLoad(a.Addr[l]+uint64(4*r), sz, o.signed))
		}
	}
	w.bound()
	return nil
}

// execDSLoad2 is ds_read2(st64)_b32/b64: two elements at ADDR + offset0*S
// and ADDR + offset1*S (S the element size, times 64 for st64).
func execDSLoad2(w *Wave, o *wop, m uint64) error {
	a := w.dsAddrs(o, m, warp.AccessLoad, 0)
	W := w.width
	n := o.bytes / 4 // registers per element
	w.seq++
	p := w.enqueue(warp.QueueLDS, pendVGPR, o.dst[0].reg, 2*n, m, 2*n*W)
	offs := [2]uint64{uint64(o.imm[0] * o.imm[2]), uint64(o.imm[1] * o.imm[2])}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		for e, off := range offs {
			for r := 0; r < n; r++ {
				p.data[(e*n+r)*W+l] = uint32(w.ldsLoad((a.Addr[l]+off+uint64(4*r))&mask32, 4, false))
			}
		}
	}
	w.bound()
	return nil
}

// execDSStore is ds_write_* / ds_store_*.
func execDSStore(w *Wave, o *wop, m uint64) error {
	a := w.dsAddrs(o, m, warp.AccessStore, uint64(o.imm[0]))
	W := w.width
	n := max(o.bytes/4, 1)
	sz := min(o.bytes, 4)
	d := o.src[3].reg
	w.seq++
	w.enqueue(warp.QueueLDS, pendCount, 0, 0, 0, 0)
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		for r := 0; r < n; r++ {
			w.ldsStore(a.Addr[l]+uint64(4*r), sz, uint64(w.v[d+r*W+l]))
		}
	}
	w.bound()
	return nil
}

// execDSStore2 is ds_write2(st64)_b32/b64.
func execDSStore2(w *Wave, o *wop, m uint64) error {
	a := w.dsAddrs(o, m, warp.AccessStore, 0)
	W := w.width
	n := o.bytes / 4
	data := [2]int{o.src[3].reg, o.src[4].reg}
	offs := [2]uint64{uint64(o.imm[0] * o.imm[2]), uint64(o.imm[1] * o.imm[2])}
	w.seq++
	w.enqueue(warp.QueueLDS, pendCount, 0, 0, 0, 0)
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		for e, off := range offs {
			for r := 0; r < n; r++ {
				w.ldsStore((a.Addr[l]+off+uint64(4*r))&mask32, 4, uint64(w.v[data[e]+r*W+l]))
			}
		}
	}
	w.bound()
	return nil
}

// execDSAtomic is the ds_* read-modify-write family, lanes in order.
func execDSAtomic(w *Wave, o *wop, m uint64) error {
	a := w.dsAddrs(o, m, warp.AccessAtomic, uint64(o.imm[0]))
	W := w.width
	sz := o.bytes
	n := sz / 4
	w.seq++
	var p *pend
	if o.dst[0].kind == wV {
		p = w.enqueue(warp.QueueLDS, pendVGPR, o.dst[0].reg, n, m, n*W)
	} else {
		w.enqueue(warp.QueueLDS, pendCount, 0, 0, 0, 0)
	}
	mem := o.info.Mem
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		data := w.regVal(o.src[3].reg, n, l)
		var cmp uint64
		switch mem {
		case traces.AMDMemCmpst: // data0 = compare, data1 = new value
			cmp, data = data, w.regVal(o.src[4].reg, n, l)
		case traces.AMDMemCmpstore: // data0 = new value, data1 = compare
			cmp = w.regVal(o.src[4].reg, n, l)
		}
		var old uint64
		if b := w.ldsBytes(a.Addr[l], sz); b != nil {
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

// execDSPermute is ds_bpermute_b32 (lane i reads lane (ADDR[i]+OFFSET)/4),
// ds_permute_b32 (lane i writes lane (ADDR[i]+OFFSET)/4; later lanes win)
// and ds_swizzle_b32 (bit-mask and quad-permute modes of OFFSET). Inactive
// source lanes read as 0 (AMD ISA manuals' pseudocode). No LDS is touched.
func execDSPermute(w *Wave, o *wop, m uint64) error {
	W := w.width
	tmp := w.rows.src[6]
	clear(tmp)
	data := w.v[o.src[3].reg : o.src[3].reg+W]
	w.seq++
	p := w.enqueue(warp.QueueLDS, pendVGPR, o.dst[0].reg, 1, m, W)
	off := uint64(o.imm[0])
	switch o.info.Mem {
	case traces.AMDMemBpermute, traces.AMDMemPermute:
		addr := w.v[o.src[0].reg : o.src[0].reg+W]
		if o.info.Mem == traces.AMDMemBpermute {
			for mm := m; mm != 0; mm &= mm - 1 {
				l := bits.TrailingZeros64(mm)
				tmp[l] = uint64(data[l])
			}
			for mm := m; mm != 0; mm &= mm - 1 {
				l := bits.TrailingZeros64(mm)
				p.data[l] = uint32(tmp[int((uint64(addr[l])+off)/4)%W])
			}
		} else {
			for mm := m; mm != 0; mm &= mm - 1 {
				l := bits.TrailingZeros64(mm)
				tmp[int((uint64(addr[l])+off)/4)%W] = uint64(data[l])
			}
			for mm := m; mm != 0; mm &= mm - 1 {
				l := bits.TrailingZeros64(mm)
				p.data[l] = uint32(tmp[l])
			}
		}
	default: // swizzle
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			tmp[l] = uint64(data[l])
		}
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			var src int
			if off&0x8000 != 0 { // quad permute: 2 bits per lane of the quad
				src = l&^3 | int(off>>(2*uint(l&3))&3)
			} else { // bit masks within groups of 32 lanes
				and, or, xor := int(off&31), int(off>>5&31), int(off>>10&31)
				src = l&^31 | ((l&31)&and | or) ^ xor
			}
			p.data[l] = uint32(tmp[src])
		}
	}
	w.res.Mem = nil
	w.bound()
	return nil
}
