package sim

import (
	"errors"
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Partial marks the statistics of a launch that stopped before its end: a
// limit, a deadlock, a fault of the program or an interrupt. The counters
// beside it are those gathered until then; Groups say where every
// unfinished warp of the blocks that were running stood.
type Partial struct {
	// Reason is "max-cycles", "max-warp-insts", "deadlock", "fault" or
	// "interrupted"; Message the error in full.
	Reason  string
	Message string
	// Cycle is the cycle the run reached (timing mode) or the turns of
	// the functional clock.
	Cycle uint64
	// BlocksDone of Blocks had finished.
	BlocksDone, Blocks int
	// Groups gather the unfinished warps by where they stand, most warps
	// first.
	Groups []WarpGroup
}

// WarpGroup is a set of warps that stand at the same instruction in the
// same state.
type WarpGroup struct {
	PC     int32
	Line   int    // the instruction's line in the trace
	Source string // "file:line" of the original source (.loc), or ""
	Inst   string // the instruction as written
	// State is the timing model's warp state (long_scoreboard, barrier,
	// ...; "" in the functional mode); Waits says in words what the warps
	// wait for.
	State string
	Waits string
	// Count is the number of warps; Warps lists the first maxListed.
	Count int
	Warps []WarpRef
}

// WarpRef is one warp of a group.
type WarpRef struct {
	Block [3]uint32
	Warp  int
	SM    int    // -1 in the functional mode
	Lanes string // the lanes at PC ("0-31", "0-15")
}

// maxListed bounds the warps a group lists by name (its Count is exact).
const maxListed = 16

// Reason names of a Partial.
const (
	PartialMaxCycles    = "max-cycles"
	PartialMaxWarpInsts = "max-warp-insts"
	PartialDeadlock     = "deadlock"
	PartialFault        = "fault"
	PartialInterrupted  = "interrupted"
)

// partialReason classifies the error that stopped a run.
func partialReason(err error) string {
	var le *LimitError
	var de *warp.DeadlockError
	var ie *InterruptError
	switch {
	case errors.As(err, &ie):
		return PartialInterrupted
	case errors.As(err, &le):
		if le.Flag == "-max-cycles" {
			return PartialMaxCycles
		}
		return PartialMaxWarpInsts
	case errors.As(err, &de):
		return PartialDeadlock
	}
	return PartialFault
}

// placer is a warp or wave that can say where it stands (*ptx.Warp and
// *amd.Wave are).
type placer interface{ Place() warp.Place }

// warpSpot is one unfinished warp as a diagnosis collects it.
type warpSpot struct {
	ref   WarpRef
	pl    warp.Place
	state string
	pc    int32
}

// diagnose builds the Partial of err from the unfinished warps.
func diagnose(p *Prepared, err error, cycle uint64, done, total int, spots []warpSpot) *Partial {
	pt := &Partial{Reason: partialReason(err), Message: err.Error(), Cycle: cycle, BlocksDone: done, Blocks: total}
	idx := map[string]int{}
	for _, s := range spots {
		g := WarpGroup{PC: s.pc, State: s.state, Waits: waits(p, s.pl)}
		if s.pc >= 0 && int(s.pc) < len(p.Kernel.Code) {
			in := &p.Kernel.Code[s.pc]
			g.Line, g.Inst, g.Source = int(in.Pos.Line), strings.TrimSpace(in.Text), sourceOf(p.Program, in)
		}
		key := fmt.Sprintf("%d\x00%s\x00%s", g.PC, g.State, g.Waits)
		i, ok := idx[key]
		if !ok {
			i = len(pt.Groups)
			idx[key] = i
			pt.Groups = append(pt.Groups, g)
		}
		gr := &pt.Groups[i]
		gr.Count++
		if len(gr.Warps) < maxListed {
			gr.Warps = append(gr.Warps, s.ref)
		}
	}
	sort.SliceStable(pt.Groups, func(i, j int) bool {
		a, b := &pt.Groups[i], &pt.Groups[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.PC < b.PC
	})
	return pt
}

// waits says in words what a warp at pl waits for.
func waits(p *Prepared, pl warp.Place) string {
	var b strings.Builder
	if pl.Barrier >= 0 {
		if p.Kernel.AMD != nil {
			fmt.Fprintf(&b, "the workgroup barrier: %d of %d %s arrived", pl.Arrived, pl.Expected, pl.Unit)
		} else {
			fmt.Fprintf(&b, "barrier %d: %d of %d %s arrived", pl.Barrier, pl.Arrived, pl.Expected, pl.Unit)
		}
	}
	for _, e := range pl.Elsewhere {
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "lanes %s wait at pc %d", laneList(e.Lanes), e.PC)
		if e.PC >= 0 && int(e.PC) < len(p.Kernel.Code) {
			fmt.Fprintf(&b, " (line %d)", int(p.Kernel.Code[e.PC].Pos.Line))
		}
		if pl.Barrier >= 0 {
			b.WriteString(", not at the barrier (a divergent bar.sync: from sm_70 on every thread of the block must arrive)")
		}
	}
	return b.String()
}

// sourceOf is the original source position of in (.loc), or "".
func sourceOf(prog *traces.Program, in *traces.Inst) string {
	if in.Loc.Line == 0 {
		return ""
	}
	name := prog.Files[in.Loc.File]
	if name == "" {
		name = fmt.Sprintf("file %d", in.Loc.File)
	}
	return fmt.Sprintf("%s:%d", name, in.Loc.Line)
}

// laneList writes a lane mask as ranges: "0-15", "0,2,4-7".
func laneList(m uint64) string {
	if m == 0 {
		return "none"
	}
	var parts []string
	for m != 0 {
		lo := bits.TrailingZeros64(m)
		hi := lo
		for hi+1 < 64 && m>>(hi+1)&1 != 0 {
			hi++
		}
		if lo == hi {
			parts = append(parts, fmt.Sprint(lo))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", lo, hi))
		}
		if hi == 63 {
			break
		}
		m &^= (uint64(1)<<(hi+1) - 1)
	}
	return strings.Join(parts, ",")
}

// blockSpots adds the unfinished warps of a block (functional mode: no SM
// and no timing state).
func blockSpots(spots []warpSpot, blk SourceBlock, sm int, status func(wi int) (string, int32, bool)) []warpSpot {
	c := blk.Ctaid()
	for wi, w := range blk.Warps() {
		pl, ok := w.(placer)
		if !ok {
			continue
		}
		place := pl.Place()
		if place.Done {
			continue
		}
		s := warpSpot{ref: WarpRef{Block: c, Warp: wi, SM: sm, Lanes: laneList(place.Active)}, pl: place, pc: place.PC}
		if status != nil {
			st, pc, ok := status(wi)
			if !ok {
				continue
			}
			s.state = st
			if place.Barrier < 0 && pc >= 0 {
				s.pc = pc
			}
		}
		spots = append(spots, s)
	}
	return spots
}

// timingSpots collects the unfinished warps of every resident block of a
// timed launch, with their timing state.
func (r *timingRun) timingSpots() []warpSpot {
	var spots []warpSpot
	for i, sm := range r.sms {
		st := map[[2]int]core.WarpStatus{}
		var blocks []int
		sm.Resident(func(ws core.WarpStatus) {
			k := [2]int{ws.Block, ws.Warp}
			if _, ok := st[k]; !ok {
				if len(blocks) == 0 || blocks[len(blocks)-1] != ws.Block {
					blocks = append(blocks, ws.Block)
				}
			}
			st[k] = ws
		})
		seen := map[int]bool{}
		for _, h := range blocks {
			if seen[h] {
				continue
			}
			seen[h] = true
			spots = blockSpots(spots, r.pool[h].blk, i, func(wi int) (string, int32, bool) {
				ws, ok := st[[2]int{h, wi}]
				return ws.State.String(), ws.PC, ok
			})
		}
	}
	return spots
}
