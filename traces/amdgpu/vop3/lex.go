package vop3

import (
	"strconv"
	"strings"
)

// register parses a register name: the token's syntax here (a range's
// brackets, with their errors at their columns), what it names by
// ReadRegister, the register reader the AMDGPU front end shares.
func (p *parser) register() (Operand, error) {
	col := p.col()
	word := p.ident()
	if word == "" {
		return Operand{}, p.fail(col, "expected a register")
	}
	tok := word
	if word == "v" || word == "s" || word == "ttmp" {
		if p.peek() != '[' {
			return Operand{}, p.fail(col, "invalid register %q", word)
		}
		p.pos++
		lo, err := p.smallInt()
		if err != nil {
			return Operand{}, err
		}
		hi := lo
		if p.peek() == ':' {
			p.pos++
			if hi, err = p.smallInt(); err != nil {
				return Operand{}, err
			}
		}
		if p.peek() != ']' {
			return Operand{}, p.fail(p.col(), "expected ']'")
		}
		p.pos++
		tok = word + "[" + strconv.Itoa(lo) + ":" + strconv.Itoa(hi) + "]"
	}
	o, e := ReadRegister(tok)
	switch e {
	case RegOK:
		if o.Width > 2 {
			return Operand{}, p.fail(col, "invalid operand for instruction")
		}
		return o, nil
	case RegMalformed:
		return Operand{}, p.fail(col, "invalid operand for instruction")
	case RegOutOfRange:
		return Operand{}, p.fail(col, "register index is out of range")
	case RegUnsupported:
		if strings.TrimPrefix(word, "src_") == "lds_direct" {
			return Operand{}, p.fail(col, "lds_direct is not supported as a VOP3 operand")
		}
		return Operand{}, p.fail(col, "register not available on this GPU")
	}
	return Operand{}, p.fail(col, "invalid operand %q", word)
}

// smallInt parses a decimal register index inside brackets.
func (p *parser) smallInt() (int, error) {
	p.skipSpace()
	start := p.pos
	for p.pos < len(p.s) && isDigit(p.s[p.pos]) {
		p.pos++
	}
	if start == p.pos || p.pos-start > 4 {
		return 0, p.fail(start+1, "expected a register index")
	}
	v, _ := strconv.Atoi(p.s[start:p.pos])
	p.skipSpace()
	return v, nil
}

// source parses a source with optional neg/abs modifiers: -x, neg(x), |x|,
// abs(x), -|x|, neg(|x|).
func (p *parser) source(t srcType) (o Operand, abs, neg bool, lit uint32, err error) {
	switch {
	case p.accept("neg("):
		neg = true
		p.skipSpace()
		if o, abs, lit, err = p.absPart(t); err != nil {
			return
		}
		err = p.expect(')', "')'")
		return
	case p.peek() == '-' && !p.numberFollows(p.pos+1):
		neg = true
		p.pos++
		p.skipSpace()
	}
	o, abs, lit, err = p.absPart(t)
	return
}

func (p *parser) absPart(t srcType) (o Operand, abs bool, lit uint32, err error) {
	switch {
	case p.accept("|"):
		abs = true
		p.skipSpace()
		if o, lit, err = p.primary(t); err != nil {
			return
		}
		err = p.expect('|', "'|'")
	case p.accept("abs("):
		abs = true
		p.skipSpace()
		if o, lit, err = p.primary(t); err != nil {
			return
		}
		err = p.expect(')', "')'")
	default:
		o, lit, err = p.primary(t)
	}
	return
}

// numberFollows reports whether a numeric token starts at i (after spaces).
func (p *parser) numberFollows(i int) bool {
	for i < len(p.s) && (p.s[i] == ' ' || p.s[i] == '\t') {
		i++
	}
	return i < len(p.s) && (isDigit(p.s[i]) || p.s[i] == '.')
}

func (p *parser) primary(t srcType) (Operand, uint32, error) {
	col := p.col()
	c := p.peek()
	if isDigit(c) || c == '-' || c == '.' {
		n, err := p.number()
		if err != nil {
			return Operand{}, 0, err
		}
		o, lit, msg := constOperand(t, n)
		if msg != "" {
			return Operand{}, 0, p.fail(col, "%s", msg)
		}
		return o, lit, nil
	}
	o, err := p.register()
	return o, 0, err
}

// number lexes an integer (decimal or 0x hex) or a float, with an optional
// leading '-'.
func (p *parser) number() (number, error) {
	col := p.col()
	var n number
	if p.peek() == '-' {
		n.neg = true
		p.pos++
		p.skipSpace()
	}
	start := p.pos
	if p.accept("0x") || p.accept("0X") {
		digits := 0
		for p.pos < len(p.s) {
			c := p.s[p.pos]
			var d uint64
			switch {
			case isDigit(c):
				d = uint64(c - '0')
			case c >= 'a' && c <= 'f':
				d = uint64(c-'a') + 10
			case c >= 'A' && c <= 'F':
				d = uint64(c-'A') + 10
			default:
				goto doneHex
			}
			var over bool
			if n.mag, over = mulAdd(n.mag, 16, d); over {
				return n, p.fail(col, "integer constant out of range")
			}
			digits++
			p.pos++
		}
	doneHex:
		if digits == 0 {
			return n, p.fail(col, "invalid hexadecimal constant")
		}
		return n, p.endOfNumber(col)
	}
	for p.pos < len(p.s) && isDigit(p.s[p.pos]) {
		p.pos++
	}
	if p.pos < len(p.s) && (p.s[p.pos] == '.' || p.s[p.pos] == 'e' || p.s[p.pos] == 'E') {
		n.isFloat = true
		if p.s[p.pos] == '.' {
			p.pos++
			for p.pos < len(p.s) && isDigit(p.s[p.pos]) {
				p.pos++
			}
		}
		if p.pos < len(p.s) && (p.s[p.pos] == 'e' || p.s[p.pos] == 'E') {
			p.pos++
			if p.pos < len(p.s) && (p.s[p.pos] == '+' || p.s[p.pos] == '-') {
				p.pos++
			}
			for p.pos < len(p.s) && isDigit(p.s[p.pos]) {
				p.pos++
			}
		}
		f, err := strconv.ParseFloat(p.s[start:p.pos], 64)
		if err != nil {
			return n, p.fail(col, "invalid floating-point constant %q", p.s[start:p.pos])
		}
		if n.neg {
			f = -f
		}
		n.f = f
		return n, p.endOfNumber(col)
	}
	if start == p.pos {
		return n, p.fail(col, "expected a number")
	}
	for _, c := range []byte(p.s[start:p.pos]) {
		var over bool
		if n.mag, over = mulAdd(n.mag, 10, uint64(c-'0')); over {
			return n, p.fail(col, "integer constant out of range")
		}
	}
	return n, p.endOfNumber(col)
}

func (p *parser) endOfNumber(col int) error {
	if p.pos < len(p.s) && isIdent(p.s[p.pos]) {
		return p.fail(col, "invalid constant")
	}
	return nil
}
