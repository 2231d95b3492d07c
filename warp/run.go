package warp

import "errors"

// ErrStepLimit is returned by RunFor when the block used up its budget of
// warp instructions before finishing.
var ErrStepLimit = errors.New("warp instruction limit reached")

// ErrTurnLimit is returned when the block used up its budget of turns (the
// functional mode's clock) before finishing.
var ErrTurnLimit = errors.New("turn limit reached")

// ErrStopped is returned when the budget's Stop channel was closed while
// the block ran (an interrupt).
var ErrStopped = errors.New("stopped")

// Budget bounds one functional run of a block. Zero limits mean none.
type Budget struct {
	// Insts is the most warp instructions the block may execute
	// (ErrStepLimit).
	Insts uint64
	// Turns is the most round-robin turns, in each of which every warp
	// that can step executes one instruction: the functional mode's
	// clock, what %clock and s_memtime read (ErrTurnLimit).
	Turns uint64
	// Stop, when not nil, is polled every stopPoll turns; once it is
	// closed the run ends with ErrStopped.
	Stop <-chan struct{}
}

// Spent is what a run used of its budget.
type Spent struct {
	Insts uint64 // warp instructions executed
	Turns uint64 // turns begun
}

// stopPoll is how many turns pass between two looks at Budget.Stop: a turn
// steps every warp of one block once, so this is well under a millisecond.
const stopPoll = 1024

// Stepper is a PTX warp or an AMD wave as the functional runner drives it.
type Stepper interface {
	Done() bool
	Waiting() bool
	Step(now uint64) (Result, error)
}

// RunRoundRobin executes ws one instruction each per turn, skipping the
// finished and those waiting at a barrier, until *live (which the warps'
// exits decrement) reaches zero, limit instructions have run (0: no limit;
// then ErrStepLimit), a fault, or a turn in which none could step (the
// deadlock error). The value of %clock / s_memtime is the turn number. It
// returns the instructions executed.
func RunRoundRobin[W Stepper](ws []W, live *int, limit uint64, deadlock func() error) (uint64, error) {
	s, err := RunBudget(ws, live, Budget{Insts: limit}, deadlock)
	return s.Insts, err
}

// RunBudget is RunRoundRobin within a Budget: it also stops at the turn
// limit (ErrTurnLimit) and when the Stop channel closes (ErrStopped), and
// it returns the instructions and turns used.
func RunBudget[W Stepper](ws []W, live *int, b Budget, deadlock func() error) (Spent, error) {
	var now, steps uint64
	for *live > 0 {
		if b.Turns != 0 && now == b.Turns {
			return Spent{steps, now}, ErrTurnLimit
		}
		if b.Stop != nil && now%stopPoll == 0 {
			select {
			case <-b.Stop:
				return Spent{steps, now}, ErrStopped
			default:
			}
		}
		stepped := false
		for _, w := range ws {
			if w.Done() || w.Waiting() {
				continue
			}
			if b.Insts != 0 && steps == b.Insts {
				return Spent{steps, now + 1}, ErrStepLimit
			}
			if _, err := w.Step(now); err != nil {
				return Spent{steps, now + 1}, err
			}
			steps++
			stepped = true
		}
		if !stepped {
			return Spent{steps, now}, deadlock()
		}
		now++
	}
	return Spent{steps, now}, nil
}

// DeadlockError is the error of a block none of whose unfinished warps can
// ever step again: they all wait at barriers that cannot complete.
type DeadlockError struct{ Msg string }

func (e *DeadlockError) Error() string { return e.Msg }
