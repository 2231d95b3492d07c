package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/gpusim/gpusim/sim/report"
)

// timelineFlags are -timeline and the flags that shape it (a run's and
// gpusim exec's).
type timelineFlags struct {
	path      string
	by        string
	maxEvents int
	from      uint64
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

// start is the run's timeline, nil without -timeline.
func (f *timelineFlags) start(mode string) (*report.Timeline, error) {
	opt, err := f.options(mode)
	if err != nil || f.path == "" {
		return nil, err
	}
	return report.NewTimeline(opt)
}

// write writes the timeline file whole or not at all.
func (f *timelineFlags) write(tl *report.Timeline) error {
	if tl == nil {
		return nil
	}
	if err := report.WriteFile(f.path, func(w io.Writer) error { return tl.WriteJSON(w) }); err != nil {
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
