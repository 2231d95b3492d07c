package main

import (
	"os"
	"testing"
)

// asGPUSim makes the test binary act as gpusim itself when set in its
// environment: tests that run a command line the way a user or a batch
// system would (the Slurm job array's script) run the test binary with it.
const asGPUSim = "GPUSIM_TEST_AS_GPUSIM"

func TestMain(m *testing.M) {
	if os.Getenv(asGPUSim) == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	code := m.Run()
	cleanupCUDAFixture()
	os.Exit(code)
}
