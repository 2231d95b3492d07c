package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cheggaaa/pb/v3"
	"github.com/mattn/go-isatty"
)

// progressAfter is how long a run or sweep goes before its progress bar
// appears: short ones never show one. The environment variable
// GPUSIM_PROGRESS_AFTER (a Go duration, e.g. 0s or 5s) changes it.
const (
	progressAfter    = time.Second
	progressAfterEnv = "GPUSIM_PROGRESS_AFTER"
)

// Templates of the bars (package pb's template language).
const (
	runTemplate   = `{{string . "prefix"}}{{counters . }} warp instructions {{speed . "(%s/s)" ""}} {{string . "cycle"}} {{etime . "%s"}}`
	sweepTemplate = `{{string . "prefix"}}{{counters . }} runs {{bar . }} {{percent . }} {{etime . "%s"}} {{rtime . "ETA %s"}}`
	execTemplate  = `{{string . "prefix"}}{{counters . }} launches {{string . "label"}} {{string . "cycle"}} {{etime . "%s"}}`
)

// progress is the progress bar on stderr of a run (warp instructions
// simulated, with the rate, and the cycle reached), a sweep (runs done) or
// gpusim exec (launches done, the device clock and the last kernel).
// It is shown only when stderr is a terminal, -q is not given and the work
// lasts longer than progressAfter; a nil *progress shows nothing. The
// simulation reports through atomics; the bar is drawn from its own
// goroutine.
type progress struct {
	out      *os.File
	after    time.Duration
	template string
	total    int64
	prefix   string

	current, cycle atomic.Uint64
	label          atomic.Pointer[string] // exec: the last kernel
	stop           chan struct{}
	done           sync.WaitGroup
}

// newProgress returns the bar for stderr, or nil when none may be shown.
func newProgress(stderr io.Writer, quiet bool, template, prefix string, total int64) *progress {
	f, ok := stderr.(*os.File)
	if quiet || !ok || !(isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())) {
		return nil
	}
	after := progressAfter
	if v := os.Getenv(progressAfterEnv); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			fmt.Fprintf(stderr, "gpusim: %s=%s: want a duration such as 0s or 2s; using %v\n", progressAfterEnv, v, progressAfter)
		} else {
			after = d
		}
	}
	return &progress{out: f, after: after, template: template, total: total, prefix: prefix}
}

// start begins watching; the bar appears once after has passed.
func (p *progress) start() {
	if p == nil {
		return
	}
	p.stop = make(chan struct{})
	p.done.Add(1)
	go p.loop()
}

func (p *progress) loop() {
	defer p.done.Done()
	timer := time.NewTimer(p.after)
	defer timer.Stop()
	select {
	case <-p.stop:
		return
	case <-timer.C:
	}
	bar := pb.New64(p.total).SetTemplateString(p.template).SetWriter(p.out).SetMaxWidth(100).
		SetRefreshRate(200 * time.Millisecond)
	bar.Set("prefix", p.prefix)
	p.update(bar)
	bar.Start()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-p.stop:
			p.update(bar)
			bar.Finish()
			return
		case <-tick.C:
			p.update(bar)
		}
	}
}

func (p *progress) update(bar *pb.ProgressBar) {
	bar.SetCurrent(int64(p.current.Load()))
	if c := p.cycle.Load(); c > 0 {
		bar.Set("cycle", "cycle "+groupThousands(c))
	}
	if l := p.label.Load(); l != nil {
		bar.Set("label", "(last: "+*l+")")
	}
}

// runUpdate is the timing run's progress callback.
func (p *progress) runUpdate(cycles, warpInsts uint64) {
	p.cycle.Store(cycles)
	p.current.Store(warpInsts)
}

// add counts finished units (sweep runs).
func (p *progress) add(n uint64) {
	if p != nil {
		p.current.Add(n)
	}
}

// finish stops the bar (drawing its last state when it was shown).
func (p *progress) finish() {
	if p == nil || p.stop == nil {
		return
	}
	close(p.stop)
	p.done.Wait()
	p.stop = nil
}

// timingCallback is the TimingOptions.Progress of a run, nil without a bar.
func (p *progress) timingCallback() func(cycles, warpInsts uint64) {
	if p == nil {
		return nil
	}
	return p.runUpdate
}

// groupThousands writes 1234567 as "1,234,567".
func groupThousands(v uint64) string {
	var buf [32]byte
	i := len(buf)
	for n := 0; ; n++ {
		if n > 0 && n%3 == 0 {
			i--
			buf[i] = ','
		}
		i--
		buf[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			break
		}
	}
	return string(buf[i:])
}
