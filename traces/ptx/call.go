package ptx

import "github.com/gpusim/gpusim/traces"

// Control transfers: branch targets and calls.

// decodeBra parses the label of `bra{.uni} label;`.
func (p *ptxParser) decodeBra(in *traces.Inst, word []byte, idx int32) (token, error) {
	t := p.tok
	if t.kind != tkWord || p.src[t.off] == '.' {
		return token{}, p.unexpected(t, "a label after "+string(word))
	}
	if _, _, ok := p.fn.lookupReg(p.bytes(t)); ok || p.src[t.off] == '%' {
		return token{}, p.errAt(t.pos, "%s: indirect branches are not supported", word)
	}
	p.advance()
	semi := p.tok
	if err := p.expect(';', "';' after the branch target"); err != nil {
		return token{}, err
	}
	p.fn.brRefs = append(p.fn.brRefs, labelRef{inst: idx, name: span{t.off, t.end}, pos: t.pos})
	return semi, nil
}

// decodeCall parses `call{.uni} (rets), func, (args);` (the lists are
// optional) and the indirect forms `call{.uni} (rets), %rd, (args), proto;`
// whose last operand is a `.callprototype` or `.calltargets` label (or a
// call table: a variable initialised with function names). Arguments and
// results are .param variables of the caller's frame; the callee (or the
// prototype) is resolved when the module is complete.
func (p *ptxParser) decodeCall(in *traces.Inst, word []byte, idx int32) (token, error) {
	f := p.fn
	c := ptxCall{inst: idx, pos: in.Pos}
	var err error
	if isPunct(p.tok, '(') {
		if c.rets, err = p.callList(word); err != nil {
			return token{}, err
		}
		if err := p.expect(',', "',' after the return list"); err != nil {
			return token{}, err
		}
	}
	t := p.tok
	if t.kind != tkWord || p.src[t.off] == '.' {
		return token{}, p.unexpected(t, "a function name or a register holding a function's address")
	}
	name := p.bytes(t)
	if d, m, ok := f.lookupReg(name); ok {
		rt := f.regDecls[d].typ
		if kindOf(rt) == tkdFloat || rt == traces.Pred || rt.Size() != p.prog.AddressSize/8 {
			return token{}, p.errAt(t.pos, "%s: the function address %s is .%s; expected a %d-bit integer register", word, name, rt, p.prog.AddressSize)
		}
		in.Src[0] = traces.Operand{Kind: traces.OpdReg, Reg: f.regID(d, m, name)}
		in.NSrc = 1
		c.indirect = true
	} else if name[0] == '%' {
		return token{}, p.errAt(t.pos, "%s: undefined register %s", word, name)
	}
	c.callee, c.pos = string(name), t.pos
	p.advance()
	if isPunct(p.tok, ',') {
		p.advance()
		if isPunct(p.tok, '(') {
			if c.args, err = p.callList(word); err != nil {
				return token{}, err
			}
			if isPunct(p.tok, ',') {
				p.advance()
				if err := p.callProtoOperand(&c, word); err != nil {
					return token{}, err
				}
			}
		} else if err := p.callProtoOperand(&c, word); err != nil {
			return token{}, err
		}
	}
	if c.indirect && c.protoName == "" {
		return token{}, p.errAt(c.pos, "%s: an indirect call through %s needs a .callprototype or .calltargets operand after the argument list", word, c.callee)
	}
	semi := p.tok
	if err := p.expect(';', "';' after the call"); err != nil {
		return token{}, err
	}
	f.calls = append(f.calls, c)
	return semi, nil
}

// callProtoOperand reads the fproto/flist operand of an indirect call.
func (p *ptxParser) callProtoOperand(c *ptxCall, word []byte) error {
	t := p.tok
	if t.kind != tkWord || p.src[t.off] == '.' || p.src[t.off] == '%' {
		return p.unexpected(t, "a .callprototype or .calltargets label")
	}
	if !c.indirect {
		return p.errAt(t.pos, "%s: a direct call to %s takes no prototype operand", word, c.callee)
	}
	c.protoName, c.protoPos = p.str(t), t.pos
	p.advance()
	return nil
}

// parseCallProto parses what follows `label:` when it is a
// `.callprototype (rets) _ (params);` or `.calltargets f, g, ...;`.
func (p *ptxParser) parseCallProto(f *ptxFunc, label token) error {
	d := p.tok
	name := p.str(label)
	if _, dup := f.protos[name]; dup {
		return p.errAt(label.pos, "duplicate prototype label %s", name)
	}
	if _, dup := f.labels[name]; dup {
		return p.errAt(label.pos, "%s is already a label", name)
	}
	cp := &callProto{pos: label.pos}
	p.advance()
	if p.isWord(d, ".calltargets") {
		for {
			t, err := p.name("a function name")
			if err != nil {
				return err
			}
			cp.targets = append(cp.targets, p.str(t))
			cp.tpos = append(cp.tpos, t.pos)
			if !isPunct(p.tok, ',') {
				break
			}
			p.advance()
		}
	} else {
		dummy := &ptxFunc{}
		if isPunct(p.tok, '(') {
			rets, _, err := p.parseParams(dummy, false, true)
			if err != nil {
				return err
			}
			for _, r := range rets {
				cp.rets = append(cp.rets, r.size)
			}
		}
		if !p.isWord(p.tok, "_") {
			return p.unexpected(p.tok, "'_' in the .callprototype")
		}
		p.advance()
		if isPunct(p.tok, '(') {
			params, _, err := p.parseParams(dummy, false, true)
			if err != nil {
				return err
			}
			for _, q := range params {
				cp.params = append(cp.params, q.size)
			}
		}
	}
	if f.protos == nil {
		f.protos = map[string]*callProto{}
	}
	f.protos[name] = cp
	return p.expect(';', "';' after "+p.str(d))
}

// callList parses `( name, ... )` of .param variables.
func (p *ptxParser) callList(word []byte) ([]callArg, error) {
	f := p.fn
	if err := p.expect('(', "'('"); err != nil {
		return nil, err
	}
	var out []callArg
	if isPunct(p.tok, ')') {
		p.advance()
		return out, nil
	}
	for {
		t := p.tok
		if t.kind == tkNum || isPunct(t, '-') {
			return nil, p.errAt(t.pos, "%s: call arguments must be .param variables, not immediates", word)
		}
		if t.kind != tkWord {
			return nil, p.unexpected(t, "a .param variable")
		}
		name := p.bytes(t)
		if _, _, ok := f.lookupReg(name); ok {
			return nil, p.errAt(t.pos, "%s: call arguments must be .param variables, not registers (%s)", word, name)
		}
		i, ok := f.vars[string(name)]
		if !ok {
			return nil, p.errAt(t.pos, "%s: undefined parameter %s", word, name)
		}
		v := &f.varDecls[i]
		if v.space != traces.SpaceParamFrame {
			return nil, p.errAt(t.pos, "%s: %s is not a .param variable of this function", word, name)
		}
		out = append(out, callArg{off: v.off, size: v.size, name: v.name, pos: t.pos})
		p.advance()
		if isPunct(p.tok, ',') {
			p.advance()
			continue
		}
		if err := p.expect(')', "',' or ')'"); err != nil {
			return nil, err
		}
		return out, nil
	}
}
