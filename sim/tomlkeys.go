package sim

import (
	"bytes"
	"strconv"
	"strings"
)

// tomlKeys maps the dotted keys of a TOML document to the line that defines
// them, so errors about decoded values can name a line. BurntSushi/toml
// reports positions only for syntax and type errors; unknown keys and
// semantic errors need this index. It understands what launch files use:
// [table] and [[array]] headers, bare and quoted keys, dotted keys; values
// spanning lines are skipped by their brackets.
type tomlKeys struct {
	lines map[string]int
	// arrays holds the header line of each [[name]] occurrence, in order.
	arrays map[string][]int
}

func indexTOMLKeys(src []byte) tomlKeys {
	k := tomlKeys{lines: map[string]int{}, arrays: map[string][]int{}}
	table := ""
	depth := 0 // open [ or { of a multi-line value
	for n, raw := range bytes.Split(src, []byte("\n")) {
		line := n + 1
		s := strings.TrimSpace(stripComment(string(raw)))
		if s == "" {
			continue
		}
		if depth > 0 {
			depth += bracketBalance(s)
			continue
		}
		switch {
		case strings.HasPrefix(s, "[["):
			name := cleanKey(strings.TrimSuffix(strings.TrimPrefix(s, "[["), "]]"))
			k.arrays[name] = append(k.arrays[name], line)
			table = name + "[" + strconv.Itoa(len(k.arrays[name])-1) + "]"
			k.setOnce(table, line)
			k.setOnce(name, line)
		case strings.HasPrefix(s, "["):
			table = cleanKey(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"))
			k.setOnce(table, line)
		default:
			eq := strings.IndexByte(s, '=')
			if eq < 0 {
				continue
			}
			key := cleanKey(s[:eq])
			if table != "" {
				key = table + "." + key
			}
			k.setOnce(key, line)
			// Parents of a dotted key are defined there too.
			for i := strings.LastIndexByte(key, '.'); i > 0; i = strings.LastIndexByte(key[:i], '.') {
				k.setOnce(key[:i], line)
			}
			depth = bracketBalance(s[eq+1:])
		}
	}
	return k
}

func (k tomlKeys) setOnce(key string, line int) {
	if _, ok := k.lines[key]; !ok {
		k.lines[key] = line
	}
}

// line returns the line defining key, or of its nearest defined parent; 0 if
// none. Array-of-table keys like "args.buffer" resolve to the first [[args]].
func (k tomlKeys) line(key string) int {
	for {
		if l, ok := k.lines[key]; ok {
			return l
		}
		i := strings.LastIndexByte(key, '.')
		if i < 0 {
			return 0
		}
		key = key[:i]
	}
}

// nth returns the header line of the i-th [[name]] table, or 0.
func (k tomlKeys) nth(name string, i int) int {
	if a := k.arrays[name]; i < len(a) {
		return a[i]
	}
	return 0
}

// cleanKey normalises a key as written: spaces around dots and quotes removed.
func cleanKey(s string) string {
	parts := strings.Split(strings.TrimSpace(s), ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}

// stripComment removes a # comment that is not inside a string.
func stripComment(s string) string {
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' && quote == '"' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#':
			return s[:i]
		}
	}
	return s
}

// bracketBalance counts opening minus closing brackets and braces outside
// strings.
func bracketBalance(s string) int {
	n := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' && quote == '"' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[' || c == '{':
			n++
		case c == ']' || c == '}':
			n--
		}
	}
	return n
}
