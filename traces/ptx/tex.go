package ptx

import "github.com/gpusim/gpusim/traces"

// Textures, samplers and surfaces: the module-scope .texref, .samplerref
// and .surfref declarations (with their initialisers), the opaque kernel
// parameters, and the operand decoders of tex, tld4, txq, suq, suld, sust,
// sured and istypep (operand conventions in traces/ir_tex.go). The rules
// are the PTX ISA manual's ("Texture Sampler and Surface Types", "Texture
// Instructions", "Surface Instructions"), checked form by form against
// ptxas (CUDA 11.8) in tex_test.go.

// texCats are the texture and surface modifier categories.
const texCats = mkGeom | mkTexMode | mkComp | mkTexQuery | mkSuClamp | mkSuFmt

// addTexSuffixes enters the texture and surface suffix words in m (a word
// that already has a reading, such as .r or .clamp, gets one more).
func addTexSuffixes(m map[string]sufInfo) {
	add := func(w string, c modMask, v uint32) { addReading(m, w, c, v) }
	for g := traces.Geom1D; g <= traces.GeomA2DMS; g++ {
		add(g.String(), mkGeom, uint32(g))
	}
	add("base", mkTexMode, uint32(traces.TexBase))
	add("level", mkTexMode, uint32(traces.TexLevel))
	add("grad", mkTexMode, uint32(traces.TexGrad))
	add("r", mkComp, uint32(traces.Tld4R))
	add("g", mkComp, uint32(traces.Tld4G))
	add("b", mkComp, uint32(traces.Tld4B))
	add("a", mkComp, uint32(traces.Tld4A))
	for w, q := range texQueryWords {
		add(w, mkTexQuery, uint32(q))
	}
	add("trap", mkSuClamp, uint32(traces.SurfTrap))
	add("clamp", mkSuClamp, uint32(traces.SurfClamp))
	add("zero", mkSuClamp, uint32(traces.SurfZero))
	add("b", mkSuFmt, 0)
	add("p", mkSuFmt, 1)
}

var texQueryWords = map[string]traces.Mode{
	"width": traces.QueryWidth, "height": traces.QueryHeight, "depth": traces.QueryDepth,
	"channel_data_type": traces.QueryChannelDataType, "channel_order": traces.QueryChannelOrder,
	"normalized_coords": traces.QueryNormalizedCoords, "array_size": traces.QueryArraySize,
	"num_mipmap_levels": traces.QueryNumMipmapLevels, "num_samples": traces.QueryNumSamples,
	"force_unnormalized_coords": traces.QueryForceUnnormalizedCoords, "filter_mode": traces.QueryFilterMode,
	"addr_mode_0": traces.QueryAddrMode0, "addr_mode_1": traces.QueryAddrMode1, "addr_mode_2": traces.QueryAddrMode2,
	"memory_layout": traces.QueryMemoryLayout,
	"texref":        traces.IsTexref, "samplerref": traces.IsSamplerref, "surfref": traces.IsSurfref,
}

// texSuffix records one texture or surface suffix.
func texSuffix(sf *sufs, c modMask, v uint32) {
	switch c {
	case mkGeom:
		sf.geom = traces.Geom(v)
	case mkTexMode:
		sf.texMode = traces.Mode(v)
	case mkComp:
		sf.comp = traces.Mode(v)
	case mkTexQuery:
		sf.query = traces.Mode(v)
	case mkSuClamp:
		sf.clamp = traces.Mode(v)
	case mkSuFmt:
		sf.fmtP = v == 1
	}
}

// opaqueKindOf reads .texref, .samplerref and .surfref.
func opaqueKindOf(w []byte) traces.OpaqueKind {
	switch string(w) {
	case ".texref":
		return traces.OpaqueTexture
	case ".samplerref":
		return traces.OpaqueSampler
	case ".surfref":
		return traces.OpaqueSurface
	}
	return traces.OpaqueNone
}

