package ptx

import "github.com/gpusim/gpusim/traces"

// Functions: `.entry` kernels and `.func` device functions, their parameter
// lists, performance directives, and the per-function name scopes.

// ptxFunc is one function as parsed, before linking. Register ids, label
// targets and frame/local/shared offsets in its Code are local to it;
// linking rebases them into a Kernel.
type ptxFunc struct {
	name    string
	pos     traces.Pos
	entry   bool
	hasBody bool
	params  []ptxParam // kernel parameters (SpaceParam) or formals (frame)
	parSize uint64     // kernel parameter buffer size
	rets    []ptxParam // .func return parameters (frame)

	code  []traces.Inst
	texts []span // per instruction: its normalised text in ptxParser.text
	regs  []traces.Reg
	preds []string
	vecs  []int32 // registers of vector operands (traces.OpdVec), linked into Kernel.Vecs

	labels  map[string]labelDef
	brRefs  []labelRef
	calls   []ptxCall
	relocs  []reloc
	symRefs []symRef

	frameSize  uint64 // formals and call-site .param variables
	locals     []traces.Var
	localSize  uint64
	shared     []traces.Var // function-scope static .shared
	sharedSize uint64
	shAlign    uint64

	maxNTid, reqNTid [3]int32
	maxNReg, minNCTA int32

	id        int32                 // module function number (Program.Funcs), -1 for entries and declarations
	protos    map[string]*callProto // .callprototype and .calltargets labels
	addrTaken bool                  // its address is a value somewhere in the module
	modShared []int                 // module-scope .shared variables it names (indexes into ptxParser.shared)

	// Name scopes (braces nest them): registers, register ranges (%r<N>)
	// and variables, with an undo log to restore shadowed names.
	regNames  map[string]int32
	regRanges map[string]int32
	vars      map[string]int32
	regDecls  []regDecl
	varDecls  []varDecl
	undo      []undoEntry
	marks     []int
	loc       traces.SrcLoc
}

// ptxParam is a kernel parameter or a .func formal.
type ptxParam struct {
	name  string
	typ   traces.Type
	size  uint64
	align uint64
	off   uint64
	ptr   bool
	pos   traces.Pos
	// opaque: a .texref, .samplerref or .surfref kernel parameter (8
	// bytes, a handle).
	opaque traces.OpaqueKind
}

type labelDef struct {
	idx int32
	pos traces.Pos
}

type labelRef struct {
	inst int32
	name span
	pos  traces.Pos
}

// ptxCall is a `call` before linking: the instruction, the callee's name
// (or, for an indirect call, its prototype's label), and the frame
// variables passed and returned.
type ptxCall struct {
	inst   int32
	callee string
	pos    traces.Pos
	args   []callArg
	rets   []callArg
	fn     *ptxFunc // the callee, once resolved (direct calls)

	indirect  bool
	protoName string     // the fproto or flist operand
	protoPos  traces.Pos // where it is written
	targets   []*ptxFunc // an flist's functions, once resolved
	builtin   traces.Builtin
}

// callProto is a `.callprototype` (the parameter and result sizes every
// target of an indirect call has) or a `.calltargets` list.
type callProto struct {
	params, rets []uint64
	targets      []string // .calltargets
	pos          traces.Pos
	tpos         []traces.Pos
}

type callArg struct {
	off, size uint64 // caller-local frame offset and size
	name      string
	pos       traces.Pos
}

// relocKind says which per-kernel base an operand's offset is relative to.
type relocKind uint8

const (
	relocNone      relocKind = iota
	relocFrame               // the function's part of the parameter frame
	relocLocal               // the function's .local variables
	relocShared              // the function's static .shared variables
	relocDynShared           // dynamic shared memory (kernel-dependent start)
	relocModShared           // a module-scope .shared variable (laid out per kernel)
)

type reloc struct {
	inst int32
	slot uint8 // 0..3: Dst, 4..8: Src
	kind relocKind
	sym  int // relocModShared: index into ptxParser.shared
}

// symRef is an operand naming a module-scope variable, resolved once the
// whole module is read.
type symRef struct {
	inst int32
	slot uint8
	name span
	pos  traces.Pos
}

type regDecl struct {
	typ   traces.Type
	count int32   // -1 for a single register, else the size of a %name<count> range
	ids   []int32 // per member: local register id + 1, 0 until first use (nil until any is used)
	pos   traces.Pos
	depth int32
}

type varDecl struct {
	name    string
	space   traces.Space
	typ     traces.Type
	off     uint64
	size    uint64
	reloc   relocKind
	callArg bool // a .param declared in the body: a call argument or result
	depth   int32
	pos     traces.Pos
}

