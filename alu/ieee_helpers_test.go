package alu

import (
	"math"
	"os"
)

func f64frombits(x uint64) float64 { return math.Float64frombits(x) }
func f64bits(x float64) uint64     { return math.Float64bits(x) }
func sqrt64(x float64) float64     { return math.Sqrt(x) }

// longTests reports whether the long, exhaustive variants run
// (GPUSIM_LONG=1); the default runs keep to a few seconds on two cores.
func longTests() bool { return os.Getenv("GPUSIM_LONG") != "" }

// scaled returns n, or n*k under GPUSIM_LONG.
func scaled(n, k int) int {
	if longTests() {
		return n * k
	}
	return n
}

func f32bitsOf(x float32) uint32 { return math.Float32bits(x) }
