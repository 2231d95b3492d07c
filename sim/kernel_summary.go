package sim

import (
	"encoding/json"

	"github.com/gpusim/gpusim/core"
)

// TopStall is the warp state, other than selected, in which the launch's
// warps spent the most cycles, and its share of all warp-cycles; "" in the
// functional mode or when no warp ever waited.
func (s *KernelStats) TopStall() (state string, share float64) {
	t := s.Timing
	if t == nil {
		return "", 0
	}
	var total, most uint64
	top := core.Selected
	for r, c := range t.Stalls {
		total += c
		if core.Reason(r) != core.Selected && c > most {
			top, most = core.Reason(r), c
		}
	}
	if most == 0 {
		return "", 0
	}
	return top.String(), ratio(most, total)
}

// StallCycles returns the warp-cycles per state (index = state), with the
// state names, for summing over launches; nil in the functional mode.
func (s *KernelStats) StallCycles() []uint64 {
	if s.Timing == nil {
		return nil
	}
	return append([]uint64(nil), s.Timing.Stalls[:]...)
}

// StateNames are the names of the warp states in StallCycles order.
func StateNames() []string {
	names := make([]string, core.NumReasons)
	for r := range names {
		names[r] = core.Reason(r).String()
	}
	return names
}

// KernelJSON renders one kernel's counters as the JSON report's kernel
// object (docs/report-json.md), for reports that list many launches.
func KernelJSON(k *KernelStats) ([]byte, error) { return json.Marshal(kernelDoc(k)) }

// kernelDoc is one kernel's object of the JSON report.
func kernelDoc(k *KernelStats) KernelDoc {
	jk := KernelDoc{Name: k.Name, Mode: k.Mode, Grid: k.Grid, Block: k.Block, Notes: nonNil(k.Notes),
		WarpInsts: k.WarpInsts, ThreadInsts: k.ThreadInsts, Opcodes: []OpcodeDoc{}}
	for _, oc := range k.ByOpcode() {
		jk.Opcodes = append(jk.Opcodes, OpcodeDoc(oc))
	}
	if k.Timing != nil {
		jk.TimingDoc = timingJSON(k)
	}
	jk.Partial = partialDoc(k.Partial)
	return jk
}
