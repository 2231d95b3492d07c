package report

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/gpusim/gpusim/sim"
)

// Sweep is a what-if study: one trace run once per combination of varied
// machine-model values. A local sweep and the merge of a sweep run as a
// Slurm job array fill the same Sweep, so their table, CSV, JSON and HTML
// are the same bytes.
type Sweep struct {
	Trace, Config string
	// Overrides are the -set options common to every point; Keys the
	// varied keys, in flag order.
	Overrides []string
	Keys      []string
	Points    []SweepPoint
	// Partial, when not "", says why the sweep stopped before every point
	// ran ("interrupted by SIGINT"); the points that did not finish are
	// failed rows saying so. The table, JSON and HTML state it.
	Partial string
}

// SweepPoint is one combination and what it measured.
type SweepPoint struct {
	// Values has one value per key.
	Values []string
	// Kernel is the point's launch; nil when the run failed, and Err says
	// why.
	Kernel *sim.KernelDoc
	Err    string
}

// Sets are the point's key=value overrides.
func (s *Sweep) Sets(i int) []string {
	out := make([]string, len(s.Keys))
	for k, key := range s.Keys {
		out[k] = key + "=" + s.Points[i].Values[k]
	}
	return out
}

// Failed is the number of points whose run failed.
func (s *Sweep) Failed() int {
	n := 0
	for _, p := range s.Points {
		if p.Kernel == nil {
			n++
		}
	}
	return n
}

// first is the first point that ran (the reference of "vs first"), or nil.
func (s *Sweep) first() *sim.TimingDoc {
	for _, p := range s.Points {
		if p.Kernel != nil && p.Kernel.TimingDoc != nil {
			return p.Kernel.TimingDoc
		}
	}
	return nil
}

func (s *Sweep) kernelName() string {
	for _, p := range s.Points {
		if p.Kernel != nil {
			return p.Kernel.Name
		}
	}
	return ""
}

// WriteTable prints one row per point; failed points are listed with their
// errors after the table.
func (s *Sweep) WriteTable(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "gpusim sweep: %s on %s, %d runs\n", s.Trace, s.Config, len(s.Points))
	if len(s.Overrides) > 0 {
		fmt.Fprintf(&b, "overrides: %s\n", strings.Join(s.Overrides, " "))
	}
	if name := s.kernelName(); name != "" {
		fmt.Fprintf(&b, "kernel %s\n", name)
	}
	if s.Partial != "" {
		fmt.Fprintf(&b, "PARTIAL: %s; %d of %d runs finished\n", s.Partial, len(s.Points)-s.Failed(), len(s.Points))
	}
	b.WriteString("\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, k := range s.Keys {
		fmt.Fprintf(tw, "%s\t", k)
	}
	fmt.Fprintln(tw, "cycles\tvs first\tIPC\toccupancy\tL1 hit\tL2 hit\ttop stall\t")
	first := s.first()
	for _, p := range s.Points {
		fmt.Fprintf(tw, "%s\t", strings.Join(p.Values, "\t"))
		if p.Kernel == nil || p.Kernel.TimingDoc == nil {
			fmt.Fprintln(tw, "failed\t-\t-\t-\t-\t-\t-\t")
			continue
		}
		t := p.Kernel.TimingDoc
		top, share := topStall(t)
		fmt.Fprintf(tw, "%d\t%.3f\t%.3f\t%.1f%%\t%.1f%%\t%.1f%%\t%s %.0f%%\t\n", t.Cycles,
			float64(t.Cycles)/float64(max(first.Cycles, 1)), t.IPC, 100*t.Occupancy.Achieved,
			100*t.Memory.L1HitRate, 100*t.Memory.L2HitRate, top, 100*share)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if n := s.Failed(); n > 0 {
		fmt.Fprintf(&b, "\n%d of %d runs failed:\n", n, len(s.Points))
		for i, p := range s.Points {
			if p.Kernel == nil {
				fmt.Fprintf(&b, "  %s: %s\n", strings.Join(s.Sets(i), " "), p.Err)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCSV writes one row per point with plain numbers (fractions, not
// percentages) for spreadsheets and scripts; a failed point's row has its
// error in the last column and the measured columns empty.
func (s *Sweep) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	head := append(append([]string(nil), s.Keys...), "cycles", "relative_cycles", "ipc", "warp_instructions",
		"achieved_occupancy", "l1_hit_rate", "l2_hit_rate", "top_stall", "top_stall_share", "error")
	if err := cw.Write(head); err != nil {
		return err
	}
	var firstCycles uint64 = 1
	if f := s.first(); f != nil {
		firstCycles = max(f.Cycles, 1)
	}
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
	for _, p := range s.Points {
		row := append([]string(nil), p.Values...)
		if p.Kernel == nil || p.Kernel.TimingDoc == nil {
			row = append(row, "", "", "", "", "", "", "", "", "", p.Err)
		} else {
			t := p.Kernel.TimingDoc
			top, share := topStall(t)
			row = append(row, strconv.FormatUint(t.Cycles, 10), g(float64(t.Cycles)/float64(firstCycles)), g(t.IPC),
				strconv.FormatUint(p.Kernel.WarpInsts, 10), g(t.Occupancy.Achieved), g(t.Memory.L1HitRate),
				g(t.Memory.L2HitRate), top, g(share), "")
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// sweepJSON is the sweep's -json schema (docs/report-json.md).
type sweepJSON struct {
	Trace     string   `json:"trace"`
	Config    string   `json:"config"`
	Overrides []string `json:"overrides"`
	Vary      []string `json:"vary"`
	// Partial is present only in a sweep that stopped before every point
	// ran (Sweep.Partial).
	Partial string `json:"partial,omitempty"`
	Runs    []any  `json:"runs"`
}

type sweepJSONPoint struct {
	Sets              []string          `json:"sets"`
	Cycles            uint64            `json:"cycles"`
	IPC               float64           `json:"ipc"`
	WarpInstructions  uint64            `json:"warp_instructions"`
	AchievedOccupancy float64           `json:"achieved_occupancy"`
	L1HitRate         float64           `json:"l1_hit_rate"`
	L2HitRate         float64           `json:"l2_hit_rate"`
	Stalls            map[string]uint64 `json:"stalls"`
}

type sweepJSONFailed struct {
	Sets  []string `json:"sets"`
	Error string   `json:"error"`
}

// WriteJSON writes the sweep as one JSON object.
func (s *Sweep) WriteJSON(w io.Writer) error {
	out := sweepJSON{Trace: s.Trace, Config: s.Config, Overrides: append([]string{}, s.Overrides...),
		Vary: append([]string{}, s.Keys...), Partial: s.Partial, Runs: []any{}}
	for i, p := range s.Points {
		if p.Kernel == nil || p.Kernel.TimingDoc == nil {
			out.Runs = append(out.Runs, sweepJSONFailed{Sets: s.Sets(i), Error: p.Err})
			continue
		}
		t := p.Kernel.TimingDoc
		jp := sweepJSONPoint{Sets: s.Sets(i), Cycles: t.Cycles, IPC: t.IPC, WarpInstructions: p.Kernel.WarpInsts,
			AchievedOccupancy: t.Occupancy.Achieved, L1HitRate: t.Memory.L1HitRate, L2HitRate: t.Memory.L2HitRate,
			Stalls: map[string]uint64{}}
		for _, r := range reasonNames() {
			jp.Stalls[r] = t.Stalls[r]
		}
		out.Runs = append(out.Runs, jp)
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
