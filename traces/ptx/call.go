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
// optional). Arguments and results are .param variables of the caller's
// frame; the callee is resolved when the module is complete.
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
		return token{}, p.unexpected(t, "a function name")
	}
	name := p.bytes(t)
	if _, _, ok := f.lookupReg(name); ok || name[0] == '%' {
		return token{}, p.errAt(t.pos, "%s: indirect calls (through %s) are not supported", word, name)
	}
	c.callee, c.pos = string(name), t.pos
	p.advance()
	if isPunct(p.tok, ',') {
		p.advance()
		if !isPunct(p.tok, '(') {
			return token{}, p.unexpected(p.tok, "'(' starting the argument list")
		}
		if c.args, err = p.callList(word); err != nil {
			return token{}, err
		}
		if isPunct(p.tok, ',') {
			return token{}, p.errAt(p.tok.pos, "%s: call prototypes (indirect calls) are not supported", word)
		}
	}
	semi := p.tok
	if err := p.expect(';', "';' after the call"); err != nil {
		return token{}, err
	}
	f.calls = append(f.calls, c)
	return semi, nil
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
