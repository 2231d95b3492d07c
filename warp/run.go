package warp

import "errors"

// ErrStepLimit is returned by RunFor when the block used up its budget of
// warp instructions before finishing.
var ErrStepLimit = errors.New("warp instruction limit reached")

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
	var now, steps uint64
	for *live > 0 {
		stepped := false
		for _, w := range ws {
			if w.Done() || w.Waiting() {
				continue
			}
			if limit != 0 && steps == limit {
				return steps, ErrStepLimit
			}
			if _, err := w.Step(now); err != nil {
				return steps, err
			}
			steps++
			stepped = true
		}
		if !stepped {
			return steps, deadlock()
		}
		now++
	}
	return steps, nil
}
