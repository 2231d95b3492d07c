package vop3

import (
	"fmt"
	"strings"
)

// Family is an instruction-set generation with its own VOP3 opcode map.
type Family uint8

// The generations this package encodes.
const (
	GFX9  Family = iota // Vega and CDNA 1-4: gfx900 … gfx942, gfx950
	GFX10               // RDNA 1 and 2: gfx1010 … gfx1036
	GFX11               // RDNA 3 and 3.5: gfx1100 … gfx1153
	GFX12               // RDNA 4: gfx1200, gfx1201
	// CDNA5 is CDNA 5, GFX12.5 in LLVM: gfx1250, gfx1251. AMD's
	// machine-readable ISA specification gives its VOP3 layout as RDNA 4's
	// and v_div_fixup_f32 as opcode 551 (identifier 0x00000000D6270000);
	// LLVM names the processors gfx1250 and gfx1251 (llvm/llvm-project
	// pull requests 144965, "Initial support for gfx1250 target", and
	// 162034, "Add gfx1250 and gfx1251 to amdgpu target list"; AMDGPUUsage
	// lists gfx1250 without a wavefrontsize64 feature, so wave32 only).
	// LLVM 19 knows neither, so no other opcode could be checked: the
	// table gives CDNA 5 only the opcodes a source states, and the other
	// instructions are unavailable there rather than guessed.
	CDNA5
	numFamilies
)

// String returns "GFX9", "GFX10", "GFX11", "GFX12" or "CDNA5".
func (f Family) String() string {
	switch f {
	case GFX9:
		return "GFX9"
	case GFX10:
		return "GFX10"
	case GFX11:
		return "GFX11"
	case GFX12:
		return "GFX12"
	case CDNA5:
		return "CDNA5"
	}
	return fmt.Sprintf("Family(%d)", uint8(f))
}

// feature is a set of per-target capabilities inside a family.
type feature uint8

const (
	// featFmacF32: v_fmac_f32 exists (GFX9 targets with dl-insts, all GFX10+).
	featFmacF32 feature = 1 << iota
	// featMadMacF32: v_mad_f32, v_mac_f32, v_mad_legacy_f32 exist (GFX9 before
	// gfx940, gfx1010-gfx1013).
	featMadMacF32
	// featFmaLegacy: v_fma_legacy_f32 exists (GFX10.3).
	featFmaLegacy
	// featAlignedVGPR: 64-bit VGPR tuples must start at an even register
	// (gfx90a and later CDNA).
	featAlignedVGPR
)

// target is one row of the processor table.
type target struct {
	name string
	fam  Family
	feat feature
}

// targets lists the processors ParseGen accepts and what each has. Feature
// membership was checked against llvm-mc-19 (gfx950 is unknown to LLVM 19;
// it is modelled on gfx942, whose VOP3 map it shares).
var targets = [...]target{
	{"gfx900", GFX9, featMadMacF32},
	{"gfx902", GFX9, featMadMacF32},
	{"gfx904", GFX9, featMadMacF32},
	{"gfx906", GFX9, featMadMacF32 | featFmacF32},
	{"gfx908", GFX9, featMadMacF32 | featFmacF32},
	{"gfx909", GFX9, featMadMacF32},
	{"gfx90a", GFX9, featMadMacF32 | featFmacF32 | featAlignedVGPR},
	{"gfx90c", GFX9, featMadMacF32},
	{"gfx940", GFX9, featFmacF32 | featAlignedVGPR},
	{"gfx941", GFX9, featFmacF32 | featAlignedVGPR},
	{"gfx942", GFX9, featFmacF32 | featAlignedVGPR},
	{"gfx950", GFX9, featFmacF32 | featAlignedVGPR},
	{"gfx1010", GFX10, featFmacF32 | featMadMacF32},
	{"gfx1011", GFX10, featFmacF32 | featMadMacF32},
	{"gfx1012", GFX10, featFmacF32 | featMadMacF32},
	{"gfx1013", GFX10, featFmacF32 | featMadMacF32},
	{"gfx1030", GFX10, featFmacF32 | featFmaLegacy},
	{"gfx1031", GFX10, featFmacF32 | featFmaLegacy},
	{"gfx1032", GFX10, featFmacF32 | featFmaLegacy},
	{"gfx1033", GFX10, featFmacF32 | featFmaLegacy},
	{"gfx1034", GFX10, featFmacF32 | featFmaLegacy},
	{"gfx1035", GFX10, featFmacF32 | featFmaLegacy},
	{"gfx1036", GFX10, featFmacF32 | featFmaLegacy},
	{"gfx1100", GFX11, featFmacF32},
	{"gfx1101", GFX11, featFmacF32},
	{"gfx1102", GFX11, featFmacF32},
	{"gfx1103", GFX11, featFmacF32},
	{"gfx1150", GFX11, featFmacF32},
	{"gfx1151", GFX11, featFmacF32},
	{"gfx1152", GFX11, featFmacF32},
	{"gfx1153", GFX11, featFmacF32},
	{"gfx1200", GFX12, featFmacF32},
	{"gfx1201", GFX12, featFmacF32},
	{"gfx1250", CDNA5, 0},
	{"gfx1251", CDNA5, 0},
}