// parseOpaqueVars parses `.global .texref a, b = { ... };` (p.tok on the
// type word) into Program.TexRefs.
func (p *ptxParser) parseOpaqueVars(space traces.Space, st token) error {
	kt := p.tok
	kind := opaqueKindOf(p.bytes(kt))
	if space != traces.SpaceGlobal {
		return p.errAt(st.pos, "%s: texture, sampler and surface variables must be declared in .global space", p.bytes(kt))
	}
	if kind == traces.OpaqueSampler && p.prog.TexMode != traces.TexIndependent {
		return p.errAt(kt.pos, ".samplerref needs .target texmode_independent (this module is texmode_unified)")
	}
	p.advance()
	for {
		nt, err := p.name("a " + kind.String() + " name")
		if err != nil {
			return err
		}
		name := p.str(nt)
		if prev := p.syms[name]; prev != nil {
			return p.errAt(nt.pos, "duplicate definition of %s", name)
		}
		if isPunct(p.tok, '[') {
			return p.errAt(p.tok.pos, "%s: arrays of .%s are not supported", name, kind)
		}
		ref := traces.TexRef{Name: name, Kind: kind, Pos: nt.pos}
		if isPunct(p.tok, '=') {
			p.advance()
			if ref.Init, err = p.parseOpaqueInit(kind); err != nil {
				return err
			}
		}
		p.syms[name] = &ptxSym{kind: symTex, tex: len(p.prog.TexRefs), v: traces.Var{Name: name, Pos: nt.pos}}
		p.prog.TexRefs = append(p.prog.TexRefs, ref)
		if isPunct(p.tok, ',') {
			p.advance()
			continue
		}
		return p.expect(';', "';' after the declaration")
	}
}

// parseOpaqueInit reads `{ field = value, ... }`: the sampler state of a
// .texref or .samplerref. The shape and format of a texture come from its
// binding at launch, so the other fields PTX names are refused.
func (p *ptxParser) parseOpaqueInit(kind traces.OpaqueKind) (traces.SamplerInit, error) {
	var in traces.SamplerInit
	if err := p.expect('{', "'{' starting the initialiser"); err != nil {
		return in, err
	}
	for !isPunct(p.tok, '}') {
		ft, err := p.name("a field name")
		if err != nil {
			return in, err
		}
		field := p.str(ft)
		if err := p.expect('=', "'=' after "+field); err != nil {
			return in, err
		}
		vt := p.tok
		if vt.kind != tkWord && vt.kind != tkNum {
			return in, p.unexpected(vt, "a value for "+field)
		}
		val := p.str(vt)
		p.advance()
		bit := uint8(0)
		switch field {
		case "filter_mode":
			bit = traces.SetFilter
			switch val {
			case "nearest":
				in.Filter = traces.FilterPoint
			case "linear":
				in.Filter = traces.FilterLinear
			default:
				return in, p.errAt(vt.pos, "filter_mode = %s: expected nearest or linear", val)
			}
		case "addr_mode_0", "addr_mode_1", "addr_mode_2":
			d := field[len(field)-1] - '0'
			bit = traces.SetAddr0 << d
			m, ok := map[string]traces.AddrMode{"wrap": traces.AddrWrap, "mirror": traces.AddrMirror,
				"clamp_ogl": traces.AddrClamp, "clamp_to_edge": traces.AddrClamp, "clamp_to_border": traces.AddrBorder}[val]
			if !ok {
				return in, p.errAt(vt.pos, "%s = %s: expected wrap, mirror, clamp_ogl, clamp_to_edge or clamp_to_border", field, val)
			}
			in.Addr[d] = m
		case "normalized_coords", "force_unnormalized_coords":
			if (field == "normalized_coords") != (kind == traces.OpaqueTexture) {
				return in, p.errAt(ft.pos, "%s is not a field of .%s", field, kind)
			}
			bit = traces.SetNormalized
			if val != "0" && val != "1" {
				return in, p.errAt(vt.pos, "%s = %s: expected 0 or 1", field, val)
			}
			in.Normalized = (val == "1") == (field == "normalized_coords")
		case "width", "height", "depth", "channel_data_type", "channel_order", "array_size", "num_mipmap_levels", "num_samples":
			return in, p.errAt(ft.pos, "%s: initialising a texture's shape or format is not supported (the launch binds the texture)", field)
		default:
			return in, p.errAt(ft.pos, "unknown field %s in a .%s initialiser", field, kind)
		}
		if kind == traces.OpaqueSurface {
			return in, p.errAt(ft.pos, "%s is not a field of .surfref", field)
		}
		if in.Set&bit != 0 {
			return in, p.errAt(ft.pos, "%s given twice", field)
		}
		in.Set |= bit
		if isPunct(p.tok, ',') {
			p.advance()
			continue
		}
		if !isPunct(p.tok, '}') {
			return in, p.unexpected(p.tok, "',' or '}' in the initialiser")
		}
	}
	p.advance()
	return in, nil
}

