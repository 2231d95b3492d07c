package main

import (
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gpusim/gpusim/sim/cuda"
)

// watchSignals makes SIGINT and SIGTERM end the program with its report:
// the first stops the running launch (within a fraction of a second) and
// writes the report, marked interrupted (cuda.Runtime.Interrupt); then the
// signal's original disposition is restored and the signal raised again,
// so the program ends as the signal would have ended it (or its own
// handler, installed before the runtime started, runs). A second signal
// while the report is being written ends it at once.
func watchSignals(r *cuda.Runtime) {
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	go func() {
		s := <-ch
		done := make(chan struct{})
		go func() {
			defer close(done)
			r.Interrupt(signalName(s))
		}()
		select {
		case <-done:
		case s = <-ch:
		}
		signal.Reset(syscall.SIGINT, syscall.SIGTERM)
		if sig, ok := s.(syscall.Signal); ok {
			syscall.Kill(syscall.Getpid(), sig)
		}
		// Still alive: the program handles the signal itself. Its held
		// calls go on (and fail).
		time.Sleep(time.Second)
		r.Release()
	}()
}

func signalName(s os.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}
