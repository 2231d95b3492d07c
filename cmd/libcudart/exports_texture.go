package main

/*
#include "cudart.h"
*/
import "C"

import (
	"unsafe"

	"github.com/gpusim/gpusim/sim/cuda"
)

// Arrays, texture and surface objects, and the legacy texture and surface
// references (sim/cuda/texture.go). The struct arguments are the layouts
// of cudart.h, checked against the toolkit's by TestStructLayouts.

func chanDesc(d *C.gpusim_channelFormatDesc) cuda.ChannelDesc {
	return cuda.ChannelDesc{X: int32(d.x), Y: int32(d.y), Z: int32(d.z), W: int32(d.w), F: int32(d.f)}
}

func putChanDesc(dst *C.gpusim_channelFormatDesc, d cuda.ChannelDesc) {
	*dst = C.gpusim_channelFormatDesc{x: C.int(d.X), y: C.int(d.Y), z: C.int(d.Z), w: C.int(d.W), f: C.int(d.F)}
}

func extent(e C.gpusim_extent) cuda.Extent {
	return cuda.Extent{Width: uint64(e.width), Height: uint64(e.height), Depth: uint64(e.depth)}
}

//export cudaMallocArray
func cudaMallocArray(array *C.gpusim_array_t, desc *C.gpusim_channelFormatDesc, width, height C.size_t, flags C.uint) C.cudaError_t {
	return guard("cudaMallocArray", func(t cuda.Thread) cuda.Error {
		if array == nil || desc == nil {
			return cuda.ErrorInvalidValue
		}
		h, e := rt().MallocArray(t, chanDesc(desc), uint64(width), uint64(height), uint32(flags))
		*array = C.gpusim_array_t(h)
		return e
	})
}

//export cudaMalloc3DArray
func cudaMalloc3DArray(array *C.gpusim_array_t, desc *C.gpusim_channelFormatDesc, ext C.gpusim_extent, flags C.uint) C.cudaError_t {
	return guard("cudaMalloc3DArray", func(t cuda.Thread) cuda.Error {
		if array == nil || desc == nil {
			return cuda.ErrorInvalidValue
		}
		h, e := rt().Malloc3DArray(t, chanDesc(desc), extent(ext), uint32(flags))
		*array = C.gpusim_array_t(h)
		return e
	})
}

//export cudaFreeArray
func cudaFreeArray(array C.gpusim_array_t) C.cudaError_t {
	return guard("cudaFreeArray", func(t cuda.Thread) cuda.Error { return rt().FreeArray(t, uint64(array)) })
}

//export cudaArrayGetInfo
func cudaArrayGetInfo(desc *C.gpusim_channelFormatDesc, ext *C.gpusim_extent, flags *C.uint, array C.gpusim_array_t) C.cudaError_t {
	return guard("cudaArrayGetInfo", func(t cuda.Thread) cuda.Error {
		d, x, f, e := rt().ArrayGetInfo(t, uint64(array))
		if e != cuda.Success {
			return e
		}
		if desc != nil {
			putChanDesc(desc, d)
		}
		if ext != nil {
			*ext = C.gpusim_extent{width: C.size_t(x.Width), height: C.size_t(x.Height), depth: C.size_t(x.Depth)}
		}
		if flags != nil {
			*flags = C.uint(f)
		}
		return e
	})
}

//export cudaGetChannelDesc
func cudaGetChannelDesc(desc *C.gpusim_channelFormatDesc, array C.gpusim_array_t) C.cudaError_t {
	return guard("cudaGetChannelDesc", func(t cuda.Thread) cuda.Error {
		if desc == nil {
			return cuda.ErrorInvalidValue
		}
		d, e := rt().GetChannelDesc(t, uint64(array))
		if e == cuda.Success {
			putChanDesc(desc, d)
		}
		return e
	})
}

//export cudaMemcpy2DToArray
func cudaMemcpy2DToArray(dst C.gpusim_array_t, wOffset, hOffset C.size_t, src unsafe.Pointer, spitch, width, height C.size_t, kind C.int) C.cudaError_t {
	return guard("cudaMemcpy2DToArray", func(t cuda.Thread) cuda.Error {
		return rt().Memcpy2DToArray(t, uint64(dst), uint64(wOffset), uint64(hOffset), addr(src), uint64(spitch), uint64(width), uint64(height), int(kind), false)
	})
}

