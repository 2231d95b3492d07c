package amd

import (
	"math/bits"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
)

// Operand access for waves. VALU sources come back as lane vectors of
// width 8-byte entries, materialised into a scratch row (only the lanes of
// the mask are meaningful); results are computed into a scratch row and
// moved into the registers for the lanes of the mask.

const mask32 = 0xffffffff

// sval reads a scalar source: SGPRs (one or two), a constant, SCC, VCCZ or
// EXECZ.
func (w *Wave) sval(s *wsrc) uint64 {
	switch s.kind {
	case wS:
		if s.n == 1 {
			return uint64(w.s[s.reg])
		}
		return uint64(w.s[s.reg]) | uint64(w.s[s.reg+1])<<32
	case wImm:
		return s.imm
	case wSCC:
		if w.scc {
			return 1
		}
		return 0
	case wVCCZ:
		if w.pair(traces.AMDRegVCCLo) == 0 {
			return 1
		}
		return 0
	case wEXECZ:
		if w.exec() == 0 {
			return 1
		}
		return 0
	case wV:
		// A VGPR read as a scalar (v_readfirstlane's source): lane 0.
		return uint64(w.v[s.reg])
	}
	return 0
}

// swrite writes a scalar destination (one or two registers).
func (w *Wave) swrite(d *wdst, x uint64) {
	if d.kind != wS || d.null {
		return
	}
	w.s[d.reg] = uint32(x)
	if d.n > 1 {
		w.s[d.reg+1] = uint32(x >> 32)
	}
}

// maskIn reads a lane-mask source (a wave32 mask is one register).
func (w *Wave) maskIn(s *wsrc) uint64 {
	return w.sval(s) & w.wmask
}

// maskOut writes a lane-mask destination.
func (w *Wave) maskOut(d *wdst, x uint64) {
	w.swrite(d, x&w.wmask)
}

// vin returns the lane values of VALU source i for the lanes of m, with
// the source's modifiers applied, widened into the source's scratch row
// (VGPRs hold 4 bytes a lane: wave.go). What the row's other lanes hold is
// not the register's.
func (w *Wave) vin(o *wop, i int, m uint64) []uint64 {
	s := &o.src[i]
	W := w.width
	d := w.rows.src[i]
	switch s.kind {
	case wV:
		lo := w.v[s.reg : s.reg+W]
		if s.n == 1 {
			if !s.abs && !s.neg {
				moveMasked(d, lo, m, w.wmask)
				return d
			}
			for mm := m; mm != 0; mm &= mm - 1 {
				l := bits.TrailingZeros64(mm)
				d[l] = modBits(uint64(lo[l]), s)
			}
			return d
		}
		hi := w.v[s.reg+W : s.reg+2*W]
		if !s.abs && !s.neg {
			if m == w.wmask {
				// Every lane: a straight loop without bounds checks.
				lo, hi = lo[:len(d)], hi[:len(d)]
				for l := range d {
					d[l] = uint64(lo[l]) | uint64(hi[l])<<32
				}
				return d
			}
			for mm := m; mm != 0; mm &= mm - 1 {
				l := bits.TrailingZeros64(mm)
				d[l] = uint64(lo[l]) | uint64(hi[l])<<32
			}
			return d
		}
		for mm := m; mm != 0; mm &= mm - 1 {
			l := bits.TrailingZeros64(mm)
			d[l] = modBits(uint64(lo[l])|uint64(hi[l])<<32, s)
		}
		return d
	case wImm:
		return s.splt
	}
	// A scalar in every lane of the row (a straight loop: cheaper than
	// walking the mask, and the other lanes are scratch).
	x := modBits(w.sval(s), s)
	for l := range d {
		d[l] = x
	}
	return d
}

// vout returns where a VALU result goes before vcommit moves it into the
// destination registers: a scratch row of 8-byte lanes.
func (w *Wave) vout(o *wop) []uint64 {
	if o.isY {
		return w.rows.dual
	}
	return w.rows.src[7]
}

