package main

import (
	"io"
	"testing"
)

// BenchmarkStartup is a whole small run as the command does it, from the
// arguments to the report (parse, machine model, launch, timing run,
// outputs); issue 14 wants it under 50 ms:
//
//	go test -run XXX -bench Startup -count 5 ./cmd/gpusim
func BenchmarkStartup(b *testing.B) {
	out := b.TempDir()
	for i := 0; i < b.N; i++ {
		if code := run([]string{"-config", "sm_75", "-out", out, "../../traces/samples/rcp64.ptx"}, io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit status %d", code)
		}
	}
}