//export cudaMemcpy2DToArrayAsync
func cudaMemcpy2DToArrayAsync(dst C.gpusim_array_t, wOffset, hOffset C.size_t, src unsafe.Pointer, spitch, width, height C.size_t, kind C.int, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaMemcpy2DToArrayAsync", func(t cuda.Thread) cuda.Error {
		return rt().Memcpy2DToArray(t, uint64(dst), uint64(wOffset), uint64(hOffset), addr(src), uint64(spitch), uint64(width), uint64(height), int(kind), true)
	})
}

//export cudaMemcpy2DFromArray
func cudaMemcpy2DFromArray(dst unsafe.Pointer, dpitch C.size_t, src C.gpusim_array_t, wOffset, hOffset, width, height C.size_t, kind C.int) C.cudaError_t {
	return guard("cudaMemcpy2DFromArray", func(t cuda.Thread) cuda.Error {
		return rt().Memcpy2DFromArray(t, addr(dst), uint64(dpitch), uint64(src), uint64(wOffset), uint64(hOffset), uint64(width), uint64(height), int(kind), false)
	})
}

//export cudaMemcpy2DFromArrayAsync
func cudaMemcpy2DFromArrayAsync(dst unsafe.Pointer, dpitch C.size_t, src C.gpusim_array_t, wOffset, hOffset, width, height C.size_t, kind C.int, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaMemcpy2DFromArrayAsync", func(t cuda.Thread) cuda.Error {
		return rt().Memcpy2DFromArray(t, addr(dst), uint64(dpitch), uint64(src), uint64(wOffset), uint64(hOffset), uint64(width), uint64(height), int(kind), true)
	})
}

//export cudaMemcpyToArray
func cudaMemcpyToArray(dst C.gpusim_array_t, wOffset, hOffset C.size_t, src unsafe.Pointer, count C.size_t, kind C.int) C.cudaError_t {
	return guard("cudaMemcpyToArray", func(t cuda.Thread) cuda.Error {
		return rt().MemcpyToArray(t, uint64(dst), uint64(wOffset), uint64(hOffset), addr(src), uint64(count), int(kind), false)
	})
}

//export cudaMemcpyToArrayAsync
func cudaMemcpyToArrayAsync(dst C.gpusim_array_t, wOffset, hOffset C.size_t, src unsafe.Pointer, count C.size_t, kind C.int, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaMemcpyToArrayAsync", func(t cuda.Thread) cuda.Error {
		return rt().MemcpyToArray(t, uint64(dst), uint64(wOffset), uint64(hOffset), addr(src), uint64(count), int(kind), true)
	})
}

//export cudaMemcpyFromArray
func cudaMemcpyFromArray(dst unsafe.Pointer, src C.gpusim_array_t, wOffset, hOffset, count C.size_t, kind C.int) C.cudaError_t {
	return guard("cudaMemcpyFromArray", func(t cuda.Thread) cuda.Error {
		return rt().MemcpyFromArray(t, addr(dst), uint64(src), uint64(wOffset), uint64(hOffset), uint64(count), int(kind), false)
	})
}

//export cudaMemcpyFromArrayAsync
func cudaMemcpyFromArrayAsync(dst unsafe.Pointer, src C.gpusim_array_t, wOffset, hOffset, count C.size_t, kind C.int, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaMemcpyFromArrayAsync", func(t cuda.Thread) cuda.Error {
		return rt().MemcpyFromArray(t, addr(dst), uint64(src), uint64(wOffset), uint64(hOffset), uint64(count), int(kind), true)
	})
}

func memcpy3DParms(p *C.gpusim_memcpy3DParms) cuda.Memcpy3DParms {
	pos := func(x C.gpusim_pos) cuda.Extent {
		return cuda.Extent{Width: uint64(x.x), Height: uint64(x.y), Depth: uint64(x.z)}
	}
	ptr := func(x C.gpusim_pitchedPtr) cuda.PitchedPtr {
		return cuda.PitchedPtr{Ptr: addr(x.ptr), Pitch: uint64(x.pitch), XSize: uint64(x.xsize), YSize: uint64(x.ysize)}
	}
	return cuda.Memcpy3DParms{SrcArray: uint64(p.srcArray), SrcPos: pos(p.srcPos), SrcPtr: ptr(p.srcPtr),
		DstArray: uint64(p.dstArray), DstPos: pos(p.dstPos), DstPtr: ptr(p.dstPtr), Extent: extent(p.extent), Kind: int(p.kind)}
}

//export cudaMemcpy3D
func cudaMemcpy3D(p *C.gpusim_memcpy3DParms) C.cudaError_t {
	return guard("cudaMemcpy3D", func(t cuda.Thread) cuda.Error {
		if p == nil {
			return cuda.ErrorInvalidValue
		}
		return rt().Memcpy3D(t, memcpy3DParms(p), false)
	})
}

