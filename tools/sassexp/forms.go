package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gpusim/gpusim/traces/ptx"
)

// builtinForms are the forms ptxas is known to expand into several machine
// instructions (issue 17), kept whether or not a bundled PTX file uses
// them.
var builtinForms = []string{
	"div.rn.f32", "div.full.f32", "div.approx.f32", "div.rn.ftz.f32", "div.approx.ftz.f32", "div.rn.f64",
	"rcp.rn.f32", "rcp.rn.f64", "rcp.approx.f32", "rcp.approx.ftz.f32", "rcp.approx.ftz.f64",
	"sqrt.rn.f32", "sqrt.rn.f64", "sqrt.approx.f32", "sqrt.approx.ftz.f32",
	"rsqrt.approx.f32", "rsqrt.approx.ftz.f32", "rsqrt.approx.f64",
	"ex2.approx.f32", "ex2.approx.ftz.f32", "lg2.approx.f32", "lg2.approx.ftz.f32",
	"sin.approx.f32", "cos.approx.f32", "sin.approx.ftz.f32", "cos.approx.ftz.f32", "tanh.approx.f32",
	"div.u32", "div.s32", "div.u64", "div.s64", "rem.u32", "rem.s32", "rem.u64", "rem.s64",
	"mul.lo.u64", "mul.lo.s64", "mul.hi.u64", "mul.hi.s64", "mul.hi.u32", "mul.hi.s32",
	"mul.wide.u32", "mul.wide.s32", "mad.lo.s64", "mad.wide.u32",
	"cvt.rn.f64.s32", "cvt.rn.f64.u32", "cvt.rn.f64.s64", "cvt.rn.f64.u64",
	"cvt.rzi.s32.f64", "cvt.rzi.u32.f64", "cvt.rzi.s64.f64", "cvt.rzi.u64.f64", "cvt.rni.s64.f64",
	"cvt.rn.f32.f64", "cvt.f64.f32", "cvt.rn.f32.s64", "cvt.rzi.s64.f32",
}

// corpusGlobs are the PTX files whose instruction forms the table covers:
// the bundled samples and the test corpus (paths from the module root).
var corpusGlobs = []string{
	"traces/samples/*.ptx",
	"traces/testdata/ptx/*.ptx",
	"traces/testdata/timing/*.ptx",
	"sim/testdata/micro/*.ptx",
}

// corpusForms decodes the PTX files with gpusim's front end and returns
// the forms (traces.Inst.Form) of their instructions: exactly the key the
// timing model looks the table up by, so a form the corpus spells in
// another order, or with a guard, is the same row.
func corpusForms(root string) ([]string, error) {
	seen := map[string]bool{}
	for _, g := range corpusGlobs {
		files, err := filepath.Glob(filepath.Join(root, g))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			prog, err := ptx.Parse(f, data)
			if err != nil {
				return nil, fmt.Errorf("corpus file does not decode: %v", err)
			}
			for _, k := range prog.Kernels {
				for i := range k.Code {
					if form := k.Code[i].Form(); form != "" {
						seen[form] = true
					}
				}
			}
		}
	}
	out := make([]string, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out, nil
}

// ptype is a PTX operand type as the synthesized kernel holds it.
type ptype string

func (t ptype) regClass() string {
	switch t {
	case "f32":
		return ".f32"
	case "f64":
		return ".f64"
	case "pred":
		return ".pred"
	case "s16", "u16", "b16", "f16", "bf16":
		return ".b16"
	case "s64", "u64", "b64":
		return ".b64"
	}
	return ".b32" // 32-bit integers, f16x2, bf16x2, tf32
}

// memType is the ld/st type for a register of t.
func (t ptype) memType() string {
	switch t.regClass() {
	case ".f32":
		return "f32"
	case ".f64":
		return "f64"
	case ".b16":
		return "b16"
	case ".b64":
		return "b64"
	}
	return "b32"
}

