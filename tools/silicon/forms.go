package main

import "github.com/gpusim/gpusim/alu"

// FormID names one instruction form (and input variant) in the stream. The
// numbers are part of the stream, table and input-file formats; capture.cu
// uses the same values.
type FormID uint16

// The forms, in id order. Values are fixed by the stream format.
const (
	// Sweeps: the input of stream index i is implicit (Form.Input).
	FormEx2F32Ftz     FormID = 1 // ex2.approx.ftz.f32, input = index
	FormEx2F32        FormID = 2 // ex2.approx.f32, input = index
	FormEx2F16        FormID = 3 // ex2.approx.f16, input = index (16 bits)
	FormEx2F16x2      FormID = 4 // ex2.approx.f16x2, input = index: every pair of halves
	FormEx2BF16       FormID = 5 // ex2.approx.ftz.bf16, input = index (16 bits)
	FormEx2BF16x2     FormID = 6 // ex2.approx.ftz.bf16x2, input = index: every pair of halves
	FormRcp64HLoZero  FormID = 7 // rcp.approx.ftz.f64, input = index<<32 (lower word zero)
	FormRcp64HLoNoise FormID = 8 // rcp.approx.ftz.f64, input = index<<32 | LowNoise(index)

	// Record probes: every record carries its input (probe_inputs.go makes
	// them), and the output is compared with gpusim's model.
	FormRcpF32      FormID = 9
	FormRcpF32Ftz   FormID = 10
	FormRsqrtF32    FormID = 11
	FormRsqrtF32Ftz FormID = 12
	FormLg2F32      FormID = 13
	FormLg2F32Ftz   FormID = 14
	FormSinF32      FormID = 15
	FormSinF32Ftz   FormID = 16
	FormCosF32      FormID = 17
	FormCosF32Ftz   FormID = 18
	FormTanhF32     FormID = 19
	FormSqrtRnF32   FormID = 20
	FormDivRnF32    FormID = 21
	FormAddF64      FormID = 22
	FormMulF64      FormID = 23
	FormFmaF64      FormID = 24
	FormDivU32      FormID = 25
	FormDivS32      FormID = 26
	FormRemU32      FormID = 27
	FormRemS32      FormID = 28
	FormDivU64      FormID = 29
	FormDivS64      FormID = 30
	FormRemU64      FormID = 31
	FormRemS64      FormID = 32

	// Tensor-core probes: records of A, B, C and the D that came back. gpusim
	// has no model; tensor.go summarises them against hypotheses.
	FormMmaF16K16  FormID = 33
	FormMmaBF16K16 FormID = 34
	FormMmaTF32K8  FormID = 35
	FormMmaF16K8   FormID = 36

	numForms = 36
	// numCompared is the number of forms checked against an alu model
	// (sweeps and record probes, ids 1..numCompared); the tensor forms follow.
	numCompared = 32
)

// FormKind says how a form's stream elements are laid out and checked.
type FormKind uint8

const (
	// SweepForm elements are outputs only; the input of index i is Form.Input(i).
	SweepForm FormKind = iota
	// RecordForm elements are input then output; the output is compared with
	// the model evaluated on the input.
	RecordForm
	// TensorForm elements are one mma.sync's A, B, C then D; there is no
	// model, only hypotheses (tensor.go).
	TensorForm
)

// Format is a floating-point bit layout used to measure ulp distances.
type Format struct {
	Name     string
	Bits     uint // width of the value in bits (sign included)
	ExpBits  uint // exponent field width; the fraction fills the rest
	Packed   bool // two independent halves of Bits/2 bits each
	HiWord64 bool // a 64-bit value whose upper 32 bits are the 1.11.20 word that matters
	Integer  bool // an integer: a mismatch has no ulp distance
}

// The formats the forms use.
var (
	fmtF32   = Format{Name: "f32", Bits: 32, ExpBits: 8}
	fmtF64   = Format{Name: "f64", Bits: 64, ExpBits: 11}
	fmtF16   = Format{Name: "f16", Bits: 16, ExpBits: 5}
	fmtBF16  = Format{Name: "bf16", Bits: 16, ExpBits: 8}
	fmtF16x2 = Format{Name: "f16x2", Bits: 32, ExpBits: 5, Packed: true}
	fmtBF162 = Format{Name: "bf16x2", Bits: 32, ExpBits: 8, Packed: true}
	fmtF64Hi = Format{Name: "f64 upper word (1.11.20)", Bits: 64, ExpBits: 11, HiWord64: true}
	fmtU32   = Format{Name: "u32", Bits: 32, Integer: true}
	fmtU64   = Format{Name: "u64", Bits: 64, Integer: true}
)

