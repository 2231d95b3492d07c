package traces

import "strings"

// Dependency data: what a timing model needs of every static instruction
// of a kernel, in ISA-neutral terms, computed from the instruction tables'
// rows (implicit registers, unit class, timing facts) and the operands. A
// scoreboard needs nothing else: it never names an opcode or an operand
// kind.

// Span is a range [Lo, Hi) of Deps.Slots.
type Span struct{ Lo, Hi int32 }

// Deps is the dependency data of one kernel.
type Deps struct {
	// NumSlots is the number of scoreboard slots per warp: PTX value
	// registers, predicates and the carry flag; AMD the VGPRs the kernel
	// names, the scalar file (traces' OpdSGPR numbering: SGPRs, VCC, TTMPs,
	// M0, EXEC), SCC and MODE.
	NumSlots int
	// Slots holds every instruction's slot lists; InstDeps' spans index it.
	Slots []int32
	// Insts has one entry per instruction of Kernel.Code and one more, the
	// last, for the implicit exit (running off the end of the code), which
	// takes the key and class of the ISA's exit instruction (PTX exit, AMD
	// s_endpgm).
	Insts []InstDeps
}

// InstDeps is one static instruction's dependency data.
type InstDeps struct {
	// Def are the slots it writes; Use the slots whose pending writes it
	// waits for: for PTX the ones it reads or writes (a write after a
	// write waits too), for AMD the ones it reads (values are computed at
	// issue and a wave issues in order, so only reads wait). The
	// destinations of AMD memory instructions are not slots: their data
	// reaches the registers at the wait that retires them.
	Def, Use Span
	// Key is the machine-model key (Inst.UnitKey); Names are further names
	// the model may use for it (AMD: the instruction's spellings on the
	// kernel's target, s_load_b32 for s_load_dword on gfx1100); Class is
	// the unit class of its row, the route when no key matches.
	Key   string
	Names []string
	Class string
	// Timing is the row's timing facts, plus TimingReduce for an AMD
	// atomic without a result (it completes like a store).
	Timing Timing
	// Nop (TimingNop) is how many cycles the wave idles, its issue
	// included (s_nop: SIMM16[3:0] + 1).
	Nop uint8
	// Wait (TimingWaitGroup) is how many of the newest committed
	// async-copy groups may still be in flight (cp.async.wait_group N: N;
	// wait_all: 0).
	Wait uint8
	// Pair: the X half of a VOPD pair; it issues with the next
	// instruction, whose slots its entry holds too.
	Pair bool
	// Form is the PTX instruction form (Inst.Form: "div.rn.f32"), by which
	// a machine model's expansion table finds the machine code ptxas emits
	// for it; "" for AMD.
	Form string
	// Src is, per PTX source operand (Inst.Src order), the scoreboard slot
	// it reads: its register, predicate or address register; -1 for an
	// immediate, a special register or no operand. An expansion's
	// micro-operations wait for the sources they read (config.MicroOp.In).
	// AMD: all -1.
	Src [5]int32
	// Guard is the scoreboard slot of the guard predicate (PTX @p), -1
	// for none (and for AMD).
	Guard int32
	// Device: the instruction may reach state that other SMs share or
	// see: global, generic, local or frame memory (timed through the
	// shared L2), textures and surfaces, scalar loads of global memory,
	// calls (the printf buffer). Instructions without it touch only their
	// warp, block and SM; the parallel timing engine lets SMs run those
	// side by side and orders the others as one thread would.
	Device bool
}

// KernelDeps computes the dependency data of kernel k (PTX or AMD, by
// k.AMD) from the instruction tables and the operands.
func KernelDeps(k *Kernel) *Deps {
	n := len(k.Code)
	d := &Deps{Insts: make([]InstDeps, n+1)}
	if k.AMD != nil {
		amdDeps(k, d)
		return d
	}
	ptxDeps(k, d)
	return d
}

// noSlots is InstDeps.Src of an instruction without register sources.
func noSlots() [5]int32 { return [5]int32{-1, -1, -1, -1, -1} }

// slotList appends slots to Deps.Slots from lo on, each once.
type slotList struct {
	d  *Deps
	lo int32
}

func (s slotList) add(x int32) {
	for _, y := range s.d.Slots[s.lo:] {
		if y == x {
			return
		}
	}
	s.d.Slots = append(s.d.Slots, x)
}

func (d *Deps) mark() int32 { return int32(len(d.Slots)) }

