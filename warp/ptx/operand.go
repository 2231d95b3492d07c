package ptx

import (
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// in returns the lane values of source i (length width). Registers and
// immediates cost nothing; other kinds are materialised into a scratch row.
func (w *Warp) in(o *op, i int) []uint64 {
	s := &o.src[i]
	switch s.kind {
	case srcReg:
		return w.regs[s.off : s.off+w.width : s.off+w.width]
	case srcImm:
		return s.imm
	}
	return w.inSlow(s, i)
}

func (w *Warp) inSlow(s *srcOpd, i int) []uint64 {
	v := w.rows.src[i]
	switch s.kind {
	case srcSpecial:
		switch s.sreg {
		case traces.SRegTidX:
			return w.tid[0]
		case traces.SRegTidY:
			return w.tid[1]
		case traces.SRegTidZ:
			return w.tid[2]
		case traces.SRegLaneID:
			return w.rows.laneID
		}
		w.special(s.sreg, s.disp, v)
	case srcSym:
		x := w.b.l.bases[s.base] + s.disp
		for l := range v {
			v[l] = x
		}
	case srcTexRef:
		h := handleSrc{kind: handleRef, idx: s.off}
		if s.base == 1 {
			h = handleSrc{kind: handleParam, off: s.disp}
		}
		x, err := w.handleValue(&h, 0)
		if err != nil {
			x = 0 // an unbound reference's handle is 0, which names nothing
		}
		for l := range v {
			v[l] = x
		}
	case srcPred:
		p := w.preds[s.off]
		if s.neg {
			p = ^p
		}
		for l := range v {
			v[l] = p >> uint(l) & 1
		}
	default:
		clear(v)
	}
	return v
}

// special fills v with special register r (idx: the number of %envregN
// and %reserved_smem_offset_N).
func (w *Warp) special(r traces.SpecialReg, idx uint64, v []uint64) {
	l := w.b.l
	cfg := &l.cfg
	var x uint64
	switch r {
	case traces.SRegNtidX, traces.SRegNtidY, traces.SRegNtidZ:
		x = uint64(cfg.Block[r-traces.SRegNtidX])
	case traces.SRegCtaidX, traces.SRegCtaidY, traces.SRegCtaidZ:
		x = uint64(w.b.ctaid[r-traces.SRegCtaidX])
	case traces.SRegNctaidX, traces.SRegNctaidY, traces.SRegNctaidZ:
		x = uint64(cfg.Grid[r-traces.SRegNctaidX])
	case traces.SRegWarpID:
		x = uint64(w.id)
	case traces.SRegNWarpID:
		x = uint64(cfg.NWarpID)
		if x == 0 {
			x = uint64(l.warps)
		}
	case traces.SRegSMID:
		x = uint64(w.b.smid)
	case traces.SRegNSMID:
		x = uint64(cfg.NSMID)
		if x == 0 {
			x = 1
		}
	case traces.SRegGridID:
		x = cfg.GridID
	case traces.SRegClock:
		x = uint64(uint32(cfg.ClockBase + w.now))
	case traces.SRegClockHi:
		x = (cfg.ClockBase + w.now) >> 32
	case traces.SRegClock64:
		x = cfg.ClockBase + w.now
	case traces.SRegGlobalTimer, traces.SRegGlobalTimerLo, traces.SRegGlobalTimerHi:
		x = l.nanoseconds(cfg.ClockBase + w.now)
		switch r {
		case traces.SRegGlobalTimerLo:
			x = uint64(uint32(x))
		case traces.SRegGlobalTimerHi:
			x >>= 32
		}
	case traces.SRegDynamicSmemSize:
		x = cfg.DynShared
	case traces.SRegTotalSmemSize, traces.SRegReservedSmemBegin, traces.SRegReservedSmemEnd,
		traces.SRegReservedSmemCap, traces.SRegReservedSmemOffset:
		// As ptxas compiles them for sm_80: the block's allocation
		// (SR_SMEMSZ) holds its own shared memory, rounded to the
		// allocation unit, then the system's reserved part;
		// %total_smem_size is the former, %reserved_smem_offset_cap the
		// whole, %reserved_smem_offset_begin and _0 the start of the
		// reserved part. _end and _1 are driver constants; gpusim gives
		// the end of the reserved part and its start.
		total := uint64(len(w.b.shared.Data))
		if u := cfg.SharedAllocUnit; u > 1 {
			total = (total + u - 1) / u * u
		}
		switch r {
		case traces.SRegTotalSmemSize, traces.SRegReservedSmemBegin, traces.SRegReservedSmemOffset:
			x = total
		default:
			x = total + cfg.SharedReserved
		}
	case traces.SRegEnvReg:
		// %envreg1:%envreg2 hold the address of the grid workspace of a
		// cooperative launch (CUDA 11.8 cooperative_groups/details/
		// driver_abi.h: get_grid_workspace), 0 for any other launch, so
		// that grid.sync() outside a cooperative launch traps as on
		// hardware; gpusim makes no cooperative launches, and the driver
		// defines no other envreg a CUDA header reads: all are 0.
		x = 0
		_ = idx
	case traces.SRegWarpSize:
		x = uint64(w.width)
	case traces.SRegLanemaskEq, traces.SRegLanemaskLe, traces.SRegLanemaskLt, traces.SRegLanemaskGe, traces.SRegLanemaskGt:
		all := warp.LowMask(w.width)
		for lane := range v {
			lt := uint64(1)<<uint(lane) - 1
			switch r {
			case traces.SRegLanemaskEq:
				v[lane] = 1 << uint(lane)
			case traces.SRegLanemaskLe:
				v[lane] = lt<<1 | 1
			case traces.SRegLanemaskLt:
				v[lane] = lt
			case traces.SRegLanemaskGe:
				v[lane] = all &^ lt
			default:
				v[lane] = all &^ (lt<<1 | 1)
			}
		}
		return
	}
	for lane := range v {
		v[lane] = x
	}
}

// pred returns predicate source i as a lane mask.
func (w *Warp) pred(o *op, i int) uint64 {
	s := &o.src[i]
	if s.kind == srcImm {
		return s.disp
	}
	p := w.preds[s.off]
	if s.neg {
		p = ^p
	}
	return p
}

// out returns the register row destination i writes (a sink row for `_`).
func (w *Warp) out(o *op, i int) []uint64 {
	d := &o.dst[i]
	if d.kind != dstReg {
		return w.rows.sink
	}
	return w.regs[d.off : d.off+w.width : d.off+w.width]
}

// ext applies a destination's sign extension and width mask to v.
func ext(v uint64, d *dstOpd) uint64 { return uint64(int64(v<<d.sh)>>d.sh) & d.mask }

// setPred writes lane mask val into predicate destination i for lanes m.
func (w *Warp) setPred(o *op, i int, m, val uint64) {
	d := &o.dst[i]
	if d.kind != dstPred {
		return
	}
	w.preds[d.off] = w.preds[d.off]&^m | val&m
}