// Form describes one form: how its stream elements are laid out, which
// gpusim model it is checked against, and which outputs are kept as a table.
type Form struct {
	ID    FormID
	Kind  FormKind
	Name  string // PTX instruction and input variant, as it appears in the summary
	Slug  string // file-name stem for its table, records and input file
	Model string // the gpusim function it is compared with (tensor forms: none)
	Width int    // bytes per output element in the stream
	// InWidth is the bytes of input in each record (record and tensor
	// forms); sweeps carry no inputs.
	InWidth int
	Count   uint64 // inputs in a full sweep or probe (stream indices 0..Count-1)
	// Inputs says in words how a stream index becomes the input bits.
	Inputs string
	Format Format
	// TableEntries is the number of outputs kept as a table (0: none);
	// TableInputs says in words which inputs they are.
	TableEntries int
	TableInputs  string
	// Minimum target and PTX ISA version of the instruction.
	MinSM  int
	MinPTX string

	// Record forms: the operand count and width, the input generator and
	// the model.
	Operands, OperandWidth int
	gen                    inputGen
	eval                   func(in []byte) uint64
	// Tensor forms: the shape and operand type.
	mma *mmaShape
}

// RecordWidth is the bytes of one stream element: the output for sweeps,
// input and output for records.
func (f *Form) RecordWidth() int { return f.InWidth + f.Width }

// forms is indexed by FormID; entry 0 is unused. The record and tensor rows
// are filled in by probeForms (probes.go) and tensorForms (tensor_forms.go).
var forms = func() [numForms + 1]Form {
	var t [numForms + 1]Form
	for _, f := range sweepForms() {
		t[f.ID] = f
	}
	for _, f := range probeForms() {
		t[f.ID] = f
	}
	for _, f := range tensorForms() {
		t[f.ID] = f
	}
	return t
}()

func sweepForms() []Form {
	return []Form{
		{
			ID: FormEx2F32Ftz, Name: "ex2.approx.ftz.f32", Slug: "ex2_approx_ftz_f32",
			Model: "alu.Ex2F32Ftz", Width: 4, Count: 1 << 32, Format: fmtF32,
			Inputs: "input bits = index (all 2^32 f32 patterns)", MinSM: 20, MinPTX: "1.0",
		},
		{
			ID: FormEx2F32, Name: "ex2.approx.f32", Slug: "ex2_approx_f32",
			Model: "alu.Ex2F32", Width: 4, Count: 1 << 32, Format: fmtF32,
			Inputs: "input bits = index (all 2^32 f32 patterns)", MinSM: 20, MinPTX: "1.4",
		},
		{
			ID: FormEx2F16, Name: "ex2.approx.f16", Slug: "ex2_approx_f16",
			Model: "alu.Ex2F16", Width: 2, Count: 1 << 16, Format: fmtF16,
			Inputs:       "input bits = index (all 2^16 f16 patterns)",
			TableEntries: 1 << 16, TableInputs: "entry k = output for input k",
			MinSM: 75, MinPTX: "7.0",
		},
		{
			ID: FormEx2F16x2, Name: "ex2.approx.f16x2", Slug: "ex2_approx_f16x2",
			Model: "alu.Ex2F16x2", Width: 4, Count: 1 << 32, Format: fmtF16x2,
			Inputs:       "input bits = index (every pair of f16 halves)",
			TableEntries: 1 << 16, TableInputs: "entry k = output for input (^k&0xffff)<<16 | k",
			MinSM: 75, MinPTX: "7.0",
		},
		{
			ID: FormEx2BF16, Name: "ex2.approx.ftz.bf16", Slug: "ex2_approx_ftz_bf16",
			Model: "alu.Ex2BF16", Width: 2, Count: 1 << 16, Format: fmtBF16,
			Inputs:       "input bits = index (all 2^16 bf16 patterns)",
			TableEntries: 1 << 16, TableInputs: "entry k = output for input k",
			MinSM: 90, MinPTX: "7.8",
		},
		{
			ID: FormEx2BF16x2, Name: "ex2.approx.ftz.bf16x2", Slug: "ex2_approx_ftz_bf16x2",
			Model: "alu.Ex2BF16x2", Width: 4, Count: 1 << 32, Format: fmtBF162,
			Inputs:       "input bits = index (every pair of bf16 halves)",
			TableEntries: 1 << 16, TableInputs: "entry k = output for input (^k&0xffff)<<16 | k",
			MinSM: 90, MinPTX: "7.8",
		},
		{
			ID: FormRcp64HLoZero, Name: "rcp.approx.ftz.f64 (lower word 0)", Slug: "rcp_approx_ftz_f64",
			Model: "alu.Rcp64H", Width: 8, Count: 1 << 32, Format: fmtF64Hi,
			Inputs:       "input bits = index<<32 (every upper word, lower word zero)",
			TableEntries: 1 << 20, TableInputs: "entry k = output for input (0x3ff00000|k)<<32: all 2^20 fractions of [1,2)",
			MinSM: 20, MinPTX: "2.1",
		},
		{
			ID: FormRcp64HLoNoise, Name: "rcp.approx.ftz.f64 (lower word nonzero)", Slug: "rcp_approx_ftz_f64_lo",
			Model: "alu.Rcp64H", Width: 8, Count: 1 << 32, Format: fmtF64Hi,
			Inputs: "input bits = index<<32 | (uint32(index)*0x9e3779b9 | 1) (every upper word, lower word nonzero)",
			MinSM:  20, MinPTX: "2.1",
		},
	}
}

