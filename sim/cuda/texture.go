package cuda

import (
	"encoding/binary"
	"sort"

	"github.com/gpusim/gpusim/traces"
	ptxexec "github.com/gpusim/gpusim/warp/ptx"
)

// CUDA arrays, texture and surface objects, and the legacy texture and
// surface references, as the CUDA Runtime API defines them (CUDA 11.8
// cuda_runtime_api.h, driver_types.h, texture_types.h, surface_types.h).
//
// An array is device memory the runtime allocates like any other (in the
// reserved range, so the simulator reads it as global memory), its texels
// in warp/ptx's block-linear layout (ptxexec.Resource): the copies to and
// from arrays place each row's bytes there. Texture and surface objects
// are entries of one table (ptxexec.TexTable) whose handles, 1, 2, ...,
// are the cudaTextureObject_t and cudaSurfaceObject_t values; every launch
// sees the table as it is. A legacy reference (a texture<> or surface<>
// variable, registered by __cudaRegisterTexture/__cudaRegisterSurface) is
// bound by cudaBindTexture* and cudaBindSurfaceToArray; at each launch the
// runtime reads the reference's host struct (normalized, filterMode,
// addressMode, ...) again, so attributes set before or after binding both
// take effect, and hands the module's .texref/.surfref variables of that
// name the bound object.

// ChannelDesc is struct cudaChannelFormatDesc.
type ChannelDesc struct {
	X, Y, Z, W int32
	F          int32 // cudaChannelFormatKind: 0 signed, 1 unsigned, 2 float
}

// cudaChannelFormatKind values.
const (
	chanSigned   = 0
	chanUnsigned = 1
	chanFloat    = 2
)

// format is the texel format of a channel descriptor: 1, 2 or 4 channels
// of the same width, signed, unsigned or float.
func (d ChannelDesc) format() (ptxexec.Format, Error) {
	bits := [4]int32{d.X, d.Y, d.Z, d.W}
	n := 0
	for n < 4 && bits[n] != 0 {
		n++
	}
	for i := n; i < 4; i++ {
		if bits[i] != 0 {
			return ptxexec.Format{}, ErrorInvalidChannelDescriptor
		}
	}
	for i := 1; i < n; i++ {
		if bits[i] != bits[0] {
			return ptxexec.Format{}, ErrorInvalidChannelDescriptor
		}
	}
	f := ptxexec.Format{Bits: uint8(d.X), Channels: uint8(n)}
	switch d.F {
	case chanSigned:
		f.Kind = ptxexec.ChanSigned
	case chanUnsigned:
		f.Kind = ptxexec.ChanUnsigned
	case chanFloat:
		f.Kind = ptxexec.ChanFloat
	default:
		return f, ErrorInvalidChannelDescriptor
	}
	if n == 0 || d.X < 0 || d.X > 255 || f.Check() != nil {
		return f, ErrorInvalidChannelDescriptor
	}
	return f, Success
}

// descOf is the channel descriptor of a format.
func descOf(f ptxexec.Format) ChannelDesc {
	var d ChannelDesc
	b := int32(f.Bits)
	for i, p := range []*int32{&d.X, &d.Y, &d.Z, &d.W} {
		if i < int(f.Channels) {
			*p = b
		}
	}
	d.F = map[ptxexec.ChannelKind]int32{ptxexec.ChanSigned: chanSigned, ptxexec.ChanUnsigned: chanUnsigned, ptxexec.ChanFloat: chanFloat}[f.Kind]
	return d
}

// cudaArray flags (driver_types.h).
const (
	arrayLayered          = 0x01
	arraySurfaceLoadStore = 0x02
	arrayCubemap          = 0x04
	arrayTextureGather    = 0x08
)

// cudaArray is one array: its texels' resource (Addr is its memory).
type cudaArray struct {
	res   ptxexec.Resource
	desc  ChannelDesc
	flags uint32
	dims  int // 1, 2 or 3 (not counting layers)
	mem   *allocation
}

// textures is the runtime's state for textures and surfaces.
type textures struct {
	arrays map[uint64]*cudaArray
	table  *ptxexec.TexTable
	objs   map[uint64]ResourceDesc // live texture/surface objects: what they were made from
	descs  map[uint64]TextureDesc  // texture objects' texture descriptors
	refs   map[uint64]*texRef      // legacy references by their host address
}

// texRef is a registered texture<> or surface<> variable.
type texRef struct {
	module  *module
	name    string // the PTX name of its .texref or .surfref
	surface bool
	norm    bool // texture<..., cudaReadModeNormalizedFloat>
	bound   bool
	res     ResourceDesc // what it is bound to
}

func (r *Runtime) tex() *textures {
	if r.tx.table == nil {
		r.tx = textures{arrays: map[uint64]*cudaArray{}, table: &ptxexec.TexTable{}, objs: map[uint64]ResourceDesc{},
			descs: map[uint64]TextureDesc{}, refs: r.tx.refs}
		if r.tx.refs == nil {
			r.tx.refs = map[uint64]*texRef{}
		}
	}
	return &r.tx
}

