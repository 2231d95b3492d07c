package config

import (
	"errors"
	"strconv"
)

// A fast reader for the embedded expansion tables. They are generated
// (tools/sassexp) in a small, fixed subset of TOML: `key = value` lines,
// [[form]] and [[unavailable]] headers, comments, and values that are
// strings without escapes, integers, booleans, arrays (of integers or of
// inline tables, over several lines) and inline tables. Decoding 190 KB of
// it with the general TOML decoder takes tens of milliseconds, most of a
// small run's start-up; this reader takes well under one. Anything outside
// the subset is errFastSubset, and the caller decodes the file with the
// general decoder instead, so the two always agree (TestExpansionsFast
// compares them on every embedded table).

var errFastSubset = errors.New("not in the fast subset")

// fastValue is a decoded value: one of string, int64, bool, []fastValue,
// fastTable.
type fastValue any

// fastTable is a table's keys in file order.
type fastTable []fastKV

type fastKV struct {
	key string
	val fastValue
}

type fastParser struct {
	src []byte
	pos int
}

// parseExpansionsFast decodes data as ParseExpansions does, for the subset.
func parseExpansionsFast(file string, data []byte) (*Expansions, error) {
	p := &fastParser{src: data}
	e := &Expansions{File: file}
	var cur *fastTable // the table keys go to; nil: the top level
	var top fastTable
	var forms, unav []fastTable
	for {
		p.skipSpace(true)
		if p.pos >= len(p.src) {
			break
		}
		if p.src[p.pos] == '[' {
			name, err := p.header()
			if err != nil {
				return nil, err
			}
			switch name {
			case "form":
				forms = append(forms, nil)
				cur = &forms[len(forms)-1]
			case "unavailable":
				unav = append(unav, nil)
				cur = &unav[len(unav)-1]
			default:
				return nil, errFastSubset
			}
			continue
		}
		kv, err := p.keyValue()
		if err != nil {
			return nil, err
		}
		if cur == nil {
			top = append(top, kv)
		} else {
			*cur = append(*cur, kv)
		}
		if !p.lineEnd() {
			return nil, errFastSubset
		}
	}
	for _, kv := range top {
		var err error
		switch kv.key {
		case "arch":
			e.Arch, err = fastString(kv.val)
		case "source":
			e.Source, err = fastString(kv.val)
		default:
			return nil, errFastSubset
		}
		if err != nil {
			return nil, err
		}
	}
	e.Forms = make([]ExpansionForm, len(forms))
	for i, t := range forms {
		if err := fastForm(&e.Forms[i], t); err != nil {
			return nil, err
		}
	}
	for _, t := range unav {
		var u Unavailable
		for _, kv := range t {
			var err error
			switch kv.key {
			case "ptx":
				u.PTX, err = fastString(kv.val)
			case "reason":
				u.Reason, err = fastString(kv.val)
			default:
				return nil, errFastSubset
			}
			if err != nil {
				return nil, err
			}
		}
		e.Unavailable = append(e.Unavailable, u)
	}
	return e, nil
}

