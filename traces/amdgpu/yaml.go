package amdgpu

import (
	"fmt"
	"strings"
)

// A reader for the YAML subset LLVM writes between .amdgpu_metadata and
// .end_amdgpu_metadata (AMDGPUUsage, "Code Object V3+ Metadata"): block
// mappings and block sequences, plain and quoted scalars, flow sequences
// of scalars ([64, 1, 1]), the `---` and `...` document markers.

// amdYAML is a YAML node: a mapping (keys in order), a sequence or a
// scalar.
type amdYAML struct {
	line  int // source line of the node
	keys  []string
	vals  []*amdYAML
	items []*amdYAML
	str   string
	kind  byte // 'm' mapping, 's' sequence, 'v' scalar
}

// get returns the value of key in a mapping, or nil.
func (n *amdYAML) get(key string) *amdYAML {
	if n == nil || n.kind != 'm' {
		return nil
	}
	for i, k := range n.keys {
		if k == key {
			return n.vals[i]
		}
	}
	return nil
}

// scalar returns the text of a scalar node ("" otherwise).
func (n *amdYAML) scalar() string {
	if n == nil || n.kind != 'v' {
		return ""
	}
	return n.str
}

// amdYAMLLine is one significant line: its indentation, text and source
// line number.
type amdYAMLLine struct {
	indent int
	text   string
	line   int
}

// amdYAMLParser walks the lines.
type amdYAMLParser struct {
	lines []amdYAMLLine
	i     int
}

// amdParseYAML parses the metadata document; first is the source line of
// lines[0].
func amdParseYAML(lines []string, first int) (*amdYAML, error) {
	p := &amdYAMLParser{}
	for i, l := range lines {
		t := strings.TrimRight(l, " \t\r")
		body := strings.TrimLeft(t, " ")
		if body == "" || body[0] == '#' || body == "---" || body == "..." {
			continue
		}
		p.lines = append(p.lines, amdYAMLLine{indent: len(t) - len(body), text: body, line: first + i})
	}
	if len(p.lines) == 0 {
		return &amdYAML{kind: 'm'}, nil
	}
	n, err := p.node(p.lines[0].indent)
	if err != nil {
		return nil, err
	}
	if p.i < len(p.lines) {
		return nil, fmt.Errorf("line %d: unexpected indentation", p.lines[p.i].line)
	}
	return n, nil
}

// node parses the node whose lines start at indentation ind.
func (p *amdYAMLParser) node(ind int) (*amdYAML, error) {
	l := p.lines[p.i]
	if l.text == "-" || strings.HasPrefix(l.text, "- ") {
		return p.seq(ind)
	}
	return p.mapping(ind)
}

func (p *amdYAMLParser) seq(ind int) (*amdYAML, error) {
	n := &amdYAML{kind: 's', line: p.lines[p.i].line}
	for p.i < len(p.lines) {
		l := p.lines[p.i]
		if l.indent != ind || !(l.text == "-" || strings.HasPrefix(l.text, "- ")) {
			break
		}
		rest := strings.TrimLeft(strings.TrimPrefix(l.text, "-"), " ")
		if rest == "" {
			p.i++
			if p.i >= len(p.lines) || p.lines[p.i].indent <= ind {
				n.items = append(n.items, &amdYAML{kind: 'v', line: l.line})
				continue
			}
			item, err := p.node(p.lines[p.i].indent)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
			continue
		}
		inner := ind + len(l.text) - len(rest)
		if _, _, isMap := amdYAMLKey(rest); isMap {
			// "- key: value" starts a mapping at the column of key.
			p.lines[p.i] = amdYAMLLine{indent: inner, text: rest, line: l.line}
			at := p.i
			item, err := p.mapping(inner)
			if err != nil {
				return nil, err
			}
			if p.i == at {
				return nil, fmt.Errorf("line %d: unexpected %q", l.line, rest)
			}
			n.items = append(n.items, item)
			continue
		}
		n.items = append(n.items, amdYAMLScalar(rest, l.line))
		p.i++
	}
	return n, nil
}

func (p *amdYAMLParser) mapping(ind int) (*amdYAML, error) {
	n := &amdYAML{kind: 'm', line: p.lines[p.i].line}
	for p.i < len(p.lines) {
		l := p.lines[p.i]
		if l.indent < ind {
			break
		}
		if l.indent > ind {
			return nil, fmt.Errorf("line %d: unexpected indentation", l.line)
		}
		if strings.HasPrefix(l.text, "- ") || l.text == "-" {
			break
		}
		key, val, ok := amdYAMLKey(l.text)
		if !ok {
			return nil, fmt.Errorf("line %d: expected `key: value`, got %q", l.line, l.text)
		}
		p.i++
		var child *amdYAML
		switch {
		case val != "":
			child = amdYAMLScalar(val, l.line)
		case p.i < len(p.lines) && (p.lines[p.i].indent > ind ||
			p.lines[p.i].indent == ind && strings.HasPrefix(p.lines[p.i].text, "- ")):
			var err error
			if child, err = p.node(p.lines[p.i].indent); err != nil {
				return nil, err
			}
		default:
			child = &amdYAML{kind: 'v', line: l.line}
		}
		n.keys = append(n.keys, key)
		n.vals = append(n.vals, child)
	}
	return n, nil
}

// amdYAMLKey splits "key: value" (the key may be quoted); ok is false when
// the text is not a mapping entry.
func amdYAMLKey(s string) (key, val string, ok bool) {
	if s != "" && (s[0] == '\'' || s[0] == '"') {
		end := strings.IndexByte(s[1:], s[0])
		if end < 0 {
			return "", "", false
		}
		key = s[1 : 1+end]
		rest := s[2+end:]
		if !strings.HasPrefix(rest, ":") {
			return "", "", false
		}
		return key, strings.TrimSpace(rest[1:]), true
	}
	i := strings.Index(s, ": ")
	if i < 0 {
		if strings.HasSuffix(s, ":") {
			return s[:len(s)-1], "", true
		}
		return "", "", false
	}
	return s[:i], strings.TrimSpace(s[i+2:]), true
}

// amdYAMLScalar makes a scalar (or a flow sequence of scalars) node.
func amdYAMLScalar(s string, line int) *amdYAML {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '[' && s[len(s)-1] == ']' {
		n := &amdYAML{kind: 's', line: line}
		for _, f := range strings.Split(s[1:len(s)-1], ",") {
			if f = strings.TrimSpace(f); f != "" {
				n.items = append(n.items, amdYAMLScalar(f, line))
			}
		}
		return n
	}
	if len(s) >= 2 && (s[0] == '\'' && s[len(s)-1] == '\'' || s[0] == '"' && s[len(s)-1] == '"') {
		s = s[1 : len(s)-1]
		if s != "" {
			s = strings.ReplaceAll(s, "''", "'")
		}
	}
	return &amdYAML{kind: 'v', str: s, line: line}
}
