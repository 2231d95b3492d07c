package amd

import "testing"

func TestWaveCases(t *testing.T) { runWaveCaseFile(t, "testdata/wave.txt") }
