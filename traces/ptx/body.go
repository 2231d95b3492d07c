package ptx

import "github.com/gpusim/gpusim/traces"

import "fmt"

// Function bodies: statements, declarations inside bodies, labels, scopes.

// parseBody parses `{ ... }` with p.tok on the opening brace.
func (p *ptxParser) parseBody(f *ptxFunc) error {
	open := p.tok
	p.advance()
	f.regNames = map[string]int32{}
	f.regRanges = map[string]int32{}
	f.vars = map[string]int32{}
	f.labels = map[string]labelDef{}
	f.code = p.arena[p.used:p.used] // appends fill the arena while it has room
	p.fn = f
	defer func() { p.fn = nil }()

	// Parameters are variables of the outermost scope. .func formals live
	// in the function's part of the per-thread frame: returns first.
	if f.entry {
		for _, q := range f.params {
			p.addVar(varDecl{name: q.name, space: traces.SpaceParam, typ: q.typ, off: q.off, size: q.size, pos: q.pos})
		}
	} else {
		off := uint64(0)
		for _, list := range [2][]ptxParam{f.rets, f.params} {
			for i := range list {
				q := &list[i]
				q.off = alignUp(off, q.align)
				off = q.off + q.size
				p.addVar(varDecl{name: q.name, space: traces.SpaceParamFrame, typ: q.typ, off: q.off, size: q.size, reloc: relocFrame, pos: q.pos})
			}
		}
		f.frameSize = off
	}
	f.pushScope()
	for {
		t := p.tok
		switch {
		case isPunct(t, '{'):
			f.pushScope()
			p.advance()
		case isPunct(t, '}'):
			f.popScope()
			p.advance()
			if len(f.marks) == 0 {
				return p.endFunc(f, t)
			}
		case isPunct(t, '@'):
			if err := p.parseInst(); err != nil {
				return err
			}
		case t.kind == tkWord && p.src[t.off] == '.':
			if err := p.bodyDirective(f); err != nil {
				return err
			}
		case t.kind == tkWord:
			if isPunct(p.peek(), ':') {
				name := p.str(t)
				p.advance()
				p.advance()
				if p.isWord(p.tok, ".callprototype") || p.isWord(p.tok, ".calltargets") {
					if err := p.parseCallProto(f, t); err != nil {
						return err
					}
					continue
				}
				if prev, dup := f.labels[name]; dup {
					return p.errAt(t.pos, "duplicate label %s (first defined at %d:%d)", name, prev.pos.Line, prev.pos.Col)
				}
				if _, dup := f.protos[name]; dup {
					return p.errAt(t.pos, "%s is already a prototype label", name)
				}
				f.labels[name] = labelDef{idx: int32(len(f.code)), pos: t.pos}
				continue
			}
			if err := p.parseInst(); err != nil {
				return err
			}
		case t.kind == tkEOF:
			return p.errAt(open.pos, "%s: missing '}' at the end of the function body", f.name)
		default:
			return p.unexpected(t, "an instruction, a label or a declaration")
		}
	}
}

func (p *ptxParser) addVar(v varDecl) {
	f := p.fn
	v.depth = f.depth()
	f.varDecls = append(f.varDecls, v)
	f.bind(tabVars, v.name, int32(len(f.varDecls)-1))
}

// bodyDirective parses a directive statement inside a body.
func (p *ptxParser) bodyDirective(f *ptxFunc) error {
	t := p.tok
	w := p.bytes(t)
	switch string(w) {
	case ".reg":
		return p.parseRegDecl(f)
	case ".local", ".shared", ".param":
		return p.parseBodyVar(f)
	case ".loc":
		return p.parseLoc(f)
	case ".pragma":
		return p.skipPragma()
	case ".branchtargets":
		return p.errAt(t.pos, ".branchtargets: brx.idx jump tables are not supported")
	case ".callprototype", ".calltargets":
		return p.errAt(t.pos, "%s needs a label (name: %s ...)", w, w)
	case ".global", ".const", ".extern", ".visible", ".weak":
		return p.errAt(t.pos, "%s declarations inside a function body are not supported", w)
	case ".file", ".section", ".version", ".target", ".address_size", ".entry", ".func":
		return p.errAt(t.pos, "%s is not allowed inside a function body (missing '}'?)", w)
	}
	return p.errAt(t.pos, "unknown directive %s", w)
}

