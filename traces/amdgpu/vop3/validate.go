package vop3

// validate checks every rule the assembler enforces.
func validate(g Gen, in *Inst) *fieldErr {
	if !g.valid() {
		return errAt(slotMnemonic, "invalid Gen (use ParseGen)")
	}
	if in.Op == OpInvalid || in.Op >= numOpcodes {
		return errAt(slotMnemonic, "invalid opcode %d", in.Op)
	}
	r := &rows[in.Op]
	if _, ok := OpcodeIn(g, in.Op); !ok {
		return errAt(slotMnemonic, "%s is not available on %s", r.name, g.name)
	}
	// Destination.
	want := uint8(1)
	if r.dst64 {
		want = 2
	}
	if in.Dst.Kind != KindVGPR || in.Dst.Width != want {
		return errAt(slotDst, "destination of %s must be a %d-bit VGPR", r.name, 32*int(want))
	}
	if msg := vgprCheck(g, in.Dst); msg != "" {
		return errAt(slotDst, "%s", msg)
	}
	if r.carry {
		if msg := sdstCheck(g, in.SDst); msg != "" {
			return errAt(slotSDst, "%s", msg)
		}
	} else if in.SDst.Kind != KindNone {
		return errAt(slotSDst, "%s has no scalar destination", r.name)
	}
	// Sources and their modifiers.
	n := in.Op.NumSrc()
	for i := 0; i < 3; i++ {
		o := in.Src[i]
		if i >= n {
			if o.Kind != KindNone || in.Abs&(1<<i) != 0 || in.Neg&(1<<i) != 0 {
				return errAt(slotSrc0+min(i, n), "%s takes %d source operands", r.name, n)
			}
			continue
		}
		if msg := srcCheck(g, r.src[i], o); msg != "" {
			return errAt(slotSrc0+i, "%s", msg)
		}
		if o.Kind == KindLiteral && r.src[i] == tF16 && in.Literal > 0xffff {
			return errAt(slotSrc0+i, "f16 literal %#x does not fit in 16 bits", in.Literal)
		}
		if o.Kind == KindLiteral && r.src[i] == tF64 && in.Literal >= 1 && in.Literal <= 64 {
			// The value is the denormal Literal<<32, but its only spelling,
			// an integer token, would read back as the inline integer.
			return errAt(slotSrc0+i, "f64 literal with high dword %#x has no unambiguous spelling", in.Literal)
		}
		if in.Abs&(1<<i) != 0 && r.mods&(abs0<<i) == 0 {
			if r.carry && r.mods&(neg0<<i) != 0 {
				return errAt(slotSrc0+i, "ABS not allowed in VOP3B instructions")
			}
			return errAt(slotSrc0+i, "abs modifier is not allowed on source %d of %s", i, r.name)
		}
		if in.Neg&(1<<i) != 0 && r.mods&(neg0<<i) == 0 {
			return errAt(slotSrc0+i, "neg modifier is not allowed on source %d of %s", i, r.name)
		}
	}
	if in.Abs > 7 || in.Neg > 7 {
		return errAt(slotSrc0, "modifier bits beyond source 2")
	}
	if in.OpSel != 0 && (r.mods&mOpSel == 0 || in.OpSel > 15) {
		return errAt(slotOpSel, "op_sel is not allowed on %s", r.name)
	}
	if in.Clamp && r.mods&mClamp == 0 {
		return errAt(slotClamp, "clamp is not allowed on %s", r.name)
	}
	if in.OMod != OModNone && (r.mods&mOMod == 0 || in.OMod > OModDiv2) {
		return errAt(slotOMod, "output modifier is not allowed on %s", r.name)
	}
	return busCheck(g, r, in)
}

// vgprCheck checks a VGPR's range and, on gfx90a and later CDNA, the
// alignment of 64-bit tuples.
func vgprCheck(g Gen, o Operand) string {
	if int(o.Reg)+int(o.Width)-1 > 255 {
		return "register index is out of range"
	}
	if o.Width == 2 && o.Reg%2 != 0 && g.has(featAlignedVGPR) {
		return "invalid register class: vgpr tuples must be 64 bit aligned"
	}
	return ""
}

