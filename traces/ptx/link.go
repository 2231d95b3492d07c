package ptx

import "github.com/gpusim/gpusim/traces"

import "strings"

// Linking: once the module is read, module-scope names are resolved and
// each .entry becomes a Kernel holding its body and the bodies of every
// device function it reaches, with one register file, one parameter frame,
// one .local area and one shared-memory layout.

// finish resolves module-scope names and links the kernels.
func (p *ptxParser) finish() error {
	if err := p.resolveSymbols(); err != nil {
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

// resolveSymbols fills the operands that named module-scope variables.
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
				return p.errAt(r.pos, "%s: the address of function %s (an indirect call) is not supported", p.instText(f, r.inst), name)
			}
			if in.Space != traces.SpaceNone && in.Space != traces.SpaceGeneric && in.Space != s.v.Space {
				return p.errAt(r.pos, "%s: %s is a .%s variable", p.instText(f, r.inst), name, s.v.Space)
			}
			if !s.dyn && !offsetInside(int64(op.Imm), s.v.Size, op.Kind == traces.OpdSym) {
				return p.errAt(r.pos, "%s: %s%+d is outside %s (%d bytes)", p.instText(f, r.inst), name, int64(op.Imm), name, s.v.Size)
			}
			op.Space = s.v.Space
			op.Imm += s.v.Offset
			if s.dyn {
				f.relocs = append(f.relocs, reloc{inst: r.inst, slot: r.slot, kind: relocDynShared})
			}
		}
	}
	return nil
}

// resolveCalls finds each call's callee and checks its arguments.
func (p *ptxParser) resolveCalls() error {
	for _, f := range p.funcs {
		for i := range f.calls {
			c := &f.calls[i]
			s := p.syms[c.callee]
			switch {
			case s == nil:
				return p.errAt(c.pos, "call: undefined function %s", c.callee)
			case s.kind != symFunc:
				return p.errAt(c.pos, "call: %s is a variable, not a function", c.callee)
			case s.fn.entry:
				return p.errAt(c.pos, "call: %s is a kernel (.entry) and cannot be called", c.callee)
			case !s.fn.hasBody:
				return p.errAt(c.pos, "call: %s is an external function without a body in this module; not supported", c.callee)
			}
			g := s.fn
			if len(c.args) != len(g.params) {
				return p.errAt(c.pos, "call: %s takes %d arguments, %d given", c.callee, len(g.params), len(c.args))
			}
			if len(c.rets) != len(g.rets) && len(c.rets) != 0 {
				return p.errAt(c.pos, "call: %s returns %d values, %d expected", c.callee, len(g.rets), len(c.rets))
			}
			for j, a := range c.args {
				if a.size != g.params[j].size {
					return p.errAt(a.pos, "call: argument %s is %d bytes, parameter %s of %s is %d", a.name, a.size, g.params[j].name, c.callee, g.params[j].size)
				}
			}
			for j, a := range c.rets {
				if a.size != g.rets[j].size {
					return p.errAt(a.pos, "call: result %s is %d bytes, %s of %s returns %d", a.name, a.size, g.rets[j].name, c.callee, g.rets[j].size)
				}
			}
			c.fn = g
		}
	}
	return nil
}

// reachable lists entry and the functions it calls, directly or not, in
// depth-first preorder, and rejects recursion.
func (p *ptxParser) reachable(entry *ptxFunc) ([]*ptxFunc, error) {
	order := []*ptxFunc{entry}
	state := map[*ptxFunc]uint8{entry: 1} // 1: on the call stack, 2: done
	stack := []string{entry.name}
	var visit func(f *ptxFunc) error
	visit = func(f *ptxFunc) error {
		for i := range f.calls {
			c := &f.calls[i]
			g := c.fn
			switch state[g] {
			case 1:
				cycle := []string{}
				for j := len(stack) - 1; j >= 0; j-- {
					cycle = append([]string{stack[j]}, cycle...)
					if stack[j] == g.name {
						break
					}
				}
				cycle = append(cycle, g.name)
				return p.errAt(c.pos, "call: recursion is not supported (%s)", strings.Join(cycle, " -> "))
			case 0:
				state[g] = 1
				order = append(order, g)
				stack = append(stack, g.name)
				if err := visit(g); err != nil {
					return err
				}
				stack = stack[:len(stack)-1]
				state[g] = 2
			}
		}
		return nil
	}
	return order, visit(entry)
}

type linkBase struct {
	code, reg, pred      int32
	frame, local, shared uint64
}

// link builds the Kernel of one .entry.
func (p *ptxParser) link(entry *ptxFunc) (*traces.Kernel, error) {
	order, err := p.reachable(entry)
	if err != nil {
		return nil, err
	}
	k := &traces.Kernel{Name: entry.name, Pos: entry.pos, ParamSize: entry.parSize,
		MaxNTid: entry.maxNTid, ReqNTid: entry.reqNTid, MaxNReg: entry.maxNReg, MinNCTAPerSM: entry.minNCTA}
	for _, q := range entry.params {
		k.Params = append(k.Params, traces.Param{Name: q.name, Type: q.typ, Offset: q.off, Size: q.size, Align: q.align, Pointer: q.ptr})
	}
	b := make([]linkBase, len(order))
	index := make(map[*ptxFunc]int, len(order))
	var ncode, nregs, npreds int32
	var frame, local uint64
	shared := p.shSize
	for _, s := range p.shared {
		k.SharedVars = append(k.SharedVars, s.v)
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
		k.Funcs = append(k.Funcs, traces.FuncSpan{Name: f.name, Start: b[i].code, End: b[i].code + int32(len(f.code))})
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
			if in.Guard >= 0 {
				in.Guard += b[i].pred
			}
			switch in.Op {
			case traces.OpBra:
				in.Target += b[i].code
			case traces.OpCall:
				c := &f.calls[ci]
				ci++
				gb := &b[index[c.fn]]
				site := traces.CallSite{Callee: c.fn.name, Entry: gb.code}
				for a, arg := range c.args {
					site.Args = append(site.Args, traces.Copy{From: b[i].frame + arg.off, To: gb.frame + c.fn.params[a].off, Size: arg.size})
				}
				for a, ret := range c.rets {
					site.Rets = append(site.Rets, traces.Copy{From: gb.frame + c.fn.rets[a].off, To: b[i].frame + ret.off, Size: ret.size})
				}
				in.Target = int32(len(k.Calls))
				k.Calls = append(k.Calls, site)
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
			}
		}
	}
	k.NumPreds = int32(len(k.Preds))
	computeReconv(k)
	return k, nil
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
