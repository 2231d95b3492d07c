package main

import (
	"errors"
	"flag"
	"fmt"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"github.com/gpusim/gpusim/traces/ptx"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/sim/cuda"
	"github.com/gpusim/gpusim/traces"
)

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, " ") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// dimFlag is a -grid/-block value: X[,Y[,Z]].
type dimFlag struct {
	d   [3]uint32
	set bool
}

func (d *dimFlag) String() string {
	if !d.set {
		return ""
	}
	return fmt.Sprintf("%d,%d,%d", d.d[0], d.d[1], d.d[2])
}

func (d *dimFlag) Set(v string) error {
	parts := strings.Split(v, ",")
	if len(parts) > 3 {
		return fmt.Errorf("want X[,Y[,Z]], got %q", v)
	}
	d.d = [3]uint32{1, 1, 1}
	for i, p := range parts {
		n, err := strconv.ParseUint(strings.TrimSpace(p), 10, 31)
		if err != nil || n == 0 {
			return fmt.Errorf("want positive integers X[,Y[,Z]], got %q", v)
		}
		d.d[i] = uint32(n)
	}
	d.set = true
	return nil
}

// runFlags are the flags of a simulation run.
type runFlags struct {
	config    string
	sets      stringList
	launch    string
	kernel    string
	grid      dimFlag
	block     dimFlag
	out       string
	mode      string
	views     viewFlags
	timeline  timelineFlags
	quiet     bool
	maxInsts  uint64
	maxCycles uint64
	maxMemory byteSize
	strict    bool
	workers   int
	traceSrc  []byte // the trace's text, as loadTrace read it (read only once runs start)
}

func cmdRun(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gpusim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f runFlags
	f.register(fs)
	fs.StringVar(&f.out, "out", "", "folder for output buffers (default: the launch file's folder)")
	fs.StringVar(&f.mode, "mode", "timing", "timing: cycle-level timing model; functional: execute without timing")
	fs.IntVar(&f.workers, "j", 1, "step the SMs on this many threads in timing mode (the results are the same for any number; -timeline makes it 1)")
	f.views.register(fs)
	f.timeline.register(fs)
	tracePath, status, ok := parseTraceArgs(fs, args, stderr, "gpusim [flags] TRACE", "")
	if !ok {
		return status
	}
	if f.mode != "timing" && f.mode != "functional" {
		return errorf(stderr, exitUsage, "-mode %s: unknown mode (timing, functional)", f.mode)
	}
	defer holdHeap(uint64(f.maxMemory))()
	prog, err := f.loadTrace(tracePath)
	if err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	m, p, err := f.prepare(prog, tracePath, nil)
	if err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	if f.mode == "functional" && f.views.csvInsts != "" {
		return errorf(stderr, exitUsage, "-csv-instructions: the per-instruction CSV needs -mode timing")
	}
	if err := f.timeline.start(f.mode); err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	// Every output is checked before the run, which may take hours.
	if err := f.outputPlan(p, tracePath).check(); err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	// Device printf and assert: printed when the kernel ends, as CUDA
	// prints them at the next synchronisation.
	dev := cuda.NewTraceOutput()
	p.Device = dev
	in := interruptible(stderr)
	defer in.release()
	p.Limits.Stop = in.stop
	var st *sim.KernelStats
	if f.mode == "functional" {
		st, err = sim.RunFunctional(p)
	} else {
		bar := newProgress(stderr, f.quiet, runTemplate, "", 0)
		bar.start()
		opt := sim.TimingOptions{Progress: bar.timingCallback(), Workers: f.workers}
		done := f.timeline.listen(p, &opt)
		st, err = sim.RunTiming(p, opt)
		done(st, err)
		if st != nil && bar != nil {
			bar.runUpdate(st.Timing.Cycles, st.WarpInsts)
		}
		bar.finish()
	}
	dev.Flush(stdout, stderr)
	if err != nil && (st == nil || st.Partial == nil) {
		var fe *sim.FaultError
		if errors.As(err, &fe) {
			return errorf(stderr, exitFault, "%v", err)
		}
		return errorf(stderr, exitUsage, "%v", err)
	}
	rep := &sim.Report{Trace: tracePath, Machine: m, Kernels: []*sim.KernelStats{st}}
	if st.Partial != nil {
		return f.finishPartial(rep, p, err, in, stdout, stderr)
	}
	return f.finishComplete(rep, p, stdout, stderr)
}

