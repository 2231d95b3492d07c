package alu

import (
	"fmt"
	"strings"
)

// Model is the set of numerics models a machine uses for the instructions
// whose bits depend on a model choice (the `[numerics]` table of the machine
// TOML). Callers hold a *Model and call through its fields, so a
// silicon-measured model drops in without touching them. Instructions with
// one true answer (IEEE arithmetic, conversions) are plain functions of this
// package and are not listed here.
type Model struct {
	// ex2.approx.f32 and ex2.approx.ftz.f32.
	Ex2F32, Ex2F32Ftz func(x uint32) uint32
	// ex2.approx.f16 and ex2.approx.ftz.bf16 (the x2 forms apply these per half).
	Ex2F16, Ex2BF16 func(x uint16) uint16
	// rcp.approx.f32 and rcp.approx.ftz.f32.
	RcpApproxF32, RcpApproxF32Ftz func(x uint32) uint32
	// rcp.approx.ftz.f64 (MUFU.RCP64H).
	Rcp64H func(x uint64) uint64
	// AMD v_div_fixup_f32.
	DivFixupF32 func(s0, s1, s2 uint32, m FPMode) uint32
	// Tensor-core floating-point multiply-accumulate (wmma.mma, mma).
	Tensor *TensorModel
}

// Choice names one model per instruction family, as the machine TOML's
// [numerics] table does. An empty name picks the family's default.
type Choice struct {
	Ex2      string // ex2.approx forms (f32 and 16-bit)
	Rcp      string // rcp.approx.f32
	Rcp64H   string // rcp.approx.ftz.f64
	DivFixup string // v_div_fixup_f32
	Tensor   string // tensor-core multiply-accumulate (wmma.mma, mma)
}

// modelFamilies are the [numerics] families, in report order.
var modelFamilies = [...]string{"ex2", "rcp", "rcp64h", "div_fixup", "tensor"}

// modelsOf returns the model names of one family; the first is the default.
func modelsOf(family string) []namedModel {
	switch family {
	case "ex2":
		return []namedModel{{"mufu_sm5x",
			"MUFU.EX2 quadratic interpolator, checked exhaustively on sm_5x..sm_75 (bcarlet/ptx-math); 16-bit forms through it (provisional)"}}
	case "rcp":
		return []namedModel{{"mufu_sm5x",
			"MUFU.RCP quadratic interpolator, checked exhaustively on sm_5x..sm_75 (bcarlet/ptx-math)"}}
	case "rcp64h":
		return []namedModel{{"ptxm_rcp64h",
			"RCP64H built on MUFU.RCP after pyxis-roc/ptx-math (provisional: not checked on silicon)"}}
	case "div_fixup":
		return []namedModel{
			{"silicon", "measured gfx1100/gfx1151 behaviour, as AMD's rocjitsu emulator (numerics.md section 4)"},
			{"isa", "the literal ISA text, UNDERFLOW = ±0 and OVERFLOW = ±Inf"},
		}
	case "tensor":
		out := make([]namedModel, len(tensorModels))
		for i := range tensorModels {
			out[i] = namedModel{tensorModels[i].Name, tensorDocs[i]}
		}
		return out
	}
	return nil
}

type namedModel struct{ name, doc string }

// ModelFamilies lists every [numerics] family with its model names and a
// line about each (defaults first), for documentation and `gpusim configs`.
func ModelFamilies() []FamilyModels {
	out := make([]FamilyModels, len(modelFamilies))
	for i, fam := range modelFamilies {
		out[i].Family = fam
		for _, m := range modelsOf(fam) {
			out[i].Names = append(out[i].Names, m.name)
			out[i].Docs = append(out[i].Docs, m.doc)
		}
	}
	return out
}

// FamilyModels is one [numerics] family and its model names.
type FamilyModels struct {
	Family string
	Names  []string
	Docs   []string
}

// UnknownModelError is a [numerics] choice this package has no model of.
type UnknownModelError struct {
	Family string   // the [numerics] key: "ex2", "div_fixup", ...
	Name   string   // the model asked for
	Known  []string // the family's models, the default first
}

func (e *UnknownModelError) Error() string {
	if len(e.Known) == 0 {
		return fmt.Sprintf("numerics.%s: unknown instruction family", e.Family)
	}
	return fmt.Sprintf("numerics.%s: unknown model %q (known: %s)", e.Family, e.Name, strings.Join(e.Known, ", "))
}

// CheckModel returns nil when family has a model called name ("" is the
// family's default), else an *UnknownModelError.
func CheckModel(family, name string) error {
	list := modelsOf(family)
	if len(list) > 0 && name == "" {
		return nil
	}
	known := make([]string, len(list))
	for i, nm := range list {
		if nm.name == name {
			return nil
		}
		known[i] = nm.name
	}
	return &UnknownModelError{Family: family, Name: name, Known: known}
}

// NewModel returns the Model for a choice of names, or an error naming the
// family and the names it knows.
func NewModel(c Choice) (*Model, error) {
	m := &Model{}
	pick := func(family, name string) (string, error) {
		if err := CheckModel(family, name); err != nil {
			return "", err
		}
		if name == "" {
			return modelsOf(family)[0].name, nil
		}
		return name, nil
	}
	if _, err := pick("ex2", c.Ex2); err != nil {
		return nil, err
	}
	m.Ex2F32, m.Ex2F32Ftz, m.Ex2F16, m.Ex2BF16 = Ex2F32, Ex2F32Ftz, Ex2F16, Ex2BF16
	if _, err := pick("rcp", c.Rcp); err != nil {
		return nil, err
	}
	m.RcpApproxF32, m.RcpApproxF32Ftz = RcpApproxF32, RcpApproxF32Ftz
	if _, err := pick("rcp64h", c.Rcp64H); err != nil {
		return nil, err
	}
	m.Rcp64H = Rcp64H
	name, err := pick("div_fixup", c.DivFixup)
	if err != nil {
		return nil, err
	}
	m.DivFixupF32 = DivFixupF32
	if name == "isa" {
		m.DivFixupF32 = DivFixupF32ISA
	}
	if name, err = pick("tensor", c.Tensor); err != nil {
		return nil, err
	}
	m.Tensor = TensorModelNamed(name)
	return m, nil
}
