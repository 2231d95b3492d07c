package traces

import (
	"fmt"
	"strings"
)

// Warp-level matrix instructions (wmma.*, mma, ldmatrix, stmatrix,
// movmatrix) and asynchronous copies (cp.async*, mbarrier*): the decoded
// qualifiers they carry beyond Inst's common fields, the forms PTX defines
// (one table, read by the front end, the executor and the machine-model key
// check) and the vector operands their fragments are.
//
// Facts follow the PTX ISA manual (NVIDIA, "Parallel Thread Execution ISA",
// versions 6.0-8.5), section 9.7.13 "Warp Level Matrix Multiply-Accumulate
// Instructions" (9.7.14 from ISA 8.x on) and 9.7.9.25 "Data Movement and
// Conversion Instructions: cp.async" with 9.7.12.15 "mbarrier"; every form
// row below names its minimum target and PTX ISA as the "Target ISA Notes"
// and "PTX ISA Notes" of its instruction give them.

// OpdVec (ir.go) is a vector of value registers, the fragment operand of a
// matrix instruction ({%r1, %r2, ...}): Kernel.Vecs[Reg : Reg+Imm] are the
// registers, in the order written.

// VecRegs returns the registers of vector operand o (Kind OpdVec) of a
// kernel.
func (k *Kernel) VecRegs(o *Operand) []int32 {
	return k.Vecs[o.Reg : o.Reg+int32(o.Imm)]
}

// MatShape is the shape qualifier of a matrix instruction.
type MatShape uint8

// Shapes.
const (
	ShapeNone MatShape = iota
	ShapeM8N8          // ldmatrix, stmatrix, movmatrix: 8x8 matrices of 16-bit elements
	ShapeM16N16K16
	ShapeM32N8K16
	ShapeM8N32K16
	ShapeM16N16K8
	ShapeM8N8K4
	ShapeM8N8K16
	ShapeM8N8K32
	ShapeM8N8K128
	ShapeM16N8K4
	ShapeM16N8K8
	ShapeM16N8K16
	ShapeM16N8K32
	ShapeM16N8K64
	ShapeM16N8K128
	ShapeM16N8K256
	numShapes
)

var shapeDims = [numShapes][3]int{
	ShapeM8N8: {8, 8, 0}, ShapeM16N16K16: {16, 16, 16}, ShapeM32N8K16: {32, 8, 16}, ShapeM8N32K16: {8, 32, 16},
	ShapeM16N16K8: {16, 16, 8}, ShapeM8N8K4: {8, 8, 4}, ShapeM8N8K16: {8, 8, 16}, ShapeM8N8K32: {8, 8, 32},
	ShapeM8N8K128: {8, 8, 128}, ShapeM16N8K4: {16, 8, 4}, ShapeM16N8K8: {16, 8, 8}, ShapeM16N8K16: {16, 8, 16},
	ShapeM16N8K32: {16, 8, 32}, ShapeM16N8K64: {16, 8, 64}, ShapeM16N8K128: {16, 8, 128}, ShapeM16N8K256: {16, 8, 256},
}

// M, N and K are the shape's dimensions (K is 0 for .m8n8).
func (s MatShape) M() int { return shapeDims[s%numShapes][0] }
func (s MatShape) N() int { return shapeDims[s%numShapes][1] }
func (s MatShape) K() int { return shapeDims[s%numShapes][2] }

// String is the qualifier without its dot ("m16n8k16").
func (s MatShape) String() string {
	if s == ShapeNone || s >= numShapes {
		return ""
	}
	d := shapeDims[s]
	if d[2] == 0 {
		return fmt.Sprintf("m%dn%d", d[0], d[1])
	}
	return fmt.Sprintf("m%dn%dk%d", d[0], d[1], d[2])
}

// ShapeByName returns the shape of a qualifier without its dot.
func ShapeByName(s string) (MatShape, bool) {
	for sh := ShapeM8N8; sh < numShapes; sh++ {
		if sh.String() == s {
			return sh, true
		}
	}
	return ShapeNone, false
}

// MatElem is the element type of a matrix operand.
type MatElem uint8