// opaqueOpd decodes the name or register naming a texture, sampler or
// surface of kind want: a .u64 register holding a handle, a module-scope
// reference, or an opaque kernel parameter.
func (p *ptxParser) opaqueOpd(tok token, pos traces.Pos, want traces.OpaqueKind, word []byte) (traces.Operand, error) {
	f := p.fn
	name := p.bytes(tok)
	if tok.kind != tkWord {
		return traces.Operand{}, p.errAt(pos, "%s: expected a .%s or a .u64 register, found %s", word, want, name)
	}
	if d, m, ok := f.lookupReg(name); ok {
		rt := f.regDecls[d].typ
		if rt != traces.U64 && rt != traces.B64 && rt != traces.S64 {
			return traces.Operand{}, p.errAt(pos, "%s: %s is .%s; a %s handle is a .u64 register", word, name, rt, want)
		}
		return traces.Operand{Kind: traces.OpdReg, Reg: f.regID(d, m, name)}, nil
	}
	kind, op, ok := p.opaqueName(name)
	if !ok {
		_, isVar := f.vars[string(name)]
		switch {
		case p.syms[string(name)] != nil || isVar:
			return traces.Operand{}, p.errAt(pos, "%s: %s is not a .%s (expected a .%s or a .u64 register)", word, name, want, want)
		case name[0] == '%':
			return traces.Operand{}, p.errAt(pos, "%s: undefined register %s", word, name)
		}
		return traces.Operand{}, p.errAt(pos, "%s: undefined .%s %s", word, want, name)
	}
	if kind != want {
		return traces.Operand{}, p.errAt(pos, "%s: %s is a .%s, expected a .%s", word, name, kind, want)
	}
	return op, nil
}

// opaqueName resolves a module-scope reference or an opaque parameter of
// the kernel being parsed.
func (p *ptxParser) opaqueName(name []byte) (traces.OpaqueKind, traces.Operand, bool) {
	if s := p.syms[string(name)]; s != nil && s.kind == symTex {
		return p.prog.TexRefs[s.tex].Kind, traces.Operand{Kind: traces.OpdTexRef, Space: traces.SpaceGlobal, Reg: -1, Imm: uint64(s.tex)}, true
	}
	if p.fn != nil && p.fn.entry {
		for _, q := range p.fn.params {
			if q.opaque != traces.OpaqueNone && q.name == string(name) {
				return q.opaque, traces.Operand{Kind: traces.OpdTexRef, Space: traces.SpaceParam, Reg: -1, Imm: q.off}, true
			}
		}
	}
	return traces.OpaqueNone, traces.Operand{}, false
}

// rawOfItem turns a bracket-list item or a raw operand's parts into raw
// operands for the value decoders.
func (p *ptxParser) itemRaw(it rawItem) rawOpd {
	if it.vec {
		return rawOpd{kind: rkVec, e0: it.e0, en: it.en, pos: it.pos}
	}
	r := rawOpd{kind: rkName, tok: it.tok, pos: it.pos}
	if it.tok.kind == tkNum {
		r.kind = rkNum
	}
	return r
}

