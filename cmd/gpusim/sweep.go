package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/gpusim/gpusim/core"
	"github.com/gpusim/gpusim/sim"
)

// varyFlag is one -vary key=v1,v2,... axis of a sweep.
type varyFlag struct {
	key    string
	values []string
}

type varyList []varyFlag

func (v *varyList) String() string { return "" }

func (v *varyList) Set(s string) error {
	key, vals, ok := strings.Cut(s, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" || strings.TrimSpace(vals) == "" {
		return fmt.Errorf("want key.path=v1,v2,..., got %q", s)
	}
	var values []string
	for _, x := range strings.Split(vals, ",") {
		if x = strings.TrimSpace(x); x == "" {
			return fmt.Errorf("empty value in %q", s)
		}
		values = append(values, x)
	}
	for _, prev := range *v {
		if prev.key == key {
			return fmt.Errorf("%s is varied twice", key)
		}
	}
	*v = append(*v, varyFlag{key: key, values: values})
	return nil
}

// sweepPoint is one combination of the varied values and what it measured.
type sweepPoint struct {
	values []string // one per -vary axis, in flag order
	stats  *sim.KernelStats
	err    error
}

// cmdSweep runs a trace once per combination of the -vary values (the
// cartesian product, last axis fastest), in parallel, and prints one row per
// combination: a what-if study in one command.
func cmdSweep(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gpusim sweep", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f runFlags
	f.register(fs)
	var vary varyList
	fs.Var(&vary, "vary", "a machine model value to sweep, key.path=v1,v2,... (repeatable: the cartesian product runs)")
	csvPath := fs.String("csv", "", "also write the table as CSV to this file")
	jsonPath := fs.String("json", "", "also write the results as JSON to this file")
	jobs := fs.Int("j", runtime.GOMAXPROCS(0), "runs at the same time")
	tracePath, status, ok := parseTraceArgs(fs, args, stderr, "gpusim sweep [flags] -vary key.path=v1,v2,... TRACE", "sweep: ")
	if !ok {
		return status
	}
	if len(vary) == 0 {
		return errorf(stderr, exitUsage, "sweep: nothing to vary (give -vary key.path=v1,v2,...)")
	}
	if *jobs < 1 {
		return errorf(stderr, exitUsage, "sweep: -j %d: want at least 1", *jobs)
	}
	prog, err := loadTrace(tracePath)
	if err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	points := combinations(vary)
	// Check every combination's machine and launch before running any, so
	// that a bad value is reported at once, not after the others ran.
	prepared := make([]*sim.Prepared, len(points))
	for i, pt := range points {
		if _, prepared[i], err = f.prepare(prog, tracePath, setsOf(vary, pt.values)); err != nil {
			return errorf(stderr, exitUsage, "sweep %s: %v", strings.Join(setsOf(vary, pt.values), " "), err)
		}
	}
	runAll(prepared, points, *jobs)
	for _, pt := range points {
		if pt.err != nil {
			status := exitUsage
			var fe *sim.FaultError
			if errors.As(pt.err, &fe) {
				status = exitFault
			}
			return errorf(stderr, status, "sweep %s: %v", strings.Join(setsOf(vary, pt.values), " "), pt.err)
		}
	}
	if err := writeSweepTable(stdout, tracePath, &f, vary, points); err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	if *csvPath != "" {
		if err := writeFileWith(*csvPath, func(w io.Writer) error { return writeSweepCSV(w, vary, points) }); err != nil {
			return errorf(stderr, exitUsage, "-csv: %v", err)
		}
	}
	if *jsonPath != "" {
		if err := writeFileWith(*jsonPath, func(w io.Writer) error { return writeSweepJSON(w, tracePath, &f, vary, points) }); err != nil {
			return errorf(stderr, exitUsage, "-json: %v", err)
		}
	}
	return exitOK
}

// combinations lists the cartesian product of the axes, last axis fastest.
func combinations(vary varyList) []*sweepPoint {
	points := []*sweepPoint{{}}
	for _, axis := range vary {
		var next []*sweepPoint
		for _, p := range points {
			for _, v := range axis.values {
				next = append(next, &sweepPoint{values: append(append([]string(nil), p.values...), v)})
			}
		}
		points = next
	}
	return points
}

// setsOf turns one combination into -set overrides.
func setsOf(vary varyList, values []string) []string {
	sets := make([]string, len(vary))
	for i, axis := range vary {
		sets[i] = axis.key + "=" + values[i]
	}
	return sets
}

// runAll times every prepared launch, jobs at a time. Each run owns its
// memory and machine, so runs share nothing; results land by index, so the
// order of the output never depends on which run finished first.
func runAll(prepared []*sim.Prepared, points []*sweepPoint, jobs int) {
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(jobs, len(points)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				points[i].stats, points[i].err = sim.RunTiming(prepared[i], sim.TimingOptions{})
			}
		}()
	}
	for i := range points {
		work <- i
	}
	close(work)
	wg.Wait()
}

