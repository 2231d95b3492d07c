package sim

import (
	"encoding/json"
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

// WriteText prints the report as readable tables.
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
		fmt.Fprintf(&b, "  warp instructions    %d\n", k.WarpInsts)
		fmt.Fprintf(&b, "  thread instructions  %d\n", k.ThreadInsts)
		if k.WarpInsts > 0 {
			fmt.Fprintf(&b, "  threads per warp instruction  %.2f\n", float64(k.ThreadInsts)/float64(k.WarpInsts))
		}
		b.WriteString("\n")
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "  opcode\twarp inst\tthread inst\t% warp\t")
		for _, oc := range k.ByOpcode() {
			fmt.Fprintf(tw, "  %s\t%d\t%d\t%.1f\t\n", oc.Opcode, oc.WarpInsts, oc.ThreadInsts, 100*float64(oc.WarpInsts)/float64(k.WarpInsts))
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

// jsonReport is the JSON schema (docs/report-json.md).
type jsonReport struct {
	Trace           string       `json:"trace"`
	Machine         jsonMachine  `json:"machine"`
	Kernels         []jsonKernel `json:"kernels"`
	Outputs         []string     `json:"outputs"`
	WallSeconds     *float64     `json:"wall_seconds,omitempty"`
	WarpInstsPerSec *float64     `json:"warp_instructions_per_second,omitempty"`
}

type jsonMachine struct {
	Name      string   `json:"name"`
	Arch      string   `json:"arch"`
	File      string   `json:"file"`
	Overrides []string `json:"overrides"`
}

type jsonKernel struct {
	Name        string       `json:"name"`
	Mode        string       `json:"mode"`
	Grid        [3]uint32    `json:"grid"`
	Block       [3]uint32    `json:"block"`
	Notes       []string     `json:"notes"`
	WarpInsts   uint64       `json:"warp_instructions"`
	ThreadInsts uint64       `json:"thread_instructions"`
	Opcodes     []jsonOpcode `json:"opcodes"`
}

type jsonOpcode struct {
	Opcode      string `json:"opcode"`
	WarpInsts   uint64 `json:"warp_instructions"`
	ThreadInsts uint64 `json:"thread_instructions"`
}

// JSON renders the report; withWall includes the simulator's own wall-clock
// time and speed, which differ from run to run.
func (r *Report) JSON(withWall bool) ([]byte, error) {
	jr := jsonReport{
		Trace: r.Trace,
		Machine: jsonMachine{Name: r.Machine.GPU.Name, Arch: r.Machine.GPU.Arch, File: r.Machine.File(),
			Overrides: nonNil(r.Machine.Overrides())},
		Outputs: nonNil(r.Outputs),
	}
	var wall float64
	var insts uint64
	for _, k := range r.Kernels {
		jk := jsonKernel{Name: k.Name, Mode: k.Mode, Grid: k.Grid, Block: k.Block, Notes: nonNil(k.Notes),
			WarpInsts: k.WarpInsts, ThreadInsts: k.ThreadInsts, Opcodes: []jsonOpcode{}}
		for _, oc := range k.ByOpcode() {
			jk.Opcodes = append(jk.Opcodes, jsonOpcode(oc))
		}
		jr.Kernels = append(jr.Kernels, jk)
		wall += k.WallSeconds
		insts += k.WarpInsts
	}
	if withWall {
		jr.WallSeconds = &wall
		rate := 0.0
		if wall > 0 {
			rate = float64(insts) / wall
		}
		jr.WarpInstsPerSec = &rate
	}
	out, err := json.MarshalIndent(jr, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