// ptxDeps fills d for a PTX kernel: slots are the value registers, then
// the predicates, then the carry flag.
func ptxDeps(k *Kernel, d *Deps) {
	nregs := int32(len(k.Regs))
	carry := nregs + k.NumPreds
	d.NumSlots = int(carry) + 1
	exit := Inst{Op: OpExit, Guard: -1}
	for pc := range d.Insts {
		in := &exit
		if pc < len(k.Code) {
			in = &k.Code[pc]
		}
		row := PTXOp(in.Op)
		id := &d.Insts[pc]
		id.Key, id.Class, id.Form = in.UnitKey(), in.UnitClass(), in.Form()
		id.Src, id.Guard = noSlots(), -1
		id.Device = ptxDevice(in, id.Class)
		lo := d.mark()
		s := slotList{d, lo}
		for i := range in.Dst {
			switch o := &in.Dst[i]; o.Kind {
			case OpdReg:
				s.add(o.Reg)
			case OpdPred:
				s.add(nregs + o.Reg)
			case OpdVec:
				for _, r := range k.VecRegs(o) {
					s.add(r)
				}
			}
		}
		defs := Implicit(0)
		if row != nil {
			id.Timing = row.Timing
			if in.Op == OpCpAsyncBulk && in.Mode == BulkS2G {
				id.Timing &^= TimingMbarSignal // completes a bulk group, not an mbarrier
			}
			defs = row.Defs
			if in.Flags.Has(FlagCC) {
				defs |= row.CCDefs
			}
		}
		if defs.Has(ImpCarry) {
			s.add(carry)
		}
		id.Def = Span{lo, d.mark()}
		for i := range in.Src {
			switch o := &in.Src[i]; o.Kind {
			case OpdReg:
				s.add(o.Reg)
				id.Src[i] = o.Reg
			case OpdPred:
				s.add(nregs + o.Reg)
				id.Src[i] = nregs + o.Reg
			case OpdMem:
				if o.Reg >= 0 {
					s.add(o.Reg)
					id.Src[i] = o.Reg
				}
			case OpdVec:
				for _, r := range k.VecRegs(o) {
					s.add(r)
				}
			}
		}
		for i := range in.Ext {
			if o := &in.Ext[i]; o.Kind == OpdReg {
				s.add(o.Reg)
			}
		}
		if in.Guard >= 0 {
			s.add(nregs + in.Guard)
			id.Guard = nregs + in.Guard
		}
		if row != nil && row.Timing&TimingWaitGroup != 0 {
			id.Wait = waitCount(in)
		}
		if row != nil && row.Uses.Has(ImpCarry) {
			s.add(carry)
		}
		id.Use = Span{lo, d.mark()}
	}
}

// ptxDevice is InstDeps.Device of a PTX instruction of unit class class:
// a call, a texture or surface instruction, or a memory-class instruction
// but for ld, st, atom and red on shared memory, the constant banks and
// the kernel parameters (which stay inside the SM). Copies between spaces
// (cp.async) and the other memory-class instructions count as reaching
// shared state.
func ptxDevice(in *Inst, class string) bool {
	switch {
	case in.Op == OpCall, class == "tex":
		return true
	case class == "ldst":
		if in.Op.IsMemory() && in.Op != OpPrefetch && PTXOp(in.Op).Timing&TimingAsync == 0 {
			switch in.Space {
			case SpaceShared, SpaceConst, SpaceParam:
				return false
			}
		}
		return true
	}
	return false
}

// waitCount is the group count of an async-copy wait: its immediate
// operand (cp.async.wait_group N), 0 without one (wait_all).
func waitCount(in *Inst) uint8 {
	if in.NSrc > 0 && in.Src[0].Kind == OpdImm {
		return uint8(min(in.Src[0].Imm, 255))
	}
	return 0
}

// amdLayout is the scoreboard layout of an AMD kernel.
type amdLayout struct {
	sgpr, scc, mode int32 // slots of scalar register 0, SCC and MODE
	wave            int32 // wave size: how many of VCC/EXEC's two registers a mask uses
}

// amdDeps fills d for an AMD kernel.
func amdDeps(k *Kernel, d *Deps) {
	nv := int32(0)
	grow := func(o *Operand) {
		if o.Kind == OpdVGPR {
			nv = max(nv, o.Reg+int32(max(o.Imm, 1)))
		}
	}
	for i := range k.Code {
		in := &k.Code[i]
		for j := 0; j < int(in.NDst); j++ {
			grow(&in.Dst[j])
		}
		for j := 0; j < int(in.NSrc); j++ {
			grow(&in.Src[j])
		}
	}
	l := amdLayout{sgpr: nv, scc: nv + AMDNumSRegs, mode: nv + AMDNumSRegs + 1, wave: 64}
	if k.AMD.WaveSize > 0 {
		l.wave = int32(k.AMD.WaveSize)
	}
	d.NumSlots = int(l.mode) + 1
	names := amdTargetNames(k.AMD.Target)
	exit := Inst{Op: OpSEndpgm, Guard: -1}
	n := len(k.Code)
	for pc := range d.Insts {
		in := &exit
		if pc < n {
			in = &k.Code[pc]
		}
		id := &d.Insts[pc]
		id.Key, id.Class, id.Names = in.UnitKey(), in.UnitClass(), names(in.Op)
		id.Src, id.Guard = noSlots(), -1
		var y *Inst
		if in.Flags&FlagAMDDualX != 0 && pc+1 < n {
			y, id.Pair = &k.Code[pc+1], true
		}
		lo := d.mark()
		for _, x := range [2]*Inst{in, y} {
			if x != nil {
				l.defs(slotList{d, lo}, x)
			}
		}
		mid := d.mark()
		for _, x := range [2]*Inst{in, y} {
			if x != nil {
				l.uses(slotList{d, mid}, x)
			}
		}
		id.Def, id.Use = Span{lo, mid}, Span{mid, d.mark()}
		if a := AMDOp(in.Op); a != nil {
			id.Device = a.Unit == "vmem" || a.Unit == "smem"
			id.Timing = a.Timing
			if a.Mem == AMDMemAtomic && (in.NDst == 0 || in.Dst[0].Kind == OpdNone) {
				id.Timing |= TimingReduce
			}
			if a.Timing&TimingNop != 0 {
				id.Nop = 1
				if in.NSrc > 0 {
					id.Nop = uint8(in.Src[0].Imm&15) + 1
				}
			}
		}
	}
}