// resetTextures forgets every array and object (cudaDeviceReset; the
// arrays' memory is released with the other allocations) and unbinds the
// references, which stay registered.
func (r *Runtime) resetTextures() {
	refs := r.tx.refs
	r.tx = textures{refs: refs}
	for _, ref := range refs {
		ref.bound = false
	}
}

// Extent is struct cudaExtent (and a cudaPos: x, y, z).
type Extent struct{ Width, Height, Depth uint64 }

// MallocArray is cudaMallocArray: a 1-D (height 0) or 2-D array.
func (r *Runtime) MallocArray(t Thread, desc ChannelDesc, width, height uint64, flags uint32) (uint64, Error) {
	var h uint64
	e := r.call(t, plain, func() Error {
		if flags&(arrayLayered|arrayCubemap) != 0 {
			return ErrorInvalidValue // cudaMalloc3DArray makes layered and cube arrays
		}
		var err Error
		h, err = r.mallocArray(desc, Extent{width, height, 0}, flags)
		return err
	})
	return h, e
}

// Malloc3DArray is cudaMalloc3DArray: the extent is in elements; height 0
// makes a 1-D array, depth 0 a 2-D one; with cudaArrayLayered depth is
// the number of layers; with cudaArrayCubemap, 6 (times the layers).
func (r *Runtime) Malloc3DArray(t Thread, desc ChannelDesc, ext Extent, flags uint32) (uint64, Error) {
	var h uint64
	e := r.call(t, plain, func() Error {
		var err Error
		h, err = r.mallocArray(desc, ext, flags)
		return err
	})
	return h, e
}

func (r *Runtime) mallocArray(desc ChannelDesc, ext Extent, flags uint32) (uint64, Error) {
	if flags&^(arrayLayered|arraySurfaceLoadStore|arrayCubemap|arrayTextureGather) != 0 {
		return 0, ErrorInvalidValue
	}
	f, e := desc.format()
	if e != Success {
		return 0, e
	}
	const maxDim = 1 << 16
	if ext.Width == 0 || ext.Width > maxDim || ext.Height > maxDim || ext.Depth > maxDim {
		return 0, ErrorInvalidValue
	}
	a := &cudaArray{desc: desc, flags: flags}
	res := ptxexec.Resource{Format: f, Width: uint32(ext.Width), Height: 1, Depth: 1, Levels: 1, Layout: ptxexec.LayoutArray}
	a.dims = 1
	if ext.Height > 0 {
		res.Height, a.dims = uint32(ext.Height), 2
	}
	switch {
	case flags&arrayCubemap != 0:
		if ext.Width != ext.Height || ext.Depth == 0 || ext.Depth%6 != 0 || (flags&arrayLayered == 0 && ext.Depth != 6) {
			return 0, ErrorInvalidValue
		}
		res.Cube, res.Layers = true, uint32(ext.Depth)
	case flags&arrayLayered != 0:
		if ext.Depth == 0 {
			return 0, ErrorInvalidValue
		}
		res.Layers = uint32(ext.Depth)
	case ext.Depth > 0:
		if ext.Height == 0 {
			return 0, ErrorInvalidValue
		}
		res.Depth, a.dims = uint32(ext.Depth), 3
	}
	if res.Check() != nil {
		return 0, ErrorInvalidValue
	}
	mem, e := r.alloc(res.Bytes(), memArray, 0)
	if e != Success {
		return 0, e
	}
	res.Addr = mem.base
	a.res, a.mem = res, mem
	h := r.newHandle()
	r.tex().arrays[h] = a
	return h, Success
}

// FreeArray is cudaFreeArray.
func (r *Runtime) FreeArray(t Thread, h uint64) Error {
	return r.call(t, syncs, func() Error {
		if h == 0 {
			return Success
		}
		tx := r.tex()
		a := tx.arrays[h]
		if a == nil {
			return ErrorInvalidValue
		}
		delete(tx.arrays, h)
		return r.release(a.mem)
	})
}

// ArrayGetInfo is cudaArrayGetInfo: the channel descriptor, the extent
// (as cudaMalloc3DArray took it) and the flags.
func (r *Runtime) ArrayGetInfo(t Thread, h uint64) (desc ChannelDesc, ext Extent, flags uint32, e Error) {
	e = r.call(t, plain, func() Error {
		a := r.tex().arrays[h]
		if a == nil {
			return ErrorInvalidResourceHandle
		}
		desc, flags = a.desc, a.flags
		ext = Extent{Width: uint64(a.res.Width)}
		if a.dims >= 2 || a.res.Cube {
			ext.Height = uint64(a.res.Height)
		}
		switch {
		case a.res.Layers > 0:
			ext.Depth = uint64(a.res.Layers)
		case a.dims == 3:
			ext.Depth = uint64(a.res.Depth)
		}
		return Success
	})
	return
}