// Gen is a target processor in a wavefront mode: everything the codec needs
// to know to pick opcodes, register numbers and operand rules. The zero value
// is not valid; get one from ParseGen.
type Gen struct {
	fam    Family
	feat   feature
	wave64 bool
	name   string
}

// ParseGen accepts a processor name such as "gfx90a", "gfx942", "gfx1030",
// "gfx1100", "gfx1201" or "gfx1250", optionally followed by ":wave32" or
// ":wave64". GFX10 and later default to wave32 (as LLVM does); GFX9 is
// always wave64, CDNA 5 always wave32.
func ParseGen(arch string) (Gen, error) {
	name, mode, hasMode := strings.Cut(strings.TrimSpace(strings.ToLower(arch)), ":")
	for _, t := range targets {
		if t.name != name {
			continue
		}
		g := Gen{fam: t.fam, feat: t.feat, wave64: t.fam == GFX9, name: t.name}
		if !hasMode {
			return g, nil
		}
		switch mode {
		case "wave64":
			if t.fam == CDNA5 {
				return Gen{}, fmt.Errorf("vop3: %s has no wave64 mode", t.name)
			}
			g.wave64 = true
		case "wave32":
			if t.fam == GFX9 {
				return Gen{}, fmt.Errorf("vop3: %s has no wave32 mode", t.name)
			}
			g.wave64 = false
		default:
			return Gen{}, fmt.Errorf("vop3: unknown mode %q in %q (want wave32 or wave64)", mode, arch)
		}
		return g, nil
	}
	return Gen{}, fmt.Errorf("vop3: unknown processor %q (want gfx900…gfx950, gfx1010…gfx1036, gfx1100…gfx1153, gfx1200, gfx1201, gfx1250, gfx1251)", arch)
}

// Family returns the instruction-set generation.
func (g Gen) Family() Family { return g.fam }

// Name returns the processor name, e.g. "gfx1100".
func (g Gen) Name() string { return g.name }

// Wave64 reports whether lane masks (VCC, carry-outs) are 64 bits wide.
func (g Gen) Wave64() bool { return g.wave64 }

// String returns the name ParseGen accepts for g; the mode is appended when
// it is not the family default.
func (g Gen) String() string {
	if g.fam != GFX9 && g.wave64 {
		return g.name + ":wave64"
	}
	return g.name
}

func (g Gen) has(f feature) bool { return g.feat&f == f }

// valid reports whether g came from ParseGen.
func (g Gen) valid() bool { return g.name != "" && g.fam < numFamilies }

// maxSGPR is the highest SGPR number a source may name.
func (g Gen) maxSGPR() int {
	if g.fam == GFX9 {
		return 101 // s102-s105 are FLAT_SCRATCH and XNACK_MASK on GFX9
	}
	return 105
}

// constantBusLimit is how many distinct scalar values (SGPRs, special
// registers, the literal) one VOP3 instruction may read.
func (g Gen) constantBusLimit() int {
	if g.fam == GFX9 {
		return 1
	}
	return 2
}

// maskWidth is the number of 32-bit registers in a lane mask.
func (g Gen) maskWidth() uint8 {
	if g.wave64 {
		return 2
	}
	return 1
}