// lookupForm returns the form with the given id, or nil.
func lookupForm(id FormID) *Form {
	if id == 0 || id > numForms {
		return nil
	}
	return &forms[id]
}

// allForms returns the forms in id order.
func allForms() []*Form {
	out := make([]*Form, 0, numForms)
	for id := FormID(1); id <= numForms; id++ {
		out = append(out, &forms[id])
	}
	return out
}

// LowNoise is the nonzero lower word that FormRcp64HLoNoise puts under upper
// word i (a multiplicative hash with the lowest bit forced on).
func LowNoise(i uint64) uint32 {
	return uint32(i)*0x9e3779b9 | 1
}

// Input returns the input bits for stream index i of a sweep (record and
// tensor forms: InputBytes).
func (f *Form) Input(i uint64) uint64 {
	switch f.ID {
	case FormRcp64HLoZero:
		return i << 32
	case FormRcp64HLoNoise:
		return i<<32 | uint64(LowNoise(i))
	}
	return i
}

// InputBytes returns the input of stream index i as the stream carries it:
// a record form's generated input, or a sweep's implicit input in its output
// width.
func (f *Form) InputBytes(i uint64) []byte {
	if f.Kind == SweepForm {
		b := make([]byte, 8)
		put64(b, f.Input(i))
		return b[:f.Width]
	}
	b := make([]byte, f.InWidth)
	f.gen(i, b)
	return b
}

// Eval returns the model's output for sweep input bits x, zero-extended.
func (f *Form) Eval(x uint64) uint64 {
	switch f.ID {
	case FormEx2F32Ftz:
		return uint64(alu.Ex2F32Ftz(uint32(x)))
	case FormEx2F32:
		return uint64(alu.Ex2F32(uint32(x)))
	case FormEx2F16:
		return uint64(alu.Ex2F16(uint16(x)))
	case FormEx2F16x2:
		return uint64(alu.Ex2F16x2(uint32(x)))
	case FormEx2BF16:
		return uint64(alu.Ex2BF16(uint16(x)))
	case FormEx2BF16x2:
		return uint64(alu.Ex2BF16x2(uint32(x)))
	case FormRcp64HLoZero, FormRcp64HLoNoise:
		return alu.Rcp64H(x)
	}
	return 0
}

// EvalBytes returns the model's output for a record's input bytes (or a
// sweep's input in its width).
func (f *Form) EvalBytes(in []byte) uint64 {
	if f.Kind == SweepForm {
		var b [8]byte
		copy(b[:], in)
		return f.Eval(le64(b[:]))
	}
	return f.eval(in)
}

// TableIndex returns the stream index whose output is table entry k.
func (f *Form) TableIndex(k int) uint64 {
	switch f.ID {
	case FormEx2F16x2, FormEx2BF16x2:
		return uint64(^k&0xffff)<<16 | uint64(k)
	case FormRcp64HLoZero:
		return 0x3ff00000 | uint64(k)
	}
	return uint64(k)
}

// tableSpan calls visit(k, i) for every table entry k whose stream index i
// lies in [start, end).
func (f *Form) tableSpan(start, end uint64, visit func(k int, i uint64)) {
	if f.TableEntries == 0 || start >= end {
		return
	}
	switch f.ID {
	case FormEx2F16x2, FormEx2BF16x2:
		// Entry k sits in the block of 2^16 indices whose upper half is ^k.
		for hi := start >> 16; hi <= (end-1)>>16 && hi <= 0xffff; hi++ {
			k := int(^hi & 0xffff)
			if i := hi<<16 | uint64(k); i >= start && i < end {
				visit(k, i)
			}
		}
	default:
		first := f.TableIndex(0)
		lo, hi := max(start, first), min(end, first+uint64(f.TableEntries))
		for i := lo; i < hi; i++ {
			visit(int(i-first), i)
		}
	}
}
