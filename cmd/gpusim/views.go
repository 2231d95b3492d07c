package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/sim/report"
)

// viewFlags name the report files a run writes beside the text report.
type viewFlags struct {
	json, html, csv, csvInsts string
	noWallTime                bool
}

func (v *viewFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&v.json, "json", "", "also write the report as JSON to this file")
	fs.BoolVar(&v.noWallTime, "no-wall-time", false, "leave the simulator's own wall-clock figures out of the JSON (byte-identical reruns)")
	v.registerPages(fs)
}

// registerPages defines the flags of the views built from the launches
// (gpusim exec has its own -json).
func (v *viewFlags) registerPages(fs *flag.FlagSet) {
	fs.StringVar(&v.html, "html", "", "also write the report as one self-contained HTML page with plots to this file")
	fs.StringVar(&v.csv, "csv", "", "also write one CSV row per kernel launch (Nsight Compute metric names) to this file")
	fs.StringVar(&v.csvInsts, "csv-instructions", "", "also write one CSV row per static instruction (timing mode) to this file")
}

// write writes the requested files, each whole or not at all; one that
// fails does not stop the others, and the error names each flag.
func (v *viewFlags) write(rep *sim.Report) error {
	var errs []error
	if v.json != "" {
		if err := v.writeJSON(rep); err != nil {
			errs = append(errs, err)
		}
	}
	if !v.pages() {
		return errors.Join(errs...)
	}
	errs = append(errs, v.writePages("gpusim: "+filepath.Base(rep.Trace), report.Launches(rep.Doc(false))))
	return errors.Join(errs...)
}

// pages reports whether any view built from the launches was asked for.
func (v *viewFlags) pages() bool { return v.html != "" || v.csv != "" || v.csvInsts != "" }

// writePages writes the HTML page and the CSV files of the launches.
func (v *viewFlags) writePages(title string, launches []report.Launch) error {
	var errs []error
	for _, f := range []struct {
		flag, path string
		write      func(io.Writer) error
	}{
		{"-html", v.html, func(w io.Writer) error { return report.WriteHTML(w, title, launches) }},
		{"-csv", v.csv, func(w io.Writer) error { return report.WriteLaunchCSV(w, launches) }},
		{"-csv-instructions", v.csvInsts, func(w io.Writer) error { return report.WriteInstructionCSV(w, launches) }},
	} {
		if f.path == "" {
			continue
		}
		if err := report.WriteFile(f.path, f.write); err != nil {
			errs = append(errs, fmt.Errorf("%s: %v", f.flag, err))
		}
	}
	return errors.Join(errs...)
}

// writeJSON writes -json.
func (v *viewFlags) writeJSON(rep *sim.Report) error {
	data, err := rep.JSON(!v.noWallTime)
	if err == nil {
		err = report.WriteFile(v.json, func(w io.Writer) error { _, err := w.Write(data); return err })
	}
	if err != nil {
		return fmt.Errorf("-json: %v", err)
	}
	return nil
}
