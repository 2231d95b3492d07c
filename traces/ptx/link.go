package ptx

import "github.com/gpusim/gpusim/traces"

// Linking: once the module is read, module-scope names are resolved and
// each .entry becomes a Kernel holding its body and the bodies of every
// device function it reaches, with one register file, one parameter frame,
// one .local area and one shared-memory layout.

// finish resolves module-scope names and links the kernels.
func (p *ptxParser) finish() error {
	for _, f := range p.funcs {
		f.id = -1
		if !f.entry {
			f.id = int32(len(p.prog.Funcs))
			p.prog.Funcs = append(p.prog.Funcs, f.name)
		}
	}
	if err := p.resolveSymbols(); err != nil {
		return err
	}
	if err := p.resolveInits(); err != nil {
		return err
	}
	if err := p.resolveCalls(); err != nil {
		return err
	}
	all := string(p.text)
	for _, f := range p.funcs {
		for i := range f.code {
			s := f.texts[i]
			f.code[i].Text = all[s.off:s.end]
		}
	}
	for _, f := range p.funcs {
		if !f.entry {
			continue
		}
		k, err := p.link(f)
		if err != nil {
			return err
		}
		p.prog.Kernels = append(p.prog.Kernels, k)
	}
	return nil
}

func (p *ptxParser) instText(f *ptxFunc, i int32) string {
	s := f.texts[i]
	return string(p.text[s.off:s.end])
}

// resolveSymbols fills the operands that named module-scope variables and
// functions (a function's address is an immediate: FuncAddr of its number).
func (p *ptxParser) resolveSymbols() error {
	for _, f := range p.funcs {
		for _, r := range f.symRefs {
			name := p.src[r.name.off:r.name.end]
			in := &f.code[r.inst]
			op := operandAt(in, r.slot)
			s := p.syms[string(name)]
			if s == nil {
				if _, ok := f.labels[string(name)]; ok {
					return p.errAt(r.pos, "%s: %s is a label; labels are only branch targets", p.instText(f, r.inst), name)
				}
				return p.errAt(r.pos, "%s: undefined variable %s", p.instText(f, r.inst), name)
			}
			if s.kind == symFunc {
				if err := p.funcAddress(f, r, in, op, s.fn); err != nil {
					return err
				}
				continue
			}
			if s.kind == symTex {
				return p.errAt(r.pos, "%s: %s is a .%s, which only texture and surface instructions and mov take", p.instText(f, r.inst), name, p.prog.TexRefs[s.tex].Kind)
			}
			if in.Space != traces.SpaceNone && in.Space != traces.SpaceGeneric && in.Space != s.v.Space {
				return p.errAt(r.pos, "%s: %s is a .%s variable", p.instText(f, r.inst), name, s.v.Space)
			}
			if !s.dyn && !offsetInside(int64(op.Imm), s.v.Size, op.Kind == traces.OpdSym) {
				return p.errAt(r.pos, "%s: %s%+d is outside %s (%d bytes)", p.instText(f, r.inst), name, int64(op.Imm), name, s.v.Size)
			}
			op.Space = s.v.Space
			switch {
			case s.dyn:
				f.relocs = append(f.relocs, reloc{inst: r.inst, slot: r.slot, kind: relocDynShared})
			case s.v.Space == traces.SpaceShared:
				// Module-scope shared variables are laid out per kernel:
				// only those the kernel's functions name take space.
				f.relocs = append(f.relocs, reloc{inst: r.inst, slot: r.slot, kind: relocModShared, sym: s.shIdx})
				f.usesShared(s.shIdx)
			default:
				op.Imm += s.v.Offset
			}
		}
	}
	return nil
}

// usesShared records that f names module-scope shared variable i.
func (f *ptxFunc) usesShared(i int) {
	for _, j := range f.modShared {
		if j == i {
			return
		}
	}
	f.modShared = append(f.modShared, i)
}