// amdTargetNames returns, for the kernel's processor, a function giving an
// opcode's spellings on it other than its canonical name.
func amdTargetNames(target string) func(Opcode) []string {
	t, ok := LookupAMDTarget(target)
	if !ok {
		return func(Opcode) []string { return nil }
	}
	byOp := map[Opcode][]string{}
	for i := range amdSpellings {
		s := &amdSpellings[i]
		// A machine-model key carries no encoding suffix (v_add_f64_e64
		// is the VOP3 encoding of v_add_f64).
		if s.Targets&t.Class != 0 && s.Name != s.Op.String() && !strings.HasSuffix(s.Name, "_e32") && !strings.HasSuffix(s.Name, "_e64") {
			byOp[s.Op] = append(byOp[s.Op], s.Name)
		}
	}
	return func(o Opcode) []string { return byOp[o] }
}

// sregs adds scalar registers r..r+n-1 (null discards writes and reads 0).
func (l *amdLayout) sregs(s slotList, r int32, n int) {
	for i := int32(0); i < int32(max(n, 1)); i++ {
		if r+i != AMDRegNull && r+i < AMDNumSRegs {
			s.add(l.sgpr + r + i)
		}
	}
}

// mask adds a lane mask held in scalar registers from r: one register in
// wave32, two in wave64.
func (l *amdLayout) mask(s slotList, r int32) { l.sregs(s, r, int(l.wave/32)) }

// operand adds the registers of operand o.
func (l *amdLayout) operand(s slotList, o *Operand) {
	switch o.Kind {
	case OpdVGPR:
		for i := int32(0); i < int32(max(o.Imm, 1)); i++ {
			s.add(o.Reg + i)
		}
	case OpdSGPR:
		l.sregs(s, o.Reg, int(o.Imm))
	case OpdSCC:
		s.add(l.scc)
	case OpdVCCZ:
		l.mask(s, AMDRegVCCLo)
	case OpdEXECZ:
		l.mask(s, AMDRegExecLo)
	}
}

// implicit adds the implicit registers r of instruction a. A lane mask
// is as wide as the wave, except for a 64-bit scalar operation
// (s_and_saveexec_b64), which reads and writes both registers of EXEC in
// wave32 too.
func (l *amdLayout) implicit(s slotList, a *AMDOpInfo, r Implicit) {
	masks := int(l.wave / 32)
	if a.Class == AMDClassSALU && a.Type.Size() == 8 {
		masks = 2
	}
	if r.Has(ImpEXEC) {
		l.sregs(s, AMDRegExecLo, masks)
	}
	if r.Has(ImpVCC) {
		l.sregs(s, AMDRegVCCLo, masks)
	}
	if r.Has(ImpM0) {
		l.sregs(s, AMDRegM0, 1)
	}
	if r.Has(ImpSCC) {
		s.add(l.scc)
	}
	if r.Has(ImpMODE) {
		s.add(l.mode)
	}
}

// defs adds what in writes: its destinations and its row's implicit defs.
// Memory instructions write nothing here: their data arrives at the wait
// that retires them.
func (l *amdLayout) defs(s slotList, in *Inst) {
	a := AMDOp(in.Op)
	if a == nil {
		return
	}
	switch a.Class {
	case AMDClassSMEM, AMDClassVMEM, AMDClassLDS:
		return
	}
	for i := 0; i < int(in.NDst); i++ {
		l.operand(s, &in.Dst[i])
	}
	l.implicit(s, a, a.Defs)
}

// uses adds what in reads: its sources and its row's implicit uses.
func (l *amdLayout) uses(s slotList, in *Inst) {
	a := AMDOp(in.Op)
	if a == nil {
		return
	}
	for i := 0; i < int(in.NSrc); i++ {
		l.operand(s, &in.Src[i])
	}
	l.implicit(s, a, a.Uses)
}
