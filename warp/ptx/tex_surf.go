package ptx

import (
	"errors"
	"fmt"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Surface loads, stores and reductions (suld.b, sust.b, sust.p, sured),
// lane by lane. Per the PTX ISA: the .b forms address x in bytes, the .p
// forms in elements; an access outside the surface traps (.trap), goes to
// the nearest element (.clamp: x clamped to the last access-sized slot of
// the row, y, z and the layer to their last), or reads zeros and drops
// stores (.zero). An x that is not a multiple of the access size faults.
// sust.p converts each b32 value to the surface format: to f16 (nearest
// even) or f32 as it is for float channels; for integer channels of a
// surface whose sampler state says normalised (Sampler.ReadNormalized), f32
// to unorm or snorm (alu.F32ToUnorm, F32ToSnorm), else the integer
// truncated to the channel; values past the format's
// channels are dropped and missing channels stored as 0.

var errSurfRange = errors.New("surface access out of range (.trap)")

// surfTarget is where one lane's access goes: the byte offset in the
// resource, or drop (zero mode, out of range).
func surfTarget(r *Resource, geom traces.Geom, c [4]int64, xb bool, n int, mode traces.Mode) (off uint64, drop bool, err error) {
	k := 0
	layer := int64(0)
	if geom.Layered() {
		layer, k = c[0], 1
	}
	x := c[k]
	elem := int64(r.Format.Size())
	if !xb {
		x *= elem // x in elements: a formatted access of one element
		n = int(elem)
	}
	y, z := int64(0), int64(0)
	if geom.Dims() > 1 {
		y = c[k+1]
	}
	if geom.Dims() > 2 {
		z = c[k+2]
	}
	rowBytes := int64(r.Width) * elem
	layers := int64(max(r.Layers, 1))
	out := x < 0 || x+int64(n) > rowBytes || y < 0 || y >= int64(r.Height) || z < 0 || z >= int64(r.Depth) || layer < 0 || layer >= layers
	if out {
		switch mode {
		case traces.SurfTrap:
			return 0, false, errSurfRange
		case traces.SurfZero:
			return 0, true, nil
		}
		x = max(0, min(x, (rowBytes-int64(n))/int64(n)*int64(n)))
		y = max(0, min(y, int64(r.Height)-1))
		z = max(0, min(z, int64(r.Depth)-1))
		layer = max(0, min(layer, layers-1))
	}
	if x%int64(n) != 0 {
		return 0, false, fmt.Errorf("surface x coordinate %d is not a multiple of the %d-byte access", c[k], n)
	}
	return r.ByteOffset(0, uint32(layer), uint64(x), uint32(y), uint32(z)), false, nil
}

// surfLanes runs f for each lane in m with the surface and the access's
// address (ok false: dropped).
func (w *Warp) surfLanes(o *op, m uint64, n int, xb bool, f func(lane int, obj *TexObject, addr uint64, ok bool) error) error {
	x := o.tx
	s := w.texState()
	s.texels = s.texels[:0]
	var rows [4][]uint64
	for i := range x.coords {
		rows[i] = w.texRow(&x.coords[i])
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		lane := tz(mm)
		obj, err := w.object(&x.tex, lane, traces.OpaqueSurface)
		if err != nil {
			return warp.AtLane(lane, err)
		}
		if err := geomFits(x.geom, &obj.Res); err != nil {
			return warp.AtLane(lane, err)
		}
		var c [4]int64
		for i := range x.coords {
			c[i] = int64(int32(uint32(rows[i][lane])))
		}
		off, drop, err := surfTarget(&obj.Res, x.geom, c, xb, n, o.in.Mode)
		if err != nil {
			return warp.AtLane(lane, err)
		}
		addr := obj.Res.Addr + off
		if !drop {
			s.texels = append(s.texels, addr)
		}
		if err := f(lane, obj, addr, !drop); err != nil {
			return warp.AtLane(lane, err)
		}
	}
	return nil
}

func execSuld(w *Warp, o *op, m uint64) error {
	n, es := o.size*o.vec, o.size
	err := w.surfLanes(o, m, n, true, func(lane int, obj *TexObject, addr uint64, ok bool) error {
		var b []byte
		if ok {
			var err error
			if b, err = w.globalBytes(addr, n, false); err != nil {
				return err
			}
		}
		for e := 0; e < o.vec; e++ {
			d := &o.dst[e]
			if d.kind != dstReg {
				continue
			}
			v := uint64(0)
			if ok {
				v = warp.LoadN(b[e*es:], es)
			}
			w.regs[d.off+lane] = ext(v, d)
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.texAccess(warp.AccessLoad, m, n)
	return nil
}

func execSust(w *Warp, o *op, m uint64) error {
	x := o.tx
	var vals [4][]uint64
	for e := range x.vals {
		vals[e] = w.texRow(&x.vals[e])
	}
	formatted := o.in.Flags.Has(traces.FlagFormatted)
	n := o.size * o.vec
	size := n
	err := w.surfLanes(o, m, n, !formatted, func(lane int, obj *TexObject, addr uint64, ok bool) error {
		if !ok {
			return nil
		}
		if formatted {
			f := obj.Res.Format
			size = f.Size()
			b, err := w.globalBytes(addr, size, true)
			if err != nil {
				return err
			}
			cb := int(f.Bits) / 8
			for ch := 0; ch < int(f.Channels); ch++ {
				v := uint32(0)
				if ch < o.vec {
					v = uint32(vals[ch][lane])
				}
				warp.StoreN(b[ch*cb:], cb, uint64(formatValue(v, f, obj.Samp.ReadNormalized)))
			}
			return nil
		}
		b, err := w.globalBytes(addr, n, true)
		if err != nil {
			return err
		}
		for e := 0; e < o.vec; e++ {
			warp.StoreN(b[e*o.size:], o.size, vals[e][lane])
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.texAccess(warp.AccessStore, m, size)
	return nil
}

// formatValue converts a sust.p value to one channel of format f; norm
// says the surface's integer channels are normalised (unorm, snorm).
func formatValue(v uint32, f Format, norm bool) uint32 {
	switch {
	case f.Kind == ChanFloat && f.Bits == 16:
		return uint32(alu.F32ToF16(v, alu.CanonicalNaN))
	case f.Kind == ChanFloat:
		return v
	case norm && f.Bits < 32 && f.Kind == ChanUnsigned:
		return alu.F32ToUnorm(v, uint(f.Bits))
	case norm && f.Bits < 32:
		return alu.F32ToSnorm(v, uint(f.Bits))
	}
	return v & uint32(uint64(1)<<f.Bits-1)
}

func execSured(w *Warp, o *op, m uint64) error {
	vals := w.in(o, 1)
	formatted := o.in.Flags.Has(traces.FlagFormatted)
	n := o.size
	err := w.surfLanes(o, m, n, !formatted, func(lane int, obj *TexObject, addr uint64, ok bool) error {
		if !ok {
			return nil
		}
		f := o.f3
		if formatted {
			fm := obj.Res.Format
			if fm.Kind == ChanFloat || fm.Bits != 32 || fm.Channels != 1 {
				return fmt.Errorf("sured.p on a surface of format %s (32-bit integer elements only)", fm)
			}
			if fm.Kind == ChanSigned {
				f = o.f3s
			}
		}
		b, err := w.globalBytes(addr, n, true)
		if err != nil {
			return err
		}
		warp.StoreN(b, n, f(warp.LoadN(b, n), vals[lane], 0))
		return nil
	})
	if err != nil {
		return err
	}
	w.texAccess(warp.AccessAtomic, m, n)
	return nil
}
