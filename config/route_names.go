package config

import "strings"

// RouteNames resolves an instruction known by several names (its key
// first, then other spellings of it: an AMD instruction's names on the
// target, s_load_b32 beside s_load_dword on gfx1100) and its unit class.
// Each table is matched as Route matches one key, the names together at
// each step: a full name of any of them, then a bare mnemonic, then the
// best pattern that matches any of them. An instruction that no [opcodes]
// key matches goes to the unit named like its class (the instruction
// table's unit class: "int32", "valu"), and only then to "default". It is
// meant to be called once per static instruction.
func (m *Machine) RouteNames(names []string, class string) (Route, bool) {
	name, rule, ok := matchNames(m.Opcodes, m.src.rules.opcodes, names)
	u := 0
	if ok {
		u = m.src.units[name]
	} else if i, found := m.src.units[class]; found && class != "" {
		u, rule, ok = i, "unit "+class, true
	} else if name, found := m.Opcodes[DefaultKey]; found {
		u, rule, ok = m.src.units[name], DefaultKey, true
	}
	if !ok {
		return Route{}, false
	}
	r := Route{Unit: u, Latency: m.Units[u].Latency, Initiation: m.Units[u].Initiation, Rule: rule}
	if lat, _, ok := matchNames(m.Latency, m.src.rules.latency, names); ok {
		r.Latency = lat
	}
	if ii, _, ok := matchNames(m.Initiation, m.src.rules.initiation, names); ok {
		r.Initiation = ii
	}
	return r, true
}

// RoutesFor resolves n instructions, the names and unit class of each
// given by inst (RouteNames). The error lists every instruction that has
// no route, positioned at the [opcodes] table.
func (m *Machine) RoutesFor(n int, inst func(i int) (names []string, class string)) ([]Route, error) {
	out := make([]Route, n)
	var missing []string
	seen := map[string]bool{}
	for i := range out {
		names, class := inst(i)
		r, ok := m.RouteNames(names, class)
		if !ok {
			what := quoteString(names[0])
			if class != "" {
				what += " (class " + quoteString(class) + ")"
			}
			if !seen[what] {
				seen[what] = true
				missing = append(missing, what)
			}
			continue
		}
		out[i] = r
	}
	if len(missing) > 0 {
		return out, m.Errorf("opcodes", "no [opcodes] entry matches %s, no unit is named for the class, and there is no %q entry", strings.Join(missing, ", "), DefaultKey)
	}
	return out, nil
}

// matchNames is match for several names of one instruction (RouteNames).
func matchNames[V any](m map[string]V, ps []pattern, names []string) (V, string, bool) {
	for _, key := range names {
		if v, ok := m[key]; ok && !strings.Contains(key, "*") {
			return v, key, true
		}
	}
	for _, key := range names {
		if dot := strings.IndexByte(key, '.'); dot > 0 {
			if v, ok := m[key[:dot]]; ok {
				return v, key[:dot], true
			}
		}
	}
	for _, p := range ps {
		for _, key := range names {
			if p.match(key) {
				return m[p.key], p.key, true
			}
		}
	}
	var zero V
	return zero, "", false
}
