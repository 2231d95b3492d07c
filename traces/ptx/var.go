package ptx

import "github.com/gpusim/gpusim/traces"

// Variable declarations: module scope (.global, .const, .shared) and
// function scope (.local, .shared, call-site .param), with initialisers.

// Size limits: no GPU has more memory than maxVarSize in one variable, and
// an initialiser is written out in the source (zero-filled to the end).
const (
	maxVarSize  = 1 << 32
	maxInitSize = 1 << 26
)

// varHead is what a declaration says before the names.
type varHead struct {
	align uint64 // .align N, 0 when absent
	vec   uint64 // .v2/.v4, 1 when absent
	typ   traces.Type
	pos   traces.Pos
}

// varItem is one declared name.
type varItem struct {
	name    token
	count   uint64    // elements (array dims times vector width)
	unsized bool      // declared with []
	init    []byte    // initial bytes, nil when none
	refs    []initRef // initialiser elements that are addresses
}

// initRef is an initialiser element naming a variable or function:
// `x`, `x+8`, `generic(x)+8`, or one byte of such an address as
// `0xFF00(generic(x)+8)` (the element is (address >> shift) truncated to
// size bytes).
type initRef struct {
	off     uint64
	size    uint8
	shift   uint8
	name    string
	generic bool
	addend  int64
	pos     traces.Pos
}

func spaceOfWord(w []byte) traces.Space {
	switch string(w) {
	case ".global":
		return traces.SpaceGlobal
	case ".const":
		return traces.SpaceConst
	case ".shared":
		return traces.SpaceShared
	case ".local":
		return traces.SpaceLocal
	case ".param":
		return traces.SpaceParam
	case ".reg":
		return traces.SpaceReg
	}
	return traces.SpaceNone
}

// parseVarHead reads `[.align N] [.vN] [.attribute(...)] .type` after the
// state-space word.
func (p *ptxParser) parseVarHead() (varHead, error) {
	h := varHead{vec: 1, pos: p.tok.pos}
	for {
		t := p.tok
		if t.kind != tkWord || p.src[t.off] != '.' {
			return h, p.unexpected(t, "a type")
		}
		w := p.bytes(t)
		switch string(w) {
		case ".align":
			p.advance()
			at := p.tok
			a, err := p.uintArg("alignment", 1<<20)
			if err != nil {
				return h, err
			}
			if a == 0 || a&(a-1) != 0 {
				return h, p.errAt(at.pos, ".align %d is not a power of two", a)
			}
			h.align = a
			continue
		case ".v2", ".v4", ".v8":
			if h.vec != 1 {
				return h, p.errAt(t.pos, "duplicate vector width %s", w)
			}
			h.vec = uint64(w[2] - '0')
			p.advance()
			continue
		case ".attribute":
			p.advance()
			if err := p.expect('(', "'(' after .attribute"); err != nil {
				return h, err
			}
			if !p.isWord(p.tok, ".managed") && !p.isWord(p.tok, ".unified") {
				return h, p.unexpected(p.tok, ".managed")
			}
			p.advance()
			if err := p.expect(')', "')'"); err != nil {
				return h, err
			}
			continue
		case ".ptr":
			return h, p.errAt(t.pos, ".ptr is only allowed on kernel parameters")
		}
		typ, ok := traces.TypeByName(string(w[1:]))
		if !ok {
			if looksLikeType(w[1:]) {
				return h, p.errAt(t.pos, "unknown type %s", w)
			}
			return h, p.unexpected(t, "a type")
		}
		h.typ = typ
		p.advance()
		return h, nil
	}
}

func looksLikeType(w []byte) bool {
	return len(w) >= 2 && (w[0] == 'b' || w[0] == 'u' || w[0] == 's' || w[0] == 'f') && w[1] >= '0' && w[1] <= '9'
}

