package ptx

import (
	"fmt"
	"math"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Texture fetches (tex, tld4), queries (txq, suq) and istypep, lane by
// lane. The arithmetic is package alu's (tex.go there: coordinates,
// weights, the weighted sum, normalised conversions, level of detail); the
// rules here follow the CUDA C++ Programming Guide ("Texture and Surface
// Memory" and appendix "Texture Fetching") and the PTX ISA:
//
//   - Coordinates: normalised ones are scaled by the level's size;
//     unnormalised ones are texel coordinates. Integer (.s32) coordinates
//     address texels directly, unfiltered.
//   - Point sampling takes texel floor(x); linear filtering weighs texels
//     floor(xB) and floor(xB)+1, xB = x - 0.5, by 8-bit fixed-point
//     weights (alu.TexLinear), per dimension.
//   - Addressing applies to each texel index: wrap (modulo the size),
//     mirror (period twice the size, every second copy reversed), clamp (to
//     the edge texel), border (the border colour outside). As the CUDA
//     guide says, wrap and mirror need normalised coordinates: with
//     unnormalised ones they clamp. Layers are integers, clamped.
//   - Cube maps select a face and face coordinates from the direction as
//     the CUDA guide's cubemap table gives (the major axis, ties going to
//     x, then y), computed in f32 with IEEE rounding, and clamp at the
//     face's edges (no filtering across faces).
//   - Mipmaps: tex.level's level of detail and tex.grad's (alu.TexLOD)
//     are biased and clamped as the sampler says, then pick the nearest
//     level or blend two with an 8-bit weight; tex without either reads
//     level 0.
//   - Results: float channels (f16 widened exactly), integer channels
//     read normalised (alu.UnormToF32, SnormToF32), or integer channels
//     (zero- or sign-extended to 32 bits). A format without green or blue
//     gives 0, without alpha 1 (1.0 for float results).
//   - tld4 returns one channel of the four texels of a bilinear footprint
//     in the order (i, j+1), (i+1, j+1), (i+1, j), (i, j), as Direct3D's
//     gather and OpenGL's textureGather order them.

// errBadHandle is a handle that names no object of the launch.
type errBadHandle struct {
	h    uint64
	want traces.OpaqueKind
	got  traces.OpaqueKind
}

func (e *errBadHandle) Error() string {
	if e.h == 0 {
		return fmt.Sprintf("handle 0 names no %s (an unbound reference, or a parameter given none)", kindWord(e.want))
	}
	if e.got == traces.OpaqueNone {
		return fmt.Sprintf("0x%x is not a %s handle of this launch", e.h, kindWord(e.want))
	}
	return fmt.Sprintf("handle 0x%x is a %s, not a %s", e.h, kindWord(e.got), kindWord(e.want))
}

func kindWord(k traces.OpaqueKind) string {
	switch k {
	case traces.OpaqueSampler:
		return "sampler"
	case traces.OpaqueSurface:
		return "surface"
	}
	return "texture"
}

// handleValue is the handle lane l's operand names.
func (w *Warp) handleValue(h *handleSrc, lane int) (uint64, error) {
	cfg := &w.b.l.cfg
	switch h.kind {
	case handleReg:
		return w.regs[h.reg.off+lane], nil
	case handleRef:
		if h.idx < len(cfg.TexRefs) && cfg.TexRefs[h.idx] != 0 {
			return cfg.TexRefs[h.idx], nil
		}
		r := &cfg.Program.TexRefs[h.idx]
		return 0, fmt.Errorf(".%s %s is not bound to a %s at this launch", r.Kind, r.Name, kindWord(r.Kind))
	case handleParam:
		b := cfg.Params.Data[h.off : h.off+8]
		return warp.LoadN(b, 8), nil
	}
	return 0, nil
}

// object is the object of kind k that lane l's handle names.
func (w *Warp) object(h *handleSrc, lane int, k traces.OpaqueKind) (*TexObject, error) {
	v, err := w.handleValue(h, lane)
	if err != nil {
		return nil, err
	}
	o := w.b.l.cfg.Tex.Get(v)
	if o == nil || o.Kind != k {
		e := &errBadHandle{h: v, want: k}
		if o != nil {
			e.got = o.Kind
		}
		return nil, e
	}
	return o, nil
}

// geomFits reports an instruction geometry that does not match the
// texture's or surface's kind: cube geometries read cube maps, array
// geometries layered textures, the others neither.
func geomFits(g traces.Geom, r *Resource) error {
	kind := "a texture without layers"
	switch {
	case r.Cube:
		kind = "a cube map"
	case r.Layers > 0:
		kind = "a layered texture"
	}
	var ok bool
	switch g {
	case traces.GeomCube, traces.GeomACube:
		ok = r.Cube
	case traces.GeomA1D, traces.GeomA2D:
		ok = !r.Cube && r.Layers > 0
	default:
		ok = !r.Cube && r.Layers == 0
	}
	if !ok {
		return fmt.Errorf("a .%s access to %s", g, kind)
	}
	return nil
}

// texRow is the lane values of an Ext operand (a register or immediate).
func (w *Warp) texRow(s *srcOpd) []uint64 {
	if s.kind == srcImm {
		return s.imm
	}
	return w.regs[s.off : s.off+w.width]
}

// fetchQuery is one lane's fetch.
type fetchQuery struct {
	c      [3]uint32 // spatial coordinates: f32 bits, or s32 values
	layer  uint32
	lod    int64 // tex.level, tex.grad: level of detail in 1/256
	hasLod bool
	off    [3]int32
	gather traces.Mode
}

// tap is one texel of a fetch and its weight.
type tap struct {
	v [4]uint32
	w uint64
}

// texScratch is a warp's per-fetch working memory (no allocation per
// fetch).
type texScratch struct {
	taps    [16]tap
	ntaps   int
	vals    [16]uint32
	weights [16]uint64
	texels  []uint64 // the footprint of the instruction (all lanes)
	acc     warp.Access
}

func (w *Warp) texState() *texScratch {
	if w.tx == nil {
		w.tx = &texScratch{texels: make([]uint64, 0, 16*w.width)}
		w.tx.acc.Addr = make([]uint64, w.width)
		w.tx.acc.Spaces = make([]traces.Space, w.width)
	}
	return w.tx
}

// texAccess publishes the footprint of the instruction for the timing
// model.
func (w *Warp) texAccess(kind warp.AccessKind, m uint64, size int) {
	s := w.tx
	a := &s.acc
	a.Kind, a.Space, a.Size, a.Mask, a.Texels, a.TexelSize = kind, traces.SpaceGlobal, size, m, s.texels, size
	for l := range a.Spaces {
		a.Spaces[l] = traces.SpaceGlobal
	}
	if len(s.texels) == 0 {
		a.Mask = 0
	}
	w.res.Mem = a
}

func execTex(w *Warp, o *op, m uint64) error {
	x := o.tx
	s := w.texState()
	s.texels = s.texels[:0]
	var coords [4][]uint64
	for i := range x.coords {
		coords[i] = w.texRow(&x.coords[i])
	}
	var lod []uint64
	if x.lod.kind != srcNone {
		lod = w.texRow(&x.lod)
	}
	texelSize := 0
	for mm := m; mm != 0; mm &= mm - 1 {
		lane := tz(mm)
		obj, err := w.object(&x.tex, lane, traces.OpaqueTexture)
		if err != nil {
			return warp.AtLane(lane, err)
		}
		samp := &obj.Samp
		var alone Sampler
		if x.samp.kind != handleNone {
			so, err := w.object(&x.samp, lane, traces.OpaqueSampler)
			if err != nil {
				return warp.AtLane(lane, err)
			}
			// Independent mode: the sampler's filtering and addressing,
			// the texture's read mode.
			alone = so.Samp
			alone.ReadNormalized = obj.Samp.ReadNormalized
			samp = &alone
		}
		if err := samp.CheckFor(obj.Res.Format); err != nil {
			return warp.AtLane(lane, err)
		}
		if err := geomFits(x.geom, &obj.Res); err != nil {
			return warp.AtLane(lane, err)
		}
		texelSize = obj.Res.Format.Size()
		var q fetchQuery
		k := 0
		if x.geom.Layered() {
			q.layer = uint32(coords[0][lane])
			k = 1
		}
		for d := 0; d < x.geom.Dims(); d++ {
			q.c[d] = uint32(coords[k+d][lane])
		}
		for d := range x.offs {
			q.off[d] = int32(uint32(w.texRow(&x.offs[d])[lane]))
		}
		switch {
		case lod != nil:
			q.hasLod = true
			if x.intCoords {
				q.lod = int64(int32(uint32(lod[lane]))) << 8
			} else {
				q.lod = alu.TexFixed8(uint32(lod[lane]))
			}
		case x.grads != nil:
			var dx, dy, scale [3]uint32
			n := x.geom.Dims()
			for d := 0; d < n; d++ {
				dx[d] = uint32(w.texRow(&x.grads[d])[lane])
				dy[d] = uint32(w.texRow(&x.grads[n+d])[lane])
				scale[d] = 1
				if samp.Normalized || x.geom == traces.GeomCube || x.geom == traces.GeomACube {
					scale[d] = [3]uint32{obj.Res.Width, obj.Res.Height, obj.Res.Depth}[d]
				}
			}
			q.hasLod = true
			q.lod = alu.TexLOD(dx, dy, scale, n)
		}
		q.gather = x.gather
		var res [4]uint32
		if err := w.fetch(obj, samp, x, &q, &res); err != nil {
			return warp.AtLane(lane, err)
		}
		w.texResults(o, x, lane, &res, samp.FloatResult(obj.Res.Format))
	}
	w.texAccess(warp.AccessLoad, m, texelSize)
	return nil
}

// texResults writes one lane's four channels into the destinations.
func (w *Warp) texResults(o *op, x *texOp, lane int, r *[4]uint32, float bool) {
	switch {
	case x.f16x2:
		for i := 0; i < 2; i++ {
			lo, hi := half(r[2*i], float), half(r[2*i+1], float)
			if d := &o.dst[i]; d.kind == dstReg {
				w.regs[d.off+lane] = ext(uint64(lo)|uint64(hi)<<16, d)
			}
		}
	case x.f16:
		for i := 0; i < 4; i++ {
			if d := &o.dst[i]; d.kind == dstReg {
				w.regs[d.off+lane] = ext(uint64(half(r[i], float)), d)
			}
		}
	default:
		for i := 0; i < 4; i++ {
			if d := &o.dst[i]; d.kind == dstReg {
				w.regs[d.off+lane] = ext(uint64(r[i]), d)
			}
		}
	}
}

// half is a result as f16: floats rounded to nearest even, integers
// truncated to 16 bits.
func half(v uint32, float bool) uint16 {
	if float {
		return alu.F32ToF16(v, alu.CanonicalNaN)
	}
	return uint16(v)
}

// Level-of-detail limits: the finest and coarsest level in 1/256.
func (w *Warp) levels(res *Resource, s *Sampler, q *fetchQuery) (l0, l1 uint32, f1 uint64, two bool) {
	if !q.hasLod || res.Levels <= 1 {
		return 0, 0, 0, false
	}
	lod := q.lod + alu.TexFixed8(s.LodBias)
	lod = max(lod, alu.TexFixed8(s.MinLod))
	lod = min(lod, alu.TexFixed8(s.MaxLod))
	lod = max(0, min(lod, int64(res.Levels-1)<<8))
	if s.MipFilter == traces.FilterPoint {
		return uint32((lod + 128) >> 8), 0, 0, false
	}
	l0, f := uint32(lod>>8), uint64(lod&255)
	if f == 0 {
		return l0, 0, 0, false
	}
	return l0, l0 + 1, f, true
}

// fetch computes one lane's four channels.
func (w *Warp) fetch(obj *TexObject, s *Sampler, x *texOp, q *fetchQuery, out *[4]uint32) error {
	res := &obj.Res
	st := w.tx
	st.ntaps = 0
	float := s.FloatResult(res.Format)
	if q.gather != 0 {
		return w.gatherTexels(obj, s, x, q, out, float)
	}
	l0, l1, f1, two := w.levels(res, s, q)
	frac := uint(0)
	if two {
		if err := w.levelTaps(obj, s, x, q, l0, 256-f1, float); err != nil {
			return err
		}
		if err := w.levelTaps(obj, s, x, q, l1, f1, float); err != nil {
			return err
		}
		frac = 8
	} else if err := w.levelTaps(obj, s, x, q, l0, 1, float); err != nil {
		return err
	}
	if s.Filter == traces.FilterLinear && !x.intCoords {
		frac += 8 * uint(x.geom.Dims())
	}
	if !float || st.ntaps == 1 {
		*out = st.taps[0].v // integer results are never filtered
		return nil
	}
	for ch := 0; ch < 4; ch++ {
		for i := 0; i < st.ntaps; i++ {
			st.vals[i], st.weights[i] = st.taps[i].v[ch], st.taps[i].w
		}
		out[ch] = alu.TexBlend(st.vals[:st.ntaps], st.weights[:st.ntaps], frac)
	}
	return nil
}

// axis is one dimension of a fetch at one level: its size, the texel
// indices and weights along it, and whether coordinates are normalised.
type axis struct {
	n     uint32
	i     [2]int64
	w     [2]uint64
	taps  int
	mode  traces.AddrMode
	scale uint32 // multiplier of the coordinate: n when normalised, else 1
}

// faceCoords maps a cube-map direction to a face and its normalised
// coordinates (CUDA guide, "Cubemap Textures": the face of the major
// axis, s = (sc/|ma| + 1)/2, t = (tc/|ma| + 1)/2).
func faceCoords(c [3]uint32) (face uint32, s, t uint32) {
	neg := func(v uint32) uint32 { return v ^ 0x80000000 }
	abs := func(v uint32) uint32 { return v &^ 0x80000000 }
	less := func(a, b uint32) bool { // |a| < |b| for finite or infinite values; NaN compares false
		return math.Float32frombits(abs(a)) < math.Float32frombits(abs(b))
	}
	x, y, z := c[0], c[1], c[2]
	var sc, tc, ma uint32
	switch {
	case !less(x, y) && !less(x, z):
		ma = abs(x)
		if x>>31 == 0 {
			face, sc, tc = 0, neg(z), neg(y)
		} else {
			face, sc, tc = 1, z, neg(y)
		}
	case !less(y, z):
		ma = abs(y)
		if y>>31 == 0 {
			face, sc, tc = 2, x, z
		} else {
			face, sc, tc = 3, x, neg(z)
		}
	default:
		ma = abs(z)
		if z>>31 == 0 {
			face, sc, tc = 4, x, neg(y)
		} else {
			face, sc, tc = 5, neg(x), neg(y)
		}
	}
	m := alu.Mode(alu.RoundNearestEven, 0)
	one, halfF := uint32(0x3f800000), uint32(0x3f000000)
	s = alu.MulF32(alu.AddF32(alu.DivF32(sc, ma, m), one, m), halfF, m)
	t = alu.MulF32(alu.AddF32(alu.DivF32(tc, ma, m), one, m), halfF, m)
	return face, s, t
}

// setup computes the axes of a fetch at level lv and the 2-D slice
// (layer, or cube face) it reads.
func (w *Warp) setup(res *Resource, s *Sampler, x *texOp, q *fetchQuery, lv uint32, linear bool, ax *[3]axis) (dims int, slice uint32) {
	c := q.c
	normalized := s.Normalized
	modes := s.Addr
	dims = x.geom.Dims()
	size := [3]uint32{max(1, res.Width>>lv), max(1, res.Height>>lv), max(1, res.Depth>>lv)}
	layers := res.Layers
	if x.geom == traces.GeomCube || x.geom == traces.GeomACube {
		var face uint32
		face, c[0], c[1] = faceCoords(q.c)
		dims, normalized = 2, true
		modes = [3]traces.AddrMode{traces.AddrClamp, traces.AddrClamp}
		cube := uint32(0)
		if x.geom == traces.GeomACube {
			cube = min(q.layer, max(layers/6, 1)-1)
		}
		slice = cube*6 + face
	} else if x.geom.Layered() {
		slice = min(q.layer, max(layers, 1)-1)
		if int32(q.layer) < 0 && x.intCoords {
			slice = 0
		}
	}
	for d := 0; d < dims; d++ {
		a := &ax[d]
		a.n = size[d]
		a.mode = modes[d]
		if (!normalized || x.intCoords) && (a.mode == traces.AddrWrap || a.mode == traces.AddrMirror) {
			a.mode = traces.AddrClamp // CUDA guide: wrap and mirror need normalised coordinates
		}
		a.scale = 1
		if normalized {
			a.scale = a.n
		}
		switch {
		case x.intCoords:
			a.i[0], a.w[0], a.taps = int64(int32(c[d])), 1, 1
		case linear:
			i, alpha := alu.TexLinear(c[d], a.scale)
			a.i[0], a.i[1] = i, i+1
			a.w[0], a.w[1] = 256-uint64(alpha), uint64(alpha)
			a.taps = 2
		default:
			a.i[0], a.w[0], a.taps = alu.TexFloor(c[d], a.scale, 0), 1, 1
		}
		for t := 0; t < a.taps; t++ {
			a.i[t] += int64(q.off[d])
		}
	}
	return dims, slice
}

// address applies an addressing mode to texel index i of an axis of n
// texels; ok is false for a border texel.
func address(i int64, n uint32, mode traces.AddrMode) (uint32, bool) {
	N := int64(n)
	switch mode {
	case traces.AddrWrap:
		i %= N
		if i < 0 {
			i += N
		}
	case traces.AddrMirror:
		i %= 2 * N
		if i < 0 {
			i += 2 * N
		}
		if i >= N {
			i = 2*N - 1 - i
		}
	case traces.AddrBorder:
		if i < 0 || i >= N {
			return 0, false
		}
	default:
		i = max(0, min(i, N-1))
	}
	return uint32(i), true
}

// levelTaps adds the taps of a fetch at level lv, weighted by lw.
func (w *Warp) levelTaps(obj *TexObject, s *Sampler, x *texOp, q *fetchQuery, lv uint32, lw uint64, float bool) error {
	res := &obj.Res
	var ax [3]axis
	linear := s.Filter == traces.FilterLinear && !x.intCoords && float
	dims, slice := w.setup(res, s, x, q, lv, linear, &ax)
	for d := dims; d < 3; d++ {
		ax[d] = axis{n: 1, taps: 1, w: [2]uint64{1}}
	}
	st := w.tx
	for tz := 0; tz < ax[2].taps; tz++ {
		for ty := 0; ty < ax[1].taps; ty++ {
			for tx := 0; tx < ax[0].taps; tx++ {
				wt := lw * ax[0].w[tx] * ax[1].w[ty] * ax[2].w[tz]
				t := &st.taps[st.ntaps]
				st.ntaps++
				t.w = wt
				var xyz [3]uint32
				inside := true
				for d, ti := range [3]int{tx, ty, tz} {
					v, ok := address(ax[d].i[ti], ax[d].n, ax[d].mode)
					xyz[d], inside = v, inside && ok
				}
				if !inside {
					t.v = borderValue(s, res.Format, float)
					continue
				}
				if err := w.texel(res, s, lv, slice, xyz, float, &t.v); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// gatherTexels is tld4: channel q.gather-1 of the bilinear footprint's texels.
func (w *Warp) gatherTexels(obj *TexObject, s *Sampler, x *texOp, q *fetchQuery, out *[4]uint32, float bool) error {
	res := &obj.Res
	var ax [3]axis
	_, slice := w.setup(res, s, x, q, 0, true, &ax)
	ch := int(q.gather - traces.Tld4R)
	// (i, j+1), (i+1, j+1), (i+1, j), (i, j)
	order := [4][2]int{{0, 1}, {1, 1}, {1, 0}, {0, 0}}
	for k, p := range order {
		xi, okx := address(ax[0].i[p[0]], ax[0].n, ax[0].mode)
		yi, oky := address(ax[1].i[p[1]], ax[1].n, ax[1].mode)
		var v [4]uint32
		if okx && oky {
			if err := w.texel(res, s, 0, slice, [3]uint32{xi, yi}, float, &v); err != nil {
				return err
			}
		} else {
			v = borderValue(s, res.Format, float)
		}
		out[k] = v[ch]
	}
	return nil
}

// borderValue is the border colour as a fetch of format f returns it.
func borderValue(s *Sampler, f Format, float bool) [4]uint32 {
	if float {
		return s.Border
	}
	var v [4]uint32
	for i, b := range s.Border {
		x := float64(math.Float32frombits(b))
		switch {
		case x != x:
			v[i] = 0
		case f.Kind == ChanSigned:
			v[i] = uint32(int32(max(min(x, math.MaxInt32), math.MinInt32)))
		default:
			v[i] = uint32(max(min(x, math.MaxUint32), 0))
		}
	}
	return v
}

// texel reads one texel and converts its channels.
func (w *Warp) texel(res *Resource, s *Sampler, lv, slice uint32, xyz [3]uint32, float bool, v *[4]uint32) error {
	f := res.Format
	size := f.Size()
	addr := res.Addr + res.TexelOffset(lv, slice, xyz[0], xyz[1], xyz[2])
	b, err := w.globalBytes(addr, size, false)
	if err != nil {
		return err
	}
	st := w.tx
	st.texels = append(st.texels, addr)
	cb := int(f.Bits) / 8
	for ch := 0; ch < 4; ch++ {
		if ch >= int(f.Channels) {
			v[ch] = 0
			if ch == 3 {
				v[ch] = 1
				if float {
					v[ch] = 0x3f800000
				}
			}
			continue
		}
		raw := uint32(warp.LoadN(b[ch*cb:], cb))
		switch {
		case f.Kind == ChanFloat && f.Bits == 16:
			raw = alu.F16ToF32(uint16(raw))
		case f.Kind == ChanFloat:
		case float && f.Kind == ChanUnsigned:
			raw = alu.UnormToF32(raw, uint(f.Bits))
		case float:
			raw = alu.SnormToF32(raw, uint(f.Bits))
		case f.Kind == ChanSigned && f.Bits < 32:
			raw = uint32(int32(raw<<(32-f.Bits)) >> (32 - f.Bits))
		}
		v[ch] = raw
	}
	return nil
}

// Query results (txq, suq). PTX leaves the encoding of the channel
// queries to the implementation; gpusim gives the position in OpenCL's
// cl_channel_type list (CL_SNORM_INT8 0, CL_SNORM_INT16 1, CL_UNORM_INT8
// 2, CL_UNORM_INT16 3, CL_SIGNED_INT8 7, CL_SIGNED_INT16 8,
// CL_SIGNED_INT32 9, CL_UNSIGNED_INT8 10, CL_UNSIGNED_INT16 11,
// CL_UNSIGNED_INT32 12, CL_HALF_FLOAT 13, CL_FLOAT 14) and of
// cl_channel_order (CL_R 0, CL_RG 2, CL_RGBA 5), whose values OpenCL
// numbers from 0x10D0 and 0x10B0. Addressing modes are numbered as PTX
// lists them (wrap 0, mirror 1, clamp_ogl 2, clamp_to_edge 3,
// clamp_to_border 4), filter modes nearest 0, linear 1.
func queryValue(o *TexObject, q traces.Mode, level int32) uint32 {
	r := &o.Res
	sz := func(n uint32) uint32 {
		if level > 0 {
			return max(1, n>>uint(min(level, 31)))
		}
		return n
	}
	switch q {
	case traces.QueryWidth:
		return sz(r.Width)
	case traces.QueryHeight:
		return sz(r.Height)
	case traces.QueryDepth:
		return sz(r.Depth)
	case traces.QueryChannelDataType:
		f := r.Format
		switch {
		case f.Kind == ChanFloat && f.Bits == 16:
			return 13
		case f.Kind == ChanFloat:
			return 14
		case o.Samp.ReadNormalized && f.Kind == ChanSigned:
			return uint32(f.Bits/8 - 1)
		case o.Samp.ReadNormalized:
			return uint32(f.Bits/8 + 1)
		case f.Kind == ChanSigned:
			return uint32(7 + f.Bits/16)
		}
		return uint32(10 + f.Bits/16)
	case traces.QueryChannelOrder:
		return map[uint8]uint32{1: 0, 2: 2, 4: 5}[r.Format.Channels]
	case traces.QueryNormalizedCoords:
		return b2u(o.Samp.Normalized)
	case traces.QueryForceUnnormalizedCoords:
		return b2u(!o.Samp.Normalized)
	case traces.QueryArraySize:
		if r.Cube {
			return r.Layers / 6
		}
		return r.Layers
	case traces.QueryNumMipmapLevels:
		return r.Levels
	case traces.QueryNumSamples:
		return 0
	case traces.QueryFilterMode:
		return uint32(o.Samp.Filter)
	case traces.QueryAddrMode0, traces.QueryAddrMode1, traces.QueryAddrMode2:
		switch o.Samp.Addr[q-traces.QueryAddrMode0] {
		case traces.AddrWrap:
			return 0
		case traces.AddrMirror:
			return 1
		case traces.AddrBorder:
			return 4
		}
		return 3
	case traces.QueryMemoryLayout:
		return b2u(r.Layout == LayoutLinear)
	}
	return 0
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func execQuery(w *Warp, o *op, m uint64) error {
	x := o.tx
	in := o.in
	want := traces.OpaqueTexture
	switch {
	case in.Op == traces.OpSuq:
		want = traces.OpaqueSurface
	case in.Mode >= traces.QueryForceUnnormalizedCoords && in.Mode <= traces.QueryAddrMode2 && w.b.l.cfg.Program.TexMode == traces.TexIndependent:
		want = traces.OpaqueSampler
	}
	d := w.out(o, 0)
	do := &o.dst[0]
	var lod []uint64
	if x.lod.kind != srcNone {
		lod = w.texRow(&x.lod)
	}
	for mm := m; mm != 0; mm &= mm - 1 {
		lane := tz(mm)
		obj, err := w.object(&x.tex, lane, want)
		if err != nil {
			return warp.AtLane(lane, err)
		}
		level := int32(0)
		if lod != nil {
			level = int32(uint32(lod[lane]))
		}
		d[lane] = ext(uint64(queryValue(obj, in.Mode, level)), do)
	}
	return nil
}

func execIstypep(w *Warp, o *op, m uint64) error {
	want := traces.OpaqueKind(o.in.Mode-traces.IsTexref) + traces.OpaqueTexture
	var p uint64
	for mm := m; mm != 0; mm &= mm - 1 {
		lane := tz(mm)
		h, err := w.handleValue(&o.tx.tex, lane)
		if err == nil {
			if obj := w.b.l.cfg.Tex.Get(h); obj != nil && obj.Kind == want {
				p |= 1 << uint(lane)
			}
		}
	}
	w.setPred(o, 0, m, p)
	return nil
}