// arrayBox copies a box between an array and rows of bytes: w bytes of
// rows y0 .. y0+h of slices z0 .. z0+d (the depth slices of a 3-D array,
// the layers of a layered one) starting at byte x0 of the array's rows;
// rowAt gives the other side's row (z, y counted from the box's corner).
// toArray says the direction.
func (r *Runtime) arrayBox(a *cudaArray, x0, y0, z0, w, h, d uint64, rowAt func(z, y uint64) ([]byte, Error), toArray bool) Error {
	res := &a.res
	rowBytes := uint64(res.Width) * uint64(res.Format.Size())
	slices := uint64(res.Depth)
	if res.Layers > 0 {
		slices = uint64(res.Layers)
	}
	if x0+w > rowBytes || y0+h > uint64(res.Height) || z0+d > slices || x0+w < x0 {
		return ErrorInvalidValue
	}
	arr, e := r.deviceBytes(res.Addr, res.Bytes())
	if e != Success {
		return ErrorInvalidResourceHandle
	}
	for z := z0; z < z0+d; z++ {
		layer, zz := uint32(0), uint32(z)
		if res.Layers > 0 {
			layer, zz = uint32(z), 0
		}
		for y := y0; y < y0+h; y++ {
			b, e := rowAt(z-z0, y-y0)
			if e != Success {
				return e
			}
			res.RowRuns(0, layer, uint32(y), zz, func(off, x, n uint64) {
				lo, hi := max(x, x0), min(x+n, x0+w)
				if lo >= hi {
					return
				}
				ao := off + (lo - x)
				if toArray {
					copy(arr[ao:ao+hi-lo], b[lo-x0:hi-x0])
				} else {
					copy(b[lo-x0:hi-x0], arr[ao:ao+hi-lo])
				}
			})
		}
	}
	return Success
}

// linearRows is the rowAt of arrayBox for linear memory at lin (device
// memory when dev), rows pitch bytes apart, slices slicePitch apart.
func (r *Runtime) linearRows(lin, pitch, slicePitch, w uint64, dev bool) func(z, y uint64) ([]byte, Error) {
	return func(z, y uint64) ([]byte, Error) {
		row := lin + z*slicePitch + y*pitch
		if dev {
			return r.deviceBytes(row, w)
		}
		return r.hostBytes(row, w)
	}
}

// linearSide says whether the linear operand of a copy to or from an array
// is device memory, by the copy kind (cudaMemcpyDefault: by the address).
func (r *Runtime) linearSide(ptr uint64, kind int, toArray bool) (device bool, e Error) {
	switch kind {
	case memcpyHostToDevice:
		return false, boolErr(!toArray)
	case memcpyDeviceToHost:
		return false, boolErr(toArray)
	case memcpyDeviceToDevice:
		return true, Success
	case memcpyDefault:
		return r.arena.contains(ptr), Success
	}
	return false, ErrorInvalidMemcpyDir
}

func boolErr(bad bool) Error {
	if bad {
		return ErrorInvalidMemcpyDir
	}
	return Success
}

// Memcpy2DToArray is cudaMemcpy2DToArray (and its Async form): height rows
// of width bytes from src (rows spitch apart) to the array at byte wOffset
// of row hOffset.
func (r *Runtime) Memcpy2DToArray(t Thread, dst, wOffset, hOffset, src, spitch, width, height uint64, kind int, async bool) Error {
	return r.call(t, !async, func() Error {
		a := r.tex().arrays[dst]
		if a == nil {
			return ErrorInvalidResourceHandle
		}
		if width > spitch && height > 1 {
			return ErrorInvalidPitchValue
		}
		if width == 0 || height == 0 {
			return Success
		}
		dev, e := r.linearSide(src, kind, true)
		if e != Success {
			return e
		}
		return r.arrayBox(a, wOffset, hOffset, 0, width, height, 1, r.linearRows(src, spitch, 0, width, dev), true)
	})
}

// Memcpy2DFromArray is cudaMemcpy2DFromArray (and Async).
func (r *Runtime) Memcpy2DFromArray(t Thread, dst, dpitch, src, wOffset, hOffset, width, height uint64, kind int, async bool) Error {
	return r.call(t, !async, func() Error {
		a := r.tex().arrays[src]
		if a == nil {
			return ErrorInvalidResourceHandle
		}
		if width > dpitch && height > 1 {
			return ErrorInvalidPitchValue
		}
		if width == 0 || height == 0 {
			return Success
		}
		dev, e := r.linearSide(dst, kind, false)
		if e != Success {
			return e
		}
		return r.arrayBox(a, wOffset, hOffset, 0, width, height, 1, r.linearRows(dst, dpitch, 0, width, dev), false)
	})
}

// MemcpyToArray is the deprecated cudaMemcpyToArray: count bytes from src
// into the array from byte wOffset of row hOffset on, row after row.
// MemcpyFromArray is its reverse.
func (r *Runtime) MemcpyToArray(t Thread, dst, wOffset, hOffset, src, count uint64, kind int, async bool) Error {
	return r.memcpyArrayLinear(t, dst, wOffset, hOffset, src, count, kind, async, true)
}

