package config

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// expandFS holds the expansion tables: for each NVIDIA preset, the machine
// code ptxas emits for the PTX instruction forms (tools/sassexp writes them;
// docs/expansions.md describes the format). They sit in a folder of their
// own, so Presets does not list them.
//
//go:embed presets/expand/*.toml
var expandFS embed.FS

const expandDir = "presets/expand"

// Expansions is the expansion table of one architecture: for each PTX
// instruction form, the SASS sequence ptxas emits for it.
type Expansions struct {
	File   string `toml:"-"`      // the embedded file's name, for errors
	Arch   string `toml:"arch"`   // "sm_80"; the preset of the same gpu.arch
	Source string `toml:"source"` // the tool that made it: "ptxas 11.8 (V11.8.89) -arch=sm_80"
	// Forms are in the order of the tool's form list.
	Forms []ExpansionForm `toml:"form"`
	// Unavailable lists forms ptxas rejects for this architecture.
	Unavailable []Unavailable `toml:"unavailable"`

	index map[string]int
}

// Unavailable is a form that does not exist on the architecture, with
// ptxas's reason.
type Unavailable struct {
	PTX    string `toml:"ptx"`
	Reason string `toml:"reason"`
}

// ExpansionForm is one PTX instruction form (an opcode with the modifiers and
// types that change its code, "div.rn.f32") and the machine instructions
// that execute it on the fast path, in issue order.
type ExpansionForm struct {
	PTX    string `toml:"ptx"`    // the form, as written in PTX
	Key    string `toml:"key"`    // its instruction key (traces.Inst.UnitKey): what [opcodes] routes
	Source string `toml:"source"` // "ptxas 11.8 -arch=sm_80"
	// Cycles is the form's dependent latency under its preset's figures:
	// from the first op's issue, with its PTX sources ready, to its result
	// (Schedule computes it).
	Cycles int `toml:"cycles"`
	// Ops are the fast path's machine instructions.
	Ops []MicroOp `toml:"ops"`
	// Slow is the data-dependent slow path, when the code has one.
	Slow *SlowPath `toml:"slow"`
	// SlowOps are the machine instructions a warp issues after Ops[Slow.Branch]
	// when it takes the slow path (the branch then goes the other way, and
	// the fast ops after it are not issued): the slow code's longest path
	// and the fast path's code after the join, the harness dropped. Their
	// Deps index the sequence Ops[:Slow.Branch+1] followed by SlowOps. Empty
	// for a loop (Slow.Loop), whose extra trips are not modelled.
	SlowOps []MicroOp `toml:"slow_ops"`
}

// MicroOp is one machine instruction of an expansion.
type MicroOp struct {
	SASS string `toml:"sass"` // opcode with modifiers, "MUFU.RCP", "IMAD.WIDE.U32"
	// Key is the instruction key whose route on the preset costs the op
	// (unit, latency, initiation): FFMA is "fma.f32", IMAD "mad.u32", MUFU.RCP
	// "rcp.f32". tools/sassexp's class table maps opcodes to keys.
	Key  string `toml:"key"`
	Unit string `toml:"unit"` // the unit Key routes to on the preset (checked)
	Lat  int    `toml:"lat"`  // the latency Key routes to on the preset (checked)
	// In lists the PTX source operands (0 = the first source after the
	// destination) the op reads; Deps the earlier ops of the row it reads.
	In   []int `toml:"in"`
	Deps []int `toml:"deps"`
	// Out marks an op that writes (part of) the PTX destination.
	Out bool `toml:"out"`
	// SB marks an op whose result a scoreboard tracks (ptxas gave it a write
	// barrier: variable latency, such as MUFU, conversions, FP64 on most
	// parts); the others have a fixed latency ptxas schedules around.
	SB bool `toml:"sb"`
	// Crit marks the ops on the critical path under the preset's figures.
	Crit bool `toml:"crit"`
	// Taken marks a control transfer (BRA, CALL, RET) that leaves the next
	// instruction on this path: the warp waits for the branch unit's
	// latency and scheduler.taken_branch_penalty before its next issue.
	Taken bool `toml:"taken"`
}

// SlowPath is the data-dependent alternative ptxas emits (division and
// square root of denormal, huge or special operands): the fast path's op
// Branch (a conditional BRA) skips it unless the op Test's predicate says
// the operands need it. When Loop is set, Branch closes a loop instead
// (fns): the fast path runs the body once and the data decide how many
// more times it runs.
type SlowPath struct {
	Test   int  `toml:"test"`   // index in Ops of the op computing the branch predicate
	Branch int  `toml:"branch"` // index in Ops of the conditional branch
	Loop   bool `toml:"loop"`
	// Insts is the slow code's static size (the called subroutine, or the
	// skipped block, and its call site); Longest its longest path without
	// repeating an instruction, the most a warp can issue there.
	Insts   int `toml:"insts"`
	Longest int `toml:"longest"`
	// Cycles is the slow path's dependent latency under the preset's
	// figures, as ExpansionForm.Cycles for the fast path (SlowSchedule);
	// 0 without SlowOps.
	Cycles int `toml:"cycles"`
}

// ExpansionsFor returns the embedded expansion table of an architecture
// ("sm_80"), and false when there is none.
func ExpansionsFor(arch string) (*Expansions, bool, error) {
	name := arch + ".toml"
	data, err := expandFS.ReadFile(expandDir + "/" + name)
	if err != nil {
		return nil, false, nil
	}
	e, err := parseExpansionsFast(name, data)
	if err != nil {
		e, err = decodeExpansions(name, data)
	}
	if err == nil {
		err = e.validate()
	}
	return e, true, err
}