var typeNames = map[string]bool{
	"f16": true, "f16x2": true, "bf16": true, "bf16x2": true, "tf32": true, "f32": true, "f64": true,
	"s16": true, "u16": true, "b16": true, "s32": true, "u32": true, "b32": true, "s64": true, "u64": true, "b64": true,
	"pred": true, "s8": true, "u8": true, "b8": true,
}

// signature is a form's operands: destination, sources, and any immediate
// operands written after them.
type signature struct {
	dst  ptype
	srcs []ptype
	imm  []string
}

// skipReason says why a form is outside the table ("" when it is in).
// Memory, control, synchronisation and data movement are timed by their
// own models (mem, the branch unit), carry chains need their partner
// instruction, and 8-bit conversions read sub-register values.
func skipReason(form string) string {
	op, _, _ := strings.Cut(form, ".")
	switch op {
	case "ld", "ldu", "st", "atom", "red", "prefetch", "prefetchu", "isspacep", "cvta", "mov", "shfl", "vote",
		"activemask", "membar", "fence", "bar", "barrier", "bra", "call", "ret", "exit", "trap", "brkpt",
		"nanosleep", "pmevent", "param0", "param1", "param2":
		return "memory, control, synchronisation or data movement: timed by its own model"
	case "addc", "subc", "madc":
		return "carry chain: needs the instruction setting the carry"
	}
	if (op == "and" || op == "or" || op == "xor" || op == "not" || op == "cnot") && strings.HasSuffix(form, ".pred") {
		return "predicate logic: ptxas folds it into the compares that feed it"
	}
	if strings.Contains(form, ".cc") {
		return "carry chain: needs the instruction reading the carry"
	}
	for _, m := range strings.Split(form, ".")[1:] {
		if m == "s8" || m == "u8" || m == "b8" {
			return "8-bit operand"
		}
	}
	if _, err := sigOf(form); err != nil {
		return err.Error()
	}
	return ""
}

// sigOf derives the operands of a form from its opcode and types.
func sigOf(form string) (signature, error) {
	parts := strings.Split(form, ".")
	op, mods := parts[0], parts[1:]
	var types []ptype
	has := map[string]bool{}
	for _, m := range mods {
		has[m] = true
		if typeNames[m] {
			types = append(types, ptype(m))
		}
	}
	if len(types) == 0 {
		return signature{}, fmt.Errorf("no operand type in %q", form)
	}
	t := types[len(types)-1]
	wide := func(t ptype) ptype {
		switch t {
		case "s32":
			return "s64"
		case "u32":
			return "u64"
		case "s16":
			return "s32"
		case "u16":
			return "u32"
		}
		return t
	}
	rep := func(n int, t ptype) []ptype {
		out := make([]ptype, n)
		for i := range out {
			out[i] = t
		}
		return out
	}
	switch op {
	case "abs", "neg", "not", "cnot", "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2", "ex2", "tanh", "brev":
		return signature{dst: t, srcs: []ptype{t}}, nil
	case "popc", "clz", "bfind":
		return signature{dst: "u32", srcs: []ptype{t}}, nil
	case "add", "sub", "min", "max", "and", "or", "xor", "div", "rem", "copysign":
		if t == "pred" && op == "not" {
			return signature{dst: t, srcs: []ptype{t}}, nil
		}
		return signature{dst: t, srcs: rep(2, t)}, nil
	case "mul", "mul24":
		if has["wide"] {
			return signature{dst: wide(t), srcs: rep(2, t)}, nil
		}
		return signature{dst: t, srcs: rep(2, t)}, nil
	case "fma", "mad", "mad24", "sad":
		if has["wide"] {
			return signature{dst: wide(t), srcs: []ptype{t, t, wide(t)}}, nil
		}
		return signature{dst: t, srcs: rep(3, t)}, nil
	case "shl", "shr":
		return signature{dst: t, srcs: []ptype{t, "u32"}}, nil
	case "bfe":
		return signature{dst: t, srcs: []ptype{t, "u32", "u32"}}, nil
	case "bfi":
		return signature{dst: t, srcs: []ptype{t, t, "u32", "u32"}}, nil
	case "shf", "prmt":
		return signature{dst: "b32", srcs: rep(3, "b32")}, nil
	case "lop3":
		return signature{dst: "b32", srcs: rep(3, "b32"), imm: []string{"0x96"}}, nil
	case "dp4a", "dp2a":
		d := ptype("s32")
		if len(types) == 2 && types[0] == "u32" && types[1] == "u32" {
			d = "u32"
		}
		return signature{dst: d, srcs: []ptype{"b32", "b32", d}}, nil
	case "fns":
		return signature{dst: "b32", srcs: []ptype{"b32", "u32", "s32"}}, nil
	case "setp":
		s := signature{dst: "pred", srcs: rep(2, t)}
		if has["and"] || has["or"] || has["xor"] {
			s.srcs = append(s.srcs, "pred")
		}
		return s, nil
	case "set":
		if len(types) != 2 {
			return signature{}, fmt.Errorf("set needs two types in %q", form)
		}
		s := signature{dst: types[0], srcs: rep(2, types[1])}
		if has["and"] || has["or"] || has["xor"] {
			s.srcs = append(s.srcs, "pred")
		}
		return s, nil
	case "selp":
		return signature{dst: t, srcs: []ptype{t, t, "pred"}}, nil
	case "slct":
		if len(types) != 2 {
			return signature{}, fmt.Errorf("slct needs two types in %q", form)
		}
		return signature{dst: types[0], srcs: []ptype{types[0], types[0], types[1]}}, nil
	case "testp":
		return signature{dst: "pred", srcs: []ptype{t}}, nil
	case "cvt":
		if len(types) != 2 {
			return signature{}, fmt.Errorf("cvt needs two types in %q", form)
		}
		if types[0] == "f16x2" || types[0] == "bf16x2" {
			return signature{dst: types[0], srcs: rep(2, types[1])}, nil
		}
		return signature{dst: types[0], srcs: []ptype{types[1]}}, nil
	}
	return signature{}, fmt.Errorf("no operand signature for %s", op)
}

