package sim

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestTimingOccupancy checks testdata/occupancy_sm75.txt: the theoretical
// occupancy and its limiter as the timing mode reports them, the register
// count's source, and that dispatch fills every SM to exactly that many
// warps when the grid has blocks to spare.
func TestTimingOccupancy(t *testing.T) {
	f, err := os.Open("testdata/occupancy_sm75.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	cases := 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cases++
		pos := fmt.Sprintf("occupancy_sm75.txt:%d", line)
		in, want, ok := strings.Cut(text, " | ")
		fs := strings.Fields(in)
		if !ok || len(fs) != 4 {
			t.Fatalf("%s: want 'kernel threads registers shared | ...'", pos)
		}
		threads, _ := strconv.Atoi(fs[1])
		shared, _ := strconv.Atoi(fs[3])
		b := micro("occ", fs[0])
		if fs[2] != "-" {
			b.sets = []string{"kernel.registers=" + fs[2]}
		}
		b.ov.Block = [3]uint32{uint32(threads), 1, 1}
		b.edit = func(s *LaunchSpec) { s.Shared = uint64(shared) }
		p := b.prepare(t)
		_, occ, err := p.Occupancy(32)
		if msg, isErr := strings.CutPrefix(want, "error "); isErr {
			if err == nil || !strings.HasSuffix(err.Error(), msg) {
				t.Errorf("%s: error %v, want one ending in %q", pos, err, msg)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", pos, err)
			continue
		}
		if w, regs, ok := strings.Cut(want, " regs="); ok {
			want = w
			if n, _ := strconv.Atoi(regs); occ.Registers != n {
				t.Errorf("%s: %d registers per thread, want %d", pos, occ.Registers, n)
			}
		}
		got := fmt.Sprintf("%d %d %s", occ.BlocksPerSM, occ.WarpsPerSM, occ.Limiter)
		if got != want {
			t.Errorf("%s: %s, want %s (%+v)", pos, got, want, occ)
		}
		wantFrom := map[bool]string{true: regsFromOverride, false: regsFromEstimate}[fs[2] != "-"]
		if fs[2] == "-" && fs[0] != "occ" {
			wantFrom = regsFromMaxNReg
		}
		if occ.RegistersFrom != wantFrom {
			t.Errorf("%s: registers from %q, want %q", pos, occ.RegistersFrom, wantFrom)
		}
		// Twice as many blocks as the GPU holds: every SM fills up.
		nsm := p.Machine.DispatchUnits()
		p.Spec.Grid = [3]uint32{uint32(2 * nsm * occ.BlocksPerSM), 1, 1}
		st, err := RunTiming(p, TimingOptions{})
		if err != nil {
			t.Errorf("%s: %v", pos, err)
			continue
		}
		var blocks uint64
		for _, s := range st.Timing.PerSM {
			blocks += s.Blocks
			if s.PeakWarps != occ.WarpsPerSM {
				t.Errorf("%s: SM %d held %d warps at once, want %d", pos, s.ID, s.PeakWarps, occ.WarpsPerSM)
				break
			}
		}
		if blocks != uint64(p.Spec.Grid[0]) {
			t.Errorf("%s: %d blocks ran, want %d", pos, blocks, p.Spec.Grid[0])
		}
		if a := st.Timing.Occupancy.Achieved; a <= 0 || a > occ.Theoretical+1e-9 {
			t.Errorf("%s: achieved occupancy %v outside (0, theoretical %v]", pos, a, occ.Theoretical)
		}
	}
	if cases < 12 {
		t.Errorf("only %d cases", cases)
	}
}