// funcAddress turns `mov.u64 %rd, f` into the immediate FuncAddr(f).
func (p *ptxParser) funcAddress(f *ptxFunc, r symRef, in *traces.Inst, op *traces.Operand, g *ptxFunc) error {
	text := p.instText(f, r.inst)
	switch {
	case in.Op != traces.OpMov || op.Kind != traces.OpdSym:
		return p.errAt(r.pos, "%s: %s is a function; only mov takes a function's address", text, g.name)
	case g.entry:
		return p.errAt(r.pos, "%s: %s is a kernel (.entry); kernels have no address to call", text, g.name)
	case !g.hasBody:
		if builtinOf(g.name) != traces.BuiltinNone {
			return p.errAt(r.pos, "%s: the address of the device runtime's %s is not supported (call it directly)", text, g.name)
		}
		return p.errAt(r.pos, "%s: link error: function %s (declared at %d:%d) is not defined in this module", text, g.name, g.pos.Line, g.pos.Col)
	case in.Type.Size() != 8:
		return p.errAt(r.pos, "%s: the address of function %s needs a 64-bit type", text, g.name)
	}
	g.addrTaken = true
	*op = traces.Operand{Kind: traces.OpdImm, Imm: traces.FuncAddr(g.id) + op.Imm}
	return nil
}

// builtinOf names the device runtime function a declaration without a
// body stands for.
func builtinOf(name string) traces.Builtin {
	switch name {
	case "vprintf":
		return traces.BuiltinVprintf
	case "__assertfail":
		return traces.BuiltinAssertFail
	}
	return traces.BuiltinNone
}

// unsupportedRuntime names the device runtime functions gpusim knows but
// does not run.
func unsupportedRuntime(name string) string {
	switch name {
	case "malloc", "free":
		return "device-side heap (malloc/free)"
	case "cudaGetParameterBuffer", "cudaGetParameterBufferV2", "cudaLaunchDevice", "cudaLaunchDeviceV2",
		"cudaDeviceSynchronize", "cudaGetDevice", "cudaStreamCreateWithFlags":
		return "dynamic parallelism API (kernels launching kernels)"
	}
	return ""
}

// builtinSignature is the parameter and result sizes of a device runtime
// function (pointers and size_t are the address size).
func (p *ptxParser) builtinSignature(b traces.Builtin) (params, rets []uint64) {
	ptr := uint64(p.prog.AddressSize / 8)
	switch b {
	case traces.BuiltinVprintf:
		return []uint64{ptr, ptr}, []uint64{4}
	case traces.BuiltinAssertFail:
		return []uint64{ptr, ptr, 4, ptr, ptr}, nil
	}
	return nil, nil
}

// resolveCalls finds each call's callee (or an indirect call's possible
// targets) and checks its arguments.
func (p *ptxParser) resolveCalls() error {
	for _, f := range p.funcs {
		for i := range f.calls {
			c := &f.calls[i]
			if c.indirect {
				if err := p.resolveIndirect(f, c); err != nil {
					return err
				}
				continue
			}
			s := p.syms[c.callee]
			switch {
			case s == nil:
				return p.errAt(c.pos, "call: undefined function %s", c.callee)
			case s.kind != symFunc:
				return p.errAt(c.pos, "call: %s is a variable, not a function", c.callee)
			case s.fn.entry:
				return p.errAt(c.pos, "call: %s is a kernel (.entry) and cannot be called", c.callee)
			case !s.fn.hasBody:
				g := s.fn
				b := builtinOf(c.callee)
				if b == traces.BuiltinNone {
					if what := unsupportedRuntime(c.callee); what != "" {
						return p.errAt(c.pos, "call: %s is the device runtime's %s, which gpusim does not run", c.callee, what)
					}
					return p.errAt(c.pos, "call: link error: %s is declared at %d:%d but not defined in this module (gpusim links one module; device libraries such as libdevice must be linked into the PTX)", c.callee, g.pos.Line, g.pos.Col)
				}
				params, rets := p.builtinSignature(b)
				if !sizesAre(g.params, params) || !sizesAre(g.rets, rets) {
					return p.errAt(g.pos, "%s is declared with other parameters than the device runtime's, which takes %d parameters of %v bytes and returns %v", c.callee, len(params), params, rets)
				}
				if err := p.checkArgs(c, c.callee, params, rets); err != nil {
					return err
				}
				c.builtin = b
				continue
			}
			g := s.fn
			if err := p.checkArgs(c, c.callee, sizesOf(g.params), sizesOf(g.rets)); err != nil {
				return err
			}
			c.fn = g
		}
	}
	return nil
}

