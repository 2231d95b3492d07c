package ptx

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Asynchronous copies and mbarrier objects. Values never depend on time
// (DESIGN.md): an asynchronous copy moves its bytes when it issues, which
// is one of the orders the PTX memory model allows (the destination is
// undefined until the copy's completion is observed, by cp.async.wait_group
// or an mbarrier phase); the timing model (package core) holds the warps
// that wait for the copies' completion until their memory accesses have
// completed (TimingAsync, TimingWaitGroup, TimingMbarSignal,
// TimingMbarWait).
//
// An mbarrier is an 8-byte object in shared memory; its contents are
// opaque in PTX. gpusim keeps: bits 0-19 the pending arrival count, 20-39
// the expected arrival count, 40-60 the transaction count (21-bit two's
// complement, PTX's range -(2^20-1)..2^20-1), bit 63 the current phase's
// parity. The state an arrive returns is the parity of the phase it
// arrived on (bit 63) and the pending count after it (bits 0-19), which
// test_wait and pending_count read. A phase completes when its pending
// count and transaction count are both zero; the barrier then flips its
// parity, and the pending count starts again from the expected count
// (PTX ISA, "mbarrier": phase completion).

const (
	mbarCountMask = 1<<20 - 1
	mbarTxShift   = 40
	mbarTxBits    = 21
	mbarPhaseBit  = 1 << 63
)

// mbarrier fields.
type mbarObj struct {
	pending, expected uint64
	tx                int64
	phase             uint64 // 0 or 1
}

func unpackMbar(v uint64) mbarObj {
	tx := int64(v>>mbarTxShift&(1<<mbarTxBits-1)) << (64 - mbarTxBits) >> (64 - mbarTxBits)
	return mbarObj{pending: v & mbarCountMask, expected: v >> 20 & mbarCountMask, tx: tx, phase: v >> 63}
}

func (b mbarObj) pack() uint64 {
	return b.pending | b.expected<<20 | uint64(b.tx)&(1<<mbarTxBits-1)<<mbarTxShift | b.phase<<63
}

var (
	errMbarCount    = errors.New("mbarrier count out of range (1 to 2^20-1)")
	errMbarOverflow = errors.New("more arrivals than the mbarrier phase's pending count")
	errMbarTx       = errors.New("mbarrier transaction count out of range (-(2^20-1) to 2^20-1)")
	errMbarNoComp   = errors.New("arrive.noComplete would complete the mbarrier phase (undefined)")
	errMbarInvalid  = errors.New("mbarrier object is not initialised (mbarrier.init)")
)

// complete finishes the phase when nothing is pending.
func (b *mbarObj) complete() {
	if b.pending == 0 && b.tx == 0 {
		b.phase ^= 1
		b.pending = b.expected
	}
}

// addTx adds n to the transaction count.
func (b *mbarObj) addTx(n int64) error {
	b.tx += n
	if b.tx >= 1<<20 || b.tx <= -(1<<20) {
		return errMbarTx
	}
	return nil
}

// mbarrier is the semantics of the mbarrier instructions and
// cp.async.mbarrier.arrive.
func (c *compiler) mbarrier(in *traces.Inst, o *op) error {
	var err error
	if in.Op == traces.OpMbarrierPendingCount {
		if o.dst[0], err = c.dstReg(in, 0, traces.U32); err != nil {
			return err
		}
		if o.src[0], err = c.src(in, 0, traces.B64); err != nil {
			return err
		}
		o.exec = execMbarPendingCount
		return nil
	}
	if o.src[0], err = c.memSrc(in, 0, o.space); err != nil {
		return err
	}
	for i := 1; i < int(in.NSrc); i++ {
		if in.Src[i].Kind == traces.OpdNone {
			continue
		}
		t := traces.U32
		if (in.Op == traces.OpMbarrierTestWait || in.Op == traces.OpMbarrierTryWait) && i == 1 && in.Mode&traces.MbarParity == 0 {
			t = traces.B64
		}
		if o.src[i], err = c.src(in, i, t); err != nil {
			return err
		}
	}
	if in.NDst > 0 {
		switch in.Op {
		case traces.OpMbarrierTestWait, traces.OpMbarrierTryWait:
			o.dst[0], err = c.dstPredicate(in, 0)
		default:
			o.dst[0], err = c.dstReg(in, 0, traces.B64)
		}
		if err != nil {
			return err
		}
	}
	o.size, o.vec, o.exec = 8, 1, execMbarrier
	return nil
}

