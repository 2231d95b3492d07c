package core

// Asynchronous copies in time. A cp.async (cp.async.bulk) issues on the
// load/store path like any memory instruction and its access completes
// when the memory hierarchy says; it writes no register, so nothing waits
// on the scoreboard. Its completion joins the warp's open group;
// cp.async.commit_group (cp.async.bulk.commit_group) closes the group,
// pushing the latest completion of its copies on the warp's queue of
// committed groups, and cp.async.wait_group N (wait_all: a commit, then N
// = 0) holds the warp until every group but the newest N has completed:
// that hold is wait_group on the wait's PC. PTX defines exactly this
// ("cp.async.wait_group: wait for completion of all but the N most recent
// bulk async-groups"); the data themselves were moved at issue (package
// warp/ptx), which is invisible to a program that waits as it must.
//
// mbarrier completion is modelled per block: a copy that signals an
// mbarrier (cp.async.bulk ... .mbarrier::complete_tx::bytes; for
// cp.async.mbarrier.arrive, every earlier cp.async of its warp) raises the
// block's mbarDone to its completion, and an mbarrier test_wait/try_wait
// holds its warp until then. Functionally the phase completed at issue;
// the hold is when the copy's data would have arrived. The model does not
// tell one mbarrier of the block from another: a wait also waits for
// copies signalled to other barriers of the block before it, so a
// multi-stage pipeline that waits on stage k while stage k+1's copy is in
// flight waits for both (a pessimistic approximation, documented in
// docs/machine-model.md).

// asyncQueue is one queue of async-copy groups.
type asyncQueue struct {
	open   Cycle // latest completion of the open group's copies
	groups cycleRing
}

// asyncState is a warp's async copies: the cp.async queue and the bulk
// queue, and the latest completion of any of its cp.async copies.
type asyncState struct {
	q    [2]asyncQueue
	last Cycle
}

func (a *asyncState) reset() {
	for i := range a.q {
		a.q[i].open = 0
		a.q[i].groups.reset()
	}
	a.last = 0
}

// asyncIssue applies the async-copy facts of the instruction warp sl just
// issued (its access, if any, completes at done) and returns until when
// it holds the warp (0: no hold).
func (s *SM) asyncIssue(sl *slot, b *blockState, info *instInfo, done Cycle) Cycle {
	q := &sl.acp.q[0]
	if info.bulk {
		q = &sl.acp.q[1]
	}
	if info.async {
		q.open = max(q.open, done)
		sl.acp.last = max(sl.acp.last, done)
	}
	if info.mbarSignal {
		t := sl.acp.last // cp.async.mbarrier.arrive: the warp's copies so far
		if info.async {
			t = done
		}
		b.mbarDone = max(b.mbarDone, t)
	}
	if info.commit {
		q.groups.push(q.open)
		q.open = 0
	}
	var hold Cycle
	if info.waitGroup {
		for q.groups.n > int(info.waitN) {
			hold = max(hold, q.groups.pop())
		}
	}
	if info.mbarWait {
		hold = max(hold, b.mbarDone)
	}
	return hold
}