// vcommit finishes a VALU result written to vout: the output modifier and
// clamp, then the move into the destination registers for the lanes of m.
func (w *Wave) vcommit(o *wop, d []uint64, m uint64) {
	if o.omod != 0 || o.clamp {
		w.outputMods(o, d, m)
	}
	if o.isY {
		return
	}
	dst := &o.dst[0]
	W := w.width
	lo := w.v[dst.reg : dst.reg+W]
	if dst.n == 1 {
		moveMasked(lo, d, m, w.wmask)
		return
	}
	hi := w.v[dst.reg+W : dst.reg+2*W]
	if m == w.wmask {
		d = d[:len(lo)]
		hi = hi[:len(lo)]
		for l := range lo {
			lo[l], hi[l] = uint32(d[l]), uint32(d[l]>>32)
		}
		return
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		lo[l], hi[l] = uint32(d[l]), uint32(d[l]>>32)
	}
}

// fpm is the float mode of an operation.
func (w *Wave) fpm(o *wop) alu.FPMode {
	if o.f64 {
		return w.fp64
	}
	return w.fp32
}

// outputMods applies VOP3 omod (x2, x4, /2) and clamp to [0, 1] to a float
// result, in that order (AMD ISA manuals, "Output modifiers"). Under
// MODE.DX10_CLAMP a NaN clamps to 0.
func (w *Wave) outputMods(o *wop, d []uint64, m uint64) {
	md := w.fpm(o)
	is64 := o.info.Type == traces.F64
	var k uint64
	switch o.omod {
	case 1:
		k = 0x40000000 // 2.0
	case 2:
		k = 0x40800000 // 4.0
	case 3:
		k = 0x3f000000 // 0.5
	}
	if is64 && k != 0 {
		k = alu.CvtF32ToF64(uint32(k), 0)
	}
	dx10 := w.mode&traces.AMDModeDX10Clamp != 0
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		x := d[l]
		if is64 {
			if k != 0 {
				x = alu.MulF64(x, k, md)
			}
			if o.clamp {
				x = clampF64(x, dx10)
			}
		} else {
			if k != 0 {
				x = uint64(alu.MulF32(uint32(x), uint32(k), md))
			}
			if o.clamp {
				x = uint64(clampF32(uint32(x), dx10))
			}
		}
		d[l] = x
	}
}

// clampF32 clamps an f32 to [0, 1]; a NaN becomes 0 under DX10 clamp.
func clampF32(x uint32, dx10 bool) uint32 {
	switch {
	case x&0x7fffffff > 0x7f800000:
		if dx10 {
			return 0
		}
		return x | 0x400000
	case x&0x80000000 != 0:
		return 0
	case x > 0x3f800000:
		return 0x3f800000
	}
	return x
}

// clampF64 clamps an f64 to [0, 1]; a NaN becomes 0 under DX10 clamp.
func clampF64(x uint64, dx10 bool) uint64 {
	switch {
	case x&(1<<63-1) > 0x7ff0000000000000:
		if dx10 {
			return 0
		}
		return x | 1<<51
	case x&(1<<63) != 0:
		return 0
	case x > 0x3ff0000000000000:
		return 0x3ff0000000000000
	}
	return x
}

// writeV writes a value into VGPR destination d for lane l (one or two
// registers).
func (w *Wave) writeV(d *wdst, l int, x uint64) {
	w.v[d.reg+l] = uint32(x)
	if d.n > 1 {
		w.v[d.reg+w.width+l] = uint32(x >> 32)
	}
}

// moveMasked copies the lanes of m of row s into row d, widening or
// narrowing to d's lane size; all is the wave's every lane, when the copy
// is a straight one (moveLanes).
func moveMasked[D, S uint32 | uint64](d []D, s []S, m, all uint64) {
	if m == all {
		moveLanes(d, s)
		return
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		d[l] = D(s[l])
	}
}

// moveLanes copies every lane of d from s (at least as long), widening
// or narrowing to d's lane size, 32 lanes at a time in straight-line code:
// a loop's own instructions would cost as much as the copy.
func moveLanes[D, S uint32 | uint64](d []D, s []S) {
	s = s[:len(d)]
	for len(d) >= 32 {
		dd, ss := (*[32]D)(d), (*[32]S)(s)
		for i := 0; i <= 24; i += 8 {
			dd[i], dd[i+1], dd[i+2], dd[i+3] = D(ss[i]), D(ss[i+1]), D(ss[i+2]), D(ss[i+3])
			dd[i+4], dd[i+5], dd[i+6], dd[i+7] = D(ss[i+4]), D(ss[i+5]), D(ss[i+6]), D(ss[i+7])
		}
		d, s = d[32:], s[32:]
	}
	for l := range d {
		d[l] = D(s[l])
	}
}
