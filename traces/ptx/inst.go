package ptx

import "github.com/gpusim/gpusim/traces"

// One instruction: guard, opcode and its suffixes, raw operands. The form
// decoders (ptxdecode.go) turn raw operands into typed Operands.

const (
	maxRawOpds  = 8
	maxVecElems = 8
	maxSuffixes = 16
	// maxMnemonicParts is the most dotted words a mnemonic has
	// (cp.async.bulk.commit_group).
	maxMnemonicParts = 4
)

type rawKind uint8

const (
	rkName rawKind = iota + 1 // a name: register, special register, variable, label or `_`
	rkNum                     // a numeric literal
	rkMem                     // an address [base+off]
	rkVec                     // a vector {a, b, ...}
)

// rawOpd is an operand as written, before its meaning is known.
type rawOpd struct {
	kind   rawKind
	neg    bool  // rkName: written !p; rkNum: written -N
	tok    token // rkName/rkNum: the name or number; rkMem: the base (tkEOF: none)
	off    int64 // rkMem, or rkName written name+N: the constant offset
	hasOff bool
	pipe   token // the second name of `d|p` (tkEOF: none)
	minus  bool  // rkName written -name (only vmad takes it)
	e0, en int   // rkVec: elements p.elems[e0 : e0+en]
	pos    traces.Pos
	// items are the further elements of a bracketed list [a, b, c] (the
	// texture and surface instructions; rkMem with tok the first).
	items  [2]rawItem
	nitems int
}

// rawItem is one element after the first of a bracketed list: a name or
// number (tok), or a vector (vec, elements p.elems[e0 : e0+en]).
type rawItem struct {
	tok    token
	vec    bool
	e0, en int
	pos    traces.Pos
}

type rawElem struct {
	tok token
	neg bool
}

// sufs is what the opcode's suffixes said.
type sufs struct {
	types  [3]traces.Type // a third only for the video instructions
	vmad   uint32         // vmad's .shr7/.shr15/.po (traces.Video* mode bits)
	ntypes int
	seen   modMask
	space  traces.Space
	vec    uint8
	shfDir uint32
	shfMod uint32
	barK   uint32
	level  uint32
	scope  uint32
	order  uint32
	hint   uint32
	noftz  bool
	membar bool
	// Texture and surface suffixes (tex.go).
	geom    traces.Geom
	texMode traces.Mode
	comp    traces.Mode
	query   traces.Mode
	clamp   traces.Mode
	fmtP    bool // .p (formatted), else .b

	// Matrix and async-copy qualifiers (matrix.go, async.go).
	mtypes  [4]traces.MatElem // element types in order
	nmt     int
	layouts [2]uint8 // .row/.col in order
	nlay    int
	space2  traces.Space // a second state space (cp.async.shared.global)
	mbar    uint32       // mkMbar values seen, one bit each
	policy  uint32
	matNum  uint8
	matOps  uint32 // mkMatOp values seen, one bit each
}

// Categories whose value is a Flags bit.
const flagCats = mkFtz | mkSat | mkApprox | mkFull | mkUni | mkCC | mkHiLo | mkWide | mkNC | mkVolatile |
	mkRelu | mkNaN | mkXorsign | mkAbs | mkTo | mkShiftAmt | mkSync | mkAligned | mkSatfinite

// Categories whose value is a Mode.
const modeCats = mkShfl | mkVote | mkTestp | mkPrmt | mkBarRed

