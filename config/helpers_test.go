package config

import (
	"bufio"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// tcase is one line of a testdata case file, split into fields.
type tcase struct {
	pos string // file:line, for failure messages
	f   []string
}

// readCases reads testdata/name: one case per line, fields separated by
// " | " (or, with sep "", by blanks); blank lines and # comments skipped.
func readCases(t *testing.T, name, sep string, nfields int) []tcase {
	t.Helper()
	path := filepath.Join("testdata", name)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []tcase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var fs []string
		if sep == "" {
			fs = strings.Fields(line)
		} else {
			fs = strings.Split(line, sep)
			for i := range fs {
				fs[i] = strings.TrimSpace(fs[i])
			}
		}
		if len(fs) != nfields {
			t.Fatalf("%s:%d: want %d fields, got %d", path, n, nfields, len(fs))
		}
		out = append(out, tcase{pos: path + ":" + itoa(n), f: fs})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	return out
}

func itoa(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
		if n == 0 {
			return string(b)
		}
	}
}

// setsField splits an overrides field: "-" means none.
func setsField(s string) []string {
	if s == "-" {
		return nil
	}
	return strings.Fields(s)
}

// model is a Machine's data without its bookkeeping, for comparisons.
func model(m *Machine) Machine {
	c := *m
	c.src = nil
	return c
}

func sameModel(a, b *Machine) bool {
	return reflect.DeepEqual(model(a), model(b))
}

// valueAt returns the value of a key of m written as TOML would, following
// the schema as an override does: "units.sfu.count", "opcodes.fma.f32".
func valueAt(t *testing.T, m *Machine, key string) string {
	t.Helper()
	path := m.src.schemaPath(key)
	v := reflect.ValueOf(*m)
	for i := 0; i < len(path); i++ {
		switch v.Kind() {
		case reflect.Struct:
			f, ok := fieldByName(v.Type(), path[i])
			if !ok {
				t.Fatalf("no key %s", key)
			}
			v = v.FieldByIndex(f.index)
		case reflect.Slice: // named tables
			found := false
			for j := 0; j < v.Len(); j++ {
				if v.Index(j).FieldByName("Name").String() == path[i] {
					v, found = v.Index(j), true
					break
				}
			}
			if !found {
				t.Fatalf("no key %s", key)
			}
		case reflect.Map:
			v = v.MapIndex(reflect.ValueOf(path[i]))
			if !v.IsValid() {
				t.Fatalf("no key %s", key)
			}
		}
	}
	switch v.Kind() {
	case reflect.String:
		return v.String()
	case reflect.Float64:
		return formatFloat(v.Float())
	case reflect.Bool:
		if v.Bool() {
			return "true"
		}
		return "false"
	case reflect.Slice:
		var parts []string
		for j := 0; j < v.Len(); j++ {
			parts = append(parts, itoa(int(v.Index(j).Int())))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return itoa(int(v.Int()))
}