// MemcpyFromArray is the deprecated cudaMemcpyFromArray.
func (r *Runtime) MemcpyFromArray(t Thread, dst, src, wOffset, hOffset, count uint64, kind int, async bool) Error {
	return r.memcpyArrayLinear(t, src, wOffset, hOffset, dst, count, kind, async, false)
}

func (r *Runtime) memcpyArrayLinear(t Thread, h, wOffset, hOffset, lin, count uint64, kind int, async, toArray bool) Error {
	return r.call(t, !async, func() Error {
		a := r.tex().arrays[h]
		if a == nil {
			return ErrorInvalidResourceHandle
		}
		dev, e := r.linearSide(lin, kind, toArray)
		if e != Success {
			return e
		}
		rowBytes := uint64(a.res.Width) * uint64(a.res.Format.Size())
		for x, y := wOffset, hOffset; count > 0; x, y = 0, y+1 {
			if x >= rowBytes {
				return ErrorInvalidValue
			}
			n := min(count, rowBytes-x)
			if e := r.arrayBox(a, x, y, 0, n, 1, 1, r.linearRows(lin, n, 0, n, dev), toArray); e != Success {
				return e
			}
			lin += n
			count -= n
		}
		return Success
	})
}

// PitchedPtr is struct cudaPitchedPtr.
type PitchedPtr struct {
	Ptr, Pitch, XSize, YSize uint64
}

// Memcpy3DParms is struct cudaMemcpy3DParms.
type Memcpy3DParms struct {
	SrcArray uint64
	SrcPos   Extent
	SrcPtr   PitchedPtr
	DstArray uint64
	DstPos   Extent
	DstPtr   PitchedPtr
	Extent   Extent
	Kind     int
}

// Memcpy3D is cudaMemcpy3D (and Async): a box between arrays and pitched
// linear memory. With an array on either side the extent and the x
// positions are in elements, otherwise in bytes (CUDA Runtime API).
func (r *Runtime) Memcpy3D(t Thread, p Memcpy3DParms, async bool) Error {
	return r.call(t, !async, func() Error {
		tx := r.tex()
		var src, dst *cudaArray
		if p.SrcArray != 0 {
			if src = tx.arrays[p.SrcArray]; src == nil {
				return ErrorInvalidResourceHandle
			}
		}
		if p.DstArray != 0 {
			if dst = tx.arrays[p.DstArray]; dst == nil {
				return ErrorInvalidResourceHandle
			}
		}
		if (src == nil) == (p.SrcPtr.Ptr == 0) || (dst == nil) == (p.DstPtr.Ptr == 0) {
			return ErrorInvalidValue // exactly one of array and pointer per side
		}
		w, h, d := p.Extent.Width, max(p.Extent.Height, 1), max(p.Extent.Depth, 1)
		if p.Extent.Width == 0 || p.Extent.Height == 0 || p.Extent.Depth == 0 {
			return Success
		}
		elem := uint64(1)
		switch {
		case src != nil:
			elem = uint64(src.res.Format.Size())
		case dst != nil:
			elem = uint64(dst.res.Format.Size())
		}
		if src != nil && dst != nil && src.res.Format.Size() != dst.res.Format.Size() {
			return ErrorInvalidValue
		}
		wb := w * elem
		switch {
		case src == nil && dst == nil:
			for z := uint64(0); z < d; z++ {
				for y := uint64(0); y < h; y++ {
					so := p.SrcPtr.Ptr + (p.SrcPos.Depth+z)*p.SrcPtr.Pitch*p.SrcPtr.YSize + (p.SrcPos.Height+y)*p.SrcPtr.Pitch + p.SrcPos.Width
					do := p.DstPtr.Ptr + (p.DstPos.Depth+z)*p.DstPtr.Pitch*p.DstPtr.YSize + (p.DstPos.Height+y)*p.DstPtr.Pitch + p.DstPos.Width
					db, sb, e := r.copyOperands(do, so, w, p.Kind)
					if e != Success {
						return e
					}
					copy(db, sb)
				}
			}
			return Success
		case src != nil && dst != nil:
			// Through a buffer, slice by slice.
			buf := make([]byte, wb*h)
			rows := func(_, y uint64) ([]byte, Error) { return buf[y*wb : (y+1)*wb], Success }
			for z := uint64(0); z < d; z++ {
				if e := r.arrayBox(src, p.SrcPos.Width*elem, p.SrcPos.Height, p.SrcPos.Depth+z, wb, h, 1, rows, false); e != Success {
					return e
				}
				if e := r.arrayBox(dst, p.DstPos.Width*elem, p.DstPos.Height, p.DstPos.Depth+z, wb, h, 1, rows, true); e != Success {
					return e
				}
			}
			return Success
		case dst != nil:
			dev, e := r.linearSide(p.SrcPtr.Ptr, p.Kind, true)
			if e != Success {
				return e
			}
			lin := p.SrcPtr.Ptr + p.SrcPos.Depth*p.SrcPtr.Pitch*p.SrcPtr.YSize + p.SrcPos.Height*p.SrcPtr.Pitch + p.SrcPos.Width*elem
			return r.arrayBox(dst, p.DstPos.Width*elem, p.DstPos.Height, p.DstPos.Depth, wb, h, d, r.linearRows(lin, p.SrcPtr.Pitch, p.SrcPtr.Pitch*p.SrcPtr.YSize, wb, dev), true)
		default:
			dev, e := r.linearSide(p.DstPtr.Ptr, p.Kind, false)
			if e != Success {
				return e
			}
			lin := p.DstPtr.Ptr + p.DstPos.Depth*p.DstPtr.Pitch*p.DstPtr.YSize + p.DstPos.Height*p.DstPtr.Pitch + p.DstPos.Width*elem
			return r.arrayBox(src, p.SrcPos.Width*elem, p.SrcPos.Height, p.SrcPos.Depth, wb, h, d, r.linearRows(lin, p.DstPtr.Pitch, p.DstPtr.Pitch*p.DstPtr.YSize, wb, dev), false)
		}
	})
}

