package main

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// ptxTable is the parsed ptx.ops.
type ptxTable struct {
	ops         []*ptxOp
	spells      []*ptxSpell // every spelling, the opcodes' own first
	unsupported []string
	rules       []string // distinct unit rules, each as [NumTypes] classes joined by ","
}

// ptxOp is one opcode row.
type ptxOp struct {
	name, syntax      string
	uses, defs, ccdef string
	num, timing       string
	needSM, needPTX   int
	spaceKey          bool
	shapeKey          bool
	laneWise          bool
	rule              int // index into ptxTable.rules
	sem               string
}

// ptxSpell is one spelling the front end reads.
type ptxSpell struct {
	name, op      string // op: the opcode's mnemonic
	form          string
	mods          []string
	types, types2 []string
	dst           string
	src           []string
	optType       bool
	req           []string // modifier categories that must be given
	syntax        string
	line          int
	ownOp         bool
}

var ptxForms = map[string]string{
	"generic": "fmGeneric", "none": "fmNone", "mov": "fmMov", "ld": "fmLd", "st": "fmSt", "atom": "fmAtom",
	"red": "fmRed", "setp": "fmSetp", "set": "fmSet", "shfl": "fmShfl", "vote": "fmVote", "bar": "fmBar",
	"bra": "fmBra", "call": "fmCall", "prefetch": "fmPrefetch", "cvt": "fmCvt", "cvta": "fmCvta",
	"isspacep": "fmIsspacep", "lop3": "fmLop3", "match": "fmMatch", "video": "fmVideo",
	// Texture and surface instructions (traces/ptx/tex.go).
	"tex": "fmTex", "tld4": "fmTld4", "txq": "fmTxq", "suld": "fmSuld", "sust": "fmSust", "sured": "fmSured",
	"istypep": "fmIstypep",
	// Matrix and async-copy forms (traces/ptx/matrix.go, async.go).
	"wmma": "fmWmma", "mma": "fmMma", "ldmatrix": "fmLdmatrix", "cpasync": "fmCpAsync", "mbar": "fmMbar",
	"policy": "fmPolicy",
}

var ptxMods = map[string]string{
	"type": "mkType", "rnd": "mkRnd", "rndi": "mkRndI", "rna": "mkRna", "ftz": "mkFtz", "sat": "mkSat",
	"approx": "mkApprox", "full": "mkFull", "uni": "mkUni", "cc": "mkCC", "hilo": "mkHiLo", "wide": "mkWide",
	"space": "mkSpace", "vec": "mkVec", "nc": "mkNC", "volatile": "mkVolatile", "cacheop": "mkCacheOp",
	"hint": "mkHint", "order": "mkOrder", "scope": "mkScope", "cmp": "mkCmp", "bool": "mkBool",
	"atomop": "mkAtomOp", "relu": "mkRelu", "nan": "mkNaN", "xorsign": "mkXorsign", "abs": "mkAbs", "to": "mkTo",
	"shfdir": "mkShfDir", "shfmode": "mkShfMode", "shiftamt": "mkShiftAmt", "sync": "mkSync",
	"aligned": "mkAligned", "shfl": "mkShfl", "vote": "mkVote", "barkind": "mkBarKind", "barred": "mkBarRed",
	"testp": "mkTestp", "prmt": "mkPrmt", "noftz": "mkNoftz", "satfinite": "mkSatfinite", "level": "mkLevel",
	"membar": "mkMembar", "proxy": "mkProxy", "mask": "mkMask", "vmad": "mkVmad",
	// Texture and surface modifiers (traces/ptx/tex.go).
	"geom": "mkGeom", "texmode": "mkTexMode", "comp": "mkComp", "texquery": "mkTexQuery",
	"suclamp": "mkSuClamp", "sufmt": "mkSuFmt",
	// Matrix and async-copy qualifiers.
	"shape": "mkShape", "frag": "mkFrag", "layout": "mkLayout", "matnum": "mkMatNum", "trans": "mkTrans",
	"mtype": "mkMatType", "matop": "mkMatOp", "mbar": "mkMbar", "policy": "mkPolicy",
}

var ptxSlots = map[string]string{
	"": "slNone", "t": "slT", "t2": "slT2", "wide": "slWide", "u32": "slU32", "s32": "slS32",
	"b32": "slB32", "pred": "slPred", "dp": "slDp",
}