// kernelPTX writes a kernel that loads the form's sources from global
// memory (source i at byte 8i of the buffer; a predicate as a word tested
// against zero), executes the form once and stores its result at byte 40
// (a predicate result guards a store of 1), so that ptxas can neither fold
// the instruction nor drop it. The loads are volatile: ptxas may not
// predicate them, so a select stays a select instead of becoming a choice
// of which operand to load.
func kernelPTX(name, form string, s signature) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n.visible .entry %s(.param .u64 p)\n{\n", name)
	b.WriteString("\t.reg .b64 %rd<3>;\n\t.reg .b32 %w<6>;\n\t.reg .pred %q<6>;\n")
	for i, t := range s.srcs {
		fmt.Fprintf(&b, "\t.reg %s %%s%d;\n", t.regClass(), i)
	}
	fmt.Fprintf(&b, "\t.reg %s %%d;\n", s.dst.regClass())
	b.WriteString("\tld.param.u64 %rd1, [p];\n\tcvta.to.global.u64 %rd2, %rd1;\n")
	for i, t := range s.srcs {
		if t == "pred" {
			fmt.Fprintf(&b, "\tld.volatile.global.u32 %%w%d, [%%rd2+%d];\n\tsetp.ne.u32 %%s%d, %%w%d, 0;\n", i, 8*i, i, i)
			continue
		}
		fmt.Fprintf(&b, "\tld.volatile.global.%s %%s%d, [%%rd2+%d];\n", t.memType(), i, 8*i)
	}
	ops := []string{"%d"}
	for i := range s.srcs {
		ops = append(ops, fmt.Sprintf("%%s%d", i))
	}
	ops = append(ops, s.imm...)
	fmt.Fprintf(&b, "\t%s %s;\n", form, strings.Join(ops, ", "))
	if s.dst == "pred" {
		b.WriteString("\t@%d st.global.u32 [%rd2+40], 1;\n")
	} else {
		fmt.Fprintf(&b, "\tst.global.%s [%%rd2+40], %%d;\n", s.dst.memType())
	}
	b.WriteString("\tret;\n}\n")
	return b.String()
}
