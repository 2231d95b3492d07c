package sim

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/gpusim/gpusim/config"
)

// Report is everything one gpusim run reports: views over the counters of
// each kernel it ran. The text and JSON forms are deterministic: the same
// inputs give the same bytes (the JSON's wall-clock figures aside, which can
// be left out).
type Report struct {
	Trace   string
	Machine *config.Machine
	Kernels []*KernelStats
	Outputs []string // output files written
}

// topInstructions is how many instructions the text report lists by stall
// cycles.
const topInstructions = 10

// WriteText prints the report as readable tables: per kernel a summary, and
// in the timing mode occupancy, warp states, the instructions with the most
// stall cycles, unit utilisation and memory; then the executions per opcode.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "gpusim: %s on %s\n", r.Trace, r.Machine.Summary())
	if ov := r.Machine.Overrides(); len(ov) > 0 {
		fmt.Fprintf(&b, "overrides: %s\n", strings.Join(ov, " "))
	}
	for _, k := range r.Kernels {
		fmt.Fprintf(&b, "\nkernel %s  grid %s  block %s  mode %s\n", k.Name, fmtDim(k.Grid), fmtDim(k.Block), k.Mode)
		for _, n := range k.Notes {
			fmt.Fprintf(&b, "  note: %s\n", n)
		}
		if k.Partial != nil {
			writePartialText(&b, k.Partial, k.Mode, r.Trace)
		}
		if t := k.Timing; t != nil {
			us := 0.0
			if t.ClockMHz > 0 {
				us = float64(t.Cycles) / t.ClockMHz
			}
			fmt.Fprintf(&b, "  cycles               %d  (%.2f us at %g MHz)\n", t.Cycles, us, t.ClockMHz)
		}
		fmt.Fprintf(&b, "  warp instructions    %d\n", k.WarpInsts)
		fmt.Fprintf(&b, "  thread instructions  %d\n", k.ThreadInsts)
		if k.WarpInsts > 0 {
			fmt.Fprintf(&b, "  threads per warp instruction  %.2f\n", float64(k.ThreadInsts)/float64(k.WarpInsts))
		}
		if k.Timing != nil {
			if err := writeTimingText(&b, k); err != nil {
				return err
			}
		}
		b.WriteString("\n")
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "  opcode\twarp inst\tthread inst\t% warp\t")
		for _, oc := range k.ByOpcode() {
			fmt.Fprintf(tw, "  %s\t%d\t%d\t%.1f\t\n", oc.Opcode, oc.WarpInsts, oc.ThreadInsts, 100*float64(oc.WarpInsts)/float64(max(1, k.WarpInsts)))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if len(r.Outputs) > 0 {
		b.WriteString("\noutputs:\n")
		for _, o := range r.Outputs {
			fmt.Fprintf(&b, "  %s\n", o)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
