package sim

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/traces"
	ptxexec "github.com/gpusim/gpusim/warp/ptx"
)

// Textures, surfaces and samplers in launch files (docs/launch-file.md):
//
//	[textures.img]             # a texture: its texels and how it is read
//	buffer = "pix"             # the texels, row-major, level after level (see texelBytes)
//	format = "u8x4"            # u8 i8 u16 i16 u32 i32 f16 f32, then x2 or x4 for 2 or 4 channels
//	width = 64                 # texels; height, depth default to 1
//	height = 32
//	layers = 0                 # layered textures (.a1d, .a2d); with cube = true, the number of cubes
//	cube = false               # a cube map: 6 square faces of width x width (per cube)
//	levels = 1                 # mipmap levels
//	layout = "array"           # array (a CUDA array) or linear (linear memory: the buffer itself)
//	pitch = 256                # linear: bytes from one row to the next (default width x texel bytes)
//	filter = "linear"          # point or linear
//	mip_filter = "point"       # between mipmap levels: point or linear
//	address = ["clamp"]        # wrap, clamp, mirror or border, per dimension (one value: all)
//	normalized = true          # normalised coordinates
//	read = "normalized"        # element or normalized (8- and 16-bit integer channels as floats)
//	border = [0.0, 0.0, 0.0, 0.0]
//	lod_bias = 0.0             # min_lod, max_lod: the level-of-detail clamp (max_lod default levels - 1)
//
//	[surfaces.out]             # a surface: buffer, format, width ... layout as above
//	normalized = false         # sust.p converts floats to unorm/snorm integer channels
//
//	[samplers.s]               # a sampler (texmode_independent): filter ... max_lod as above
//
//	[texrefs]                  # module-scope references bound by name
//	texRef = "img"             # a .texref gets a texture, a .surfref a surface, a .samplerref a sampler
//
//	[[args]]
//	texture = "img"            # an object parameter (.u64 or .param .texref): the object's handle;
//	                           # surface = "out" and sampler = "s" likewise

// TexSpec is one [textures.*], [surfaces.*] or [samplers.*] table.
type TexSpec struct {
	Name   string
	Kind   traces.OpaqueKind
	Buffer string
	Res    ptxexec.Resource // the shape and format; Addr filled at Prepare
	Samp   ptxexec.Sampler
	// SampSet says which sampler keys the file gave (traces.SetFilter,
	// SetAddr0..2, SetNormalized): a .texref's or .samplerref's PTX
	// initialiser fills the others.
	SampSet uint8
	Line    int
}

// key is the table's launch-file key ("textures.img").
func (t *TexSpec) key() string {
	return map[traces.OpaqueKind]string{traces.OpaqueTexture: "textures.", traces.OpaqueSurface: "surfaces.", traces.OpaqueSampler: "samplers."}[t.Kind] + t.Name
}

type launchTex struct {
	Buffer     *string
	Format     *string
	Width      *int64
	Height     *int64
	Depth      *int64
	Layers     *int64
	Cube       *bool
	Levels     *int64
	Layout     *string
	Pitch      *int64
	Filter     *string
	MipFilter  *string `toml:"mip_filter"`
	Address    []string
	Normalized *bool
	Read       *string
	Border     []float64
	LodBias    *float64 `toml:"lod_bias"`
	MinLod     *float64 `toml:"min_lod"`
	MaxLod     *float64 `toml:"max_lod"`
}

// parseFormat reads "u8x4", "f32", "i16x2".
func parseFormat(s string) (ptxexec.Format, bool) {
	base, ch, ok := strings.Cut(s, "x")
	f := ptxexec.Format{Channels: 1}
	if ok {
		switch ch {
		case "1":
		case "2":
			f.Channels = 2
		case "4":
			f.Channels = 4
		default:
			return f, false
		}
	}
	switch base {
	case "u8", "u16", "u32":
		f.Kind = ptxexec.ChanUnsigned
	case "i8", "i16", "i32":
		f.Kind = ptxexec.ChanSigned
	case "f16", "f32":
		f.Kind = ptxexec.ChanFloat
	default:
		return f, false
	}
	var bits int
	fmt.Sscanf(base[1:], "%d", &bits)
	f.Bits = uint8(bits)
	return f, true
}

