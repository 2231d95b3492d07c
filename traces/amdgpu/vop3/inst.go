package vop3

import (
	"encoding/binary"
	"fmt"
)

// OMod is the output modifier applied to a floating-point result.
type OMod uint8

// Output modifiers, in field order (bits 60:59).
const (
	OModNone OMod = iota // no scaling
	OModMul2             // mul:2
	OModMul4             // mul:4
	OModDiv2             // div:2
)

// Inst is a decoded VOP3 instruction.
type Inst struct {
	Op      Opcode
	Dst     Operand    // VGPR destination (Width 2 for 64-bit results)
	SDst    Operand    // lane-mask destination of VOP3B rows, else KindNone
	Src     [3]Operand // sources in order; unused slots are KindNone
	Abs     uint8      // bit i: |src i|
	Neg     uint8      // bit i: -src i
	OpSel   uint8      // bits 0-2: high half of src i; bit 3: high half of dst
	Clamp   bool
	OMod    OMod
	Literal uint32 // the literal dword when a source is KindLiteral (an f64 literal is its high half)
}

// fieldErr is a validation failure tied to a part of the instruction, so a
// parser can point at the right column.
type fieldErr struct {
	slot int // one of the slot constants below
	msg  string
}

const (
	slotMnemonic = iota
	slotDst
	slotSDst
	slotSrc0
	slotSrc1
	slotSrc2
	slotOpSel
	slotClamp
	slotOMod
)

func (e *fieldErr) Error() string { return "vop3: " + e.msg }

func errAt(slot int, format string, args ...any) *fieldErr {
	return &fieldErr{slot: slot, msg: fmt.Sprintf(format, args...)}
}

// DecodeError reports bytes that are not a valid VOP3 instruction.
type DecodeError struct {
	Offset int // byte offset of the problem within the instruction
	Msg    string
}

// Error returns "vop3: byte N: message".
func (e *DecodeError) Error() string { return fmt.Sprintf("vop3: byte %d: %s", e.Offset, e.Msg) }

// Encode appends the machine code of in (8 bytes, or 12 with a literal) to
// dst. It checks every rule Assemble checks.
func Encode(g Gen, in *Inst, dst []byte) ([]byte, error) {
	if err := validate(g, in); err != nil {
		return dst, err
	}
	return appendWords(g, in, dst), nil
}

// appendWords emits a validated instruction.
func appendWords(g Gen, in *Inst, dst []byte) []byte {
	r := &rows[in.Op]
	op, _ := OpcodeIn(g, in.Op)
	prefix := uint32(0x34)
	if g.fam != GFX9 {
		prefix = 0x35
	}
	w0 := uint32(in.Dst.Reg) | uint32(op)<<16 | prefix<<26
	if in.Clamp {
		w0 |= 1 << 15
	}
	if r.carry {
		w0 |= uint32(srcCode(g, in.SDst)) << 8
	} else {
		w0 |= uint32(in.Abs&7)<<8 | uint32(in.OpSel&15)<<11
	}
	var w1 uint32
	lit := false
	for i, o := range in.Src {
		if o.Kind == KindNone {
			continue
		}
		w1 |= uint32(srcCode(g, o)) << (9 * i)
		lit = lit || o.Kind == KindLiteral
	}
	w1 |= uint32(in.OMod)<<27 | uint32(in.Neg&7)<<29
	dst = binary.LittleEndian.AppendUint32(dst, w0)
	dst = binary.LittleEndian.AppendUint32(dst, w1)
	if lit {
		dst = binary.LittleEndian.AppendUint32(dst, in.Literal)
	}
	return dst
}

// Decode decodes the VOP3 instruction at the start of b and returns it with
// the number of bytes it occupies (8 or 12).
func Decode(g Gen, b []byte) (Inst, int, error) {
	var in Inst
	if !g.valid() {
		return in, 0, &DecodeError{0, "invalid Gen (use ParseGen)"}
	}
	if len(b) < 8 {
		return in, 0, &DecodeError{len(b), fmt.Sprintf("truncated: a VOP3 instruction needs 8 bytes, have %d", len(b))}
	}
	w0 := binary.LittleEndian.Uint32(b)
	w1 := binary.LittleEndian.Uint32(b[4:])
	wantPrefix := uint32(0x34)
	if g.fam != GFX9 {
		wantPrefix = 0x35
	}
	if p := w0 >> 26; p != wantPrefix {
		return in, 0, &DecodeError{3, fmt.Sprintf("encoding prefix %#x is not VOP3 on %s (want %#x)", p, g.name, wantPrefix)}
	}
	opField := uint16(w0>>16) & 0x3ff
	in.Op = lookupOp(g, opField)
	if in.Op == OpInvalid {
		return in, 0, &DecodeError{2, fmt.Sprintf("unknown VOP3 opcode %#x on %s", opField, g.name)}
	}
	r := &rows[in.Op]
	n := in.Op.NumSrc()
	in.Clamp = w0&(1<<15) != 0
	in.OMod = OMod(w1 >> 27 & 3)
	in.Neg = uint8(w1 >> 29)
	dw := uint8(1)
	if r.dst64 {
		dw = 2
	}
	in.Dst = Operand{Kind: KindVGPR, Reg: uint16(w0 & 0xff), Width: dw}
	if r.carry {
		code := uint16(w0>>8) & 0x7f
		o, msg := decodeSrc(g, code, g.maskWidth())
		if msg != "" {
			return in, 0, &DecodeError{1, "scalar destination: " + msg}
		}
		in.SDst = o
	} else {
		in.Abs = uint8(w0>>8) & 7
		in.OpSel = uint8(w0>>11) & 15
	}
	size := 8
	for i := 0; i < 3; i++ {
		code := uint16(w1>>(9*i)) & 0x1ff
		if i >= n {
			if code != 0 {
				return in, 0, &DecodeError{4 + i, fmt.Sprintf("unused source field %d of %s holds %#x, want 0", i, r.name, code)}
			}
			continue
		}
		o, msg := decodeSrc(g, code, r.src[i].regs(g))
		if msg != "" {
			return in, 0, &DecodeError{4 + i, fmt.Sprintf("source %d: %s", i, msg)}
		}
		if o.Kind == KindLiteral {
			if g.fam == GFX9 {
				return in, 0, &DecodeError{4 + i, "source 255 (literal) is not allowed in VOP3 on GFX9"}
			}
			if len(b) < 12 {
				return in, 0, &DecodeError{len(b), "truncated: missing the 32-bit literal dword"}
			}
			in.Literal = binary.LittleEndian.Uint32(b[8:])
			if r.src[i] == tF16 && in.Literal > 0xffff {
				return in, 0, &DecodeError{8, fmt.Sprintf("f16 literal %#08x has a nonzero high half", in.Literal)}
			}
			size = 12
		}
		in.Src[i] = o
	}
	if err := validate(g, &in); err != nil {
		return Inst{}, 0, &DecodeError{fieldByte(err.slot), err.msg}
	}
	return in, size, nil
}

// fieldByte maps a validation slot to the byte holding that field.
func fieldByte(slot int) int {
	switch slot {
	case slotDst:
		return 0
	case slotSDst, slotOpSel, slotClamp:
		return 1
	case slotSrc0:
		return 4
	case slotSrc1:
		return 5
	case slotSrc2:
		return 6
	case slotOMod:
		return 7
	}
	return 2
}