const (
	tabRegs uint8 = iota
	tabRanges
	tabVars
)

type undoEntry struct {
	table uint8
	name  string
	prev  int32 // -1: the name was unbound
}

func (f *ptxFunc) table(t uint8) map[string]int32 {
	switch t {
	case tabRegs:
		return f.regNames
	case tabRanges:
		return f.regRanges
	}
	return f.vars
}

func (f *ptxFunc) depth() int32 { return int32(len(f.marks)) }

func (f *ptxFunc) bind(t uint8, name string, idx int32) {
	m := f.table(t)
	prev, ok := m[name]
	if !ok {
		prev = -1
	}
	f.undo = append(f.undo, undoEntry{table: t, name: name, prev: prev})
	m[name] = idx
}

func (f *ptxFunc) pushScope() { f.marks = append(f.marks, len(f.undo)) }

func (f *ptxFunc) popScope() {
	mark := f.marks[len(f.marks)-1]
	f.marks = f.marks[:len(f.marks)-1]
	for i := len(f.undo) - 1; i >= mark; i-- {
		u := f.undo[i]
		m := f.table(u.table)
		if u.prev < 0 {
			delete(m, u.name)
		} else {
			m[u.name] = u.prev
		}
	}
	f.undo = f.undo[:mark]
}

// declaredHere reports a name already bound in the current scope.
func (f *ptxFunc) declaredHere(name string) (traces.Pos, bool) {
	if i, ok := f.regNames[name]; ok && f.regDecls[i].depth == f.depth() {
		return f.regDecls[i].pos, true
	}
	if i, ok := f.regRanges[name]; ok && f.regDecls[i].depth == f.depth() {
		return f.regDecls[i].pos, true
	}
	if i, ok := f.vars[name]; ok && f.varDecls[i].depth == f.depth() {
		return f.varDecls[i].pos, true
	}
	return traces.Pos{}, false
}

// overlapsHere reports a register declaration in the current scope that a
// new one would collide with: a plain name %r7 against a %r<N> range with
// N > 7, or a range %r<N> against plain names %r0..%r(N-1). It returns the
// earliest such declaration.
func (f *ptxFunc) overlapsHere(name string, count int32) (traces.Pos, bool) {
	var found traces.Pos
	ok := false
	if count < 0 {
		base, n, isMember := splitRegIndex(name)
		if i, has := f.regRanges[base]; isMember && has && f.regDecls[i].depth == f.depth() && n < f.regDecls[i].count {
			return f.regDecls[i].pos, true
		}
		return found, false
	}
	for other, i := range f.regNames {
		d := &f.regDecls[i]
		if base, n, isMember := splitRegIndex(other); isMember && base == name && n < count && d.depth == f.depth() {
			if !ok || d.pos.Line < found.Line || d.pos.Line == found.Line && d.pos.Col < found.Col {
				found, ok = d.pos, true
			}
		}
	}
	return found, ok
}

// splitRegIndex splits "%r12" into "%r" and 12 the way a %r<N> range names
// its members (no leading zeros); isMember is false for other names.
func splitRegIndex(name string) (base string, n int32, isMember bool) {
	j := len(name)
	for j > 0 && name[j-1] >= '0' && name[j-1] <= '9' {
		j--
	}
	if j == len(name) || j == 0 || len(name)-j > 9 || (name[j] == '0' && j < len(name)-1) {
		return "", 0, false
	}
	for _, c := range name[j:] {
		n = n*10 + int32(c-'0')
	}
	return name[:j], n, true
}

// lookupReg finds a register by name: a single declaration, or a member of
// a %name<N> range.
func (f *ptxFunc) lookupReg(name []byte) (d int32, member int32, ok bool) {
	if i, ok := f.regNames[string(name)]; ok {
		return i, 0, true
	}
	j := len(name)
	for j > 0 && name[j-1] >= '0' && name[j-1] <= '9' {
		j--
	}
	if j == len(name) || j == 0 || len(name)-j > 9 || (name[j] == '0' && j < len(name)-1) {
		return 0, 0, false
	}
	i, ok := f.regRanges[string(name[:j])]
	if !ok {
		return 0, 0, false
	}
	n := int32(0)
	for _, c := range name[j:] {
		n = n*10 + int32(c-'0')
	}
	if n >= f.regDecls[i].count {
		return 0, 0, false
	}
	return i, n, true
}

