package traces

import "strings"

// The AMD processor table: every processor gpusim knows, the generation
// whose instruction set it has and what the front end and the VOP3 codec
// need to know of it. It is the one table of AMD targets: the AMDGPU front
// end reads the processors with a Class, the VOP3 codec
// (traces/amdgpu/vop3) encodes all of them.

// AMDTargetSet is a set of the target classes the AMDGPU front end reads;
// every processor it reads belongs to one.
type AMDTargetSet uint8

const (
	AMDT90a  AMDTargetSet = 1 << iota // gfx90a (CDNA 2)
	AMDT942                           // gfx940, gfx941, gfx942 (CDNA 3)
	AMDT1030                          // gfx1030 .. gfx1036 (RDNA 2)
	AMDT1100                          // gfx1100 .. gfx1103, gfx1150 .. gfx1153 (RDNA 3, 3.5)
	AMDT1200                          // gfx1200, gfx1201 (RDNA 4)
)

// AMDFeature is a set of per-processor capabilities inside a generation
// that decide which VOP3 instructions exist (checked against llvm-mc-19).
type AMDFeature uint8

const (
	// AMDFeatFmacF32: v_fmac_f32 exists (GFX9 targets with dl-insts, all
	// GFX10+).
	AMDFeatFmacF32 AMDFeature = 1 << iota
	// AMDFeatMadMacF32: v_mad_f32, v_mac_f32, v_mad_legacy_f32 exist (GFX9
	// before gfx940, gfx1010-gfx1013).
	AMDFeatMadMacF32
	// AMDFeatFmaLegacy: v_fma_legacy_f32 exists (GFX10.3).
	AMDFeatFmaLegacy
	// AMDFeatAlignedVGPR: 64-bit VGPR tuples must start at an even register
	// (gfx90a and later CDNA).
	AMDFeatAlignedVGPR
)

// AMDTarget is one processor.
type AMDTarget struct {
	Name string
	// Class is the front end's class of the processor, whose instruction
	// set it has (the differences inside a class do not concern the
	// instructions gpusim reads); 0 for a processor only the VOP3 codec
	// takes.
	Class    AMDTargetSet
	Family   AMDFamily
	Features AMDFeature
}

// amdTargets lists the processors. gfx950 is unknown to LLVM 19 and
// modelled on gfx942; gfx1250 and gfx1251 (CDNA 5) are unknown to it too
// (see vop3.CDNA5 for their sources).
var amdTargets = [...]AMDTarget{
	{"gfx900", 0, GFX9, AMDFeatMadMacF32},
	{"gfx902", 0, GFX9, AMDFeatMadMacF32},
	{"gfx904", 0, GFX9, AMDFeatMadMacF32},
	{"gfx906", 0, GFX9, AMDFeatMadMacF32 | AMDFeatFmacF32},
	{"gfx908", 0, GFX9, AMDFeatMadMacF32 | AMDFeatFmacF32},
	{"gfx909", 0, GFX9, AMDFeatMadMacF32},
	{"gfx90a", AMDT90a, GFX9, AMDFeatMadMacF32 | AMDFeatFmacF32 | AMDFeatAlignedVGPR},
	{"gfx90c", 0, GFX9, AMDFeatMadMacF32},
	{"gfx940", AMDT942, GFX9, AMDFeatFmacF32 | AMDFeatAlignedVGPR},
	{"gfx941", AMDT942, GFX9, AMDFeatFmacF32 | AMDFeatAlignedVGPR},
	{"gfx942", AMDT942, GFX9, AMDFeatFmacF32 | AMDFeatAlignedVGPR},
	{"gfx950", 0, GFX9, AMDFeatFmacF32 | AMDFeatAlignedVGPR},
	{"gfx1010", 0, GFX10, AMDFeatFmacF32 | AMDFeatMadMacF32},
	{"gfx1011", 0, GFX10, AMDFeatFmacF32 | AMDFeatMadMacF32},
	{"gfx1012", 0, GFX10, AMDFeatFmacF32 | AMDFeatMadMacF32},
	{"gfx1013", 0, GFX10, AMDFeatFmacF32 | AMDFeatMadMacF32},
	{"gfx1030", AMDT1030, GFX10, AMDFeatFmacF32 | AMDFeatFmaLegacy},
	{"gfx1031", AMDT1030, GFX10, AMDFeatFmacF32 | AMDFeatFmaLegacy},
	{"gfx1032", AMDT1030, GFX10, AMDFeatFmacF32 | AMDFeatFmaLegacy},
	{"gfx1033", AMDT1030, GFX10, AMDFeatFmacF32 | AMDFeatFmaLegacy},
	{"gfx1034", AMDT1030, GFX10, AMDFeatFmacF32 | AMDFeatFmaLegacy},
	{"gfx1035", AMDT1030, GFX10, AMDFeatFmacF32 | AMDFeatFmaLegacy},
	{"gfx1036", AMDT1030, GFX10, AMDFeatFmacF32 | AMDFeatFmaLegacy},
	{"gfx1100", AMDT1100, GFX11, AMDFeatFmacF32},
	{"gfx1101", AMDT1100, GFX11, AMDFeatFmacF32},
	{"gfx1102", AMDT1100, GFX11, AMDFeatFmacF32},
	{"gfx1103", AMDT1100, GFX11, AMDFeatFmacF32},
	{"gfx1150", AMDT1100, GFX11, AMDFeatFmacF32},
	{"gfx1151", AMDT1100, GFX11, AMDFeatFmacF32},
	{"gfx1152", AMDT1100, GFX11, AMDFeatFmacF32},
	{"gfx1153", AMDT1100, GFX11, AMDFeatFmacF32},
	{"gfx1200", AMDT1200, GFX12, AMDFeatFmacF32},
	{"gfx1201", AMDT1200, GFX12, AMDFeatFmacF32},
	{"gfx1250", 0, CDNA5, 0},
	{"gfx1251", 0, CDNA5, 0},
}