// vecValues decodes a vector (or a scalar, when scalarOK) of n elements
// written as `{a, b, ...}`; written is the vector size PTX requires (n, or
// 4 for a padded 3-element vector), and the first n elements are kept. The
// element types come from types (one per kept element).
func (p *ptxParser) vecValues(r *rawOpd, written int, types []traces.Type, scalarOK bool, what string, word []byte) ([]traces.Operand, error) {
	return p.vecValuesFl(r, written, types, scalarOK, what, word, 0)
}

// vecValuesFl is vecValues with operand flags (vRelaxed for stored values).
func (p *ptxParser) vecValuesFl(r *rawOpd, written int, types []traces.Type, scalarOK bool, what string, word []byte, fl vflag) ([]traces.Operand, error) {
	n := len(types)
	ops := make([]traces.Operand, n)
	if r.kind != rkVec {
		if !scalarOK || written != 1 {
			return nil, p.errAt(r.pos, "%s: expected the %s as a vector of %d elements", word, what, written)
		}
		op, err := p.valueOpd(r, types[0], fl, word)
		if err != nil {
			return nil, err
		}
		ops[0] = op
		return ops, nil
	}
	if r.en != written {
		return nil, p.errAt(r.pos, "%s: the %s vector has %d elements, this geometry needs %d", word, what, r.en, written)
	}
	for k := 0; k < written; k++ {
		e := p.elemRaw(p.elems[r.e0+k])
		t := traces.B32
		if k < n {
			t = types[k]
		}
		op, err := p.valueOpd(&e, t, fl, word)
		if err != nil {
			return nil, err
		}
		if k < n {
			ops[k] = op
		}
	}
	return ops, nil
}

// vecSize is how PTX writes a vector of n values: 1, 2 or 4 elements.
func vecSize(n int) int {
	if n == 3 {
		return 4
	}
	return n
}

// coordTypes are the coordinate element types of geometry g: the layer
// (.u32, or .s32 with integer coordinates) then the spatial coordinates of
// type ct.
func coordTypes(g traces.Geom, ct traces.Type) []traces.Type {
	var ts []traces.Type
	if g.Layered() {
		lt := traces.U32
		if ct == traces.S32 {
			lt = traces.S32
		}
		ts = append(ts, lt)
	}
	if g == traces.Geom2DMS || g == traces.GeomA2DMS {
		ts = append(ts, traces.U32) // the sample index
	}
	for i := 0; i < g.Dims(); i++ {
		ts = append(ts, ct)
	}
	return ts
}

func repeatType(t traces.Type, n int) []traces.Type {
	ts := make([]traces.Type, n)
	for i := range ts {
		ts[i] = t
	}
	return ts
}

// decDsts decodes a vector of v destinations of type t (a scalar when v is
// 1 and braces are left out).
func (p *ptxParser) decDsts(in *traces.Inst, r *rawOpd, v int, t traces.Type, word []byte) error {
	if r.pipe.kind == tkWord {
		return p.errAt(r.pipe.pos, "%s: the residency predicate (d|p, sparse textures) is not supported", word)
	}
	if r.kind != rkVec {
		if v != 1 {
			return p.errAt(r.pos, "%s: expected a vector of %d destinations", word, v)
		}
		op, err := p.valueOpd(r, t, vDst|vRelaxed, word)
		in.Dst[0], in.NDst = op, 1
		return err
	}
	if r.en != v {
		return p.errAt(r.pos, "%s: expected a vector of %d destinations, found %d", word, v, r.en)
	}
	for k := 0; k < v; k++ {
		e := p.elemRaw(p.elems[r.e0+k])
		op, err := p.valueOpd(&e, t, vDst|vRelaxed, word)
		if err != nil {
			return err
		}
		in.Dst[k] = op
	}
	in.NDst = uint8(v)
	return nil
}

