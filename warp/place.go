package warp

import (
	"math"
	"math/bits"
)

// Place is where a warp (AMD: wave) stands, for the diagnosis of a run
// that stopped before its end (a limit, a deadlock, a fault, an
// interrupt): its next instruction, the lanes that will execute it, and
// what it waits for. It is read outside the hot path.
type Place struct {
	Done   bool
	PC     int32  // next instruction (-1 when Done)
	Active uint64 // lanes that will execute it
	// Barrier is the barrier the warp waits at, -1 none; Arrived of
	// Expected threads (PTX) or waves (AMD) had arrived at it.
	Barrier           int
	Arrived, Expected int
	// Unit names what Arrived and Expected count: "threads" or "waves".
	Unit string
	// Elsewhere are the warp's other live lanes and where they will go on
	// (a divergent warp's paths not taken yet, and the reconvergence
	// points), nearest first; each lane appears once.
	Elsewhere []Path
}

// Path is a set of lanes of a warp and the instruction they continue at.
type Path struct {
	PC    int32
	Lanes uint64
}

// MulSat and AddSat are multiplication and addition that stop at the
// largest uint64 instead of wrapping (memory footprints of absurd
// launches stay absurd instead of looking small).
func MulSat(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

// AddSat: see MulSat.
func AddSat(a, b uint64) uint64 {
	s, c := bits.Add64(a, b, 0)
	if c != 0 {
		return math.MaxUint64
	}
	return s
}
