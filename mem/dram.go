package mem

import "math"

// A channel is a bandwidth limit modelled as a first-come first-served
// queue: it moves one request at a time, a request of b bytes occupying it
// for b/bandwidth cycles. A request arriving at cycle t starts when the
// channel frees, s = max(t, free), and holds it until s + b/bandwidth. Time
// inside the queue is kept in ticks of 2^-tickShift cycles, integers so that
// results are exact and the same on every machine; fractional bandwidths
// (246.15 bytes per cycle) are rounded up to a whole number of ticks per
// byte, so the model is never faster than the configured bandwidth and
// slower by less than 2^-tickShift times the bandwidth (0.002% at 300 bytes
// per cycle). Requests are served in the order of the calls, which
// is time order when the caller advances time monotonically.
type channel struct {
	ticksPerByte uint64 // 0: unlimited
	free         uint64 // tick at which the channel is next free
	busy         uint64 // ticks spent moving data
	wait         uint64 // ticks requests spent queued before starting
}

// tickShift: ticks per cycle is 1<<tickShift. Cycles up to 2^40 (about
// 10^12) fit in a uint64 of ticks.
const tickShift = 24

func newChannel(bandwidth float64) channel {
	if bandwidth <= 0 {
		return channel{}
	}
	t := math.Max(1, math.Ceil(float64(uint64(1)<<tickShift)/bandwidth))
	if !(t < 1<<63) { // a bandwidth below what Problems accepts
		t = 1 << 63
	}
	return channel{ticksPerByte: uint64(t)}
}

// serve queues a request of n bytes arriving at cycle t and returns the
// ticks at which it starts and finishes moving.
func (c *channel) serve(t Cycle, n uint64) (start, end uint64) {
	arrive := toTick(t)
	if c.ticksPerByte == 0 {
		return arrive, arrive
	}
	start = max(arrive, c.free)
	end = addSat(start, mulSat(n, c.ticksPerByte))
	c.wait += start - arrive
	c.busy += end - start
	c.free = end
	return start, end
}

// toCycle rounds a tick up to the cycle at or after it.
func toCycle(tick uint64) Cycle {
	return Cycle(addSat(tick, 1<<tickShift-1) >> tickShift)
}

// toTick is cycle t in ticks. Times past 2^40 cycles (which the timing
// model's cycle limit keeps runs from reaching) saturate, as do the sums
// of ticks in serve, so a queue can never wrap around to an early time.
func toTick(t Cycle) uint64 {
	if uint64(t) >= 1<<(64-tickShift) {
		return ^uint64(0)
	}
	return uint64(t) << tickShift
}

// DRAM is device memory: a fixed latency plus a bandwidth limit. A read of
// b bytes reaching the DRAM at cycle t on channel c starts at s = max(t,
// when c frees) and its data is at the requester at max(s + Latency, s +
// b/bandwidth): on an idle channel exactly the configured latency, under
// load the queueing delay on top of it, and never faster than the channel
// can move the bytes. Writes (L2 write-backs, write-through traffic)
// occupy the channel the same way and complete silently. One channel serves
// the whole GPU unless PerSM.
type DRAM struct {
	latency uint64 // ticks
	ch      []channel
	stats   DRAMStats
}

// DRAMStats counts DRAM traffic.
type DRAMStats struct {
	Reads      uint64 // read requests (one per L2 line miss)
	ReadBytes  uint64
	Writes     uint64 // write requests
	WriteBytes uint64
	Channels   int   // channels (1, or one per SM)
	Busy       Cycle // cycles the channels spent moving data, summed over channels (rounded up)
	QueueWait  Cycle // cycles requests waited for a busy channel, summed over requests (rounded up)
}

// NewDRAM returns an idle DRAM for sms SMs.
func NewDRAM(cfg DRAMConfig, sms int) (*DRAM, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	n := 1
	if cfg.PerSM {
		n = max(1, sms)
	}
	d := &DRAM{latency: toTick(Cycle(max(0, cfg.Latency))), ch: make([]channel, n)}
	for i := range d.ch {
		d.ch[i] = newChannel(cfg.Bandwidth)
	}
	return d, nil
}

func (d *DRAM) channel(sm int) *channel {
	if len(d.ch) == 1 {
		return &d.ch[0]
	}
	return &d.ch[sm%len(d.ch)]
}

// Read queues a read of n bytes for SM sm reaching the DRAM at cycle t and
// returns the cycle its data is at the requester.
func (d *DRAM) Read(sm int, t Cycle, n uint64) Cycle {
	start, end := d.channel(sm).serve(t, n)
	d.stats.Reads++
	d.stats.ReadBytes += n
	return toCycle(max(addSat(start, d.latency), end))
}

// Write queues a write of n bytes from SM sm reaching the DRAM at cycle t
// and returns the cycle the channel has finished moving it.
func (d *DRAM) Write(sm int, t Cycle, n uint64) Cycle {
	_, end := d.channel(sm).serve(t, n)
	d.stats.Writes++
	d.stats.WriteBytes += n
	return toCycle(end)
}

// Stats returns the counters so far.
func (d *DRAM) Stats() DRAMStats {
	s := d.stats
	s.Channels = len(d.ch)
	s.Busy, s.QueueWait = channelTotals(d.ch)
	return s
}

// channelTotals sums the busy and queueing time of a set of channels (DRAM
// channels, L2 slice ports), in cycles.
func channelTotals(chs []channel) (busy, wait Cycle) {
	var b, w uint64
	for i := range chs {
		b += chs[i].busy
		w += chs[i].wait
	}
	return toCycle(b), toCycle(w)
}