// readPTX parses ptx.ops.
func readPTX(path string) (*ptxTable, error) {
	lines, err := readLines(path)
	if err != nil {
		return nil, err
	}
	t := &ptxTable{}
	modSets := map[string][]string{}
	typeSets := map[string][]string{}
	unitRules := map[string]string{}
	ruleIndex := map[string]int{}
	byName := map[string]*ptxOp{}
	spelled := map[string]bool{}
	expand := func(n int, vals []string, sets map[string][]string, known func(string) bool, what string) ([]string, error) {
		var out []string
		seen := map[string]bool{}
		var add func(v string, depth int) error
		add = func(v string, depth int) error {
			if s, ok := sets[v]; ok && depth < 8 {
				for _, x := range s {
					if err := add(x, depth+1); err != nil {
						return err
					}
				}
				return nil
			}
			if !known(v) {
				return errf(path, n, "unknown %s %q", what, v)
			}
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
			return nil
		}
		for _, v := range vals {
			if err := add(v, 0); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	isType := func(s string) bool { _, ok := typeNames[s]; return ok }
	isMod := func(s string) bool { _, ok := ptxMods[s]; return ok }
	// resolveUnit turns a unit spec (a class, a rule name, or
	// class,type:class,...) into one class per Type.
	resolveUnit := func(n int, spec string) (int, error) {
		if r, ok := unitRules[spec]; ok {
			spec = r
		}
		parts := list(spec)
		if len(parts) == 0 || strings.Contains(parts[0], ":") {
			return 0, errf(path, n, "unit %q: want a class first", spec)
		}
		classes := make([]string, len(typeOrder))
		for i := range classes {
			classes[i] = parts[0]
		}
		for _, p := range parts[1:] {
			ty, class, ok := strings.Cut(p, ":")
			if !ok || class == "" {
				return 0, errf(path, n, "unit %q: bad rule %q (want type:class)", spec, p)
			}
			tys := []string{ty}
			if ty == "half" {
				tys = []string{"f16", "f16x2", "bf16", "bf16x2"}
			}
			for _, x := range tys {
				k := -1
				for i, name := range typeOrder {
					if name == x {
						k = i
					}
				}
				if k < 0 {
					return 0, errf(path, n, "unit %q: unknown type %q", spec, x)
				}
				classes[k] = class
			}
		}
		key := strings.Join(classes, ",")
		if i, ok := ruleIndex[key]; ok {
			return i, nil
		}
		ruleIndex[key] = len(t.rules)
		t.rules = append(t.rules, key)
		return len(t.rules) - 1, nil
	}
	parseSpell := func(l line, name string, f map[string]string) (*ptxSpell, error) {
		s := &ptxSpell{name: name, syntax: l.comment, line: l.n}
		form, ok := ptxForms[f["form"]]
		if !ok {
			return nil, errf(path, l.n, "%s: unknown or missing form %q", name, f["form"])
		}
		s.form = form
		var err error
		if s.mods, err = expand(l.n, list(f["mods"]), modSets, isMod, "modifier category"); err != nil {
			return nil, err
		}
		if s.types, err = expand(l.n, list(f["types"]), typeSets, isType, "type"); err != nil {
			return nil, err
		}
		if s.types2, err = expand(l.n, list(f["types2"]), typeSets, isType, "type"); err != nil {
			return nil, err
		}
		if _, ok := ptxSlots[f["dst"]]; !ok {
			return nil, errf(path, l.n, "%s: unknown operand slot %q", name, f["dst"])
		}
		s.dst = f["dst"]
		s.src = list(f["src"])
		if len(s.src) > 4 {
			return nil, errf(path, l.n, "%s: more than 4 source slots", name)
		}
		for _, x := range s.src {
			if _, ok := ptxSlots[x]; !ok || x == "" {
				return nil, errf(path, l.n, "%s: unknown operand slot %q", name, x)
			}
		}
		_, s.optType = f["opttype"]
		if s.req, err = expand(l.n, list(f["reqmods"]), modSets, isMod, "modifier category"); err != nil {
			return nil, err
		}
		for _, r := range s.req {
			if !slices.Contains(s.mods, r) {
				return nil, errf(path, l.n, "%s: required modifier category %s is not in mods=", name, r)
			}
		}
		if spelled[name] {
			return nil, errf(path, l.n, "spelling %s defined twice", name)
		}
		spelled[name] = true
		return s, nil
	}
	spellFields := map[string]bool{"form": true, "mods": true, "types": true, "types2": true, "dst": true, "src": true,
		"opttype": true, "reqmods": true}
	opFields := map[string]bool{"unit": true, "key": true, "num": true, "uses": true, "defs": true, "defs.cc": true,
		"timing": true, "need": true, "sem": true, "lanewise": true}
	for _, l := range lines {
		switch l.words[0] {
		case "mods", "types", "units":
			if len(l.words) != 3 {
				return nil, errf(path, l.n, "want `%s NAME LIST`", l.words[0])
			}
			switch l.words[0] {
			case "mods":
				modSets[l.words[1]] = list(l.words[2])
			case "types":
				typeSets[l.words[1]] = list(l.words[2])
			default:
				unitRules[l.words[1]] = l.words[2]
			}
		case "unsupported":
			for _, w := range l.words[1:] {
				if spelled[w] {
					return nil, errf(path, l.n, "%s is both an instruction and unsupported", w)
				}
				t.unsupported = append(t.unsupported, w)
			}
		case "op":
			if len(l.words) < 2 {
				return nil, errf(path, l.n, "op without a name")
			}
			name := l.words[1]
			f, order := fields(l.words[2:])
			for _, k := range order {
				if !spellFields[k] && !opFields[k] {
					return nil, errf(path, l.n, "%s: unknown field %q", name, k)
				}
			}
			if byName[name] != nil {
				return nil, errf(path, l.n, "opcode %s defined twice", name)
			}
			o := &ptxOp{name: name, syntax: l.comment, sem: f["sem"]}
			if o.sem == "" {
				return nil, errf(path, l.n, "%s has no semantics (sem=)", name)
			}
			if f["unit"] == "" {
				return nil, errf(path, l.n, "%s has no unit class (unit=)", name)
			}
			var err error
			if o.rule, err = resolveUnit(l.n, f["unit"]); err != nil {
				return nil, err
			}
			switch f["key"] {
			case "":
			case "space":
				o.spaceKey = true
			case "shape":
				o.shapeKey = true
			default:
				return nil, errf(path, l.n, "%s: key=%s (want space or shape)", name, f["key"])
			}
			if v, ok := f["lanewise"]; ok && v != "" {
				return nil, errf(path, l.n, "%s: lanewise takes no value", name)
			} else if ok {
				o.laneWise = true
			}
			if o.num, err = numerics(path, l.n, f["num"]); err != nil {
				return nil, err
			}
			if o.uses, err = implicit(path, l.n, f["uses"]); err != nil {
				return nil, err
			}
			if o.defs, err = implicit(path, l.n, f["defs"]); err != nil {
				return nil, err
			}
			if o.ccdef, err = implicit(path, l.n, f["defs.cc"]); err != nil {
				return nil, err
			}
			if o.timing, err = timing(path, l.n, f["timing"]); err != nil {
				return nil, err
			}
			if v := f["need"]; v != "" {
				sm, ptx, ok := strings.Cut(strings.TrimPrefix(v, "sm_"), "/")
				maj, min, ok2 := strings.Cut(ptx, ".")
				a, e1 := strconv.Atoi(sm)
				b, e2 := strconv.Atoi(maj)
				c, e3 := strconv.Atoi(min)
				if !ok || !ok2 || e1 != nil || e2 != nil || e3 != nil {
					return nil, errf(path, l.n, "%s: need=%s (want sm_NN/M.m)", name, v)
				}
				o.needSM, o.needPTX = a, b*10+c
			}
			s, err := parseSpell(l, name, f)
			if err != nil {
				return nil, err
			}
			s.op, s.ownOp = name, true
			byName[name] = o
			t.ops = append(t.ops, o)
			t.spells = append(t.spells, s)
		case "spell":
			if len(l.words) < 2 {
				return nil, errf(path, l.n, "spell without a name")
			}
			name := l.words[1]
			f, order := fields(l.words[2:])
			for _, k := range order {
				if !spellFields[k] && k != "op" {
					return nil, errf(path, l.n, "%s: unknown field %q for a spelling", name, k)
				}
			}
			if byName[f["op"]] == nil {
				return nil, errf(path, l.n, "%s: op=%q is not an opcode above", name, f["op"])
			}
			s, err := parseSpell(l, name, f)
			if err != nil {
				return nil, err
			}
			s.op = f["op"]
			t.spells = append(t.spells, s)
		default:
			return nil, errf(path, l.n, "unknown line kind %q (op, spell, mods, types, units, unsupported)", l.words[0])
		}
	}
	if len(t.ops) == 0 {
		return nil, fmt.Errorf("%s: no opcodes", path)
	}
	return t, nil
}

func ptxConst(name string) string { return "Op" + goName(name) }

// tracesFile renders traces/ptxops_gen.go.
func (t *ptxTable) tracesFile(b *bytes.Buffer) {
	header(b, "ptx.ops", "traces")
	b.WriteString("// PTX opcodes, one per mnemonic; the comment is its syntax.\nconst (\n\tOpInvalid Opcode = iota\n")
	for _, o := range t.ops {
		fmt.Fprintf(b, "\t%s // %s\n", ptxConst(o.name), o.syntax)
	}
	b.WriteString("\tNumPTXOpcodes // one past the last PTX opcode\n)\n\n")
	b.WriteString("// ptxOpTable holds the facts of every PTX opcode.\nvar ptxOpTable = [NumPTXOpcodes]PTXOpInfo{\n")
	for _, o := range t.ops {
		fmt.Fprintf(b, "\t%s: {Name: %q, Syntax: %q", ptxConst(o.name), o.name, o.syntax)
		for _, kv := range [][2]string{{"Uses", o.uses}, {"Defs", o.defs}, {"CCDefs", o.ccdef}, {"Numerics", o.num}, {"Timing", o.timing}} {
			if kv[1] != "" {
				fmt.Fprintf(b, ", %s: %s", kv[0], kv[1])
			}
		}
		if o.needSM != 0 || o.needPTX != 0 {
			fmt.Fprintf(b, ", Need: Need{%d, %d}", o.needSM, o.needPTX)
		}
		if o.spaceKey {
			b.WriteString(", SpaceKey: true")
		}
		if o.shapeKey {
			b.WriteString(", ShapeKey: true")
		}
		if o.laneWise {
			b.WriteString(", LaneWise: true")
		}
		if o.rule != 0 {
			fmt.Fprintf(b, ", unitRule: %d", o.rule)
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n\n// ptxUnitRules give the unit class of a PTX instruction by its type.\n")
	fmt.Fprintf(b, "var ptxUnitRules = [%d][NumTypes]string{\n", len(t.rules))
	for _, r := range t.rules {
		b.WriteString("\t{")
		for i, c := range strings.Split(r, ",") {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "%q", c)
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
}

// frontEndFile renders traces/ptx/ops_gen.go.
func (t *ptxTable) frontEndFile(b *bytes.Buffer) {
	header(b, "ptx.ops", "ptx")
	b.WriteString("import \"github.com/gpusim/gpusim/traces\"\n\n")
	b.WriteString("// ptxOps maps each mnemonic the front end reads to its operand form,\n// modifiers, types and operand slots.\nvar ptxOps = map[string]*opInfo{\n")
	for _, s := range t.spells {
		fmt.Fprintf(b, "\t%q: {op: traces.%s, form: %s", s.name, ptxConst(s.op), s.form)
		if len(s.mods) > 0 {
			var ms []string
			for _, m := range s.mods {
				ms = append(ms, ptxMods[m])
			}
			fmt.Fprintf(b, ", mods: %s", strings.Join(ms, " | "))
		}
		typeList := func(ts []string) string {
			var out []string
			for _, x := range ts {
				out = append(out, "traces."+typeNames[x])
			}
			return "tm(" + strings.Join(out, ", ") + ")"
		}
		if len(s.types) > 0 {
			fmt.Fprintf(b, ", types: %s", typeList(s.types))
		}
		if len(s.types2) > 0 {
			fmt.Fprintf(b, ", types2: %s", typeList(s.types2))
		}
		if s.dst != "" {
			fmt.Fprintf(b, ", dst: %s", ptxSlots[s.dst])
		}
		if len(s.src) > 0 {
			var ss []string
			for _, x := range s.src {
				ss = append(ss, ptxSlots[x])
			}
			fmt.Fprintf(b, ", src: [4]slot{%s}", strings.Join(ss, ", "))
		}
		if s.optType {
			b.WriteString(", optTy: true")
		}
		if len(s.req) > 0 {
			var ms []string
			for _, m := range s.req {
				ms = append(ms, ptxMods[m])
			}
			fmt.Fprintf(b, ", req: %s", strings.Join(ms, " | "))
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n\n// ptxUnsupported lists PTX mnemonics that exist but gpusim does not\n// execute: they get a \"not supported\" error rather than \"unknown\".\nvar ptxUnsupported = map[string]bool{\n")
	u := append([]string(nil), t.unsupported...)
	sort.Strings(u)
	for _, w := range u {
		fmt.Fprintf(b, "\t%q: true,\n", w)
	}
	b.WriteString("}\n")
}

// semanticsFile renders warp/ptx/semantics_gen.go.
func (t *ptxTable) semanticsFile(b *bytes.Buffer) {
	header(b, "ptx.ops", "ptx")
	b.WriteString("import \"github.com/gpusim/gpusim/traces\"\n\n")
	b.WriteString("// semantics binds every PTX opcode to its semantics function: the method\n// of compiler that checks the form, decodes the operands and picks the\n// execute function.\nvar semantics = [traces.NumPTXOpcodes]func(*compiler, *traces.Inst, *op) error{\n")
	for _, o := range t.ops {
		fmt.Fprintf(b, "\ttraces.%s: (*compiler).%s,\n", ptxConst(o.name), o.sem)
	}
	b.WriteString("}\n")
}
