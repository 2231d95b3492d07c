package vop3

import (
	"fmt"
	"strings"

	"github.com/gpusim/gpusim/traces"
)

// Family is an instruction-set generation with its own VOP3 opcode map:
// traces.AMDFamily, whose processor table (traces.AMDProcessors) is this
// package's too.
type Family = traces.AMDFamily

// The generations this package encodes.
const (
	GFX9  = traces.GFX9  // Vega and CDNA 1-4: gfx900 … gfx942, gfx950
	GFX10 = traces.GFX10 // RDNA 1 and 2: gfx1010 … gfx1036
	GFX11 = traces.GFX11 // RDNA 3 and 3.5: gfx1100 … gfx1153
	GFX12 = traces.GFX12 // RDNA 4: gfx1200, gfx1201
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
	CDNA5 = traces.CDNA5

	numFamilies = int(CDNA5-GFX9) + 1
)

// famIndex is f's column in the opcode table.
func famIndex(f Family) int { return int(f - GFX9) }

// feature is a set of per-target capabilities inside a family
// (traces.AMDFeature).
type feature = traces.AMDFeature

const (
	featFmacF32     = traces.AMDFeatFmacF32
	featMadMacF32   = traces.AMDFeatMadMacF32
	featFmaLegacy   = traces.AMDFeatFmaLegacy
	featAlignedVGPR = traces.AMDFeatAlignedVGPR
)

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
	for _, t := range traces.AMDProcessors() {
		if t.Name != name || t.Family < GFX9 {
			continue
		}
		g := Gen{fam: t.Family, feat: t.Features, wave64: t.Family == GFX9, name: t.Name}
		if !hasMode {
			return g, nil
		}
		switch mode {
		case "wave64":
			if t.Family == CDNA5 {
				return Gen{}, fmt.Errorf("vop3: %s has no wave64 mode", t.Name)
			}
			g.wave64 = true
		case "wave32":
			if t.Family == GFX9 {
				return Gen{}, fmt.Errorf("vop3: %s has no wave32 mode", t.Name)
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
func (g Gen) valid() bool { return g.name != "" && g.fam >= GFX9 && g.fam <= CDNA5 }

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
