package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/sim/report"
	"github.com/gpusim/gpusim/traces"
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

func (v varyList) keys() []string {
	out := make([]string, len(v))
	for i, a := range v {
		out[i] = a.key
	}
	return out
}

// sweepOutputs are the files a sweep writes beside its table.
type sweepOutputs struct {
	csv, json, html string
}

func (o *sweepOutputs) register(fs *flag.FlagSet) {
	fs.StringVar(&o.csv, "csv", "", "also write the table as CSV to this file")
	fs.StringVar(&o.json, "json", "", "also write the results as JSON to this file")
	fs.StringVar(&o.html, "html", "", "also write a self-contained HTML page plotting each metric against each varied key")
}

// write prints the table and writes the requested files.
func (o *sweepOutputs) write(s *report.Sweep, stdout io.Writer) error {
	if err := s.WriteTable(stdout); err != nil {
		return err
	}
	for _, f := range []struct {
		flag, path string
		write      func(io.Writer) error
	}{{"-csv", o.csv, s.WriteCSV}, {"-json", o.json, s.WriteJSON}, {"-html", o.html, s.WriteHTML}} {
		if f.path == "" {
			continue
		}
		if err := report.WriteFile(f.path, f.write); err != nil {
			return fmt.Errorf("%s: %v", f.flag, err)
		}
	}
	return nil
}

// cmdSweep runs a trace once per combination of the -vary values (the
// cartesian product, last axis fastest), in parallel, and prints one row per
// combination: a what-if study in one command. With -slurm DIR it writes a
// Slurm job array instead (slurm.go); `sweep merge DIR` assembles its
// results and `sweep task DIR` is what each array task runs.
func cmdSweep(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "merge":
			return cmdSweepMerge(args[1:], stdout, stderr)
		case "task":
			return cmdSweepTask(args[1:], stdout, stderr)
		}
	}
	fs := flag.NewFlagSet("gpusim sweep", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f runFlags
	f.register(fs)
	var vary varyList
	fs.Var(&vary, "vary", "a machine model value to sweep, key.path=v1,v2,... (repeatable: the cartesian product runs)")
	var outs sweepOutputs
	outs.register(fs)
	reports := fs.String("reports", "", "also write each run's full JSON report to DIR/NNNN.json (for gpusim compare)")
	jobs := fs.Int("j", runtime.GOMAXPROCS(0), "runs at the same time")
	var sl slurmFlags
	sl.register(fs)
	tracePath, status, ok := parseTraceArgs(fs, args, stderr, "gpusim sweep [flags] -vary key.path=v1,v2,... TRACE\n       gpusim sweep merge DIR\n       gpusim sweep task DIR [INDEX]", "sweep: ")
	if !ok {
		return status
	}
	if len(vary) == 0 {
		return errorf(stderr, exitUsage, "sweep: nothing to vary (give -vary key.path=v1,v2,...)")
	}
	if *jobs < 1 {
		return errorf(stderr, exitUsage, "sweep: -j %d: want at least 1", *jobs)
	}
	defer holdHeap(uint64(f.maxMemory))()
	prog, err := f.loadTrace(tracePath)
	if err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	points := combinations(vary)
	// Check every combination's machine model, and the launch, before
	// running any, so that a bad value is reported at once, not after the
	// others ran. Only the first point's launch is laid out in memory now;
	// the others are prepared when a worker takes them, so the memory a
	// sweep holds is bounded by -j, not by the number of points.
	machines := make([]*config.Machine, len(points))
	for i, values := range points {
		if machines[i], err = f.machine(setsOf(vary, values)); err != nil {
			return errorf(stderr, exitUsage, "sweep %s: %v", strings.Join(setsOf(vary, values), " "), err)
		}
	}
	if sl.dir != "" {
		if _, err := f.prepareOn(machines[0], prog, tracePath, 0); err != nil {
			return errorf(stderr, exitUsage, "sweep %s: %v", strings.Join(setsOf(vary, points[0]), " "), err)
		}
		if err := writeSlurm(&sl, &f, &outs, tracePath, vary, points, stdout); err != nil {
			return errorf(stderr, exitUsage, "-slurm: %v", err)
		}
		return exitOK
	}
	perRun, why := sweepBudget(uint64(f.maxMemory), *jobs)
	first, err := f.prepareOn(machines[0], prog, tracePath, perRun)
	if err != nil {
		return errorf(stderr, exitUsage, "sweep %s: %v%s", strings.Join(setsOf(vary, points[0]), " "), err, why)
	}
	plan := &outputPlan{}
	plan.input("the trace", tracePath)
	plan.add("-csv", outs.csv)
	plan.add("-json", outs.json)
	plan.add("-html", outs.html)
	if *reports != "" {
		for i := range points {
			plan.add("-reports", filepath.Join(*reports, pointName(i)+".json"))
		}
	}
	if err := plan.check(); err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	in := interruptible(stderr)
	defer in.release()
	bar := newProgress(stderr, f.quiet, sweepTemplate, "sweep ", int64(len(points)))
	bar.start()
	sr := &sweepRun{f: &f, prog: prog, tracePath: tracePath, vary: vary, points: points, machines: machines,
		first: first, budget: perRun, why: why, reports: *reports, stop: in.stop, bar: bar}
	results := sr.runAll(*jobs)
	bar.finish()
	sw := &report.Sweep{Trace: tracePath, Config: f.config, Overrides: append([]string{}, f.sets...), Keys: vary.keys()}
	if in.interrupted() {
		sw.Partial = "interrupted by " + signalName(in.signal())
	}
	status = exitOK
	for i, values := range points {
		pt := report.SweepPoint{Values: values}
		if r := results[i]; r.err != nil {
			pt.Err = r.err.Error()
		} else {
			pt.Kernel = r.doc(tracePath)
		}
		sw.Points = append(sw.Points, pt)
		if results[i].writeErr != nil {
			status = errorf(stderr, exitUsage, "-reports: %v", results[i].writeErr)
		}
	}
	if err := outs.write(sw, stdout); err != nil {
		status = errorf(stderr, exitUsage, "%v", err)
	}
	if in.interrupted() {
		return errorf(stderr, in.status(), "sweep %s: %d of %d runs finished; the table and files above are partial", sw.Partial, len(points)-sw.Failed(), len(points))
	}
	if s := sweepStatus(sw, results, stderr); s != exitOK {
		return s
	}
	return status
}

