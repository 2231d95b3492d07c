package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/sim/report"
)

// A sweep at cluster scale: `gpusim sweep ... -slurm DIR` writes, instead of
// running, a folder holding
//
//	manifest.json      what to run: the trace, machine, launch, limits, axes
//	points/NNNN.json   one small input file per point (its -set values)
//	sweep.sbatch       a Slurm job array, one task per point
//	README             how to submit it and merge the results
//	results/, logs/    where the tasks write
//
// Each array task runs `gpusim sweep task DIR` with the binary that wrote
// the folder; it reads SLURM_ARRAY_TASK_ID, runs that point and writes
// results/NNNN.json (the point's JSON report, as `gpusim -json
// -no-wall-time` writes it) and results/NNNN.csv (its CSV row), or
// results/NNNN.error.json when the run failed. `gpusim sweep merge DIR`
// reads them back and prints and writes exactly what the local sweep of
// the same points would; a failed or missing point is a row with its error.

// slurmFlags are the sweep's cluster options.
type slurmFlags struct {
	dir    string
	sbatch stringList
}

func (s *slurmFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.dir, "slurm", "", "write a Slurm job array (one task per point) into this folder instead of running")
	fs.Var(&s.sbatch, "sbatch", "an extra #SBATCH option for the job array, e.g. --time=00:30:00 (repeatable)")
}

// manifestVersion is the manifest's format.
const manifestVersion = 1

// sweepManifest is DIR/manifest.json.
type sweepManifest struct {
	Version int `json:"gpusim_sweep"`
	// Trace and Config are as given on the command line (what the outputs
	// show); TracePath and ConfigPath are what the tasks open (absolute
	// paths; ConfigPath is the preset name when no such file exists).
	Trace        string        `json:"trace"`
	TracePath    string        `json:"trace_path"`
	Config       string        `json:"config"`
	ConfigPath   string        `json:"config_path"`
	Sets         []string      `json:"sets"`
	Launch       string        `json:"launch"`
	Kernel       string        `json:"kernel"`
	Grid         string        `json:"grid"`
	Block        string        `json:"block"`
	MaxWarpInsts uint64        `json:"max_warp_instructions"`
	MaxCycles    uint64        `json:"max_cycles"`
	Vary         []manifestKey `json:"vary"`
	Points       int           `json:"points"`
	// Outputs are the -csv, -json and -html files given with -slurm
	// (absolute): merge writes them unless told otherwise.
	Outputs manifestOutputs `json:"outputs"`
}

type manifestKey struct {
	Key    string   `json:"key"`
	Values []string `json:"values"`
}

type manifestOutputs struct {
	CSV  string `json:"csv,omitempty"`
	JSON string `json:"json,omitempty"`
	HTML string `json:"html,omitempty"`
}

// pointFile is DIR/points/NNNN.json.
type pointFile struct {
	Index  int      `json:"index"`
	Values []string `json:"values"`
	Sets   []string `json:"sets"`
}

// pointError is DIR/results/NNNN.error.json.
type pointError struct {
	Index      int      `json:"index"`
	Sets       []string `json:"sets"`
	Error      string   `json:"error"`
	ExitStatus int      `json:"exit_status"`
}

func pointName(i int) string { return fmt.Sprintf("%04d", i) }