// texList splits `[t, s, c]` / `[t, c]` into its items: the texture (the
// first), the sampler (independent mode), and the coordinates.
func (p *ptxParser) texList(r *rawOpd, word []byte) (tex token, samp *rawItem, coords rawOpd, err error) {
	if r.kind != rkMem || r.tok.kind != tkWord || r.nitems == 0 {
		return token{}, nil, rawOpd{}, p.errAt(r.pos, "%s: expected [texture, coordinates]", word)
	}
	indep := p.prog.TexMode == traces.TexIndependent
	switch {
	case r.nitems == 2 && !indep:
		return token{}, nil, rawOpd{}, p.errAt(r.items[0].pos, "%s: a sampler operand needs .target texmode_independent (this module is texmode_unified)", word)
	case r.nitems == 1 && indep:
		return token{}, nil, rawOpd{}, p.errAt(r.items[0].pos, "%s: texmode_independent needs a sampler: [texture, sampler, coordinates]", word)
	case r.nitems == 2:
		samp = &r.items[0]
		if samp.vec {
			return token{}, nil, rawOpd{}, p.errAt(samp.pos, "%s: expected a .samplerref or a .u64 register", word)
		}
	}
	return r.tok, samp, p.itemRaw(r.items[r.nitems-1]), nil
}

// decTex decodes tex and tld4:
//
//	tex{.base,.level,.grad}.geom.v4.dtype.ctype d, [a, {b,} c]{, lod}{, dPdx, dPdy}{, e}{, f}
//	tex.geom.v2.f16x2.ctype d, ...
//	tld4.comp.geom.v4.dtype.f32 d, [a, {b,} c]{, e}{, f}
func (p *ptxParser) decTex(in *traces.Inst, sf *sufs, tld4 bool, word []byte, pos traces.Pos) error {
	g := sf.geom
	in.Geom = g
	if g == traces.GeomNone {
		return p.errAt(pos, "%s: missing the geometry (.1d, .2d, .3d, .a1d, .a2d, .cube, .acube)", word)
	}
	if g == traces.Geom2DMS || g == traces.GeomA2DMS {
		return p.errAt(pos, "%s: multisample textures (.%s) are not supported", word, g)
	}
	dt, ct := in.Type, in.Type2
	if tld4 {
		in.Mode = sf.comp
		if sf.comp == 0 {
			return p.errAt(pos, "%s: missing the component (.r, .g, .b, .a)", word)
		}
		switch g {
		case traces.Geom2D, traces.GeomA2D, traces.GeomCube, traces.GeomACube:
		default:
			return p.errAt(pos, "%s: tld4 gathers from .2d, .a2d, .cube and .acube textures only", word)
		}
	} else {
		in.Mode = sf.texMode
	}
	v := int(sf.vec)
	switch {
	case dt == traces.F16x2:
		if v != 2 {
			return p.errAt(pos, "%s: .f16x2 results need .v2", word)
		}
	case v != 4:
		return p.errAt(pos, "%s: needs .v4 (or .v2 with .f16x2)", word)
	}
	in.Vec = uint8(v)
	if (g == traces.GeomCube || g == traces.GeomACube) && ct != traces.F32 {
		return p.errAt(pos, "%s: cube maps need .f32 coordinates", word)
	}
	mode := in.Mode
	if tld4 {
		mode = traces.TexBase
	}
	// d, [a, c], then lod or dPdx, dPdy, then the optional texel offsets
	// and depth-compare value.
	least := 2 + map[traces.Mode]int{traces.TexLevel: 1, traces.TexGrad: 2}[mode]
	if p.nraw < least || p.nraw > least+2 {
		return p.errAt(pos, "%s: expected %d to %d operands, found %d", word, least, least+2, p.nraw)
	}
	dreg := dt
	if dt == traces.F16 {
		dreg = traces.B16
	}
	if err := p.decDsts(in, &p.raw[0], v, dreg, word); err != nil {
		return err
	}
	texTok, samp, coords, err := p.texList(&p.raw[1], word)
	if err != nil {
		return err
	}
	if in.Src[0], err = p.opaqueOpd(texTok, p.raw[1].pos, traces.OpaqueTexture, word); err != nil {
		return err
	}
	if samp != nil {
		if in.Src[1], err = p.opaqueOpd(samp.tok, samp.pos, traces.OpaqueSampler, word); err != nil {
			return err
		}
	}
	in.NSrc = 3
	ext, err := p.vecValues(&coords, vecSize(g.Coords()), coordTypes(g, ct), g.Coords() == 1, "coordinates", word)
	if err != nil {
		return err
	}
	next := 2
	switch mode {
	case traces.TexLevel:
		if next >= p.nraw {
			return p.errAt(pos, "%s: missing the level of detail", word)
		}
		if in.Src[2], err = p.valueOpd(&p.raw[next], ct, 0, word); err != nil {
			return err
		}
		next++
	case traces.TexGrad:
		if next+1 >= p.nraw {
			return p.errAt(pos, "%s: missing the gradients dPdx, dPdy", word)
		}
		n := g.Dims()
		for k := 0; k < 2; k++ {
			what := [2]string{"gradient dPdx", "gradient dPdy"}[k]
			gr, err := p.vecValues(&p.raw[next], vecSize(n), repeatType(traces.F32, n), n == 1, what, word)
			if err != nil {
				return err
			}
			ext = append(ext, gr...)
			next++
		}
	}
	if next < p.nraw {
		r := &p.raw[next]
		if r.kind == rkVec || g.Dims() == 1 && !p.isFloatOperand(r) {
			if g == traces.GeomCube || g == traces.GeomACube {
				return p.errAt(r.pos, "%s: cube maps take no texel offsets", word)
			}
			n := g.Dims()
			off, err := p.vecValues(r, vecSize(n), repeatType(traces.S32, n), n == 1, "texel offsets", word)
			if err != nil {
				return err
			}
			ext = append(ext, off...)
			next++
		}
	}
	if next < p.nraw {
		return p.errAt(p.raw[next].pos, "%s: the depth-compare operand (shadow textures) is not supported", word)
	}
	in.Ext = ext
	return nil
}

