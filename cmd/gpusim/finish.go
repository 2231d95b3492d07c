package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gpusim/gpusim/sim"
)

// outputPlan lists the files a run will write (its output buffers and the
// report files of the flags) and the inputs they must not replace.
func (f *runFlags) outputPlan(p *sim.Prepared, tracePath string) *outputPlan {
	var o outputPlan
	o.input("the trace", tracePath)
	o.input("the launch file", p.Spec.Path)
	for _, b := range p.Spec.Buffers {
		o.add("buffers."+b.Name+" output", p.OutputPath(f.out, b))
		if b.Init == "file" {
			o.input("buffers."+b.Name+" init file", b.File)
		}
	}
	f.views.plan(&o)
	o.add("-timeline", f.timeline.path)
	return &o
}

// plan adds the report files the flags ask for.
func (v *viewFlags) plan(o *outputPlan) {
	o.add("-json", v.json)
	o.add("-html", v.html)
	o.add("-csv", v.csv)
	o.add("-csv-instructions", v.csvInsts)
}

// finishComplete ends a run whose kernel finished: the output buffers,
// the report on stdout and the report files. A file that cannot be
// written (its folder went away during a long run) does not keep the
// others from being written; each failure is named and the exit status is
// then 2.
func (f *runFlags) finishComplete(rep *sim.Report, p *sim.Prepared, stdout, stderr io.Writer) int {
	status := exitOK
	var err error
	rep.Outputs, err = p.WriteOutputs(f.out)
	if err != nil {
		status = errorf(stderr, exitUsage, "writing outputs: %v", err)
	}
	if err := rep.WriteText(stdout); err != nil {
		status = errorf(stderr, exitUsage, "%v", err)
	}
	if err := f.views.write(rep); err != nil {
		status = errorf(stderr, exitUsage, "%v", err)
	}
	if err := f.timeline.write(); err != nil {
		status = errorf(stderr, exitUsage, "%v", err)
	}
	if f.quiet || status != exitOK {
		return status
	}
	st := rep.Kernels[0]
	fmt.Fprintf(stderr, "gpusim: simulated %d warp instructions in %.3f s (%.3g warp-inst/s)\n",
		st.WarpInsts, st.WallSeconds, st.WarpInstsPerSecond())
	return exitOK
}

// finishPartial ends a run that stopped before its kernel finished (a
// limit, a deadlock, a fault, an interrupt): the report with the counters
// so far, marked partial, on stdout and in -json; the output buffers and
// the other views are not written, so that no earlier good result is
// replaced by an unfinished one, and stderr says so. The exit status is 1
// for the program's fault, 128 plus the signal for an interrupt.
func (f *runFlags) finishPartial(rep *sim.Report, p *sim.Prepared, runErr error, in *interrupter, stdout, stderr io.Writer) int {
	st := rep.Kernels[0]
	status := exitFault
	var ie *sim.InterruptError
	if errors.As(runErr, &ie) {
		status = in.status()
		st.Partial.Message = fmt.Sprintf("interrupted by %s", signalName(in.signal()))
	}
	errorf(stderr, status, "%v", partialError(runErr, st.Partial))
	werr := rep.WriteText(stdout)
	if f.views.json != "" {
		if err := f.views.writeJSON(rep); err != nil {
			errorf(stderr, exitUsage, "%v", err)
		}
	}
	// The timeline of a run that stopped shows how it got there (a
	// deadlock's waits, a runaway loop), so it is written.
	if err := f.timeline.write(); err != nil {
		errorf(stderr, exitUsage, "%v", err)
	}
	var skipped []string
	for _, b := range p.Spec.Buffers {
		if b.Output != "" {
			skipped = append(skipped, "buffers."+b.Name)
		}
	}
	for _, v := range []struct{ flag, path string }{{"-html", f.views.html}, {"-csv", f.views.csv}, {"-csv-instructions", f.views.csvInsts}} {
		if v.path != "" {
			skipped = append(skipped, v.flag)
		}
	}
	if len(skipped) > 0 {
		fmt.Fprintf(stderr, "gpusim: not written, the kernel did not finish (files from an earlier run are left as they were): %s\n", strings.Join(skipped, ", "))
	}
	if werr != nil {
		errorf(stderr, exitUsage, "%v", werr)
	}
	return status
}

// partialError is the closing message of a partial run: its error, with
// the interrupt's signal.
func partialError(err error, pt *sim.Partial) string {
	var ie *sim.InterruptError
	if errors.As(err, &ie) {
		return pt.Message + ": the report above is partial"
	}
	return err.Error()
}
