package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/gpusim/gpusim/sim"
)

// byteSize is a -max-memory value: bytes, or a number with a K, M, G or T
// suffix (powers of 1024; "GiB" and "GB" alike); 0 means the default
// budget.
type byteSize uint64

func (b *byteSize) String() string {
	if *b == 0 {
		return ""
	}
	return strconv.FormatUint(uint64(*b), 10)
}

func (b *byteSize) Set(s string) error {
	n, err := parseBytes(s)
	if err != nil {
		return err
	}
	*b = byteSize(n)
	return nil
}

func parseBytes(s string) (uint64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	shift := 0
	if t != "" {
		switch t[len(t)-1] {
		case 'K':
			shift = 10
		case 'M':
			shift = 20
		case 'G':
			shift = 30
		case 'T':
			shift = 40
		}
	}
	if shift > 0 {
		t = t[:len(t)-1]
	}
	x, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || math.IsNaN(x) || x <= 0 {
		return 0, fmt.Errorf("want a positive size in bytes, or with a K, M, G or T suffix (8G, 512M), got %q", s)
	}
	v := math.Ldexp(x, shift)
	if v >= math.Ldexp(1, 64) {
		return 0, errors.New("size too large")
	}
	return uint64(v), nil
}

// registerLimits defines the flags that bound a run: -max-cycles,
// -max-warp-insts (generous defaults; 0 disables), -max-memory and
// -strict.
func (f *runFlags) registerLimits(fs *flag.FlagSet) {
	fs.Uint64Var(&f.maxInsts, "max-warp-insts", sim.DefaultMaxWarpInsts,
		"stop a kernel after this many warp instructions: the report says where every unfinished warp stands and gives the statistics so far, marked partial; exit status 1 (0: no limit)")
	fs.Uint64Var(&f.maxCycles, "max-cycles", sim.DefaultMaxCycles,
		"stop a kernel after this many cycles (-mode functional: turns, in each of which every warp of the running block steps once), as -max-warp-insts does (0: no limit)")
	_, how := sim.DefaultMemoryBudget()
	fs.Var(&f.maxMemory, "max-memory", "memory budget of a run, checked before anything is allocated: bytes, or 8G, 512M (default "+how+")")
	fs.BoolVar(&f.strict, "strict", false, "make an integer division or remainder by zero a fault (without it the result has every bit set, as on NVIDIA GPUs)")
}

// holdHeap asks the Go runtime to keep the process's memory within the
// run's budget (maxMemory, 0 the default) by collecting garbage harder
// near it (runtime/debug.SetMemoryLimit, a soft limit): what the budget
// check admitted then stays within it in practice, not only on paper. The
// returned function restores the previous limit.
func holdHeap(maxMemory uint64) (restore func()) {
	limit := maxMemory
	if limit == 0 {
		limit, _ = sim.DefaultMemoryBudget()
	}
	prev := debug.SetMemoryLimit(int64(min(limit, math.MaxInt64)))
	return func() { debug.SetMemoryLimit(prev) }
}