// resolveIndirect resolves an indirect call's prototype label, .calltargets
// list or call table, and checks its arguments against it.
func (p *ptxParser) resolveIndirect(f *ptxFunc, c *ptxCall) error {
	cp := f.protos[c.protoName]
	if cp == nil {
		s := p.syms[c.protoName]
		if s == nil || s.kind != symVar {
			return p.errAt(c.protoPos, "call: %s is not a .callprototype or .calltargets label of %s, nor a call table", c.protoName, f.name)
		}
		// A call table: the functions its initialiser names.
		for _, r := range s.v.Relocs {
			if r.Kind != traces.RelocFunc {
				continue
			}
			id, ok := traces.FuncID(r.Target, len(p.prog.Funcs))
			if ok {
				c.targets = append(c.targets, p.funcByID(id))
			}
		}
		if len(c.targets) == 0 {
			return p.errAt(c.protoPos, "call: the call table %s names no function", c.protoName)
		}
		return p.checkTargets(c)
	}
	if cp.targets == nil {
		return p.checkArgs(c, "the prototype "+c.protoName, cp.params, cp.rets)
	}
	for j, name := range cp.targets {
		s := p.syms[name]
		switch {
		case s == nil:
			return p.errAt(cp.tpos[j], ".calltargets: undefined function %s", name)
		case s.kind != symFunc || s.fn.entry:
			return p.errAt(cp.tpos[j], ".calltargets: %s is not a device function", name)
		case !s.fn.hasBody:
			return p.errAt(cp.tpos[j], ".calltargets: link error: %s is declared but not defined in this module", name)
		}
		c.targets = append(c.targets, s.fn)
	}
	return p.checkTargets(c)
}

func (p *ptxParser) checkTargets(c *ptxCall) error {
	for _, g := range c.targets {
		if err := p.checkArgs(c, g.name, sizesOf(g.params), sizesOf(g.rets)); err != nil {
			return err
		}
	}
	return nil
}

// funcByID returns the function with a body of that number.
func (p *ptxParser) funcByID(id int32) *ptxFunc {
	for _, f := range p.funcs {
		if f.id == id {
			return f
		}
	}
	return nil
}

// checkArgs checks a call's arguments and results against a callee's
// parameter and result sizes (a call may leave the results out).
func (p *ptxParser) checkArgs(c *ptxCall, callee string, params, rets []uint64) error {
	if len(c.args) != len(params) {
		return p.errAt(c.pos, "call: %s takes %d arguments, %d given", callee, len(params), len(c.args))
	}
	if len(c.rets) != len(rets) && len(c.rets) != 0 {
		return p.errAt(c.pos, "call: %s returns %d values, %d expected", callee, len(rets), len(c.rets))
	}
	for j, a := range c.args {
		if a.size != params[j] {
			return p.errAt(a.pos, "call: argument %s is %d bytes, parameter %d of %s is %d", a.name, a.size, j+1, callee, params[j])
		}
	}
	for j, a := range c.rets {
		if a.size != rets[j] {
			return p.errAt(a.pos, "call: result %s is %d bytes, result %d of %s is %d", a.name, a.size, j+1, callee, rets[j])
		}
	}
	return nil
}