func fastForm(f *ExpansionForm, t fastTable) error {
	seen := map[string]bool{}
	for _, kv := range t {
		if seen[kv.key] {
			return errFastSubset
		}
		seen[kv.key] = true
		var err error
		switch kv.key {
		case "ptx":
			f.PTX, err = fastString(kv.val)
		case "key":
			f.Key, err = fastString(kv.val)
		case "source":
			f.Source, err = fastString(kv.val)
		case "cycles":
			f.Cycles, err = fastInt(kv.val)
		case "ops":
			f.Ops, err = fastOps(kv.val)
		case "slow_ops":
			f.SlowOps, err = fastOps(kv.val)
		case "slow":
			st, ok := kv.val.(fastTable)
			if !ok {
				return errFastSubset
			}
			f.Slow = &SlowPath{}
			for _, s := range st {
				switch s.key {
				case "test":
					f.Slow.Test, err = fastInt(s.val)
				case "branch":
					f.Slow.Branch, err = fastInt(s.val)
				case "loop":
					f.Slow.Loop, err = fastBool(s.val)
				case "insts":
					f.Slow.Insts, err = fastInt(s.val)
				case "longest":
					f.Slow.Longest, err = fastInt(s.val)
				case "cycles":
					f.Slow.Cycles, err = fastInt(s.val)
				default:
					return errFastSubset
				}
				if err != nil {
					return err
				}
			}
		default:
			return errFastSubset
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func fastOps(v fastValue) ([]MicroOp, error) {
	arr, ok := v.([]fastValue)
	if !ok {
		return nil, errFastSubset
	}
	ops := make([]MicroOp, len(arr))
	for i, x := range arr {
		t, ok := x.(fastTable)
		if !ok {
			return nil, errFastSubset
		}
		op := &ops[i]
		for _, kv := range t {
			var err error
			switch kv.key {
			case "sass":
				op.SASS, err = fastString(kv.val)
			case "key":
				op.Key, err = fastString(kv.val)
			case "unit":
				op.Unit, err = fastString(kv.val)
			case "lat":
				op.Lat, err = fastInt(kv.val)
			case "in":
				op.In, err = fastInts(kv.val)
			case "deps":
				op.Deps, err = fastInts(kv.val)
			case "out":
				op.Out, err = fastBool(kv.val)
			case "sb":
				op.SB, err = fastBool(kv.val)
			case "crit":
				op.Crit, err = fastBool(kv.val)
			case "taken":
				op.Taken, err = fastBool(kv.val)
			default:
				return nil, errFastSubset
			}
			if err != nil {
				return nil, err
			}
		}
	}
	return ops, nil
}

func fastString(v fastValue) (string, error) {
	if s, ok := v.(string); ok {
		return s, nil
	}
	return "", errFastSubset
}

func fastInt(v fastValue) (int, error) {
	if n, ok := v.(int64); ok && int64(int(n)) == n {
		return int(n), nil
	}
	return 0, errFastSubset
}

func fastBool(v fastValue) (bool, error) {
	if b, ok := v.(bool); ok {
		return b, nil
	}
	return false, errFastSubset
}

// fastInts decodes an array of integers; the TOML decoder gives an empty
// array as an empty, non-nil slice.
func fastInts(v fastValue) ([]int, error) {
	arr, ok := v.([]fastValue)
	if !ok {
		return nil, errFastSubset
	}
	out := make([]int, len(arr))
	for i, x := range arr {
		n, err := fastInt(x)
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// skipSpace skips blanks and comments, and newlines when nl.
func (p *fastParser) skipSpace(nl bool) {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; c {
		case ' ', '\t', '\r':
			p.pos++
		case '\n':
			if !nl {
				return
			}
			p.pos++
		case '#':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
		default:
			return
		}
	}
}

// lineEnd consumes the rest of a line after a value.
func (p *fastParser) lineEnd() bool {
	p.skipSpace(false)
	if p.pos >= len(p.src) {
		return true
	}
	if p.src[p.pos] == '\n' {
		p.pos++
		return true
	}
	return false
}

// header reads [[name]].
func (p *fastParser) header() (string, error) {
	if p.pos+2 > len(p.src) || p.src[p.pos+1] != '[' {
		return "", errFastSubset
	}
	p.pos += 2
	name := p.bareKey()
	if name == "" || p.pos+2 > len(p.src) || p.src[p.pos] != ']' || p.src[p.pos+1] != ']' {
		return "", errFastSubset
	}
	p.pos += 2
	if !p.lineEnd() {
		return "", errFastSubset
	}
	return name, nil
}

func (p *fastParser) bareKey() string {
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' {
			p.pos++
			continue
		}
		break
	}
	return string(p.src[start:p.pos])
}

// keyValue reads `key = value`.
func (p *fastParser) keyValue() (fastKV, error) {
	k := p.bareKey()
	if k == "" {
		return fastKV{}, errFastSubset
	}
	p.skipSpace(false)
	if p.pos >= len(p.src) || p.src[p.pos] != '=' {
		return fastKV{}, errFastSubset
	}
	p.pos++
	p.skipSpace(false)
	v, err := p.value()
	return fastKV{k, v}, err
}

func (p *fastParser) value() (fastValue, error) {
	if p.pos >= len(p.src) {
		return nil, errFastSubset
	}
	switch c := p.src[p.pos]; {
	case c == '"':
		p.pos++
		start := p.pos
		for p.pos < len(p.src) && p.src[p.pos] != '"' {
			if b := p.src[p.pos]; b == '\\' || b == '\n' || b < 0x20 && b != '\t' {
				return nil, errFastSubset
			}
			p.pos++
		}
		if p.pos >= len(p.src) {
			return nil, errFastSubset
		}
		s := string(p.src[start:p.pos])
		p.pos++
		return s, nil
	case c == '[':
		p.pos++
		var arr []fastValue
		for {
			p.skipSpace(true)
			if p.pos < len(p.src) && p.src[p.pos] == ']' {
				p.pos++
				if arr == nil {
					arr = []fastValue{}
				}
				return arr, nil
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
			p.skipSpace(true)
			if p.pos < len(p.src) && p.src[p.pos] == ',' {
				p.pos++
			} else if p.pos >= len(p.src) || p.src[p.pos] != ']' {
				return nil, errFastSubset
			}
		}
	case c == '{':
		p.pos++
		var t fastTable
		p.skipSpace(false)
		if p.pos < len(p.src) && p.src[p.pos] == '}' {
			p.pos++
			return fastTable{}, nil
		}
		for {
			p.skipSpace(false)
			kv, err := p.keyValue()
			if err != nil {
				return nil, err
			}
			for _, o := range t {
				if o.key == kv.key {
					return nil, errFastSubset
				}
			}
			t = append(t, kv)
			p.skipSpace(false)
			if p.pos >= len(p.src) {
				return nil, errFastSubset
			}
			switch p.src[p.pos] {
			case ',':
				p.pos++
			case '}':
				p.pos++
				return t, nil
			default:
				return nil, errFastSubset
			}
		}
	case c == 't' || c == 'f':
		w := p.bareKey()
		switch w {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, errFastSubset
	case c >= '0' && c <= '9' || c == '-':
		start := p.pos
		if c == '-' {
			p.pos++
		}
		for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
		}
		if p.pos < len(p.src) {
			if d := p.src[p.pos]; d == '.' || d == 'e' || d == 'E' || d == '_' || d == 'x' || d == 'o' || d == 'b' {
				return nil, errFastSubset
			}
		}
		s := string(p.src[start:p.pos])
		if len(s) > 1 && (s[0] == '0' || s[0] == '-' && s[1] == '0' && len(s) > 2) {
			return nil, errFastSubset // TOML forbids leading zeros
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, errFastSubset
		}
		return n, nil
	}
	return nil, errFastSubset
}
