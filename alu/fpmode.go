package alu

// Rounding is an IEEE-754 rounding direction.
type Rounding uint8

const (
	RoundNearestEven Rounding = iota // to nearest, ties to even (PTX .rn, AMD mode 0)
	RoundPosInf                      // toward +Inf (PTX .rp, AMD mode 1)
	RoundNegInf                      // toward -Inf (PTX .rm, AMD mode 2)
	RoundZero                        // toward zero (PTX .rz, AMD mode 3)
	RoundNearestAway                 // to nearest, ties away from zero (PTX .rna, cvt to tf32 only)
)

// FPMode packs how one floating-point operation rounds and treats denormals
// and NaNs. It is a small value so that it can be passed to every call.
//
// Bits 0-2 hold the Rounding; the flags below select flushing and the NaN
// policy. The zero FPMode is IEEE round-to-nearest-even with denormals kept
// and NaNs propagated (quieted), which is AMD's behaviour with MODE.IEEE set.
type FPMode uint8

const (
	// FlushIn treats denormal inputs as zero of the same sign.
	FlushIn FPMode = 1 << 3
	// FlushOut replaces a denormal result with zero of the same sign (after
	// rounding, as NVIDIA .ftz and AMD MODE do).
	FlushOut FPMode = 1 << 4
	// CanonicalNaN makes every NaN result the format's canonical NaN
	// (f32 0x7fffffff, f64 0x7fffffffffffffff, f16 0x7fff, as NVIDIA's f32
	// and 16-bit arithmetic does); without it a NaN result is the first NaN
	// operand, quieted, and an invalid operation gives the default NaN
	// (negative quiet NaN: f32 0xffc00000, f64 0xfff8000000000000).
	CanonicalNaN FPMode = 1 << 5

	// FTZ is NVIDIA's .ftz: inputs and results flushed.
	FTZ = FlushIn | FlushOut
)

// Rounding returns the rounding direction of m.
func (m FPMode) Rounding() Rounding { return Rounding(m & 7) }

// WithRounding returns m with its rounding direction replaced by r.
func (m FPMode) WithRounding(r Rounding) FPMode { return m&^7 | FPMode(r) }

// Mode returns the FPMode for rounding r and the given flags.
func Mode(r Rounding, flags FPMode) FPMode { return FPMode(r) | flags&^7 }