// ResourceDesc is struct cudaResourceDesc.
type ResourceDesc struct {
	Type   int32  // cudaResourceType: 0 array, 1 mipmapped array, 2 linear, 3 pitch 2-D
	Array  uint64 // res.array.array (res.mipmap.mipmap)
	DevPtr uint64 // res.linear.devPtr, res.pitch2D.devPtr
	Desc   ChannelDesc
	// SizeInBytes (linear); Width, Height, PitchInBytes (pitch 2-D).
	SizeInBytes, Width, Height, PitchInBytes uint64
}

// cudaResourceType values.
const (
	resArray         = 0
	resMipmapped     = 1
	resLinear        = 2
	resPitch2D       = 3
	maxTexture1DLin  = 1 << 27 // CUDA guide, technical specifications: 2^27 elements for a linear 1-D texture
	maxTexture2DLinW = 1 << 17
)

// resource is the texels a resource descriptor names.
func (r *Runtime) resource(rd ResourceDesc, surface bool) (ptxexec.Resource, Error) {
	switch rd.Type {
	case resArray:
		a := r.tex().arrays[rd.Array]
		if a == nil {
			return ptxexec.Resource{}, ErrorInvalidResourceHandle
		}
		if surface && a.flags&arraySurfaceLoadStore == 0 {
			return ptxexec.Resource{}, ErrorInvalidValue // CUDA: a surface needs cudaArraySurfaceLoadStore
		}
		return a.res, Success
	case resLinear, resPitch2D:
		if surface {
			return ptxexec.Resource{}, ErrorInvalidValue
		}
		f, e := rd.Desc.format()
		if e != Success {
			return ptxexec.Resource{}, e
		}
		size := uint64(f.Size())
		res := ptxexec.Resource{Addr: rd.DevPtr, Format: f, Height: 1, Depth: 1, Levels: 1, Layout: ptxexec.LayoutLinear}
		if rd.DevPtr == 0 || rd.DevPtr%r.props().TextureAlignment != 0 {
			return res, ErrorInvalidValue // CUDA: devPtr aligned to cudaDeviceProp::textureAlignment
		}
		var span uint64
		if rd.Type == resLinear {
			n := rd.SizeInBytes / size
			if n == 0 || n > maxTexture1DLin {
				return res, ErrorInvalidValue
			}
			res.Width, res.Pitch, span = uint32(n), rd.SizeInBytes, rd.SizeInBytes
		} else {
			if rd.Width == 0 || rd.Height == 0 || rd.Width > maxTexture2DLinW || rd.Height > 1<<16 ||
				rd.PitchInBytes < rd.Width*size || rd.PitchInBytes%r.props().TexturePitchAlignment != 0 {
				return res, ErrorInvalidValue
			}
			res.Width, res.Height, res.Pitch = uint32(rd.Width), uint32(rd.Height), rd.PitchInBytes
			span = rd.PitchInBytes*(rd.Height-1) + rd.Width*size
		}
		if _, e := r.deviceBytes(rd.DevPtr, span); e != Success {
			return res, ErrorInvalidValue
		}
		return res, Success
	case resMipmapped:
		return ptxexec.Resource{}, ErrorNotSupported
	}
	return ptxexec.Resource{}, ErrorInvalidValue
}

// TextureDesc is struct cudaTextureDesc (f32 fields as bit patterns).
type TextureDesc struct {
	AddressMode                     [3]int32
	FilterMode, ReadMode, SRGB      int32
	BorderColor                     [4]uint32
	NormalizedCoords                int32
	MaxAnisotropy                   uint32
	MipmapFilterMode                int32
	MipmapLevelBias, MinLod, MaxLod uint32
}

