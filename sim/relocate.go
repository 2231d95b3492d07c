package sim

import (
	"fmt"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// relocate fills in the initialiser elements of a program's .global and
// .const variables that hold addresses (traces.Reloc), once the global
// variables have their base (globalVars) and the constants their bank:
// a .global variable's address is its generic address, a .const
// variable's is its offset in the constant space (its generic address
// through generic(x)), a function's is traces.FuncAddr of its number.
func relocate(prog *traces.Program, g *mem.Global, globalVars uint64, cbank *mem.Segment) error {
	for _, vars := range [2][]traces.Var{prog.Globals, prog.Consts} {
		for i := range vars {
			v := &vars[i]
			for _, r := range v.Relocs {
				var addr uint64
				switch r.Kind {
				case traces.RelocGlobal:
					addr = globalVars + r.Target
				case traces.RelocConst:
					addr = r.Target
					if r.Generic {
						w, _ := mem.Window(traces.SpaceConst)
						addr += w
					}
				case traces.RelocFunc:
					addr = r.Target
				default:
					return fmt.Errorf("%s: unknown relocation in the initialiser of %s", prog.Path, v.Name)
				}
				addr >>= r.Shift
				var b []byte
				var err error
				if v.Space == traces.SpaceConst {
					b, err = cbank.Host(v.Offset+r.Off, uint64(r.Size))
				} else {
					b, err = g.Host(globalVars+v.Offset+r.Off, uint64(r.Size))
				}
				if err != nil {
					return fmt.Errorf("initialiser of %s: %v", v.Name, err)
				}
				for k := range b {
					b[k] = byte(addr >> (8 * k))
				}
			}
		}
	}
	return nil
}