// parseRegDecl parses `.reg .type name, %r<N>, ...;`.
func (p *ptxParser) parseRegDecl(f *ptxFunc) error {
	p.advance()
	t := p.tok
	w := p.bytes(t)
	if t.kind != tkWord || len(w) < 2 || w[0] != '.' {
		return p.unexpected(t, "a register type")
	}
	if string(w) == ".v2" || string(w) == ".v4" || string(w) == ".v8" {
		return p.errAt(t.pos, "vector registers (.reg %s) are not supported", w)
	}
	typ, ok := traces.TypeByName(string(w[1:]))
	if !ok || typ == traces.TF32 {
		return p.errAt(t.pos, "bad register type %s", w)
	}
	p.advance()
	for {
		nt, err := p.name("a register name")
		if err != nil {
			return err
		}
		name := p.str(nt)
		count := int32(-1)
		if isPunct(p.tok, '<') {
			p.advance()
			at := p.tok
			n, err := p.uintArg("register count", 1<<20)
			if err != nil {
				return err
			}
			if n == 0 {
				return p.errAt(at.pos, "register range %s<0> is empty", name)
			}
			count = int32(n)
			if err := p.expect('>', "'>'"); err != nil {
				return err
			}
		}
		if prev, dup := f.declaredHere(name); dup {
			return p.errAt(nt.pos, "duplicate declaration of %s (first declared at %d:%d)", name, prev.Line, prev.Col)
		}
		if prev, dup := f.overlapsHere(name, count); dup {
			return p.errAt(nt.pos, "declaration of %s overlaps the registers declared at %d:%d", declName(name, count), prev.Line, prev.Col)
		}
		f.regDecls = append(f.regDecls, regDecl{typ: typ, count: count, pos: nt.pos, depth: f.depth()})
		if count < 0 {
			f.bind(tabRegs, name, int32(len(f.regDecls)-1))
		} else {
			f.bind(tabRanges, name, int32(len(f.regDecls)-1))
		}
		if isPunct(p.tok, ',') {
			p.advance()
			continue
		}
		return p.expect(';', "';' after the register declaration")
	}
}

// parseBodyVar parses .local, .shared and call-site .param variables.
func (p *ptxParser) parseBodyVar(f *ptxFunc) error {
	st := p.tok
	space := spaceOfWord(p.bytes(st))
	p.advance()
	h, err := p.parseVarHead()
	if err != nil {
		return err
	}
	if h.typ == traces.Pred {
		return p.errAt(h.pos, ".pred is a register type, not a variable type")
	}
	for {
		it, err := p.parseVarItem(h, false)
		if err != nil {
			return err
		}
		name := p.str(it.name)
		if it.unsized {
			return p.errAt(it.name.pos, "%s: array size required", name)
		}
		if prev, dup := f.declaredHere(name); dup {
			return p.errAt(it.name.pos, "duplicate declaration of %s (first declared at %d:%d)", name, prev.Line, prev.Col)
		}
		esz := uint64(h.typ.Size())
		size := it.count * esz
		align := h.align
		if align == 0 {
			align = esz * h.vec
		}
		v := varDecl{name: name, typ: h.typ, size: size, pos: it.name.pos}
		switch space {
		case traces.SpaceParam:
			v.space, v.reloc, v.callArg = traces.SpaceParamFrame, relocFrame, true
			v.off = alignUp(f.frameSize, align)
			f.frameSize = v.off + size
		case traces.SpaceLocal:
			v.space, v.reloc = traces.SpaceLocal, relocLocal
			v.off = alignUp(f.localSize, align)
			f.localSize = v.off + size
			f.locals = append(f.locals, traces.Var{Name: name, Space: traces.SpaceLocal, Type: h.typ, Offset: v.off, Size: size, Align: align, Pos: it.name.pos})
		case traces.SpaceShared:
			v.space, v.reloc = traces.SpaceShared, relocShared
			v.off = alignUp(f.sharedSize, align)
			f.sharedSize = v.off + size
			if align > f.shAlign {
				f.shAlign = align
			}
			f.shared = append(f.shared, traces.Var{Name: name, Space: traces.SpaceShared, Type: h.typ, Offset: v.off, Size: size, Align: align, Pos: it.name.pos})
		}
		p.addVar(v)
		if isPunct(p.tok, ',') {
			p.advance()
			continue
		}
		return p.expect(';', "';' after the declaration")
	}
}

