package traces

// The PTX video instructions (vadd, vsub, vabsdiff, vmin, vmax, vshl,
// vshr, vmad, vset and the SIMD forms vadd2 ... vset4) and how their
// modifiers and operand selectors sit in an Inst.
//
//   - Type is the destination type (.u32 for vset, whose result is always
//     unsigned), Type2 the type of a; Mode holds the rest (VideoMode).
//   - Src[0], Src[1] are a and b, Src[2] c when written (NSrc 2 or 3);
//     Dst[0] is d. A register operand's Imm holds its selector (scalar
//     forms: VSel*, the .asel/.bsel/.dsel suffix; SIMD forms: a VSIMD
//     code, the .hxy/.bxyzw selector or the destination's .mask); Neg on
//     a source is vmad's negation (-a, -b, -c).
//   - The secondary operation (.add, .min, .max) is Inst.Atom (AtomAdd,
//     AtomMin, AtomMax); .sat is FlagSat; vset's comparison is Cmp; the
//     shift mode of vshl/vshr is FlagShiftClamp (.clamp; else .wrap).

// Video mode bits (Inst.Mode of a video instruction).
const (
	VideoBSigned Mode = 1 << iota // .btype is .s32
	VideoShr7                     // vmad .shr7
	VideoShr15                    // vmad .shr15
	VideoPlusOne                  // vmad .po
)

// Scalar selectors (Operand.Imm of a scalar video instruction's register
// operand).
const (
	VSelNone uint64 = iota // the whole word
	VSelB0
	VSelB1
	VSelB2
	VSelB3
	VSelH0
	VSelH1
)

// VSIMD marks an explicit SIMD selector or mask in Operand.Imm (0 means
// the default). A source selector holds one 3-bit digit per element,
// element 0 in the low bits: the byte (vop4: 0..7 of the pair {b, a}) or
// half-word (vop2: 0..3) the element comes from. A destination mask holds
// one bit per element written.
const VSIMD uint64 = 1 << 16
