package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/sim/report"
)

// cmdCompare sets two or more JSON reports side by side: per kernel launch
// the metrics with their ratios to the first report, biggest changes first,
// and the instructions whose stall cycles changed most; as text on stdout
// and, with -html, as a page.
func cmdCompare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gpusim compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	htmlPath := fs.String("html", "", "also write the comparison as a self-contained HTML page")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gpusim compare [-html FILE] A.json B.json [...]   (reports written by gpusim -json or sweep -reports / -slurm)")
		fs.PrintDefaults()
	}
	files, err := parseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if len(files) < 2 {
		fs.Usage()
		return errorf(stderr, exitUsage, "compare: want at least two JSON reports, got %d", len(files))
	}
	var runs []report.Run
	for _, name := range files {
		data, err := diag.ReadFile(name, "JSON report", diag.ReportFileLimit)
		if err != nil {
			return errorf(stderr, exitUsage, "compare: %v", err)
		}
		doc, err := sim.ParseReportJSON(name, data)
		if err != nil {
			return errorf(stderr, exitUsage, "compare: %v", err)
		}
		runs = append(runs, report.Run{Name: name, Doc: doc})
	}
	c, err := report.Compare(runs)
	if err != nil {
		return errorf(stderr, exitUsage, "compare: %v", err)
	}
	if err := c.WriteText(stdout); err != nil {
		return errorf(stderr, exitUsage, "%v", err)
	}
	if *htmlPath != "" {
		if err := report.WriteFile(*htmlPath, c.WriteHTML); err != nil {
			return errorf(stderr, exitUsage, "-html: %v", err)
		}
	}
	return exitOK
}