// ExpansionArchs lists the architectures with an embedded expansion table.
func ExpansionArchs() []string {
	ents, _ := fs.ReadDir(expandFS, expandDir)
	var out []string
	for _, e := range ents {
		if a, ok := strings.CutSuffix(e.Name(), ".toml"); ok {
			out = append(out, a)
		}
	}
	sort.Strings(out)
	return out
}

// ParseExpansions decodes an expansion table; file names it in errors. It
// checks the table's shape (indices in range, dependencies on earlier ops,
// one entry per form), not its figures against a preset (Check does that).
func ParseExpansions(file string, data []byte) (*Expansions, error) {
	e, err := decodeExpansions(file, data)
	if err != nil {
		return nil, err
	}
	return e, e.validate()
}

// decodeExpansions decodes an expansion table with the TOML decoder.
func decodeExpansions(file string, data []byte) (*Expansions, error) {
	e := &Expansions{File: file}
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(e)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, fmt.Errorf("%s: unknown key %s", file, und[0])
	}
	return e, nil
}

// validate checks a decoded table's shape and builds its index.
func (e *Expansions) validate() error {
	file := e.File
	e.index = make(map[string]int, len(e.Forms))
	for i := range e.Forms {
		f := &e.Forms[i]
		where := fmt.Sprintf("%s: form %q", file, f.PTX)
		if _, dup := e.index[f.PTX]; dup {
			return fmt.Errorf("%s: listed twice", where)
		}
		e.index[f.PTX] = i
		for j, op := range f.Ops {
			for _, d := range op.Deps {
				if d < 0 || d >= j {
					return fmt.Errorf("%s: op %d (%s) depends on op %d, not an earlier one", where, j, op.SASS, d)
				}
			}
			for _, in := range op.In {
				if in < 0 || in > 4 {
					return fmt.Errorf("%s: op %d (%s) reads PTX source %d", where, j, op.SASS, in)
				}
			}
		}
		if s := f.Slow; s != nil && (s.Test < 0 || s.Test >= len(f.Ops) || s.Branch < 0 || s.Branch >= len(f.Ops)) {
			return fmt.Errorf("%s: slow path test %d / branch %d outside its %d ops", where, s.Test, s.Branch, len(f.Ops))
		}
		if len(f.SlowOps) > 0 && f.Slow == nil {
			return fmt.Errorf("%s: slow_ops without a slow path", where)
		}
		for j, op := range f.SlowOps {
			at := f.Slow.Branch + 1 + j
			for _, d := range op.Deps {
				if d < 0 || d >= at {
					return fmt.Errorf("%s: slow op %d (%s) depends on op %d, not an earlier one of the slow sequence", where, j, op.SASS, d)
				}
			}
			for _, in := range op.In {
				if in < 0 || in > 4 {
					return fmt.Errorf("%s: slow op %d (%s) reads PTX source %d", where, j, op.SASS, in)
				}
			}
		}
	}
	return nil
}

// Form returns the row of a PTX form ("div.rn.f32").
func (e *Expansions) Form(ptx string) (*ExpansionForm, bool) {
	i, ok := e.index[ptx]
	if !ok {
		return nil, false
	}
	return &e.Forms[i], true
}

// Check compares every op's unit and latency, every form's critical path
// and cycles with what machine m routes and computes now, and returns every
// difference (a preset edited after the table was generated: rerun
// tools/sassexp).
func (e *Expansions) Check(m *Machine) []string {
	var out []string
	for i := range e.Forms {
		f := &e.Forms[i]
		routes := func(what string, ops []MicroOp) {
			for j, op := range ops {
				r, ok := m.Route(op.Key)
				if !ok {
					out = append(out, fmt.Sprintf("%s: %s %s %d (%s): key %q has no route on %s", e.File, f.PTX, what, j, op.SASS, op.Key, m.File()))
					continue
				}
				if u := m.Units[r.Unit].Name; u != op.Unit || r.Latency != op.Lat {
					out = append(out, fmt.Sprintf("%s: %s %s %d (%s): unit %s latency %d, %s routes %q to %s latency %d",
						e.File, f.PTX, what, j, op.SASS, op.Unit, op.Lat, m.File(), op.Key, u, r.Latency))
				}
			}
		}
		routes("op", f.Ops)
		routes("slow op", f.SlowOps)
		cycles, crit, err := f.Schedule(m)
		if err != nil {
			out = append(out, fmt.Sprintf("%s: %s: %v", e.File, f.PTX, err))
			continue
		}
		if cycles != f.Cycles {
			out = append(out, fmt.Sprintf("%s: %s: %d cycles recorded, %d on %s", e.File, f.PTX, f.Cycles, cycles, m.File()))
		}
		for j := range f.Ops {
			if f.Ops[j].Crit != crit[j] {
				out = append(out, fmt.Sprintf("%s: %s op %d (%s): critical %v recorded, %v on %s", e.File, f.PTX, j, f.Ops[j].SASS, f.Ops[j].Crit, crit[j], m.File()))
			}
		}
		if f.Slow == nil {
			continue
		}
		cycles, crit, err = f.SlowSchedule(m)
		if err != nil {
			out = append(out, fmt.Sprintf("%s: %s slow path: %v", e.File, f.PTX, err))
			continue
		}
		if cycles != f.Slow.Cycles {
			out = append(out, fmt.Sprintf("%s: %s: slow path %d cycles recorded, %d on %s", e.File, f.PTX, f.Slow.Cycles, cycles, m.File()))
		}
		for j := range f.SlowOps {
			if c := crit[f.Slow.Branch+1+j]; f.SlowOps[j].Crit != c {
				out = append(out, fmt.Sprintf("%s: %s slow op %d (%s): critical %v recorded, %v on %s", e.File, f.PTX, j, f.SlowOps[j].SASS, f.SlowOps[j].Crit, c, m.File()))
			}
		}
	}
	return out
}