// scalarRegCheck checks an SGPR, TTMP or named-pair operand of the given
// width (registers in a lane mask, a destination or a 64-bit source).
func scalarRegCheck(g Gen, o Operand, width uint8) string {
	if o.Width != width {
		return "invalid operand for instruction"
	}
	switch o.Kind {
	case KindSGPR:
		if int(o.Reg)+int(width)-1 > g.maxSGPR() {
			if int(o.Reg)+int(width)-1 > 105 {
				return "register index is out of range"
			}
			return "register not available on this GPU"
		}
		if width == 2 && o.Reg%2 != 0 {
			return "invalid register alignment"
		}
	case KindTTMP:
		if int(o.Reg)+int(width)-1 > 15 {
			return "register index is out of range"
		}
		if width == 2 && o.Reg%2 != 0 {
			return "invalid register alignment"
		}
	case KindVCC, KindEXEC, KindFlatScratch, KindXnackMask:
		if !o.Kind.availableIn(g) {
			return "register not available on this GPU"
		}
		if (width == 2 && o.Reg != 0) || o.Reg > 1 {
			return "invalid operand for instruction"
		}
	case KindM0:
		if width != 1 {
			return "invalid operand for instruction"
		}
	case KindNull:
		if !o.Kind.availableIn(g) {
			return "'null' operand is not supported on this GPU"
		}
	default:
		return "invalid operand for instruction"
	}
	return ""
}

// sdstCheck checks a VOP3B lane-mask destination.
func sdstCheck(g Gen, o Operand) string {
	switch o.Kind {
	case KindSGPR, KindTTMP, KindVCC, KindEXEC, KindFlatScratch, KindXnackMask, KindM0, KindNull:
		return scalarRegCheck(g, o, g.maskWidth())
	case KindNone:
		return "missing scalar destination"
	}
	return "invalid operand for instruction"
}

// srcCheck checks one source against its slot type.
func srcCheck(g Gen, t srcType, o Operand) string {
	if !o.Kind.availableIn(g) {
		switch o.Kind {
		case KindNull:
			return "'null' operand is not supported on this GPU"
		case KindVCCZ, KindEXECZ:
			return "execz and vccz are not supported on this GPU"
		}
		return "register not available on this GPU"
	}
	width := t.regs(g)
	switch o.Kind {
	case KindNone:
		return "missing source operand"
	case KindVGPR:
		if t == tMask {
			return "invalid operand for instruction"
		}
		if o.Width != width {
			return "invalid operand for instruction"
		}
		return vgprCheck(g, o)
	case KindSGPR, KindTTMP, KindVCC, KindFlatScratch, KindXnackMask, KindM0, KindNull:
		return scalarRegCheck(g, o, width)
	case KindEXEC:
		if t == tMask {
			return "invalid operand for instruction"
		}
		return scalarRegCheck(g, o, width)
	case KindSharedBase, KindSharedLimit, KindPrivateBase, KindPrivateLimit,
		KindPopsExitingWaveID, KindVCCZ, KindEXECZ, KindSCC:
		return ""
	case KindInlineInt:
		if t == tMask {
			return "invalid operand for instruction"
		}
		if o.Imm < -16 || o.Imm > 64 {
			return "inline integer constant out of range"
		}
		return ""
	case KindInlineFloat:
		if t == tMask {
			return "invalid operand for instruction"
		}
		if o.Imm < 0 || o.Imm > 8 {
			return "inline float index out of range"
		}
		return ""
	case KindLiteral:
		if t == tMask {
			return "invalid operand for instruction"
		}
		if g.fam == GFX9 {
			return "literal operands are not supported"
		}
		return ""
	}
	return "invalid operand kind"
}

// busCheck applies the literal and constant-bus rules: one unique literal
// (GFX10+), at most constantBusLimit distinct scalar reads, a literal read by
// operands of different sizes counting twice (LLVM AMDGPUAsmParser
// validateConstantBusLimitations / validateVOPLiteral).
func busCheck(g Gen, r *row, in *Inst) *fieldErr {
	type key struct {
		kind  OperandKind
		reg   uint16
		width uint8
	}
	var seen [4]key
	used := 0
	count := 0
	if r.vcc {
		// LLVM models the implicit read as the whole VCC even in wave32, so
		// an explicit vcc_lo is a second scalar value.
		seen[0] = key{KindVCC, 0, 2}
		used, count = 1, 1
	}
	litSize := 0
	limit := g.constantBusLimit()
	for i := 0; i < 3; i++ {
		o := in.Src[i]
		if o.Kind == KindLiteral {
			size := 4
			if r.src[i] == tF64 || r.src[i] == tB64 {
				size = 8
			}
			switch {
			case litSize == 0:
				litSize = size
				count++
			case litSize != size && litSize > 0:
				litSize = -1 // counts twice
				count++
			}
		} else if o.isScalar() {
			k := key{o.Kind, o.Reg, o.Width}
			dup := false
			for _, s := range seen[:used] {
				if s == k {
					dup = true
				}
			}
			if !dup {
				seen[used] = k
				used++
				count++
			}
		}
		if count > limit {
			return errAt(slotSrc0+i, "invalid operand (violates constant bus restrictions)")
		}
	}
	return nil
}