//export cudaMemcpy3DAsync
func cudaMemcpy3DAsync(p *C.gpusim_memcpy3DParms, stream C.cudaStream_t) C.cudaError_t {
	return guard("cudaMemcpy3DAsync", func(t cuda.Thread) cuda.Error {
		if p == nil {
			return cuda.ErrorInvalidValue
		}
		return rt().Memcpy3D(t, memcpy3DParms(p), true)
	})
}

func resourceDesc(d *C.gpusim_resourceDesc) cuda.ResourceDesc {
	rd := cuda.ResourceDesc{Type: int32(d.resType), DevPtr: addr(d.devPtr), Desc: chanDesc(&d.desc),
		Width: uint64(d.width), Height: uint64(d.height), PitchInBytes: uint64(d.pitchInBytes)}
	rd.Array = rd.DevPtr
	rd.SizeInBytes = rd.Width
	return rd
}

func putResourceDesc(dst *C.gpusim_resourceDesc, rd cuda.ResourceDesc) {
	*dst = C.gpusim_resourceDesc{resType: C.int(rd.Type)}
	switch rd.Type {
	case 0, 1: // array, mipmapped array
		putPtr(unsafe.Pointer(&dst.devPtr), rd.Array)
	case 2: // linear
		putPtr(unsafe.Pointer(&dst.devPtr), rd.DevPtr)
		putChanDesc(&dst.desc, rd.Desc)
		dst.width = C.size_t(rd.SizeInBytes)
	default: // pitch 2-D
		putPtr(unsafe.Pointer(&dst.devPtr), rd.DevPtr)
		putChanDesc(&dst.desc, rd.Desc)
		dst.width, dst.height, dst.pitchInBytes = C.size_t(rd.Width), C.size_t(rd.Height), C.size_t(rd.PitchInBytes)
	}
}

// textureDesc reads the members cudaTextureDesc and cudaTextureDesc_v2
// share (the first is a prefix of the second).
func textureDesc(d *C.gpusim_textureDesc) cuda.TextureDesc {
	f32 := func(x C.float) uint32 { return *(*uint32)(unsafe.Pointer(&x)) }
	td := cuda.TextureDesc{FilterMode: int32(d.filterMode), ReadMode: int32(d.readMode), SRGB: int32(d.sRGB),
		NormalizedCoords: int32(d.normalizedCoords), MaxAnisotropy: uint32(d.maxAnisotropy), MipmapFilterMode: int32(d.mipmapFilterMode),
		MipmapLevelBias: f32(d.mipmapLevelBias), MinLod: f32(d.minMipmapLevelClamp), MaxLod: f32(d.maxMipmapLevelClamp)}
	for i := range td.AddressMode {
		td.AddressMode[i] = int32(d.addressMode[i])
	}
	for i := range td.BorderColor {
		td.BorderColor[i] = f32(d.borderColor[i])
	}
	return td
}

func putTextureDesc(dst *C.gpusim_textureDesc, td cuda.TextureDesc) {
	f32 := func(x uint32) C.float { return *(*C.float)(unsafe.Pointer(&x)) }
	*dst = C.gpusim_textureDesc{filterMode: C.int(td.FilterMode), readMode: C.int(td.ReadMode), sRGB: C.int(td.SRGB),
		normalizedCoords: C.int(td.NormalizedCoords), maxAnisotropy: C.uint(td.MaxAnisotropy), mipmapFilterMode: C.int(td.MipmapFilterMode),
		mipmapLevelBias: f32(td.MipmapLevelBias), minMipmapLevelClamp: f32(td.MinLod), maxMipmapLevelClamp: f32(td.MaxLod)}
	for i := range td.AddressMode {
		dst.addressMode[i] = C.int(td.AddressMode[i])
	}
	for i := range td.BorderColor {
		dst.borderColor[i] = f32(td.BorderColor[i])
	}
}

//export cudaCreateTextureObject
func cudaCreateTextureObject(obj *C.ulonglong, res *C.gpusim_resourceDesc, tex *C.gpusim_textureDesc, view unsafe.Pointer) C.cudaError_t {
	return guard("cudaCreateTextureObject", func(t cuda.Thread) cuda.Error {
		if obj == nil || res == nil || tex == nil {
			return cuda.ErrorInvalidValue
		}
		h, e := rt().CreateTextureObject(t, resourceDesc(res), textureDesc(tex), view != nil)
		if e == cuda.Success {
			*obj = C.ulonglong(h)
		}
		return e
	})
}

