package report

import (
	"sort"

	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/sim"
)

// Launch is one kernel launch as the views see it: a program run may hold
// several (one page, CSV row and comparison column per launch).
type Launch struct {
	// ID numbers the launches of a run from 0, in run order.
	ID      int
	Trace   string
	Machine sim.MachineDoc
	Kernel  *sim.KernelDoc
	// Series are time series to plot beside the built-in ones (IPC,
	// active warps, warp states, memory traffic), e.g. the counter tracks
	// of a timeline writer; nil for none.
	Series []TimeSeries
}

// TimeSeries is one chart of values over simulated time: each line's X
// are cycles.
type TimeSeries struct {
	ID, Title, YLabel string
	// Steps: each value holds from its X to the next (interval data).
	Steps   bool
	Stacked bool
	// End is the last cycle of the x axis (the launch's end; 0: from the
	// data).
	End   float64
	Lines []Series
}

// Launches lists the kernel launches of a report in run order.
func Launches(doc *sim.ReportDoc) []Launch {
	out := make([]Launch, len(doc.Kernels))
	for i := range doc.Kernels {
		out[i] = Launch{ID: i, Trace: doc.Trace, Machine: doc.Machine, Kernel: &doc.Kernels[i]}
	}
	return out
}

// reasonNames are the warp states in core's order.
func reasonNames() []string {
	out := make([]string, core.NumReasons)
	for r := range out {
		out[r] = core.Reason(r).String()
	}
	return out
}

// stallNames are the warp states other than "selected".
func stallNames() []string { return reasonNames()[1:] }

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// warpCycles sums a kernel's warp states.
func warpCycles(t *sim.TimingDoc) uint64 {
	var n uint64
	for _, c := range t.Stalls {
		n += c
	}
	return n
}

// topStall is the warp state other than selected with the most cycles and
// its share of all warp-cycles.
func topStall(t *sim.TimingDoc) (string, float64) {
	total := warpCycles(t)
	best, name := uint64(0), "-"
	for _, r := range stallNames() {
		if c := t.Stalls[r]; c > best {
			best, name = c, r
		}
	}
	if total == 0 || best == 0 {
		return "-", 0
	}
	return name, float64(best) / float64(total)
}
