package amd

import (
	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
)

// Direct forms of the commonest 32-bit VALU operations. VGPRs hold 4 bytes
// a lane (wave.go) while the general path materialises every source into
// a row of 8-byte lanes and moves the result back (operand.go): for an
// operation whose sources are plain VGPRs, SGPRs and constants and whose
// result is one VGPR without output modifiers, the direct form reads the
// source rows where they are and writes the destination row itself, with
// every lane of the wave active; a partial EXEC mask takes the general
// path (wop.wide), which the VOPD Y half always takes (dualY). An integer
// comparison, which writes no row, reads its sources directly under any
// mask (execXCmpInt).

// directSrcs is the most row sources of a direct form.
const directSrcs = 3

// direct reports whether o's operands allow a direct form with n row
// sources (the first n), and splats its constants into 4-byte lanes.
func (c *compiler) direct(o *wop, n int) bool {
	d := &o.dst[0]
	if d.kind != wV || d.n != 1 || o.omod != 0 || o.clamp || o.dmask != mask32 || dualY(o) {
		return false
	}
	return c.directSources(o, n)
}

// dualY reports the Y half of a VOPD pair: its result waits in the lane
// rows' dual until the X half has read its sources, so it has no direct
// form.
func dualY(o *wop) bool { return o.in.Flags&traces.FlagAMDDualY != 0 }

// directPairs reports whether o, a 64-bit result of a 32-bit and a 64-bit
// source, can run on the VGPR rows (execXPairs): the result and the
// second source VGPR pairs, the first source as for direct.
func (c *compiler) directPairs(o *wop) bool {
	d, b := &o.dst[0], &o.src[1]
	if d.kind != wV || d.n != 2 || o.omod != 0 || o.clamp || dualY(o) || o.ns != 2 || b.kind != wV || b.n != 2 || b.abs || b.neg {
		return false
	}
	return c.directSources(o, 1)
}

// directSources reports whether o's first n sources can be read as rows of
// 4-byte lanes (vin32), and splats its constants into them.
func (c *compiler) directSources(o *wop, n int) bool {
	if o.ns < n || n > directSrcs {
		return false
	}
	for i := 0; i < n; i++ {
		s := &o.src[i]
		if s.abs || s.neg || s.n > 1 {
			return false
		}
		switch s.kind {
		case wV, wS:
		case wImm:
			s.splt32 = make([]uint32, c.width)
			for l := range s.splt32 {
				s.splt32[l] = uint32(s.splt[l])
			}
		default:
			return false
		}
	}
	return true
}

// vin32 is source i's row of 4-byte lanes: the VGPR row itself, the
// constant's splat, or an SGPR's value spread over a scratch row.
func (w *Wave) vin32(o *wop, i int) []uint32 {
	s := &o.src[i]
	switch s.kind {
	case wV:
		return w.v[s.reg : s.reg+w.width]
	case wImm:
		return s.splt32
	}
	d, x := w.rows.src32[i], w.s[s.reg]
	for l := range d {
		d[l] = x
	}
	return d
}

// vdst32 is the destination VGPR's row.
func (w *Wave) vdst32(o *wop) []uint32 {
	return w.v[o.dst[0].reg : o.dst[0].reg+w.width]
}

// execX1 and execX2 are execVI1 and execVI2 on the VGPR rows.
func execX1(w *Wave, o *wop, m uint64) error {
	if m != w.wmask {
		return o.wide(w, o, m)
	}
	o.x1(w.vdst32(o), w.vin32(o, 0))
	return nil
}

func execX2(w *Wave, o *wop, m uint64) error {
	if m != w.wmask {
		return o.wide(w, o, m)
	}
	o.x2(w.vdst32(o), w.vin32(o, 0), w.vin32(o, 1))
	return nil
}

// execXPairs is execVI2 of a 64-bit result on the VGPR rows (directPairs).
// Each lane reads all of its operands before it writes: the result may
// overlap a source in any way.
func execXPairs(w *Wave, o *wop, m uint64) error {
	if m != w.wmask {
		return o.wide(w, o, m)
	}
	W := w.width
	d, b := o.dst[0].reg, o.src[1].reg
	o.xp(w.v[d:d+W], w.v[d+W:d+2*W], w.vin32(o, 0), w.v[b:b+W], w.v[b+W:b+2*W])
	return nil
}

// directF2 and directF3 give o, an f32 operation through alu's lane forms
// (execVL2, or execVL2rev when rev; execVL3, or execVLmac when mac), the
// direct form of f on the VGPR rows when its operands allow one.
func (c *compiler) directF2(o *wop, f func(dst, a, b []uint32, mask uint64, m alu.FPMode), rev bool) {
	if c.direct(o, 2) {
		o.xf2, o.wide, o.exec = f, o.exec, execXF2
		if rev {
			o.exec = execXF2rev
		}
	}
}

func (c *compiler) directF3(o *wop, f func(dst, a, b, cc []uint32, mask uint64, m alu.FPMode), mac bool) {
	n, x := 3, execXF3
	if mac {
		n, x = 2, execXFmac // the addend is the destination
	}
	if c.direct(o, n) {
		o.xf3, o.wide, o.exec = f, o.exec, x
	}
}

// execXF2, execXF2rev, execXF3 and execXFmac are execVL2, execVL2rev,
// execVL3 and execVLmac on the VGPR rows.
func execXF2(w *Wave, o *wop, m uint64) error {
	if m != w.wmask {
		return o.wide(w, o, m)
	}
	o.xf2(w.vdst32(o), w.vin32(o, 0), w.vin32(o, 1), m, w.fpm(o))
	return nil
}

func execXF2rev(w *Wave, o *wop, m uint64) error {
	if m != w.wmask {
		return o.wide(w, o, m)
	}
	o.xf2(w.vdst32(o), w.vin32(o, 1), w.vin32(o, 0), m, w.fpm(o))
	return nil
}

func execXF3(w *Wave, o *wop, m uint64) error {
	if m != w.wmask {
		return o.wide(w, o, m)
	}
	o.xf3(w.vdst32(o), w.vin32(o, 0), w.vin32(o, 1), w.vin32(o, 2), m, w.fpm(o))
	return nil
}

func execXFmac(w *Wave, o *wop, m uint64) error {
	if m != w.wmask {
		return o.wide(w, o, m)
	}
	d := w.vdst32(o)
	o.xf3(d, w.vin32(o, 0), w.vin32(o, 1), d, m, w.fpm(o))
	return nil
}

// execXAddCarry is execVCarry's v_add_co_u32 and v_addc_co_u32 on the
// VGPR rows: the carry in (addc) is read before the carry out is written,
// which may be the same mask.
func execXAddCarry(w *Wave, o *wop, m uint64) error {
	if m != w.wmask {
		return o.wide(w, o, m)
	}
	a, b := w.vin32(o, 0), w.vin32(o, 1)
	d := w.vdst32(o)
	a, b = a[:len(d)], b[:len(d)]
	var cout uint64
	if o.in.Op == traces.OpVAddcCoU32 {
		cin := w.maskIn(&o.src[2])
		for l := range d {
			r := uint64(a[l]) + uint64(b[l]) + cin>>(uint(l)&63)&1
			d[l] = uint32(r)
			cout |= r >> 32 << (uint(l) & 63)
		}
	} else {
		for l := range d {
			r := uint64(a[l]) + uint64(b[l])
			d[l] = uint32(r)
			cout |= r >> 32 << (uint(l) & 63)
		}
	}
	w.maskOut(&o.dst[1], cout)
	return nil
}
