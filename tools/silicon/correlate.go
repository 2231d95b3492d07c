package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// The correlation table docs/silicon-correlation.md carries: per sample
// kernel, the cycles silicon took (ncu's sm__cycles_elapsed.max at base
// clocks), the warp instructions it executed, what gpusim's timing mode
// reports for the same kernel and launch, and the relative cycle error; then
// the mean absolute error and the worst case. gpusim's figures come from its
// JSON reports (docs/report-json.md: kernels[].cycles and
// warp_instructions), one NAME.json per sample, made with
//
//	gpusim -config sm_90 -json DIR/NAME.json traces/samples/NAME.ptx

// CorrelationRow is one kernel of the table.
type CorrelationRow struct {
	Sample, Kernel, Variant string
	Grid, Block             [3]int
	SiliconCycles           float64 // 0: not measured
	SiliconInsts            float64
	TopStall                string
	GpusimCycles            uint64 // 0: no report
	GpusimInsts             uint64
	// Error is (gpusim - silicon) / silicon; valid when both are known.
	Error float64
	Known bool
}

// CorrelationTable is the whole table.
type CorrelationTable struct {
	Device, Variant string
	Rows            []CorrelationRow
	// MeanAbsError and Worst are over the rows with both figures.
	MeanAbsError float64
	Worst        *CorrelationRow
	Compared     int
}

// gpusimReport is the part of gpusim's JSON report the table needs.
type gpusimReport struct {
	Kernels []struct {
		Name      string `json:"name"`
		Cycles    uint64 `json:"cycles"`
		WarpInsts uint64 `json:"warp_instructions"`
	} `json:"kernels"`
}

// Correlate builds the table of t's samples of one variant; gpusim maps a
// sample name to gpusim's cycles and warp instructions (nil: none yet).
func Correlate(t *TimingFile, variant string, gpusim map[string][2]uint64) *CorrelationTable {
	ct := &CorrelationTable{Variant: variant}
	var dev struct {
		Device string `json:"device"`
	}
	if len(t.Device) > 0 && json.Unmarshal(t.Device, &dev) == nil {
		ct.Device = dev.Device
	}
	sum := 0.0
	for _, s := range t.Samples {
		if s.Variant != variant && !(variant == "nvcc" && strings.HasPrefix(s.Variant, "nvcc-")) {
			continue
		}
		r := CorrelationRow{Sample: s.Sample, Kernel: s.Kernel, Variant: s.Variant, Grid: s.Grid, Block: s.Block}
		if s.NCU != nil {
			r.SiliconCycles, r.SiliconInsts = s.NCU.Cycles, s.NCU.Instructions
			if names := s.NCU.stallNames(); len(names) > 0 {
				r.TopStall = names[0]
			}
		}
		if g, ok := gpusim[s.Sample]; ok {
			r.GpusimCycles, r.GpusimInsts = g[0], g[1]
		}
		if r.SiliconCycles > 0 && r.GpusimCycles > 0 {
			r.Known = true
			r.Error = (float64(r.GpusimCycles) - r.SiliconCycles) / r.SiliconCycles
			sum += math.Abs(r.Error)
			ct.Compared++
		}
		ct.Rows = append(ct.Rows, r)
	}
	sort.Slice(ct.Rows, func(i, j int) bool { return ct.Rows[i].Sample < ct.Rows[j].Sample })
	for i := range ct.Rows {
		r := &ct.Rows[i]
		if r.Known && (ct.Worst == nil || math.Abs(r.Error) > math.Abs(ct.Worst.Error)) {
			ct.Worst = r
		}
	}
	if ct.Compared > 0 {
		ct.MeanAbsError = sum / float64(ct.Compared)
	}
	return ct
}

// Markdown renders the table.
func (ct *CorrelationTable) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Device: %s. Variant: %s. Silicon cycles: ncu sm__cycles_elapsed.max with --clock-control base.\n\n",
		orDash(ct.Device), ct.Variant)
	b.WriteString("| kernel | grid x block | silicon cycles | silicon warp insts | top stall | gpusim cycles | gpusim warp insts | cycle error |\n")
	b.WriteString("| --- | --- | ---: | ---: | --- | ---: | ---: | ---: |\n")
	for _, r := range ct.Rows {
		fmt.Fprintf(&b, "| %s | %dx%d | %s | %s | %s | %s | %s | %s |\n", r.Sample,
			r.Grid[0]*r.Grid[1]*r.Grid[2], r.Block[0]*r.Block[1]*r.Block[2],
			num0(r.SiliconCycles), num0(r.SiliconInsts), orDash(r.TopStall),
			num0(float64(r.GpusimCycles)), num0(float64(r.GpusimInsts)), pct(r))
	}
	if ct.Compared == 0 {
		b.WriteString("\nNo kernel has both a silicon and a gpusim figure yet.\n")
	} else {
		fmt.Fprintf(&b, "\nMean absolute cycle error: %.1f%% over %d kernels; worst: %s %+.1f%%.\n",
			100*ct.MeanAbsError, ct.Compared, ct.Worst.Sample, 100*ct.Worst.Error)
	}
	return b.String()
}

func num0(v float64) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f", v)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func pct(r CorrelationRow) string {
	if !r.Known {
		return "-"
	}
	return fmt.Sprintf("%+.1f%%", 100*r.Error)
}

// readGpusimReports reads DIR/NAME.json for every sample name it finds.
func readGpusimReports(dir string) (map[string][2]uint64, error) {
	out := map[string][2]uint64{}
	if dir == "" {
		return out, nil
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		var r gpusimReport
		if err := json.Unmarshal(b, &r); err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		if len(r.Kernels) != 1 {
			return nil, fmt.Errorf("%s: %d kernels, want the one launch of the sample", p, len(r.Kernels))
		}
		if r.Kernels[0].Cycles == 0 {
			return nil, fmt.Errorf("%s: no cycles: make the report in timing mode", p)
		}
		out[strings.TrimSuffix(filepath.Base(p), ".json")] = [2]uint64{r.Kernels[0].Cycles, r.Kernels[0].WarpInsts}
	}
	return out, nil
}

// runCorrelate is `silicon correlate -timing timing.json [-reports DIR]
// [-variant ptx-jit|nvcc] [-o table.md]`.
func runCorrelate(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("silicon correlate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	path := fs.String("timing", "", "timing.json of a device run")
	reports := fs.String("reports", "", "folder of gpusim JSON reports, NAME.json per sample (timing mode)")
	variant := fs.String("variant", "ptx-jit", "which module's figures: ptx-jit (the PTX gpusim runs) or nvcc (the CUDA source)")
	out := fs.String("o", "-", "where to write the table (- for standard output)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *path == "" || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: silicon correlate -timing timing.json [-reports DIR] [-variant ptx-jit|nvcc] [-o FILE]")
		return 2
	}
	t, err := ReadTiming(*path)
	if err != nil {
		fmt.Fprintf(stderr, "silicon correlate: %v\n", err)
		return 2
	}
	g, err := readGpusimReports(*reports)
	if err != nil {
		fmt.Fprintf(stderr, "silicon correlate: %v\n", err)
		return 2
	}
	md := Correlate(t, *variant, g).Markdown()
	if *out == "-" {
		_, err = io.WriteString(stdout, md)
	} else {
		err = os.WriteFile(*out, []byte(md), 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "silicon correlate: %v\n", err)
		return 1
	}
	return 0
}
