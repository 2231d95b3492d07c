package vop3

import (
	"fmt"
	"strings"
)

// SyntaxError is a problem in assembly text, with 1-based line and column.
type SyntaxError struct {
	Line, Col int
	Msg       string
}

// Error returns "line:col: message".
func (e *SyntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// parser reads one instruction line.
type parser struct {
	g    Gen
	s    string
	pos  int
	line int
	cols [slotOMod + 1]int // 1-based column where each part starts
}

func (p *parser) fail(col int, format string, args ...any) error {
	return &SyntaxError{Line: p.line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) col() int { return p.pos + 1 }

func (p *parser) skipSpace() {
	for p.pos < len(p.s) && (p.s[p.pos] == ' ' || p.s[p.pos] == '\t' || p.s[p.pos] == '\r') {
		p.pos++
	}
}

func (p *parser) peek() byte {
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

func (p *parser) accept(prefix string) bool {
	if strings.HasPrefix(p.s[p.pos:], prefix) {
		p.pos += len(prefix)
		return true
	}
	return false
}

func (p *parser) expect(c byte, what string) error {
	p.skipSpace()
	if p.peek() != c {
		if p.pos >= len(p.s) {
			return p.fail(p.col(), "expected %s at end of line", what)
		}
		return p.fail(p.col(), "expected %s", what)
	}
	p.pos++
	return nil
}

func isIdent(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (p *parser) ident() string {
	start := p.pos
	for p.pos < len(p.s) && isIdent(p.s[p.pos]) {
		p.pos++
	}
	return p.s[start:p.pos]
}

// stripComment removes a trailing ';' or '//' comment.
func stripComment(s string) string {
	if i := strings.IndexByte(s, ';'); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(s, "//"); i >= 0 {
		s = s[:i]
	}
	return s
}

// parseLine parses one line; ok is false for a blank or comment-only line.
func parseLine(g Gen, s string, lineNo int) (in Inst, ok bool, err error) {
	p := &parser{g: g, s: stripComment(s), line: lineNo}
	p.skipSpace()
	if p.pos >= len(p.s) {
		return in, false, nil
	}
	in, err = p.inst()
	return in, err == nil, err
}

func (p *parser) inst() (Inst, error) {
	var in Inst
	mcol := p.col()
	p.cols[slotMnemonic] = mcol
	word := p.ident()
	if word == "" {
		return in, p.fail(mcol, "expected an instruction mnemonic")
	}
	op, err := p.resolve(strings.ToLower(word), mcol)
	if err != nil {
		return in, err
	}
	in.Op = op
	r := &rows[op]
	n := op.NumSrc()

	// Operands: dst, [sdst], sources.
	p.skipSpace()
	p.cols[slotDst] = p.col()
	if in.Dst, err = p.register(); err != nil {
		return in, err
	}
	if r.carry {
		if err := p.expect(',', "','"); err != nil {
			return in, err
		}
		p.skipSpace()
		p.cols[slotSDst] = p.col()
		if in.SDst, err = p.register(); err != nil {
			return in, err
		}
		if in.SDst.Kind == KindNull {
			in.SDst.Width = p.g.maskWidth()
		}
	}
	litSet := false
	for i := 0; i < n; i++ {
		if err := p.expect(',', "','"); err != nil {
			return in, err
		}
		p.skipSpace()
		p.cols[slotSrc0+i] = p.col()
		o, abs, neg, lit, err := p.source(r.src[i])
		if err != nil {
			return in, err
		}
		if o.Kind == KindLiteral {
			if litSet && lit != in.Literal {
				return in, p.fail(p.cols[slotSrc0+i], "only one unique literal operand is allowed")
			}
			litSet, in.Literal = true, lit
		}
		if o.Kind == KindNull {
			o.Width = r.src[i].regs(p.g)
		}
		in.Src[i] = o
		if abs {
			in.Abs |= 1 << i
		}
		if neg {
			in.Neg |= 1 << i
		}
	}
	if err := p.modifiers(&in, n); err != nil {
		return in, err
	}
	if ferr := validate(p.g, &in); ferr != nil {
		col := p.cols[ferr.slot]
		if col == 0 {
			col = mcol
		}
		return in, p.fail(col, "%s", ferr.msg)
	}
	return in, nil
}

// resolve maps a mnemonic to a row available on the target.
func (p *parser) resolve(word string, col int) (Opcode, error) {
	base, e64 := strings.CutSuffix(word, "_e64")
	for _, suf := range [...]string{"_e32", "_dpp", "_dpp8", "_sdwa"} {
		if strings.HasSuffix(word, suf) {
			return OpInvalid, p.fail(col, "only the VOP3 (_e64) encoding is supported, not %s", word)
		}
	}
	known := false
	pick := OpInvalid
	for o := Opcode(1); o < numOpcodes && pick == OpInvalid; o++ {
		if rows[o].name == base {
			known = true
			if _, ok := OpcodeIn(p.g, o); ok {
				pick = o
			}
		}
	}
	for o := Opcode(1); o < numOpcodes && pick == OpInvalid; o++ {
		if rows[o].alias == base {
			known = true
			if _, ok := OpcodeIn(p.g, o); ok {
				pick = o
			}
		}
	}
	if pick == OpInvalid {
		if known {
			return OpInvalid, p.fail(col, "instruction %s is not supported on %s", base, p.g.name)
		}
		return OpInvalid, p.fail(col, "unknown VOP3 instruction %q", word)
	}
	if !e64 && rows[pick].e64.has(p.g.fam) {
		return OpInvalid, p.fail(col, "%s also has a 32-bit encoding; write %s_e64 for the VOP3 form", base, base)
	}
	return pick, nil
}

// modifiers parses op_sel, clamp and the output modifier.
func (p *parser) modifiers(in *Inst, n int) error {
	seenOpSel, seenOMod := false, false
	for {
		p.skipSpace()
		if p.peek() == ',' {
			p.pos++
			p.skipSpace()
		}
		if p.pos >= len(p.s) {
			return nil
		}
		col := p.col()
		word := p.ident()
		switch word {
		case "clamp":
			if in.Clamp {
				return p.fail(col, "duplicate clamp modifier")
			}
			in.Clamp = true
			p.cols[slotClamp] = col
		case "mul", "div":
			if seenOMod {
				return p.fail(col, "duplicate output modifier")
			}
			if rows[in.Op].mods&mOMod == 0 {
				return p.fail(col, "output modifier is not allowed on %s", rows[in.Op].name)
			}
			seenOMod = true
			p.cols[slotOMod] = col
			if p.peek() != ':' {
				return p.fail(p.col(), "expected ':' after %s", word)
			}
			p.pos++
			arg := p.ident()
			switch word + ":" + arg {
			case "mul:1", "div:1":
				in.OMod = OModNone
			case "mul:2":
				in.OMod = OModMul2
			case "mul:4":
				in.OMod = OModMul4
			case "div:2":
				in.OMod = OModDiv2
			default:
				return p.fail(col, "invalid output modifier %s:%s (want mul:2, mul:4 or div:2)", word, arg)
			}
		case "op_sel":
			if seenOpSel {
				return p.fail(col, "duplicate op_sel modifier")
			}
			if rows[in.Op].mods&mOpSel == 0 {
				return p.fail(col, "op_sel is not allowed on %s", rows[in.Op].name)
			}
			seenOpSel = true
			p.cols[slotOpSel] = col
			if !p.accept(":[") {
				return p.fail(p.col(), "expected ':[' after op_sel")
			}
			var bits []int
			for {
				p.skipSpace()
				c := p.peek()
				if c != '0' && c != '1' {
					return p.fail(p.col(), "op_sel entries must be 0 or 1")
				}
				bits = append(bits, int(c-'0'))
				p.pos++
				p.skipSpace()
				if p.accept("]") {
					break
				}
				if !p.accept(",") {
					return p.fail(p.col(), "expected ',' or ']' in op_sel")
				}
			}
			if len(bits) > n+1 {
				return p.fail(col, "op_sel has %d entries, %s takes at most %d", len(bits), rows[in.Op].name, n+1)
			}
			for i, b := range bits {
				if b == 0 {
					continue
				}
				if i < n {
					in.OpSel |= 1 << i
				} else {
					in.OpSel |= 1 << 3 // destination
				}
			}
		case "":
			return p.fail(col, "unexpected %q", p.s[p.pos:])
		default:
			return p.fail(col, "invalid modifier %q", word)
		}
	}
}
