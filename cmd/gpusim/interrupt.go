package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// interrupter turns SIGINT and SIGTERM into an orderly stop: the first
// closes stop, which the running simulation polls (sim.Limits.Stop) so that
// it ends within a fraction of a second with the statistics so far, and
// gpusim writes what it gathered, marked partial, then exits 130 or 143
// (128 plus the signal, as a shell reports a process the signal killed). A
// second signal exits at once with that status.
type interrupter struct {
	stop   chan struct{}
	ch     chan os.Signal
	stderr io.Writer
	exit   func(int) // os.Exit; tests may replace it
	mu     sync.Mutex
	sig    syscall.Signal // the first signal, 0 before it came
	done   chan struct{}
}

// interruptible installs the handlers until release is called.
func interruptible(stderr io.Writer) *interrupter {
	in := &interrupter{stop: make(chan struct{}), ch: make(chan os.Signal, 2), stderr: stderr, exit: os.Exit, done: make(chan struct{})}
	signal.Notify(in.ch, syscall.SIGINT, syscall.SIGTERM)
	go in.watch()
	return in
}

func (in *interrupter) watch() {
	for {
		select {
		case <-in.done:
			return
		case s := <-in.ch:
			sig, _ := s.(syscall.Signal)
			in.mu.Lock()
			first := in.sig == 0
			if first {
				in.sig = sig
			}
			in.mu.Unlock()
			if !first {
				fmt.Fprintf(in.stderr, "\ngpusim: %s again: exiting at once\n", signalName(sig))
				in.exit(128 + int(sig))
				return
			}
			fmt.Fprintf(in.stderr, "\ngpusim: %s: stopping the simulation and writing what was gathered, marked partial (another signal exits at once)\n", signalName(sig))
			close(in.stop)
		}
	}
}

// release removes the handlers (the process's default reaction to the
// signals returns).
func (in *interrupter) release() {
	signal.Stop(in.ch)
	close(in.done)
}

// signal is the first signal received, 0 when none came.
func (in *interrupter) signal() syscall.Signal {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.sig
}

// status is the exit status of a run the signal interrupted.
func (in *interrupter) status() int { return 128 + int(in.signal()) }

// interrupted reports whether a signal came.
func (in *interrupter) interrupted() bool { return in.signal() != 0 }

func signalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}
