package mem

import (
	"math"
	"testing"
)

func TestDRAMIdleLatency(t *testing.T) {
	d, err := NewDRAM(DRAMConfig{Latency: 322, Bandwidth: 246.15}, 30)
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []Cycle{0, 1000, 5000} {
		if got := d.Read(0, at, 128); got != at+322 {
			t.Errorf("idle read at %d: data at %d, want %d", at, got, at+322)
		}
	}
}

// TestDRAMBandwidth: N back-to-back line reads finish no faster than
// N*bytes/bandwidth, and (the latency being small) not much slower either.
func TestDRAMBandwidth(t *testing.T) {
	for _, c := range []struct {
		bw      float64
		latency int
		n       int
		bytes   uint64
	}{
		{8, 1, 16, 128},
		{8, 100, 16, 128},
		{246.15, 322, 1000, 128}, // sm_75: 336 GB/s at 1.365 GHz
		{941.18, 700, 5000, 64},
		{0.5, 10, 10, 32},
	} {
		d, err := NewDRAM(DRAMConfig{Latency: c.latency, Bandwidth: c.bw}, 1)
		if err != nil {
			t.Fatal(err)
		}
		var last Cycle
		for range c.n {
			last = max(last, d.Read(0, 0, c.bytes))
		}
		floor := float64(c.n) * float64(c.bytes) / c.bw
		if float64(last) < floor {
			t.Errorf("%+v: last data at %d, faster than the bandwidth allows (%.2f)", c, last, floor)
		}
		// The last request starts at (n-1)*bytes/bw and its data is back a
		// latency later (or when its transfer ends, if later).
		ceil := math.Max(float64(c.n-1)*float64(c.bytes)/c.bw+float64(c.latency), floor) + 1
		if float64(last) > ceil {
			t.Errorf("%+v: last data at %d, want at most %.2f", c, last, ceil)
		}
		st := d.Stats()
		if st.Reads != uint64(c.n) || st.ReadBytes != uint64(c.n)*c.bytes || math.Abs(float64(st.Busy)-floor) > 1+floor*1e-4 {
			t.Errorf("%+v: stats %+v, want busy about %.2f", c, st, floor)
		}
	}
}

func TestDRAMWritesShareTheChannel(t *testing.T) {
	d, _ := NewDRAM(DRAMConfig{Latency: 50, Bandwidth: 4}, 1)
	if end := d.Write(0, 0, 400); end != 100 {
		t.Errorf("write of 400 bytes at 4 B/cycle ends at %d, want 100", end)
	}
	if got := d.Read(0, 10, 32); got != 150 {
		t.Errorf("read behind the write: data at %d, want 100+50", got)
	}
	st := d.Stats()
	if st.Writes != 1 || st.WriteBytes != 400 || st.Busy != 108 || st.QueueWait != 90 {
		t.Errorf("stats %+v", st)
	}
}

func TestDRAMPerSM(t *testing.T) {
	d, _ := NewDRAM(DRAMConfig{Latency: 10, Bandwidth: 1, PerSM: true}, 4)
	for sm := range 4 {
		if got := d.Read(sm, 0, 100); got != 100 {
			t.Errorf("SM %d: data at %d, want 100 (its own idle channel)", sm, got)
		}
	}
	if got := d.Read(1, 0, 100); got != 200 {
		t.Errorf("second read on SM 1: %d, want 200", got)
	}
	if st := d.Stats(); st.Channels != 4 {
		t.Errorf("Channels = %d", st.Channels)
	}
}

func TestDRAMUnlimited(t *testing.T) {
	d, _ := NewDRAM(DRAMConfig{Latency: 300}, 1)
	for range 100 {
		if got := d.Read(0, 7, 1<<20); got != 307 {
			t.Fatalf("unlimited bandwidth: data at %d, want 307", got)
		}
	}
}

func TestDRAMConfigErrors(t *testing.T) {
	for _, c := range []DRAMConfig{{Latency: -1, Bandwidth: 1}, {Latency: 1, Bandwidth: -1}, {Latency: 1, Bandwidth: math.NaN()}, {Latency: 1, Bandwidth: math.Inf(1)}} {
		if _, err := NewDRAM(c, 1); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}
