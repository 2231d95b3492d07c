package sim

import (
	"fmt"
	"strings"
)

// PartialDoc is the JSON form of a Partial: a launch's statistics that
// stop short of its end (docs/report-json.md, "partial").
type PartialDoc struct {
	Reason     string         `json:"reason"`
	Message    string         `json:"message"`
	Cycle      uint64         `json:"cycle"`
	BlocksDone int            `json:"blocks_done"`
	Blocks     int            `json:"blocks"`
	Warps      []WarpGroupDoc `json:"unfinished_warps"`
}

// WarpGroupDoc is a WarpGroup.
type WarpGroupDoc struct {
	PC          int32        `json:"pc"`
	Line        int          `json:"line"`
	Source      string       `json:"source,omitempty"`
	Instruction string       `json:"instruction"`
	State       string       `json:"state,omitempty"`
	Waits       string       `json:"waits,omitempty"`
	Count       int          `json:"count"`
	Warps       []WarpRefDoc `json:"warps"`
}

// WarpRefDoc is a WarpRef; SM is -1 in the functional mode.
type WarpRefDoc struct {
	Block [3]uint32 `json:"block"`
	Warp  int       `json:"warp"`
	SM    int       `json:"sm"`
	Lanes string    `json:"lanes"`
}

func partialDoc(pt *Partial) *PartialDoc {
	if pt == nil {
		return nil
	}
	d := &PartialDoc{Reason: pt.Reason, Message: pt.Message, Cycle: pt.Cycle, BlocksDone: pt.BlocksDone,
		Blocks: pt.Blocks, Warps: []WarpGroupDoc{}}
	for _, g := range pt.Groups {
		gd := WarpGroupDoc{PC: g.PC, Line: g.Line, Source: g.Source, Instruction: g.Inst, State: g.State,
			Waits: g.Waits, Count: g.Count, Warps: []WarpRefDoc{}}
		for _, w := range g.Warps {
			gd.Warps = append(gd.Warps, WarpRefDoc(w))
		}
		d.Warps = append(d.Warps, gd)
	}
	return d
}

// writePartialText is the text report's statement that a launch stopped
// short, with where its unfinished warps stand (trace names the file the
// lines are in).
func writePartialText(b *strings.Builder, pt *Partial, mode, trace string) {
	fmt.Fprintf(b, "  PARTIAL: %s\n", pt.Message)
	clock := "cycle"
	if mode == "functional" {
		clock = "turn"
	}
	fmt.Fprintf(b, "  the counters below are those until %s %d; %d of %d blocks finished\n", clock, pt.Cycle, pt.BlocksDone, pt.Blocks)
	if len(pt.Groups) == 0 {
		return
	}
	n := 0
	for _, g := range pt.Groups {
		n += g.Count
	}
	if n == 1 {
		b.WriteString("  where the unfinished warp of the running block stands:\n")
	} else {
		fmt.Fprintf(b, "  where the %d unfinished warps of the running blocks stand:\n", n)
	}
	for _, g := range pt.Groups {
		warps := "warps"
		if g.Count == 1 {
			warps = "warp"
		}
		fmt.Fprintf(b, "    %d %s at pc %d, %s:%d", g.Count, warps, g.PC, trace, g.Line)
		if g.Source != "" {
			fmt.Fprintf(b, " (source %s)", g.Source)
		}
		fmt.Fprintf(b, ": %s\n", g.Inst)
		if g.State != "" {
			fmt.Fprintf(b, "      state: %s\n", g.State)
		}
		if g.Waits != "" {
			fmt.Fprintf(b, "      waits for: %s\n", g.Waits)
		}
		var refs []string
		for _, w := range g.Warps {
			r := fmt.Sprintf("block (%d,%d,%d) warp %d", w.Block[0], w.Block[1], w.Block[2], w.Warp)
			if w.SM >= 0 {
				r += fmt.Sprintf(" on SM %d", w.SM)
			}
			refs = append(refs, r+" lanes "+w.Lanes)
		}
		if more := g.Count - len(g.Warps); more > 0 {
			refs = append(refs, fmt.Sprintf("and %d more", more))
		}
		fmt.Fprintf(b, "      %s\n", strings.Join(refs, "; "))
	}
}