// regID returns the local id of a register, allocating it on first use so
// that only registers the code uses take space in the register file.
func (f *ptxFunc) regID(d, member int32, name []byte) int32 {
	rd := &f.regDecls[d]
	if rd.ids == nil { // allocated on first use: most declared ranges are used
		n := rd.count
		if n < 0 {
			n = 1
		}
		rd.ids = make([]int32, n)
	}
	if id := rd.ids[member]; id != 0 {
		return id - 1
	}
	var id int32
	if rd.typ == traces.Pred {
		id = int32(len(f.preds))
		f.preds = append(f.preds, string(name))
	} else {
		id = int32(len(f.regs))
		f.regs = append(f.regs, traces.Reg{Name: string(name), Type: rd.typ})
	}
	rd.ids[member] = id + 1
	return id
}

// parseFunc parses a `.entry` or `.func` header and its body (or the `;`
// of a declaration).
func (p *ptxParser) parseFunc(extern bool) error {
	kw := p.tok
	if !p.sawTgt {
		return p.errAt(kw.pos, "missing .target directive before the first function")
	}
	f := &ptxFunc{entry: p.isWord(kw, ".entry")}
	p.advance()
	if !f.entry && isPunct(p.tok, '(') {
		rets, _, err := p.parseParams(f, false, false)
		if err != nil {
			return err
		}
		f.rets = rets
	}
	nt, err := p.name("a function name")
	if err != nil {
		return err
	}
	f.name = p.str(nt)
	f.pos = nt.pos
	if isPunct(p.tok, '(') {
		f.params, f.parSize, err = p.parseParams(f, f.entry, false)
		if err != nil {
			return err
		}
	}
	if err := p.parsePerfDirectives(f); err != nil {
		return err
	}
	if isPunct(p.tok, ';') {
		p.advance()
		return p.declareFunc(f, nt)
	}
	if !isPunct(p.tok, '{') {
		return p.unexpected(p.tok, "'{' or ';' after the function header")
	}
	if extern {
		return p.errAt(p.tok.pos, "%s: an .extern function cannot have a body", f.name)
	}
	f.hasBody = true
	if err := p.declareFunc(f, nt); err != nil {
		return err
	}
	p.funcs = append(p.funcs, f)
	return p.parseBody(f)
}

// declareFunc enters f in the module's names, merging it with an earlier
// declaration of the same function.
func (p *ptxParser) declareFunc(f *ptxFunc, nt token) error {
	prev := p.syms[f.name]
	if prev == nil {
		p.syms[f.name] = &ptxSym{kind: symFunc, fn: f}
		return nil
	}
	if prev.kind != symFunc {
		return p.errAt(nt.pos, "duplicate definition of %s (first defined at %d:%d)", f.name, prev.v.Pos.Line, prev.v.Pos.Col)
	}
	g := prev.fn
	if g.entry != f.entry {
		return p.errAt(nt.pos, "%s declared both as .entry and .func", f.name)
	}
	if g.hasBody && f.hasBody {
		return p.errAt(nt.pos, "duplicate definition of function %s (first defined at %d:%d)", f.name, g.pos.Line, g.pos.Col)
	}
	if !sameParams(g.params, f.params) || !sameParams(g.rets, f.rets) {
		return p.errAt(nt.pos, "%s: parameters differ from its declaration at %d:%d", f.name, g.pos.Line, g.pos.Col)
	}
	if f.hasBody {
		prev.fn = f
	}
	return nil
}

func sameParams(a, b []ptxParam) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].size != b[i].size {
			return false
		}
	}
	return true
}