// parseVarItem reads `name [N]... [= init]` (the init only when allowed).
func (p *ptxParser) parseVarItem(h varHead, initOK bool) (varItem, error) {
	var it varItem
	t, err := p.name("a variable name")
	if err != nil {
		return it, err
	}
	it.name = t
	it.count = h.vec
	for isPunct(p.tok, '[') {
		open := p.tok
		p.advance()
		if isPunct(p.tok, ']') {
			if it.unsized || it.count != h.vec {
				return it, p.errAt(open.pos, "only the first array dimension may be omitted")
			}
			it.unsized = true
			p.advance()
			continue
		}
		n, err := p.uintArg("array size", 1<<40)
		if err != nil {
			return it, err
		}
		if n == 0 {
			return it, p.errAt(open.pos, "array %s has zero size", p.str(t))
		}
		it.count *= n
		if it.count*uint64(h.typ.Size()) > maxVarSize {
			return it, p.errAt(open.pos, "%s: array larger than 4 GiB", p.str(t))
		}
		if err := p.expect(']', "']'"); err != nil {
			return it, err
		}
	}
	if !isPunct(p.tok, '=') {
		return it, nil
	}
	if !initOK {
		return it, p.errAt(p.tok.pos, "%s: variables in this state space cannot be initialised", p.str(t))
	}
	p.advance()
	p.initRefs = p.initRefs[:0]
	init, n, err := p.parseInit(h.typ, nil, 0)
	if err != nil {
		return it, err
	}
	if len(p.initRefs) > 0 {
		it.refs = append([]initRef(nil), p.initRefs...)
	}
	if it.unsized {
		it.unsized = false
		it.count = alignUp(uint64(n), h.vec)
		if it.count == 0 {
			return it, p.errAt(t.pos, "%s: empty initialiser for an unsized array", p.str(t))
		}
	} else if uint64(n) > it.count {
		return it, p.errAt(t.pos, "%s: %d initialisers for %d elements", p.str(t), n, it.count)
	}
	if it.count*uint64(h.typ.Size()) > maxInitSize {
		return it, p.errAt(t.pos, "%s: initialised variables larger than 64 MiB are not supported", p.str(t))
	}
	full := make([]byte, it.count*uint64(h.typ.Size()))
	copy(full, init)
	it.init = full
	return it, nil
}

// parseInit reads a scalar or a braced (possibly nested) initialiser list
// and appends each element's bytes (little-endian, typ's width).
func (p *ptxParser) parseInit(typ traces.Type, out []byte, depth int) ([]byte, int, error) {
	if depth > 8 {
		return out, 0, p.errAt(p.tok.pos, "initialiser nested too deeply")
	}
	if isPunct(p.tok, '{') {
		p.advance()
		n := 0
		for {
			var k int
			var err error
			out, k, err = p.parseInit(typ, out, depth+1)
			if err != nil {
				return out, 0, err
			}
			n += k
			if isPunct(p.tok, ',') {
				p.advance()
				continue
			}
			if err := p.expect('}', "',' or '}' in initialiser"); err != nil {
				return out, 0, err
			}
			return out, n, nil
		}
	}
	neg := false
	if isPunct(p.tok, '-') {
		neg = true
		p.advance()
	}
	t := p.tok
	if !neg && (t.kind == tkWord || t.kind == tkNum && isPunct(p.peek(), '(')) {
		ref, err := p.parseInitAddr(typ)
		if err != nil {
			return out, 0, err
		}
		ref.off, ref.size = uint64(len(out)), uint8(typ.Size())
		p.initRefs = append(p.initRefs, ref)
		out = append(out, make([]byte, typ.Size())...)
		return out, 1, nil
	}
	if t.kind == tkWord {
		return out, 0, p.errAt(t.pos, "initialiser -%s: an address cannot be negated", p.describe(t))
	}
	if t.kind != tkNum {
		return out, 0, p.unexpected(t, "an initialiser value")
	}
	bits, msg := immBits(p.bytes(t), neg, typ)
	if msg != "" {
		return out, 0, p.errAt(t.pos, "initialiser %s: %s", p.str(t), msg)
	}
	for i := 0; i < typ.Size(); i++ {
		out = append(out, byte(bits>>(8*i)))
	}
	p.advance()
	return out, 1, nil
}