// parseInst parses one instruction statement and appends it to p.fn.
func (p *ptxParser) parseInst() error {
	f := p.fn
	start := p.tok
	in := traces.Inst{Guard: -1, Loc: f.loc}
	if isPunct(start, '@') {
		p.advance()
		if isPunct(p.tok, '!') {
			in.GuardNeg = true
			p.advance()
		}
		gt := p.tok
		if gt.kind != tkWord {
			return p.unexpected(gt, "a predicate register after '@'")
		}
		d, m, ok := f.lookupReg(p.bytes(gt))
		if !ok {
			return p.errAt(gt.pos, "undefined predicate register %s", p.bytes(gt))
		}
		if f.regDecls[d].typ != traces.Pred {
			return p.errAt(gt.pos, "guard %s is a .%s register, not a predicate", p.bytes(gt), f.regDecls[d].typ)
		}
		in.Guard = f.regID(d, m, p.bytes(gt))
		p.advance()
	}
	opTok := p.tok
	if opTok.kind != tkWord || p.src[opTok.off] == '.' {
		return p.unexpected(opTok, "an instruction")
	}
	in.Pos = opTok.pos
	p.advance()
	word := p.bytes(opTok)

	// Split the opcode at its dots.
	p.parts = p.parts[:0]
	s := int32(0)
	for i := range word {
		if word[i] == '.' {
			p.parts = append(p.parts, span{opTok.off + s, opTok.off + int32(i)})
			s = int32(i) + 1
		}
	}
	p.parts = append(p.parts, span{opTok.off + s, opTok.end})
	for _, sp := range p.parts {
		if sp.off == sp.end {
			return p.errAt(opTok.pos, "%s: malformed opcode", word)
		}
	}
	if len(p.parts) > maxSuffixes {
		return p.errAt(opTok.pos, "%s: too many suffixes", word)
	}
	// The mnemonic is the longest dotted prefix the table names
	// (cp.async.wait_group, wmma.load, then ld): most are one word. A
	// longer unsupported one (cp.async.bulk.tensor) wins over a shorter
	// instruction.
	info, nmn := (*opInfo)(nil), 0
	for n := min(len(p.parts), maxMnemonicParts); n >= 1 && info == nil; n-- {
		name := p.src[p.parts[0].off:p.parts[n-1].end]
		if info = ptxOps[string(name)]; info != nil {
			nmn = n
		} else if ptxUnsupported[string(name)] {
			return p.errAt(opTok.pos, "%s: instruction not supported", word)
		}
	}
	if info == nil {
		return p.errAt(opTok.pos, "unknown instruction %s", word)
	}
	mn := p.src[p.parts[0].off:p.parts[nmn-1].end]
	p.mnParts = nmn
	in.Op = info.op
	var sf sufs
	if err := p.parseSuffixes(&in, &sf, info, word, opTok.pos); err != nil {
		return err
	}
	if err := p.checkMods(&in, &sf, info, word, opTok.pos, mn); err != nil {
		return err
	}
	idx := int32(len(f.code))
	var semi token
	var err error
	switch info.form {
	case fmBra:
		semi, err = p.decodeBra(&in, word, idx)
	case fmCall:
		semi, err = p.decodeCall(&in, word, idx)
	case fmVideo:
		semi, err = p.parseOperands(word, opTok.pos)
		if err == nil {
			err = p.decVideo(&in, &sf, word, opTok.pos)
		}
	default:
		semi, err = p.parseOperands(word, opTok.pos)
		if err == nil {
			err = p.decodeForm(&in, &sf, info, word, opTok.pos, idx)
		}
	}
	if err != nil {
		return err
	}
	if err := p.checkTarget(&in, &sf, word, opTok.pos); err != nil {
		return err
	}
	f.code = append(f.code, in)
	ts := int32(len(p.text))
	p.text = appendNormalised(p.text, p.src[start.off:semi.off])
	f.texts = append(f.texts, span{ts, int32(len(p.text))})
	return nil
}

