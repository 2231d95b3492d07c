package mem

import (
	"math"
	"strings"
	"testing"
)

// TestBandwidthRange: a bandwidth whose byte time cannot be represented in
// the queues' fixed point is a problem, as is one past the top.
func TestBandwidthRange(t *testing.T) {
	for _, c := range []struct {
		bw float64
		ok bool
	}{{0, true}, {1.0 / 1024, true}, {1 << 20, true}, {300.25, true},
		{1e-10, false}, {1e-300, false}, {3e6, false}, {math.NaN(), false}, {math.Inf(1), false}, {-1, false}} {
		var p problems
		p.bandwidth("dram.bandwidth", c.bw)
		if (len(p) == 0) != c.ok {
			t.Errorf("bandwidth %v: problems %v, want ok %v", c.bw, p, c.ok)
		}
		if len(p) > 0 && !strings.HasPrefix(p[0].Msg, "dram.bandwidth: ") {
			t.Errorf("bandwidth %v: %q does not name the key", c.bw, p[0].Msg)
		}
	}
}

// TestChannelSaturates: the slowest channel, fed far more than any run
// could, and times past the tick range never wrap around to an earlier
// completion.
func TestChannelSaturates(t *testing.T) {
	c := newChannel(minBandwidth)
	var last Cycle
	for i := 0; i < 1<<16; i++ {
		_, end := c.serve(Cycle(i), 1<<16)
		done := toCycle(end)
		if done < last {
			t.Fatalf("request %d completes at %d, before the previous one (%d): the queue wrapped", i, done, last)
		}
		last = done
	}
	if got := toTick(1 << 50); got != math.MaxUint64 {
		t.Errorf("toTick(2^50) = %d, want saturation", got)
	}
	if got := toCycle(math.MaxUint64); got != 1<<40-1 {
		t.Errorf("toCycle(max) = %d", got)
	}
	if c := newChannel(1e-300); c.ticksPerByte != 1<<63 {
		t.Errorf("a bandwidth below the range gives %d ticks per byte", c.ticksPerByte)
	}
}
