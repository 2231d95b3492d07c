package vop3

import (
	"github.com/gpusim/gpusim/traces"
	"strconv"
)

// Format returns the canonical text of in, exactly as llvm-mc-19 prints it.
// in should come from Decode or a successful Encode.
func Format(g Gen, in *Inst) string {
	return string(AppendText(nil, g, in))
}

// AppendText appends the canonical text of in to b.
func AppendText(b []byte, g Gen, in *Inst) []byte {
	if in.Op == OpInvalid || in.Op >= numOpcodes {
		return append(b, "<invalid>"...)
	}
	r := &rows[in.Op]
	b = append(b, Mnemonic(g, in.Op)...)
	b = append(b, ' ')
	b = regName(b, in.Dst)
	if r.carry {
		b = append(b, ", "...)
		b = regName(b, in.SDst)
	}
	n := in.Op.NumSrc()
	for i := 0; i < n; i++ {
		b = append(b, ", "...)
		b = appendSrc(b, r.src[i], in.Src[i], in.Abs&(1<<i) != 0, in.Neg&(1<<i) != 0, in.Literal)
	}
	if in.OpSel != 0 {
		b = append(b, " op_sel:["...)
		for i := 0; i < n; i++ {
			b = append(b, '0'+in.OpSel>>i&1, ',')
		}
		b = append(b, '0'+in.OpSel>>3&1, ']')
	}
	if in.Clamp {
		b = append(b, " clamp"...)
	}
	switch in.OMod {
	case OModMul2:
		b = append(b, " mul:2"...)
	case OModMul4:
		b = append(b, " mul:4"...)
	case OModDiv2:
		b = append(b, " div:2"...)
	}
	return b
}

// appendSrc prints a source with its modifiers. Like LLVM, a negated
// immediate without abs is written neg(x), since -1 is not neg(1).
func appendSrc(b []byte, t srcType, o Operand, abs, neg bool, lit uint32) []byte {
	negFn := neg && !abs && o.isConst()
	if negFn {
		b = append(b, "neg("...)
	} else if neg {
		b = append(b, '-')
	}
	if abs {
		b = append(b, '|')
	}
	switch o.Kind {
	case KindInlineInt:
		b = strconv.AppendInt(b, int64(o.Imm), 10)
	case KindInlineFloat:
		b = append(b, inlineFloatText(t, int(o.Imm))...)
	case KindLiteral:
		b = appendLiteral(b, t, lit)
	default:
		b = regName(b, o)
	}
	if abs {
		b = append(b, '|')
	}
	if negFn {
		b = append(b, ')')
	}
	return b
}

// appendLiteral spells a literal dword the way LLVM's printer does: as the
// operand value, so a literal that holds an inline value (only a
// non-minimal encoding can) is spelled like the inline constant. An f64
// literal is the high dword of the value; an f16 literal its low half.
func appendLiteral(b []byte, t srcType, lit uint32) []byte {
	if i, f, ok := literalAsInline(t, lit); ok {
		if f {
			return append(b, inlineFloatText(t, i)...)
		}
		return strconv.AppendInt(b, int64(i), 10)
	}
	if t == tF16 {
		lit &= 0xffff
	}
	b = append(b, "0x"...)
	return strconv.AppendUint(b, uint64(lit), 16)
}

// literalAsInline reports whether the value a literal gives an operand of
// type t is an inline constant: an integer (f false) or inline float index.
func literalAsInline(t srcType, lit uint32) (i int, f, ok bool) {
	switch t {
	case tF32, tB32:
		if v := int32(lit); v >= -16 && v <= 64 {
			return int(v), false, true
		}
		for k, c := range traces.AMDInlineFloats() {
			p := c.F32
			if p == lit {
				return k, true, true
			}
		}
	case tF16:
		h := uint16(lit)
		if v := int16(h); v >= -16 && v <= 64 {
			return int(v), false, true
		}
		for k, c := range traces.AMDInlineFloats() {
			p := c.F16
			if p == h {
				return k, true, true
			}
		}
	case tF64:
		if lit == 0 {
			return 0, false, true
		}
		for k, c := range traces.AMDInlineFloats() {
			p := c.F64
			if p == uint64(lit)<<32 {
				return k, true, true
			}
		}
	case tB64:
		if lit <= 64 {
			return int(lit), false, true
		}
	}
	return 0, false, false
}

// inlineFloatText spells inline constant i for an operand of type t.
func inlineFloatText(t srcType, i int) string {
	switch i {
	case 0:
		return "0.5"
	case 1:
		return "-0.5"
	case 2:
		return "1.0"
	case 3:
		return "-1.0"
	case 4:
		return "2.0"
	case 5:
		return "-2.0"
	case 6:
		return "4.0"
	case 7:
		return "-4.0"
	case 8:
		if t == tF64 || t == tB64 {
			return "0.15915494309189532"
		}
		return "0.15915494"
	}
	return "?"
}
