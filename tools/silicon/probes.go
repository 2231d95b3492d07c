package main

import "github.com/gpusim/gpusim/alu"

// The record probes: instructions whose whole input space is too large to
// sweep (or whose interesting inputs are few), run on a few million
// generated inputs each (probe_inputs.go), every special value included. The
// stream carries each record's input beside the output, so nothing depends on
// the capture program regenerating inputs; the comparer still regenerates
// them and reports any record whose input differs (a harness fault).
//
// Each model is called exactly as gpusim's warp package calls it for the PTX
// instruction (warp/float.go fpMode, warp/intops.go): NVIDIA's f32
// arithmetic returns the canonical NaN 0x7fffffff; f64 arithmetic is
// modelled (provisionally) as IEEE propagation of the first NaN operand,
// quieted, with 0xfff8000000000000 for an invalid operation; integer
// division by zero gives all ones.

var (
	// mF32 is the alu mode of an f32 .rn instruction without .ftz.
	mF32 = alu.Mode(alu.RoundNearestEven, alu.CanonicalNaN)
	// mF64 is the alu mode of an f64 .rn instruction.
	mF64 = alu.Mode(alu.RoundNearestEven, 0)
)

// unaryF32 adapts an alu f32 function to a record model.
func unaryF32(fn func(uint32) uint32) func([]byte) uint64 {
	return func(in []byte) uint64 { return uint64(fn(le32(in))) }
}

