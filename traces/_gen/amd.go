package main

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// amdTable is the parsed amd.ops.
type amdTable struct {
	ops    []*amdOp
	spells []amdSpell
	duals  []amdDual
}

// amdOp is one opcode row, with its class's defaults applied.
type amdOp struct {
	name, konst     string
	enc, class, sig string
	typ, typ2       string
	cmp, atom, mem  string
	cmpx, rtn, flat bool
	fmods           bool
	bytes           int
	srcTypes        []string
	unit            string
	uses, defs      string
	timing, num     string
	sem, why        string
	line            int
}

type amdSpell struct{ name, op, targets string }

type amdDual struct{ name, op, x, y string }

var amdEncs = map[string]string{"sop1": "AMDEncSOP1", "sop2": "AMDEncSOP2", "sopc": "AMDEncSOPC", "sopk": "AMDEncSOPK",
	"sopp": "AMDEncSOPP", "smem": "AMDEncSMEM", "vop1": "AMDEncVOP1", "vop2": "AMDEncVOP2", "vop3": "AMDEncVOP3",
	"vopc": "AMDEncVOPC", "ds": "AMDEncDS", "flat": "AMDEncFLAT", "mubuf": "AMDEncMUBUF"}

var amdClasses = map[string]string{"salu": "AMDClassSALU", "smem": "AMDClassSMEM", "valu": "AMDClassVALU",
	"trans": "AMDClassTrans", "vmem": "AMDClassVMEM", "lds": "AMDClassLDS", "branch": "AMDClassBranch",
	"barrier": "AMDClassBarrier", "wait": "AMDClassWait", "hint": "AMDClassHint", "message": "AMDClassMessage",
	"cache": "AMDClassCache"}

var amdCmps = map[string]string{"eq": "CmpEQ", "ne": "CmpNE", "lt": "CmpLT", "le": "CmpLE", "gt": "CmpGT", "ge": "CmpGE",
	"lo": "CmpLO", "ls": "CmpLS", "hi": "CmpHI", "hs": "CmpHS", "equ": "CmpEQU", "neu": "CmpNEU", "ltu": "CmpLTU",
	"leu": "CmpLEU", "gtu": "CmpGTU", "geu": "CmpGEU", "num": "CmpNUM", "nan": "CmpNAN",
	"false": "CmpAMDFalse", "true": "CmpAMDTrue"}

var amdAtoms = map[string]string{"and": "AtomAnd", "or": "AtomOr", "xor": "AtomXor", "exch": "AtomExch", "cas": "AtomCas",
	"add": "AtomAdd", "inc": "AtomInc", "dec": "AtomDec", "min": "AtomMin", "max": "AtomMax",
	"sub": "AtomAMDSub", "rsub": "AtomAMDRsub"}

var amdMems = map[string]string{"load": "AMDMemLoad", "load2": "AMDMemLoad2", "load2st64": "AMDMemLoad2st64",
	"store": "AMDMemStore", "store2": "AMDMemStore2", "store2st64": "AMDMemStore2st64", "atomic": "AMDMemAtomic",
	"cmpst": "AMDMemCmpst", "cmpstore": "AMDMemCmpstore", "bpermute": "AMDMemBpermute", "permute": "AMDMemPermute",
	"swizzle": "AMDMemSwizzle", "nop": "AMDMemNop"}

var amdTargets = map[string]string{"90a": "AMDT90a", "942": "AMDT942", "1030": "AMDT1030", "1100": "AMDT1100", "1200": "AMDT1200"}

