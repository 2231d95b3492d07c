package main

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// forwardSignals passes SIGINT and SIGTERM that reach gpusim exec on to the
// program, so that `kill PID` of gpusim (a batch system's timeout, a
// script) ends the program the way Ctrl-C does: its runtime stops the
// running launch and writes the report, marked interrupted. Ctrl-C at a
// terminal reaches the program directly (it is in gpusim's process group):
// its runtime acknowledges each signal with a byte in the file ack, and a
// signal the program acknowledged within ackWait is not sent again. The
// returned function stops forwarding.
func forwardSignals(p *os.Process, ack string) func() {
	ch := make(chan os.Signal, 4)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		seen := 0 // signals gpusim received
		for {
			select {
			case <-done:
				return
			case s := <-ch:
				seen++
				deadline := time.Now().Add(ackWait)
				for acks(ack) < seen && time.Now().Before(deadline) {
					time.Sleep(5 * time.Millisecond)
				}
				if acks(ack) < seen {
					p.Signal(s)
				}
			}
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// ackWait is how long a signal gpusim got may take to reach the program
// before gpusim sends it on.
const ackWait = 200 * time.Millisecond

// acks is the number of signals the program's runtime acknowledged.
func acks(path string) int {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return int(st.Size())
}
