package config

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// origin is where a value came from: a file position or an override.
type origin struct {
	file      string
	line, col int
	set       int // 0: the file; i+1: the i-th override
}

// source is everything a Machine remembers about where it came from.
type source struct {
	file  string // the file name as given, or the preset's file name
	text  string // the file's text
	lay   *layout
	sets  []override     // the overrides, in the order given
	setAt map[string]int // canonical key -> index of the last override that set it
	units map[string]int // unit name -> index in Machine.Units
	rules ruleSet        // compiled [opcodes], [latency] and [initiation]
}

// origin returns where the value at path came from.
func (s *source) origin(path []string) origin {
	if i, ok := s.setAt[keyString(path)]; ok {
		return origin{file: "-set " + s.sets[i].raw, set: s.sets[i].n}
	}
	line, col, _ := s.lay.where(path)
	return origin{file: s.file, line: line, col: col}
}

// has reports whether the file or an override gives a value for path.
func (s *source) has(path []string) bool {
	if _, ok := s.setAt[keyString(path)]; ok {
		return true
	}
	_, _, ok := s.lay.where(path)
	return ok
}

// decoder fills a Machine from the generic tree the TOML library produced,
// checking every key and type against the schema (the struct tags).
type decoder struct {
	src    *source
	errs   *errList
	vendor string          // gpu.vendor as written, for the vendor-specific keys
	bad    map[string]bool // keys (and tables) that failed to decode
}

// fail records a decoding problem and marks the key bad, so validation
// does not pile complaints about its zero value on top.
func (d *decoder) fail(path []string, format string, args ...any) {
	d.bad[keyString(path)] = true
	d.errs.add(d.src.origin(path), keyString(path), format, args...)
}

// field describes one schema field from its struct tags.
type field struct {
	name   string
	vendor string // "nvidia" or "amd": a key of that vendor only; "" for both
	opt    bool   // the key may be left out (need:"optional", or "amd,optional")
	index  []int  // reflect.Value.FieldByIndex path (embedded structs flattened)
}

// fields lists the schema fields of a struct type, in declaration order.
// The fields of an embedded struct without a toml tag are the struct's own
// (the keys [memory.l1] and [memory.l2] share through Cache).
func fields(t reflect.Type) []field {
	var fs []field
	for i := range t.NumField() {
		f := t.Field(i)
		name := f.Tag.Get("toml")
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			for _, sub := range fields(f.Type) {
				sub.index = append([]int{i}, sub.index...)
				fs = append(fs, sub)
			}
			continue
		}
		if name == "" || name == "-" || !f.IsExported() {
			continue
		}
		fd := field{name: name, index: []int{i}}
		for _, n := range strings.Split(f.Tag.Get("need"), ",") {
			switch n {
			case "optional":
				fd.opt = true
			case VendorNVIDIA, VendorAMD:
				fd.vendor = n
			}
		}
		fs = append(fs, fd)
	}
	return fs
}

// fieldByName finds the schema field of a struct type by its TOML key.
func fieldByName(t reflect.Type, name string) (field, bool) {
	for _, f := range fields(t) {
		if f.name == name {
			return f, true
		}
	}
	return field{}, false
}

// wrongVendor reports whether a field exists only for the other vendor.
func (d *decoder) wrongVendor(f field) bool {
	return f.vendor != "" && (d.vendor == VendorNVIDIA || d.vendor == VendorAMD) && f.vendor != d.vendor
}

// table decodes a TOML table into the struct rv.
func (d *decoder) table(path []string, tree map[string]any, rv reflect.Value) {
	t := rv.Type()
	known := map[string]bool{}
	for _, f := range fields(t) {
		known[f.name] = true
		p := child(path, f.name)
		v, ok := tree[f.name]
		switch {
		case ok && d.wrongVendor(f):
			d.fail(p, "%s: not a key for vendor %s (only %s)", keyString(p), d.vendor, f.vendor)
		case ok:
			d.value(p, v, rv.FieldByIndex(f.index))
		case f.opt || f.vendor != "" && d.vendor != f.vendor:
		case isTableType(rv.FieldByIndex(f.index).Type()):
			d.missingTable(path, p)
		default:
			d.missing(path, f.name)
		}
	}
	for _, k := range sortedKeys(tree) {
		if !known[k] {
			p := child(path, k)
			d.fail(p, "unknown key %s%s", keyString(p), removedHint(p))
		}
	}
}

func (d *decoder) missing(table []string, name string) {
	d.bad[keyString(child(table, name))] = true
	if len(table) == 0 {
		d.errs.add(origin{file: d.src.file}, name, "missing key %s", keyPiece(name))
		return
	}
	d.errs.add(d.src.origin(table), keyString(child(table, name)), "%s: missing key %s", keyString(table), keyPiece(name))
}