// execMbarrier applies one mbarrier operation per active lane, in lane
// order.
func execMbarrier(w *Warp, o *op, m uint64) error {
	a := w.addrs(o, 0, m, warp.AccessAtomic)
	in := o.in
	var arg []uint64
	if in.NSrc > 1 && o.src[1].kind != srcNone {
		arg = w.in(o, 1)
	}
	d := w.out(o, 0)
	var pred uint64
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		buf, err := w.bytes(o.space, l, 8, in.Op != traces.OpMbarrierTestWait && in.Op != traces.OpMbarrierTryWait)
		if err != nil {
			return warp.AtLane(l, err)
		}
		if a.Spaces[l] != traces.SpaceShared {
			return warp.AtLane(l, fmt.Errorf("mbarrier object in %s memory (it must be shared)", a.Spaces[l]))
		}
		v := warp.LoadN(buf, 8)
		b := unpackMbar(v)
		count := uint64(1)
		if arg != nil {
			count = arg[l] & 0xffffffff
		}
		if in.Op != traces.OpMbarrierInit && in.Op != traces.OpMbarrierInval && b.expected == 0 {
			return warp.AtLane(l, errMbarInvalid)
		}
		switch in.Op {
		case traces.OpMbarrierInit:
			if count == 0 || count > mbarCountMask {
				return warp.AtLane(l, errMbarCount)
			}
			b = mbarObj{pending: count, expected: count}
		case traces.OpMbarrierInval:
			b = mbarObj{}
		case traces.OpMbarrierExpectTx, traces.OpMbarrierCompleteTx:
			n := int64(count)
			if in.Op == traces.OpMbarrierCompleteTx {
				n = -n
			}
			if err := b.addTx(n); err != nil {
				return warp.AtLane(l, err)
			}
			b.complete()
		case traces.OpMbarrierArrive, traces.OpMbarrierArriveDrop, traces.OpCpAsyncMbarrierArrive:
			if in.Op == traces.OpCpAsyncMbarrierArrive {
				// The copies are complete when they issue: without .noinc
				// the pending count goes up by one and the arrive takes it
				// down again; with .noinc the arrive is one of the phase's.
				if in.Mode&traces.MbarNoInc == 0 {
					break
				}
				count = 1
			}
			if in.Mode&traces.MbarExpectTx != 0 {
				if err := b.addTx(int64(count)); err != nil {
					return warp.AtLane(l, err)
				}
				count = 1
			}
			if count == 0 || count > b.pending {
				return warp.AtLane(l, errMbarOverflow)
			}
			parity := b.phase
			b.pending -= count
			if in.Op == traces.OpMbarrierArriveDrop {
				b.expected -= count
			}
			if in.Mode&traces.MbarNoComplete != 0 {
				if b.pending == 0 && b.tx == 0 {
					return warp.AtLane(l, errMbarNoComp)
				}
			} else {
				b.complete()
			}
			d[l] = parity<<63 | b.pendingAfter(parity)
		case traces.OpMbarrierTestWait, traces.OpMbarrierTryWait:
			want := arg[l] >> 63 // the state's phase parity
			if in.Mode&traces.MbarParity != 0 {
				want = arg[l] & 1
			}
			if b.phase != want {
				pred |= 1 << uint(l)
			}
			continue
		}
		warp.StoreN(buf, 8, b.pack())
	}
	if in.Op == traces.OpMbarrierTestWait || in.Op == traces.OpMbarrierTryWait {
		w.setPred(o, 0, m, pred)
	}
	return nil
}

// pendingAfter is the pending count of the phase of parity p after an
// arrive (0 when the arrive completed it).
func (b mbarObj) pendingAfter(p uint64) uint64 {
	if b.phase != p {
		return 0
	}
	return b.pending
}

