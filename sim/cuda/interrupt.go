package cuda

import (
	"os"
)

// Interrupt is the runtime's side of a signal that ends the program
// (SIGINT, SIGTERM; the C library's handler calls it, naming the signal):
// the running launch stops within a fraction of a second with the
// statistics gathered so far (recorded as interrupted), and the report is
// written, saying it was interrupted. Every runtime call the program makes
// from then on waits until Release, so that the program does not go on
// (and exit on its own) before the signal ends it: the caller lets the
// signal end the process, and calls Release only if the process survives
// it (the program handles the signal itself); the calls then fail with
// cudaErrorLaunchFailure. Interrupt returns once the report is written;
// calling it again does nothing more.
func (r *Runtime) Interrupt(signal string) {
	r.stopOnce.Do(func() { close(r.stop) })
	r.acknowledge()
	r.mu.Lock() // the running call ends soon: its launch polls stop
	defer r.mu.Unlock()
	if r.interrupted == "" {
		r.interrupted = signal
	}
	if r.exited {
		return
	}
	r.exited = true
	r.writeReport()
}

// acknowledge tells gpusim exec that a signal reached the program (one
// byte appended to Options.SignalAck), so that it does not pass on one the
// terminal already delivered to the whole process group.
func (r *Runtime) acknowledge() {
	if r.opts.SignalAck == "" {
		return
	}
	f, err := os.OpenFile(r.opts.SignalAck, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return
	}
	f.Write([]byte{1})
	f.Close()
}

// Release lets the calls Interrupt holds go on.
func (r *Runtime) Release() { r.releaseOnce.Do(func() { close(r.released) }) }

// holdInterrupted makes a call wait, after Interrupt, until Release.
func (r *Runtime) holdInterrupted() {
	if r.stopped() {
		<-r.released
	}
}

// stopped reports whether Interrupt was called.
func (r *Runtime) stopped() bool {
	select {
	case <-r.stop:
		return true
	default:
		return false
	}
}