//export cudaCreateTextureObject_v2
func cudaCreateTextureObject_v2(obj *C.ulonglong, res *C.gpusim_resourceDesc, tex *C.gpusim_textureDescV2, view unsafe.Pointer) C.cudaError_t {
	return guard("cudaCreateTextureObject_v2", func(t cuda.Thread) cuda.Error {
		if obj == nil || res == nil || tex == nil {
			return cuda.ErrorInvalidValue
		}
		// seamlessCubemap: cube maps clamp at face edges here either way.
		h, e := rt().CreateTextureObject(t, resourceDesc(res), textureDesc((*C.gpusim_textureDesc)(unsafe.Pointer(tex))), view != nil)
		if e == cuda.Success {
			*obj = C.ulonglong(h)
		}
		return e
	})
}

//export cudaDestroyTextureObject
func cudaDestroyTextureObject(obj C.ulonglong) C.cudaError_t {
	return guard("cudaDestroyTextureObject", func(t cuda.Thread) cuda.Error { return rt().DestroyTextureObject(t, uint64(obj)) })
}

//export cudaGetTextureObjectResourceDesc
func cudaGetTextureObjectResourceDesc(res *C.gpusim_resourceDesc, obj C.ulonglong) C.cudaError_t {
	return guard("cudaGetTextureObjectResourceDesc", func(t cuda.Thread) cuda.Error {
		if res == nil {
			return cuda.ErrorInvalidValue
		}
		rd, e := rt().GetTextureObjectResourceDesc(t, uint64(obj))
		if e == cuda.Success {
			putResourceDesc(res, rd)
		}
		return e
	})
}

//export cudaGetTextureObjectTextureDesc
func cudaGetTextureObjectTextureDesc(tex *C.gpusim_textureDesc, obj C.ulonglong) C.cudaError_t {
	return guard("cudaGetTextureObjectTextureDesc", func(t cuda.Thread) cuda.Error {
		if tex == nil {
			return cuda.ErrorInvalidValue
		}
		td, e := rt().GetTextureObjectTextureDesc(t, uint64(obj))
		if e == cuda.Success {
			putTextureDesc(tex, td)
		}
		return e
	})
}

//export cudaGetTextureObjectTextureDesc_v2
func cudaGetTextureObjectTextureDesc_v2(tex *C.gpusim_textureDescV2, obj C.ulonglong) C.cudaError_t {
	return guard("cudaGetTextureObjectTextureDesc_v2", func(t cuda.Thread) cuda.Error {
		if tex == nil {
			return cuda.ErrorInvalidValue
		}
		td, e := rt().GetTextureObjectTextureDesc(t, uint64(obj))
		if e == cuda.Success {
			putTextureDesc((*C.gpusim_textureDesc)(unsafe.Pointer(tex)), td)
			tex.seamlessCubemap = 0
		}
		return e
	})
}

//export cudaCreateSurfaceObject
func cudaCreateSurfaceObject(obj *C.ulonglong, res *C.gpusim_resourceDesc) C.cudaError_t {
	return guard("cudaCreateSurfaceObject", func(t cuda.Thread) cuda.Error {
		if obj == nil || res == nil {
			return cuda.ErrorInvalidValue
		}
		h, e := rt().CreateSurfaceObject(t, resourceDesc(res))
		if e == cuda.Success {
			*obj = C.ulonglong(h)
		}
		return e
	})
}

//export cudaDestroySurfaceObject
func cudaDestroySurfaceObject(obj C.ulonglong) C.cudaError_t {
	return guard("cudaDestroySurfaceObject", func(t cuda.Thread) cuda.Error { return rt().DestroySurfaceObject(t, uint64(obj)) })
}

//export cudaGetSurfaceObjectResourceDesc
func cudaGetSurfaceObjectResourceDesc(res *C.gpusim_resourceDesc, obj C.ulonglong) C.cudaError_t {
	return guard("cudaGetSurfaceObjectResourceDesc", func(t cuda.Thread) cuda.Error {
		if res == nil {
			return cuda.ErrorInvalidValue
		}
		rd, e := rt().GetSurfaceObjectResourceDesc(t, uint64(obj))
		if e == cuda.Success {
			putResourceDesc(res, rd)
		}
		return e
	})
}

//export __cudaRegisterTexture
func __cudaRegisterTexture(handle C.uintptr_t, hostVar unsafe.Pointer, deviceAddress *C.char, deviceName *C.char, dim, norm, ext C.int) {
	guardVoid("__cudaRegisterTexture", func(t cuda.Thread) {
		rt().RegisterTexture(t, uint64(handle), addr(hostVar), C.GoString(deviceAddress), int(norm))
	})
}

