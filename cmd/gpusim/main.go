// Command gpusim runs GPU kernels (PTX or AMDGPU assembly) on a machine
// model and reports what they did. This package holds flags, files and
// printing; the simulation lives in package sim.
//
//	gpusim [flags] TRACE
//	gpusim sweep [flags] -vary key.path=v1,v2,... TRACE
//	gpusim sweep ... -slurm DIR; gpusim sweep merge DIR
//	gpusim compare A.json B.json [...]
//	gpusim exec [flags] -- PROGRAM [ARGS...]
//	gpusim configs
//	gpusim config show NAME [-set key=value ...]
//	gpusim config check NAME [-set key=value ...]
//	gpusim asm -arch ARCH 'INSTRUCTION'
//	gpusim disasm -arch ARCH 0xNN,0xNN,...
//
// Exit status: 0 success, 1 the simulated program faulted (a limit or a
// deadlock stopped it), 2 bad usage or bad input, 3 an internal error (a
// bug in gpusim), 130 and 143 a run SIGINT or SIGTERM interrupted.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

// Exit statuses (an interrupted run exits 128 plus the signal).
const (
	exitOK       = 0
	exitFault    = 1
	exitUsage    = 2
	exitInternal = 3
)

func main() {
	defer func() {
		// A panic is a bug in gpusim, never bad input: say so, with its
		// own exit status, so a script can tell it from a typo.
		if p := recover(); p != nil {
			fmt.Fprintf(os.Stderr, "gpusim: internal error (a bug in gpusim; please report it with the command line): %v\n%s", p, debug.Stack())
			os.Exit(exitInternal)
		}
	}()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole command, with its streams passed in so tests can call it.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "sweep":
			return cmdSweep(args[1:], stdout, stderr)
		case "compare":
			return cmdCompare(args[1:], stdout, stderr)
		case "exec":
			return cmdExec(args[1:], stdout, stderr)
		case "configs":
			return cmdConfigs(args[1:], stdout, stderr)
		case "config":
			return cmdConfig(args[1:], stdout, stderr)
		case "asm":
			return cmdAsm(args[1:], stdout, stderr)
		case "disasm":
			return cmdDisasm(args[1:], stdout, stderr)
		case "help", "-h", "-help", "--help":
			usage(stdout)
			return exitOK
		}
	}
	return cmdRun(args, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  gpusim [flags] TRACE                 run a .ptx or .s trace and report
  gpusim sweep [flags] -vary k=v1,v2 TRACE   run once per value and tabulate
  gpusim sweep ... -slurm DIR          write a Slurm job array instead of running
  gpusim sweep merge DIR               assemble a job array's results
  gpusim compare A.json B.json [...]   set runs side by side, biggest changes first
  gpusim exec [flags] -- PROGRAM [ARGS...]   run a CUDA program, simulating every kernel
  gpusim configs                       list the embedded machine models
  gpusim config show NAME [-set k=v]   print a machine model's effective TOML
  gpusim config check NAME [-set k=v]  validate a machine model without running anything
  gpusim asm -arch ARCH 'INSTRUCTION'  encode an AMD VOP3 instruction
  gpusim disasm -arch ARCH 0xNN,...    decode AMD VOP3 bytes

Run 'gpusim -h' after a trace for the run flags.
`)
}

// errorf prints an error on stderr and returns the exit status.
func errorf(stderr io.Writer, status int, format string, args ...any) int {
	fmt.Fprintf(stderr, "gpusim: "+format+"\n", args...)
	return status
}
