package ptx

import (
	"fmt"

	"github.com/gpusim/gpusim/traces"
)

// Texture, sampler and surface objects as a launch sees them: what their
// handles name (TexTable), the texels' format and place in memory
// (Resource) and the sampler state (Sampler). A launch file (package sim)
// and the CUDA runtime (sim/cuda) build them; tex_exec.go reads them.

// ChannelKind is the number type of a texel format's channels.
type ChannelKind uint8

const (
	ChanUnsigned ChannelKind = iota // unsigned integer (or unorm when read normalised)
	ChanSigned                      // signed integer (or snorm)
	ChanFloat                       // IEEE float (16 or 32 bits)
)

var chanKindNames = [...]string{"u", "s", "f"}

// Format is a texel format: Channels channels (1, 2 or 4) of Bits bits
// (8, 16 or 32; floats 16 or 32) each.
type Format struct {
	Kind     ChannelKind
	Bits     uint8
	Channels uint8
}

// Size is the bytes of one texel.
func (f Format) Size() int { return int(f.Bits) / 8 * int(f.Channels) }

// String names the format as launch files write it ("u8x4", "f32").
func (f Format) String() string {
	s := fmt.Sprintf("%s%d", chanKindNames[f.Kind], f.Bits)
	if f.Channels > 1 {
		s += fmt.Sprintf("x%d", f.Channels)
	}
	return s
}

// Check reports a format the texture unit has no such channels for.
func (f Format) Check() error {
	switch {
	case f.Channels != 1 && f.Channels != 2 && f.Channels != 4:
		return fmt.Errorf("texel format with %d channels (1, 2 or 4)", f.Channels)
	case f.Kind == ChanFloat && f.Bits != 16 && f.Bits != 32:
		return fmt.Errorf("float channels of %d bits (16 or 32)", f.Bits)
	case f.Kind != ChanFloat && f.Bits != 8 && f.Bits != 16 && f.Bits != 32:
		return fmt.Errorf("integer channels of %d bits (8, 16 or 32)", f.Bits)
	}
	return nil
}

// Layout is how a resource's texels lie in memory.
type Layout uint8

const (
	// LayoutLinear: rows of Pitch bytes (CUDA linear and pitch-2D
	// memory); one level, no layers.
	LayoutLinear Layout = iota
	// LayoutArray: a CUDA array, in gpusim's simplified block-linear
	// layout (see Resource.TexelOffset).
	LayoutArray
)

// Resource is a texture's or surface's texels: a format, a shape and where
// they are.
type Resource struct {
	Addr   uint64 // global address of the first byte
	Format Format
	// Width, Height and Depth are level 0's size in texels (1 for the
	// dimensions a texture does not have).
	Width, Height, Depth uint32
	// Layers is the number of layers of a layered texture (for a cube map,
	// 6 faces per cube: 6, or 6 x cubes when layered); 0 when not layered.
	Layers uint32
	Cube   bool
	// Levels is the number of mipmap levels (1 without mipmaps).
	Levels uint32
	Pitch  uint64 // LayoutLinear: bytes from one row to the next
	Layout Layout
}

// Texels in a GOB ("group of bytes") of the block-linear layout: 64 bytes
// by 8 rows, the GOB of NVIDIA's block-linear surface format (as the
// Tegra technical reference manuals and the open nouveau driver describe
// it). gpusim lays a 2-D slice out as a row-major grid of GOBs, each
// row-major inside (the hardware also swizzles inside a GOB and stacks
// GOBs into blocks); it gives 2-D locality to the cache model, which is
// what timing needs.
const (
	gobBytes = 64
	gobRows  = 8
)

// slices is the number of 2-D slices of a level: depth times layers.
func (r *Resource) slices(level uint32) uint64 {
	d := uint64(r.levelSize(r.Depth, level))
	if r.Layers > 0 {
		d *= uint64(r.Layers)
	}
	return d
}

func (r *Resource) levelSize(n, level uint32) uint32 { return max(1, n>>level) }