func sizesOf(ps []ptxParam) []uint64 {
	out := make([]uint64, len(ps))
	for i, q := range ps {
		out[i] = q.size
	}
	return out
}

func sizesAre(ps []ptxParam, want []uint64) bool {
	if len(ps) != len(want) {
		return false
	}
	for i, q := range ps {
		if q.size != want[i] {
			return false
		}
	}
	return true
}

// callees lists the functions a call may enter: its callee, an flist's
// functions, or every function whose address the module takes and whose
// parameters and results fit the call (a prototype call may reach any of
// them).
func (p *ptxParser) callees(c *ptxCall) []*ptxFunc {
	switch {
	case c.builtin != traces.BuiltinNone:
		return nil
	case !c.indirect:
		return []*ptxFunc{c.fn}
	case c.targets != nil:
		return c.targets
	}
	var out []*ptxFunc
	for _, g := range p.funcs {
		if g.addrTaken && p.checkArgs(c, g.name, sizesOf(g.params), sizesOf(g.rets)) == nil {
			out = append(out, g)
		}
	}
	return out
}

// reachable lists entry and the functions it may call, directly or not, in
// depth-first preorder.
func (p *ptxParser) reachable(entry *ptxFunc) []*ptxFunc {
	order := []*ptxFunc{entry}
	seen := map[*ptxFunc]bool{entry: true}
	var visit func(f *ptxFunc)
	visit = func(f *ptxFunc) {
		for i := range f.calls {
			for _, g := range p.callees(&f.calls[i]) {
				if !seen[g] {
					seen[g] = true
					order = append(order, g)
					visit(g)
				}
			}
		}
	}
	visit(entry)
	return order
}

// recursive marks the functions of order that lie on a cycle of the call
// graph (Tarjan's strongly connected components).
func (p *ptxParser) recursive(order []*ptxFunc) []bool {
	index := make(map[*ptxFunc]int, len(order))
	for i, f := range order {
		index[f] = i
	}
	n := len(order)
	num, low := make([]int, n), make([]int, n)
	onStack := make([]bool, n)
	self := make([]bool, n)
	out := make([]bool, n)
	var stack []int
	next := 1
	var strong func(v int)
	strong = func(v int) {
		num[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		f := order[v]
		for i := range f.calls {
			for _, g := range p.callees(&f.calls[i]) {
				w := index[g]
				if w == v {
					self[v] = true
				}
				if num[w] == 0 {
					strong(w)
					low[v] = min(low[v], low[w])
				} else if onStack[w] {
					low[v] = min(low[v], num[w])
				}
			}
		}
		if low[v] != num[v] {
			return
		}
		var comp []int
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[w] = false
			comp = append(comp, w)
			if w == v {
				break
			}
		}
		for _, w := range comp {
			out[w] = len(comp) > 1 || self[w]
		}
	}
	for v := range order {
		if num[v] == 0 {
			strong(v)
		}
	}
	return out
}

type linkBase struct {
	code, reg, pred      int32
	frame, local, shared uint64
}