//export __cudaRegisterSurface
func __cudaRegisterSurface(handle C.uintptr_t, hostVar unsafe.Pointer, deviceAddress *C.char, deviceName *C.char, dim, ext C.int) {
	guardVoid("__cudaRegisterSurface", func(t cuda.Thread) {
		rt().RegisterSurface(t, uint64(handle), addr(hostVar), C.GoString(deviceAddress))
	})
}

func optDesc(d *C.gpusim_channelFormatDesc) *cuda.ChannelDesc {
	if d == nil {
		return nil
	}
	cd := chanDesc(d)
	return &cd
}

//export cudaBindTexture
func cudaBindTexture(offset *C.size_t, texref unsafe.Pointer, devPtr unsafe.Pointer, desc *C.gpusim_channelFormatDesc, size C.size_t) C.cudaError_t {
	return guard("cudaBindTexture", func(t cuda.Thread) cuda.Error {
		off, e := rt().BindTexture(t, addr(texref), addr(devPtr), optDesc(desc), uint64(size))
		if offset != nil && e == cuda.Success {
			*offset = C.size_t(off)
		}
		return e
	})
}

//export cudaBindTexture2D
func cudaBindTexture2D(offset *C.size_t, texref unsafe.Pointer, devPtr unsafe.Pointer, desc *C.gpusim_channelFormatDesc, width, height, pitch C.size_t) C.cudaError_t {
	return guard("cudaBindTexture2D", func(t cuda.Thread) cuda.Error {
		off, e := rt().BindTexture2D(t, addr(texref), addr(devPtr), optDesc(desc), uint64(width), uint64(height), uint64(pitch))
		if offset != nil && e == cuda.Success {
			*offset = C.size_t(off)
		}
		return e
	})
}

//export cudaBindTextureToArray
func cudaBindTextureToArray(texref unsafe.Pointer, array C.gpusim_array_t, desc *C.gpusim_channelFormatDesc) C.cudaError_t {
	return guard("cudaBindTextureToArray", func(t cuda.Thread) cuda.Error {
		return rt().BindTextureToArray(t, addr(texref), uint64(array), optDesc(desc))
	})
}

//export cudaUnbindTexture
func cudaUnbindTexture(texref unsafe.Pointer) C.cudaError_t {
	return guard("cudaUnbindTexture", func(t cuda.Thread) cuda.Error { return rt().UnbindTexture(t, addr(texref)) })
}

//export cudaGetTextureReference
func cudaGetTextureReference(texref *unsafe.Pointer, symbol unsafe.Pointer) C.cudaError_t {
	return guard("cudaGetTextureReference", func(t cuda.Thread) cuda.Error {
		if texref == nil {
			return cuda.ErrorInvalidValue
		}
		ref, e := rt().GetTextureReference(t, addr(symbol))
		if e == cuda.Success {
			putPtr(unsafe.Pointer(texref), ref)
		}
		return e
	})
}

//export cudaGetTextureAlignmentOffset
func cudaGetTextureAlignmentOffset(offset *C.size_t, texref unsafe.Pointer) C.cudaError_t {
	return guard("cudaGetTextureAlignmentOffset", func(t cuda.Thread) cuda.Error {
		if offset == nil {
			return cuda.ErrorInvalidValue
		}
		if _, e := rt().GetTextureReference(t, addr(texref)); e != cuda.Success {
			return e
		}
		*offset = 0 // gpusim's textures need no base alignment
		return cuda.Success
	})
}

//export cudaBindSurfaceToArray
func cudaBindSurfaceToArray(surfref unsafe.Pointer, array C.gpusim_array_t, desc *C.gpusim_channelFormatDesc) C.cudaError_t {
	return guard("cudaBindSurfaceToArray", func(t cuda.Thread) cuda.Error {
		return rt().BindSurfaceToArray(t, addr(surfref), uint64(array), optDesc(desc))
	})
}

//export cudaGetSurfaceReference
func cudaGetSurfaceReference(surfref *unsafe.Pointer, symbol unsafe.Pointer) C.cudaError_t {
	return guard("cudaGetSurfaceReference", func(t cuda.Thread) cuda.Error {
		if surfref == nil {
			return cuda.ErrorInvalidValue
		}
		ref, e := rt().GetSurfaceReference(t, addr(symbol))
		if e == cuda.Success {
			putPtr(unsafe.Pointer(surfref), ref)
		}
		return e
	})
}
