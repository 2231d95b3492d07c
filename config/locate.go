package config

import (
	"sort"
	"strconv"
	"strings"
)

// layout records where each key and table header of a TOML text is. The
// TOML library decodes the values but does not expose key positions, so
// this scanner walks the text (already accepted by the library) once more:
// it gives error messages and Machine.Pos their line and column, and gives
// Machine.TOML the byte span of every value it rewrites.
type layout struct {
	src    string
	lines  []int // byte offset of the start of each line
	keys   []keyLoc
	tables []tableLoc
	keyIdx map[string]int // canonical key -> index in keys (first definition)
	tabIdx map[string]int // canonical table -> index in tables (first header)
}

// keyLoc is one `key = value` pair, at top level or inside an inline table.
type keyLoc struct {
	path         []string // the full key path
	rel          []string // the key as written: relative to its header or inline table
	off          int      // byte offset of the key
	vstart, vend int      // the value's text is src[vstart:vend]
	lineEnd      int      // offset of the '\n' (or end of text) ending the value's last line
	inline       int      // index in keys of the enclosing inline table; -1 when none
	isInline     bool     // the value is an inline table
}

// tableLoc is one `[table]` or `[[array]]` header.
type tableLoc struct {
	path    []string
	off     int
	lineEnd int
	array   bool
}

// locate scans src. It never fails: text the library rejected never gets
// here, and on anything unexpected it moves on by one byte.
func locate(src string) *layout {
	l := &layout{src: src, keyIdx: map[string]int{}, tabIdx: map[string]int{}}
	l.lines = append(l.lines, 0)
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			l.lines = append(l.lines, i+1)
		}
	}
	sc := &scanner{s: src, lay: l}
	var prefix []string
	for {
		sc.skipSpaceLines()
		if sc.eof() {
			break
		}
		if sc.peek() == '[' {
			start := sc.i
			arr := strings.HasPrefix(src[sc.i:], "[[")
			sc.i++
			if arr {
				sc.i++
			}
			path := sc.key()
			sc.skipSpace()
			for !sc.eof() && sc.peek() == ']' {
				sc.i++
			}
			l.tables = append(l.tables, tableLoc{path: path, off: start, lineEnd: sc.lineEnd(sc.i), array: arr})
			if k := keyString(path); !hasKey(l.tabIdx, k) {
				l.tabIdx[k] = len(l.tables) - 1
			}
			prefix = path
			continue
		}
		before := sc.i
		sc.keyValue(prefix, -1, true)
		if sc.i == before {
			sc.i++
		}
	}
	return l
}

func hasKey(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}

// pos converts a byte offset to a 1-based line and byte column.
func (l *layout) pos(off int) (line, col int) {
	n := sort.Search(len(l.lines), func(i int) bool { return l.lines[i] > off })
	return n, off - l.lines[n-1] + 1
}

// key returns the location of a key given in canonical form.
func (l *layout) key(canon string) (keyLoc, bool) {
	i, ok := l.keyIdx[canon]
	if !ok {
		return keyLoc{}, false
	}
	return l.keys[i], true
}

// where returns the position of a key or table: its own definition, else its
// header, else the first key below it (a table defined by dotted keys).
func (l *layout) where(path []string) (line, col int, ok bool) {
	canon := keyString(path)
	if k, ok := l.key(canon); ok {
		line, col = l.pos(k.off)
		return line, col, true
	}
	if i, ok := l.tabIdx[canon]; ok {
		line, col = l.pos(l.tables[i].off)
		return line, col, true
	}
	for _, k := range l.keys {
		if hasPrefix(k.path, path) {
			line, col = l.pos(k.off)
			return line, col, true
		}
	}
	return 0, 0, false
}

func hasPrefix(path, prefix []string) bool {
	if len(path) < len(prefix) {
		return false
	}
	for i := range prefix {
		if path[i] != prefix[i] {
			return false
		}
	}
	return true
}

type scanner struct {
	s   string
	i   int
	lay *layout
}

func (sc *scanner) eof() bool  { return sc.i >= len(sc.s) }
func (sc *scanner) peek() byte { return sc.s[sc.i] }

func (sc *scanner) lineEnd(from int) int {
	if j := strings.IndexByte(sc.s[from:], '\n'); j >= 0 {
		return from + j
	}
	return len(sc.s)
}

func (sc *scanner) skipSpace() {
	for !sc.eof() && (sc.peek() == ' ' || sc.peek() == '\t') {
		sc.i++
	}
}

// skipSpaceLines skips blanks, line breaks and comments.
func (sc *scanner) skipSpaceLines() {
	for !sc.eof() {
		switch sc.peek() {
		case ' ', '\t', '\r', '\n':
			sc.i++
		case '#':
			sc.i = sc.lineEnd(sc.i)
		default:
			return
		}
	}
}