// absPath makes a path absolute; "" stays "".
func absPath(p string) (string, error) {
	if p == "" {
		return "", nil
	}
	return filepath.Abs(p)
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// writeSlurm writes the job array folder.
func writeSlurm(sl *slurmFlags, f *runFlags, outs *sweepOutputs, tracePath string, vary varyList, points [][]string, stdout io.Writer) error {
	dir, err := filepath.Abs(sl.dir)
	if err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding the gpusim binary: %v", err)
	}
	if exe, err = filepath.EvalSymlinks(exe); err != nil {
		return fmt.Errorf("finding the gpusim binary: %v", err)
	}
	m := sweepManifest{Version: manifestVersion, Trace: tracePath, Config: f.config, ConfigPath: f.config,
		Sets: append([]string{}, f.sets...), Kernel: f.kernel, Grid: f.grid.String(), Block: f.block.String(),
		MaxWarpInsts: f.maxInsts, MaxCycles: f.maxCycles, Points: len(points)}
	if m.TracePath, err = filepath.Abs(tracePath); err != nil {
		return err
	}
	if st, err := os.Stat(f.config); err == nil && !st.IsDir() {
		if m.ConfigPath, err = filepath.Abs(f.config); err != nil {
			return err
		}
	}
	if m.Launch, err = absPath(f.launch); err != nil {
		return err
	}
	for _, a := range vary {
		m.Vary = append(m.Vary, manifestKey{Key: a.key, Values: a.values})
	}
	for _, o := range []struct {
		in  string
		out *string
	}{{outs.csv, &m.Outputs.CSV}, {outs.json, &m.Outputs.JSON}, {outs.html, &m.Outputs.HTML}} {
		if *o.out, err = absPath(o.in); err != nil {
			return err
		}
	}
	for _, sub := range []string{"points", "results", "logs"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
	}
	if err := writeJSONFile(filepath.Join(dir, "manifest.json"), m); err != nil {
		return err
	}
	for i, values := range points {
		pf := pointFile{Index: i, Values: values, Sets: setsOf(vary, values)}
		if err := writeJSONFile(filepath.Join(dir, "points", pointName(i)+".json"), pf); err != nil {
			return err
		}
	}
	script := slurmScript(exe, dir, tracePath, f.config, vary, len(points), sl.sbatch)
	if err := report.WriteFile(filepath.Join(dir, "sweep.sbatch"), func(w io.Writer) error { _, err := io.WriteString(w, script); return err }); err != nil {
		return err
	}
	if err := os.Chmod(filepath.Join(dir, "sweep.sbatch"), 0o755); err != nil {
		return err
	}
	readme := fmt.Sprintf(`gpusim sweep of %s on %s: %d runs varying %s.

Submit the job array (one task per run):   sbatch %s
then, when it has finished, assemble the table, CSV, JSON and HTML:
    %s sweep merge %s

The tasks run %s
on the trace %s; both must be readable at those paths on the compute nodes.
Each task writes results/NNNN.json (its JSON report) and results/NNNN.csv,
or results/NNNN.error.json when its run failed; Slurm's logs go to logs/.
A task can be rerun alone: SLURM_ARRAY_TASK_ID=N %s sweep task %s
`, tracePath, f.config, len(points), strings.Join(vary.keys(), ", "),
		shellQuote(filepath.Join(dir, "sweep.sbatch")), shellQuote(exe), shellQuote(dir), exe, m.TracePath, shellQuote(exe), shellQuote(dir))
	if err := report.WriteFile(filepath.Join(dir, "README"), func(w io.Writer) error { _, err := io.WriteString(w, readme); return err }); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "gpusim sweep: wrote a Slurm job array of %d runs to %s\nsubmit it with:  sbatch %s\nthen merge with: %s sweep merge %s\n",
		len(points), dir, shellQuote(filepath.Join(dir, "sweep.sbatch")), shellQuote(exe), shellQuote(dir))
	return nil
}

// slurmScript is the job array's batch script.
func slurmScript(exe, dir, trace, cfg string, vary varyList, n int, extra []string) string {
	var b strings.Builder
	b.WriteString("#!/bin/bash\n")
	fmt.Fprintf(&b, "# gpusim sweep: %d runs of %s on %s varying %s.\n", n, trace, cfg, strings.Join(vary.keys(), ", "))
	fmt.Fprintf(&b, "# Submit with: sbatch %s\n", shellQuote(filepath.Join(dir, "sweep.sbatch")))
	fmt.Fprintf(&b, "# Merge with:  %s sweep merge %s\n", shellQuote(exe), shellQuote(dir))
	b.WriteString("#SBATCH --job-name=gpusim-sweep\n")
	fmt.Fprintf(&b, "#SBATCH --array=0-%d\n", n-1)
	b.WriteString("#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n")
	fmt.Fprintf(&b, "#SBATCH --output=%s\n", filepath.Join(dir, "logs", "%A_%a.out"))
	for _, o := range extra {
		fmt.Fprintf(&b, "#SBATCH %s\n", o)
	}
	b.WriteString("set -eu\n")
	fmt.Fprintf(&b, "exec %s sweep task %s\n", shellQuote(exe), shellQuote(dir))
	return b.String()
}