// parseTexTables checks the [textures], [surfaces] and [samplers] tables.
func parseTexTables(path string, lf *launchFile, ls *LaunchSpec, keys interface{ Line(string) int }) error {
	for _, group := range []struct {
		prefix string
		kind   traces.OpaqueKind
		tables map[string]launchTex
	}{{"textures", traces.OpaqueTexture, lf.Textures}, {"surfaces", traces.OpaqueSurface, lf.Surfaces}, {"samplers", traces.OpaqueSampler, lf.Samplers}} {
		names := make([]string, 0, len(group.tables))
		for n := range group.tables {
			names = append(names, n)
		}
		sort.Slice(names, func(i, j int) bool {
			li, lj := keys.Line(group.prefix+"."+names[i]), keys.Line(group.prefix+"."+names[j])
			return li < lj || li == lj && names[i] < names[j]
		})
		for _, n := range names {
			key := group.prefix + "." + n
			at := func(k string, format string, args ...any) error {
				full := key
				if k != "" {
					full += "." + k
				}
				return keyError(path, keys.Line(full), full, fmt.Sprintf(format, args...))
			}
			t, err := checkTex(n, group.kind, group.tables[n], ls, at)
			if err != nil {
				return err
			}
			t.Line = keys.Line(key)
			for _, o := range ls.Textures {
				if o.Name == n {
					return at("", "the name %s is also %s: texture, surface and sampler names must differ", n, o.key())
				}
			}
			ls.Textures = append(ls.Textures, t)
		}
	}
	if lf.Texrefs != nil {
		names := make([]string, 0, len(lf.Texrefs))
		for n := range lf.Texrefs {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			obj := lf.Texrefs[n]
			if ls.Texture(obj) == nil {
				return keyError(path, keys.Line("texrefs."+n), "texrefs."+n, fmt.Sprintf("%q is not defined under [textures], [surfaces] or [samplers]", obj))
			}
			ls.TexRefs = append(ls.TexRefs, TexBinding{Ref: n, Object: obj, Line: keys.Line("texrefs." + n)})
		}
	}
	return nil
}

// TexBinding binds a module-scope reference to a launch-file object.
type TexBinding struct {
	Ref, Object string
	Line        int
}

// Texture returns the texture, surface or sampler of that name, or nil.
func (l *LaunchSpec) Texture(name string) *TexSpec {
	for _, t := range l.Textures {
		if t.Name == name {
			return t
		}
	}
	return nil
}

var addrModes = map[string]traces.AddrMode{"wrap": traces.AddrWrap, "clamp": traces.AddrClamp, "mirror": traces.AddrMirror, "border": traces.AddrBorder}