// isFloatOperand reports a float register or float literal (the
// depth-compare value), which tells a scalar 1d offset from a depth.
func (p *ptxParser) isFloatOperand(r *rawOpd) bool {
	switch r.kind {
	case rkNum:
		k, _, ok := parseLit(p.bytes(r.tok))
		return ok && k != litInt
	case rkName:
		if d, _, ok := p.fn.lookupReg(p.bytes(r.tok)); ok {
			return p.fn.regDecls[d].typ.IsFloat()
		}
	}
	return false
}

// decTxq decodes txq and suq:
//
//	txq.tquery.b32 d, [a]; txq.level.tlquery.b32 d, [a], lod; txq.squery.b32 d, [a]
//	suq.query.b32 d, [a]
func (p *ptxParser) decTxq(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos) error {
	q := sf.query
	in.Mode = q
	surf := in.Op == traces.OpSuq
	mn := "txq"
	if surf {
		mn = "suq"
	}
	if q == 0 || q >= traces.IsTexref {
		return p.errAt(pos, "%s: missing the query (.width, .height, ...)", word)
	}
	sampler := q >= traces.QueryForceUnnormalizedCoords && q <= traces.QueryAddrMode2
	switch {
	case surf && !(q <= traces.QueryChannelOrder || q == traces.QueryArraySize || q == traces.QueryMemoryLayout):
		return p.errAt(pos, "%s: not a surface query (suq takes .width, .height, .depth, .channel_data_type, .channel_order, .array_size, .memory_layout)", word)
	case !surf && q == traces.QueryMemoryLayout:
		return p.errAt(pos, "%s: .memory_layout is a surface query (suq)", word)
	}
	level := sf.seen&mkTexMode != 0
	if level {
		if surf || sf.texMode != traces.TexLevel {
			return p.errAt(pos, "%s: %s takes no .%s", word, mn, map[traces.Mode]string{traces.TexBase: "base", traces.TexLevel: "level", traces.TexGrad: "grad"}[sf.texMode])
		}
		if q != traces.QueryWidth && q != traces.QueryHeight && q != traces.QueryDepth {
			return p.errAt(pos, "%s: txq.level queries .width, .height or .depth", word)
		}
	}
	n := 2
	if level {
		n = 3
	}
	if err := p.want(n, word, pos); err != nil {
		return err
	}
	d, err := p.valueOpd(&p.raw[0], traces.B32, vDst, word)
	if err != nil {
		return err
	}
	in.Dst[0], in.NDst = d, 1
	r := &p.raw[1]
	if r.kind != rkMem || r.tok.kind != tkWord || r.nitems != 0 || r.hasOff {
		return p.errAt(r.pos, "%s: expected [texture], [sampler] or [surface]", word)
	}
	want := traces.OpaqueTexture
	switch {
	case surf:
		want = traces.OpaqueSurface
	case sampler:
		// A sampler query reads a sampler in independent mode; in unified
		// mode the texture carries the sampler state.
		if p.prog.TexMode == traces.TexIndependent {
			want = traces.OpaqueSampler
		}
	}
	if in.Src[0], err = p.opaqueOpd(r.tok, r.pos, want, word); err != nil {
		return err
	}
	in.NSrc = 1
	if level {
		if in.Src[1], err = p.valueOpd(&p.raw[2], traces.S32, 0, word); err != nil {
			return err
		}
		in.NSrc = 2
	}
	return nil
}

