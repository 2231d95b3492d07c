package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// timing.json: every timing figure of a device run in one file. It holds
// the clock64() microbenchmarks (the capture's bench frame, as sent), Nsight
// Compute's figures for every sample kernel and every microbenchmark kernel,
// and the event timings of the sample kernels, with the device, its clocks
// and the ncu settings. correlate.go turns it into the correlation table.

// TimingFormat names the layout of timing.json.
const TimingFormat = "gpusim-silicon-timing/1"

// TimingFile is timing.json.
type TimingFile struct {
	Format string `json:"format"`
	// Device is the capture's info frame (name, SMs, clocks, driver,
	// runtime, nvcc); Machine the nvidia-smi query and host lines.
	Device  json.RawMessage `json:"device"`
	Machine string          `json:"machine"`
	BuiltBy string          `json:"built_by"`
	// Clock64 is the capture's microbenchmark JSON (README.md, "The
	// microbenchmarks").
	Clock64 json.RawMessage `json:"clock64"`
	NCU     NCUSection      `json:"ncu"`
	// Samples are the bundled sample kernels, once per module (the cubin
	// nvcc made from the CUDA source, and the committed PTX JIT-compiled).
	Samples []SampleTiming `json:"samples"`
	Errors  []string       `json:"errors"`
}

// NCUSection says how ncu ran and what it measured of the microbenchmarks.
type NCUSection struct {
	Version string `json:"version"`
	// ClockControl is "base": ncu locked the SM and memory clocks to their
	// base values for every profiled launch (its default, stated on the
	// command line), so the cycle counts do not depend on boost.
	ClockControl string            `json:"clock_control"`
	CacheControl map[string]string `json:"cache_control"` // per pass: "all" flushes caches before each replay
	ReplayMode   string            `json:"replay_mode"`
	Sections     []string          `json:"sections"`
	Metrics      []string          `json:"metrics"`
	// Bench are the microbenchmark kernels (capture --ncu-pass: each once),
	// with the microbenchmark each one is, where the bench JSON says.
	Bench []BenchKernel `json:"bench"`
}

// BenchKernel is one profiled microbenchmark kernel.
type BenchKernel struct {
	Measures string `json:"measures,omitempty"` // the op or level, from the bench JSON
	NCUKernel
}

// SampleTiming is one sample kernel in one module.
type SampleTiming struct {
	Sample  string    `json:"sample"`
	Kernel  string    `json:"kernel"`
	Variant string    `json:"variant"` // "nvcc-sm_90" (the CUDA source) or "ptx-jit" (the PTX gpusim runs)
	Module  string    `json:"module"`
	Grid    [3]int    `json:"grid"`
	Block   [3]int    `json:"block"`
	EventMS []float64 `json:"event_ms"` // each launch, at the GPU's own clocks
	// EventMinMS is the fastest launch; EventCycles that times the SM
	// clock of the capture's info frame (a boost clock, unlike ncu's).
	EventMinMS  float64    `json:"event_min_ms"`
	EventCycles float64    `json:"event_cycles"`
	NCU         *NCUKernel `json:"ncu"`
}

// drvLine is one line of sampledrv's output.
type drvLine struct {
	Manifest string    `json:"manifest"`
	Module   string    `json:"module"`
	Variant  string    `json:"variant"`
	Sample   string    `json:"sample"`
	Kernel   string    `json:"kernel"`
	Grid     [3]int    `json:"grid"`
	Block    [3]int    `json:"block"`
	Reps     int       `json:"reps"`
	EventMS  []float64 `json:"event_ms"`
	Error    string    `json:"error"`
}

// readDrvLines reads sampledrv output, skipping lines that are not JSON
// objects (ncu's own messages); a missing file gives none.
func readDrvLines(path string) ([]drvLine, []string, error) {
	if path == "" {
		return nil, nil, nil
	}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var out []drvLine
	var errs []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(text, "{") {
			continue
		}
		var d drvLine
		if err := json.Unmarshal([]byte(text), &d); err != nil {
			errs = append(errs, fmt.Sprintf("%s:%d: %v", path, n, err))
			continue
		}
		if d.Error != "" {
			errs = append(errs, fmt.Sprintf("%s:%d: %s %s: %s", path, n, d.Sample, d.Variant, d.Error))
			continue
		}
		out = append(out, d)
	}
	return out, errs, sc.Err()
}

// templateArg finds "name<N>" in a (demangled) kernel name.
var templateArg = regexp.MustCompile(`\b(\w+)<(\w+)>`)

