package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ExpansionsNone is the gpu.expansions value that issues every PTX
// instruction as itself.
const ExpansionsNone = "none"

// Expansions is the machine's expansion table (gpu.expansions), nil when
// it has none: the timing model then issues every PTX instruction as one
// instruction of its unit.
func (m *Machine) Expansions() *Expansions { return m.exp }

// loadExpansions loads the table gpu.expansions names and checks that
// every op of it routes on this machine. Problems are positioned at the
// key.
func (m *Machine) loadExpansions(errs *errList) {
	name := m.GPU.Expansions
	if name == "" || name == ExpansionsNone {
		return
	}
	path := []string{"gpu", "expansions"}
	o := m.src.origin(path)
	fail := func(format string, args ...any) {
		errs.add(o, keyString(path), "%s: %s", keyString(path), fmt.Sprintf(format, args...))
	}
	var e *Expansions
	var err error
	switch {
	case strings.HasSuffix(name, ".toml"):
		file := name
		if !filepath.IsAbs(file) {
			file = filepath.Join(filepath.Dir(m.src.file), file)
		}
		data, rerr := os.ReadFile(file)
		if rerr != nil {
			fail("cannot read the expansion table: %v", rerr)
			return
		}
		e, err = ParseExpansions(file, data)
	default:
		var ok bool
		e, ok, err = ExpansionsFor(name)
		if !ok {
			fail("no embedded expansion table %s (tables: %s, or a .toml file, or %q)", quoteString(name), strings.Join(ExpansionArchs(), ", "), ExpansionsNone)
			return
		}
	}
	if err != nil {
		fail("%v", err)
		return
	}
	for i := range e.Forms {
		f := &e.Forms[i]
		for _, ops := range [][]MicroOp{f.Ops, f.SlowOps} {
			for j := range ops {
				if _, ok := m.Route(ops[j].Key); !ok {
					fail("%s: form %s: op %s's key %q has no route on this machine ([opcodes])", e.File, f.PTX, ops[j].SASS, ops[j].Key)
					return
				}
			}
		}
	}
	m.exp = e
}

// String describes the table for messages: its file and source.
func (e *Expansions) String() string { return fmt.Sprintf("%s (%s)", e.File, e.Source) }
