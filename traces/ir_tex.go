package traces

// Textures, samplers and surfaces in the decoded program: the module-scope
// references (.texref, .samplerref, .surfref), the opaque kernel
// parameters, and the sub-modes of the texture and surface instructions
// (tex, tld4, txq, suld, sust, sured, suq, istypep). Facts follow the PTX
// ISA manual, sections "Texture Sampler and Surface Types" and "Texture
// Instructions" / "Surface Instructions".

// TexMode is the module's texturing mode (.target texmode_unified, the
// default, or texmode_independent).
type TexMode uint8

const (
	// TexUnified: a texture reference or object carries its sampler
	// state; tex takes no sampler operand.
	TexUnified TexMode = iota
	// TexIndependent: textures and samplers are separate (.samplerref),
	// and tex names both: tex [t, s, c].
	TexIndependent
)

// OpaqueKind is the kind of an opaque texturing handle.
type OpaqueKind uint8

const (
	OpaqueNone    OpaqueKind = iota
	OpaqueTexture            // .texref, a texture object
	OpaqueSampler            // .samplerref
	OpaqueSurface            // .surfref, a surface object
)

var opaqueNames = [...]string{"", "texref", "samplerref", "surfref"}

// String is the PTX type name without the dot ("texref").
func (k OpaqueKind) String() string {
	if int(k) < len(opaqueNames) {
		return opaqueNames[k]
	}
	return "?"
}

// AddrMode is a sampler's addressing mode for one dimension.
type AddrMode uint8

const (
	AddrWrap   AddrMode = iota // wrap: repeat
	AddrClamp                  // clamp_to_edge (and clamp_ogl): the edge texel
	AddrMirror                 // mirror: repeat, every second copy mirrored
	AddrBorder                 // clamp_to_border: the border colour outside
)

// FilterMode is a sampler's filter.
type FilterMode uint8

const (
	FilterPoint  FilterMode = iota // nearest
	FilterLinear                   // linear: 2, 4 or 8 texels weighted
)

// SamplerInit is what a .texref or .samplerref initialiser set: the
// fields named in Set (SetFilter, SetAddr0...), with their values.
type SamplerInit struct {
	Set        uint8
	Filter     FilterMode
	Addr       [3]AddrMode
	Normalized bool // normalized_coords = 1, or force_unnormalized_coords = 0
}

// Fields of SamplerInit.Set.
const (
	SetFilter uint8 = 1 << iota
	SetAddr0
	SetAddr1
	SetAddr2
	SetNormalized
)

// TexRef is a module-scope .texref, .samplerref or .surfref variable. Its
// binding (which texture it names at a launch) comes from the launch: a
// launch file's [texrefs] table or the CUDA runtime's cudaBindTexture.
type TexRef struct {
	Name string
	Kind OpaqueKind
	Init SamplerInit // a .texref's or .samplerref's initialiser
	Pos  Pos
}

// TexRef returns the index in Program.TexRefs of the reference of that
// name, or -1.
func (p *Program) TexRef(name string) int {
	for i := range p.TexRefs {
		if p.TexRefs[i].Name == name {
			return i
		}
	}
	return -1
}

// Geom is the geometry of a texture or surface instruction (.1d ... .acube).
type Geom uint8

const (
	GeomNone  Geom = iota
	Geom1D         // .1d: x
	Geom2D         // .2d: x, y
	Geom3D         // .3d: x, y, z
	GeomA1D        // .a1d: layer, x
	GeomA2D        // .a2d: layer, x, y
	GeomCube       // .cube: direction x, y, z
	GeomACube      // .acube: cube index, direction x, y, z
	Geom2DMS       // .2dms: sample, x, y (multisample; read only)
	GeomA2DMS      // .a2dms: layer, sample, x, y
)

var geomNames = [...]string{"", "1d", "2d", "3d", "a1d", "a2d", "cube", "acube", "2dms", "a2dms"}

func (g Geom) String() string {
	if int(g) < len(geomNames) {
		return geomNames[g]
	}
	return "?"
}

// Layered reports an array geometry (.a1d, .a2d, .acube, .a2dms), whose
// first coordinate is the layer (an integer).
func (g Geom) Layered() bool {
	return g == GeomA1D || g == GeomA2D || g == GeomACube || g == GeomA2DMS
}

