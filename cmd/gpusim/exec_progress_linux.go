//go:build linux

package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"

	"github.com/gpusim/gpusim/sim/cuda"
)

// execProgress is gpusim exec's progress bar: the launches the program
// has made, with the device clock and the last kernel, fed by the runtime
// library inside the program over a datagram socket (cuda.Options'
// ProgressFD) that only exists while a bar may be shown.
type execProgress struct {
	bar         *progress
	conn, child *os.File
	done        chan struct{}
}

// startExecProgress sets up the bar and the socket for cmd and records
// them in opts; nil when no bar may be shown (or the socket cannot be
// made: the bar is a convenience).
func startExecProgress(stderr io.Writer, quiet bool, opts *cuda.Options, cmd *exec.Cmd) *execProgress {
	bar := newProgress(stderr, quiet, execTemplate, "", 0)
	if bar == nil {
		return nil
	}
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	var st syscall.Stat_t
	if syscall.Fstat(fds[1], &st) != nil || syscall.SetNonblock(fds[0], true) != nil {
		syscall.Close(fds[0])
		syscall.Close(fds[1])
		return nil
	}
	p := &execProgress{bar: bar, conn: os.NewFile(uintptr(fds[0]), "progress"), child: os.NewFile(uintptr(fds[1]), "progress"),
		done: make(chan struct{})}
	cmd.ExtraFiles = append(cmd.ExtraFiles, p.child)
	opts.ProgressFD, opts.ProgressInode = 2+len(cmd.ExtraFiles), st.Ino
	bar.start()
	go p.read()
	return p
}

// read takes the runtime's messages ("launches cycle kernel") until the
// socket is closed or its deadline passes.
func (p *execProgress) read() {
	defer close(p.done)
	buf := make([]byte, 1024)
	for {
		n, err := p.conn.Read(buf)
		if err != nil {
			return
		}
		var launches, cycle uint64
		var kernel string
		if k, _ := fmt.Sscanf(string(buf[:n]), "%d %d %s", &launches, &cycle, &kernel); k >= 2 {
			p.bar.current.Store(launches)
			p.bar.cycle.Store(cycle)
			if kernel != "" {
				p.bar.label.Store(&kernel)
			}
		}
	}
}

// stop reads what the program sent before it ended and removes the bar.
func (p *execProgress) stop() {
	if p == nil {
		return
	}
	p.child.Close()
	p.conn.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	<-p.done
	p.conn.Close()
	p.bar.finish()
}
