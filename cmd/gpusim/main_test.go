package main

import (
	"github.com/gpusim/gpusim/sim"
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
	// Reports with figures independent of the machine: the register
	// estimate, not ptxas's count where ptxas is installed (a test that
	// wants ptxas names it: TestRunPtxasRegisters).
	if os.Getenv(sim.EnvPtxas) == "" {
		os.Setenv(sim.EnvPtxas, "off")
	}
	code := m.Run()
	cleanupCUDAFixture()
	os.Exit(code)
}
