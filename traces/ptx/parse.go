package ptx

import (
	"bytes"
	"fmt"
	"github.com/gpusim/gpusim/traces"
	"strconv"
)

// Parse parses one PTX module (what nvcc -ptx, cuobjdump -ptx, clang or
// llc write) and returns it decoded and linked: one Kernel per `.entry`,
// each with the bodies of the device functions it calls. Text before the
// `.version` directive is skipped. Any problem (malformed text, an unknown
// or unsupported instruction or directive, a type mismatch, an undefined
// name, a form the `.target` lacks, recursion) is returned as an *Error
// with its position; the input is never partially accepted.
func Parse(path string, src []byte) (*traces.Program, error) {
	if len(src) >= 1<<31 { // token offsets are 32-bit
		return nil, &traces.Error{File: path, Msg: "file larger than 2 GiB"}
	}
	p := &ptxParser{path: path, src: src}
	if err := p.parseModule(); err != nil {
		return nil, err
	}
	return p.prog, nil
}

// ptxParser is the state of one Parse call.
type ptxParser struct {
	path string
	src  []byte
	lx   lexer
	tok  token // current token
	ahd  token // lookahead, valid when hasA
	hasA bool

	prog       *traces.Program
	sm         int // .target sm_XX
	ptxVer     int // .version major*10+minor
	sawTgt     bool
	sawTexMode bool
	syms       map[string]*ptxSym // module-scope variables and functions
	funcs      []*ptxFunc         // in source order
	shared     []*ptxSym          // module-scope static .shared, in order
	dyn        []*ptxSym          // module-scope dynamic (extern, unsized) .shared, in order
	dynAlign   uint64             // largest alignment of module-scope dynamic .shared arrays
	shSize     uint64             // module-scope static .shared size
	text       []byte             // normalised instruction texts, all functions
	arena      []traces.Inst      // backing store of every function's code (see parseBody)
	used       int                // instructions of arena taken by finished functions

	fn *ptxFunc // function whose body is being parsed

	initRefs []initRef // address elements of the initialiser being read

	// Scratch space for decoding one instruction.
	parts []span
	raw   [maxRawOpds]rawOpd
	nraw  int
	elems [maxVecElems * maxRawOpds]rawElem
	nelem int

	// mnParts is how many dotted words of the current opcode are its
	// mnemonic (2 for wmma.load.a.sync...).
	mnParts int
}

// span is a byte range in the source.
type span struct{ off, end int32 }

type symKind uint8

const (
	symVar symKind = iota + 1
	symFunc
	symTex // a .texref, .samplerref or .surfref (Program.TexRefs[tex])
)

// ptxSym is a module-scope name.
type ptxSym struct {
	kind symKind
	v    traces.Var
	dyn  bool // extern .shared array without size: dynamic shared memory
	fn   *ptxFunc
	tex  int // symTex: index in Program.TexRefs
	// shIdx is a module-scope static .shared variable's index in
	// ptxParser.shared; inits are a .global/.const variable's initialiser
	// elements that name variables or functions, until resolved.
	shIdx int
	inits []initRef
}

func (p *ptxParser) errAt(pos traces.Pos, format string, args ...any) error {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	return traces.ErrorAt(p.path, pos, msg)
}

// Token helpers.

func (p *ptxParser) advance() {
	if p.hasA {
		p.tok = p.ahd
		p.hasA = false
		return
	}
	p.tok = p.lx.next()
}

func (p *ptxParser) peek() token {
	if !p.hasA {
		p.ahd = p.lx.next()
		p.hasA = true
	}
	return p.ahd
}

func (p *ptxParser) bytes(t token) []byte { return p.src[t.off:t.end] }
func (p *ptxParser) str(t token) string   { return string(p.src[t.off:t.end]) }

func (p *ptxParser) isWord(t token, w string) bool {
	return t.kind == tkWord && string(p.src[t.off:t.end]) == w
}

func isPunct(t token, c byte) bool { return t.kind == tkPunct && t.ch == c }

// describe names a token for an error message.
func (p *ptxParser) describe(t token) string {
	switch t.kind {
	case tkEOF:
		return "end of file"
	case tkPunct:
		return "'" + string(rune(t.ch)) + "'"
	case tkStr:
		return "string " + p.str(t)
	}
	s := p.str(t)
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return s
}

// unexpected reports t where `want` was expected (or the lexer's error).
func (p *ptxParser) unexpected(t token, want string) error {
	if t.kind == tkErr {
		return p.errAt(t.pos, "%s", p.lx.err)
	}
	if want == "" {
		return p.errAt(t.pos, "unexpected %s", p.describe(t))
	}
	return p.errAt(t.pos, "expected %s, found %s", want, p.describe(t))
}

func (p *ptxParser) expect(c byte, want string) error {
	if !isPunct(p.tok, c) {
		return p.unexpected(p.tok, want)
	}
	p.advance()
	return nil
}