// benchMeasures says which microbenchmark an ncu bench row is, from the
// kernel name's template argument and the bench JSON's lists (in the
// capture's op order).
func benchMeasures(name string, bench map[string][]map[string]any) string {
	m := templateArg.FindStringSubmatch(name)
	if m == nil {
		if strings.Contains(name, "chase_shared") {
			return "memory latency: shared"
		}
		return ""
	}
	list := map[string]string{
		"latency_kernel": "latency", "throughput_kernel": "throughput",
		"mma_latency_kernel": "mma_latency", "mma_throughput_kernel": "mma_throughput",
	}[m[1]]
	if list != "" {
		if i, err := strconv.Atoi(m[2]); err == nil && i < len(bench[list]) {
			if op, ok := bench[list][i]["op"].(string); ok {
				return list + ": " + op
			}
		}
		return list + " " + m[2]
	}
	switch m[1] {
	case "chase_global_kernel":
		if m[2] == "true" {
			return "memory latency: L2 (ld.global.cg)"
		}
		return "memory latency: L1 (ld.global.ca)"
	case "atomic_latency_kernel":
		if m[2] == "true" {
			return "atomics: atom.shared.add.u32 latency"
		}
		return "atomics: atom.global.add.u32 latency"
	case "atomic_throughput_kernel":
		return "atomics: throughput mode " + m[2]
	}
	return ""
}

// TimingInputs names the files a device run leaves for `silicon timing`.
type TimingInputs struct {
	Summary, Events, NCUSamples, NCUSamplesDrv, NCUBench, NCUVersion, Machine, BuiltBy string
}

// BuildTiming gathers a device run's timings. Missing files are noted in
// Errors, not fatal: a run without ncu still has its clock64 figures.
func BuildTiming(in TimingInputs) (*TimingFile, error) {
	t := &TimingFile{Format: TimingFormat, BuiltBy: in.BuiltBy, Errors: []string{}, Samples: []SampleTiming{},
		NCU: NCUSection{ClockControl: "base", CacheControl: map[string]string{"samples": "all", "bench": "none"},
			ReplayMode: "kernel", Sections: ncuSections, Metrics: ncuMetrics, Bench: []BenchKernel{}}}
	note := func(format string, args ...any) { t.Errors = append(t.Errors, fmt.Sprintf(format, args...)) }
	var clockKHz float64
	bench := map[string][]map[string]any{}
	if in.Summary != "" {
		b, err := os.ReadFile(in.Summary)
		if err != nil {
			note("%v", err)
		} else {
			var s Summary
			if err := json.Unmarshal(b, &s); err != nil {
				return nil, fmt.Errorf("%s: %v", in.Summary, err)
			}
			t.Device, t.Clock64 = s.Capture, s.Bench
			var dev struct {
				ClockKHz float64 `json:"clock_khz"`
			}
			if len(s.Capture) > 0 && json.Unmarshal(s.Capture, &dev) == nil {
				clockKHz = dev.ClockKHz
			}
			if len(s.Bench) > 0 {
				_ = json.Unmarshal(s.Bench, &bench) // lists of objects; other keys are ignored
			}
		}
	}
	if in.Machine != "" {
		if b, err := os.ReadFile(in.Machine); err == nil {
			t.Machine = string(b)
		}
	}
	if in.NCUVersion != "" {
		if b, err := os.ReadFile(in.NCUVersion); err == nil {
			lines := strings.Split(strings.TrimSpace(string(b)), "\n")
			t.NCU.Version = lines[len(lines)-1]
		} else {
			note("ncu version: %v", err)
		}
	}
	events, errs, err := readDrvLines(in.Events)
	if err != nil {
		return nil, err
	}
	t.Errors = append(t.Errors, errs...)
	if in.Events != "" && len(events) == 0 {
		note("%s: no sample event timings", in.Events)
	}
	samplesNCU, err := readNCUFile(in.NCUSamples)
	if err != nil {
		return nil, err
	}
	if in.NCUSamples != "" && samplesNCU == nil {
		note("%s: no ncu profile of the samples", in.NCUSamples)
	}
	ncuOrder, errs, err := readDrvLines(in.NCUSamplesDrv)
	if err != nil {
		return nil, err
	}
	t.Errors = append(t.Errors, errs...)
	// The ncu rows are the successful launches of the ncu pass, in order; the
	// driver's own lines of that pass say which module each one ran.
	if ncuOrder == nil {
		ncuOrder = events
	}
	if samplesNCU != nil && len(samplesNCU) != len(ncuOrder) {
		note("ncu profiled %d sample launches, the driver reported %d: rows matched by kernel name in order", len(samplesNCU), len(ncuOrder))
	}
	ncuFor := func(i int, kernel string) *NCUKernel {
		if len(samplesNCU) == len(ncuOrder) && i < len(samplesNCU) && strings.Contains(samplesNCU[i].Name, kernel) {
			return &samplesNCU[i]
		}
		return nil
	}
	for _, e := range events {
		st := SampleTiming{Sample: e.Sample, Kernel: e.Kernel, Variant: e.Variant, Module: e.Module,
			Grid: e.Grid, Block: e.Block, EventMS: e.EventMS}
		if len(e.EventMS) > 0 {
			st.EventMinMS = e.EventMS[0]
			for _, v := range e.EventMS {
				st.EventMinMS = min(st.EventMinMS, v)
			}
			st.EventCycles = st.EventMinMS * clockKHz // ms * kHz = cycles
		}
		for j, o := range ncuOrder {
			if o.Sample == e.Sample && o.Module == e.Module {
				st.NCU = ncuFor(j, e.Kernel)
			}
		}
		t.Samples = append(t.Samples, st)
	}
	benchNCU, err := readNCUFile(in.NCUBench)
	if err != nil {
		return nil, err
	}
	if in.NCUBench != "" && benchNCU == nil {
		note("%s: no ncu profile of the microbenchmarks", in.NCUBench)
	}
	for _, k := range benchNCU {
		t.NCU.Bench = append(t.NCU.Bench, BenchKernel{Measures: benchMeasures(k.Name, bench), NCUKernel: k})
	}
	sort.SliceStable(t.Samples, func(i, j int) bool {
		if t.Samples[i].Sample != t.Samples[j].Sample {
			return t.Samples[i].Sample < t.Samples[j].Sample
		}
		return t.Samples[i].Variant < t.Samples[j].Variant
	})
	return t, nil
}

