package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/gpusim/gpusim/sim"
	"github.com/gpusim/gpusim/sim/report"
)

// timelineFlags are -timeline and the flags that shape it (a run's and
// gpusim exec's), and a run's timeline once started.
type timelineFlags struct {
	path      string
	by        string
	maxEvents int
	from      uint64
	tl        *report.Timeline // nil without -timeline
}

func (f *timelineFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.path, "timeline", "", "also write a timeline (Chrome trace-event JSON for ui.perfetto.dev or chrome://tracing) to this file; timing mode")
	fs.StringVar(&f.by, "timeline-by", "partition", "timeline tracks: partition (one per scheduler) or warp (one per warp slot, with stall spans)")
	fs.IntVar(&f.maxEvents, "timeline-max-events", report.DefaultTimelineEvents, "cap on the timeline's events: it keeps every event of the first cycles (from -timeline-from) that fit")
	fs.Uint64Var(&f.from, "timeline-from", 0, "the cycle (of the device clock) the timeline's window starts at")
}

// options checks the flags; mode is the run's mode.
func (f *timelineFlags) options(mode string) (report.TimelineOptions, error) {
	by, err := report.ParseTimelineTracks(f.by)
	if err != nil {
		return report.TimelineOptions{}, fmt.Errorf("-timeline-by: %v", err)
	}
	if f.maxEvents <= 0 {
		return report.TimelineOptions{}, fmt.Errorf("-timeline-max-events must be positive, got %d", f.maxEvents)
	}
	if f.path != "" && mode == "functional" {
		return report.TimelineOptions{}, fmt.Errorf("-timeline: the timeline needs -mode timing")
	}
	return report.TimelineOptions{By: by, MaxEvents: f.maxEvents, From: f.from}, nil
}

// start starts the run's timeline when -timeline is given.
func (f *timelineFlags) start(mode string) error {
	opt, err := f.options(mode)
	if err != nil || f.path == "" {
		return err
	}
	f.tl, err = report.NewTimeline(opt)
	return err
}

// listen attaches the timeline to a timing run of p (the run's only
// launch, from cycle 0); done ends the launch's part (the run's stats, or
// nil and the error that stopped it).
func (f *timelineFlags) listen(p *sim.Prepared, opt *sim.TimingOptions) (done func(*sim.KernelStats, error)) {
	if f.tl == nil {
		return func(*sim.KernelStats, error) {}
	}
	l := f.tl.Launch(p, 0)
	opt.Listener = l
	return l.Finish
}

// write writes the timeline file whole or not at all.
func (f *timelineFlags) write() error {
	if f.tl == nil {
		return nil
	}
	if err := report.WriteFile(f.path, func(w io.Writer) error { return f.tl.WriteJSON(w) }); err != nil {
		return fmt.Errorf("-timeline: %v", err)
	}
	return nil
}

// abs is the timeline's path for a program that may change its folder.
func (f *timelineFlags) abs() (string, error) {
	if f.path == "" {
		return "", nil
	}
	p, err := filepath.Abs(f.path)
	if err != nil {
		return "", fmt.Errorf("-timeline: %v", err)
	}
	return p, nil
}
