package core

import (
	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces"
)

// Program is what the timing model needs of each static instruction of a
// kernel, computed once per launch: the unit it goes to, its latency and
// initiation interval (per-opcode overrides applied), and the scoreboard
// slots it reads and writes. Index len(Kernel.Code) is the implicit exit.
// It is read-only after NewProgram and shared by every SM.
type Program struct {
	kernel *traces.Kernel
	insts  []instInfo
	// slots holds every instruction's scoreboard slots: insts[pc].use
	// indexes the ones it reads or writes, insts[pc].def the ones it writes.
	slots  []int32
	nslots int
	routes []config.Route
}

// span is a range [lo, hi) of Program.slots.
type span struct{ lo, hi int32 }

// instInfo is one static instruction's timing data.
type instInfo struct {
	unit    int32  // index into Machine.Units
	lat     Cycle  // cycles from issue until the result can be read
	init    uint32 // initiation interval in cycles
	use     span   // scoreboard slots read (AMD) or read or written (PTX): hazards
	def     span   // scoreboard slots written
	reduce  bool   // a read-modify-write without a result (PTX red, AMD atomics without return)
	membar  bool   // waits for the warp's outstanding memory instructions
	hasDefs bool

	// AMD (amd_program.go).
	sync bool  // adds or retires wait-counter entries: reconcile the wave's queues after it
	wait bool  // s_waitcnt / s_wait_*: holds the wave until the entries it retires complete
	smem bool  // scalar memory: timed through the scalar (constant) cache
	hint bool  // a pure hint: executed in no time (SM.skipHints)
	pair bool  // the X half of a VOPD pair: Step executes it and the next instruction
	nop  Cycle // s_nop: cycles the wave idles, its issue included
}

// NewProgram resolves every instruction of k (and the implicit exit) to
// its unit on machine m and records its scoreboard slots. An instruction
// that no [opcodes] entry routes is an error positioned at the machine
// file's [opcodes] table.
//
// The implicit exit is not an instruction of the kernel: it stands for
// running off the end of the code, and takes the route of the instruction
// that ends a warp in the kernel's ISA (PTX exit, AMD s_endpgm), which a
// machine model for that ISA routes anyway.
func NewProgram(k *traces.Kernel, m *config.Machine) (*Program, error) {
	n := len(k.Code)
	p := &Program{kernel: k, insts: make([]instInfo, n+1), nslots: len(k.Regs) + int(k.NumPreds) + 1}
	exit := traces.Inst{Op: traces.OpExit, Guard: -1}
	var amd *amdSlots
	if k.AMD != nil {
		l := newAMDSlots(k)
		amd, p.nslots = &l, l.n
		exit = traces.Inst{Op: traces.OpSEndpgm, Guard: -1}
	}
	keys := make([]string, n+1)
	for pc := range keys {
		keys[pc] = p.inst(pc, &exit).UnitKey()
	}
	routes, err := m.Routes(keys)
	if err != nil {
		return nil, err
	}
	p.routes = routes
	for pc := range p.insts {
		in := p.inst(pc, &exit)
		r := routes[pc]
		info := &p.insts[pc]
		info.unit = int32(r.Unit)
		info.lat = Cycle(max(r.Latency, 0))
		info.init = uint32(max(r.Initiation, 1))
		if amd != nil {
			var y *traces.Inst
			if in.Flags&traces.FlagAMDDualX != 0 && pc+1 < n {
				y = &k.Code[pc+1]
			}
			p.addAMDSlots(amd, in, y, info)
			amdTiming(in, info)
			continue
		}
		info.reduce = in.Op == traces.OpRed
		info.membar = in.Op == traces.OpMembar || in.Op == traces.OpFence
		p.addSlots(k, in, info)
	}
	return p, nil
}

// inst returns the instruction at pc (the implicit exit past the end).
func (p *Program) inst(pc int, exit *traces.Inst) *traces.Inst {
	if pc < len(p.kernel.Code) {
		return &p.kernel.Code[pc]
	}
	return exit
}

// addSlots appends the scoreboard slots of in: written ones first (def),
// then the ones only read, each once.
func (p *Program) addSlots(k *traces.Kernel, in *traces.Inst, info *instInfo) {
	nregs, carry := int32(len(k.Regs)), int32(len(k.Regs))+k.NumPreds
	lo := int32(len(p.slots))
	add := func(s int32) {
		for _, x := range p.slots[lo:] {
			if x == s {
				return
			}
		}
		p.slots = append(p.slots, s)
	}
	for i := range in.Dst {
		switch d := &in.Dst[i]; d.Kind {
		case traces.OpdReg:
			add(d.Reg)
		case traces.OpdPred:
			add(nregs + d.Reg)
		}
	}
	if in.Flags.Has(traces.FlagCC) {
		add(carry)
	}
	info.def = span{lo, int32(len(p.slots))}
	info.hasDefs = info.def.hi > info.def.lo
	for i := range in.Src {
		switch s := &in.Src[i]; s.Kind {
		case traces.OpdReg:
			add(s.Reg)
		case traces.OpdPred:
			add(nregs + s.Reg)
		case traces.OpdMem:
			if s.Reg >= 0 {
				add(s.Reg)
			}
		}
	}
	if in.Guard >= 0 {
		add(nregs + in.Guard)
	}
	if in.Flags.Has(traces.FlagCarryIn) || in.Op == traces.OpAddc || in.Op == traces.OpSubc || in.Op == traces.OpMadc {
		add(carry)
	}
	info.use = span{lo, int32(len(p.slots))}
}

// Kernel is the kernel the program was built from.
func (p *Program) Kernel() *traces.Kernel { return p.kernel }

// Len is the number of static instructions plus one (the implicit exit).
func (p *Program) Len() int { return len(p.insts) }

// Route is where the instruction at pc goes on the machine.
func (p *Program) Route(pc int) config.Route { return p.routes[pc] }

// Slots is the number of scoreboard slots per warp: value registers,
// predicates and the carry flag (AMD: VGPRs, the scalar file, SCC and
// MODE).
func (p *Program) Slots() int { return p.nslots }