// parseInitAddr reads an address element of an initialiser: `x`, `x+N`,
// `generic(x)`, `generic(x)+N`, or a byte of one, `0xFF00(generic(x)+N)`.
func (p *ptxParser) parseInitAddr(typ traces.Type) (initRef, error) {
	ref := initRef{pos: p.tok.pos}
	if kindOf(typ) == tkdFloat || typ == traces.Pred {
		return ref, p.errAt(ref.pos, "an address initialiser needs an integer type, not .%s", typ)
	}
	if p.tok.kind == tkNum {
		mt := p.tok
		mask, neg, isFloat, ok := parseIntLit(p.bytes(mt))
		shift := -1
		for k := 0; k < 8; k++ {
			if mask == 0xff<<(8*k) {
				shift = 8 * k
			}
		}
		if !ok || neg || isFloat || shift < 0 {
			return ref, p.errAt(mt.pos, "initialiser %s(...): the mask of an address byte must be 0xFF shifted by a whole number of bytes", p.str(mt))
		}
		ref.shift = uint8(shift)
		p.advance()
		p.advance() // '('
		inner, err := p.parseInitAddr(traces.U64)
		if err != nil {
			return ref, err
		}
		if err := p.expect(')', "')' closing the address byte"); err != nil {
			return ref, err
		}
		inner.shift, inner.pos = ref.shift, ref.pos
		if uint64(typ.Size())*8+uint64(shift) > 64 {
			return ref, p.errAt(mt.pos, "initialiser %s(...) does not fit .%s", p.str(mt), typ)
		}
		return inner, nil
	}
	if p.isWord(p.tok, "generic") && isPunct(p.peek(), '(') {
		ref.generic = true
		p.advance()
		p.advance()
		t, err := p.name("a variable or function name")
		if err != nil {
			return ref, err
		}
		ref.name = p.str(t)
		if err := p.expect(')', "')' after generic(name"); err != nil {
			return ref, err
		}
	} else {
		t, err := p.name("a variable or function name")
		if err != nil {
			return ref, err
		}
		ref.name = p.str(t)
	}
	if isPunct(p.tok, '+') || isPunct(p.tok, '-') {
		off, err := p.parseOffset()
		if err != nil {
			return ref, err
		}
		ref.addend = off
	}
	if ref.shift == 0 && typ.Size()*8 != p.prog.AddressSize {
		return ref, p.errAt(ref.pos, "the address of %s needs a %d-bit element, not .%s", ref.name, p.prog.AddressSize, typ)
	}
	return ref, nil
}

// resolveInits turns the address elements of initialisers into the
// variables' Relocs (filled in when the module is loaded).
func (p *ptxParser) resolveInits() error {
	for _, list := range [][]traces.Var{p.prog.Globals, p.prog.Consts} {
		for i := range list {
			s := p.syms[list[i].Name]
			if s == nil || len(s.inits) == 0 {
				continue
			}
			for _, r := range s.inits {
				rel, err := p.initReloc(r)
				if err != nil {
					return err
				}
				list[i].Relocs = append(list[i].Relocs, rel)
			}
			s.v.Relocs = list[i].Relocs
		}
	}
	return nil
}

