package sim

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/gpusim/gpusim/core"
)

// writeTimingText prints the timing mode's tables of one kernel.
func writeTimingText(b *strings.Builder, k *KernelStats) error {
	t := k.Timing
	o := &t.Occupancy
	fmt.Fprintf(b, "  IPC                  %.3f per cycle (GPU), %.3f per active SM cycle\n", t.IPC, t.SMIPC)
	fmt.Fprintf(b, "\n  occupancy\n")
	fmt.Fprintf(b, "    theoretical  %5.1f%%  %d of %d warps per SM: %d blocks of %d warps, limited by %s\n",
		100*o.Theoretical, o.WarpsPerSM, o.MaxWarps, o.BlocksPerSM, o.WarpsPerBlock, o.Limiter)
	fmt.Fprintf(b, "    achieved     %5.1f%%  time-average of active warps over active SM cycles\n", 100*o.Achieved)
	fmt.Fprintf(b, "    resources    %d registers per thread (%s), %d bytes of shared memory per block\n",
		o.Registers, o.RegistersFrom, o.SharedPerBlock)

	var warpCycles uint64
	for _, c := range t.Stalls {
		warpCycles += c
	}
	fmt.Fprintf(b, "\n  warp states (warp-cycles over all schedulers; issue slots used %.1f%%, schedulers idle %.1f%%)\n",
		100*ratio(t.IssueCycles, t.SchedulerCycles), 100*ratio(t.IdleCycles, t.SchedulerCycles))
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "    state\tcycles\t%\t")
	for r, c := range t.Stalls {
		fmt.Fprintf(tw, "    %s\t%d\t%.1f\t\n", core.Reason(r), c, 100*ratio(c, warpCycles))
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	if top := k.TopStalls(topInstructions); len(top) > 0 {
		fmt.Fprintf(b, "\n  top instructions by stall cycles\n")
		tw = tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "    pc\tline\texecs\tlat p50\tp99\tstall cycles\tmain reason\tinstruction")
		for _, is := range top {
			main, most := core.Selected, uint64(0)
			for r, c := range is.States {
				if core.Reason(r) != core.Selected && c > most {
					main, most = core.Reason(r), c
				}
			}
			fmt.Fprintf(tw, "    %d\t%d\t%d\t%g\t%g\t%d\t%s %.0f%%\t%s\n", is.PC, is.Line, is.Executions,
				is.Latency.P50, is.Latency.P99, is.StallCycles, main, 100*ratio(most, is.StallCycles), is.Text)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		if err := writeExpansionsText(b, top); err != nil {
			return err
		}
	}

	fmt.Fprintf(b, "\n  units\n")
	tw = tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "    unit\tinstances\tbusy cycles\tutilisation %\t")
	for _, u := range t.Units {
		fmt.Fprintf(tw, "    %s\t%d\t%d\t%.1f\t\n", u.Name, u.Instances, u.BusyCycles, 100*u.Utilisation)
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	ms, mg := &t.Memory.SM, &t.Memory.GPU
	fmt.Fprintf(b, "\n  memory\n")
	fmt.Fprintf(b, "    global/local  %d loads, %d stores, %d atomics, %d reductions; %d sectors in %d lines\n",
		ms.Loads, ms.Stores, ms.Atomics, ms.Reductions, ms.Sectors, ms.Lines)
	fmt.Fprintf(b, "    L1 hit rate   %.1f%% of %d sectors read\n", 100*t.Memory.L1HitRate, ms.L1.SectorReads)
	fmt.Fprintf(b, "    L2 hit rate   %.1f%% of %d sectors read\n", 100*t.Memory.L2HitRate, mg.L2.SectorReads)
	fmt.Fprintf(b, "    DRAM          %d bytes read, %d bytes written\n", mg.DRAM.ReadBytes, mg.DRAM.WriteBytes)
	fmt.Fprintf(b, "    shared        %d loads, %d stores, %d atomics; %d bank passes for %d phases (%d lost to conflicts)\n",
		ms.SharedLoads, ms.SharedStores, ms.SharedAtomics, ms.SharedPasses, ms.SharedPhases, ms.SharedPasses-min(ms.SharedPasses, ms.SharedPhases))
	if ms.TexInsts > 0 {
		fmt.Fprintf(b, "    texture       %d texture and surface instructions, %d texels (counted in global/local above: the L1 is the texture cache)\n",
			ms.TexInsts, ms.Texels)
	}
	return nil
}

// writeExpansionsText prints, for the instructions of top that issued as
// more than one machine instruction (gpu.expansions), each unit's part:
// its micro-ops, their busy cycles, and the stall cycles the instruction
// waited on the unit. Nothing when none did.
func writeExpansionsText(b *strings.Builder, top []InstStats) error {
	var tw *tabwriter.Writer
	for _, is := range top {
		x := is.Expansion
		if x == nil || x.Ops < 2 {
			continue
		}
		if tw == nil {
			fmt.Fprintf(b, "\n  their machine code (gpu.expansions: the micro-ops ptxas emits; stalls on the unit waited for)\n")
			tw = tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "    pc\tops\tslow path\tunit\tops\tbusy cycles\tscoreboard stalls\tpipe_busy stalls")
		}
		slow := "-"
		if x.SlowOps > 0 {
			slow = fmt.Sprintf("%d ops, %d of %d execs", x.SlowOps, x.SlowExecutions, is.Executions)
		}
		for i, u := range x.Units {
			if i == 0 {
				fmt.Fprintf(tw, "    %d\t%d\t%s\t", is.PC, x.Ops, slow)
			} else {
				fmt.Fprint(tw, "    \t\t\t")
			}
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\n", u.Name, u.Ops, u.Busy, u.ScoreboardStalls, u.PipeBusy)
		}
	}
	if tw == nil {
		return nil
	}
	return tw.Flush()
}