// sampler converts a texture descriptor for format f.
func (td TextureDesc) sampler(f ptxexec.Format) (ptxexec.Sampler, Error) {
	var s ptxexec.Sampler
	for i, m := range td.AddressMode {
		switch m {
		case 0:
			s.Addr[i] = traces.AddrWrap
		case 1:
			s.Addr[i] = traces.AddrClamp
		case 2:
			s.Addr[i] = traces.AddrMirror
		case 3:
			s.Addr[i] = traces.AddrBorder
		default:
			return s, ErrorInvalidValue
		}
	}
	filter := func(v int32) (traces.FilterMode, Error) {
		switch v {
		case 0:
			return traces.FilterPoint, Success
		case 1:
			return traces.FilterLinear, Success
		}
		return 0, ErrorInvalidValue
	}
	var e Error
	if s.Filter, e = filter(td.FilterMode); e != Success {
		return s, e
	}
	if s.MipFilter, e = filter(td.MipmapFilterMode); e != Success {
		return s, e
	}
	switch td.ReadMode {
	case 0:
	case 1:
		// cudaReadModeNormalizedFloat applies to 8- and 16-bit integer
		// channels; float channels read as floats either way.
		s.ReadNormalized = f.Kind != ptxexec.ChanFloat
	default:
		return s, ErrorInvalidValue
	}
	if td.SRGB != 0 {
		return s, ErrorNotSupported
	}
	s.Normalized = td.NormalizedCoords != 0
	s.Border = td.BorderColor
	s.LodBias, s.MinLod, s.MaxLod = td.MipmapLevelBias, td.MinLod, td.MaxLod
	if s.CheckFor(f) != nil {
		return s, ErrorInvalidValue
	}
	return s, Success
}

// CreateTextureObject is cudaCreateTextureObject (a resource view is not
// supported: nil only).
func (r *Runtime) CreateTextureObject(t Thread, rd ResourceDesc, td TextureDesc, view bool) (uint64, Error) {
	var h uint64
	e := r.call(t, plain, func() Error {
		if view {
			r.messagef("cudaCreateTextureObject: resource views are not supported")
			return ErrorNotSupported
		}
		res, e := r.resource(rd, false)
		if e != Success {
			return e
		}
		s, e := td.sampler(res.Format)
		if e != Success {
			if e == ErrorNotSupported {
				r.messagef("cudaCreateTextureObject: sRGB conversion is not supported")
			}
			return e
		}
		tx := r.tex()
		h = tx.table.Add(ptxexec.TexObject{Kind: traces.OpaqueTexture, Res: res, Samp: s})
		tx.objs[h], tx.descs[h] = rd, td
		return Success
	})
	return h, e
}

// DestroyTextureObject is cudaDestroyTextureObject; DestroySurfaceObject
// is the same for surfaces.
func (r *Runtime) DestroyTextureObject(t Thread, h uint64) Error {
	return r.destroyObject(t, h, traces.OpaqueTexture)
}

// DestroySurfaceObject is cudaDestroySurfaceObject.
func (r *Runtime) DestroySurfaceObject(t Thread, h uint64) Error {
	return r.destroyObject(t, h, traces.OpaqueSurface)
}

func (r *Runtime) destroyObject(t Thread, h uint64, k traces.OpaqueKind) Error {
	return r.call(t, plain, func() Error {
		tx := r.tex()
		if o := tx.table.Get(h); o == nil || o.Kind != k || !tx.isObject(h) {
			return ErrorInvalidValue
		}
		tx.table.Remove(h)
		delete(tx.objs, h)
		delete(tx.descs, h)
		return Success
	})
}

func (tx *textures) isObject(h uint64) bool {
	_, ok := tx.objs[h]
	return ok
}

// GetTextureObjectResourceDesc is cudaGetTextureObjectResourceDesc (and
// GetSurfaceObjectResourceDesc the same for surfaces): the descriptor the
// object was made from.
func (r *Runtime) GetTextureObjectResourceDesc(t Thread, h uint64) (ResourceDesc, Error) {
	return r.objectResourceDesc(t, h, traces.OpaqueTexture)
}

// GetSurfaceObjectResourceDesc is cudaGetSurfaceObjectResourceDesc.
func (r *Runtime) GetSurfaceObjectResourceDesc(t Thread, h uint64) (ResourceDesc, Error) {
	return r.objectResourceDesc(t, h, traces.OpaqueSurface)
}

func (r *Runtime) objectResourceDesc(t Thread, h uint64, k traces.OpaqueKind) (ResourceDesc, Error) {
	var rd ResourceDesc
	e := r.call(t, plain, func() Error {
		tx := r.tex()
		o := tx.table.Get(h)
		if o == nil || o.Kind != k || !tx.isObject(h) {
			return ErrorInvalidValue
		}
		rd = tx.objs[h]
		return Success
	})
	return rd, e
}