// Element types.
const (
	ElemNone MatElem = iota
	ElemF16
	ElemBF16
	ElemTF32
	ElemF32
	ElemF64
	ElemS8
	ElemU8
	ElemS4
	ElemU4
	ElemB1
	ElemS32
	ElemB16
	numElems
)

var elemNames = [numElems]string{"", "f16", "bf16", "tf32", "f32", "f64", "s8", "u8", "s4", "u4", "b1", "s32", "b16"}
var elemBits = [numElems]int{0, 16, 16, 32, 32, 64, 8, 8, 4, 4, 1, 32, 16}

func (e MatElem) String() string {
	if e < numElems {
		return elemNames[e]
	}
	return "?"
}

// Bits is the width of one element in memory and in a register.
func (e MatElem) Bits() int {
	if e < numElems {
		return elemBits[e]
	}
	return 0
}

// ElemByName returns the element type of a type suffix without its dot.
func ElemByName(s string) (MatElem, bool) {
	for e := ElemF16; e < numElems; e++ {
		if elemNames[e] == s {
			return e, true
		}
	}
	return ElemNone, false
}

// Fragments of wmma.load and wmma.store (.a, .b, .c, .d).
const (
	FragNone uint8 = iota
	FragA
	FragB
	FragC
	FragD
)

// Matrix layouts.
const (
	LayoutNone uint8 = iota
	LayoutRow
	LayoutCol
)

// Single-bit operations (.xor.popc, .and.popc).
const (
	BitNone uint8 = iota
	BitXor
	BitAnd
)

// Matrix holds the qualifiers of a matrix instruction (zero for every
// other instruction).
//   - wmma.load/wmma.store: Shape, Frag, ALayout (the memory layout), A the
//     element type; Dst[0] (load) or Src[1] (store) the fragment vector,
//     Src[0] the address, an optional stride after it.
//   - wmma.mma and mma: Shape, ALayout, BLayout, the four element types,
//     BitOp for single-bit forms; Dst[0] = d, Src[0..3) = a, b, c, each an
//     OpdVec. Inst.Rnd is the rounding of the f64 forms, FlagSatFinite the
//     integer saturation.
//   - ldmatrix/stmatrix: Shape (.m8n8), Num (1, 2 or 4 matrices), Trans, A
//     (.b16); ldmatrix Dst[0] the vector, Src[0] the address; stmatrix
//     Src[0] the address, Src[1] the vector. movmatrix: Dst[0] = d, Src[0]
//     = a (one register each).
type Matrix struct {
	Shape            MatShape
	Frag             uint8
	ALayout, BLayout uint8
	D, A, B, C       MatElem
	Num              uint8
	Trans            bool
	BitOp            uint8
}

// Key is the machine-model key suffix of a multiply-accumulate:
// shape.dtype.atype ("m16n8k16.f32.f16"), the facts its rate depends on.
func (m *Matrix) Key() string {
	return m.Shape.String() + "." + m.D.String() + "." + m.A.String()
}

// MMAForm is one multiply-accumulate form PTX defines: shape, element
// types, whether any layout pair is allowed (else .row.col only), the
// single-bit operation, and the minimum target and PTX ISA.
type MMAForm struct {
	Shape      MatShape
	D, A, B, C MatElem
	AnyLayout  bool
	BitOp      uint8
	Need       Need
}

