package traces

import "strings"

//go:generate go run ./_gen

// The vocabulary of the instruction tables (ptxops_gen.go, amdops_gen.go):
// the facts a row states beyond its name and operands. The tables are
// generated from one data file per ISA, traces/_gen/ptx.ops and
// traces/_gen/amd.ops, by `go generate ./traces`; edit those, never the
// generated files.

// Implicit is a set of registers an instruction reads or writes without
// naming them as operands.
type Implicit uint8

// Implicit registers.
const (
	ImpSCC   Implicit = 1 << iota // AMD scalar condition code
	ImpVCC                        // AMD vector condition code (a lane mask)
	ImpEXEC                       // AMD execute mask
	ImpMODE                       // AMD MODE register (rounding, denormals)
	ImpM0                         // AMD M0
	ImpCarry                      // PTX CC.CF, the carry flag of add.cc/addc
)

var implicitNames = [...]string{"scc", "vcc", "exec", "mode", "m0", "carry"}

// Has reports whether all of r are in s.
func (s Implicit) Has(r Implicit) bool { return s&r == r }

// String lists the registers ("scc,exec"), "" for none.
func (s Implicit) String() string {
	var b strings.Builder
	for i, n := range implicitNames {
		if s&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(n)
		}
	}
	return b.String()
}

// Numerics is a set of numerics-model families: how the bits of an
// instruction's results are computed.
type Numerics uint16

// Numerics families.
const (
	NumInt      Numerics = 1 << iota // integer and bit operations
	NumIEEE                          // IEEE-754 arithmetic with the instruction's rounding (package alu)
	NumApprox                        // fixed hardware approximations (sin, lg2, rsqrt, tanh, sqrt.approx)
	NumEx2                           // the [numerics] ex2 model (MUFU.EX2)
	NumRcp                           // the [numerics] rcp model (MUFU.RCP)
	NumRcp64H                        // the [numerics] rcp64h model (MUFU.RCP64H)
	NumDivFixup                      // the [numerics] div_fixup model (v_div_fixup_f32)
	NumTensor                        // the [numerics] tensor model (tensor-core multiply-accumulate)
)

var numericsNames = [...]string{"int", "ieee", "approx", "ex2", "rcp", "rcp64h", "div_fixup", "tensor"}

// String lists the families ("int,ieee"), "none" for none.
func (n Numerics) String() string {
	var b strings.Builder
	for i, name := range numericsNames {
		if n&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(name)
		}
	}
	if b.Len() == 0 {
		return "none"
	}
	return b.String()
}

// Timing is a set of facts the timing model needs of an instruction beyond
// its unit and registers.
type Timing uint16

// Timing facts.
const (
	// TimingReduce: a read-modify-write without a result (PTX red); it
	// completes like a store.
	TimingReduce Timing = 1 << iota
	// TimingMembar: waits for the warp's outstanding memory instructions
	// (membar, fence).
	TimingMembar
	// TimingCounted: enters or retires a wait-counter queue (AMD memory
	// instructions and waits): the timing model reconciles the wave's
	// queues after it.
	TimingCounted
	// TimingWait: holds the wave until the entries it retires complete
	// (s_waitcnt, s_wait_*).
	TimingWait
	// TimingScalarMem: a scalar memory access, timed through the scalar
	// (constant) cache.
	TimingScalarMem
	// TimingHint: a pure hint, executed in no time (s_delay_alu, s_clause).
	TimingHint
	// TimingNop: idles the wave SIMM16[3:0]+1 cycles, its issue included
	// (s_nop).
	TimingNop
	// TimingAsync: an asynchronous copy (cp.async, cp.async.bulk): its
	// access writes no register; its completion joins the warp's open
	// async-copy group (the bulk group with TimingBulk).
	TimingAsync
	// TimingCommit: closes the warp's open async-copy group
	// (cp.async.commit_group; with TimingBulk cp.async.bulk.commit_group).
	TimingCommit
	// TimingWaitGroup: holds the warp until all but the newest
	// InstDeps.Wait of its committed async-copy groups have completed
	// (cp.async.wait_group, wait_all; cp.async.bulk.wait_group).
	TimingWaitGroup
	// TimingBulk: TimingAsync, TimingCommit and TimingWaitGroup name the
	// bulk-group queue (cp.async.bulk.*) rather than cp.async's.
	TimingBulk
	// TimingMbarSignal: the completion of the warp's async copies signals
	// an mbarrier (cp.async.bulk ... .mbarrier::complete_tx::bytes,
	// cp.async.mbarrier.arrive): the block's mbarrier phases complete no
	// earlier than it.
	TimingMbarSignal
	// TimingMbarWait: an mbarrier wait (test_wait, try_wait) that holds the
	// warp until the async copies signalled to the block's mbarriers have
	// completed.
	TimingMbarWait
)

// Need is the minimum target and PTX ISA version of an instruction form:
// sm_SM and PTX ISA PTX/10.PTX%10 (0: any).
type Need struct {
	SM, PTX int
}

// UnitClass is the unit class of instruction in: the machine model's unit
// that takes the instruction when no [opcodes] key matches it. PTX classes
// depend on the instruction's type (add.f32 is fp32, add.s32 int32).
func (in *Inst) UnitClass() string {
	if a := AMDOp(in.Op); a != nil {
		return a.Unit
	}
	if p := PTXOp(in.Op); p != nil {
		return ptxUnitRules[p.unitRule][in.Type]
	}
	return ""
}