// GetTextureObjectTextureDesc is cudaGetTextureObjectTextureDesc: the
// texture descriptor the object was made from.
func (r *Runtime) GetTextureObjectTextureDesc(t Thread, h uint64) (TextureDesc, Error) {
	var td TextureDesc
	e := r.call(t, plain, func() Error {
		tx := r.tex()
		d, ok := tx.descs[h]
		if !ok || tx.table.Get(h) == nil {
			return ErrorInvalidValue
		}
		td = d
		return Success
	})
	return td, e
}

// GetChannelDesc is cudaGetChannelDesc: an array's channel descriptor.
func (r *Runtime) GetChannelDesc(t Thread, h uint64) (ChannelDesc, Error) {
	var d ChannelDesc
	e := r.call(t, plain, func() Error {
		a := r.tex().arrays[h]
		if a == nil {
			return ErrorInvalidResourceHandle
		}
		d = a.desc
		return Success
	})
	return d, e
}

// CreateSurfaceObject is cudaCreateSurfaceObject: resType must be an
// array made with cudaArraySurfaceLoadStore.
func (r *Runtime) CreateSurfaceObject(t Thread, rd ResourceDesc) (uint64, Error) {
	var h uint64
	e := r.call(t, plain, func() Error {
		if rd.Type != resArray {
			return ErrorInvalidValue
		}
		res, e := r.resource(rd, true)
		if e != Success {
			return e
		}
		tx := r.tex()
		h = tx.table.Add(ptxexec.TexObject{Kind: traces.OpaqueSurface, Res: res})
		tx.objs[h] = rd
		return Success
	})
	return h, e
}

// RegisterTexture is __cudaRegisterTexture: the texture<> variable at
// hostVar is module handle's .texref deviceName; norm is its read mode
// (1: cudaReadModeNormalizedFloat).
func (r *Runtime) RegisterTexture(t Thread, handle, hostVar uint64, deviceName string, norm int) {
	r.registerRef(handle, hostVar, deviceName, false, norm == 1)
}

// RegisterSurface is __cudaRegisterSurface.
func (r *Runtime) RegisterSurface(t Thread, handle, hostVar uint64, deviceName string) {
	r.registerRef(handle, hostVar, deviceName, true, false)
}

func (r *Runtime) registerRef(handle, hostVar uint64, name string, surface, norm bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	tx := r.tex()
	tx.refs[hostVar] = &texRef{module: r.modules[handle], name: name, surface: surface, norm: norm}
}

// textureReference is the part of struct textureReference the runtime
// reads (texture_types.h, CUDA 11.8): int normalized; enum filterMode;
// enum addressMode[3]; struct cudaChannelFormatDesc channelDesc; int
// sRGB; unsigned maxAnisotropy; enum mipmapFilterMode; float
// mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp.
const textureReferenceSize = 4 + 4 + 12 + 20 + 4 + 4 + 4 + 12

// refState reads a texture reference's host struct.
func refState(b []byte) (TextureDesc, ChannelDesc) {
	le := binary.LittleEndian
	i32 := func(off int) int32 { return int32(le.Uint32(b[off:])) }
	td := TextureDesc{NormalizedCoords: i32(0), FilterMode: i32(4), SRGB: i32(40), MaxAnisotropy: le.Uint32(b[44:]),
		MipmapFilterMode: i32(48), MipmapLevelBias: le.Uint32(b[52:]), MinLod: le.Uint32(b[56:]), MaxLod: le.Uint32(b[60:])}
	for d := 0; d < 3; d++ {
		td.AddressMode[d] = i32(8 + 4*d)
	}
	cd := ChannelDesc{X: i32(20), Y: i32(24), Z: i32(28), W: i32(32), F: i32(36)}
	return td, cd
}

// boundRef finds the registered reference at hostVar.
func (r *Runtime) boundRef(hostVar uint64, surface bool) (*texRef, Error) {
	ref := r.tex().refs[hostVar]
	if ref == nil || ref.surface != surface {
		if surface {
			return nil, ErrorInvalidSymbol
		}
		return nil, ErrorInvalidTexture
	}
	return ref, Success
}

// BindTexture is cudaBindTexture: the reference reads size bytes of
// linear memory at devPtr (a 1-D texture for tex1Dfetch). gpusim's
// textures need no base alignment, so the offset is always 0.
func (r *Runtime) BindTexture(t Thread, hostVar, devPtr uint64, desc *ChannelDesc, size uint64) (uint64, Error) {
	return 0, r.bindRef(t, hostVar, desc, false, func(cd ChannelDesc) ResourceDesc {
		return ResourceDesc{Type: resLinear, DevPtr: devPtr, Desc: cd, SizeInBytes: size}
	})
}

// BindTexture2D is cudaBindTexture2D: pitched 2-D linear memory.
func (r *Runtime) BindTexture2D(t Thread, hostVar, devPtr uint64, desc *ChannelDesc, width, height, pitch uint64) (uint64, Error) {
	return 0, r.bindRef(t, hostVar, desc, false, func(cd ChannelDesc) ResourceDesc {
		return ResourceDesc{Type: resPitch2D, DevPtr: devPtr, Desc: cd, Width: width, Height: height, PitchInBytes: pitch}
	})
}