// gobShape is a level's slice in GOBs: GOB columns, rows of a GOB (8, or 1
// for a slice one texel high) and the slice's bytes.
func (r *Resource) gobShape(level uint32) (cols, rows, sliceBytes uint64) {
	w := uint64(r.levelSize(r.Width, level)) * uint64(r.Format.Size())
	h := uint64(r.levelSize(r.Height, level))
	rows = gobRows
	if h == 1 {
		rows = 1
	}
	cols = (w + gobBytes - 1) / gobBytes
	return cols, rows, cols * ((h + rows - 1) / rows) * rows * gobBytes
}

// levelOffset is where level l starts.
func (r *Resource) levelOffset(level uint32) uint64 {
	var off uint64
	for l := uint32(0); l < level; l++ {
		_, _, sb := r.gobShape(l)
		off += sb * r.slices(l)
	}
	return off
}

// Bytes is the memory the resource takes from Addr.
func (r *Resource) Bytes() uint64 {
	if r.Layout == LayoutLinear {
		return r.Pitch*uint64(max(r.Height, 1)-1) + uint64(r.Width)*uint64(r.Format.Size())
	}
	return r.levelOffset(max(r.Levels, 1))
}

// TexelOffset is the byte offset from Addr of texel (x, y, z) of layer
// (for cube maps: cube*6 + face) at level. For LayoutArray: level after
// level, each level's slices (z, then layer) after one another, each
// slice a grid of GOBs.
func (r *Resource) TexelOffset(level, layer, x, y, z uint32) uint64 {
	return r.ByteOffset(level, layer, uint64(x)*uint64(r.Format.Size()), y, z)
}

// ByteOffset is TexelOffset for byte xb of the row (surfaces address x in
// bytes).
func (r *Resource) ByteOffset(level, layer uint32, xb uint64, y, z uint32) uint64 {
	if r.Layout == LayoutLinear {
		return uint64(y)*r.Pitch + xb
	}
	cols, rows, sb := r.gobShape(level)
	slice := uint64(layer)*uint64(r.levelSize(r.Depth, level)) + uint64(z)
	yy := uint64(y)
	return r.levelOffset(level) + slice*sb + ((yy/rows)*cols+xb/gobBytes)*rows*gobBytes + (yy%rows)*gobBytes + xb%gobBytes
}

// RowRuns calls f for each run of contiguous bytes of row y of slice (z,
// layer) at level: its offset from Addr, its first byte within the row,
// and its length. The host copies of the CUDA runtime use it.
func (r *Resource) RowRuns(level, layer, y, z uint32, f func(off, x, n uint64)) {
	w := uint64(r.levelSize(r.Width, level)) * uint64(r.Format.Size())
	if r.Layout == LayoutLinear {
		f(uint64(y)*r.Pitch, 0, w)
		return
	}
	for x := uint64(0); x < w; x += gobBytes {
		f(r.TexelOffset(level, layer, 0, y, z)+(x/gobBytes)*r.gobRowStride(level), x, min(gobBytes, w-x))
	}
}

// gobRowStride is the distance between horizontally adjacent GOBs.
func (r *Resource) gobRowStride(level uint32) uint64 {
	_, rows, _ := r.gobShape(level)
	return rows * gobBytes
}

// maxLinear1D is the most texels of a 1-D texture in linear memory (CUDA
// guide, technical specifications: 2^27 for a 1-D texture bound to linear
// memory).
const maxLinear1D = 1 << 27

