package main

import "fmt"

// The tensor-core probes: one record is one warp-wide mma.sync, D = A*B + C
// with f32 C and D, as the capture program ran it. A record's input is A
// (M x K, row-major), B (K x N, row-major) and C (M x N f32, row-major) in
// the operand type's bit patterns, little-endian; its output is D (M x N f32,
// row-major). capture.cu moves the elements between these arrays and the
// PTX fragments (PTX ISA, "Matrix Fragments for mma.m16n8k16" and
// "mma.m16n8k8").

// elemType is an mma operand type.
type elemType uint8

const (
	elemF16  elemType = iota // IEEE binary16
	elemBF16                 // bfloat16
	elemTF32                 // TensorFloat-32: an f32 bit pattern of which the hardware reads the top 19 bits
)

func (t elemType) String() string { return [...]string{"f16", "bf16", "tf32"}[t] }

// bytes is the width of one operand in a record.
func (t elemType) bytes() int {
	if t == elemTF32 {
		return 4
	}
	return 2
}

// mmaShape is the shape and operand type of one mma form.
type mmaShape struct {
	M, N, K int
	Elem    elemType
}

// Offsets of the parts of a record.
func (s *mmaShape) aOff(i, k int) int { return (i*s.K + k) * s.Elem.bytes() }
func (s *mmaShape) bOff(k, j int) int { return (s.M*s.K + k*s.N + j) * s.Elem.bytes() }
func (s *mmaShape) cOff(i, j int) int { return (s.M*s.K+s.K*s.N)*s.Elem.bytes() + 4*(i*s.N+j) }
func (s *mmaShape) inBytes() int      { return (s.M*s.K+s.K*s.N)*s.Elem.bytes() + 4*s.M*s.N }
func (s *mmaShape) outBytes() int     { return 4 * s.M * s.N }

// tensorCases is the number of records of each tensor form.
const tensorCases = 2048

func tensorForms() []Form {
	rows := []struct {
		id     FormID
		shape  mmaShape
		minSM  int
		minPTX string
	}{
		{FormMmaF16K16, mmaShape{16, 8, 16, elemF16}, 80, "7.0"},
		{FormMmaBF16K16, mmaShape{16, 8, 16, elemBF16}, 80, "7.0"},
		{FormMmaTF32K8, mmaShape{16, 8, 8, elemTF32}, 80, "7.0"},
		{FormMmaF16K8, mmaShape{16, 8, 8, elemF16}, 75, "6.5"},
	}
	out := make([]Form, 0, len(rows))
	for n := range rows {
		r := &rows[n]
		s := &r.shape
		name := fmt.Sprintf("mma.sync.aligned.m%dn%dk%d.row.col.f32.%s.%s.f32", s.M, s.N, s.K, s.Elem, s.Elem)
		out = append(out, Form{
			ID: r.id, Kind: TensorForm, Name: name, Slug: fmt.Sprintf("mma_m%dn%dk%d_f32_%s", s.M, s.N, s.K, s.Elem),
			Model: "none (recorded; summarised against the hypotheses of tensor_models.go)",
			Width: s.outBytes(), InWidth: s.inBytes(), Count: tensorCases, Format: fmtF32,
			Inputs: "generated mma cases: the published discriminating inputs (Fasi et al. 2021), exact " +
				"small-integer layout checks, then random and adversarial families (tensor_cases.go)",
			MinSM: r.minSM, MinPTX: r.minPTX, mma: s, gen: tensorInputs(s, r.id),
		})
	}
	return out
}
