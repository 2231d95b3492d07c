package cuda

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/gpusim/gpusim/sim"
)

// ReportDoc reads the JSON report the runtime writes (Options.JSON, with
// the kernels' details) and returns the program's launches as the views of
// package report read a run: one kernel per launch, in launch order, each
// named by its short name unless two launched kernels share it. A launch
// that faulted has no counters: its kernel holds the fault in Notes.
func ReportDoc(name string, data []byte) (*sim.ReportDoc, error) {
	var j jsonExec
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("%s: not a gpusim exec JSON report: %v", name, err)
	}
	doc := &sim.ReportDoc{Trace: j.Program, Kernels: []sim.KernelDoc{}, Outputs: []string{}}
	if m := j.Machine; m != nil {
		doc.Machine = sim.MachineDoc{Name: m.Name, Arch: m.Arch, File: m.File, Overrides: m.Overrides}
	}
	short := map[string]map[string]bool{} // short name -> the mangled names it stands for
	for _, l := range j.Launches {
		if short[l.Name] == nil {
			short[l.Name] = map[string]bool{}
		}
		short[l.Name][l.Kernel] = true
	}
	for _, l := range j.Launches {
		var k sim.KernelDoc
		if len(l.Detail) > 0 {
			if err := json.Unmarshal(l.Detail, &k); err != nil {
				return nil, fmt.Errorf("%s: launch %d: %v", name, l.Index, err)
			}
		} else {
			k = sim.KernelDoc{Mode: l.Mode, Grid: l.Grid, Block: l.Block, Notes: []string{}, Opcodes: []sim.OpcodeDoc{}}
			if l.Fault != "" {
				k.Notes = append(k.Notes, fmt.Sprintf("the launch faulted (%s): %s", l.Error, l.Fault))
			} else {
				return nil, fmt.Errorf("%s: launch %d has no details (the report was written without them)", name, l.Index)
			}
		}
		k.Name = l.Name
		if len(short[l.Name]) > 1 {
			k.Name = l.Kernel
		}
		doc.Kernels = append(doc.Kernels, k)
	}
	return doc, nil
}