// mmaForms lists every mma.sync form gpusim executes (PTX ISA "mma"
// syntax tables and Target ISA Notes). FP8 and sparse forms are not
// listed (the front end says they are not supported).
var mmaForms = func() []MMAForm {
	var out []MMAForm
	halves := []MatElem{ElemF16, ElemF32}
	for _, f := range []struct {
		s    MatShape
		any  bool
		need Need
	}{{ShapeM8N8K4, true, Need{70, 64}}, {ShapeM16N8K8, false, Need{75, 65}}, {ShapeM16N8K16, false, Need{80, 70}}} {
		// ptxas (CUDA 11.8): .m16n8k8 and .m16n8k16 take .dtype = .ctype;
		// .m8n8k4 any pair but .f16 results from .f32 accumulators.
		for _, d := range halves {
			for _, c := range halves {
				if d != c && (!f.any || d == ElemF16) {
					continue
				}
				out = append(out, MMAForm{Shape: f.s, D: d, A: ElemF16, B: ElemF16, C: c, AnyLayout: f.any, Need: f.need})
			}
		}
	}
	for _, s := range []MatShape{ShapeM16N8K8, ShapeM16N8K16} {
		out = append(out, MMAForm{Shape: s, D: ElemF32, A: ElemBF16, B: ElemBF16, C: ElemF32, Need: Need{80, 70}})
	}
	for _, s := range []MatShape{ShapeM16N8K4, ShapeM16N8K8} {
		out = append(out, MMAForm{Shape: s, D: ElemF32, A: ElemTF32, B: ElemTF32, C: ElemF32, Need: Need{80, 70}})
	}
	out = append(out, MMAForm{Shape: ShapeM8N8K4, D: ElemF64, A: ElemF64, B: ElemF64, C: ElemF64, Need: Need{80, 70}})
	for _, f := range []struct {
		s    MatShape
		ints []MatElem
		need Need
	}{
		{ShapeM8N8K16, []MatElem{ElemS8, ElemU8}, Need{75, 65}}, {ShapeM16N8K16, []MatElem{ElemS8, ElemU8}, Need{80, 70}},
		{ShapeM16N8K32, []MatElem{ElemS8, ElemU8}, Need{80, 70}}, {ShapeM8N8K32, []MatElem{ElemS4, ElemU4}, Need{75, 65}},
		{ShapeM16N8K32, []MatElem{ElemS4, ElemU4}, Need{80, 70}}, {ShapeM16N8K64, []MatElem{ElemS4, ElemU4}, Need{80, 70}},
	} {
		for _, a := range f.ints {
			for _, b := range f.ints {
				out = append(out, MMAForm{Shape: f.s, D: ElemS32, A: a, B: b, C: ElemS32, Need: f.need})
			}
		}
	}
	for _, f := range []struct {
		s    MatShape
		need Need
	}{{ShapeM8N8K128, Need{75, 70}}, {ShapeM16N8K128, Need{80, 70}}, {ShapeM16N8K256, Need{80, 70}}} {
		out = append(out, MMAForm{Shape: f.s, D: ElemS32, A: ElemB1, B: ElemB1, C: ElemS32, BitOp: BitXor, Need: f.need})
		out = append(out, MMAForm{Shape: f.s, D: ElemS32, A: ElemB1, B: ElemB1, C: ElemS32, BitOp: BitAnd, Need: Need{80, 71}})
	}
	return out
}()

// wmmaForms lists every wmma.mma form (PTX ISA "wmma.mma" syntax and
// Target ISA Notes): any layout pair except for the sub-byte and
// single-bit shapes (.row.col only).
var wmmaForms = func() []MMAForm {
	var out []MMAForm
	halves := []MatElem{ElemF16, ElemF32}
	for _, s := range []MatShape{ShapeM16N16K16, ShapeM32N8K16, ShapeM8N32K16} {
		need := Need{70, 61}
		if s == ShapeM16N16K16 {
			need = Need{70, 60}
		}
		for _, d := range halves {
			for _, c := range halves {
				out = append(out, MMAForm{Shape: s, D: d, A: ElemF16, B: ElemF16, C: c, AnyLayout: true, Need: need})
			}
		}
		out = append(out, MMAForm{Shape: s, D: ElemF32, A: ElemBF16, B: ElemBF16, C: ElemF32, AnyLayout: true, Need: Need{80, 70}})
		for _, e := range []MatElem{ElemS8, ElemU8} {
			out = append(out, MMAForm{Shape: s, D: ElemS32, A: e, B: e, C: ElemS32, AnyLayout: true, Need: Need{72, 63}})
		}
	}
	out = append(out, MMAForm{Shape: ShapeM16N16K8, D: ElemF32, A: ElemTF32, B: ElemTF32, C: ElemF32, AnyLayout: true, Need: Need{80, 70}})
	out = append(out, MMAForm{Shape: ShapeM8N8K4, D: ElemF64, A: ElemF64, B: ElemF64, C: ElemF64, AnyLayout: true, Need: Need{80, 70}})
	for _, e := range []MatElem{ElemS4, ElemU4} {
		out = append(out, MMAForm{Shape: ShapeM8N8K32, D: ElemS32, A: e, B: e, C: ElemS32, Need: Need{75, 63}})
	}
	out = append(out, MMAForm{Shape: ShapeM8N8K128, D: ElemS32, A: ElemB1, B: ElemB1, C: ElemS32, BitOp: BitXor, Need: Need{75, 63}})
	out = append(out, MMAForm{Shape: ShapeM8N8K128, D: ElemS32, A: ElemB1, B: ElemB1, C: ElemS32, BitOp: BitAnd, Need: Need{80, 71}})
	return out
}()