// link builds the Kernel of one .entry.
func (p *ptxParser) link(entry *ptxFunc) (*traces.Kernel, error) {
	order := p.reachable(entry)
	rec := p.recursive(order)
	k := &traces.Kernel{Name: entry.name, Pos: entry.pos, ParamSize: entry.parSize,
		MaxNTid: entry.maxNTid, ReqNTid: entry.reqNTid, MaxNReg: entry.maxNReg, MinNCTAPerSM: entry.minNCTA}
	for _, q := range entry.params {
		k.Params = append(k.Params, traces.Param{Name: q.name, Type: q.typ, Offset: q.off, Size: q.size, Align: q.align, Pointer: q.ptr, Opaque: q.opaque})
	}
	b := make([]linkBase, len(order))
	index := make(map[*ptxFunc]int, len(order))
	var ncode, nregs, npreds int32
	var frame, local uint64
	// The module-scope shared variables the kernel's functions name, laid
	// out in declaration order (ptxas charges a kernel only for those).
	used := make([]bool, len(p.shared))
	for _, f := range order {
		for _, i := range f.modShared {
			used[i] = true
		}
	}
	shOff := make([]uint64, len(p.shared))
	shared := uint64(0)
	for i, s := range p.shared {
		if !used[i] {
			continue
		}
		v := s.v
		v.Offset = alignUp(shared, v.Align)
		shared = v.Offset + v.Size
		shOff[i] = v.Offset
		k.SharedVars = append(k.SharedVars, v)
	}
	for i, f := range order {
		index[f] = i
		b[i].code, b[i].reg, b[i].pred = ncode, nregs, npreds
		ncode += int32(len(f.code))
		nregs += int32(len(f.regs))
		npreds += int32(len(f.preds))
		b[i].frame = alignUp(frame, 16)
		frame = b[i].frame + f.frameSize
		b[i].local = alignUp(local, 16)
		local = b[i].local + f.localSize
		for _, v := range f.locals {
			v.Offset += b[i].local
			k.LocalVars = append(k.LocalVars, v)
		}
		b[i].shared = alignUp(shared, f.shAlign)
		if len(f.shared) > 0 {
			shared = b[i].shared + f.sharedSize
		}
		for _, v := range f.shared {
			v.Offset += b[i].shared
			k.SharedVars = append(k.SharedVars, v)
		}
	}
	k.FrameSize, k.LocalSize, k.SharedSize = frame, local, shared
	k.DynSharedAlign = 16
	if p.dynAlign > k.DynSharedAlign {
		k.DynSharedAlign = p.dynAlign
	}
	dynOff := alignUp(shared, k.DynSharedAlign)
	for _, s := range p.dyn {
		v := s.v
		v.Offset = dynOff
		k.SharedVars = append(k.SharedVars, v)
	}

	k.Regs = make([]traces.Reg, 0, nregs)
	k.Preds = make([]string, 0, npreds)
	if len(order) == 1 {
		// A kernel without calls owns its body (entries cannot be called):
		// link it in place. Its bases are all zero but shared memory's.
		k.Code = entry.code[:0]
	} else {
		k.Code = make([]traces.Inst, 0, ncode)
	}
	k.FuncByID = make([]int32, len(p.prog.Funcs))
	for i := range k.FuncByID {
		k.FuncByID[i] = -1
	}
	for i, f := range order {
		for _, r := range f.regs {
			if i > 0 {
				r.Name = f.name + ":" + r.Name
			}
			k.Regs = append(k.Regs, r)
		}
		for _, n := range f.preds {
			if i > 0 {
				n = f.name + ":" + n
			}
			k.Preds = append(k.Preds, n)
		}
		sp := traces.FuncSpan{Name: f.name, Start: b[i].code, End: b[i].code + int32(len(f.code)), ID: f.id,
			Regs:  traces.Span{Lo: b[i].reg, Hi: b[i].reg + int32(len(f.regs))},
			Preds: traces.Span{Lo: b[i].pred, Hi: b[i].pred + int32(len(f.preds))},
			Frame: traces.Slot{Off: b[i].frame, Size: f.frameSize}, Local: traces.Slot{Off: b[i].local, Size: f.localSize},
			Recursive: rec[i]}
		if !f.entry {
			for _, q := range f.params {
				sp.Params = append(sp.Params, traces.Slot{Off: b[i].frame + q.off, Size: q.size})
			}
			for _, q := range f.rets {
				sp.Rets = append(sp.Rets, traces.Slot{Off: b[i].frame + q.off, Size: q.size})
			}
			k.FuncByID[f.id] = int32(i)
		}
		if rec[i] {
			k.Recursive = true
		}
		k.Funcs = append(k.Funcs, sp)
		vecBase := int32(len(k.Vecs))
		for _, r := range f.vecs {
			k.Vecs = append(k.Vecs, r+b[i].reg)
		}
		ci := 0
		for j := range f.code {
			in := f.code[j]
			for d := range in.Dst {
				rebase(&in.Dst[d], b[i].reg, b[i].pred)
				rebaseVec(&in.Dst[d], vecBase)
			}
			for s := range in.Src {
				rebase(&in.Src[s], b[i].reg, b[i].pred)
				rebaseVec(&in.Src[s], vecBase)
			}
			if len(in.Ext) > 0 {
				// Each kernel gets its own copy: a function linked into
				// several kernels has different register bases in each.
				in.Ext = append([]traces.Operand(nil), in.Ext...)
				for s := range in.Ext {
					rebase(&in.Ext[s], b[i].reg, b[i].pred)
				}
			}
			if in.Guard >= 0 {
				in.Guard += b[i].pred
			}
			switch in.Op {
			case traces.OpBra:
				in.Target += b[i].code
			case traces.OpCall:
				c := &f.calls[ci]
				ci++
				in.Target = int32(len(k.Calls))
				k.Calls = append(k.Calls, p.callSite(c, b[i].frame, b, index))
			}
			k.Code = append(k.Code, in)
		}
		for _, r := range f.relocs {
			op := operandAt(&k.Code[b[i].code+r.inst], r.slot)
			switch r.kind {
			case relocFrame:
				op.Imm += b[i].frame
			case relocLocal:
				op.Imm += b[i].local
			case relocShared:
				op.Imm += b[i].shared
			case relocDynShared:
				op.Imm += dynOff
			case relocModShared:
				op.Imm += shOff[r.sym]
			}
		}
	}
	k.NumPreds = int32(len(k.Preds))
	computeReconv(k)
	for i := range k.Funcs {
		if k.Funcs[i].Recursive {
			k.Funcs[i].StackFrame = stackFrameEstimate(k, i)
		}
	}
	return k, nil
}

