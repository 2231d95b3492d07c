package amd

import (
	"math/bits"

	"github.com/gpusim/gpusim/alu"
)

// The f32 division macro (v_div_scale_f32, v_div_fmas_f32,
// v_div_fixup_f32), through alu's models with the wave's MODE.

// execDivScale is v_div_scale_f32 D, VCC, S0, S1, S2: D and the lane-mask
// destination (VCC, an SGPR or null) from alu.DivScaleF32.
func execDivScale(w *Wave, o *wop, m uint64) error {
	a, b, c := w.vin(o, 0, m), w.vin(o, 1, m), w.vin(o, 2, m)
	d := w.vout(o)
	vcc := alu.DivScaleF32Lanes(d, a, b, c, m, w.fp32)
	w.vcommit(o, d, m)
	w.maskOut(&o.dst[1], vcc)
	return nil
}

// execDivFmas is v_div_fmas_f32: the fused multiply-add scaled by VCC's
// lane bit (alu.DivFmasF32).
func execDivFmas(w *Wave, o *wop, m uint64) error {
	a, b, c := w.vin(o, 0, m), w.vin(o, 1, m), w.vin(o, 2, m)
	d := w.vout(o)
	alu.DivFmasF32Lanes(d, a, b, c, w.VCC(), m, w.fp32)
	w.vcommit(o, d, m)
	return nil
}

// execDivFixup is v_div_fixup_f32 through the launch's numerics model
// (silicon or ISA text, config [numerics] div_fixup).
func execDivFixup(w *Wave, o *wop, m uint64) error {
	a, b, c := w.vin(o, 0, m), w.vin(o, 1, m), w.vin(o, 2, m)
	d := w.vout(o)
	f, md := w.b.l.cfg.Model.DivFixupF32, w.fp32
	for mm := m; mm != 0; mm &= mm - 1 {
		l := bits.TrailingZeros64(mm)
		d[l] = uint64(f(uint32(a[l]), uint32(b[l]), uint32(c[l]), md))
	}
	w.vcommit(o, d, m)
	return nil
}
