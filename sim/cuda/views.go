package cuda

import (
	"fmt"
	"io"

	"github.com/gpusim/gpusim/sim"
	viewreport "github.com/gpusim/gpusim/sim/report"
)

// The runtime's part in `gpusim exec`'s views beyond the text and JSON
// reports: the program's timeline (Options.Timeline), with every
// timing-mode launch at its start on the device clock, and a progress
// message after each launch (Options.ProgressFD).

// views is what the runtime keeps for them.
type views struct {
	timeline *viewreport.Timeline // nil without -timeline
	progress progressSocket
}

// initViews starts the timeline and opens the progress socket; a bad
// timeline option is reported and leaves the timeline off.
func (r *Runtime) initViews() {
	r.views.progress = openProgress(r.opts.ProgressFD, r.opts.ProgressInode)
	if r.opts.Timeline == "" {
		return
	}
	by, err := viewreport.ParseTimelineTracks(r.opts.TimelineBy)
	if err == nil {
		r.views.timeline, err = viewreport.NewTimeline(viewreport.TimelineOptions{By: by, MaxEvents: r.opts.TimelineMaxEvents, From: r.opts.TimelineFrom})
	}
	if err != nil {
		r.messagef("-timeline: %v", err)
	}
}

// timingOptions are a timing-mode launch's options: with -timeline, its
// listener, at the device clock's present cycle. done ends the launch's
// part of the timeline.
func (r *Runtime) timingOptions(p *sim.Prepared) (opt sim.TimingOptions, done func(*sim.KernelStats, error)) {
	opt.Workers = r.opts.Workers
	if r.views.timeline == nil {
		return opt, func(*sim.KernelStats, error) {}
	}
	l := r.views.timeline.Launch(p, r.clock)
	l.SetName(shortName(p.Kernel.Name))
	opt.Listener = l
	return opt, l.Finish
}

// launched tells `gpusim exec`'s progress bar that a launch ended: the
// launches so far, the device clock and the kernel's name.
func (r *Runtime) launched(kernel string) {
	if !r.views.progress.ok {
		return
	}
	r.views.progress.send([]byte(fmt.Sprintf("%d %d %s", len(r.report.launches), r.clock, shortName(kernel))))
}

// writeTimeline writes the timeline file at exit, whole or not at all.
func (r *Runtime) writeTimeline() {
	tl := r.views.timeline
	if tl == nil {
		return
	}
	err := viewreport.WriteFile(r.opts.Timeline, func(w io.Writer) error { return tl.WriteJSON(w) })
	if err != nil {
		r.messagef("-timeline: %v", err)
	}
}