// surfCoords decodes the coordinates of [a, b] for a surface instruction.
func (p *ptxParser) surfCoords(in *traces.Inst, r *rawOpd, word []byte) error {
	if r.kind != rkMem || r.tok.kind != tkWord || r.nitems != 1 || r.hasOff {
		return p.errAt(r.pos, "%s: expected [surface, coordinates]", word)
	}
	var err error
	if in.Src[0], err = p.opaqueOpd(r.tok, r.pos, traces.OpaqueSurface, word); err != nil {
		return err
	}
	c := p.itemRaw(r.items[0])
	g := in.Geom
	in.Ext, err = p.vecValues(&c, vecSize(g.Coords()), repeatType(traces.S32, g.Coords()), g.Coords() == 1, "coordinates", word)
	return err
}

// surfHead checks what suld, sust and sured share: the geometry, the
// out-of-range mode and the vector width.
func (p *ptxParser) surfHead(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos, geoms ...traces.Geom) error {
	in.Geom, in.Mode = sf.geom, sf.clamp
	if sf.seen&mkSuFmt == 0 {
		return p.errAt(pos, "%s: missing .b (unformatted) or .p (formatted)", word)
	}
	if sf.fmtP {
		in.Flags |= traces.FlagFormatted
	}
	if in.Geom == traces.GeomNone {
		return p.errAt(pos, "%s: missing the geometry (.1d, .2d, .3d, .a1d, .a2d)", word)
	}
	ok := false
	for _, g := range geoms {
		ok = ok || g == in.Geom
	}
	if !ok {
		return p.errAt(pos, "%s: .%s is not a geometry of this surface instruction", word, in.Geom)
	}
	if in.Mode == 0 {
		return p.errAt(pos, "%s: missing the out-of-range mode (.trap, .clamp, .zero)", word)
	}
	in.Vec = max(1, sf.vec)
	if int(in.Vec)*in.Type.Size() > 16 {
		return p.errAt(pos, "%s: .v%d of .%s is wider than 128 bits", word, in.Vec, in.Type)
	}
	return nil
}

var surfGeoms = []traces.Geom{traces.Geom1D, traces.Geom2D, traces.Geom3D, traces.GeomA1D, traces.GeomA2D}

// decSuld decodes suld.b.geom{.cop}{.vec}.dtype.mode d, [a, b].
func (p *ptxParser) decSuld(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos) error {
	if sf.fmtP {
		return p.errAt(pos, "%s: suld.p (formatted surface loads) was removed from PTX; use suld.b", word)
	}
	if err := p.surfHead(in, sf, word, pos, surfGeoms...); err != nil {
		return err
	}
	if err := p.want(2, word, pos); err != nil {
		return err
	}
	if err := p.decDsts(in, &p.raw[0], int(in.Vec), in.Type, word); err != nil {
		return err
	}
	if err := p.surfCoords(in, &p.raw[1], word); err != nil {
		return err
	}
	in.NSrc = 1
	return nil
}

