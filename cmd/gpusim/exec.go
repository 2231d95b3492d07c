package main

import (
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/sim/cuda"
	"github.com/gpusim/gpusim/sim/report"
)

// cmdExec runs a CUDA program with gpusim's CUDA runtime library in place
// of NVIDIA's, so that every kernel it launches is simulated:
//
//	gpusim exec [flags] -- PROGRAM [ARGS...]
//
// The program's stdout and stderr are its own; the report goes to stderr
// (or -o FILE) when it exits, and the exit status is the program's.
func cmdExec(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gpusim exec", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		cfg        string
		sets       stringList
		mode       string
		jsonPath   string
		textPath   string
		noWallTime bool
		maxInsts   uint64
		maxCycles  uint64
		ptxDir     string
		devMem     uint64
		quiet      bool
		workers    int
		views      viewFlags
		timeline   timelineFlags
	)
	fs.StringVar(&cfg, "config", "sm_75", "machine model: a TOML file, or an embedded preset name (gpusim configs)")
	fs.Var(&sets, "set", "override a machine model value, key.path=value (repeatable)")
	fs.StringVar(&mode, "mode", "timing", "timing: cycle-level timing model; functional: execute without timing")
	fs.StringVar(&jsonPath, "json", "", "also write the report as JSON to this file")
	fs.StringVar(&textPath, "o", "", "write the text report to this file (default: stderr, when the program exits)")
	fs.BoolVar(&noWallTime, "no-wall-time", false, "leave the simulator's own wall-clock figures out of the JSON (byte-identical reruns)")
	fs.Uint64Var(&maxInsts, "max-warp-insts", sim.DefaultMaxWarpInsts, "stop a launch after this many warp instructions; the program gets cudaErrorLaunchTimeout, as from a watchdog (0: no limit)")
	fs.Uint64Var(&maxCycles, "max-cycles", sim.DefaultMaxCycles, "stop a launch after this many cycles (-mode functional: turns, in each of which every warp of the running block steps once), as -max-warp-insts does (0: no limit)")
	fs.StringVar(&ptxDir, "ptx-dir", "", "write each module's PTX to this folder, so that positions in messages name a file")
	fs.Uint64Var(&devMem, "device-memory", cuda.DefaultDeviceMemory, "device memory in bytes (cudaMemGetInfo, and the most the program may allocate)")
	fs.BoolVar(&quiet, "q", false, "quiet: no progress bar on stderr")
	fs.IntVar(&workers, "j", 1, "step the SMs of each timing-mode launch on this many threads (the results are the same for any number; -timeline makes it 1)")
	views.registerPages(fs)
	timeline.register(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gpusim exec [flags] -- PROGRAM [ARGS...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	prog := fs.Args()
	if len(prog) == 0 {
		errorf(stderr, exitUsage, "exec: no program to run")
		fs.Usage()
		return exitUsage
	}
	if mode != "timing" && mode != "functional" {
		return errorf(stderr, exitUsage, "-mode %s: unknown mode (timing, functional)", mode)
	}
	if devMem == 0 {
		return errorf(stderr, exitUsage, "-device-memory must be positive")
	}
	if mode == "functional" && views.csvInsts != "" {
		return errorf(stderr, exitUsage, "-csv-instructions: the per-instruction CSV needs -mode timing")
	}
	tlOpts, err := timeline.options(mode)
	if err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	// Check the machine here, so that a bad model is a usage error with
	// its position rather than a failing program.
	m, err := config.Load(cfg, sets)
	if err == nil {
		err = sim.CheckMachine(m)
	}
	if err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	if st, err := os.Stat(cfg); err == nil && !st.IsDir() {
		if abs, err := filepath.Abs(cfg); err == nil {
			cfg = abs
		}
	}
	var plan outputPlan
	plan.add("-o", textPath)
	plan.add("-json", jsonPath)
	views.plan(&plan)
	plan.add("-timeline", timeline.path)
	if err := plan.check(); err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	path, err := exec.LookPath(prog[0])
	if err != nil {
		return errorf(stderr, exitUsage, "exec: %v", err)
	}
	if err := checkLinksCudart(path); err != nil {
		return errorf(stderr, exitUsage, "exec: %v", err)
	}
	libDir, err := findLibrary(stderr)
	if err != nil {
		return errorf(stderr, exitUsage, "exec: %v", err)
	}
	tmp, err := os.MkdirTemp("", "gpusim-exec-")
	if err != nil {
		return errorf(stderr, exitUsage, "exec: %v", err)
	}
	defer os.RemoveAll(tmp)
	opts := cuda.Options{
		Config: cfg, Sets: sets, Mode: mode, MaxCycles: maxCycles, MaxWarpInsts: maxInsts, Workers: workers,
		Report: filepath.Join(tmp, "report.txt"), WallTime: !noWallTime, Program: prog[0],
		DeviceMemory: devMem, ReportClaim: filepath.Join(tmp, "claim"), SignalAck: filepath.Join(tmp, "signals"),
	}
	if jsonPath != "" || views.pages() {
		opts.JSON = filepath.Join(tmp, "report.json")
	}
	if opts.Timeline, err = timeline.abs(); err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	opts.TimelineBy, opts.TimelineMaxEvents, opts.TimelineFrom = tlOpts.By.String(), tlOpts.MaxEvents, tlOpts.From
	if ptxDir != "" {
		if opts.PTXDir, err = filepath.Abs(ptxDir); err != nil {
			return errorf(stderr, exitUsage, "-ptx-dir: %v", err)
		}
	}

	cmd := exec.Command(path, prog[1:]...)
	cmd.Args[0] = prog[0]
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	bar := startExecProgress(stderr, quiet, &opts, cmd)
	cmd.Env = append(os.Environ(),
		cuda.EnvOptions+"="+opts.Encode(),
		"LD_LIBRARY_PATH="+joinPath(libDir, os.Getenv("LD_LIBRARY_PATH")))
	// Ctrl-C goes to the program (same process group); a signal sent to
	// gpusim alone is passed on (forwardSignals). gpusim waits for the
	// program to end and reports what it did.
	if err := cmd.Start(); err != nil {
		bar.stop()
		return errorf(stderr, exitUsage, "exec: %v", err)
	}
	stopForwarding := forwardSignals(cmd.Process, opts.SignalAck)
	err = cmd.Wait()
	stopForwarding()
	bar.stop()
	status := exitOK
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return errorf(stderr, exitUsage, "exec: %v", err)
		}
		status = ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			status = 128 + int(ws.Signal())
		}
	}

	text, err := os.ReadFile(opts.Report)
	if err != nil {
		errorf(stderr, exitUsage, "%s exited (status %d) without the CUDA runtime's report: it did not load libcudart, or it crashed or called _exit", prog[0], status)
		return status
	}
	if textPath == "" {
		if _, err := stderr.Write(text); err != nil {
			return errorf(stderr, exitUsage, "report: %v", err)
		}
	} else if err := diag.WriteBytes(textPath, text); err != nil {
		errorf(stderr, exitUsage, "-o: %v", err)
	}
	if jsonPath != "" {
		b, err := os.ReadFile(opts.JSON)
		if err == nil {
			err = diag.WriteBytes(jsonPath, b)
		}
		if err != nil {
			errorf(stderr, exitUsage, "-json: %v", err)
		}
	}
	if views.pages() {
		if err := writeExecPages(&views, opts.JSON, prog[0]); err != nil {
			errorf(stderr, exitUsage, "%v", err)
		}
	}
	return status
}

