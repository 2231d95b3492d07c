package core

import "slices"

// Gate orders, across goroutines, the instructions of SMs stepped side by
// side. Everything an SM does is its own (its warps, blocks, scoreboards,
// units, L1 and shared memory) except the instructions that reach shared
// state (traces.InstDeps.Device: global memory, the L2 and DRAM queues,
// textures, the printf buffer). Before executing one of those at cycle
// now, SM sm calls Wait, which returns once every instruction that a
// single-threaded run executes before it has executed: those of every
// cycle before now, and those of SMs numbered below sm at now (the order
// of sim's clock loop). Instructions that do not reach shared state run
// without waiting, so the results are the single-threaded ones.
type Gate interface {
	Wait(sm int, now Cycle)
}

// LatencyLog collects an SM's per-instruction latencies (PCStats.Latency)
// as they happen, for SMs stepped on several goroutines: a Latency keeps
// the first 64 distinct values it sees exactly, so the values must reach
// it in a single-threaded run's order, which MergeLatencies restores.
type LatencyLog struct {
	ents []latEnt
}

// latEnt is one recorded latency: of instruction pc, issued at cycle at
// by SM sm.
type latEnt struct {
	at  Cycle
	lat Cycle
	sm  int32
	pc  int32
}

// addLatency records lat, the latency of the instruction at pc issued at
// now.
func (s *SM) addLatency(pc int32, now, lat Cycle) {
	if s.lats != nil {
		s.lats.ents = append(s.lats.ents, latEnt{at: now, lat: lat, sm: int32(s.id), pc: pc})
		return
	}
	s.pcs[pc].Latency.Add(lat)
}

// Len is the number of latencies held.
func (l *LatencyLog) Len() int { return len(l.ents) }

// MergeLatencies adds to pcs the latencies of logs issued before cycle
// upTo, in the order one thread stepping every SM records them (by cycle,
// then SM, then as recorded), and drops them from the logs. Each log must
// hold its SMs' entries in that order, as an SM stepped in cycle order
// and a goroutine stepping its SMs in number order at each cycle produce.
func MergeLatencies(pcs []PCStats, logs []*LatencyLog, upTo Cycle) {
	pos := make([]int, len(logs))
	for {
		best := -1
		var bat Cycle
		var bsm int32
		for i, l := range logs {
			if pos[i] == len(l.ents) {
				continue
			}
			e := &l.ents[pos[i]]
			if e.at >= upTo {
				continue
			}
			if best < 0 || e.at < bat || (e.at == bat && e.sm < bsm) {
				best, bat, bsm = i, e.at, e.sm
			}
		}
		if best < 0 {
			break
		}
		// Take the run of entries of the same SM and cycle at once.
		l := logs[best]
		for pos[best] < len(l.ents) {
			e := &l.ents[pos[best]]
			if e.at != bat || e.sm != bsm {
				break
			}
			pcs[e.pc].Latency.Add(e.lat)
			pos[best]++
		}
	}
	for i, l := range logs {
		l.ents = slices.Delete(l.ents, 0, pos[i])
	}
}