// decSust decodes sust and sured:
//
//	sust.b.geom{.cop}{.vec}.ctype.mode [a, b], c; sust.p.geom{.vec}.b32.mode [a, b], c
//	sured.b.op.geom.ctype.mode [a, b], c; sured.p.op.geom.ctype.mode [a, b], c
func (p *ptxParser) decSust(in *traces.Inst, sf *sufs, red bool, word []byte, pos traces.Pos) error {
	geoms := surfGeoms
	if red {
		geoms = geoms[:3]
	}
	if err := p.surfHead(in, sf, word, pos, geoms...); err != nil {
		return err
	}
	t := in.Type
	if red {
		if sf.vec != 0 {
			return p.errAt(pos, "%s: sured takes one value, not a vector", word)
		}
		ok := false
		switch in.Atom {
		case traces.AtomNone:
			return p.errAt(pos, "%s: missing the operation (.add, .min, .max, .and, .or)", word)
		case traces.AtomAdd:
			ok = t == traces.U32 || t == traces.S32 || t == traces.U64
		case traces.AtomMin, traces.AtomMax:
			ok = t == traces.U32 || t == traces.S32
		case traces.AtomAnd, traces.AtomOr:
			ok = t == traces.B32
		default:
			return p.errAt(pos, "%s: sured does .add, .min, .max, .and and .or", word)
		}
		if sf.fmtP {
			ok = t == traces.B32
		}
		if !ok {
			return p.errAt(pos, "%s: .%s is not a valid type for this sured operation", word, t)
		}
	} else {
		if sf.fmtP && t != traces.B32 {
			return p.errAt(pos, "%s: sust.p stores .b32 values", word)
		}
		if kindOf(t) != tkdBits {
			return p.errAt(pos, "%s: sust takes .b8, .b16, .b32 or .b64", word)
		}
	}
	if err := p.want(2, word, pos); err != nil {
		return err
	}
	if err := p.surfCoords(in, &p.raw[0], word); err != nil {
		return err
	}
	r := &p.raw[1]
	if red {
		if r.kind == rkVec {
			return p.errAt(r.pos, "%s: sured takes one value, not a vector", word)
		}
		op, err := p.valueOpd(r, t, 0, word)
		if err != nil {
			return err
		}
		in.Src[1], in.NSrc = op, 2
		return nil
	}
	vals, err := p.vecValuesFl(r, int(in.Vec), repeatType(t, int(in.Vec)), in.Vec == 1, "values", word, vRelaxed)
	if err != nil {
		return err
	}
	if t == traces.B8 {
		// .b8 values come from 16- or 32-bit registers (ptxas takes both).
		for i := range vals {
			if vals[i].Kind == traces.OpdReg && p.fn.regs[vals[i].Reg].Type.Size() > 4 {
				return p.errAt(r.pos, "%s: .b8 values come from 16- or 32-bit registers", word)
			}
		}
	}
	in.Ext = append(in.Ext, vals...)
	in.NSrc = 1
	return nil
}

// decIstypep decodes istypep.type p, a.
func (p *ptxParser) decIstypep(in *traces.Inst, sf *sufs, word []byte, pos traces.Pos) error {
	in.Mode = sf.query
	if sf.query < traces.IsTexref {
		return p.errAt(pos, "%s: expected istypep.texref, .samplerref or .surfref", word)
	}
	if err := p.want(2, word, pos); err != nil {
		return err
	}
	d, err := p.valueOpd(&p.raw[0], traces.Pred, vDst, word)
	if err != nil {
		return err
	}
	in.Dst[0], in.NDst = d, 1
	a := &p.raw[1]
	if a.kind != rkName {
		return p.errAt(a.pos, "%s: expected a .u64 register", word)
	}
	if _, _, ok := p.fn.lookupReg(p.bytes(a.tok)); !ok {
		return p.errAt(a.pos, "%s: expected a .u64 register, found %s", word, p.bytes(a.tok))
	}
	if in.Src[0], err = p.valueOpd(a, traces.U64, 0, word); err != nil {
		return err
	}
	in.NSrc = 1
	return nil
}
