package amdgpu

import (
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/traces/amdgpu/vop3"
	"math"
	"strconv"
	"strings"
)

// Lexing of AMDGPU assembly statements: splitting a statement into its
// mnemonic, comma-separated operands and trailing modifiers, and reading
// registers and numbers. Columns are 1-based byte offsets into the line.

// amdPiece is a piece of a statement and the column where it starts.
type amdPiece struct {
	s   string
	col int
}

// amdStripComment removes a `;` or `//` comment that is not inside a
// double-quoted string.
func amdStripComment(line string) string {
	inStr := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '"':
			inStr = !inStr
		case inStr && c == '\\':
			i++
		case !inStr && c == ';':
			return line[:i]
		case !inStr && c == '/' && i+1 < len(line) && line[i+1] == '/':
			return line[:i]
		}
	}
	return line
}

func amdIsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

// amdTrim returns s without surrounding blanks and the column shift of its
// start.
func amdTrim(p amdPiece) amdPiece {
	i, j := 0, len(p.s)
	for i < j && amdIsSpace(p.s[i]) {
		i++
	}
	for j > i && amdIsSpace(p.s[j-1]) {
		j--
	}
	return amdPiece{p.s[i:j], p.col + i}
}

// amdSplitOperands splits the text after a mnemonic into comma-separated
// operands (commas inside () or [] do not split) and the modifiers that
// follow the last operand, separated by blanks (`off offset:16 glc`). A
// statement without operands may still have modifiers (`global_wb
// scope:SCOPE_SE`): a first piece that is a modifier keyword starts the
// modifiers.
func amdSplitOperands(p amdPiece) (ops, mods []amdPiece) {
	p = amdTrim(p)
	if p.s == "" {
		return nil, nil
	}
	depth, start := 0, 0
	var pieces []amdPiece
	for i := 0; i < len(p.s); i++ {
		switch p.s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			if depth > 0 {
				depth--
			}
		case ',':
			if depth == 0 {
				pieces = append(pieces, amdTrim(amdPiece{p.s[start:i], p.col + start}))
				start = i + 1
			}
		}
	}
	last := amdTrim(amdPiece{p.s[start:], p.col + start})
	// The last piece: an operand, then blank-separated modifiers.
	words := amdWords(last)
	if len(words) > 0 {
		if amdIsModifier(words[0].s) && len(pieces) == 0 {
			return nil, words
		}
		pieces = append(pieces, words[0])
		mods = words[1:]
	} else {
		pieces = append(pieces, last)
	}
	return pieces, mods
}

// amdWords splits p at blanks outside () and [], keeping `a | b` chains and
// `x (y)` together only when joined without blanks.
func amdWords(p amdPiece) []amdPiece {
	var out []amdPiece
	depth, start := 0, -1
	for i := 0; i <= len(p.s); i++ {
		if i == len(p.s) || (depth == 0 && amdIsSpace(p.s[i])) {
			if start >= 0 {
				out = append(out, amdPiece{p.s[start:i], p.col + start})
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
		switch p.s[i] {
		case '(', '[':
			depth++
		case ')', ']':
			if depth > 0 {
				depth--
			}
		}
	}
	return out
}

// amdModifierNames are the keywords that may follow the operands.
var amdModifierNames = [...]string{
	"off", "offset", "offset0", "offset1", "glc", "slc", "dlc", "scc", "nv", "sc0", "sc1", "nt",
	"th", "scope", "gds", "lds", "clamp", "mul", "div", "op_sel", "op_sel_hi", "neg_lo", "neg_hi",
	"idxen", "offen", "addr64", "tfe", "swz", "row_shl", "row_shr", "row_ror", "row_mask",
	"bank_mask", "quad_perm", "row_mirror", "row_half_mirror", "bound_ctrl", "dpp8", "fi",
	"dst_sel", "src0_sel", "src1_sel", "dst_unused",
}

// amdIsModifier reports whether w is a modifier (`glc`, `offset:16`).
func amdIsModifier(w string) bool {
	name, _, _ := strings.Cut(w, ":")
	for _, m := range amdModifierNames {
		if m == name {
			return true
		}
	}
	return false
}

// amdNumber is a numeric token: an integer (Int, with Neg) or a float.
type amdNumber struct {
	isFloat bool
	neg     bool
	mag     uint64  // integer magnitude
	f       float64 // float value, sign included
}

// int64 returns the integer value (two's complement when it does not fit).
func (n amdNumber) int64() int64 {
	if n.neg {
		return -int64(n.mag)
	}
	return int64(n.mag)
}

// amdParseNumber reads a whole token as a number: decimal, 0x hex, 0b
// binary, or a float (1.0, -0.5, 1e10, 0.15915494). ok is false when s is
// not a number.
func amdParseNumber(s string) (n amdNumber, ok bool) {
	if s == "" {
		return n, false
	}
	if s[0] == '-' || s[0] == '+' {
		n.neg = s[0] == '-'
		s = strings.TrimLeft(s[1:], " \t")
	}
	if s == "" {
		return n, false
	}
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		v, err := strconv.ParseUint(s[2:], 16, 64)
		if err != nil {
			return n, false
		}
		n.mag = v
		return n, true
	}
	if len(s) > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B') {
		v, err := strconv.ParseUint(s[2:], 2, 64)
		if err != nil {
			return n, false
		}
		n.mag = v
		return n, true
	}
	if s[0] < '0' || s[0] > '9' {
		if s[0] != '.' {
			return n, false
		}
	}
	if strings.ContainsAny(s, ".eE") {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return n, false
		}
		n.isFloat = true
		n.f = f
		if n.neg {
			n.f = -f
		}
		return n, true
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return n, false
	}
	n.mag = v
	return n, true
}

