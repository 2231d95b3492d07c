package ptx

import (
	"fmt"

	"github.com/gpusim/gpusim/traces"
)

// Warp-wide communication: shfl, vote, activemask, and CTA barriers.

// execShfl implements shfl{.sync}.mode.b32 d[|p], a, b, c{, membermask}
// exactly as the PTX ISA's pseudo-code: per lane, a source lane j from b and
// the clamp/segment value c; out-of-range lanes read their own a. Values
// are staged first so that d may alias a. Reading a lane that is inactive
// gives that lane's register as it stands (PTX: undefined).
func execShfl(w *Warp, o *op, m uint64) error {
	a, b, c := w.in(o, 0), w.in(o, 1), w.in(o, 2)
	lmask := uint64(w.width - 1) // lane index bits (31 for warps of 32)
	var p uint64
	t := w.rows.tmp
	for mm := m; mm != 0; mm &= mm - 1 {
		lane := tz(mm)
		bval := b[lane] & lmask
		cval := c[lane] & lmask
		seg := c[lane] >> 8 & lmask
		maxLane := int64(uint64(lane)&seg | cval&^seg)
		minLane := int64(uint64(lane) & seg)
		var j int64
		var ok bool
		switch o.mode {
		case traces.ShflUp:
			j = int64(lane) - int64(bval)
			ok = j >= maxLane
		case traces.ShflDown:
			j = int64(lane) + int64(bval)
			ok = j <= maxLane
		case traces.ShflBfly:
			j = int64(uint64(lane) ^ bval)
			ok = j <= maxLane
		default: // idx
			j = minLane | int64(bval&^seg)
			ok = j <= maxLane
		}
		if !ok || j < 0 || j >= int64(w.width) {
			j, ok = int64(lane), false
		}
		t[lane] = a[j]
		if ok {
			p |= 1 << uint(lane)
		}
	}
	d := w.out(o, 0)
	do := &o.dst[0]
	for mm := m; mm != 0; mm &= mm - 1 {
		lane := tz(mm)
		d[lane] = ext(t[lane], do)
	}
	w.setPred(o, 1, m, p)
	return nil
}

// execVote implements vote{.sync}.{all,any,uni}.pred and .ballot.b32 over
// the executing lanes (for .sync, those of each lane's membermask, with
// the membermask rules of warpsync.go).
func execVote(w *Warp, o *op, m uint64) error {
	src := w.pred(o, 0)
	sync := o.in.Flags.Has(traces.FlagSync)
	var masks []uint64
	if sync {
		if err := w.checkMembers(o, 1, m); err != nil {
			return err
		}
		masks = w.in(o, 1)
	}
	if o.mode == traces.VoteBallot {
		t := w.rows.tmp
		for mm := m; mm != 0; mm &= mm - 1 {
			lane := tz(mm)
			part := m
			if sync {
				part &= masks[lane]
			}
			t[lane] = src & part
		}
		d := w.out(o, 0)
		do := &o.dst[0]
		for mm := m; mm != 0; mm &= mm - 1 {
			lane := tz(mm)
			d[lane] = ext(t[lane], do)
		}
		return nil
	}
	var res uint64
	for mm := m; mm != 0; mm &= mm - 1 {
		lane := tz(mm)
		part := m
		if sync {
			part &= masks[lane]
		}
		t := src & part
		var r bool
		switch o.mode {
		case traces.VoteAll:
			r = t == part
		case traces.VoteAny:
			r = t != 0
		default: // uni: all participating lanes agree
			r = t == 0 || t == part
		}
		if r {
			res |= 1 << uint(lane)
		}
	}
	w.setPred(o, 0, m, res)
	return nil
}

// execActivemask writes the mask of the lanes executing the instruction.
func execActivemask(w *Warp, o *op, m uint64) error {
	d := w.out(o, 0)
	do := &o.dst[0]
	act := w.res.Active
	for mm := m; mm != 0; mm &= mm - 1 {
		lane := tz(mm)
		d[lane] = ext(act, do)
	}
	return nil
}

// execBar: bar.sync/barrier.sync, bar.arrive, bar.red. Source 0 is the
// barrier number, source 1 (when present) the thread count, and for bar.red
// the last source the predicate. Operands are read from the first executing
// lane (PTX requires them to be warp-uniform).
func execBar(w *Warp, o *op, m uint64) error {
	lane := tz(m)
	id := w.in(o, 0)[lane]
	if id >= numBarriers {
		return fmt.Errorf("barrier %d out of range 0..%d", id, numBarriers-1)
	}
	count := 0
	if o.aux != 0 {
		v := w.in(o, 1)[lane]
		if v == 0 || v%uint64(w.width) != 0 || v > uint64(w.b.l.threads+w.width-1)/uint64(w.width)*uint64(w.width) {
			return fmt.Errorf("barrier thread count %d: must be a nonzero multiple of the warp size, at most the block size", v)
		}
		count = int(v)
	}
	var truth uint64
	if o.red != redNone {
		truth = w.pred(o, int(o.in.NSrc)-1)
		w.redOp, w.redMask = o, m
	}
	w.barAt, w.barExec = o.pc, m
	w.b.arrive(w, int(id), count, o.mode != traces.BarArrive, m, truth)
	return nil
}

// writeRed writes the result of a completed bar.red to the lanes that
// executed it.
func (w *Warp) writeRed(o *op, m uint64, br *barrier) {
	switch o.red {
	case redPopc:
		d := w.out(o, 0)
		do := &o.dst[0]
		for mm := m; mm != 0; mm &= mm - 1 {
			d[tz(mm)] = ext(br.popc, do)
		}
	case redAnd:
		v := uint64(0)
		if !br.anyFals {
			v = ^uint64(0)
		}
		w.setPred(o, 0, m, v)
	case redOr:
		v := uint64(0)
		if br.anyTrue {
			v = ^uint64(0)
		}
		w.setPred(o, 0, m, v)
	}
}
