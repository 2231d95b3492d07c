package sim

import "fmt"

// FaultError is a fault of the simulated program (exit status 1), as
// opposed to bad input: a bad access, a trap, a barrier deadlock, or a
// kernel a limit stopped (LimitError).
type FaultError struct{ Err error }

func (e *FaultError) Error() string { return e.Err.Error() }
func (e *FaultError) Unwrap() error { return e.Err }

// Limits stop a run that goes on too long (an infinite loop in a kernel
// hangs a real GPU until a watchdog kills it; here it ends with a fault and
// a diagnosis) or that the user interrupts. Zero limits mean none; gpusim's
// command line sets DefaultMaxCycles and DefaultMaxWarpInsts unless told
// otherwise.
type Limits struct {
	// MaxWarpInsts bounds the warp instructions of a launch, both modes.
	MaxWarpInsts uint64
	// MaxCycles bounds the simulated time of a launch: cycles in the
	// timing mode; in the functional mode turns, in each of which every
	// warp of the running block that can step executes one instruction
	// (the clock %clock and s_memtime read there), summed over the blocks.
	MaxCycles uint64
	// Stop, when not nil, is polled while the launch runs (well under a
	// second apart); once it is closed the run ends with an
	// *InterruptError and the statistics gathered so far.
	Stop <-chan struct{}
}

// Default limits of the command line: generous enough for any kernel one
// would wait for (10^9 cycles is about a second of a real GPU, and many
// hours of simulation with the GPU full), small enough that a kernel that
// does not terminate stops in a minute or two (gpusim simulates one busy
// warp at about 10^7 cycles per second).
const (
	DefaultMaxCycles    uint64 = 1_000_000_000
	DefaultMaxWarpInsts uint64 = 10_000_000_000
)

// LimitError is the fault of a kernel that Limits stopped. Flag names the
// limit (-max-cycles, -max-warp-insts) and Value its value.
type LimitError struct {
	Flag  string
	Value uint64
	msg   string
}

func (e *LimitError) Error() string { return e.msg }

func (l Limits) warpInstsError() error {
	return &FaultError{Err: &LimitError{Flag: "-max-warp-insts", Value: l.MaxWarpInsts,
		msg: fmt.Sprintf("stopped after %d warp instructions (-max-warp-insts): the kernel may not terminate", l.MaxWarpInsts)}}
}

// cyclesError is the fault of a timed kernel at cycle now past MaxCycles,
// or (functional) of one that used MaxCycles turns.
func (l Limits) cyclesError(functional bool, now uint64) error {
	msg := fmt.Sprintf("stopped at cycle %d, past -max-cycles %d: the kernel may not terminate", now, l.MaxCycles)
	if functional {
		msg = fmt.Sprintf("stopped after %d turns of the functional clock (-max-cycles): the kernel may not terminate", l.MaxCycles)
	}
	return &FaultError{Err: &LimitError{Flag: "-max-cycles", Value: l.MaxCycles, msg: msg}}
}

// InterruptError is the end of a run that Limits.Stop interrupted (a
// signal, for the command line): neither a fault of the program nor bad
// input. The statistics returned with it are those gathered so far.
type InterruptError struct{}

func (e *InterruptError) Error() string { return "interrupted" }

// stopped reports whether ch has been closed, without blocking.
func stopped(ch <-chan struct{}) bool {
	if ch == nil {
		return false
	}
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