// register defines the flags that choose the machine, the launch and the
// limits (shared by a run and a sweep).
func (f *runFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.config, "config", "sm_75", "machine model: a TOML file, or an embedded preset name (gpusim configs)")
	fs.Var(&f.sets, "set", "override a machine model value, key.path=value (repeatable)")
	fs.StringVar(&f.launch, "launch", "", "launch file (default: NAME.launch.toml beside the trace)")
	fs.StringVar(&f.kernel, "kernel", "", "kernel to run (overrides the launch file)")
	fs.Var(&f.grid, "grid", "grid X,Y,Z in blocks (overrides the launch file)")
	fs.Var(&f.block, "block", "block X,Y,Z in threads (overrides the launch file)")
	f.registerLimits(fs)
	fs.BoolVar(&f.quiet, "q", false, "quiet: no progress bar and no closing speed line on stderr")
}

// prepare loads the machine (the -set overrides, then extra ones) and the
// launch, and lays the launch out in memory. Errors are bad input.
func (f *runFlags) prepare(prog *traces.Program, tracePath string, extra []string) (*config.Machine, *sim.Prepared, error) {
	m, err := f.machine(extra)
	if err != nil {
		return nil, nil, err
	}
	p, err := f.prepareOn(m, prog, tracePath, uint64(f.maxMemory))
	return m, p, err
}

// machine loads and checks the machine model with the -set overrides, then
// extra ones.
func (f *runFlags) machine(extra []string) (*config.Machine, error) {
	m, err := config.Load(f.config, append(append([]string(nil), f.sets...), extra...))
	if err != nil {
		return nil, err
	}
	if err := sim.CheckMachine(m); err != nil {
		return nil, err
	}
	return m, nil
}

// prepareOn reads the launch and lays it out on machine m with a memory
// budget of maxMemory bytes (0: the default), with the run flags' limits.
func (f *runFlags) prepareOn(m *config.Machine, prog *traces.Program, tracePath string, maxMemory uint64) (*sim.Prepared, error) {
	spec, err := loadLaunch(tracePath, f.launch)
	if err != nil {
		return nil, err
	}
	ov := sim.Overrides{Kernel: f.kernel, MaxMemory: maxMemory}
	if f.grid.set {
		ov.Grid = f.grid.d
	}
	if f.block.set {
		ov.Block = f.block.d
	}
	p, err := sim.Prepare(prog, m, spec, ov)
	if err != nil {
		return nil, err
	}
	p.Limits = sim.Limits{MaxWarpInsts: f.maxInsts, MaxCycles: f.maxCycles}
	if prog.ISA == traces.ISAPTX && f.traceSrc != nil {
		// Registers per thread from ptxas -v where it is installed.
		p.UsePtxas(f.traceSrc)
	}
	p.Strict = f.strict
	return p, nil
}

// loadTrace parses a trace file by its extension and keeps its text for
// ptxas (prepareOn). The file is read only when it is a regular file no
// larger than what the memory budget (-max-memory) can decode
// (sim.TraceLimit).
func (f *runFlags) loadTrace(path string) (*traces.Program, error) {
	src, err := diag.ReadFile(path, "trace", sim.TraceLimit(uint64(f.maxMemory)))
	if errors.Is(err, diag.ErrTooLarge) {
		return nil, fmt.Errorf("%v: decoding and compiling a trace takes about 32 times its size in memory, which the memory budget (-max-memory) must hold", err)
	}
	if err != nil {
		return nil, err
	}
	f.traceSrc = src
	switch strings.ToLower(filepath.Ext(path)) {
	case ".ptx":
		return ptx.Parse(path, src)
	case ".s":
		return amdgpu.Parse(path, src)
	}
	return nil, diag.At(path, 0, 0, "unknown trace kind %q (want .ptx or .s)", filepath.Ext(path))
}

// loadLaunch reads the launch file: the one given, or NAME.launch.toml
// beside NAME.ptx when it exists; nil means none (stated defaults apply).
func loadLaunch(tracePath, launchPath string) (*sim.LaunchSpec, error) {
	if launchPath == "" {
		auto := strings.TrimSuffix(tracePath, filepath.Ext(tracePath)) + ".launch.toml"
		if _, err := os.Stat(auto); err != nil {
			return nil, nil
		}
		launchPath = auto
	}
	return sim.LoadLaunch(launchPath)
}

// parseTraceArgs parses a command's flags and its one trace argument. When
// ok is false the command returns status: 0 after -h, 2 for bad usage
// (reported on stderr, prefixed with prefix, followed by the usage line).
func parseTraceArgs(fs *flag.FlagSet, args []string, stderr io.Writer, usage, prefix string) (trace string, status int, ok bool) {
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: "+usage)
		fs.PrintDefaults()
	}
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return "", exitOK, false
		}
		return "", exitUsage, false
	}
	if len(positional) != 1 {
		errorf(stderr, exitUsage, "%swant exactly one trace file, got %d arguments", prefix, len(positional))
		fs.Usage()
		return "", exitUsage, false
	}
	return positional[0], exitOK, true
}

// parseInterspersed parses flags that may come before or after the
// positional arguments (`gpusim trace.ptx -json r.json`), as DESIGN.md's
// examples write them; "--" ends the flags.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}