// name reads an identifier (not a directive) and advances.
func (p *ptxParser) name(want string) (token, error) {
	t := p.tok
	if t.kind != tkWord || p.src[t.off] == '.' {
		return t, p.unexpected(t, want)
	}
	p.advance()
	return t, nil
}

// uintTok parses a non-negative decimal/hex integer token.
func (p *ptxParser) uintTok(t token, what string) (uint64, error) {
	if t.kind != tkNum {
		return 0, p.unexpected(t, what)
	}
	v, neg, isFloat, ok := parseIntLit(p.bytes(t))
	if !ok || isFloat || neg {
		return 0, p.errAt(t.pos, "bad %s %s", what, p.str(t))
	}
	return v, nil
}

func (p *ptxParser) uintArg(what string, max uint64) (uint64, error) {
	t := p.tok
	v, err := p.uintTok(t, what)
	if err != nil {
		return 0, err
	}
	if v > max {
		return 0, p.errAt(t.pos, "%s %s out of range", what, p.str(t))
	}
	p.advance()
	return v, nil
}

// Module level.

func (p *ptxParser) parseModule() error {
	start, lineStart, line, ok := findVersion(p.src)
	if !ok {
		return p.errAt(traces.Pos{Line: 1, Col: 1}, "no .version directive: not a PTX file")
	}
	p.lx.init(p.src, start, lineStart, line)
	p.prog = &traces.Program{Path: p.path, ISA: traces.ISAPTX, AddressSize: 64, Files: map[int32]string{}}
	p.syms = map[string]*ptxSym{}
	p.parts = make([]span, 0, 16)
	// Every instruction ends with ';', so their count bounds the number of
	// instructions: one allocation holds all functions' code.
	p.arena = make([]traces.Inst, 0, bytes.Count(p.src[start:], []byte{';'})+8)
	p.text = make([]byte, 0, (len(p.src)-start)/2+64)
	p.advance()
	sawVersion := false
	for {
		t := p.tok
		switch t.kind {
		case tkEOF:
			if !p.sawTgt {
				return p.errAt(t.pos, "missing .target directive")
			}
			return p.finish()
		case tkWord:
		default:
			return p.unexpected(t, "a directive")
		}
		w := p.bytes(t)
		if !sawVersion && string(w) != ".version" {
			return p.errAt(t.pos, "expected .version, found %s", p.describe(t))
		}
		var err error
		switch string(w) {
		case ".version":
			if sawVersion {
				return p.errAt(t.pos, "duplicate .version directive (one module per file)")
			}
			sawVersion = true
			err = p.parseVersion()
		case ".target":
			err = p.parseTarget()
		case ".address_size":
			p.advance()
			var v uint64
			at := p.tok
			if v, err = p.uintArg("address size", 64); err == nil {
				if v != 32 && v != 64 {
					return p.errAt(at.pos, ".address_size must be 32 or 64")
				}
				p.prog.AddressSize = int(v)
			}
		case ".file":
			err = p.parseFile()
		case ".section":
			err = p.skipSection()
		case ".pragma":
			err = p.skipPragma()
		case ".visible", ".weak", ".extern", ".common":
			err = p.parseLinked()
		case ".entry", ".func":
			err = p.parseFunc(false)
		case ".global", ".const", ".shared", ".local":
			err = p.parseModuleVar(false)
		case ".tex":
			return p.errAt(t.pos, ".tex: the PTX 1.x texture declaration is not supported (PTX 1.5 and later declare .global .texref)")
		case ".texref", ".samplerref", ".surfref":
			return p.errAt(t.pos, "%s: texture, sampler and surface variables must be declared in .global space (.global %s name)", w, w)
		case ".alias":
			return p.errAt(t.pos, ".alias: function aliases are not supported")
		default:
			if w[0] == '.' {
				return p.errAt(t.pos, "unknown directive %s", w)
			}
			return p.errAt(t.pos, "unexpected %s at module scope", p.describe(t))
		}
		if err != nil {
			return err
		}
	}
}

func (p *ptxParser) parseVersion() error {
	p.advance()
	t := p.tok
	if t.kind != tkNum {
		return p.unexpected(t, "a version number")
	}
	s := p.bytes(t)
	maj, min, ok := 0, 0, false
	if i := indexByte(s, '.'); i > 0 && i < len(s)-1 {
		a, e1 := strconv.Atoi(string(s[:i]))
		b, e2 := strconv.Atoi(string(s[i+1:]))
		maj, min, ok = a, b, e1 == nil && e2 == nil && b < 10
	}
	if !ok || maj < 1 || maj > 99 {
		return p.errAt(t.pos, "bad .version %s", s)
	}
	p.ptxVer = maj*10 + min
	p.prog.Version = string(s)
	p.advance()
	return nil
}

