package config

import (
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// override is one `-set key.path=value`, resolved against the schema.
type override struct {
	raw   string   // as given, without "-set "
	path  []string // the key it sets; a map key is one piece ("opcodes", "fma.f32")
	value any      // the value as the TOML library would have decoded it
	text  string   // the value written as TOML
	n     int      // 1-based place among the overrides given
}

// applySets resolves every override against the schema and writes its value
// into tree, so the file's own checks apply to it. Overrides are applied in
// order; a later one wins.
func applySets(src *source, tree map[string]any, sets []string, errs *errList) {
	for i, raw := range sets {
		o := origin{file: "-set " + raw, set: i + 1}
		ov, msg := resolveSet(tree, raw)
		if msg != "" {
			errs.add(o, keyString(ov.path), "%s", msg)
			continue
		}
		ov.n = i + 1
		src.sets = append(src.sets, ov)
		src.setAt[keyString(ov.path)] = len(src.sets) - 1
	}
}

// resolveSet parses one override and stores its value in tree. A non-empty
// message means it was rejected.
func resolveSet(tree map[string]any, raw string) (override, string) {
	if !utf8.ValidString(raw) || strings.ContainsFunc(raw, unicode.IsControl) {
		return override{}, "not printable UTF-8 text"
	}
	eq := strings.IndexByte(raw, '=')
	if eq < 0 {
		return override{}, "expected key.path=value"
	}
	keyText, valText := strings.TrimSpace(raw[:eq]), strings.TrimSpace(raw[eq+1:])
	sc := &scanner{s: keyText, lay: &layout{keyIdx: map[string]int{}, tabIdx: map[string]int{}}}
	path := sc.key()
	sc.skipSpace()
	if len(path) == 0 || !sc.eof() {
		return override{}, "bad key path " + strconv.Quote(keyText)
	}
	t := reflect.TypeOf(Machine{})
	node := tree
	for i := 0; i < len(path); i++ {
		switch {
		case t.Kind() == reflect.Struct:
			f, ok := fieldByName(t, path[i])
			if !ok {
				return override{path: path}, "unknown key " + keyString(path) + removedHint(path[:i+1])
			}
			t = t.FieldByIndex(f.index).Type
			if i == len(path)-1 {
				if isTableType(t) {
					return override{path: path}, keyString(path) + " is a table, not a value"
				}
				break
			}
			if !isTableType(t) {
				return override{path: path}, "unknown key " + keyString(path)
			}
			next, msg := subTable(node, path[:i+1], t.Kind() == reflect.Slice)
			if msg != "" {
				return override{path: path}, msg
			}
			node = next
		case t.Kind() == reflect.Slice: // named tables: the name must exist
			next, ok := node[path[i]].(map[string]any)
			if !ok {
				return override{path: path}, "unknown key " + keyString(path)
			}
			if i == len(path)-1 {
				return override{path: path}, keyString(path) + " is a table, not a value"
			}
			t, node = t.Elem(), next
		case t.Kind() == reflect.Map: // a table of scalars: the rest is one key
			key := path[i]
			if i < len(path)-1 {
				key = strings.Join(path[i:], ".")
			}
			path = append(path[:i:i], key)
			t = t.Elem()
			i = len(path) - 1
		}
	}
	v := parseSetValue(valText, t.Kind())
	node[path[len(path)-1]] = v
	return override{raw: raw, path: path, value: v, text: encodeValue(v)}, ""
}

// isTableType reports schema types written as TOML tables.
func isTableType(t reflect.Type) bool {
	return t.Kind() == reflect.Struct || t.Kind() == reflect.Map || t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct
}

// subTable returns the table at path in node, creating an absent one unless
// it is a set of named tables (units cannot be created by an override).
func subTable(node map[string]any, path []string, named bool) (map[string]any, string) {
	name := path[len(path)-1]
	switch v := node[name].(type) {
	case map[string]any:
		return v, ""
	case nil:
		if named {
			return nil, ""
		}
		m := map[string]any{}
		node[name] = m
		return m, ""
	default:
		return nil, keyString(path) + " is " + describe(v) + " in the file, not a table"
	}
}

// parseSetValue reads an override's value: TOML syntax, except that a
// string key takes the text as it stands unless it is quoted. Text that is
// not valid TOML stays a string, so the type check names it.
func parseSetValue(text string, kind reflect.Kind) any {
	if kind == reflect.String && !strings.HasPrefix(text, `"`) && !strings.HasPrefix(text, "'") {
		return text
	}
	var m map[string]any
	if _, err := toml.Decode("v = "+text, &m); err == nil {
		if v, ok := m["v"]; ok {
			return v
		}
	}
	return text
}

// encodeValue writes a decoded TOML value back as TOML text.
func encodeValue(v any) string {
	switch x := v.(type) {
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return formatFloat(x)
	case string:
		return quoteString(x)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = encodeValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		var parts []string
		for _, k := range sortedKeys(x) {
			parts = append(parts, keyPiece(k)+" = "+encodeValue(x[k]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return quoteString("")
}