func writeJSONFile(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return report.WriteFile(path, func(w io.Writer) error { _, err := w.Write(append(data, '\n')); return err })
}

func readJSONFile(path string, v any) error {
	data, err := diag.ReadFile(path, "JSON file", diag.ReportFileLimit)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}

// readManifest loads a job array folder's manifest.
func readManifest(dir string) (*sweepManifest, error) {
	var m sweepManifest
	if err := readJSONFile(filepath.Join(dir, "manifest.json"), &m); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: not a gpusim sweep folder (no manifest.json; write one with gpusim sweep -slurm %s)", dir, dir)
		}
		return nil, err
	}
	if m.Version != manifestVersion {
		return nil, fmt.Errorf("%s: manifest format %d, this gpusim reads %d", filepath.Join(dir, "manifest.json"), m.Version, manifestVersion)
	}
	return &m, nil
}

// runFlags are the manifest's run options.
func (m *sweepManifest) runFlags() (*runFlags, error) {
	f := &runFlags{config: m.ConfigPath, sets: append(stringList(nil), m.Sets...), launch: m.Launch, kernel: m.Kernel,
		maxInsts: m.MaxWarpInsts, maxCycles: m.MaxCycles}
	if m.Grid != "" {
		if err := f.grid.Set(m.Grid); err != nil {
			return nil, fmt.Errorf("manifest grid: %v", err)
		}
	}
	if m.Block != "" {
		if err := f.block.Set(m.Block); err != nil {
			return nil, fmt.Errorf("manifest block: %v", err)
		}
	}
	return f, nil
}