// parseLoc parses `.loc file line col [, function_name L, inlined_at f l c]`.
func (p *ptxParser) parseLoc(f *ptxFunc) error {
	p.advance()
	var v [3]uint64
	for i := 0; i < 3; i++ {
		if i == 2 && p.tok.kind != tkNum {
			break // the column may be omitted
		}
		n, err := p.uintArg(".loc value", 1<<31-1)
		if err != nil {
			return err
		}
		v[i] = n
	}
	f.loc = traces.SrcLoc{File: int32(v[0]), Line: int32(v[1]), Col: int32(v[2])}
	for isPunct(p.tok, ',') {
		p.advance()
		t := p.tok
		switch {
		case p.isWord(t, "function_name"):
			p.advance()
			if _, err := p.name("a label"); err != nil {
				return err
			}
		case p.isWord(t, "inlined_at"):
			p.advance()
			for i := 0; i < 3; i++ {
				if i == 2 && p.tok.kind != tkNum {
					break
				}
				if _, err := p.uintArg("inlined_at value", 1<<31-1); err != nil {
					return err
				}
			}
		default:
			return p.unexpected(t, "function_name or inlined_at")
		}
	}
	return nil
}

// endFunc resolves the function's branch targets once its body is read.
func (p *ptxParser) endFunc(f *ptxFunc, closing token) error {
	end := int32(len(f.code))
	toEnd := false
	for _, r := range f.brRefs {
		l, ok := f.labels[string(p.src[r.name.off:r.name.end])]
		if !ok {
			return p.errAt(r.pos, "undefined label %s", p.src[r.name.off:r.name.end])
		}
		f.code[r.inst].Target = l.idx
		if l.idx == end {
			toEnd = true
		}
	}
	// A body that can run off its end (or a branch to a label after the
	// last instruction) returns there: make that return explicit.
	if toEnd || len(f.code) == 0 || fallsThrough(&f.code[len(f.code)-1]) {
		f.code = append(f.code, traces.Inst{Op: traces.OpRet, Guard: -1, Pos: closing.pos, Loc: f.loc})
		start := int32(len(p.text))
		p.text = append(p.text, "ret (implicit)"...)
		f.texts = append(f.texts, span{start, int32(len(p.text))})
	}
	if len(f.code) <= cap(p.arena)-p.used { // still in the arena
		p.used += len(f.code)
		f.code = f.code[:len(f.code):len(f.code)]
	}
	return nil
}

// fallsThrough reports whether execution may continue after in.
func fallsThrough(in *traces.Inst) bool {
	switch in.Op {
	case traces.OpBra, traces.OpRet, traces.OpExit, traces.OpTrap:
		return in.Guard >= 0
	}
	return true
}

// declName is a register declaration as written: %r or %r<N>.
func declName(name string, count int32) string {
	if count < 0 {
		return name
	}
	return fmt.Sprintf("%s<%d>", name, count)
}