// parseSuffixes classifies each suffix of the opcode into the Inst fields
// and sf, rejecting unknown, misplaced and repeated ones.
func (p *ptxParser) parseSuffixes(in *traces.Inst, sf *sufs, info *opInfo, word []byte, pos traces.Pos) error {
	mn := p.src[p.parts[0].off:p.parts[p.mnParts-1].end]
	for _, sp := range p.parts[p.mnParts:] {
		w := p.src[sp.off:sp.end]
		var alt sufAlt
		found := false
		if si, ok := ptxSuffixes[string(w)]; ok {
			for _, a := range si {
				if a.cat != 0 && info.mods&a.cat != 0 {
					alt, found = a, true
					break
				}
			}
			if !found {
				if si[0].cat == mkType {
					return p.errAt(pos, "%s: .%s is not a valid type for %s", word, w, mn)
				}
				return p.errAt(pos, "%s: modifier .%s is not valid for %s", word, w, mn)
			}
		} else if v, ok := hintSuffix(w); ok && info.mods&mkHint != 0 {
			alt, found = sufAlt{cat: mkHint, val: v}, true
		}
		if !found {
			if string(w) == "v8" {
				return p.errAt(pos, "%s: vector width .v8 is not supported", word)
			}
			if len(w) >= 2 && w[0] == 'v' && w[1] >= '0' && w[1] <= '9' {
				return p.errAt(pos, "%s: bad vector width .%s (want .v2 or .v4)", word, w)
			}
			if looksLikeType(w) {
				return p.errAt(pos, "%s: unknown type suffix .%s", word, w)
			}
			return p.errAt(pos, "%s: unknown modifier .%s", word, w)
		}
		c := alt.cat
		if c == mkType {
			if sf.ntypes == 3 || sf.ntypes == 2 && info.form != fmVideo {
				return p.errAt(pos, "%s: too many type suffixes", word)
			}
			sf.types[sf.ntypes] = traces.Type(alt.val)
			sf.ntypes++
			continue
		}
		if c&matrixRepeats != 0 || c == mkSpace && sf.seen&mkSpace != 0 && info.form == fmCpAsync {
			if err := p.matrixSuffix(in, sf, alt, word, pos); err != nil {
				return err
			}
			sf.seen |= c
			continue
		}
		if sf.seen&c != 0 && c != mkHint && c != mkProxy && c != mkVmad {
			return p.errAt(pos, "%s: more than one %s modifier", word, catName(c))
		}
		sf.seen |= c
		switch {
		case c&flagCats != 0:
			in.Flags |= traces.Flags(alt.val)
		case c&modeCats != 0:
			in.Mode = traces.Mode(alt.val)
		case c == mkRnd || c == mkRndI || c == mkRna:
			if in.Rnd != traces.RndNone {
				return p.errAt(pos, "%s: more than one rounding modifier", word)
			}
			in.Rnd = traces.Rounding(alt.val)
		case c == mkCmp:
			in.Cmp = traces.CmpOp(alt.val)
		case c == mkBool:
			in.Bool = traces.BoolOp(alt.val)
		case c == mkAtomOp:
			in.Atom = traces.AtomOp(alt.val)
		case c == mkSpace:
			sf.space = traces.Space(alt.val)
		case c == mkVec:
			sf.vec = uint8(alt.val)
		case c == mkShfDir:
			sf.shfDir = alt.val
			if alt.val == vShfDirL {
				in.Flags |= traces.FlagShiftLeft
			}
		case c == mkShfMode:
			sf.shfMod = alt.val
			if alt.val == vShfClamp {
				in.Flags |= traces.FlagShiftClamp
			}
		case c == mkBarKind:
			sf.barK = alt.val
		case c == mkLevel:
			sf.level = alt.val
		case c == mkScope:
			sf.scope = alt.val
		case c == mkOrder:
			sf.order = alt.val
		case c == mkHint:
			if alt.val == vHintCacheHint && !takesPolicy(info.form) {
				return p.errAt(pos, "%s: .L2::cache_hint (cache policy operand) is not supported", word)
			}
			sf.hint = alt.val
		case c == mkNoftz:
			sf.noftz = true
		case c == mkMembar:
			sf.membar = true
		case c&texCats != 0:
			texSuffix(sf, c, alt.val)
		case c == mkVmad:
			sf.vmad |= alt.val
		case c&matrixCats != 0:
			if err := p.matrixSuffix(in, sf, alt, word, pos); err != nil {
				return err
			}
		}
	}
	return nil
}

func catName(c modMask) string {
	switch c {
	case mkRnd, mkRndI, mkRna:
		return "rounding"
	case mkSpace:
		return "state space"
	case mkCmp:
		return "comparison"
	case mkBool:
		return "boolean"
	case mkAtomOp:
		return "atomic operation"
	case mkVec:
		return "vector width"
	case mkScope:
		return "scope"
	case mkOrder:
		return "memory order"
	case mkHiLo:
		return ".hi/.lo"
	case mkCacheOp:
		return "cache operator"
	case mkShfl, mkVote, mkTestp, mkPrmt, mkBarRed, mkBarKind:
		return "mode"
	case mkShfDir:
		return "direction"
	case mkShfMode:
		return ".wrap/.clamp"
	case mkLevel:
		return "cache level"
	case mkGeom:
		return "geometry"
	case mkTexMode:
		return ".base/.level/.grad"
	case mkComp:
		return "component"
	case mkTexQuery:
		return "query"
	case mkSuClamp:
		return ".trap/.clamp/.zero"
	case mkSuFmt:
		return ".b/.p"
	case mkShape:
		return "shape"
	case mkFrag:
		return "fragment"
	case mkMatNum:
		return "matrix count"
	case mkPolicy:
		return "policy kind"
	}
	return "such"
}