func checkTex(name string, kind traces.OpaqueKind, lt launchTex, ls *LaunchSpec, at func(string, string, ...any) error) (*TexSpec, error) {
	t := &TexSpec{Name: name, Kind: kind}
	t.Res = ptxexec.Resource{Width: 1, Height: 1, Depth: 1, Levels: 1, Layout: ptxexec.LayoutArray}
	if kind == traces.OpaqueSampler {
		for k, set := range map[string]bool{"buffer": lt.Buffer != nil, "format": lt.Format != nil, "width": lt.Width != nil,
			"height": lt.Height != nil, "depth": lt.Depth != nil, "layers": lt.Layers != nil, "cube": lt.Cube != nil,
			"levels": lt.Levels != nil, "layout": lt.Layout != nil, "pitch": lt.Pitch != nil, "read": lt.Read != nil} {
			if set {
				return nil, at(k, "a sampler has no texels: %s belongs to a [textures] or [surfaces] table", k)
			}
		}
	} else {
		if lt.Buffer == nil {
			return nil, at("", "missing buffer = \"NAME\" (the texels)")
		}
		t.Buffer = *lt.Buffer
		if ls.Buffer(t.Buffer) == nil {
			return nil, at("buffer", "buffer %q is not defined under [buffers]", t.Buffer)
		}
		if lt.Format == nil {
			return nil, at("", "missing format (u8 i8 u16 i16 u32 i32 f16 f32, with x2 or x4 for 2 or 4 channels)")
		}
		f, ok := parseFormat(*lt.Format)
		if !ok {
			return nil, at("format", "unknown format %q (u8 i8 u16 i16 u32 i32 f16 f32, with x2 or x4 for 2 or 4 channels: u8x4)", *lt.Format)
		}
		t.Res.Format = f
		if lt.Width == nil {
			return nil, at("", "missing width")
		}
		for _, d := range []struct {
			k   string
			v   *int64
			dst *uint32
			min int64
		}{{"width", lt.Width, &t.Res.Width, 1}, {"height", lt.Height, &t.Res.Height, 1}, {"depth", lt.Depth, &t.Res.Depth, 1},
			{"layers", lt.Layers, &t.Res.Layers, 0}, {"levels", lt.Levels, &t.Res.Levels, 1}} {
			if d.v == nil {
				continue
			}
			if *d.v < d.min || *d.v > 1<<16 {
				return nil, at(d.k, "must be from %d to 65536, got %d", d.min, *d.v)
			}
			*d.dst = uint32(*d.v)
		}
		if lt.Cube != nil && *lt.Cube {
			t.Res.Cube = true
			if kind == traces.OpaqueSurface {
				return nil, at("cube", "surfaces have no cube maps")
			}
			if lt.Height == nil {
				t.Res.Height = t.Res.Width
			}
			if t.Res.Layers == 0 {
				t.Res.Layers = 1
			}
			t.Res.Layers *= 6 // faces
		}
		if lt.Layout != nil {
			switch *lt.Layout {
			case "array":
			case "linear":
				t.Res.Layout = ptxexec.LayoutLinear
			default:
				return nil, at("layout", "unknown layout %q (array or linear)", *lt.Layout)
			}
		}
		row := uint64(t.Res.Width) * uint64(f.Size())
		t.Res.Pitch = row
		if lt.Pitch != nil {
			if t.Res.Layout != ptxexec.LayoutLinear {
				return nil, at("pitch", "pitch applies to layout = \"linear\"")
			}
			if *lt.Pitch < int64(row) {
				return nil, at("pitch", "%d bytes is less than a row of %d texels of %s (%d bytes)", *lt.Pitch, t.Res.Width, f, row)
			}
			t.Res.Pitch = uint64(*lt.Pitch)
		}
		if err := t.Res.Check(); err != nil {
			return nil, at("", "%v", err)
		}
		if need, have := texBufferBytes(&t.Res), ls.Buffer(t.Buffer).Bytes(); have < need {
			return nil, at("buffer", "buffer %s has %d bytes, the texels take %d", t.Buffer, have, need)
		}
	}
	if lt.Read != nil {
		switch *lt.Read {
		case "element":
		case "normalized":
			t.Samp.ReadNormalized = true
		default:
			return nil, at("read", "unknown read mode %q (element or normalized)", *lt.Read)
		}
	}
	if kind == traces.OpaqueSurface {
		for k, set := range map[string]bool{"filter": lt.Filter != nil, "mip_filter": lt.MipFilter != nil, "address": lt.Address != nil,
			"border": lt.Border != nil, "lod_bias": lt.LodBias != nil, "min_lod": lt.MinLod != nil, "max_lod": lt.MaxLod != nil, "read": lt.Read != nil} {
			if set {
				return nil, at(k, "surfaces are not sampled: %s belongs to a [textures] or [samplers] table", k)
			}
		}
		if lt.Normalized != nil && *lt.Normalized {
			t.Samp.ReadNormalized = true // sust.p stores unorm/snorm
		}
		return t, nil
	}
	filter := func(k string, v *string, dst *traces.FilterMode) error {
		if v == nil {
			return nil
		}
		switch *v {
		case "point":
			*dst = traces.FilterPoint
		case "linear":
			*dst = traces.FilterLinear
		default:
			return at(k, "unknown filter %q (point or linear)", *v)
		}
		return nil
	}
	if err := filter("filter", lt.Filter, &t.Samp.Filter); err != nil {
		return nil, err
	}
	if lt.Filter != nil {
		t.SampSet |= traces.SetFilter
	}
	if err := filter("mip_filter", lt.MipFilter, &t.Samp.MipFilter); err != nil {
		return nil, err
	}
	t.Samp.Addr = [3]traces.AddrMode{traces.AddrClamp, traces.AddrClamp, traces.AddrClamp}
	if lt.Address != nil {
		if len(lt.Address) == 0 || len(lt.Address) > 3 {
			return nil, at("address", "give 1 to 3 modes (one per dimension), got %d", len(lt.Address))
		}
		for d := 0; d < 3; d++ {
			w := lt.Address[min(d, len(lt.Address)-1)]
			m, ok := addrModes[w]
			if !ok {
				return nil, at("address", "unknown address mode %q (wrap, clamp, mirror or border)", w)
			}
			t.Samp.Addr[d] = m
		}
		t.SampSet |= traces.SetAddr0 | traces.SetAddr1 | traces.SetAddr2
	}
	if lt.Normalized != nil {
		t.Samp.Normalized = *lt.Normalized
		t.SampSet |= traces.SetNormalized
	}
	if lt.Border != nil {
		if len(lt.Border) != 4 {
			return nil, at("border", "give 4 values (red, green, blue, alpha), got %d", len(lt.Border))
		}
		for i, b := range lt.Border {
			t.Samp.Border[i] = math.Float32bits(float32(b))
		}
	}
	f32 := func(v *float64, def float32) uint32 {
		if v == nil {
			return math.Float32bits(def)
		}
		return math.Float32bits(float32(*v))
	}
	t.Samp.LodBias = f32(lt.LodBias, 0)
	t.Samp.MinLod = f32(lt.MinLod, 0)
	t.Samp.MaxLod = f32(lt.MaxLod, float32(max(t.Res.Levels, 1)-1))
	if kind == traces.OpaqueTexture {
		if err := t.Samp.CheckFor(t.Res.Format); err != nil {
			return nil, at("", "%v", err)
		}
	}
	return t, nil
}