// ncuSections and ncuMetrics are what run.sh asks ncu for (kept here so
// timing.json records them; TestRunScriptNcuSettings checks they agree).
var (
	ncuSections = []string{"SpeedOfLight", "LaunchStats", "Occupancy", "WarpStateStats", "SchedulerStats", "InstructionStats"}
	ncuMetrics  = []string{"sm__cycles_elapsed.max", "sm__cycles_elapsed.avg", "sm__cycles_elapsed.avg.per_second",
		"sm__cycles_active.avg", "smsp__inst_executed.sum", "smsp__cycles_active.avg", "gpu__time_duration.sum",
		"launch__registers_per_thread", "sm__warps_active.avg.pct_of_peak_sustained_active"}
)

// ReadTiming loads timing.json and checks its format.
func ReadTiming(path string) (*TimingFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var t TimingFile
	if err := json.Unmarshal(b, &t); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if t.Format != TimingFormat {
		return nil, fmt.Errorf("%s: format %q, want %q", path, t.Format, TimingFormat)
	}
	for i, s := range t.Samples {
		if s.Sample == "" || s.Kernel == "" || s.Variant == "" {
			return nil, fmt.Errorf("%s: samples[%d]: sample, kernel and variant must be set", path, i)
		}
	}
	return &t, nil
}

// runTiming is `silicon timing ...`: builds timing.json.
func runTiming(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("silicon timing", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var in TimingInputs
	fs.StringVar(&in.Summary, "summary", "", "summary.json of the full capture (device and clock64 figures)")
	fs.StringVar(&in.Events, "events", "", "sampledrv's output of the event-timed runs")
	fs.StringVar(&in.NCUSamples, "ncu-samples", "", "ncu raw-page CSV of the sample kernels")
	fs.StringVar(&in.NCUSamplesDrv, "ncu-samples-drv", "", "sampledrv's output under ncu (which module each row ran)")
	fs.StringVar(&in.NCUBench, "ncu-bench", "", "ncu raw-page CSV of the microbenchmark kernels")
	fs.StringVar(&in.NCUVersion, "ncu-version", "", "ncu --version output")
	fs.StringVar(&in.Machine, "machine", "", "the machine description (nvidia-smi query)")
	fs.StringVar(&in.BuiltBy, "built-by", "", "which nvcc built the CUDA programs")
	out := fs.String("o", "-", "where to write timing.json (- for standard output)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(stderr, "silicon timing: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	t, err := BuildTiming(in)
	if err != nil {
		fmt.Fprintf(stderr, "silicon timing: %v\n", err)
		return 2
	}
	if err := writeJSON(*out, stdout, t); err != nil {
		fmt.Fprintf(stderr, "silicon timing: %v\n", err)
		return 1
	}
	for _, e := range t.Errors {
		fmt.Fprintf(stderr, "silicon timing: note: %s\n", e)
	}
	return 0
}
