package core

import (
	"testing"
	"unsafe"
)

// TestSlotLayout checks what the slot's field order is for: the fields a
// step reads of every warp it evaluates share the first cache line, and a
// slot is a whole number of lines (adjust slotPad after adding a field).
func TestSlotLayout(t *testing.T) {
	var sl slot
	const line = 64
	if n := unsafe.Sizeof(sl); n%line != 0 {
		t.Errorf("slot is %d bytes, not a multiple of %d: change slotPad (%d) by %d", n, line, slotPad, line-n%line)
	}
	if end := unsafe.Offsetof(sl.widx) + unsafe.Sizeof(sl.widx); end > slotHotBytes {
		t.Errorf("the step's fields end at byte %d, past %d", end, slotHotBytes)
	}
	// Where Go puts the arrays (see slotPad).
	for _, n := range []int{4, 32, 64, 128} {
		s := make([]slot, n)
		if off := uintptr(unsafe.Pointer(&s[0])) % line; off+slotHotBytes > line {
			t.Errorf("%d slots start %d bytes past a line: the hot fields straddle two", n, off)
		}
	}
}

// TestSBEntry checks the scoreboard entry's packing: every field comes
// back, at the ends of its range, and a ready time past the range reads
// as the largest.
func TestSBEntry(t *testing.T) {
	for _, c := range []struct {
		ready Cycle
		from  int32
		long  bool
	}{
		{0, -1, false}, {1, 0, true}, {timingCycleCap + 1<<20, 7, true},
		{sbMaxReady, sbMaxUnits - 1, false}, {sbMaxReady, sbMaxUnits - 1, true},
	} {
		e := newSB(c.ready, c.from, c.long)
		if e.ready() != c.ready || e.from() != c.from || e.long() != c.long {
			t.Errorf("newSB(%d, %d, %v) reads %d, %d, %v", c.ready, c.from, c.long, e.ready(), e.from(), e.long())
		}
	}
	if e := newSB(Never, 3, true); e.ready() != sbMaxReady || e.from() != 3 || !e.long() {
		t.Errorf("newSB(Never, 3, true) reads %d, %d, %v", e.ready(), e.from(), e.long())
	}
}

// timingCycleCap is sim.MaxTimingCycles (sim imports core).
const timingCycleCap = 1 << 39

// TestPending checks the scoreboard's choice among a warp's slots: the
// latest, from memory on a tie, the later slot on a tie of both.
func TestPending(t *testing.T) {
	sl := &slot{sb: []sbEntry{newSB(5, 1, false), newSB(5, 2, true), newSB(5, 3, true), newSB(3, 4, true), newSB(7, 5, false), newSB(0, 6, true)}}
	for _, c := range []struct {
		rs   []int32
		t    Cycle
		long bool
		from int32
	}{
		{nil, 0, false, -1},
		{[]int32{5}, 0, true, 6},
		{[]int32{0, 1, 2, 3}, 5, true, 3},
		{[]int32{2, 1, 0}, 5, true, 2},
		{[]int32{0, 3}, 5, false, 1},
		{[]int32{1, 4, 0}, 7, false, 5},
	} {
		if gt, gl, gf := sl.pending(c.rs); gt != c.t || gl != c.long || gf != c.from {
			t.Errorf("pending(%v) = %d, %v, %d; want %d, %v, %d", c.rs, gt, gl, gf, c.t, c.long, c.from)
		}
	}
}