// callSite resolves one call of a function whose frame starts at frame.
func (p *ptxParser) callSite(c *ptxCall, frame uint64, b []linkBase, index map[*ptxFunc]int) traces.CallSite {
	slots := func(as []callArg) []traces.Slot {
		var out []traces.Slot
		for _, a := range as {
			out = append(out, traces.Slot{Off: frame + a.off, Size: a.size})
		}
		return out
	}
	if c.indirect || c.builtin != traces.BuiltinNone {
		site := traces.CallSite{Callee: c.callee, Entry: -1, Func: -1, Indirect: c.indirect, Builtin: c.builtin,
			ArgSlots: slots(c.args), RetSlots: slots(c.rets)}
		if c.indirect {
			site.Callee = ""
		}
		return site
	}
	gi := index[c.fn]
	gb := &b[gi]
	site := traces.CallSite{Callee: c.fn.name, Entry: gb.code, Func: int32(gi)}
	for a, arg := range c.args {
		site.Args = append(site.Args, traces.Copy{From: frame + arg.off, To: gb.frame + c.fn.params[a].off, Size: arg.size})
	}
	for a, ret := range c.rets {
		site.Rets = append(site.Rets, traces.Copy{From: gb.frame + c.fn.rets[a].off, To: frame + ret.off, Size: ret.size})
	}
	return site
}

// rebaseVec moves a vector operand's register list to the kernel's: the
// list starts at base in Kernel.Vecs (its registers are rebased there).
func rebaseVec(op *traces.Operand, base int32) {
	if op.Kind == traces.OpdVec {
		op.Reg += base
	}
}

func rebase(op *traces.Operand, reg, pred int32) {
	switch op.Kind {
	case traces.OpdReg:
		op.Reg += reg
	case traces.OpdPred:
		op.Reg += pred
	case traces.OpdMem:
		if op.Reg >= 0 {
			op.Reg += reg
		}
	}
}