func (p *ptxParser) initReloc(r initRef) (traces.Reloc, error) {
	rel := traces.Reloc{Off: r.off, Size: r.size, Shift: r.shift, Generic: r.generic}
	s := p.syms[r.name]
	if s == nil {
		return rel, p.errAt(r.pos, "initialiser: undefined variable or function %s", r.name)
	}
	if s.kind == symFunc {
		g := s.fn
		switch {
		case g.entry:
			return rel, p.errAt(r.pos, "initialiser: %s is a kernel (.entry); kernels have no address to call", r.name)
		case !g.hasBody:
			return rel, p.errAt(r.pos, "initialiser: link error: function %s (declared at %d:%d) is not defined in this module", r.name, g.pos.Line, g.pos.Col)
		}
		g.addrTaken = true
		rel.Kind, rel.Target = traces.RelocFunc, traces.FuncAddr(g.id)+uint64(r.addend)
		return rel, nil
	}
	v := &s.v
	switch v.Space {
	case traces.SpaceGlobal:
		rel.Kind = traces.RelocGlobal
	case traces.SpaceConst:
		rel.Kind = traces.RelocConst
	default:
		return rel, p.errAt(r.pos, "initialiser: the address of .%s variable %s is not supported (only .global and .const variables and functions have a load-time address)", v.Space, r.name)
	}
	if !offsetInside(r.addend, v.Size, true) {
		return rel, p.errAt(r.pos, "initialiser: %s%+d is outside %s (%d bytes)", r.name, r.addend, r.name, v.Size)
	}
	rel.Target = v.Offset + uint64(r.addend)
	return rel, nil
}

// parseModuleVar parses a module-scope .global/.const/.shared declaration.
func (p *ptxParser) parseModuleVar(extern bool) error {
	st := p.tok
	space := spaceOfWord(p.bytes(st))
	if space == traces.SpaceLocal {
		return p.errAt(st.pos, "module-scope .local variables are not supported")
	}
	if !p.sawTgt {
		return p.errAt(st.pos, "missing .target directive before the first declaration")
	}
	p.advance()
	if opaqueKindOf(p.bytes(p.tok)) != traces.OpaqueNone {
		return p.parseOpaqueVars(space, st)
	}
	h, err := p.parseVarHead()
	if err != nil {
		return err
	}
	if h.typ == traces.Pred {
		return p.errAt(h.pos, ".pred is a register type, not a %s variable type", space)
	}
	for {
		it, err := p.parseVarItem(h, space != traces.SpaceShared)
		if err != nil {
			return err
		}
		name := p.str(it.name)
		if prev := p.syms[name]; prev != nil {
			return p.errAt(it.name.pos, "duplicate definition of %s", name)
		}
		esz := uint64(h.typ.Size())
		align := h.align
		if align == 0 {
			align = esz * h.vec
		}
		s := &ptxSym{kind: symVar, v: traces.Var{Name: name, Space: space, Type: h.typ, Size: it.count * esz,
			Align: align, Init: it.init, Pos: it.name.pos}, inits: it.refs}
		switch {
		case it.unsized && space == traces.SpaceShared && extern:
			s.dyn = true
			s.v.Size = 0
			p.dyn = append(p.dyn, s)
			if align > p.dynAlign {
				p.dynAlign = align
			}
		case it.unsized:
			return p.errAt(it.name.pos, "%s: array size required", name)
		case space == traces.SpaceShared:
			s.v.Offset = alignUp(p.shSize, align)
			p.shSize = s.v.Offset + s.v.Size
			s.shIdx = len(p.shared)
			p.shared = append(p.shared, s)
		case space == traces.SpaceGlobal:
			s.v.Offset = alignUp(p.prog.GlobalSize, align)
			p.prog.GlobalSize = s.v.Offset + s.v.Size
			p.prog.Globals = append(p.prog.Globals, s.v)
		case space == traces.SpaceConst:
			s.v.Offset = alignUp(p.prog.ConstSize, align)
			p.prog.ConstSize = s.v.Offset + s.v.Size
			p.prog.Consts = append(p.prog.Consts, s.v)
		}
		p.syms[name] = s
		if isPunct(p.tok, ',') {
			p.advance()
			continue
		}
		return p.expect(';', "';' after the declaration")
	}
}