// parseOperands reads the raw operands up to and including ';' and returns
// the ';' token.
func (p *ptxParser) parseOperands(word []byte, pos traces.Pos) (token, error) {
	p.nraw, p.nelem = 0, 0
	if isPunct(p.tok, ';') {
		semi := p.tok
		p.advance()
		return semi, nil
	}
	for {
		if p.tok.kind == tkEOF {
			return token{}, p.errAt(pos, "%s: missing ';' at end of file", word)
		}
		if p.nraw == maxRawOpds {
			return token{}, p.errAt(p.tok.pos, "%s: too many operands", word)
		}
		r := &p.raw[p.nraw]
		*r = rawOpd{pos: p.tok.pos}
		if err := p.parseRawOpd(r, word); err != nil {
			return token{}, err
		}
		p.nraw++
		t := p.tok
		if isPunct(t, ',') {
			p.advance()
			continue
		}
		if isPunct(t, ';') {
			p.advance()
			return t, nil
		}
		if t.kind == tkEOF {
			return token{}, p.errAt(pos, "%s: missing ';' at end of file", word)
		}
		return token{}, p.unexpected(t, "',' or ';' after an operand of "+string(word))
	}
}

func (p *ptxParser) parseRawOpd(r *rawOpd, word []byte) error {
	t := p.tok
	switch {
	case isPunct(t, '!'):
		p.advance()
		if p.tok.kind != tkWord {
			return p.unexpected(p.tok, "a predicate after '!'")
		}
		r.kind, r.neg, r.tok = rkName, true, p.tok
		p.advance()
	case isPunct(t, '-'):
		p.advance()
		if p.tok.kind == tkWord {
			r.kind, r.tok, r.minus = rkName, p.tok, true
			p.advance()
			return nil
		}
		if p.tok.kind != tkNum {
			return p.unexpected(p.tok, "a number after '-'")
		}
		r.kind, r.neg, r.tok = rkNum, true, p.tok
		p.advance()
	case t.kind == tkNum:
		r.kind, r.tok = rkNum, t
		p.advance()
	case t.kind == tkWord:
		r.kind, r.tok = rkName, t
		p.advance()
		if isPunct(p.tok, '+') || isPunct(p.tok, '-') {
			off, err := p.parseOffset()
			if err != nil {
				return err
			}
			r.off, r.hasOff = off, true
		}
		if isPunct(p.tok, '|') {
			p.advance()
			if p.tok.kind != tkWord {
				return p.unexpected(p.tok, "a predicate after '|'")
			}
			r.pipe = p.tok
			p.advance()
		}
	case isPunct(t, '['):
		r.kind = rkMem
		p.advance()
		b := p.tok
		switch {
		case b.kind == tkWord:
			r.tok = b
			p.advance()
		case b.kind == tkNum || isPunct(b, '-'):
			r.tok = token{kind: tkEOF, pos: b.pos}
			neg := isPunct(b, '-')
			if neg {
				p.advance()
			}
			v, err := p.offsetNum(neg)
			if err != nil {
				return err
			}
			r.off, r.hasOff = v, true
		default:
			return p.unexpected(b, "an address")
		}
		if isPunct(p.tok, '+') || isPunct(p.tok, '-') {
			if r.hasOff {
				return p.unexpected(p.tok, "']'")
			}
			off, err := p.parseOffset()
			if err != nil {
				return err
			}
			r.off, r.hasOff = off, true
		}
		if isPunct(p.tok, ',') && r.tok.kind == tkWord && !r.hasOff {
			if err := p.parseBracketItems(r, word); err != nil {
				return err
			}
		}
		if err := p.expect(']', "']' closing the address"); err != nil {
			return err
		}
	case isPunct(t, '{'):
		r.kind = rkVec
		var err error
		if r.e0, r.en, err = p.parseVecElems(word); err != nil {
			return err
		}
		if isPunct(p.tok, '|') { // d|p of the texture instructions
			p.advance()
			if p.tok.kind != tkWord {
				return p.unexpected(p.tok, "a predicate after '|'")
			}
			r.pipe = p.tok
			p.advance()
		}
	default:
		return p.unexpected(t, "an operand of "+string(word))
	}
	return nil
}