// texBufferBytes is the size of a texture's texels in its buffer: for a
// linear texture its memory (rows of pitch bytes); for an array every
// level, layer, depth slice and row in turn, each row width texels, packed.
func texBufferBytes(r *ptxexec.Resource) uint64 {
	if r.Layout == ptxexec.LayoutLinear {
		return r.Bytes()
	}
	var n uint64
	for l := uint32(0); l < r.Levels; l++ {
		w, h, d := uint64(max(1, r.Width>>l)), uint64(max(1, r.Height>>l)), uint64(max(1, r.Depth>>l))
		n += w * h * d * uint64(max(r.Layers, 1)) * uint64(r.Format.Size())
	}
	return n
}

// texArray is a launch-file array: its resource and the buffer whose bytes
// it was filled from (and, for surfaces, is copied back to).
type texArray struct {
	res    ptxexec.Resource
	buffer int
}

// prepareTextures makes every texture, surface and sampler of the launch
// file an object of the launch's table, fills arrays from their buffers and
// binds the module's references.
func (p *Prepared) prepareTextures(where string) error {
	spec := p.Spec
	prog := p.Program
	if len(spec.Textures) == 0 && len(prog.TexRefs) == 0 && !hasOpaqueParams(p.Kernel) {
		return nil
	}
	p.Tex = &ptxexec.TexTable{}
	handles := map[string]uint64{}
	for _, t := range spec.Textures {
		o := ptxexec.TexObject{Kind: t.Kind, Res: t.Res, Samp: t.Samp}
		if t.Kind != traces.OpaqueSampler {
			bi := spec.bufferIndex(t.Buffer)
			if t.Res.Layout == ptxexec.LayoutLinear {
				o.Res.Addr = p.BufferAddr[bi]
			} else {
				addr, err := p.Global.Alloc(t.Res.Bytes(), 512)
				if err != nil {
					return &diag.Error{File: where, Line: t.Line, Key: t.key(), Msg: t.key() + ": " + err.Error(), Err: err}
				}
				o.Res.Addr = addr
				if err := p.copyArray(&o.Res, bi, true); err != nil {
					return err
				}
				if t.Kind == traces.OpaqueSurface {
					p.arrays = append(p.arrays, texArray{res: o.Res, buffer: bi})
				}
			}
		}
		handles[t.Name] = p.Tex.Add(o)
	}
	p.texHandles = handles
	p.TexRefs = make([]uint64, len(prog.TexRefs))
	bound := map[string]bool{}
	for _, b := range spec.TexRefs {
		i := prog.TexRef(b.Ref)
		if i < 0 {
			return &diag.Error{File: where, Line: b.Line, Key: "texrefs." + b.Ref,
				Msg: fmt.Sprintf("texrefs.%s: %s has no .texref, .surfref or .samplerref %s", b.Ref, prog.Path, b.Ref)}
		}
		ref := &prog.TexRefs[i]
		t := spec.Texture(b.Object)
		if t.Kind != ref.Kind {
			return &diag.Error{File: where, Line: b.Line, Key: "texrefs." + b.Ref,
				Msg: fmt.Sprintf("texrefs.%s: %s is a .%s, %s is not one", b.Ref, b.Ref, ref.Kind, t.key())}
		}
		h := handles[b.Object]
		if ref.Init.Set != 0 {
			// The PTX initialiser gives the sampler state the launch file
			// leaves out: a reference of its own.
			o := *p.Tex.Get(h)
			applyInit(&o.Samp, ref.Init, t.SampSet)
			h = p.Tex.Add(o)
		}
		p.TexRefs[i] = h
		bound[b.Ref] = true
	}
	var unbound []string
	for i := range prog.TexRefs {
		ref := &prog.TexRefs[i]
		if bound[ref.Name] {
			continue
		}
		if ref.Kind == traces.OpaqueSampler && ref.Init.Set != 0 {
			// An initialised .samplerref is a sampler by itself.
			// Normalised coordinates unless force_unnormalized_coords = 1
			// (its default is 0).
			s := ptxexec.Sampler{Normalized: true}
			s.Addr = [3]traces.AddrMode{traces.AddrClamp, traces.AddrClamp, traces.AddrClamp}
			applyInit(&s, ref.Init, 0)
			p.TexRefs[i] = p.Tex.Add(ptxexec.TexObject{Kind: traces.OpaqueSampler, Samp: s})
			continue
		}
		unbound = append(unbound, ref.Name)
	}
	if len(unbound) > 0 {
		spec.Notes = append(spec.Notes, "not bound (a fetch through them faults): "+strings.Join(unbound, ", "))
	}
	return nil
}

