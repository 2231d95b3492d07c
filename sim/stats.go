package sim

import (
	"sort"
	"strings"
	"time"

	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// KernelStats are the counters of one kernel launch. The functional mode
// fills the instruction counts; the timing mode adds Timing: cycles,
// occupancy, stalls, unit and memory figures and per-instruction latency.
type KernelStats struct {
	Name   string
	Mode   string // "functional" or "timing"
	Grid   [3]uint32
	Block  [3]uint32
	Notes  []string
	Kernel *traces.Kernel

	WarpInsts   uint64
	ThreadInsts uint64
	// PerPC are the executions of each static instruction (index = PC;
	// index len(Kernel.Code) is the implicit exit past the last instruction).
	PerPCWarp   []uint64
	PerPCThread []uint64

	// Timing is nil in the functional mode.
	Timing *TimingStats
	// Partial, when not nil, says that the launch stopped before its end
	// (a limit, a deadlock, a fault, an interrupt) and where its warps
	// stood; the counters are those gathered until then.
	Partial *Partial

	WallSeconds float64
}

// OpcodeCount is the executions of one opcode (mnemonic with suffixes).
type OpcodeCount struct {
	Opcode      string
	WarpInsts   uint64
	ThreadInsts uint64
}

func newKernelStats(p *Prepared, mode string) *KernelStats {
	n := len(p.Kernel.Code) + 1 // the last entry counts the implicit exit at the end of the code
	return &KernelStats{
		Name: p.Kernel.Name, Mode: mode, Grid: p.Spec.Grid, Block: p.Spec.Block,
		Notes: p.Spec.Notes, Kernel: p.Kernel,
		PerPCWarp: make([]uint64, n), PerPCThread: make([]uint64, n),
	}
}

func (s *KernelStats) addCounts(counts []warp.PCCount) {
	for pc, c := range counts {
		s.PerPCWarp[pc] += c.Warp
		s.PerPCThread[pc] += c.Thread
	}
}

func (s *KernelStats) finish(wall time.Duration) {
	s.WarpInsts, s.ThreadInsts = 0, 0
	for pc := range s.PerPCWarp {
		s.WarpInsts += s.PerPCWarp[pc]
		s.ThreadInsts += s.PerPCThread[pc]
	}
	s.WallSeconds = wall.Seconds()
}

// WarpInstsPerSecond is the simulator's own speed on this kernel.
func (s *KernelStats) WarpInstsPerSecond() float64 {
	if s.WallSeconds <= 0 {
		return 0
	}
	return float64(s.WarpInsts) / s.WallSeconds
}

// ByOpcode sums the per-PC counts by opcode, most executed first (ties by
// name, so the order is deterministic).
func (s *KernelStats) ByOpcode() []OpcodeCount {
	idx := map[string]int{}
	var out []OpcodeCount
	for pc := range s.PerPCWarp {
		if s.PerPCWarp[pc] == 0 {
			continue
		}
		op := "exit (implicit)"
		if pc < len(s.Kernel.Code) {
			op = Mnemonic(&s.Kernel.Code[pc])
		}
		i, ok := idx[op]
		if !ok {
			i = len(out)
			idx[op] = i
			out = append(out, OpcodeCount{Opcode: op})
		}
		out[i].WarpInsts += s.PerPCWarp[pc]
		out[i].ThreadInsts += s.PerPCThread[pc]
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].WarpInsts != out[j].WarpInsts {
			return out[i].WarpInsts > out[j].WarpInsts
		}
		return out[i].Opcode < out[j].Opcode
	})
	return out
}

// Mnemonic is an instruction's opcode with its suffixes as written
// ("ld.global.f32"), without guard or operands.
func Mnemonic(in *traces.Inst) string {
	t := strings.TrimSpace(in.Text)
	if strings.HasPrefix(t, "@") {
		if i := strings.IndexAny(t, " \t"); i >= 0 {
			t = strings.TrimSpace(t[i:])
		}
	}
	if i := strings.IndexAny(t, " \t"); i >= 0 {
		t = t[:i]
	}
	return strings.TrimSuffix(t, ";")
}
