package traces

import "strings"

// AMDTargetSet is a set of the target classes the AMDGPU front end reads;
// every supported processor belongs to one (amdTargets).
type AMDTargetSet uint8

const (
	AMDT90a  AMDTargetSet = 1 << iota // gfx90a (CDNA 2)
	AMDT942                           // gfx940, gfx941, gfx942 (CDNA 3)
	AMDT1030                          // gfx1030 .. gfx1036 (RDNA 2)
	AMDT1100                          // gfx1100 .. gfx1103, gfx1150 .. gfx1153 (RDNA 3, 3.5)
	AMDT1200                          // gfx1200, gfx1201 (RDNA 4)
)

// AMDTarget is one processor the front end reads.
type AMDTarget struct {
	Name   string
	Class  AMDTargetSet
	Family AMDFamily
}

// amdTargets lists the processors, each with the class whose instruction
// set it has (the differences inside a class do not concern the
// instructions gpusim reads).
var amdTargets = [...]AMDTarget{
	{"gfx90a", AMDT90a, GFX9},
	{"gfx940", AMDT942, GFX9},
	{"gfx941", AMDT942, GFX9},
	{"gfx942", AMDT942, GFX9},
	{"gfx1030", AMDT1030, GFX10},
	{"gfx1031", AMDT1030, GFX10},
	{"gfx1032", AMDT1030, GFX10},
	{"gfx1033", AMDT1030, GFX10},
	{"gfx1034", AMDT1030, GFX10},
	{"gfx1035", AMDT1030, GFX10},
	{"gfx1036", AMDT1030, GFX10},
	{"gfx1100", AMDT1100, GFX11},
	{"gfx1101", AMDT1100, GFX11},
	{"gfx1102", AMDT1100, GFX11},
	{"gfx1103", AMDT1100, GFX11},
	{"gfx1150", AMDT1100, GFX11},
	{"gfx1151", AMDT1100, GFX11},
	{"gfx1152", AMDT1100, GFX11},
	{"gfx1153", AMDT1100, GFX11},
	{"gfx1200", AMDT1200, GFX12},
	{"gfx1201", AMDT1200, GFX12},
}

// LookupAMDTarget finds a processor by name ("gfx1100"); the name may carry
// target features after a colon ("gfx90a:xnack-"), which are ignored.
func LookupAMDTarget(name string) (AMDTarget, bool) {
	name, _, _ = strings.Cut(name, ":")
	for _, t := range amdTargets {
		if t.Name == name {
			return t, true
		}
	}
	return AMDTarget{}, false
}

// AMDTargetNames lists the supported processors for error messages.
func AMDTargetNames() string {
	names := make([]string, len(amdTargets))
	for i, t := range amdTargets {
		names[i] = t.Name
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
	t := amdTargets
	return t[:]
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
