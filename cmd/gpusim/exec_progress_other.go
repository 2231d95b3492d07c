//go:build !linux

package main

import (
	"io"
	"os/exec"

	"github.com/gpusim/gpusim/sim/cuda"
)

// execProgress: gpusim exec's progress bar needs Linux.
type execProgress struct{}

func startExecProgress(stderr io.Writer, quiet bool, opts *cuda.Options, cmd *exec.Cmd) *execProgress {
	return nil
}

func (p *execProgress) stop() {}