// execMbarPendingCount reads the pending count out of an arrive's state.
func execMbarPendingCount(w *Warp, o *op, m uint64) error {
	a := w.in(o, 0)
	d := w.out(o, 0)
	do := &o.dst[0]
	for ; m != 0; m &= m - 1 {
		l := bits.TrailingZeros64(m)
		d[l] = ext(a[l]&mbarCountMask, do)
	}
	return nil
}

// cpAsync is the semantics of cp.async: [dst] (shared), [src] (global),
// cp-size, optional src-size or ignore-src, optional cache policy.
func (c *compiler) cpAsync(in *traces.Inst, o *op) error {
	var err error
	if o.src[0], err = c.memSrc(in, 0, traces.SpaceShared); err != nil {
		return err
	}
	if o.src[1], err = c.memSrc(in, 1, traces.SpaceGlobal); err != nil {
		return err
	}
	o.size = int(in.Src[2].Imm)
	switch in.Src[3].Kind {
	case traces.OpdPred:
		o.src[3], err = c.predSrc(in, 3)
		o.aux = 2
	case traces.OpdNone:
	default:
		o.src[3], err = c.src(in, 3, traces.U32)
		o.aux = 1
	}
	if err != nil {
		return err
	}
	c.code.needScratch(1)
	o.space, o.vec, o.exec = traces.SpaceShared, 1, execCpAsync
	return nil
}

// execCpAsync copies cp-size bytes per lane, src-size of them from global
// memory and the rest zeros (all zeros with a true ignore-src). Its access
// has two parts: the global read and the shared write.
func execCpAsync(w *Warp, o *op, m uint64) error {
	n := o.size
	var srcSize []uint64
	var ignore uint64
	switch o.aux {
	case 1:
		srcSize = w.in(o, 3)
	case 2:
		ignore = w.pred(o, 3)
	}
	rd, wr := &w.parts[0], &w.parts[1]
	rd.Kind, rd.Space, rd.Size, rd.Mask, rd.Next = warp.AccessLoad, traces.SpaceGlobal, n, m, wr
	wr.Kind, wr.Space, wr.Size, wr.Mask, wr.Next = warp.AccessStore, traces.SpaceShared, n, m, nil
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		from := n
		if srcSize != nil {
			from = int(min(srcSize[l]&0xffffffff, uint64(n)))
		}
		if ignore>>uint(l)&1 != 0 {
			from = 0
		}
		dst, sp, daddr, err := w.bytesAt(traces.SpaceShared, l, w.srcAddr(o, 0, l), n, true)
		if err != nil {
			return warp.AtLane(l, err)
		}
		wr.Spaces[l], wr.Addr[l] = sp, daddr
		rd.Spaces[l], rd.Addr[l] = traces.SpaceGlobal, w.srcAddr(o, 1, l)
		if from > 0 {
			src, _, _, err := w.bytesAt(traces.SpaceGlobal, l, rd.Addr[l], from, false)
			if err != nil {
				return warp.AtLane(l, err)
			}
			copy(dst, src)
		}
		clear(dst[from:])
	}
	w.res.Mem = rd
	return nil
}

// srcAddr is address operand i of lane l.
func (w *Warp) srcAddr(o *op, i, l int) uint64 {
	s := &o.src[i]
	a := w.b.l.bases[s.base] + s.disp
	if s.off >= 0 {
		a += w.regs[s.off+l]
	}
	return a
}

// cpAsyncBulk is the semantics of cp.async.bulk: [dst], [src], size, and
// for the mbarrier forms [mbar].
func (c *compiler) cpAsyncBulk(in *traces.Inst, o *op) error {
	var err error
	dst, src := traces.SpaceShared, traces.SpaceGlobal
	if in.Mode == traces.BulkS2G {
		dst, src = traces.SpaceGlobal, traces.SpaceShared
	} else if in.Mode == traces.BulkS2SMbar {
		src = traces.SpaceShared
	}
	if o.src[0], err = c.memSrc(in, 0, dst); err != nil {
		return err
	}
	if o.src[1], err = c.memSrc(in, 1, src); err != nil {
		return err
	}
	if o.src[2], err = c.src(in, 2, traces.U32); err != nil {
		return err
	}
	if in.Mode != traces.BulkS2G {
		if o.src[3], err = c.memSrc(in, 3, traces.SpaceShared); err != nil {
			return err
		}
	}
	c.code.needScratch(1)
	// The copy has two spaces: the destination's in o.space, the
	// source's in o.aux.
	o.space, o.aux, o.vec, o.exec = dst, uint64(src), 1, execCpAsyncBulk
	return nil
}

