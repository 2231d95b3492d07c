package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// subcommands are the command's other modes, each a function of its
// arguments returning the exit status.
var subcommands = map[string]func(args []string, stdin io.Reader, stdout, stderr io.Writer) int{
	"inputs":    runInputs,
	"samples":   runSamples,
	"timing":    runTiming,
	"correlate": runCorrelate,
	"fake":      runFake,
}

// run is the whole command; it returns the exit status: 0 success, 1 a
// failed self-test or step, 2 bad usage, bad input or a malformed or
// truncated stream (the summary of what arrived is still written).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if sub, ok := subcommands[args[0]]; ok {
			return sub(args[1:], stdin, stdout, stderr)
		}
	}
	fs := flag.NewFlagSet("silicon", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "-", "capture stream to read (- for standard input)")
	out := fs.String("o", "-", "where to write the JSON summary (- for standard output)")
	tables := fs.String("tables", "", "directory for the silicon output tables (none if empty)")
	workers := fs.Int("workers", 0, "goroutines evaluating the model (0: GOMAXPROCS)")
	keep := fs.Int("mismatches", 100, "mismatches listed per form")
	timing := fs.Bool("timing", false, "record wall time and rates in the summary")
	self := fs.Bool("selftest", false, "check the pipeline on a synthetic stream with planted mismatches")
	emit := fs.Bool("emit", false, "write the self-test's synthetic stream to standard output")
	emitChunks := fs.Int("emit-chunks", 0, "with -emit: instead, the first N chunks of 2^22 inputs of every form, no plants (for throughput runs)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(stderr, "silicon: unexpected argument %q (subcommands: inputs, samples, timing, correlate, fake)\n", fs.Arg(0))
		return 2
	}

	switch {
	case *emit:
		plan := selftestPlan()
		if *emitChunks > 0 {
			plan = sweepPlan(*emitChunks)
		}
		bw := bufio.NewWriterSize(stdout, 1<<20)
		if err := writeSynth(bw, plan); err != nil {
			fmt.Fprintf(stderr, "silicon: %v\n", err)
			return 1
		}
		if err := bw.Flush(); err != nil {
			fmt.Fprintf(stderr, "silicon: %v\n", err)
			return 1
		}
		return 0

	case *self:
		dir := *tables
		if dir == "" {
			d, cleanup, err := tempDir()
			if err != nil {
				fmt.Fprintf(stderr, "silicon: %v\n", err)
				return 1
			}
			defer cleanup()
			dir = d
		} else if err := os.MkdirAll(dir, 0o755); err != nil {
			fmt.Fprintf(stderr, "silicon: %v\n", err)
			return 1
		}
		rep := selftest(dir, *workers)
		if err := writeJSON(*out, stdout, rep); err != nil {
			fmt.Fprintf(stderr, "silicon: %v\n", err)
			return 1
		}
		for _, c := range rep.Checks {
			status := "ok  "
			if !c.OK {
				status = "FAIL"
			}
			fmt.Fprintf(stderr, "selftest: %s %s\n", status, c.Name)
			for _, p := range c.Problems {
				fmt.Fprintf(stderr, "selftest:      %s\n", p)
			}
		}
		if !rep.Passed {
			return 1
		}
		return 0
	}

	r, name := stdin, "stdin"
	if *in != "-" {
		f, err := os.Open(*in)
		if err != nil {
			fmt.Fprintf(stderr, "silicon: %v\n", err)
			return 2
		}
		defer f.Close()
		r, name = f, *in
	}
	if *tables != "" {
		if err := os.MkdirAll(*tables, 0o755); err != nil {
			fmt.Fprintf(stderr, "silicon: %v\n", err)
			return 1
		}
	}
	sum, err := Compare(r, Options{Name: name, Workers: *workers, MaxMismatches: *keep, TablesDir: *tables, Timing: *timing})
	status := 0
	if err != nil {
		fmt.Fprintf(stderr, "silicon: %v\n", err)
		status = 2
	}
	if werr := writeJSON(*out, stdout, sum); werr != nil {
		fmt.Fprintf(stderr, "silicon: %v\n", werr)
		return 2
	}
	for _, f := range sum.Forms {
		fmt.Fprintf(stderr, "%-42s %10d of %10d inputs, %10d bit-exact, %d mismatches\n",
			f.Name, f.Seen, f.Expected, f.Matches, f.Mismatches)
	}
	return status
}

// sweepPlan is a plant-free stream of the first n chunks of 2^22 inputs of
// every sweep (the 16-bit forms in full), the first 2^16 records of every
// record probe and every tensor record, shaped like a real capture.
func sweepPlan(n int) synthPlan {
	p := synthPlan{info: `{"program":"silicon -emit (synthetic sweep, not silicon)","device":"none"}`, bench: syntheticBench}
	const chunk = 1 << 22
	for _, f := range allForms() {
		switch f.Kind {
		case SweepForm:
			for c := uint64(0); c < uint64(n) && c*chunk < f.Count; c++ {
				p.chunks = append(p.chunks, synthChunk{f.ID, c * chunk, uint32(min(chunk, f.Count-c*chunk))})
			}
		case RecordForm:
			p.chunks = append(p.chunks, synthChunk{f.ID, 0, uint32(min(f.Count, 1<<16))})
		case TensorForm:
			p.chunks = append(p.chunks, synthChunk{f.ID, 0, uint32(f.Count)})
		}
	}
	return p
}

// writeJSON writes v, indented, to path ("-": w).
func writeJSON(path string, w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if path == "-" {
		_, err = w.Write(b)
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