// keyValue scans `key = value` under prefix; rec says whether to record it
// (keys inside arrays are not addressable and are not recorded).
func (sc *scanner) keyValue(prefix []string, inline int, rec bool) {
	off := sc.i
	rel := sc.key()
	sc.skipSpace()
	if !sc.eof() && sc.peek() == '=' {
		sc.i++
	}
	sc.skipSpace()
	path := append(append([]string(nil), prefix...), rel...)
	idx := -1
	if rec && len(rel) > 0 {
		idx = len(sc.lay.keys)
		sc.lay.keys = append(sc.lay.keys, keyLoc{path: path, rel: rel, off: off, vstart: sc.i, inline: inline})
	}
	isInline := !sc.eof() && sc.peek() == '{'
	sc.value(path, idx, rec && idx >= 0)
	if idx >= 0 {
		k := &sc.lay.keys[idx]
		k.vend = sc.i
		k.lineEnd = sc.lineEnd(sc.i)
		k.isInline = isInline
		if c := keyString(path); !hasKey(sc.lay.keyIdx, c) {
			sc.lay.keyIdx[c] = idx
		}
	}
}

// key scans a possibly dotted, possibly quoted key and returns its pieces.
func (sc *scanner) key() []string {
	var parts []string
	for {
		sc.skipSpace()
		if sc.eof() {
			return parts
		}
		start := sc.i
		switch sc.peek() {
		case '"':
			sc.str()
			raw := sc.s[start:sc.i]
			if u, err := strconv.Unquote(raw); err == nil {
				parts = append(parts, u)
			} else if len(raw) >= 2 {
				parts = append(parts, raw[1:len(raw)-1])
			}
		case '\'':
			sc.str()
			if sc.i-start >= 2 {
				parts = append(parts, sc.s[start+1:sc.i-1])
			}
		default:
			for !sc.eof() && isBareByte(sc.peek()) {
				sc.i++
			}
			if sc.i == start {
				return parts
			}
			parts = append(parts, sc.s[start:sc.i])
		}
		sc.skipSpace()
		if sc.eof() || sc.peek() != '.' {
			return parts
		}
		sc.i++
	}
}

func isBareByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c >= 0x80
}

// value scans one value; an inline table's keys are recorded under path
// when rec is set, with idx as their enclosing inline table.
func (sc *scanner) value(path []string, idx int, rec bool) {
	if sc.eof() {
		return
	}
	switch sc.peek() {
	case '"', '\'':
		sc.str()
	case '[':
		sc.i++
		for {
			sc.skipSpaceLines()
			if sc.eof() {
				return
			}
			switch sc.peek() {
			case ']':
				sc.i++
				return
			case ',':
				sc.i++
				continue
			}
			before := sc.i
			sc.value(nil, -1, false)
			if sc.i == before {
				sc.i++
			}
		}
	case '{':
		sc.i++
		for {
			sc.skipSpaceLines()
			if sc.eof() {
				return
			}
			switch sc.peek() {
			case '}':
				sc.i++
				return
			case ',':
				sc.i++
				continue
			}
			before := sc.i
			sc.keyValue(path, idx, rec)
			if sc.i == before {
				sc.i++
			}
		}
	default:
		sc.scalar()
	}
}

// str scans a basic, literal or multi-line string.
func (sc *scanner) str() {
	q := sc.peek()
	esc := q == '"'
	triple := strings.Repeat(string(q), 3)
	if strings.HasPrefix(sc.s[sc.i:], triple) {
		sc.i += 3
		for !sc.eof() {
			if esc && sc.peek() == '\\' {
				sc.i += 2
				continue
			}
			if strings.HasPrefix(sc.s[sc.i:], triple) {
				sc.i += 3
				// Up to two more quotes belong to the content.
				for n := 0; n < 2 && !sc.eof() && sc.peek() == q; n++ {
					sc.i++
				}
				return
			}
			sc.i++
		}
		sc.i = min(sc.i, len(sc.s))
		return
	}
	sc.i++
	for !sc.eof() {
		c := sc.peek()
		switch {
		case esc && c == '\\':
			sc.i += 2
			continue
		case c == q:
			sc.i++
			return
		case c == '\n':
			return
		}
		sc.i++
	}
	sc.i = min(sc.i, len(sc.s))
}

// scalar scans a number, boolean or date-time (which may hold one space).
func (sc *scanner) scalar() {
	start := sc.i
	for !sc.eof() {
		c := sc.peek()
		if c == ' ' || c == '\t' {
			if sc.i-start == 10 && sc.i+1 < len(sc.s) && isDigit(sc.s[sc.i+1]) && isDate(sc.s[start:sc.i]) {
				sc.i++
				continue
			}
			return
		}
		switch c {
		case ',', ']', '}', '#', '\n', '\r':
			return
		}
		sc.i++
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isDate(s string) bool {
	return len(s) == 10 && s[4] == '-' && s[7] == '-' && isDigit(s[0]) && isDigit(s[9])
}

// keyString writes a key path the way TOML would: pieces joined by dots,
// each quoted unless it is a bare key.
func keyString(path []string) string {
	var b strings.Builder
	for i, p := range path {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(keyPiece(p))
	}
	return b.String()
}

// keyPiece quotes one key piece when it is not a valid bare key.
func keyPiece(p string) string {
	if p == "" {
		return `""`
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return quoteString(p)
		}
	}
	return p
}

// quoteString writes s as a TOML basic string.
func quoteString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				b.WriteString(`\u00`)
				b.WriteByte("0123456789abcdef"[r>>4])
				b.WriteByte("0123456789abcdef"[r&15])
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