// execCpAsyncBulk copies size bytes for each active lane (usually one:
// the copy is issued by a single thread) and, for the mbarrier forms,
// completes size bytes of transactions on the mbarrier.
func execCpAsyncBulk(w *Warp, o *op, m uint64) error {
	dstSp, srcSp := o.space, traces.Space(o.aux)
	size := w.in(o, 2)
	rd, wr := &w.parts[0], &w.parts[1]
	rd.Kind, rd.Space, rd.Mask, rd.Next, rd.Size = warp.AccessLoad, srcSp, m, wr, 0
	wr.Kind, wr.Space, wr.Mask, wr.Next, wr.Size = warp.AccessStore, dstSp, m, nil, 0
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		n := int(size[l] & 0xffffffff)
		if n%16 != 0 {
			return warp.AtLane(l, fmt.Errorf("cp.async.bulk size %d is not a multiple of 16", n))
		}
		rd.Size, wr.Size = max(rd.Size, n), max(wr.Size, n)
		// 16 bytes at a time: the addresses are 16-byte aligned.
		sa, da := w.srcAddr(o, 1, l), w.srcAddr(o, 0, l)
		for off := 0; off < n; off += 16 {
			src, ssp, saddr, err := w.bytesAt(srcSp, l, sa+uint64(off), 16, false)
			if err != nil {
				return warp.AtLane(l, err)
			}
			dst, dsp, daddr, err := w.bytesAt(dstSp, l, da+uint64(off), 16, true)
			if err != nil {
				return warp.AtLane(l, err)
			}
			copy(dst, src)
			if off == 0 {
				rd.Spaces[l], rd.Addr[l], wr.Spaces[l], wr.Addr[l] = ssp, saddr, dsp, daddr
			}
		}
		if o.in.Mode == traces.BulkS2G {
			continue
		}
		buf, bsp, _, err := w.bytesAt(traces.SpaceShared, l, w.srcAddr(o, 3, l), 8, true)
		if err != nil {
			return warp.AtLane(l, err)
		}
		if bsp != traces.SpaceShared {
			return warp.AtLane(l, errors.New("the mbarrier of cp.async.bulk must be in shared memory"))
		}
		b := unpackMbar(warp.LoadN(buf, 8))
		if b.expected == 0 {
			return warp.AtLane(l, errMbarInvalid)
		}
		if err := b.addTx(-int64(n)); err != nil {
			return warp.AtLane(l, err)
		}
		b.complete()
		warp.StoreN(buf, 8, b.pack())
	}
	w.res.Mem = rd
	return nil
}

// createpolicy writes an opaque 64-bit cache policy. No gpusim instruction
// reads one (the hints have no effect on values), so the encoding is
// gpusim's own: the kind in bits 62-63 and, for a fraction, its f32 bits;
// for a range the total size; createpolicy.cvt passes its operand on.
func (c *compiler) createpolicy(in *traces.Inst, o *op) error {
	var err error
	if o.dst[0], err = c.dstReg(in, 0, traces.B64); err != nil {
		return err
	}
	switch in.Mode {
	case traces.PolicyFractional:
		if in.NSrc == 0 {
			o.src[0] = c.immOpd(0x3f800000) // fraction 1.0
		} else if o.src[0], err = c.src(in, 0, traces.F32); err != nil {
			return err
		}
	case traces.PolicyRange:
		if o.src[0], err = c.src(in, 2, traces.U32); err != nil {
			return err
		}
	case traces.PolicyCvt:
		if o.src[0], err = c.src(in, 0, traces.B64); err != nil {
			return err
		}
	}
	kind := uint64(in.Mode)
	o.f1 = func(a uint64) uint64 {
		if kind == uint64(traces.PolicyCvt) {
			return a
		}
		return kind<<62 | a&0xffffffff
	}
	o.exec = execF1
	return nil
}
