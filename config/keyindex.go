package config

import "strings"

// KeyIndex tells where the keys of a TOML text are, for error messages about
// other TOML files gpusim reads (launch files): the TOML library reports
// positions only for syntax and type errors. It uses the same scanner that
// positions the machine model's own errors.
type KeyIndex struct{ l *layout }

// IndexKeys scans a TOML text the TOML library has accepted.
func IndexKeys(src []byte) *KeyIndex { return &KeyIndex{l: locate(string(src))} }

// Line is the line that defines a dotted key ("buffers.a.type"), or the
// nearest of its parents that the text defines; 0 when none is.
func (x *KeyIndex) Line(key string) int {
	path := strings.Split(key, ".")
	for n := len(path); n > 0; n-- {
		if line, _, ok := x.l.where(path[:n]); ok {
			return line
		}
	}
	return 0
}

// ArrayLine is the header line of the i-th (from 0) `[[name]]` table, or 0.
func (x *KeyIndex) ArrayLine(name string, i int) int {
	for _, t := range x.l.tables {
		if t.array && keyString(t.path) == name {
			if i == 0 {
				line, _ := x.l.pos(t.off)
				return line
			}
			i--
		}
	}
	return 0
}