// writePointResult writes what point i gave into dir: NNNN.json and
// NNNN.csv, or NNNN.error.json (and removes a stale file of the other
// kind, so a rerun task replaces its result).
func writePointResult(dir string, i int, sets []string, r pointResult, tracePath string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	base := filepath.Join(dir, pointName(i))
	if r.err != nil {
		for _, stale := range []string{base + ".json", base + ".csv"} {
			if err := os.Remove(stale); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
		return writeJSONFile(base+".error.json", pointError{Index: i, Sets: sets, Error: r.err.Error(), ExitStatus: r.status()})
	}
	rep := r.report(tracePath)
	data, err := rep.JSON(false)
	if err != nil {
		return err
	}
	if err := report.WriteFile(base+".json", func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return err
	}
	launches := report.Launches(rep.Doc(false))
	if err := report.WriteFile(base+".csv", func(w io.Writer) error { return report.WriteLaunchCSV(w, launches) }); err != nil {
		return err
	}
	if err := os.Remove(base + ".error.json"); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// cmdSweepTask runs one point of a job array folder: the one numbered by
// the INDEX argument, else by SLURM_ARRAY_TASK_ID.
func cmdSweepTask(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gpusim sweep task", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gpusim sweep task DIR [INDEX]   (INDEX defaults to $SLURM_ARRAY_TASK_ID)")
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() < 1 || fs.NArg() > 2 {
		fs.Usage()
		return errorf(stderr, exitUsage, "sweep task: want DIR [INDEX], got %d arguments", fs.NArg())
	}
	dir := fs.Arg(0)
	idx := os.Getenv("SLURM_ARRAY_TASK_ID")
	from := "SLURM_ARRAY_TASK_ID"
	if fs.NArg() == 2 {
		idx, from = fs.Arg(1), "INDEX"
	}
	if idx == "" {
		return errorf(stderr, exitUsage, "sweep task: no point given (set SLURM_ARRAY_TASK_ID or give INDEX)")
	}
	m, err := readManifest(dir)
	if err != nil {
		return errorf(stderr, exitUsage, "sweep task: %v", err)
	}
	i, err := strconv.Atoi(idx)
	if err != nil || i < 0 || i >= m.Points {
		return errorf(stderr, exitUsage, "sweep task: %s=%q: want a point number 0..%d", from, idx, m.Points-1)
	}
	var pf pointFile
	if err := readJSONFile(filepath.Join(dir, "points", pointName(i)+".json"), &pf); err != nil {
		return errorf(stderr, exitUsage, "sweep task: %v", err)
	}
	f, err := m.runFlags()
	if err != nil {
		return errorf(stderr, exitUsage, "sweep task: %v", err)
	}
	prog, err := f.loadTrace(m.TracePath)
	if err != nil {
		return errorf(stderr, exitUsage, "sweep task: %v", err)
	}
	p, r, err := runOne(f, prog, m.TracePath, pf.Sets)
	if err != nil {
		// The inputs were checked when the folder was written; this is a
		// changed trace, machine file or launch file.
		r = pointResult{err: err}
	}
	if err := writePointResult(filepath.Join(dir, "results"), i, pf.Sets, r, m.Trace); err != nil {
		return errorf(stderr, exitUsage, "sweep task: writing the result: %v", err)
	}
	if r.err != nil {
		status := r.status()
		if p == nil {
			status = exitUsage
		}
		return errorf(stderr, status, "sweep %s: %v", strings.Join(pf.Sets, " "), r.err)
	}
	t := r.stats.Timing
	fmt.Fprintf(stdout, "gpusim sweep task %d: %s: %d cycles, IPC %.3f\n", i, strings.Join(pf.Sets, " "), t.Cycles, t.IPC)
	return exitOK
}

// cmdSweepMerge assembles a job array folder's results into the sweep's
// table, CSV, JSON and HTML.
func cmdSweepMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gpusim sweep merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var outs sweepOutputs
	outs.register(fs)
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if len(positional) != 1 {
		return errorf(stderr, exitUsage, "sweep merge: want exactly one folder (written by gpusim sweep -slurm DIR), got %d arguments", len(positional))
	}
	dir := positional[0]
	m, err := readManifest(dir)
	if err != nil {
		return errorf(stderr, exitUsage, "sweep merge: %v", err)
	}
	for _, o := range []struct{ flag, manifest *string }{{&outs.csv, &m.Outputs.CSV}, {&outs.json, &m.Outputs.JSON}, {&outs.html, &m.Outputs.HTML}} {
		if *o.flag == "" {
			*o.flag = *o.manifest
		}
	}
	sw := &report.Sweep{Trace: m.Trace, Config: m.Config, Overrides: append([]string{}, m.Sets...)}
	var vary varyList
	for _, k := range m.Vary {
		sw.Keys = append(sw.Keys, k.Key)
		vary = append(vary, varyFlag{key: k.Key, values: k.Values})
	}
	points := combinations(vary)
	if len(points) != m.Points {
		return errorf(stderr, exitUsage, "sweep merge: %s: %d points for %d combinations", filepath.Join(dir, "manifest.json"), m.Points, len(points))
	}
	results := make([]pointResult, len(points))
	for i, values := range points {
		pt := report.SweepPoint{Values: values}
		base := filepath.Join(dir, "results", pointName(i))
		data, err := diag.ReadFile(base+".json", "JSON report", diag.ReportFileLimit)
		switch {
		case err == nil:
			doc, err := sim.ParseReportJSON(base+".json", data)
			if err != nil {
				return errorf(stderr, exitUsage, "sweep merge: %v", err)
			}
			if len(doc.Kernels) != 1 || doc.Kernels[0].TimingDoc == nil {
				return errorf(stderr, exitUsage, "sweep merge: %s: want one timing-mode kernel, got %d", base+".json", len(doc.Kernels))
			}
			pt.Kernel = &doc.Kernels[0]
		case errors.Is(err, os.ErrNotExist):
			var pe pointError
			if err := readJSONFile(base+".error.json", &pe); err == nil {
				pt.Err = pe.Error
				results[i].err = mergedError{pe.Error, pe.ExitStatus}
			} else if errors.Is(err, os.ErrNotExist) {
				pt.Err = fmt.Sprintf("no result: array task %d has not run or did not finish (no %s)", i, base+".json")
				results[i].err = mergedError{pt.Err, exitUsage}
			} else {
				return errorf(stderr, exitUsage, "sweep merge: %v", err)
			}
		default:
			return errorf(stderr, exitUsage, "sweep merge: %v", err)
		}
		sw.Points = append(sw.Points, pt)
	}
	if err := outs.write(sw, stdout); err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	return sweepStatus(sw, results, stderr)
}

// mergedError is a point's error read back from its task's result.
type mergedError struct {
	msg    string
	status int
}

func (e mergedError) Error() string { return e.msg }