func hasOpaqueParams(k *traces.Kernel) bool {
	for _, par := range k.Params {
		if par.Opaque != traces.OpaqueNone {
			return true
		}
	}
	return false
}

// applyInit fills the sampler fields a PTX initialiser set and the launch
// file did not (given: the launch file's traces.Set* bits).
func applyInit(s *ptxexec.Sampler, in traces.SamplerInit, given uint8) {
	take := in.Set &^ given
	if take&traces.SetFilter != 0 {
		s.Filter = in.Filter
	}
	for d := 0; d < 3; d++ {
		if take&(traces.SetAddr0<<d) != 0 {
			s.Addr[d] = in.Addr[d]
		}
	}
	if take&traces.SetNormalized != 0 {
		s.Normalized = in.Normalized
	}
}

// copyArray copies between a buffer (texels packed row after row, as
// texBufferBytes lays them out) and an array resource: into the array
// when in, else back into the buffer.
func (p *Prepared) copyArray(r *ptxexec.Resource, bi int, in bool) error {
	buf, err := p.Global.Host(p.BufferAddr[bi], p.Spec.Buffers[bi].Bytes())
	if err != nil {
		return err
	}
	arr, err := p.Global.Host(r.Addr, r.Bytes())
	if err != nil {
		return err
	}
	size := uint64(r.Format.Size())
	var off uint64
	for l := uint32(0); l < r.Levels; l++ {
		h, d := max(1, r.Height>>l), max(1, r.Depth>>l)
		for layer := uint32(0); layer < max(r.Layers, 1); layer++ {
			for z := uint32(0); z < d; z++ {
				for y := uint32(0); y < h; y++ {
					r.RowRuns(l, layer, y, z, func(ao, x, n uint64) {
						if in {
							copy(arr[ao:ao+n], buf[off+x:off+x+n])
						} else {
							copy(buf[off+x:off+x+n], arr[ao:ao+n])
						}
					})
					off += uint64(max(1, r.Width>>l)) * size
				}
			}
		}
	}
	return nil
}

// syncArrays copies every surface array back into its buffer, so that
// outputs hold what the kernel stored.
func (p *Prepared) syncArrays() error {
	for i := range p.arrays {
		a := &p.arrays[i]
		if err := p.copyArray(&a.res, a.buffer, false); err != nil {
			return err
		}
	}
	return nil
}

// putHandle writes the handle of a launch-file object into an 8-byte
// parameter.
func (p *Prepared) putHandle(dst []byte, par traces.Param, a ArgSpec) error {
	if par.Size != 8 {
		return fmt.Errorf("a %s handle needs an 8-byte parameter, %s is %d bytes", kindName(a.Kind), par.Name, par.Size)
	}
	t := p.Spec.Texture(a.Object)
	want := map[ArgKind]traces.OpaqueKind{ArgTexture: traces.OpaqueTexture, ArgSurface: traces.OpaqueSurface, ArgSampler: traces.OpaqueSampler}[a.Kind]
	if t == nil || t.Kind != want {
		return fmt.Errorf("%q is not a %s of the launch file", a.Object, kindName(a.Kind))
	}
	if par.Opaque != traces.OpaqueNone && par.Opaque != want {
		return fmt.Errorf("parameter %s is a .%s, not a %s", par.Name, par.Opaque, kindName(a.Kind))
	}
	binary.LittleEndian.PutUint64(dst, p.texHandles[a.Object])
	return nil
}

func kindName(k ArgKind) string {
	switch k {
	case ArgSurface:
		return "surface"
	case ArgSampler:
		return "sampler"
	}
	return "texture"
}