// AMDProcessors lists every processor of the table.
func AMDProcessors() []AMDTarget {
	t := amdTargets
	return t[:]
}

// LookupAMDTarget finds a processor the AMDGPU front end reads by name
// ("gfx1100"); the name may carry target features after a colon
// ("gfx90a:xnack-"), which are ignored.
func LookupAMDTarget(name string) (AMDTarget, bool) {
	name, _, _ = strings.Cut(name, ":")
	for _, t := range amdTargets {
		if t.Name == name && t.Class != 0 {
			return t, true
		}
	}
	return AMDTarget{}, false
}

// AMDTargetNames lists the processors the front end reads, for error
// messages.
func AMDTargetNames() string {
	var names []string
	for _, t := range AMDTargets() {
		names = append(names, t.Name)
	}
	return strings.Join(names, ", ")
}

// packedTID reports whether work-item ids share v0 (LLVM FeaturePackedTID:
// gfx90a, gfx940+, GFX11, GFX12).
func (t AMDTarget) PackedTID() bool { return t.Class != AMDT1030 }

// architectedSGPRs reports whether workgroup ids arrive in TTMP registers
// (GFX12).
func (t AMDTarget) ArchitectedSGPRs() bool { return t.Family == GFX12 }

// AMDSpelling is one mnemonic the front end reads: its text, its opcode and
// the target classes that accept it.
type AMDSpelling struct {
	Name    string
	Op      Opcode
	Targets AMDTargetSet
}

// AMDDualOp is one VOPD half: the name after "v_dual_", its opcode, and the
// target classes where it may be the X half and the Y half.
type AMDDualOp struct {
	Name string
	Op   Opcode
	X, Y AMDTargetSet
}

// AMDFamilies describes the families of a target set for messages
// ("GFX9", "GFX11 and GFX12").
func AMDFamilies(s AMDTargetSet) string {
	var fams []string
	add := func(f string) {
		for _, g := range fams {
			if g == f {
				return
			}
		}
		fams = append(fams, f)
	}
	for _, t := range amdTargets {
		if s&t.Class != 0 {
			name := t.Family.String()
			if t.Family == GFX9 && s&(AMDT90a|AMDT942) != AMDT90a|AMDT942 {
				name = t.Name
			}
			add(name)
		}
	}
	switch len(fams) {
	case 0:
		return "no target"
	case 1:
		return fams[0]
	}
	return strings.Join(fams[:len(fams)-1], ", ") + " and " + fams[len(fams)-1]
}

// AMDTargetFamily returns the instruction-set generation of a processor
// name ("gfx1100" is GFX11), and false for a processor the AMDGPU front end
// does not read.
func AMDTargetFamily(name string) (AMDFamily, bool) {
	t, ok := LookupAMDTarget(name)
	return t.Family, ok
}

// AMDTargets lists the processors the AMDGPU front end reads.
func AMDTargets() []AMDTarget {
	var out []AMDTarget
	for _, t := range amdTargets {
		if t.Class != 0 {
			out = append(out, t)
		}
	}
	return out
}

// AMDSpellings lists every mnemonic spelling the AMDGPU front end reads.
func AMDSpellings() []AMDSpelling {
	s := amdSpellings
	return s[:]
}

// AMDDualOps lists the VOPD (v_dual_*) halves.
func AMDDualOps() []AMDDualOp {
	d := amdDualOps
	return d[:]
}