func (d *decoder) missingTable(parent, p []string) {
	d.bad[keyString(p)] = true
	o := origin{file: d.src.file}
	if len(parent) > 0 {
		o = d.src.origin(parent)
	}
	d.errs.add(o, keyString(p), "missing table [%s]", keyString(p))
}

func child(path []string, name string) []string {
	return append(append(make([]string, 0, len(path)+1), path...), name)
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// value decodes one value into rv according to rv's type.
func (d *decoder) value(path []string, v any, rv reflect.Value) {
	switch rv.Kind() {
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			d.typeErr(path, "table", v)
			return
		}
		d.table(path, m, rv)
	case reflect.Slice:
		if rv.Type().Elem().Kind() == reflect.Struct {
			d.namedTables(path, v, rv)
			return
		}
		arr, ok := v.([]any)
		if !ok {
			d.typeErr(path, "array of "+typeName(rv.Type().Elem().Kind())+"s", v)
			return
		}
		out := reflect.MakeSlice(rv.Type(), len(arr), len(arr))
		for i, e := range arr {
			if !d.scalar(path, fmt.Sprintf("%s[%d]", keyString(path), i), e, out.Index(i)) {
				return
			}
		}
		rv.Set(out)
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok {
			d.typeErr(path, "table", v)
			return
		}
		out := reflect.MakeMapWithSize(rv.Type(), len(m))
		for _, k := range sortedKeys(m) {
			e := reflect.New(rv.Type().Elem()).Elem()
			if p := child(path, k); d.scalar(p, keyString(p), m[k], e) {
				out.SetMapIndex(reflect.ValueOf(k), e)
			}
		}
		rv.Set(out)
	default:
		d.scalar(path, keyString(path), v, rv)
	}
}

// namedTables decodes [units.NAME] tables into a slice, in file order.
func (d *decoder) namedTables(path []string, v any, rv reflect.Value) {
	m, ok := v.(map[string]any)
	if !ok {
		d.typeErr(path, "table", v)
		return
	}
	names := sortedKeys(m)
	sort.SliceStable(names, func(i, j int) bool {
		li, ci, _ := d.src.lay.where(child(path, names[i]))
		lj, cj, _ := d.src.lay.where(child(path, names[j]))
		if li != lj {
			return li < lj
		}
		return ci < cj
	})
	out := reflect.MakeSlice(rv.Type(), 0, len(names))
	for _, name := range names {
		e := reflect.New(rv.Type().Elem()).Elem()
		e.FieldByName("Name").SetString(name)
		d.value(child(path, name), m[name], e)
		out = reflect.Append(out, e)
	}
	rv.Set(out)
}

// scalar decodes an integer, float or string, reporting a type mismatch
// under the name given (the key, or the key and an array index).
func (d *decoder) scalar(path []string, name string, v any, rv reflect.Value) bool {
	switch rv.Kind() {
	case reflect.Int:
		if n, ok := v.(int64); ok {
			rv.SetInt(n)
			return true
		}
	case reflect.Float64:
		switch n := v.(type) {
		case float64:
			rv.SetFloat(n)
			return true
		case int64:
			rv.SetFloat(float64(n))
			return true
		}
	case reflect.String:
		if s, ok := v.(string); ok {
			rv.SetString(s)
			return true
		}
	case reflect.Bool:
		if b, ok := v.(bool); ok {
			rv.SetBool(b)
			return true
		}
	}
	d.fail(path, "%s: expected %s, got %s", name, typeName(rv.Kind()), describe(v))
	return false
}

func (d *decoder) typeErr(path []string, want string, v any) {
	d.fail(path, "%s: expected %s, got %s", keyString(path), want, describe(v))
}

func typeName(k reflect.Kind) string {
	switch k {
	case reflect.Int:
		return "integer"
	case reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	}
	return "table"
}

// describe names a TOML value's type and shows small values.
func describe(v any) string {
	switch x := v.(type) {
	case int64:
		return "integer " + strconv.FormatInt(x, 10)
	case float64:
		return "float " + formatFloat(x)
	case string:
		return "string " + quoteString(x)
	case bool:
		return "boolean " + strconv.FormatBool(x)
	case []any:
		return "array"
	case []map[string]any:
		return "array of tables"
	case map[string]any:
		return "table"
	}
	return "datetime"
}

// formatFloat writes a float as TOML does: always with a '.' or exponent.
func formatFloat(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	switch s {
	case "+Inf":
		return "inf"
	case "-Inf":
		return "-inf"
	case "NaN":
		return "nan"
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '.' || s[i] == 'e' {
			return s
		}
	}
	return s + ".0"
}
