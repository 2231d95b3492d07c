package cuda

import (
	"strconv"
	"strings"
)

// shortName turns the mangled name nvcc registers for a kernel into the
// short form a report shows: the qualified name with its template
// arguments, without the parameter list ("_Z6matmulILi16EEvPKfS1_Pfiii"
// is "matmul<16>", "_ZN2ns4stepEPf" is "ns::step"). It reads the subset
// of the Itanium C++ ABI's <mangled-name> grammar that names take (nested
// source names, template arguments that are integer literals or builtin
// types); anything else, and extern "C" names, come back unchanged.
func shortName(mangled string) string {
	if !strings.HasPrefix(mangled, "_Z") {
		return mangled
	}
	d := demangler{s: mangled[2:]}
	name, ok := d.name()
	if !ok {
		return mangled
	}
	return name
}

type demangler struct{ s string }

func (d *demangler) peek() byte {
	if d.s == "" {
		return 0
	}
	return d.s[0]
}

// name reads <name>: a nested name N...E or an unscoped source name, each
// part perhaps followed by template arguments.
func (d *demangler) name() (string, bool) {
	if d.peek() != 'N' {
		return d.part()
	}
	d.s = d.s[1:]
	for len(d.s) > 0 && (d.s[0] == 'K' || d.s[0] == 'V' || d.s[0] == 'r') {
		d.s = d.s[1:] // cv-qualifiers of a member function
	}
	var parts []string
	for d.peek() != 'E' {
		p, ok := d.part()
		if !ok {
			return "", false
		}
		parts = append(parts, p)
	}
	d.s = d.s[1:]
	return strings.Join(parts, "::"), len(parts) > 0
}

// part reads a <source-name> (length and identifier) and its template
// arguments, if any.
func (d *demangler) part() (string, bool) {
	i := 0
	for i < len(d.s) && d.s[i] >= '0' && d.s[i] <= '9' {
		i++
	}
	n, err := strconv.Atoi(d.s[:i])
	if err != nil || n <= 0 || i+n > len(d.s) {
		return "", false
	}
	id := d.s[i : i+n]
	d.s = d.s[i+n:]
	if d.peek() != 'I' {
		return id, true
	}
	d.s = d.s[1:]
	var args []string
	for d.peek() != 'E' {
		a, ok := d.templateArg()
		if !ok {
			return "", false
		}
		args = append(args, a)
	}
	d.s = d.s[1:]
	return id + "<" + strings.Join(args, ", ") + ">", true
}

// builtinType names the Itanium ABI's <builtin-type> codes.
func builtinType(c byte) (string, bool) {
	const codes = "vbcahstijlmxyfd"
	names := [...]string{"void", "bool", "char", "signed char", "unsigned char", "short", "unsigned short",
		"int", "unsigned int", "long", "unsigned long", "long long", "unsigned long long", "float", "double"}
	if i := strings.IndexByte(codes, c); i >= 0 && c != 0 {
		return names[i], true
	}
	return "", false
}

// templateArg reads a literal (L type value E) or a builtin type.
func (d *demangler) templateArg() (string, bool) {
	c := d.peek()
	if c == 'L' {
		if len(d.s) < 3 {
			return "", false
		}
		t := d.s[1]
		end := strings.IndexByte(d.s, 'E')
		if end < 2 {
			return "", false
		}
		v := d.s[2:end]
		d.s = d.s[end+1:]
		if strings.HasPrefix(v, "n") {
			v = "-" + v[1:]
		}
		if t == 'b' {
			return map[string]string{"0": "false", "1": "true"}[v], v == "0" || v == "1"
		}
		if _, err := strconv.ParseInt(v, 10, 64); err != nil {
			return "", false
		}
		return v, true
	}
	if t, ok := builtinType(c); ok {
		d.s = d.s[1:]
		return t, true
	}
	if c >= '1' && c <= '9' {
		return d.part()
	}
	return "", false
}