func (p *ptxParser) parseTarget() error {
	if p.sawTgt {
		return p.errAt(p.tok.pos, "duplicate .target directive")
	}
	p.sawTgt = true
	p.advance()
	for first := true; ; first = false {
		t, err := p.name("a target name")
		if err != nil {
			return err
		}
		w := p.bytes(t)
		if first {
			sm, ok := parseSM(w)
			if !ok {
				return p.errAt(t.pos, "unknown target %s (want sm_XX)", w)
			}
			p.sm = sm
			p.prog.Target = string(w)
		} else {
			switch string(w) {
			case "texmode_unified", "texmode_independent":
				if p.sawTexMode {
					return p.errAt(t.pos, "more than one texturing mode in .target")
				}
				p.sawTexMode = true
				if string(w) == "texmode_independent" {
					p.prog.TexMode = traces.TexIndependent
				}
			case "debug":
			case "map_f64_to_f32":
				return p.errAt(t.pos, ".target map_f64_to_f32 (f64 computed as f32, sm_1x only) is not supported")
			default:
				if _, ok := parseSM(w); ok {
					return p.errAt(t.pos, "more than one sm target in .target")
				}
				return p.errAt(t.pos, "unknown .target option %s", w)
			}
		}
		if !isPunct(p.tok, ',') {
			return nil
		}
		p.advance()
	}
}

// parseSM reads "sm_75", "sm_90a", "sm_100f" as the number.
func parseSM(w []byte) (int, bool) {
	if len(w) < 4 || string(w[:3]) != "sm_" {
		return 0, false
	}
	n, i := 0, 3
	for ; i < len(w) && w[i] >= '0' && w[i] <= '9'; i++ {
		n = n*10 + int(w[i]-'0')
		if n > 10000 {
			return 0, false
		}
	}
	if i == 3 || n < 10 {
		return 0, false
	}
	if i < len(w) && !(i == len(w)-1 && (w[i] == 'a' || w[i] == 'f')) {
		return 0, false
	}
	return n, true
}

func (p *ptxParser) parseFile() error {
	p.advance()
	idx, err := p.uintArg("file index", 1<<30)
	if err != nil {
		return err
	}
	t := p.tok
	if t.kind != tkStr {
		return p.unexpected(t, "a file name string")
	}
	name, err := strconv.Unquote(p.str(t))
	if err != nil {
		name = p.str(t)
		name = name[1 : len(name)-1]
	}
	p.advance()
	// Optional timestamp and size: `, 1700000000, 1234`.
	for isPunct(p.tok, ',') {
		p.advance()
		if _, err := p.uintArg("file timestamp or size", 1<<63); err != nil {
			return err
		}
	}
	p.prog.Files[int32(idx)] = name
	return nil
}

// skipSection skips a `.section name { ... }` block: DWARF data, not code.
func (p *ptxParser) skipSection() error {
	p.advance()
	if p.tok.kind != tkWord {
		return p.unexpected(p.tok, "a section name")
	}
	p.advance()
	open := p.tok
	if err := p.expect('{', "'{'"); err != nil {
		return err
	}
	for depth := 1; depth > 0; {
		t := p.tok
		switch {
		case t.kind == tkEOF:
			return p.errAt(open.pos, "unterminated .section (missing '}')")
		case t.kind == tkErr:
			return p.unexpected(t, "")
		case isPunct(t, '{'):
			depth++
		case isPunct(t, '}'):
			depth--
		}
		p.advance()
	}
	return nil
}

// skipPragma accepts `.pragma "..." {, "..."};`: hints to the optimiser.
func (p *ptxParser) skipPragma() error {
	p.advance()
	for {
		if p.tok.kind != tkStr {
			return p.unexpected(p.tok, "a pragma string")
		}
		p.advance()
		if !isPunct(p.tok, ',') {
			break
		}
		p.advance()
	}
	return p.expect(';', "';' after .pragma")
}

// parseLinked handles `.visible/.weak/.extern/.common` before a function
// or variable.
func (p *ptxParser) parseLinked() error {
	extern := false
	for {
		t := p.tok
		w := p.bytes(t)
		switch string(w) {
		case ".visible", ".weak", ".common":
		case ".extern":
			extern = true
		case ".entry", ".func":
			return p.parseFunc(extern)
		case ".global", ".const", ".shared", ".local":
			return p.parseModuleVar(extern)
		default:
			if t.kind == tkWord || t.kind == tkErr {
				return p.unexpected(t, ".entry, .func or a variable declaration")
			}
			return p.unexpected(t, "")
		}
		p.advance()
	}
}

func indexByte(s []byte, c byte) int {
	for i := range s {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func alignUp(v, a uint64) uint64 {
	if a <= 1 {
		return v
	}
	return (v + a - 1) / a * a
}