// amdReg is a parsed register name.
type amdReg struct {
	kind  traces.OperandKind // OpdVGPR or OpdSGPR (OpdSCC/OpdVCCZ/OpdEXECZ for those)
	reg   int
	count int
	name  string // what was written, for messages
	ttmp  bool
	spec  traces.SpecialReg // aperture registers (kind OpdSpecial)
}

// amdParseReg reads a register name (vop3.ReadRegister, the register
// reader the VOP3 codec shares): v5, v[0:1], s[4:7], ttmp9, vcc, vcc_lo,
// exec_hi, m0, null, scc/src_scc, src_vccz, src_execz, and the aperture
// registers. ok is false when s is not a register; msg explains a malformed
// one or one gpusim does not support.
func amdParseReg(s string) (r amdReg, ok bool, msg string) {
	r.name = s
	o, e := vop3.ReadRegister(s)
	switch e {
	case vop3.RegNotRegister:
		return r, false, ""
	case vop3.RegMalformed:
		return r, true, "malformed register range " + s
	case vop3.RegAccumulation:
		return r, true, "accumulation registers (" + s + ") are not supported yet"
	case vop3.RegUnsupported:
		return r, true, "register " + s + " is not supported yet"
	case vop3.RegOutOfRange:
		file := "SGPR"
		switch {
		case strings.HasPrefix(s, "ttmp"):
			file = "TTMP"
		case s[0] == 'v':
			file = "VGPR"
		}
		return r, true, file + " index out of range in " + s
	}
	r.count = int(o.Width)
	sgpr := func(reg int) (amdReg, bool, string) {
		r.kind, r.reg = traces.OpdSGPR, reg+int(o.Reg)
		return r, true, ""
	}
	switch o.Kind {
	case vop3.KindVGPR:
		r.kind, r.reg = traces.OpdVGPR, int(o.Reg)
		return r, true, ""
	case vop3.KindSGPR:
		return sgpr(0)
	case vop3.KindTTMP:
		r.ttmp = true
		return sgpr(traces.AMDRegTTMP0)
	case vop3.KindVCC:
		return sgpr(traces.AMDRegVCCLo)
	case vop3.KindEXEC:
		return sgpr(traces.AMDRegExecLo)
	case vop3.KindM0:
		return sgpr(traces.AMDRegM0)
	case vop3.KindNull:
		return sgpr(traces.AMDRegNull)
	case vop3.KindSCC:
		r.kind, r.count = traces.OpdSCC, 1
		return r, true, ""
	case vop3.KindVCCZ:
		r.kind, r.count = traces.OpdVCCZ, 1
		return r, true, ""
	case vop3.KindEXECZ:
		r.kind, r.count = traces.OpdEXECZ, 1
		return r, true, ""
	case vop3.KindSharedBase, vop3.KindSharedLimit, vop3.KindPrivateBase, vop3.KindPrivateLimit:
		r.kind, r.count = traces.OpdSpecial, 1
		switch o.Kind {
		case vop3.KindSharedBase:
			r.spec = traces.SRegAMDSharedBase
		case vop3.KindSharedLimit:
			r.spec = traces.SRegAMDSharedLimit
		case vop3.KindPrivateBase:
			r.spec = traces.SRegAMDPrivateBase
		default:
			r.spec = traces.SRegAMDPrivateLimit
		}
		return r, true, ""
	}
	// flat_scratch, xnack_mask, src_pops_exiting_wave_id.
	return r, true, "register " + s + " is not supported yet"
}

// amdIsIdent reports whether s is a symbol name (a label): letters, digits,
// '_', '.', '$', not starting with a digit.
func amdIsIdent(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '$') {
			return false
		}
	}
	return true
}

// amdCall splits `name(args)` into name and the text between the
// parentheses; ok is false when s has no such shape.
func amdCall(s string) (name, args string, ok bool) {
	i := strings.IndexByte(s, '(')
	if i <= 0 || !strings.HasSuffix(s, ")") {
		return "", "", false
	}
	return strings.TrimSpace(s[:i]), s[i+1 : len(s)-1], true
}
