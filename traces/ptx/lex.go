package ptx

import "github.com/gpusim/gpusim/traces"

// The PTX lexer: a hand-written scanner over the file's bytes. Tokens carry
// byte offsets into the source, never copies, so lexing allocates nothing.

type tokKind uint8

const (
	tkEOF   tokKind = iota
	tkWord          // identifier, directive (.reg), dotted opcode (ld.global.f32), register (%r1), special register (%tid.x), label ($L__BB0_1)
	tkNum           // numeric literal: 12, 0x1f, 0f3F800000, 0d..., 1.5e3
	tkStr           // string literal, quotes included
	tkPunct         // one punctuation character, in ch
	tkErr           // a lexical error; the message is in lexer.err
)

type token struct {
	kind     tokKind
	ch       byte  // tkPunct: the character
	off, end int32 // byte range in the source
	pos      traces.Pos
}

// Character classes.
const (
	ccSpace     = 1 << iota // blank or line break
	ccWordStart             // may start a word
	ccWord                  // may continue a word
	ccDigit                 // 0-9
	ccPunct                 // a one-character token
)

var charClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = ccWordStart | ccWord
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = ccWordStart | ccWord
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = ccWord | ccDigit
	}
	for _, c := range "_$%." {
		t[c] = ccWordStart | ccWord
	}
	for _, c := range " \t\r\n\f\v" {
		t[c] = ccSpace
	}
	for _, c := range ",;:{}[]()<>+-|!@=*/~&^?" {
		t[c] = ccPunct
	}
	return t
}()

type lexer struct {
	src       []byte
	off       int   // next byte to read
	line      int32 // current line (1-based)
	lineStart int   // offset of the current line's first byte
	err       string
}

func (lx *lexer) init(src []byte, start, lineStart int, line int32) {
	lx.src = src
	lx.off = start
	lx.line = line
	lx.lineStart = lineStart
}

func (lx *lexer) posAt(off int) traces.Pos {
	return traces.Pos{Line: lx.line, Col: int32(off-lx.lineStart) + 1}
}

// skipSpace skips blanks and comments. It returns false (with err set) on
// an unterminated block comment.
func (lx *lexer) skipSpace() bool {
	src := lx.src
	for lx.off < len(src) {
		c := src[lx.off]
		if c == '\n' {
			lx.off++
			lx.line++
			lx.lineStart = lx.off
			continue
		}
		if charClass[c]&ccSpace != 0 {
			lx.off++
			continue
		}
		if c == '/' && lx.off+1 < len(src) {
			switch src[lx.off+1] {
			case '/':
				lx.off += 2
				for lx.off < len(src) && src[lx.off] != '\n' {
					lx.off++
				}
				continue
			case '*':
				startOff, startLine, startLS := lx.off, lx.line, lx.lineStart
				lx.off += 2
				for {
					if lx.off+1 >= len(src) {
						// Report the error where the comment starts.
						lx.off, lx.line, lx.lineStart = startOff, startLine, startLS
						lx.err = "unterminated /* comment"
						return false
					}
					if src[lx.off] == '*' && src[lx.off+1] == '/' {
						lx.off += 2
						break
					}
					if src[lx.off] == '\n' {
						lx.line++
						lx.lineStart = lx.off + 1
					}
					lx.off++
				}
				continue
			}
		}
		return true
	}
	return true
}

func (lx *lexer) next() token {
	if !lx.skipSpace() {
		return token{kind: tkErr, off: int32(lx.off), end: int32(lx.off), pos: lx.posAt(lx.off)}
	}
	src := lx.src
	start := lx.off
	t := token{off: int32(start), pos: lx.posAt(start)}
	if start >= len(src) {
		t.kind = tkEOF
		t.end = t.off
		return t
	}
	c := src[start]
	cls := charClass[c]
	switch {
	case cls&ccDigit != 0:
		t.kind = tkNum
		i := start + 1
		hexish := c == '0' && i < len(src) && (src[i]|0x20 == 'x' || src[i]|0x20 == 'f' || src[i]|0x20 == 'd' || src[i]|0x20 == 'b')
		for i < len(src) {
			d := src[i]
			if charClass[d]&ccWord != 0 && d != '%' && d != '$' {
				i++
				continue
			}
			if (d == '+' || d == '-') && !hexish && (src[i-1]|0x20 == 'e') && i+1 < len(src) && charClass[src[i+1]]&ccDigit != 0 {
				i += 2
				continue
			}
			break
		}
		lx.off = i
	case cls&ccWordStart != 0:
		t.kind = tkWord
		i := start + 1
		for i < len(src) {
			d := src[i]
			if charClass[d]&ccWord != 0 {
				i++
				continue
			}
			if d == ':' && i+1 < len(src) && src[i+1] == ':' {
				i += 2
				continue
			}
			break
		}
		lx.off = i
	case c == '"':
		t.kind = tkStr
		i := start + 1
		for {
			if i >= len(src) || src[i] == '\n' {
				lx.off = i
				lx.err = "unterminated string"
				t.kind = tkErr
				t.end = int32(i)
				return t
			}
			if src[i] == '\\' && i+1 < len(src) {
				i += 2
				continue
			}
			if src[i] == '"' {
				i++
				break
			}
			i++
		}
		lx.off = i
	case cls&ccPunct != 0:
		t.kind = tkPunct
		t.ch = c
		lx.off = start + 1
	default:
		lx.off = start + 1
		t.kind = tkErr
		t.end = int32(lx.off)
		lx.err = "unexpected character " + quoteByte(c)
		return t
	}
	t.end = int32(lx.off)
	return t
}

func quoteByte(c byte) string {
	const hex = "0123456789abcdef"
	if c >= 0x20 && c < 0x7f {
		return "'" + string(rune(c)) + "'"
	}
	return "0x" + string([]byte{hex[c>>4], hex[c&15]})
}

// findVersion returns the offset of the first `.version` that starts a
// line (after blanks), the offset of that line and its number: anything
// before it (the header that cuobjdump prints, comments) is not PTX and is
// skipped.
func findVersion(src []byte) (off, lineStart int, line int32, ok bool) {
	line = 1
	for i := 0; i < len(src); {
		j := i
		if i == 0 && len(src) >= 3 && src[0] == 0xef && src[1] == 0xbb && src[2] == 0xbf {
			j = 3 // UTF-8 byte-order mark
		}
		for j < len(src) && (src[j] == ' ' || src[j] == '\t' || src[j] == '\r') {
			j++
		}
		if hasWordAt(src, j, ".version") {
			return j, i, line, true
		}
		for j < len(src) && src[j] != '\n' {
			j++
		}
		i = j + 1
		line++
	}
	return 0, 0, 0, false
}

func hasWordAt(src []byte, i int, w string) bool {
	if i+len(w) > len(src) || string(src[i:i+len(w)]) != w {
		return false
	}
	return i+len(w) == len(src) || charClass[src[i+len(w)]]&ccWord == 0
}