// parseVecElems reads a vector `{a, b, ...}` (p.tok on the '{') into
// p.elems and returns where its elements are.
func (p *ptxParser) parseVecElems(word []byte) (e0, en int, err error) {
	e0 = p.nelem
	p.advance()
	for {
		if en == maxVecElems {
			return 0, 0, p.errAt(p.tok.pos, "%s: vector operand with more than %d elements", word, maxVecElems)
		}
		if p.nelem == len(p.elems) {
			return 0, 0, p.errAt(p.tok.pos, "%s: too many vector elements", word)
		}
		neg := false
		if isPunct(p.tok, '-') {
			neg = true
			p.advance()
		}
		e := p.tok
		if e.kind != tkWord && e.kind != tkNum {
			return 0, 0, p.unexpected(e, "a vector element")
		}
		if neg && e.kind != tkNum {
			return 0, 0, p.errAt(e.pos, "%s: negated operand -%s is not supported", word, p.bytes(e))
		}
		p.elems[p.nelem] = rawElem{tok: e, neg: neg}
		p.nelem++
		en++
		p.advance()
		if isPunct(p.tok, ',') {
			p.advance()
			continue
		}
		if err := p.expect('}', "',' or '}' in the vector operand"); err != nil {
			return 0, 0, err
		}
		return e0, en, nil
	}
}

// parseBracketItems reads the rest of a bracketed list `[a, b, c]` (p.tok
// on the ',' after a): names, numbers and vectors.
func (p *ptxParser) parseBracketItems(r *rawOpd, word []byte) error {
	for isPunct(p.tok, ',') {
		p.advance()
		if r.nitems == len(r.items) {
			return p.errAt(p.tok.pos, "%s: too many elements in [...]", word)
		}
		it := &r.items[r.nitems]
		*it = rawItem{tok: p.tok, pos: p.tok.pos}
		switch t := p.tok; {
		case isPunct(t, '{'):
			it.vec = true
			var err error
			if it.e0, it.en, err = p.parseVecElems(word); err != nil {
				return err
			}
		case t.kind == tkWord || t.kind == tkNum:
			p.advance()
		default:
			return p.unexpected(t, "a texture, sampler, coordinate or vector in [...]")
		}
		r.nitems++
	}
	return nil
}

// parseOffset reads `+N`, `-N` or `+-N` (p.tok on the sign).
func (p *ptxParser) parseOffset() (int64, error) {
	neg := isPunct(p.tok, '-')
	p.advance()
	if isPunct(p.tok, '-') {
		neg = !neg
		p.advance()
	}
	return p.offsetNum(neg)
}

func (p *ptxParser) offsetNum(neg bool) (int64, error) {
	t := p.tok
	if t.kind != tkNum {
		return 0, p.unexpected(t, "an integer offset")
	}
	k, v, ok := parseLit(p.bytes(t))
	if !ok || k != litInt {
		return 0, p.errAt(t.pos, "bad address offset %s", p.bytes(t))
	}
	if v > 1<<63 || (v == 1<<63 && !neg) {
		return 0, p.errAt(t.pos, "address offset %s out of range", p.bytes(t))
	}
	p.advance()
	if neg {
		return -int64(v), nil
	}
	return int64(v), nil
}

// appendNormalised appends instruction text with comments dropped and
// whitespace collapsed: one space between words, ", " between operands,
// none inside brackets.
func appendNormalised(dst, s []byte) []byte {
	pending := false
	start := len(dst)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '/' && i+1 < len(s) && s[i+1] == '/' {
			for i < len(s) && s[i] != '\n' {
				i++
			}
			pending = true
			continue
		}
		if c == '/' && i+1 < len(s) && s[i+1] == '*' {
			i += 2
			for i+1 < len(s) && !(s[i] == '*' && s[i+1] == '/') {
				i++
			}
			i++
			pending = true
			continue
		}
		if charClass[c]&ccSpace != 0 {
			pending = true
			continue
		}
		if len(dst) > start {
			last := dst[len(dst)-1]
			switch {
			case c == ',' || c == ')' || c == ']' || c == '}' || c == '|':
			case last == ',':
				dst = append(dst, ' ')
			case pending && last != '(' && last != '[' && last != '{' && last != '|' && last != '!' && last != '@':
				dst = append(dst, ' ')
			}
		}
		pending = false
		dst = append(dst, c)
	}
	return dst
}