// writeExecPages writes -html, -csv and -csv-instructions from the
// runtime's JSON report: one page (and CSV row) per launch.
func writeExecPages(views *viewFlags, jsonPath, program string) error {
	data, err := os.ReadFile(jsonPath)
	if err != nil {
		return fmt.Errorf("the runtime wrote no JSON report for the views: %v", err)
	}
	doc, err := cuda.ReportDoc(jsonPath, data)
	if err != nil {
		return err
	}
	return views.writePages("gpusim exec: "+filepath.Base(program), report.Launches(doc))
}

func joinPath(dir, rest string) string {
	if rest == "" {
		return dir
	}
	return dir + string(os.PathListSeparator) + rest
}

// checkLinksCudart rejects an executable that does not load the CUDA
// runtime dynamically (nvcc links it statically unless told --cudart
// shared); scripts and other non-ELF programs pass, as they may start one.
func checkLinksCudart(path string) error {
	f, err := elf.Open(path)
	if err != nil {
		return nil // not an ELF file: a script, say
	}
	defer f.Close()
	libs, err := f.ImportedLibraries()
	if err != nil {
		return nil
	}
	for _, l := range libs {
		if strings.HasPrefix(l, "libcudart.so") {
			return nil
		}
	}
	syms, _ := f.Symbols()
	for _, s := range syms {
		if s.Name == "cudaLaunchKernel" || s.Name == "__cudaRegisterFatBinary" {
			return fmt.Errorf("%s has the CUDA runtime linked in statically (nvcc's default); rebuild it with nvcc --cudart shared", path)
		}
	}
	return fmt.Errorf("%s does not load libcudart.so; gpusim exec runs programs built with nvcc --cudart shared", path)
}