func probeForms() []Form {
	const n22, n16 = 1 << 22, 1 << 16
	type unary struct {
		id     FormID
		name   string
		model  string
		fn     func(uint32) uint32
		focus  inputGen32
		minSM  int
		minPTX string
	}
	rn := func(fn func(uint32, alu.FPMode) uint32) func(uint32) uint32 {
		return func(x uint32) uint32 { return fn(x, mF32) }
	}
	recipFocus := walkF32(0x3f000000, 0x40000000) // [0.5, 2): every mantissa of two binades, sampled
	rsqrtFocus := walkF32(0x3e800000, 0x40800000) // [0.25, 4): both exponent parities
	lg2Focus := walkF32(0x3f780000, 0x3f880000)   // [0.96875, 1.0625): around 1, where lg2 is smallest
	tanhFocus := walkF32(0x38000000, 0x41a00000)  // [2^-15, 20): the accurate range and saturation
	sqrtFocus := walkF32(0x00000001, 0x7f800000)  // all positive finite patterns, evenly
	unaries := []unary{
		{FormRcpF32, "rcp.approx.f32", "alu.RcpApproxF32 ([numerics] rcp = mufu_sm5x)", alu.RcpApproxF32, recipFocus, 20, "1.0"},
		{FormRcpF32Ftz, "rcp.approx.ftz.f32", "alu.RcpApproxF32Ftz ([numerics] rcp = mufu_sm5x)", alu.RcpApproxF32Ftz, recipFocus, 20, "1.0"},
		{FormRsqrtF32, "rsqrt.approx.f32", "alu.RsqrtApproxF32", alu.RsqrtApproxF32, rsqrtFocus, 20, "1.0"},
		{FormRsqrtF32Ftz, "rsqrt.approx.ftz.f32", "alu.RsqrtApproxF32Ftz", alu.RsqrtApproxF32Ftz, rsqrtFocus, 20, "1.0"},
		{FormLg2F32, "lg2.approx.f32", "alu.Lg2ApproxF32", alu.Lg2ApproxF32, lg2Focus, 20, "1.0"},
		{FormLg2F32Ftz, "lg2.approx.ftz.f32", "alu.Lg2ApproxF32Ftz", alu.Lg2ApproxF32Ftz, lg2Focus, 20, "1.0"},
		{FormSinF32, "sin.approx.f32", "alu.SinApproxF32", alu.SinApproxF32, trigFocus, 20, "1.0"},
		{FormSinF32Ftz, "sin.approx.ftz.f32", "alu.SinApproxF32Ftz", alu.SinApproxF32Ftz, trigFocus, 20, "1.0"},
		{FormCosF32, "cos.approx.f32", "alu.CosApproxF32", alu.CosApproxF32, trigFocus, 20, "1.0"},
		{FormCosF32Ftz, "cos.approx.ftz.f32", "alu.CosApproxF32Ftz", alu.CosApproxF32Ftz, trigFocus, 20, "1.0"},
		{FormTanhF32, "tanh.approx.f32", "alu.TanhApproxF32 (provisional: correctly rounded)", alu.TanhApproxF32, tanhFocus, 75, "7.0"},
		{FormSqrtRnF32, "sqrt.rn.f32", "alu.SqrtF32 (round to nearest even, canonical NaN)", rn(alu.SqrtF32), sqrtFocus, 20, "1.4"},
	}
	var out []Form
	for _, u := range unaries {
		out = append(out, Form{
			ID: u.id, Kind: RecordForm, Name: u.name, Slug: slugOf(u.name), Model: u.model,
			Width: 4, InWidth: 4, Operands: 1, OperandWidth: 4, Count: n22, Format: fmtF32,
			Inputs: "generated: every f32 special value, 4096 patterns of each binade and sign, " +
				"a dense walk of the instruction's interesting range, random patterns",
			gen: unaryF32Inputs(u.focus, uint64(u.id)), eval: unaryF32(u.fn), MinSM: u.minSM, MinPTX: u.minPTX,
		})
	}
	out = append(out, Form{
		ID: FormDivRnF32, Kind: RecordForm, Name: "div.rn.f32", Slug: "div_rn_f32",
		Model: "alu.DivF32 (round to nearest even, canonical NaN)", Width: 4, InWidth: 8, Operands: 2, OperandWidth: 4,
		Count: n22, Format: fmtF32,
		Inputs: "generated (a, b): every pair of f32 special values, random patterns, quotients near " +
			"overflow, underflow and the subnormal range, power-of-two divisors, subnormal operands",
		gen: divF32Inputs, eval: func(in []byte) uint64 { return uint64(alu.DivF32(le32(in), le32(in[4:]), mF32)) },
		MinSM: 20, MinPTX: "1.4",
	})
	f64 := []struct {
		id    FormID
		name  string
		model string
		ops   int
		fn    func([]byte) uint64
	}{
		{FormAddF64, "add.rn.f64", "alu.AddF64", 2, func(in []byte) uint64 { return alu.AddF64(le64(in), le64(in[8:]), mF64) }},
		{FormMulF64, "mul.rn.f64", "alu.MulF64", 2, func(in []byte) uint64 { return alu.MulF64(le64(in), le64(in[8:]), mF64) }},
		{FormFmaF64, "fma.rn.f64", "alu.FmaF64", 3, func(in []byte) uint64 {
			return alu.FmaF64(le64(in), le64(in[8:]), le64(in[16:]), mF64)
		}},
	}
	for _, o := range f64 {
		out = append(out, Form{
			ID: o.id, Kind: RecordForm, Name: o.name, Slug: slugOf(o.name),
			Model: o.model + " (round to nearest even; first NaN operand quieted, invalid operation " +
				"0xfff8000000000000: provisional)",
			Width: 8, InWidth: 8 * o.ops, Operands: o.ops, OperandWidth: 8, Count: n16, Format: fmtF64,
			Inputs: "generated: every combination of f64 NaNs (quiet and signalling, both signs, with payloads), " +
				"infinities, zeros and a few finite values, then random patterns",
			gen: f64Inputs(o.ops, uint64(o.id)), eval: o.fn, MinSM: 20, MinPTX: "1.4",
		})
	}
	ints := []struct {
		id             FormID
		name           string
		bits           int
		signed, remain bool
	}{
		{FormDivU32, "div.u32", 32, false, false}, {FormDivS32, "div.s32", 32, true, false},
		{FormRemU32, "rem.u32", 32, false, true}, {FormRemS32, "rem.s32", 32, true, true},
		{FormDivU64, "div.u64", 64, false, false}, {FormDivS64, "div.s64", 64, true, false},
		{FormRemU64, "rem.u64", 64, false, true}, {FormRemS64, "rem.s64", 64, true, true},
	}
	for _, o := range ints {
		w := o.bits / 8
		format := fmtU32
		if o.bits == 64 {
			format = fmtU64
		}
		out = append(out, Form{
			ID: o.id, Kind: RecordForm, Name: o.name, Slug: slugOf(o.name),
			Model: "warp/intops.go intDiv/intRem (a zero divisor gives all ones; MIN / -1 wraps)",
			Width: w, InWidth: 2 * w, Operands: 2, OperandWidth: w, Count: n16, Format: format,
			Inputs: "generated (a, b): every pair of edge values (0, 1, -1, MIN, MAX, ...), then random pairs, " +
				"a quarter of them with b = 0",
			gen: intInputs(o.bits, uint64(o.id)), eval: intModel(o.bits, o.signed, o.remain), MinSM: 20, MinPTX: "1.0",
		})
	}
	return out
}

// intModel is gpusim's integer division and remainder (warp/intops.go): a
// zero divisor gives every bit set; the signed MIN / -1 wraps to MIN and
// MIN rem -1 is 0.
func intModel(bits int, signed, remainder bool) func([]byte) uint64 {
	w := bits / 8
	mask := ^uint64(0) >> (64 - bits)
	sx := func(v uint64) int64 { return int64(v<<(64-bits)) >> (64 - bits) }
	return func(in []byte) uint64 {
		a, b := getN(in, w), getN(in[w:], w)
		if b == 0 {
			return mask
		}
		if !signed {
			if remainder {
				return a % b
			}
			return a / b
		}
		x, y := sx(a), sx(b)
		if y == -1 {
			if remainder {
				return 0
			}
			return uint64(-x) & mask
		}
		if remainder {
			return uint64(x%y) & mask
		}
		return uint64(x/y) & mask
	}
}

// slugOf makes a file-name stem of an instruction name.
func slugOf(name string) string {
	b := []byte(name)
	for i, c := range b {
		if c == '.' || c == ' ' {
			b[i] = '_'
		}
	}
	return string(b)
}
