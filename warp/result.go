package warp

import "github.com/gpusim/gpusim/traces"

// Kind says what a Step did.
type Kind uint8

const (
	// KindNormal: an instruction executed and the warp continues at the next one.
	KindNormal Kind = iota
	// KindBranch: a control transfer (bra, call, ret) that kept the warp converged.
	KindBranch
	// KindDiverged: a branch split the active lanes over two paths.
	KindDiverged
	// KindBarrier: the warp arrived at a barrier and now waits for the block.
	KindBarrier
	// KindWaiting: the warp is blocked at a barrier; nothing executed.
	KindWaiting
	// KindExited: the instruction retired the warp's last lanes.
	KindExited
	// KindDone: the warp had already finished; nothing executed.
	KindDone
)

var kindNames = [...]string{"normal", "branch", "diverged", "barrier", "waiting", "exited", "done"}

// String names the kind for reports.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

// Result describes one Step. It is a plain value; Mem points to a record
// that a later Step overwrites: the warp's next memory instruction, and in
// warp/ptx the next one of any warp sharing its lane rows (the warps one
// goroutine steps). Read it before stepping another warp.
type Result struct {
	PC     int32  // static instruction index executed, -1 when nothing executed
	Active uint64 // lanes at PC (before the guard predicate)
	Exec   uint64 // lanes that executed (guard true)
	Kind   Kind
	Mem    *Access // ld/ldu/st/atom/red with at least one executing lane; else nil
	// Slow: an executing lane's operands send the machine code ptxas emits
	// for the instruction down its data-dependent slow path (division and
	// square root of subnormal, huge or special operands; warp/ptx's
	// slowpath.go). The timing model issues the slow code when its
	// expansion table has it.
	Slow bool
}

// AccessKind is the direction of a memory access.
type AccessKind uint8

const (
	AccessLoad   AccessKind = iota + 1 // ld, ldu
	AccessStore                        // st
	AccessAtomic                       // atom and red: read-modify-write
)

// Access records one warp memory instruction for the timing model
// (coalescing, bank conflicts). Addr and Spaces have one entry per lane; only
// lanes in Mask are meaningful. For generic instructions each lane's address
// has been resolved to the space it falls in.
type Access struct {
	Kind   AccessKind
	Space  traces.Space   // the instruction's space (SpaceGeneric for generic ld/st)
	Size   int            // bytes per lane (all vector elements together)
	Mask   uint64         // lanes that accessed memory
	Addr   []uint64       // per lane: the address within Spaces[lane]
	Spaces []traces.Space // per lane: the space the access went to
	// Texels is set for the texture and surface instructions (PTX tex,
	// tld4, suld, sust, sured): the global address of every texel or
	// surface element the lanes touched, lane after lane (a filtered fetch
	// touches up to 16 per lane), each TexelSize bytes. The timing model
	// takes them through the texture path; Addr then holds each lane's
	// first. nil for every other instruction.
	Texels    []uint64
	TexelSize int
	// Next is a further part of the same instruction's access (nil for
	// none): wmma.load and wmma.store access one part per fragment
	// register, cp.async reads global memory and writes shared memory.
	// The parts issue together; the instruction completes with the last.
	Next *Access
}

// PCCount is what one warp executed at one static instruction: warp
// instructions, and thread instructions (the lanes that executed, summed
// over the executions). The two share a record so that counting an
// instruction touches one cache line.
type PCCount struct {
	Warp, Thread uint64
}