// sweepColumns are the measured columns, after the varied values.
func sweepColumns() []string {
	return []string{"cycles", "vs first", "IPC", "occupancy", "L1 hit", "L2 hit", "top stall"}
}

func sweepRow(pt *sweepPoint, first *sweepPoint) []string {
	t := pt.stats.Timing
	top, topShare := topStall(t)
	return []string{
		strconv.FormatUint(t.Cycles, 10),
		fmt.Sprintf("%.3f", float64(t.Cycles)/float64(max(first.stats.Timing.Cycles, 1))),
		fmt.Sprintf("%.3f", t.IPC),
		fmt.Sprintf("%.1f%%", 100*t.Occupancy.Achieved),
		fmt.Sprintf("%.1f%%", 100*t.Memory.L1HitRate),
		fmt.Sprintf("%.1f%%", 100*t.Memory.L2HitRate),
		fmt.Sprintf("%s %.0f%%", top, 100*topShare),
	}
}

// topStall is the warp state other than "selected" with the most cycles.
func topStall(t *sim.TimingStats) (string, float64) {
	var total, best uint64
	bestReason := core.Reason(0)
	for r := core.Reason(0); r < core.NumReasons; r++ {
		total += t.Stalls[r]
		if r != core.Selected && t.Stalls[r] > best {
			best, bestReason = t.Stalls[r], r
		}
	}
	if total == 0 {
		return "-", 0
	}
	return bestReason.String(), float64(best) / float64(total)
}

func writeSweepTable(w io.Writer, tracePath string, f *runFlags, vary varyList, points []*sweepPoint) error {
	var b strings.Builder
	fmt.Fprintf(&b, "gpusim sweep: %s on %s, %d runs\n", tracePath, f.config, len(points))
	if len(f.sets) > 0 {
		fmt.Fprintf(&b, "overrides: %s\n", strings.Join(f.sets, " "))
	}
	fmt.Fprintf(&b, "kernel %s\n\n", points[0].stats.Name)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, axis := range vary {
		fmt.Fprintf(tw, "%s\t", axis.key)
	}
	fmt.Fprintf(tw, "%s\t\n", strings.Join(sweepColumns(), "\t"))
	for _, pt := range points {
		fmt.Fprintf(tw, "%s\t%s\t\n", strings.Join(pt.values, "\t"), strings.Join(sweepRow(pt, points[0]), "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeSweepCSV writes one row per run with plain numbers (fractions, not
// percentages) for spreadsheets and scripts.
func writeSweepCSV(w io.Writer, vary varyList, points []*sweepPoint) error {
	cw := csv.NewWriter(w)
	head := make([]string, 0, len(vary)+9)
	for _, axis := range vary {
		head = append(head, axis.key)
	}
	head = append(head, "cycles", "relative_cycles", "ipc", "warp_instructions", "achieved_occupancy",
		"l1_hit_rate", "l2_hit_rate", "top_stall", "top_stall_share")
	if err := cw.Write(head); err != nil {
		return err
	}
	first := max(points[0].stats.Timing.Cycles, 1)
	for _, pt := range points {
		t := pt.stats.Timing
		top, share := topStall(t)
		row := append(append([]string(nil), pt.values...),
			strconv.FormatUint(t.Cycles, 10),
			strconv.FormatFloat(float64(t.Cycles)/float64(first), 'g', 6, 64),
			strconv.FormatFloat(t.IPC, 'g', 6, 64),
			strconv.FormatUint(pt.stats.WarpInsts, 10),
			strconv.FormatFloat(t.Occupancy.Achieved, 'g', 6, 64),
			strconv.FormatFloat(t.Memory.L1HitRate, 'g', 6, 64),
			strconv.FormatFloat(t.Memory.L2HitRate, 'g', 6, 64),
			top,
			strconv.FormatFloat(share, 'g', 6, 64))
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// sweepJSON is the -json schema of a sweep (docs/report-json.md).
type sweepJSON struct {
	Trace     string           `json:"trace"`
	Config    string           `json:"config"`
	Overrides []string         `json:"overrides"`
	Vary      []string         `json:"vary"`
	Runs      []sweepJSONPoint `json:"runs"`
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

func writeSweepJSON(w io.Writer, tracePath string, f *runFlags, vary varyList, points []*sweepPoint) error {
	out := sweepJSON{Trace: tracePath, Config: f.config, Overrides: append([]string{}, f.sets...), Vary: []string{}}
	for _, axis := range vary {
		out.Vary = append(out.Vary, axis.key)
	}
	for _, pt := range points {
		t := pt.stats.Timing
		jp := sweepJSONPoint{
			Sets: setsOf(vary, pt.values), Cycles: t.Cycles, IPC: t.IPC, WarpInstructions: pt.stats.WarpInsts,
			AchievedOccupancy: t.Occupancy.Achieved, L1HitRate: t.Memory.L1HitRate, L2HitRate: t.Memory.L2HitRate,
			Stalls: map[string]uint64{},
		}
		for r := core.Reason(0); r < core.NumReasons; r++ {
			jp.Stalls[r.String()] = t.Stalls[r] // encoding/json sorts map keys
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

func writeFileWith(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
