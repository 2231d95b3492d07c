package core

import (
	"reflect"
	"testing"
)

// TestMergeLatencies records latencies into one log per SM (what the
// parallel clock does) and into one per goroutine stepping SMs 0, 2 and 1,
// 3 in order, and requires the merged counters to be exactly those
// of one thread adding them in the order of the single-threaded clock (by
// cycle, then SM, then as issued). More than 64 distinct values reach one
// instruction, so the exact table depends on that order.
func TestMergeLatencies(t *testing.T) {
	var evs []latEv // in the single-threaded order
	for c := Cycle(0); c < 300; c++ {
		for sm := range 4 {
			if (int(c)+sm)%3 == 0 {
				continue // not every SM issues in every cycle
			}
			for k := range 2 {
				evs = append(evs, latEv{c, sm, int32(k), Cycle((int(c)*7+sm*13+k*5)%97 + 1)})
			}
		}
	}
	want := make([]PCStats, 2)
	for _, e := range evs {
		want[e.pc].Latency.Add(e.lat)
	}
	for _, perSM := range []bool{false, true} {
		got := mergeAsRecorded(t, evs, perSM)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("per-SM logs %v: merged latencies differ from the single-threaded ones:\n got %+v\nwant %+v", perSM, got[0].Latency, want[0].Latency)
		}
	}
	if want[0].Latency.Exact() {
		t.Fatal("the test should overflow the exact table")
	}
	// The order matters: SM by SM gives other counters.
	bySM := make([]PCStats, 2)
	for sm := range 4 {
		for _, e := range evs {
			if e.sm == sm {
				bySM[e.pc].Latency.Add(e.lat)
			}
		}
	}
	if reflect.DeepEqual(bySM, want) {
		t.Fatal("the test's latencies do not depend on their order")
	}
}

// latEv is one latency as TestMergeLatencies records it.
type latEv struct {
	at  Cycle
	sm  int
	pc  int32
	lat Cycle
}

// mergeAsRecorded records evs into logs as the parallel clock does (one
// per SM, or one per goroutine stepping SMs 0, 2 and 1, 3), merging at
// barriers while the exact tables fill and after (every 150 latencies)
// and at the end.
func mergeAsRecorded(t *testing.T, evs []latEv, perSM bool) []PCStats {
	t.Helper()
	logs := []*LatencyLog{{}, {}}
	sms := []*SM{{id: 0, lats: logs[0]}, {id: 1, lats: logs[1]}, {id: 2, lats: logs[0]}, {id: 3, lats: logs[1]}}
	if perSM {
		logs = []*LatencyLog{{}, {}, {}, {}}
		for i, sm := range sms {
			sm.lats = logs[i]
		}
	}
	got := make([]PCStats, 2)
	for i, e := range evs {
		sms[e.sm].addLatency(e.pc, e.at, e.lat)
		if i%150 == 149 {
			// A barrier merges what came before its cycle.
			MergeLatencies(got, logs, e.at)
			for _, l := range logs {
				for _, x := range l.ents {
					if x.at < e.at {
						t.Fatalf("entry of cycle %d left after a merge up to %d", x.at, e.at)
					}
				}
			}
		}
	}
	MergeLatencies(got, logs, Never)
	for _, l := range logs {
		if l.Len() != 0 {
			t.Fatalf("%d entries left after the last merge", l.Len())
		}
	}
	return got
}