// Dims is the number of spatial coordinates: 1, 2 or 3 (cube maps: a
// 3-vector direction).
func (g Geom) Dims() int {
	switch g {
	case Geom1D, GeomA1D:
		return 1
	case Geom2D, GeomA2D, Geom2DMS, GeomA2DMS:
		return 2
	}
	return 3
}

// Coords is the number of coordinates the instruction uses: the layer, if
// any, then the spatial ones. (PTX writes them as a vector of 1, 2 or 4
// elements; padding elements are not kept.)
func (g Geom) Coords() int {
	n := g.Dims()
	if g.Layered() {
		n++
	}
	return n
}

// Texture instruction modes (Inst.Mode of tex): the level of detail
// comes from the coordinates' derivatives (base: level 0 for tex without
// .level/.grad), an explicit level (.level), or explicit gradients (.grad).
const (
	TexBase  Mode = iota // tex, tex.base
	TexLevel             // tex.level: Src[2] is the level of detail
	TexGrad              // tex.grad: gradients follow the coordinates in Ext
)

// tld4 components (Inst.Mode of tld4): which channel of the four texels is
// gathered.
const (
	Tld4R Mode = iota + 1
	Tld4G
	Tld4B
	Tld4A
)

// Queries (Inst.Mode of txq and suq) and the opaque types istypep tests.
const (
	QueryWidth Mode = iota + 1
	QueryHeight
	QueryDepth
	QueryChannelDataType
	QueryChannelOrder
	QueryNormalizedCoords
	QueryArraySize
	QueryNumMipmapLevels
	QueryNumSamples
	QueryForceUnnormalizedCoords // sampler
	QueryFilterMode              // sampler
	QueryAddrMode0               // sampler
	QueryAddrMode1               // sampler
	QueryAddrMode2               // sampler
	QueryMemoryLayout            // suq
	IsTexref                     // istypep.texref
	IsSamplerref                 // istypep.samplerref
	IsSurfref                    // istypep.surfref
)

// Surface out-of-range behaviour (Inst.Mode of suld, sust and sured).
const (
	SurfTrap  Mode = iota + 1 // .trap: an out-of-range access faults
	SurfClamp                 // .clamp: the nearest element is accessed (loads), stores are dropped
	SurfZero                  // .zero: loads give zero, stores are dropped
)

// FlagFormatted is sust.p and sured.p: a formatted store (values converted
// to the surface's format), x in elements rather than bytes. (Appended for
// the texture instructions.)
const FlagFormatted Flags = 1 << 31

// Operand conventions of the texture and surface instructions (the PTX
// front end produces them; Inst.Geom holds the geometry):
//   - The texture, sampler or surface is an OpdReg (a .u64 object handle),
//     or an OpdTexRef: Space SpaceGlobal for a module-scope reference (Imm
//     = its index in Program.TexRefs), SpaceParam for an opaque kernel
//     parameter (Imm = its offset in the parameter buffer, which holds the
//     handle).
//   - tex/tld4: Dst[0..Vec) the results (Vec 4, or 2 for .v2.f16x2);
//     Src[0] the texture, Src[1] the sampler (OpdNone in unified mode),
//     Src[2] the level of detail of tex.level (else OpdNone); NSrc = 3.
//     Ext holds Geom.Coords() coordinates (layer first), then for
//     tex.grad Geom.Dims() dPdx and Geom.Dims() dPdy values, then, when
//     written, Geom.Dims() integer texel offsets.
//   - suld: Dst[0..Vec) the values; Src[0] the surface; NSrc = 1; Ext the
//     coordinates (x in bytes for .b). sust: Src[0] the surface, NSrc = 1;
//     Ext the coordinates, then Vec values. sured: Src[0] the surface,
//     Src[1] the value, NSrc = 2; Inst.Atom the operation; Ext the
//     coordinates.
//   - txq/suq: Dst[0] the result; Src[0] the texture, sampler or surface;
//     txq.level has Src[1], the level (NSrc 2).
//   - istypep: Dst[0] the predicate, Src[0] the handle register.

// OpdTexRef (ir.go) is an operand naming a texture, sampler or surface
// reference (see the conventions above).