// Check validates a resource's shape.
func (r *Resource) Check() error {
	if err := r.Format.Check(); err != nil {
		return err
	}
	switch {
	case r.Width == 0 || r.Height == 0 || r.Depth == 0:
		return fmt.Errorf("texture of %dx%dx%d texels", r.Width, r.Height, r.Depth)
	case r.Layout == LayoutLinear && r.Height == 1 && r.Width > maxLinear1D:
		return fmt.Errorf("linear texture of %d texels: at most 2^27", r.Width)
	case (r.Width > 1<<16 && !(r.Layout == LayoutLinear && r.Height == 1)) || r.Height > 1<<16 || r.Depth > 1<<16:
		return fmt.Errorf("texture of %dx%dx%d texels: at most 65536 per dimension", r.Width, r.Height, r.Depth)
	case r.Cube && (r.Width != r.Height || r.Depth != 1 || r.Layers%6 != 0 || r.Layers == 0):
		return fmt.Errorf("a cube map needs square faces and 6 faces per cube")
	case r.Levels == 0 || r.Levels > 17:
		return fmt.Errorf("%d mipmap levels", r.Levels)
	case r.Layout == LayoutLinear && (r.Levels != 1 || r.Layers != 0 || r.Depth != 1):
		return fmt.Errorf("linear memory holds one level of a 1-D or 2-D texture")
	case r.Layout == LayoutLinear && r.Pitch < uint64(r.Width)*uint64(r.Format.Size()):
		return fmt.Errorf("pitch %d is less than a row (%d bytes)", r.Pitch, uint64(r.Width)*uint64(r.Format.Size()))
	}
	return nil
}

// Sampler is how a texture is read: filter, addressing, coordinates, read
// mode, border colour and the mipmap controls.
type Sampler struct {
	Filter     traces.FilterMode
	Addr       [3]traces.AddrMode
	Normalized bool // normalised coordinates in [0, 1)
	// ReadNormalized: 8- and 16-bit integer channels are returned as
	// floats in [0, 1] (unsigned) or [-1, 1] (signed), as
	// cudaReadModeNormalizedFloat; otherwise as integers.
	ReadNormalized bool
	Border         [4]uint32 // the border colour, f32 bit patterns
	MipFilter      traces.FilterMode
	// LodBias, MinLod and MaxLod (f32 bit patterns) bias and clamp the
	// level of detail; MaxLod 0 with MinLod 0 means no clamp.
	LodBias, MinLod, MaxLod uint32
}

// FloatResult reports whether fetches through s from format f give floats
// (float channels, or integers read normalised) rather than integers.
func (s *Sampler) FloatResult(f Format) bool { return f.Kind == ChanFloat || s.ReadNormalized }

// CheckFor reports a sampler that cannot read format f: normalised reads
// of 32-bit integers, or linear filtering of integer results (the CUDA
// guide: linear filtering only for textures returning floating point).
func (s *Sampler) CheckFor(f Format) error {
	if s.ReadNormalized && f.Kind != ChanFloat && f.Bits == 32 {
		return fmt.Errorf("normalized-float reads need 8- or 16-bit integer channels, not %s", f)
	}
	if !s.FloatResult(f) && (s.Filter == traces.FilterLinear || s.MipFilter == traces.FilterLinear) {
		return fmt.Errorf("linear filtering needs a float result: %s read as integers", f)
	}
	return nil
}

// TexObject is what a handle names: a texture (resource and sampler), a
// sampler alone (independent mode) or a surface (resource).
type TexObject struct {
	Kind traces.OpaqueKind
	Res  Resource
	Samp Sampler
}

// TexTable holds a launch's (or a CUDA context's) texture, sampler and
// surface objects. A handle is an object's index plus one, so 0 is never a
// handle; a destroyed object leaves its slot invalid.
type TexTable struct {
	objs []TexObject
}

// Add enters o and returns its handle.
func (t *TexTable) Add(o TexObject) uint64 {
	t.objs = append(t.objs, o)
	return uint64(len(t.objs))
}

// Get returns the object of handle h, or nil.
func (t *TexTable) Get(h uint64) *TexObject {
	if t == nil || h == 0 || h > uint64(len(t.objs)) {
		return nil
	}
	o := &t.objs[h-1]
	if o.Kind == traces.OpaqueNone {
		return nil
	}
	return o
}

// Remove invalidates handle h; it reports whether h named an object.
func (t *TexTable) Remove(h uint64) bool {
	o := t.Get(h)
	if o == nil {
		return false
	}
	*o = TexObject{}
	return true
}

// Clone copies the table (a launch keeps the objects as they were when it
// started).
func (t *TexTable) Clone() *TexTable {
	if t == nil {
		return nil
	}
	return &TexTable{objs: append([]TexObject(nil), t.objs...)}
}