// sweepBudget is the memory budget of each of jobs concurrent runs: the
// run's budget (maxMemory, 0 the default) shared among them; why says so
// for messages.
func sweepBudget(maxMemory uint64, jobs int) (uint64, string) {
	total := maxMemory
	if total == 0 {
		total, _ = sim.DefaultMemoryBudget()
	}
	if jobs <= 1 {
		return maxMemory, ""
	}
	each := total / uint64(jobs)
	return each, fmt.Sprintf(" (the -j %d runs at a time share the budget of %s: %s each; a smaller -j gives each more)", jobs, sim.FormatBytes(total), sim.FormatBytes(each))
}

// pointResult is what one run of a sweep gave: its counters or its error,
// the machine it ran on, and the error of writing its -reports file.
type pointResult struct {
	stats    *sim.KernelStats
	err      error
	machine  *config.Machine
	writeErr error
}

// report is the run's report (timing mode, no outputs written).
func (r pointResult) report(tracePath string) *sim.Report {
	return &sim.Report{Trace: tracePath, Machine: r.machine, Kernels: []*sim.KernelStats{r.stats}}
}

// doc is the run's launch as the views read it.
func (r pointResult) doc(tracePath string) *sim.KernelDoc {
	return &r.report(tracePath).Doc(false).Kernels[0]
}

// status is the exit status a failed run stands for.
func (r pointResult) status() int {
	var me mergedError
	if errors.As(r.err, &me) {
		return me.status
	}
	var fe *sim.FaultError
	if errors.As(r.err, &fe) {
		return exitFault
	}
	return exitUsage
}

// sweepStatus is the sweep's exit status: 0 when every run succeeded, else
// that of the failures (2 when any was not a fault of the program, else 1),
// with a line on stderr.
func sweepStatus(sw *report.Sweep, results []pointResult, stderr io.Writer) int {
	n := sw.Failed()
	if n == 0 {
		return exitOK
	}
	status := exitFault
	for _, r := range results {
		if r.err != nil && r.status() == exitUsage {
			status = exitUsage
		}
	}
	return errorf(stderr, status, "sweep: %d of %d runs failed (their rows give the errors)", n, len(sw.Points))
}