// MMAForms lists the multiply-accumulate forms of mma (wmma false) or
// wmma.mma (wmma true).
func MMAForms(wmma bool) []MMAForm {
	if wmma {
		return wmmaForms
	}
	return mmaForms
}

// LookupMMA finds the form of a multiply-accumulate with these qualifiers.
func LookupMMA(wmma bool, m *Matrix) (*MMAForm, bool) {
	for i, f := range MMAForms(wmma) {
		if f.Shape == m.Shape && f.D == m.D && f.A == m.A && f.B == m.B && f.C == m.C && f.BitOp == m.BitOp {
			return &MMAForms(wmma)[i], true
		}
	}
	return nil, false
}

// WmmaFragForm is the element type a wmma.load/store fragment of a shape
// may have, with the minimum target and PTX ISA (PTX ISA "wmma.load"
// syntax and Target ISA Notes).
type WmmaFragForm struct {
	Shape MatShape
	Frag  uint8 // FragA, FragB or FragC (stores: FragD, the same types as C)
	Elem  MatElem
	// RowOnly: the fragment has one layout (sub-byte and single-bit A is
	// .row, B .col).
	Layout uint8
	Need   Need
}

var wmmaFragForms = func() []WmmaFragForm {
	var out []WmmaFragForm
	for _, s := range []MatShape{ShapeM16N16K16, ShapeM32N8K16, ShapeM8N32K16} {
		need := Need{70, 61}
		if s == ShapeM16N16K16 {
			need = Need{70, 60}
		}
		for _, f := range []uint8{FragA, FragB} {
			out = append(out, WmmaFragForm{Shape: s, Frag: f, Elem: ElemF16, Need: need},
				WmmaFragForm{Shape: s, Frag: f, Elem: ElemBF16, Need: Need{80, 70}},
				WmmaFragForm{Shape: s, Frag: f, Elem: ElemS8, Need: Need{72, 63}},
				WmmaFragForm{Shape: s, Frag: f, Elem: ElemU8, Need: Need{72, 63}})
		}
		out = append(out, WmmaFragForm{Shape: s, Frag: FragC, Elem: ElemF16, Need: need},
			WmmaFragForm{Shape: s, Frag: FragC, Elem: ElemF32, Need: need},
			WmmaFragForm{Shape: s, Frag: FragC, Elem: ElemS32, Need: Need{72, 63}})
	}
	for _, f := range []uint8{FragA, FragB} {
		out = append(out, WmmaFragForm{Shape: ShapeM16N16K8, Frag: f, Elem: ElemTF32, Need: Need{80, 70}},
			WmmaFragForm{Shape: ShapeM8N8K4, Frag: f, Elem: ElemF64, Need: Need{80, 70}})
	}
	out = append(out, WmmaFragForm{Shape: ShapeM16N16K8, Frag: FragC, Elem: ElemF32, Need: Need{80, 70}},
		WmmaFragForm{Shape: ShapeM8N8K4, Frag: FragC, Elem: ElemF64, Need: Need{80, 70}})
	for _, s := range []struct {
		sh MatShape
		es []MatElem
	}{{ShapeM8N8K32, []MatElem{ElemS4, ElemU4}}, {ShapeM8N8K128, []MatElem{ElemB1}}} {
		for _, e := range s.es {
			out = append(out, WmmaFragForm{Shape: s.sh, Frag: FragA, Elem: e, Layout: LayoutRow, Need: Need{75, 63}},
				WmmaFragForm{Shape: s.sh, Frag: FragB, Elem: e, Layout: LayoutCol, Need: Need{75, 63}})
		}
		out = append(out, WmmaFragForm{Shape: s.sh, Frag: FragC, Elem: ElemS32, Need: Need{75, 63}})
	}
	return out
}()

