package ptx

import "github.com/gpusim/gpusim/traces"

// bmsk is the semantics of bmsk.mode.b32 d, a, b (PTX ISA 7.6, sm_70): d
// is a mask of b bits starting at bit a (the front end has required .clamp
// or .wrap).
func (c *compiler) bmsk(in *traces.Inst, o *op) error {
	if err := c.std(in, o, traces.B32, traces.B32, traces.B32); err != nil {
		return err
	}
	clamp := in.Flags.Has(traces.FlagShiftClamp)
	o.f2 = func(a, b uint64) uint64 { return uint64(bitMask(uint32(a), uint32(b), clamp)) }
	return nil
}

// bitMask is bmsk as the PTX ISA defines it ("bmsk", Semantics): the
// position and the width count modulo 32; a sum of 32 or more fills the
// mask to the top bit, a width of 0 gives 0. With .clamp a position of 32
// or more gives 0 and a width of 32 or more fills the mask to the top bit.
func bitMask(a, b uint32, clamp bool) uint32 {
	a1, b1 := a&31, b&31
	mask0 := ^uint32(0) << a1
	sum := a1 + b1
	var mask1 uint32
	over := sum >= 32
	if clamp {
		if a >= 32 {
			mask0 = 0
			over = true
		}
		if b >= 32 {
			over = true
		}
	}
	switch {
	case over:
		mask1 = 0
	case b1 == 0:
		mask1 = ^uint32(0)
	default:
		mask1 = ^uint32(0) << sum
	}
	return mask0 &^ mask1
}
