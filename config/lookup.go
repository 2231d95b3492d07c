package config

import (
	"reflect"
	"sort"
	"strings"
)

// An instruction key is what traces.Inst.UnitKey produces: "fma.f32",
// "ld.global", "bra", or an AMD mnemonic such as "v_div_fixup_f32". Keys in
// [opcodes], [latency] and [initiation] are matched in this order:
//
//  1. the full key ("fma.f32");
//  2. the bare mnemonic, the key up to its first dot ("fma");
//  3. patterns, keys with one '*' standing for any text ("v_*", "v_*_f64"):
//     the one with the most literal characters wins, then the longer
//     prefix, then the smaller key;
//  4. for [opcodes] only, the entry named "default".
//
// Patterns are data in the file, written out explicitly; no instruction
// name is ever inspected by Go code.

// DefaultKey is the [opcodes] entry used when nothing else matches.
const DefaultKey = "default"

// pattern is a key with one '*': prefix*suffix.
type pattern struct {
	key, prefix, suffix string
}

func (p pattern) match(key string) bool {
	return len(key) >= len(p.prefix)+len(p.suffix) && strings.HasPrefix(key, p.prefix) && strings.HasSuffix(key, p.suffix)
}

// ruleSet holds the patterns of the three tables, in precedence order.
type ruleSet struct {
	opcodes, latency, initiation []pattern
}

// patterns extracts and orders the pattern keys of a table.
func patterns[V any](m map[string]V) []pattern {
	var ps []pattern
	for k := range m {
		if star := strings.IndexByte(k, '*'); star >= 0 {
			ps = append(ps, pattern{key: k, prefix: k[:star], suffix: k[star+1:]})
		}
	}
	sort.Slice(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if la, lb := len(a.prefix)+len(a.suffix), len(b.prefix)+len(b.suffix); la != lb {
			return la > lb
		}
		if len(a.prefix) != len(b.prefix) {
			return len(a.prefix) > len(b.prefix)
		}
		return a.key < b.key
	})
	return ps
}

// match finds the entry of m for an instruction key (steps 1 to 3) and
// returns its value and the table key that matched.
func match[V any](m map[string]V, ps []pattern, key string) (V, string, bool) {
	if v, ok := m[key]; ok && !strings.Contains(key, "*") {
		return v, key, true
	}
	if dot := strings.IndexByte(key, '.'); dot > 0 {
		if v, ok := m[key[:dot]]; ok {
			return v, key[:dot], true
		}
	}
	for _, p := range ps {
		if p.match(key) {
			return m[p.key], p.key, true
		}
	}
	var zero V
	return zero, "", false
}

// Route is where an instruction key goes and how long it takes there.
type Route struct {
	Unit       int    // index into Machine.Units
	Latency    int    // cycles from issue until the result can be read
	Initiation int    // cycles before the unit takes the next warp instruction
	Rule       string // the [opcodes] key that matched
}

// Route resolves an instruction key to its unit, with the [latency] and
// [initiation] overrides applied. ok is false when no entry (and no
// default) matches. It is meant to be called once per static instruction.
func (m *Machine) Route(key string) (Route, bool) {
	name, rule, ok := match(m.Opcodes, m.src.rules.opcodes, key)
	if !ok {
		name, ok = m.Opcodes[DefaultKey]
		rule = DefaultKey
	}
	if !ok {
		return Route{}, false
	}
	u := m.src.units[name]
	r := Route{Unit: u, Latency: m.Units[u].Latency, Initiation: m.Units[u].Initiation, Rule: rule}
	if lat, _, ok := match(m.Latency, m.src.rules.latency, key); ok {
		r.Latency = lat
	}
	if ii, _, ok := match(m.Initiation, m.src.rules.initiation, key); ok {
		r.Initiation = ii
	}
	return r, true
}

// Unit resolves an instruction key to a unit index and its latency, the
// per-opcode override applied.
func (m *Machine) Unit(key string) (unit int, latency int, ok bool) {
	r, ok := m.Route(key)
	return r.Unit, r.Latency, ok
}

// Routes resolves several keys at once. The error lists every key that has
// no route, positioned at the [opcodes] table.
func (m *Machine) Routes(keys []string) ([]Route, error) {
	out := make([]Route, len(keys))
	var missing []string
	for i, k := range keys {
		r, ok := m.Route(k)
		if !ok {
			missing = append(missing, quoteString(k))
			continue
		}
		out[i] = r
	}
	if len(missing) > 0 {
		return out, m.Errorf("opcodes", "no [opcodes] entry matches %s, and there is no %q entry", strings.Join(missing, ", "), DefaultKey)
	}
	return out, nil
}

// UnitIndex returns the index of the unit with that name.
func (m *Machine) UnitIndex(name string) (int, bool) {
	i, ok := m.src.units[name]
	return i, ok
}

// Pos returns where the value of a key came from: the file and line, or
// for an override the override as written ("-set units.sfu.count=8") and
// line 0. Keys are dotted paths ("units.sfu.lanes"); a key of [opcodes],
// [latency] or [initiation] may be written plainly ("opcodes.fma.f32") or
// quoted ("opcodes.\"fma.f32\""). An unknown key gives the file and line 0.
func (m *Machine) Pos(key string) (file string, line int) {
	o := m.src.origin(m.src.schemaPath(key))
	return o.file, o.line
}

// Errorf returns an *Error positioned at a key of this machine, for later
// stages that find a problem with a configured value (an unknown numerics
// model, an instruction no unit takes).
func (m *Machine) Errorf(key string, format string, args ...any) error {
	path := m.src.schemaPath(key)
	o := m.src.origin(path)
	return o.errorf(keyString(path), format, args...)
}

// schemaPath splits a dotted key, joining the tail of a key below one of
// the tables of scalars ([opcodes], [latency], [initiation]) into one piece.
func (s *source) schemaPath(key string) []string {
	sc := &scanner{s: key, lay: &layout{}}
	path := sc.key()
	if len(path) > 2 {
		if f, ok := fieldByName(reflect.TypeOf(Machine{}), path[0]); ok && reflect.TypeOf(Machine{}).FieldByIndex(f.index).Type.Kind() == reflect.Map {
			path = []string{path[0], strings.Join(path[1:], ".")}
		}
	}
	return path
}
