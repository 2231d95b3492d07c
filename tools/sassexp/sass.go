package main

import (
	"bufio"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// sassInst is one machine instruction as cuobjdump -sass prints it.
type sassInst struct {
	addr  int
	guard string   // "@P0", "@!P0", or ""
	op    string   // opcode with modifiers: "IMAD.WIDE.U32"
	args  []string // operands as printed
	ctl   uint64   // the upper 64 bits of the 128-bit encoding (scheduling control)
	line  string   // the text, for errors
}

// base is the opcode without modifiers: "IMAD".
func (in *sassInst) base() string {
	b, _, _ := strings.Cut(in.op, ".")
	return b
}

// writesBarrier reports whether ptxas gave the instruction a write
// barrier (Volta and later: bits 46-48 of the control word, 7 = none): its
// result is tracked by a scoreboard, not by a fixed latency.
func (in *sassInst) writesBarrier() bool {
	return (in.ctl>>46)&7 != 7
}

// sassFunc is one function (a kernel) of the listing.
type sassFunc struct {
	name  string
	insts []sassInst
}

var (
	// cuobjdump -sass heads a function "Function : NAME"; nvdisasm starts
	// its section with the label ".text.NAME:" and names branch targets by
	// labels ("BRA `(.L_x_0)").
	funcRE   = regexp.MustCompile(`^\s*(?:Function : (\S+)|\.text\.(\S+):)\s*$`)
	labelRE  = regexp.MustCompile(`^\s*([.$\w]+):\s*$`)
	targetRE = regexp.MustCompile("`\\(([^)]+)\\)")
	instRE   = regexp.MustCompile(`^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;?\s*/\* (0x[0-9a-f]{16}) \*/\s*$`)
	ctlRE    = regexp.MustCompile(`^\s*/\* (0x[0-9a-f]{16}) \*/\s*$`)
)

// parseSASS reads cuobjdump -sass output: every function with its
// instructions and their control words.
func parseSASS(text string) ([]sassFunc, error) {
	var funcs []sassFunc
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var cur *sassFunc
	var pending *sassInst // waiting for its second encoding word
	labels := map[string]int{}
	var unbound []string // labels waiting for the next instruction
	finish := func() error {
		if cur == nil {
			return nil
		}
		for i := range cur.insts {
			for j, a := range cur.insts[i].args {
				m := targetRE.FindStringSubmatch(a)
				if m == nil {
					continue
				}
				addr, ok := labels[m[1]]
				if !ok {
					return fmt.Errorf("%s: %q jumps to label %s, which is nowhere", cur.name, cur.insts[i].line, m[1])
				}
				cur.insts[i].args[j] = fmt.Sprintf("0x%x", addr)
			}
		}
		return nil
	}
	n := 0
	for sc.Scan() {
		n++
		l := sc.Text()
		if m := funcRE.FindStringSubmatch(l); m != nil {
			if err := finish(); err != nil {
				return nil, err
			}
			funcs = append(funcs, sassFunc{name: m[1] + m[2]})
			cur = &funcs[len(funcs)-1]
			pending, labels, unbound = nil, map[string]int{cur.name: 0}, nil
			continue
		}
		if cur == nil {
			continue
		}
		if m := labelRE.FindStringSubmatch(l); m != nil {
			unbound = append(unbound, m[1])
			continue
		}
		if m := instRE.FindStringSubmatch(l); m != nil {
			addr, _ := strconv.ParseInt(m[1], 16, 64)
			in, err := parseInst(int(addr), m[2])
			if err != nil {
				return nil, fmt.Errorf("disassembly line %d: %v", n, err)
			}
			for _, lb := range unbound {
				labels[lb] = int(addr)
			}
			unbound = nil
			cur.insts = append(cur.insts, in)
			pending = &cur.insts[len(cur.insts)-1]
			continue
		}
		if m := ctlRE.FindStringSubmatch(l); m != nil && pending != nil {
			pending.ctl, _ = strconv.ParseUint(m[1][2:], 16, 64)
			pending = nil
		}
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return funcs, sc.Err()
}

// parseInst splits "@!P0 IMAD.MOV.U32 R4, RZ, RZ, R0" into guard, opcode
// and operands.
func parseInst(addr int, text string) (sassInst, error) {
	text = strings.TrimSuffix(strings.TrimSpace(text), ";")
	in := sassInst{addr: addr, line: text}
	f := strings.Fields(text)
	if len(f) == 0 {
		return in, fmt.Errorf("empty instruction at %#x", addr)
	}
	if strings.HasPrefix(f[0], "@") {
		in.guard = f[0]
		f = f[1:]
		if len(f) == 0 {
			return in, fmt.Errorf("guard without an instruction at %#x: %q", addr, text)
		}
	}
	in.op = f[0]
	rest := strings.TrimSpace(strings.Join(f[1:], " "))
	if rest != "" {
		depth := 0
		start := 0
		for i, c := range rest {
			switch c {
			case '[':
				depth++
			case ']':
				depth--
			case ',':
				if depth == 0 {
					in.args = append(in.args, strings.TrimSpace(rest[start:i]))
					start = i + 1
				}
			}
		}
		in.args = append(in.args, strings.TrimSpace(rest[start:]))
	}
	return in, nil
}

// reg is one architectural register: "R4", "P0", "UR4", "UP1".
type reg string

var regRE = regexp.MustCompile(`^[-!~|]*(R|P|UR|UP)(\d+|Z|T)(\.64|\.[A-Za-z0-9_]+)*\|?$`)

// regsOf returns the registers an operand names (width consecutive R or UR
// registers for a wide operand); zero registers and constants name none.
func regsOf(arg string, width int) []reg {
	var out []reg
	if strings.HasPrefix(arg, "[") {
		inner := strings.Trim(arg, "[]")
		for _, part := range strings.FieldsFunc(inner, func(r rune) bool { return r == '+' || r == ' ' }) {
			w := 1
			if strings.HasSuffix(part, ".64") {
				w = 2
			}
			out = append(out, regsOf(part, w)...)
		}
		return out
	}
	// RET.REL.NODEC R4 0x0: a register and the offset, without a comma.
	if f := strings.Fields(arg); len(f) > 1 {
		arg = f[0]
	}
	m := regRE.FindStringSubmatch(arg)
	if m == nil || m[2] == "Z" || m[2] == "T" {
		return nil
	}
	n, _ := strconv.Atoi(m[2])
	if m[1] == "P" || m[1] == "UP" {
		return []reg{reg(m[1] + m[2])}
	}
	if strings.Contains(arg, ".64") {
		width = max(width, 2)
	}
	for i := range width {
		out = append(out, reg(fmt.Sprintf("%s%d", m[1], n+i)))
	}
	return out
}

// isPred reports whether an operand is a predicate register (PT included).
func isPred(arg string) bool {
	a := strings.TrimLeft(arg, "!")
	return a == "PT" || a == "UPT" || (len(a) > 1 && (a[0] == 'P' || strings.HasPrefix(a, "UP")) && a[len(a)-1] >= '0' && a[len(a)-1] <= '9')
}

// noDest are the opcodes whose first operand is not a destination.
var noDest = map[string]bool{
	"STG": true, "STS": true, "STL": true, "ST": true, "RED": true, "BRA": true, "BRX": true, "JMP": true,
	"CALL": true, "RET": true, "EXIT": true, "BSYNC": true, "BSSY": true, "WARPSYNC": true, "BAR": true,
	"NOP": true, "YIELD": true, "BREAK": true, "BMOV": false, "MEMBAR": true, "DEPBAR": true, "ERRBAR": true,
}

// twoPredDest are the compare-like opcodes writing two predicates (or a
// predicate and a register) first.
var twoPredDest = map[string]bool{"ISETP": true, "FSETP": true, "DSETP": true, "HSETP2": true, "PLOP3": true, "LOP3": true, "ISCADD": false}

// defsUses returns the registers an instruction writes and reads (its
// guard predicate is read, and so are the registers a guarded instruction
// writes: when the guard is false they keep their value).
func (in *sassInst) defsUses() (defs, uses []reg) {
	if in.guard != "" {
		uses = append(uses, regsOf(strings.TrimPrefix(in.guard, "@"), 1)...)
	}
	b := in.base()
	w := widths(in)
	ndst := 1
	switch {
	case noDest[b] || len(in.args) == 0:
		ndst = 0
	case twoPredDest[b] && isPred(in.args[0]) && len(in.args) > 1:
		ndst = 2
	case len(in.args) > 1 && !isPred(in.args[0]) && isPred(in.args[1]) && !strings.HasPrefix(in.args[1], "!") &&
		(b == "IADD3" || b == "IMAD" || b == "LEA" || b == "IADD" || b == "SHF"):
		ndst = 2 // a carry-out predicate
	}
	for i, a := range in.args {
		r := regsOf(a, w[min(i, len(w)-1)])
		if i < ndst {
			defs = append(defs, r...)
		} else {
			uses = append(uses, r...)
		}
	}
	if in.guard != "" && in.guard != "@PT" {
		// A guarded write may leave the old value: it reads it too.
		uses = append(uses, defs...)
	}
	return defs, uses
}

// widths gives the register width of each operand position (the last
// entry repeats): 64-bit operands name two consecutive registers.
func widths(in *sassInst) []int {
	b := in.base()
	mods := strings.Split(in.op, ".")[1:]
	has := func(s string) bool {
		for _, m := range mods {
			if m == s {
				return true
			}
		}
		return false
	}
	switch b {
	case "DADD", "DMUL", "DFMA", "DMNMX", "DSET":
		return []int{2}
	case "DSETP":
		return []int{1, 1, 2}
	case "IMAD", "IMUL":
		if has("WIDE") {
			if len(in.args) > 1 && isPred(in.args[1]) {
				return []int{2, 1, 1, 1, 2, 1} // R, P, a, b, c(64), carry-in
			}
			return []int{2, 1, 1, 2, 1}
		}
	case "F2F", "I2F", "F2I", "I2I", "FRND":
		dst, src := convWidths(b, mods)
		return []int{dst, src}
	case "LDG", "LDS", "LDL", "LD", "LDC", "ATOMG", "ATOM", "ATOMS":
		return []int{dataWidth(mods), 1}
	case "STG", "STS", "STL", "ST", "RED":
		return []int{1, dataWidth(mods)}
	case "CS2R":
		return []int{2}
	}
	return []int{1}
}

// dataWidth is the registers of a memory access's data: .64 two, .128 four.
func dataWidth(mods []string) int {
	for _, m := range mods {
		switch m {
		case "64":
			return 2
		case "128":
			return 4
		}
	}
	return 1
}

// convWidths reads a conversion's destination and source widths from its
// type modifiers: for I2F the float type comes first and the integer type
// second (either may be left out: F32, S32); F2I the reverse; F2F and I2I
// give the destination then the source.
func convWidths(b string, mods []string) (dst, src int) {
	var floats, ints []string
	for _, m := range mods {
		switch m {
		case "F16", "F32", "F64", "BF16", "TF32":
			floats = append(floats, m)
		case "S8", "U8", "S16", "U16", "S32", "U32", "S64", "U64":
			ints = append(ints, m)
		}
	}
	w := func(t string) int {
		if strings.HasSuffix(t, "64") {
			return 2
		}
		return 1
	}
	first := func(ts []string, def string) string {
		if len(ts) > 0 {
			return ts[0]
		}
		return def
	}
	switch b {
	case "I2F":
		return w(first(floats, "F32")), w(first(ints, "S32"))
	case "F2I":
		return w(first(ints, "S32")), w(first(floats, "F32"))
	case "F2F", "FRND":
		switch len(floats) {
		case 0:
			return 1, 1
		case 1:
			return w(floats[0]), w(floats[0])
		}
		return w(floats[0]), w(floats[1])
	case "I2I":
		switch len(ints) {
		case 0:
			return 1, 1
		case 1:
			return w(ints[0]), 1
		}
		return w(ints[0]), w(ints[1])
	}
	return 1, 1
}

// branchTarget is the address a BRA, CALL or BSSY names, -1 when none.
func (in *sassInst) branchTarget() int {
	for i := len(in.args) - 1; i >= 0; i-- {
		a := in.args[i]
		if strings.HasPrefix(a, "0x") && !strings.Contains(a, "[") {
			v, err := strconv.ParseInt(a[2:], 16, 64)
			if err == nil {
				return int(v)
			}
		}
	}
	return -1
}

// conditional reports whether a branch depends on a predicate (a guard, or
// a predicate operand as in "BRA P1, 0x160" or "BRA !P2, 0x710").
func (in *sassInst) conditional() bool {
	if in.guard != "" && in.guard != "@PT" {
		return true
	}
	for _, a := range in.args {
		if isPred(a) && strings.TrimLeft(a, "!") != "PT" {
			return true
		}
	}
	return false
}
