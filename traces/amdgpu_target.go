package traces

import "strings"

// amdTargetSet is a set of the target classes the AMDGPU front end reads;
// every supported processor belongs to one (amdTargets).
type amdTargetSet uint8

const (
	amdT90a  amdTargetSet = 1 << iota // gfx90a (CDNA 2)
	amdT942                           // gfx940, gfx941, gfx942 (CDNA 3)
	amdT1030                          // gfx1030 .. gfx1036 (RDNA 2)
	amdT1100                          // gfx1100 .. gfx1103, gfx1150 .. gfx1153 (RDNA 3, 3.5)
	amdT1200                          // gfx1200, gfx1201 (RDNA 4)
)

// amdTargetInfo is one processor the front end reads.
type amdTargetInfo struct {
	name  string
	class amdTargetSet
	fam   AMDFamily
}

// amdTargets lists the processors, each with the class whose instruction
// set it has (the differences inside a class do not concern the
// instructions gpusim reads).
var amdTargets = [...]amdTargetInfo{
	{"gfx90a", amdT90a, GFX9},
	{"gfx940", amdT942, GFX9},
	{"gfx941", amdT942, GFX9},
	{"gfx942", amdT942, GFX9},
	{"gfx1030", amdT1030, GFX10},
	{"gfx1031", amdT1030, GFX10},
	{"gfx1032", amdT1030, GFX10},
	{"gfx1033", amdT1030, GFX10},
	{"gfx1034", amdT1030, GFX10},
	{"gfx1035", amdT1030, GFX10},
	{"gfx1036", amdT1030, GFX10},
	{"gfx1100", amdT1100, GFX11},
	{"gfx1101", amdT1100, GFX11},
	{"gfx1102", amdT1100, GFX11},
	{"gfx1103", amdT1100, GFX11},
	{"gfx1150", amdT1100, GFX11},
	{"gfx1151", amdT1100, GFX11},
	{"gfx1152", amdT1100, GFX11},
	{"gfx1153", amdT1100, GFX11},
	{"gfx1200", amdT1200, GFX12},
	{"gfx1201", amdT1200, GFX12},
}

// amdLookupTarget finds a processor by name ("gfx1100"); the name may carry
// target features after a colon ("gfx90a:xnack-"), which are ignored.
func amdLookupTarget(name string) (amdTargetInfo, bool) {
	name, _, _ = strings.Cut(name, ":")
	for _, t := range amdTargets {
		if t.name == name {
			return t, true
		}
	}
	return amdTargetInfo{}, false
}

// amdTargetNames lists the supported processors for error messages.
func amdTargetNames() string {
	names := make([]string, len(amdTargets))
	for i, t := range amdTargets {
		names[i] = t.name
	}
	return strings.Join(names, ", ")
}

// packedTID reports whether work-item ids share v0 (LLVM FeaturePackedTID:
// gfx90a, gfx940+, GFX11, GFX12).
func (t amdTargetInfo) packedTID() bool { return t.class != amdT1030 }

// architectedSGPRs reports whether workgroup ids arrive in TTMP registers
// (GFX12).
func (t amdTargetInfo) architectedSGPRs() bool { return t.fam == GFX12 }

// amdSpelling is one mnemonic the front end reads: its text, its opcode and
// the target classes that accept it.
type amdSpelling struct {
	name    string
	op      Opcode
	targets amdTargetSet
}

// amdDualOp is one VOPD half: the name after "v_dual_", its opcode, and the
// target classes where it may be the X half and the Y half.
type amdDualOp struct {
	name string
	op   Opcode
	x, y amdTargetSet
}

// amdFamilies describes the families of a target set for messages
// ("GFX9", "GFX11 and GFX12").
func amdFamilies(s amdTargetSet) string {
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
		if s&t.class != 0 {
			name := t.fam.String()
			if t.fam == GFX9 && s&(amdT90a|amdT942) != amdT90a|amdT942 {
				name = t.name
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
	t, ok := amdLookupTarget(name)
	return t.fam, ok
}
