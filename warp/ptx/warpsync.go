package ptx

import (
	"fmt"

	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Warp-synchronous instructions with a membermask: vote.sync, match.sync,
// redux.sync, elect.sync. Each executing lane takes part with the lanes of
// its own membermask (groups of a warp may use different masks, as tiled
// cooperative groups do). The PTX ISA makes the behaviour undefined when
// an executing thread is not in its membermask, and a thread named in the
// mask that has exited can never execute the instruction: both are faults
// here (as is a mask naming a lane that holds no thread, in a block whose
// size is not a multiple of 32). A lane of the mask that is alive but not
// executing the instruction (on another path of a divergent branch) would
// make the hardware wait for it; gpusim runs the paths of a warp one after
// the other, so the instruction completes over the lanes that execute it.

// checkMembers applies the membermask rules to every executing lane (the
// masks are source operand si) and returns the first violation.
func (w *Warp) checkMembers(o *op, si int, m uint64) error {
	masks := w.in(o, si)
	all := warp.LowMask(w.width)
	gone := (w.exited | ^w.lanes) & all
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		mk := masks[l] & all
		if mk>>uint(l)&1 == 0 {
			return warp.AtLane(l, fmt.Errorf("lane %d executes %s but is not in its membermask 0x%08x", l, warp.Mnemonic(o.in), mk))
		}
		if x := mk & gone; x != 0 {
			return warp.AtLane(l, fmt.Errorf("membermask 0x%08x names lanes 0x%08x that have exited or hold no thread: they can never execute %s", mk, x, warp.Mnemonic(o.in)))
		}
	}
	return nil
}

// match: match.any (Mode VoteAny) and match.all (VoteAll), .b32 or .b64.
func (c *compiler) match(in *traces.Inst, o *op) error {
	var err error
	if o.dst[0], err = c.dstReg(in, 0, traces.B32); err != nil {
		return err
	}
	if in.NDst > 1 {
		if o.dst[1], err = c.dstPredicate(in, 1); err != nil {
			return err
		}
	}
	if o.src[0], err = c.src(in, 0, in.Type); err != nil {
		return err
	}
	if o.src[1], err = c.src(in, 1, traces.B32); err != nil {
		return err
	}
	if in.Type != traces.B32 && in.Type != traces.B64 {
		return c.errf(in, "match takes .b32 or .b64")
	}
	o.aux = warp.LowMask(in.Type.Bits())
	o.exec = execMatch
	return nil
}

func execMatch(w *Warp, o *op, m uint64) error {
	if err := w.checkMembers(o, 1, m); err != nil {
		return err
	}
	a, masks := w.in(o, 0), w.in(o, 1)
	d := w.out(o, 0)
	do := &o.dst[0]
	t := w.rows.tmp
	var p uint64
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		part := masks[l] & m
		same := uint64(0)
		for pp := part; pp != 0; pp &= pp - 1 {
			j := tz(pp)
			if (a[j]^a[l])&o.aux == 0 {
				same |= 1 << uint(j)
			}
		}
		if o.mode == traces.VoteAny {
			t[l] = same
			continue
		}
		t[l] = 0
		if same == part {
			t[l] = masks[l] & warp.LowMask(32)
			p |= 1 << uint(l)
		}
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		d[l] = ext(t[l], do)
	}
	w.setPred(o, 1, m, p)
	return nil
}

// redux: redux.sync.op.type over the participating lanes.
func (c *compiler) redux(in *traces.Inst, o *op) error {
	if err := c.std(in, o, in.Type, in.Type, traces.B32); err != nil {
		return err
	}
	switch in.Atom {
	case traces.AtomAdd, traces.AtomMin, traces.AtomMax, traces.AtomAnd, traces.AtomOr, traces.AtomXor:
	default:
		return c.errf(in, "redux takes .add, .min, .max, .and, .or or .xor")
	}
	o.exec = execRedux
	return nil
}

func execRedux(w *Warp, o *op, m uint64) error {
	if err := w.checkMembers(o, 1, m); err != nil {
		return err
	}
	a, masks := w.in(o, 0), w.in(o, 1)
	d := w.out(o, 0)
	do := &o.dst[0]
	t := w.rows.tmp
	signed := o.t == traces.S32
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		part := masks[l] & m
		first := tz(part)
		r := uint32(a[first])
		for pp := part & (part - 1); pp != 0; pp &= pp - 1 {
			x := uint32(a[tz(pp)])
			switch o.atom {
			case traces.AtomAdd:
				r += x
			case traces.AtomAnd:
				r &= x
			case traces.AtomOr:
				r |= x
			case traces.AtomXor:
				r ^= x
			case traces.AtomMin:
				if signed && int32(x) < int32(r) || !signed && x < r {
					r = x
				}
			case traces.AtomMax:
				if signed && int32(x) > int32(r) || !signed && x > r {
					r = x
				}
			}
		}
		t[l] = uint64(r)
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		d[l] = ext(t[l], do)
	}
	return nil
}

// elect: elect.sync d|p, membermask: the lowest participating lane leads.
func (c *compiler) elect(in *traces.Inst, o *op) error {
	var err error
	if o.dst[0], err = c.dstReg(in, 0, traces.B32); err != nil {
		return err
	}
	if o.dst[1], err = c.dstPredicate(in, 1); err != nil {
		return err
	}
	if o.src[0], err = c.src(in, 0, traces.B32); err != nil {
		return err
	}
	o.exec = execElect
	return nil
}

func execElect(w *Warp, o *op, m uint64) error {
	if err := w.checkMembers(o, 0, m); err != nil {
		return err
	}
	masks := w.in(o, 0)
	t := w.rows.tmp
	var p uint64
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		leader := tz(masks[l] & m)
		t[l] = uint64(leader)
		if leader == l {
			p |= 1 << uint(l)
		}
	}
	d := w.out(o, 0)
	do := &o.dst[0]
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		d[l] = ext(t[l], do)
	}
	w.setPred(o, 1, m, p)
	return nil
}
