package core

import (
	"container/heap"
	"slices"
)

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

// order waits at the Gate, if any, before the instruction info executes
// at now when it reaches shared state.
func (s *SM) order(info *instInfo, now Cycle) {
	if info.device && s.gate != nil {
		s.gate.Wait(s.id, now)
	}
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
	if s.deferring {
		// A step ahead of the other SMs (ahead.go): a value that would
		// take a place in the exact table waits for the single-threaded
		// order.
		if !s.pcs[pc].Latency.AddIfSettled(lat) {
			s.later.ents = append(s.later.ents, latEnt{at: now, lat: lat, sm: int32(s.id), pc: pc})
		}
		return
	}
	s.pcs[pc].Latency.Add(lat)
}

// Len is the number of latencies held.
func (l *LatencyLog) Len() int { return len(l.ents) }

// MergeLatencies adds to pcs the latencies of logs issued before cycle
// upTo, in the order one thread stepping every SM records them (by cycle,
// then SM, then as recorded), and drops them from the logs. Each log must
// hold its entries in that order: one log per SM, stepped in cycle order,
// or one per goroutine that steps its SMs in number order at each cycle.
//
// Only latencies that would take a place in an exact table need that
// order (Latency.AddIfSettled): the others, most of them once every
// instruction has shown its values, go in as each log holds them, and
// the heap merges what is left.
func MergeLatencies(pcs []PCStats, logs []*LatencyLog, upTo Cycle) {
	for _, l := range logs {
		kept, i := 0, 0
		for ; i < len(l.ents) && l.ents[i].at < upTo; i++ {
			// (A value settled now was settled at its place in the order:
			// tables only gain values, and adding it changes no table.)
			if e := l.ents[i]; !pcs[e.pc].Latency.AddIfSettled(e.lat) {
				l.ents[kept] = e
				kept++
			}
		}
		l.ents = slices.Delete(l.ents, kept, i)
	}
	q := &logHeap{logs: logs, pos: make([]int, len(logs)), upTo: upTo}
	for i := range logs {
		if q.live(i) {
			q.h = append(q.h, i)
		}
	}
	heap.Init(q)
	for q.Len() > 0 {
		// Take the top log's run of entries of one SM and cycle.
		top := q.h[0]
		l := logs[top]
		at, sm := l.ents[q.pos[top]].at, l.ents[q.pos[top]].sm
		for q.pos[top] < len(l.ents) {
			e := &l.ents[q.pos[top]]
			if e.at != at || e.sm != sm {
				break
			}
			pcs[e.pc].Latency.Add(e.lat)
			q.pos[top]++
		}
		if q.live(top) {
			heap.Fix(q, 0)
		} else {
			heap.Pop(q)
		}
	}
	for i, l := range logs {
		l.ents = slices.Delete(l.ents, 0, q.pos[i])
	}
}

// logHeap is MergeLatencies' heap (container/heap) of the logs with
// entries before upTo left, by their next entry's (cycle, SM), then log
// index: a total order, so the merge order does not depend on the heap's.
type logHeap struct {
	logs []*LatencyLog
	pos  []int // per log, its next entry
	upTo Cycle
	h    []int // log indices
}

func (q *logHeap) live(i int) bool {
	return q.pos[i] < len(q.logs[i].ents) && q.logs[i].ents[q.pos[i]].at < q.upTo
}

func (q *logHeap) Len() int { return len(q.h) }

func (q *logHeap) Less(a, b int) bool {
	i, j := q.h[a], q.h[b]
	x, y := &q.logs[i].ents[q.pos[i]], &q.logs[j].ents[q.pos[j]]
	return x.at < y.at || (x.at == y.at && (x.sm < y.sm || (x.sm == y.sm && i < j)))
}

func (q *logHeap) Swap(a, b int) { q.h[a], q.h[b] = q.h[b], q.h[a] }
func (q *logHeap) Push(x any)    { q.h = append(q.h, x.(int)) }

// Pop drops the last element; its value is not used (and returning it
// would box it).
func (q *logHeap) Pop() any {
	q.h = q.h[:len(q.h)-1]
	return nil
}