// amdTargetSet renders a target list ("all", "-" for none).
func amdTargetSet(path string, n int, v string) (string, error) {
	switch v {
	case "all":
		return "AMDT90a | AMDT942 | AMDT1030 | AMDT1100 | AMDT1200", nil
	case "-":
		return "0", nil
	}
	var out []string
	for _, t := range list(v) {
		c, ok := amdTargets[t]
		if !ok {
			return "", errf(path, n, "unknown target class %q (90a 942 1030 1100 1200 all)", t)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return "", errf(path, n, "empty target list")
	}
	return strings.Join(out, " | "), nil
}

// sigSources are the types of the value sources of a signature, in order.
func sigSources(path string, n int, sig string) ([]string, error) {
	if t, ok := strings.CutPrefix(sig, "cmp:"); ok {
		return []string{t, t}, nil
	}
	if t, ok := strings.CutPrefix(sig, "cmpclass:"); ok {
		return []string{t, "b32"}, nil
	}
	if !strings.Contains(sig, ":") {
		return nil, nil // a format with its own syntax
	}
	var out []string
	for _, slot := range list(sig) {
		role, typ, _ := strings.Cut(slot, ":")
		switch role {
		case "sd", "vd", "md":
		case "ss", "vs", "vv", "k":
			if _, ok := typeNames[typ]; !ok {
				return nil, errf(path, n, "signature %q: unknown type %q", sig, typ)
			}
			out = append(out, typ)
		case "ms", "i16", "u16", "opt16", "l", "hw":
			out = append(out, "")
		default:
			return nil, errf(path, n, "signature %q: unknown role %q", sig, role)
		}
	}
	return out, nil
}

// readAMD parses amd.ops.
func readAMD(path string) (*amdTable, error) {
	lines, err := readLines(path)
	if err != nil {
		return nil, err
	}
	t := &amdTable{}
	classDefaults := map[string]map[string]string{}
	byName := map[string]*amdOp{}
	byConst := map[string]bool{}
	spelled := map[string]string{}
	known := map[string]bool{"const": true, "enc": true, "class": true, "sig": true, "type": true, "type2": true,
		"cmp": true, "cmpx": true, "atom": true, "bytes": true, "mem": true, "rtn": true, "flat": true, "fmods": true,
		"at": true, "alias": true, "unit": true, "uses": true, "defs": true, "timing": true, "num": true, "sem": true, "why": true}
	for _, l := range lines {
		switch l.words[0] {
		case "class":
			if len(l.words) < 2 || amdClasses[l.words[1]] == "" {
				return nil, errf(path, l.n, "class line: unknown or missing class")
			}
			f, order := fields(l.words[2:])
			for _, k := range order {
				switch k {
				case "unit", "uses", "defs", "timing", "sem", "num":
				default:
					return nil, errf(path, l.n, "class %s: field %q has no default", l.words[1], k)
				}
			}
			classDefaults[l.words[1]] = f
			continue
		case "dual":
			if len(l.words) != 5 {
				return nil, errf(path, l.n, "want `dual NAME op=OPCODE x=TARGETS y=TARGETS`")
			}
			f, _ := fields(l.words[2:])
			op := byName[f["op"]]
			if op == nil {
				return nil, errf(path, l.n, "dual %s: op=%q is not an opcode above", l.words[1], f["op"])
			}
			x, err := amdTargetSet(path, l.n, f["x"])
			if err != nil {
				return nil, err
			}
			y, err := amdTargetSet(path, l.n, f["y"])
			if err != nil {
				return nil, err
			}
			t.duals = append(t.duals, amdDual{l.words[1], op.konst, x, y})
			continue
		}
		name := l.words[0]
		if byName[name] != nil {
			return nil, errf(path, l.n, "opcode %s defined twice", name)
		}
		var aliases []string
		var rest []string
		for _, w := range l.words[1:] {
			if v, ok := strings.CutPrefix(w, "alias="); ok {
				aliases = append(aliases, v)
				continue
			}
			rest = append(rest, w)
		}
		f, order := fields(rest)
		for _, k := range order {
			if !known[k] {
				return nil, errf(path, l.n, "%s: unknown field %q", name, k)
			}
		}
		o := &amdOp{name: name, line: l.n, sig: f["sig"], typ: f["type"], typ2: f["type2"], why: f["why"]}
		o.konst = "Op" + goName(name)
		if c := f["const"]; c != "" {
			o.konst = "Op" + c
		}
		if byConst[o.konst] {
			return nil, errf(path, l.n, "constant %s defined twice", o.konst)
		}
		byConst[o.konst] = true
		var ok bool
		if o.enc, ok = amdEncs[f["enc"]]; !ok {
			return nil, errf(path, l.n, "%s: unknown or missing enc %q", name, f["enc"])
		}
		if o.class, ok = amdClasses[f["class"]]; !ok {
			return nil, errf(path, l.n, "%s: unknown or missing class %q", name, f["class"])
		}
		for _, ty := range []string{o.typ, o.typ2} {
			if _, ok := typeNames[ty]; ty != "" && !ok {
				return nil, errf(path, l.n, "%s: unknown type %q", name, ty)
			}
		}
		if v := f["cmp"]; v != "" {
			if o.cmp, ok = amdCmps[v]; !ok {
				return nil, errf(path, l.n, "%s: unknown comparison %q", name, v)
			}
		}
		if v := f["atom"]; v != "" {
			if o.atom, ok = amdAtoms[v]; !ok {
				return nil, errf(path, l.n, "%s: unknown atomic operation %q", name, v)
			}
		}
		if v := f["mem"]; v != "" {
			if o.mem, ok = amdMems[v]; !ok {
				return nil, errf(path, l.n, "%s: unknown memory access %q", name, v)
			}
		}
		if v := f["bytes"]; v != "" {
			if o.bytes, err = strconv.Atoi(v); err != nil || o.bytes <= 0 || o.bytes > 64 {
				return nil, errf(path, l.n, "%s: bytes=%s", name, v)
			}
		}
		_, o.cmpx = f["cmpx"]
		_, o.rtn = f["rtn"]
		_, o.flat = f["flat"]
		_, o.fmods = f["fmods"]
		if o.srcTypes, err = sigSources(path, l.n, o.sig); err != nil {
			return nil, err
		}
		if len(o.srcTypes) > 5 {
			return nil, errf(path, l.n, "%s: more than 5 sources", name)
		}
		def := classDefaults[f["class"]]
		if def == nil {
			return nil, errf(path, l.n, "%s: class %s has no `class` line above", name, f["class"])
		}
		get := func(k string) string {
			if v, ok := f[k]; ok {
				return v
			}
			return def[k]
		}
		o.unit = get("unit")
		if o.unit == "" {
			return nil, errf(path, l.n, "%s has no unit class (unit=)", name)
		}
		o.sem = get("sem")
		if o.sem == "" {
			return nil, errf(path, l.n, "%s has no semantics (sem=)", name)
		}
		if o.sem == "unsupported" && o.why == "" {
			return nil, errf(path, l.n, "%s: sem=unsupported needs why=\"...\"", name)
		}
		if o.why != "" && o.sem != "unsupported" {
			return nil, errf(path, l.n, "%s: why= is only for sem=unsupported", name)
		}
		if o.uses, err = implicit(path, l.n, get("uses")); err != nil {
			return nil, err
		}
		if o.defs, err = implicit(path, l.n, get("defs")); err != nil {
			return nil, err
		}
		if o.timing, err = timing(path, l.n, get("timing")); err != nil {
			return nil, err
		}
		if o.num, err = numerics(path, l.n, get("num")); err != nil {
			return nil, err
		}
		at, ok := f["at"]
		if !ok {
			return nil, errf(path, l.n, "%s: no at= (the targets that spell it so)", name)
		}
		for _, sp := range append([]string{name + "@" + at}, aliases...) {
			n, targets, ok := strings.Cut(sp, "@")
			if !ok {
				return nil, errf(path, l.n, "%s: alias %q (want NAME@TARGETS)", name, sp)
			}
			ts, err := amdTargetSet(path, l.n, targets)
			if err != nil {
				return nil, err
			}
			if prev, dup := spelled[n+"@"+targets]; dup {
				return nil, errf(path, l.n, "spelling %s of %s is also one of %s", n, name, prev)
			}
			spelled[n+"@"+targets] = name
			t.spells = append(t.spells, amdSpell{n, o.konst, ts})
		}
		byName[name] = o
		t.ops = append(t.ops, o)
	}
	if len(t.ops) == 0 {
		return nil, fmt.Errorf("%s: no opcodes", path)
	}
	return t, nil
}

// tracesFile renders traces/amdops_gen.go.
func (t *amdTable) tracesFile(b *bytes.Buffer) {
	header(b, "amd.ops", "traces")
	b.WriteString("// AMD opcodes, one per instruction independent of the target; the\n// comment is the canonical mnemonic and its operand signature.\nconst (\n")
	for i, o := range t.ops {
		if i == 0 {
			fmt.Fprintf(b, "\t%s Opcode = OpAMDBase + iota // %s %s\n", o.konst, o.name, o.sig)
			continue
		}
		fmt.Fprintf(b, "\t%s // %s %s\n", o.konst, o.name, o.sig)
	}
	b.WriteString("\tNumAMDOpcodes // one past the last AMD opcode\n)\n\n")
	b.WriteString("// amdOpTable describes every AMD opcode, indexed by Opcode - OpAMDBase.\nvar amdOpTable = [NumAMDOpcodes - OpAMDBase]AMDOpInfo{\n")
	for _, o := range t.ops {
		fmt.Fprintf(b, "\t%s - OpAMDBase: {Name: %q, Enc: %s, Class: %s", o.konst, o.name, o.enc, o.class)
		if o.sig != "" {
			fmt.Fprintf(b, ", Sig: %q", o.sig)
		}
		if o.typ != "" {
			fmt.Fprintf(b, ", Type: %s", typeNames[o.typ])
		}
		if o.typ2 != "" {
			fmt.Fprintf(b, ", Type2: %s", typeNames[o.typ2])
		}
		if o.cmp != "" {
			fmt.Fprintf(b, ", Cmp: %s", o.cmp)
		}
		if o.cmpx {
			b.WriteString(", Cmpx: true")
		}
		if o.atom != "" {
			fmt.Fprintf(b, ", Atom: %s", o.atom)
		}
		if o.bytes != 0 {
			fmt.Fprintf(b, ", Bytes: %d", o.bytes)
		}
		if o.mem != "" {
			fmt.Fprintf(b, ", Mem: %s", o.mem)
		}
		if o.rtn {
			b.WriteString(", Return: true")
		}
		if o.flat {
			b.WriteString(", Flat: true")
		}
		if len(o.srcTypes) > 0 {
			var ts []string
			for _, x := range o.srcTypes {
				if x == "" {
					ts = append(ts, "TypeNone")
				} else {
					ts = append(ts, typeNames[x])
				}
			}
			for len(ts) > 0 && ts[len(ts)-1] == "TypeNone" {
				ts = ts[:len(ts)-1]
			}
			if len(ts) > 0 {
				fmt.Fprintf(b, ", SrcTypes: [5]Type{%s}", strings.Join(ts, ", "))
			}
		}
		if o.fmods {
			b.WriteString(", FloatMods: true")
		}
		fmt.Fprintf(b, ", Unit: %q", o.unit)
		for _, kv := range [][2]string{{"Uses", o.uses}, {"Defs", o.defs}, {"Numerics", o.num}, {"Timing", o.timing}} {
			if kv[1] != "" {
				fmt.Fprintf(b, ", %s: %s", kv[0], kv[1])
			}
		}
		if o.why != "" {
			fmt.Fprintf(b, ", Unsupported: %q", o.why)
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n\n// amdSpellings lists every mnemonic the front end reads (without an\n// encoding suffix), the opcode it names and the targets that accept it, as\n// llvm-mc-19 does (TestAMDSpellingsLLVM). Old names that later generations\n// kept as aliases are listed with the targets that accept them.\nvar amdSpellings = [...]AMDSpelling{\n")
	for _, s := range t.spells {
		fmt.Fprintf(b, "\t{%q, %s, %s},\n", s.name, s.op, s.targets)
	}
	b.WriteString("}\n\n// amdDualOps lists the VOPD (v_dual_*) halves of GFX11 and GFX12: the name\n// after v_dual_, its opcode, and the targets where it may be the X (first)\n// and the Y (second) half.\nvar amdDualOps = [...]AMDDualOp{\n")
	for _, d := range t.duals {
		fmt.Fprintf(b, "\t{%q, %s, %s, %s},\n", d.name, d.op, d.x, d.y)
	}
	b.WriteString("}\n")
}

// semanticsFile renders warp/amd/semantics_gen.go.
func (t *amdTable) semanticsFile(b *bytes.Buffer) {
	header(b, "amd.ops", "amd")
	b.WriteString("import \"github.com/gpusim/gpusim/traces\"\n\n")
	b.WriteString("// semantics binds every AMD opcode to its semantics function: the method\n// of compiler that decodes the operands and picks the execute function, or\n// an explicit refusal for an instruction gpusim reads but cannot execute\n// yet.\nvar semantics = [traces.NumAMDOpcodes - traces.OpAMDBase]semFn{\n")
	for _, o := range t.ops {
		if o.sem == "unsupported" {
			fmt.Fprintf(b, "\ttraces.%s - traces.OpAMDBase: unsupported(%q),\n", o.konst, o.why)
			continue
		}
		fmt.Fprintf(b, "\ttraces.%s - traces.OpAMDBase: (*compiler).%s,\n", o.konst, o.sem)
	}
	b.WriteString("}\n")
}