// BindTextureToArray is cudaBindTextureToArray.
func (r *Runtime) BindTextureToArray(t Thread, hostVar, array uint64, desc *ChannelDesc) Error {
	return r.bindRef(t, hostVar, desc, false, func(ChannelDesc) ResourceDesc { return ResourceDesc{Type: resArray, Array: array} })
}

// BindSurfaceToArray is cudaBindSurfaceToArray.
func (r *Runtime) BindSurfaceToArray(t Thread, hostVar, array uint64, desc *ChannelDesc) Error {
	return r.bindRef(t, hostVar, desc, true, func(ChannelDesc) ResourceDesc { return ResourceDesc{Type: resArray, Array: array} })
}

func (r *Runtime) bindRef(t Thread, hostVar uint64, desc *ChannelDesc, surface bool, rd func(ChannelDesc) ResourceDesc) Error {
	return r.call(t, plain, func() Error {
		ref, e := r.boundRef(hostVar, surface)
		if e != Success {
			return e
		}
		var cd ChannelDesc
		if desc != nil {
			cd = *desc
		} else if !surface {
			b, e := r.hostBytes(hostVar, textureReferenceSize)
			if e != Success {
				return e
			}
			_, cd = refState(b)
		}
		d := rd(cd)
		res, e := r.resource(d, surface)
		if e != Success {
			return e
		}
		if !surface {
			b, e := r.hostBytes(hostVar, textureReferenceSize)
			if e != Success {
				return e
			}
			td, _ := refState(b)
			td.ReadMode = b2i(ref.norm)
			if _, e := td.sampler(res.Format); e != Success {
				return e
			}
		}
		ref.bound, ref.res = true, d
		return Success
	})
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// UnbindTexture is cudaUnbindTexture.
func (r *Runtime) UnbindTexture(t Thread, hostVar uint64) Error {
	return r.call(t, plain, func() Error {
		ref, e := r.boundRef(hostVar, false)
		if e != Success {
			return e
		}
		ref.bound = false
		return Success
	})
}

// GetTextureReference is cudaGetTextureReference: the reference of a
// texture<> variable is the variable itself.
func (r *Runtime) GetTextureReference(t Thread, symbol uint64) (uint64, Error) {
	return symbol, r.call(t, plain, func() Error {
		_, e := r.boundRef(symbol, false)
		return e
	})
}

// GetSurfaceReference is cudaGetSurfaceReference.
func (r *Runtime) GetSurfaceReference(t Thread, symbol uint64) (uint64, Error) {
	return symbol, r.call(t, plain, func() Error {
		_, e := r.boundRef(symbol, true)
		return e
	})
}

// launchTextures gives a launch of module m the object table and the
// handles of its texture and surface references: each bound reference
// becomes an object made now from its binding and its host struct's
// current state.
func (r *Runtime) launchTextures(m *module) (*ptxexec.TexTable, []uint64, Error) {
	prog := m.mod.Program
	if r.tx.table == nil && len(prog.TexRefs) == 0 {
		return nil, nil, Success
	}
	tx := r.tex()
	table := tx.table.Clone()
	refs := make([]uint64, len(prog.TexRefs))
	// In host-address order, so that the handles a launch sees are the
	// same from run to run.
	hostVars := make([]uint64, 0, len(tx.refs))
	for hostVar := range tx.refs {
		hostVars = append(hostVars, hostVar)
	}
	sort.Slice(hostVars, func(i, j int) bool { return hostVars[i] < hostVars[j] })
	for _, hostVar := range hostVars {
		ref := tx.refs[hostVar]
		if ref.module != m || !ref.bound {
			continue
		}
		i := prog.TexRef(ref.name)
		if i < 0 {
			continue
		}
		res, e := r.resource(ref.res, ref.surface)
		if e != Success {
			r.messagef("%s %s: its binding is no longer valid (%s)", map[bool]string{false: "texture", true: "surface"}[ref.surface], ref.name, e)
			return nil, nil, ErrorInvalidTextureBinding
		}
		o := ptxexec.TexObject{Kind: traces.OpaqueSurface, Res: res}
		if !ref.surface {
			b, e := r.hostBytes(hostVar, textureReferenceSize)
			if e != Success {
				return nil, nil, e
			}
			td, _ := refState(b)
			td.ReadMode = b2i(ref.norm)
			s, e := td.sampler(res.Format)
			if e != Success {
				r.messagef("texture %s: its attributes do not fit its format (%s)", ref.name, e)
				return nil, nil, e
			}
			o = ptxexec.TexObject{Kind: traces.OpaqueTexture, Res: res, Samp: s}
		}
		refs[i] = table.Add(o)
	}
	return table, refs, Success
}