// combinations lists the cartesian product of the axes, last axis fastest.
func combinations(vary varyList) [][]string {
	points := [][]string{{}}
	for _, axis := range vary {
		var next [][]string
		for _, p := range points {
			for _, v := range axis.values {
				next = append(next, append(append([]string(nil), p...), v))
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

// sweepRun is a local sweep in progress.
type sweepRun struct {
	f         *runFlags
	prog      *traces.Program
	tracePath string
	vary      varyList
	points    [][]string
	machines  []*config.Machine
	first     *sim.Prepared // point 0, prepared when the sweep was checked (its worker runs it)
	budget    uint64        // memory budget of one run
	why       string        // how the budget was shared, for messages
	reports   string        // -reports DIR
	stop      <-chan struct{}
	bar       *progress
}

// runAll runs every point, jobs at a time: each worker prepares its point
// (its own memory and machine, so runs share nothing), times it, writes its
// -reports file at once and lets its memory go. Results land by index, so
// the order of the output never depends on which run finished first. Once
// stop is closed the running points end with the statistics so far and the
// others are not started; both are failed rows saying so.
func (sr *sweepRun) runAll(jobs int) []pointResult {
	results := make([]pointResult, len(sr.points))
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(jobs, len(sr.points)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				results[i] = sr.runPoint(i)
				sr.bar.add(1)
			}
		}()
	}
	for i := range sr.points {
		if stopped(sr.stop) {
			results[i] = sr.notRun(i)
			continue
		}
		work <- i
	}
	close(work)
	wg.Wait()
	return results
}

// errNotRun is the row of a point an interrupt kept from starting.
var errNotRun = errors.New("not run: the sweep was interrupted")

// notRun is the result of point i, which an interrupt kept from starting
// (with its -reports file saying so).
func (sr *sweepRun) notRun(i int) pointResult {
	r := pointResult{err: errNotRun, machine: sr.machines[i]}
	if sr.reports != "" {
		r.writeErr = writePointResult(sr.reports, i, setsOf(sr.vary, sr.points[i]), r, sr.tracePath)
	}
	return r
}

// runPoint prepares, times and reports point i.
func (sr *sweepRun) runPoint(i int) (r pointResult) {
	r.machine = sr.machines[i]
	defer func() {
		if p := recover(); p != nil {
			r.err = fmt.Errorf("internal error (a gpusim bug; please report it): %v", p)
		}
	}()
	if stopped(sr.stop) {
		return sr.notRun(i)
	}
	var p *sim.Prepared
	if i == 0 {
		p, sr.first = sr.first, nil // only the worker of point 0 touches it
	}
	if p == nil {
		var err error
		if p, err = sr.f.prepareOn(sr.machines[i], sr.prog, sr.tracePath, sr.budget); err != nil {
			r.err = fmt.Errorf("%v%s", err, sr.why)
			return r
		}
	}
	p.Limits.Stop = sr.stop
	r.stats, r.err = sim.RunTiming(p, sim.TimingOptions{})
	releasePoint(p, sr.budget)
	if r.err != nil {
		var ie *sim.InterruptError
		if errors.As(r.err, &ie) && r.stats != nil && r.stats.Timing != nil {
			r.err = fmt.Errorf("interrupted at cycle %d (%d of %d blocks finished)", r.stats.Timing.Cycles, r.stats.Partial.BlocksDone, r.stats.Partial.Blocks)
		}
	}
	if sr.reports != "" {
		r.writeErr = writePointResult(sr.reports, i, setsOf(sr.vary, sr.points[i]), r, sr.tracePath)
	}
	return r
}

// releasePoint gives a finished point's buffers back to the system when
// they are a large part of its budget: the Go collector, held to the budget
// by a soft limit, may not keep up on a loaded machine (its share of the
// processor is capped), and the next points would then add up.
func releasePoint(p *sim.Prepared, budget uint64) {
	var n uint64
	for _, s := range p.Global.Allocations() {
		n += uint64(len(s.Data))
	}
	if budget == 0 {
		budget, _ = sim.DefaultMemoryBudget()
	}
	if n >= budget/8 {
		p.Global = nil // what the report needs was gathered
		debug.FreeOSMemory()
	}
}

// stopped reports whether ch has been closed.
func stopped(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// runOne prepares and times one point (a Slurm array task).
func runOne(f *runFlags, prog *traces.Program, tracePath string, sets []string) (*sim.Prepared, pointResult, error) {
	_, p, err := f.prepare(prog, tracePath, sets)
	if err != nil {
		return nil, pointResult{}, err
	}
	st, err := sim.RunTiming(p, sim.TimingOptions{})
	return p, pointResult{stats: st, err: err, machine: p.Machine}, nil
}