// LookupWmmaFrag finds the wmma.load/store form of a fragment (a store's
// .d fragment is looked up as .c).
func LookupWmmaFrag(shape MatShape, frag uint8, e MatElem) (*WmmaFragForm, bool) {
	if frag == FragD {
		frag = FragC
	}
	for i := range wmmaFragForms {
		f := &wmmaFragForms[i]
		if f.Shape == shape && f.Frag == frag && f.Elem == e {
			return f, true
		}
	}
	return nil, false
}

// MatrixKeys lists every machine-model key an instruction of opcode o can
// have when its row keys it by shape (mma, wmma.mma): mnemonic.shape.dtype.atype.
func MatrixKeys(o Opcode) []string {
	p := PTXOp(o)
	if p == nil || !p.ShapeKey {
		return nil
	}
	seen := map[string]bool{}
	var out []string
	for _, f := range MMAForms(strings.HasPrefix(p.Name, "wmma")) {
		m := Matrix{Shape: f.Shape, D: f.D, A: f.A}
		k := p.Name + "." + m.Key()
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// Async-copy and mbarrier sub-modes, in Inst.Mode of their opcodes.
const (
	// cp.async: the cache operator.
	CpAsyncCA Mode = 1
	CpAsyncCG Mode = 2
	// cp.async.bulk: the direction and completion mechanism.
	BulkG2SMbar Mode = 1 // .shared::cluster.global.mbarrier::complete_tx::bytes
	BulkS2G     Mode = 2 // .global.shared::cta.bulk_group
	BulkS2SMbar Mode = 3 // .shared::cluster.shared::cta.mbarrier::complete_tx::bytes
	// mbarrier: a set of bits.
	MbarParity     Mode = 1 << 0 // .parity (test_wait, try_wait)
	MbarExpectTx   Mode = 1 << 1 // arrive.expect_tx
	MbarNoComplete Mode = 1 << 2 // arrive.noComplete, arrive_drop.noComplete
	MbarNoInc      Mode = 1 << 3 // cp.async.mbarrier.arrive.noinc
	MbarCluster    Mode = 1 << 4 // the .shared::cluster window (one-CTA clusters: the CTA's own)
	// createpolicy.
	PolicyFractional Mode = 1
	PolicyRange      Mode = 2
	PolicyCvt        Mode = 3
)

// FragRegs is the number of registers of fragment frag (FragA, FragB, or
// FragC/FragD for the accumulators) of element type e in a
// multiply-accumulate of the shape: M*K, K*N or M*N elements spread over
// the warp's 32 lanes, packed into 32-bit registers (f64 takes a 64-bit
// register each). Two forms differ, as the PTX fragment tables give them:
// mma.m8n8k4 with .f16 multiplicands runs four 8x8x4 products, one per quad-pair, so
// each lane holds 4 elements of A and B and 8 of C; and wmma's .f16 A and B
// fragments are eight .f16x2 registers whatever the shape.
func FragRegs(wmma bool, shape MatShape, frag uint8, e MatElem) int {
	var elems int
	m, n, k := shape.M(), shape.N(), shape.K()
	switch frag {
	case FragA:
		elems = m * k / 32
	case FragB:
		elems = k * n / 32
	default:
		elems = m * n / 32
	}
	if shape == ShapeM8N8K4 && e != ElemF64 && !wmma {
		elems = 4
		if frag == FragC || frag == FragD {
			elems = 8
		}
	}
	if wmma && e == ElemF16 && (frag == FragA || frag == FragB) {
		return 8
	}
	if e == ElemF64 {
		return elems
	}
	return max(1, (elems*e.Bits()+31)/32)
}

// FragRegType is the register type of a fragment of element type e: the
// PTX type its registers are checked against (.f16x2 for f16, .f32, .s32,
// .f64, else .b32).
func FragRegType(e MatElem) Type {
	switch e {
	case ElemF16:
		return F16x2
	case ElemF32:
		return F32
	case ElemS32:
		return S32
	case ElemF64:
		return F64
	}
	return B32
}