// parseParams reads `( .param ... name, ... )`: kernel parameters get
// offsets in the parameter buffer per the PTX ABI (natural alignment,
// .align honoured); .func formals get offsets in the function's frame.
// anon (a .callprototype) allows the name `_` more than once.
func (p *ptxParser) parseParams(f *ptxFunc, entry, anon bool) ([]ptxParam, uint64, error) {
	if err := p.expect('(', "'('"); err != nil {
		return nil, 0, err
	}
	var ps []ptxParam
	var size uint64
	if isPunct(p.tok, ')') {
		p.advance()
		return ps, 0, nil
	}
	for {
		t := p.tok
		if p.isWord(t, ".reg") {
			return nil, 0, p.errAt(t.pos, "register (.reg) parameters are not supported; use .param")
		}
		if !p.isWord(t, ".param") {
			return nil, 0, p.unexpected(t, ".param")
		}
		p.advance()
		pp := ptxParam{}
		ptr := false
		for {
			a := p.tok
			if a.kind != tkWord || p.src[a.off] != '.' {
				break
			}
			w := p.bytes(a)
			switch {
			case string(w) == ".align":
				p.advance()
				at := p.tok
				v, err := p.uintArg("alignment", 1<<20)
				if err != nil {
					return nil, 0, err
				}
				if v == 0 || v&(v-1) != 0 {
					return nil, 0, p.errAt(at.pos, ".align %d is not a power of two", v)
				}
				if !ptr {
					pp.align = v
				}
				continue
			case string(w) == ".ptr":
				if !entry {
					return nil, 0, p.errAt(a.pos, ".ptr is only allowed on kernel parameters")
				}
				ptr = true
				pp.ptr = true
			case ptr && (string(w) == ".global" || string(w) == ".shared" || string(w) == ".const" || string(w) == ".local"):
			case opaqueKindOf(w) != traces.OpaqueNone:
				if !entry {
					return nil, 0, p.errAt(a.pos, "%s parameters are only allowed on kernels (.entry)", w)
				}
				if pp.typ != traces.TypeNone {
					return nil, 0, p.errAt(a.pos, "parameter has two types")
				}
				pp.opaque = opaqueKindOf(w)
				if pp.opaque == traces.OpaqueSampler && p.prog.TexMode != traces.TexIndependent {
					return nil, 0, p.errAt(a.pos, ".samplerref needs .target texmode_independent (this module is texmode_unified)")
				}
				pp.typ = traces.U64
			default:
				typ, ok := traces.TypeByName(string(w[1:]))
				if !ok || typ == traces.Pred {
					if looksLikeType(w[1:]) || typ == traces.Pred {
						return nil, 0, p.errAt(a.pos, "bad parameter type %s", w)
					}
					return nil, 0, p.unexpected(a, "a parameter type or attribute")
				}
				if pp.typ != traces.TypeNone {
					return nil, 0, p.errAt(a.pos, "parameter has two types")
				}
				pp.typ = typ
			}
			p.advance()
		}
		if pp.typ == traces.TypeNone {
			return nil, 0, p.unexpected(p.tok, "a parameter type")
		}
		nt, err := p.name("a parameter name")
		if err != nil {
			return nil, 0, err
		}
		pp.name = p.str(nt)
		pp.pos = nt.pos
		pp.size = uint64(pp.typ.Size())
		if isPunct(p.tok, '[') && pp.opaque != traces.OpaqueNone {
			return nil, 0, p.errAt(p.tok.pos, "arrays of .%s are not supported", pp.opaque)
		}
		if isPunct(p.tok, '[') {
			p.advance()
			n, err := p.uintArg("array size", 1<<30)
			if err != nil {
				return nil, 0, err
			}
			if n == 0 {
				return nil, 0, p.errAt(nt.pos, "parameter %s has zero size", pp.name)
			}
			pp.size *= n
			if err := p.expect(']', "']'"); err != nil {
				return nil, 0, err
			}
		}
		if pp.align == 0 {
			pp.align = uint64(pp.typ.Size())
		}
		for _, q := range ps {
			if q.name == pp.name && !(anon && q.name == "_") {
				return nil, 0, p.errAt(nt.pos, "duplicate parameter %s", pp.name)
			}
		}
		pp.off = alignUp(size, pp.align)
		size = pp.off + pp.size
		ps = append(ps, pp)
		if isPunct(p.tok, ',') {
			p.advance()
			continue
		}
		if err := p.expect(')', "',' or ')' in the parameter list"); err != nil {
			return nil, 0, err
		}
		return ps, size, nil
	}
}

// parsePerfDirectives reads what may sit between a function's header and
// its body.
func (p *ptxParser) parsePerfDirectives(f *ptxFunc) error {
	for {
		t := p.tok
		if t.kind != tkWord {
			return nil
		}
		w := string(p.bytes(t))
		switch w {
		case ".maxntid", ".reqntid", ".reqnctapercluster":
			p.advance()
			var dims [3]int32
			for i := 0; ; i++ {
				v, err := p.uintArg(w[1:]+" value", 1<<20)
				if err != nil {
					return err
				}
				dims[i] = int32(v)
				if i == 2 || !isPunct(p.tok, ',') {
					break
				}
				p.advance()
			}
			switch w {
			case ".maxntid":
				f.maxNTid = dims
			case ".reqntid":
				f.reqNTid = dims
			}
		case ".maxnreg", ".minnctapersm", ".maxnctapersm", ".maxclusterrank":
			p.advance()
			v, err := p.uintArg(w[1:]+" value", 1<<20)
			if err != nil {
				return err
			}
			switch w {
			case ".maxnreg":
				f.maxNReg = int32(v)
			case ".minnctapersm":
				f.minNCTA = int32(v)
			}
		case ".noreturn", ".explicitcluster":
			if w == ".noreturn" && f.entry {
				return p.errAt(t.pos, ".noreturn is only allowed on .func")
			}
			p.advance()
		case ".pragma":
			if err := p.skipPragma(); err != nil {
				return err
			}
		default:
			if w[0] == '.' {
				return p.errAt(t.pos, "unknown directive %s in a function header", w)
			}
			return nil
		}
	}
}
