package config

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// TOML returns the effective machine model as TOML: the file's own text,
// comments and all, with every overridden value rewritten in place and a
// comment line above it naming the override and the old value. A key the
// file lacked is added to its table with the same mark. The result loads to
// an equal Machine and is byte-identical for the same inputs.
func (m *Machine) TOML() []byte {
	src := m.src
	var edits []edit
	for i, ov := range src.sets {
		key := keyString(ov.path)
		if src.setAt[key] != i {
			continue // a later override of the same key wins
		}
		mark := "#"
		for _, o := range src.sets {
			if keyString(o.path) == key {
				mark += " -set " + o.raw
			}
		}
		edits = append(edits, src.overrideEdits(ov, mark)...)
	}
	var b strings.Builder
	if len(src.sets) > 0 {
		name := strings.Map(func(r rune) rune {
			if unicode.IsControl(r) || r == utf8.RuneError {
				return '?'
			}
			return r
		}, src.file)
		b.WriteString("# Effective machine model: " + name + " with the overrides marked \"-set\" below.\n")
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	at := 0
	for _, e := range edits {
		b.WriteString(src.text[at:e.start])
		b.WriteString(e.text)
		at = e.end
	}
	b.WriteString(src.text[at:])
	return []byte(b.String())
}

// edit replaces text[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// overrideEdits rewrites one overridden value, or adds its key; mark is
// the comment naming the overrides.
func (s *source) overrideEdits(ov override, mark string) []edit {
	if k, ok := s.lay.key(keyString(ov.path)); ok {
		ls := s.lineStart(k.off)
		was := []rune(strings.Join(strings.Fields(s.text[k.vstart:k.vend]), " "))
		if len(was) > 60 {
			was = append(was[:57], []rune("...")...)
		}
		return []edit{
			{ls, ls, s.indent(ls) + mark + " (was " + string(was) + ")\n"},
			{k.vstart, k.vend, ov.text},
		}
	}
	return s.insertKey(ov.path, ov.text, mark+" (added)")
}

func (s *source) lineStart(off int) int {
	return strings.LastIndexByte(s.text[:off], '\n') + 1
}

// indent is the leading blank space of the line starting at ls.
func (s *source) indent(ls int) string {
	i := ls
	for i < len(s.text) && (s.text[i] == ' ' || s.text[i] == '\t') {
		i++
	}
	return s.text[ls:i]
}

// insertKey adds `path = value` to the deepest table of path that the text
// already has, written relative to it, so the result stays valid TOML.
func (s *source) insertKey(path []string, value, mark string) []edit {
	depth := len(path) - 1
	for ; depth > 0; depth-- {
		if _, _, ok := s.lay.where(path[:depth]); ok {
			break
		}
	}
	parent, rest := path[:depth], path[depth:]
	// An inline table: add the pair after its last pair, or after '{'.
	if idx, ok := s.lay.keyIdx[keyString(parent)]; ok && s.lay.keys[idx].isInline && depth > 0 {
		k := s.lay.keys[idx]
		at, sep := k.vstart+1, " "
		for _, c := range s.lay.keys[idx+1:] {
			if c.inline == idx {
				at, sep = c.vend, ", "
			}
		}
		ls := s.lineStart(k.off)
		return []edit{
			{ls, ls, s.indent(ls) + mark + "\n"},
			{at, at, sep + keyString(rest) + " = " + value},
		}
	}
	// The last pair written under parent at top level: add a line after it,
	// spelled with the same table prefix.
	last := -1
	for i, k := range s.lay.keys {
		if k.inline < 0 && len(k.path) > depth && hasPrefix(k.path, parent) && len(k.rel) >= len(k.path)-depth {
			last = i
		}
	}
	if last >= 0 {
		k := s.lay.keys[last]
		rel := append(append([]string(nil), k.rel[:len(k.rel)-(len(k.path)-depth)]...), rest...)
		return []edit{{k.lineEnd, k.lineEnd, "\n" + s.indent(s.lineStart(k.off)) + keyString(rel) + " = " + value + " " + mark}}
	}
	// A header with nothing under it yet.
	if i, ok := s.lay.tabIdx[keyString(parent)]; ok && depth > 0 {
		t := s.lay.tables[i]
		return []edit{{t.lineEnd, t.lineEnd, "\n" + keyString(rest) + " = " + value + " " + mark}}
	}
	// Nothing of it yet: a new table at the end.
	text := "\n"
	if !strings.HasSuffix(s.text, "\n") && s.text != "" {
		text = "\n\n"
	}
	hdr, key := path[:len(path)-1], path[len(path)-1:]
	if len(hdr) == 0 {
		// A top-level value must precede every header.
		return []edit{{0, 0, keyString(key) + " = " + value + " " + mark + "\n"}}
	}
	text += "[" + keyString(hdr) + "]\n" + keyString(key) + " = " + value + " " + mark + "\n"
	return []edit{{len(s.text), len(s.text), text}}
}
