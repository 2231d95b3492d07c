package cuda

import (
	"encoding/binary"
	"testing"
)

// Arrays and texture objects from Go, as the C library drives them: copies
// in and out of the block-linear layout at offsets, row-wrapping copies,
// 3-D copies between arrays, and the argument checks.

func TestArrayCopies(t *testing.T) {
	g := newRig(t, "functional")
	r := g.r
	u32 := ChannelDesc{X: 32, F: chanUnsigned}
	const w, h = 40, 12 // 160-byte rows: three GOB columns, two GOB rows
	a, e := r.MallocArray(tid, u32, w, h, 0)
	if e != Success {
		t.Fatal(e.Name())
	}
	src, sb := g.host(w * h * 4)
	for i := 0; i < w*h; i++ {
		binary.LittleEndian.PutUint32(sb[4*i:], uint32(i))
	}
	if e := r.Memcpy2DToArray(tid, a, 0, 0, src, w*4, w*4, h, memcpyHostToDevice, false); e != Success {
		t.Fatal(e.Name())
	}
	// A 5x3 region at element (17, 4) back out.
	dst, db := g.host(5 * 3 * 4)
	if e := r.Memcpy2DFromArray(tid, dst, 5*4, a, 17*4, 4, 5*4, 3, memcpyDeviceToHost, false); e != Success {
		t.Fatal(e.Name())
	}
	for y := 0; y < 3; y++ {
		for x := 0; x < 5; x++ {
			if got, want := binary.LittleEndian.Uint32(db[4*(5*y+x):]), uint32((y+4)*w+x+17); got != want {
				t.Errorf("region (%d, %d) = %d, want %d", x, y, got, want)
			}
		}
	}
	// cudaMemcpyFromArray wraps rows: 50 elements from (30, 2).
	lin, lb := g.host(50 * 4)
	if e := r.MemcpyFromArray(tid, lin, a, 30*4, 2, 50*4, memcpyDeviceToHost, false); e != Success {
		t.Fatal(e.Name())
	}
	for i := 0; i < 50; i++ {
		if got, want := binary.LittleEndian.Uint32(lb[4*i:]), uint32(2*w+30+i); got != want {
			t.Fatalf("element %d of the wrapped copy = %d, want %d", i, got, want)
		}
	}
	// Array to array through cudaMemcpy3D: a 4x2 box.
	b, e := r.Malloc3DArray(tid, u32, Extent{8, 8, 0}, 0)
	if e != Success {
		t.Fatal(e.Name())
	}
	p := Memcpy3DParms{SrcArray: a, SrcPos: Extent{36, 10, 0}, DstArray: b, DstPos: Extent{1, 5, 0}, Extent: Extent{4, 2, 1}, Kind: memcpyDeviceToDevice}
	if e := r.Memcpy3D(tid, p, false); e != Success {
		t.Fatal(e.Name())
	}
	out, ob := g.host(8 * 8 * 4)
	if e := r.Memcpy2DFromArray(tid, out, 32, b, 0, 0, 32, 8, memcpyDeviceToHost, false); e != Success {
		t.Fatal(e.Name())
	}
	if got, want := binary.LittleEndian.Uint32(ob[4*(6*8+4):]), uint32(11*w+39); got != want {
		t.Errorf("3-D copy: element (4, 6) = %d, want %d", got, want)
	}
	// Out of the array, and a copy direction that names the array host memory.
	if e := r.Memcpy2DToArray(tid, a, 38*4, 0, src, w*4, 4*4, 1, memcpyHostToDevice, false); e != ErrorInvalidValue {
		t.Errorf("a copy past the row: %s", e.Name())
	}
	if e := r.Memcpy2DToArray(tid, a, 0, 0, src, w*4, 4, 1, memcpyDeviceToHost, false); e != ErrorInvalidMemcpyDir {
		t.Errorf("device-to-host into an array: %s", e.Name())
	}
	if e := r.FreeArray(tid, a+1); e != ErrorInvalidValue {
		t.Errorf("freeing a non-array: %s", e.Name())
	}
	for _, bad := range []ChannelDesc{{X: 32, Y: 16, F: chanFloat}, {X: 24, F: chanUnsigned}, {X: 32, Y: 32, Z: 32, F: chanFloat}, {X: 8, F: 7}} {
		if _, e := r.MallocArray(tid, bad, 4, 4, 0); e != ErrorInvalidChannelDescriptor {
			t.Errorf("channel descriptor %+v: %s", bad, e.Name())
		}
	}
	if _, e := r.Malloc3DArray(tid, u32, Extent{4, 5, 6}, arrayCubemap); e != ErrorInvalidValue {
		t.Errorf("a cube map with 4x5 faces: %s", e.Name())
	}
}

func TestTextureObjectChecks(t *testing.T) {
	g := newRig(t, "functional")
	r := g.r
	f32 := ChannelDesc{X: 32, F: chanFloat}
	d := g.dev(4096)
	lin := ResourceDesc{Type: resLinear, DevPtr: d, Desc: f32, SizeInBytes: 4096}
	if _, e := r.CreateTextureObject(tid, lin, TextureDesc{}, false); e != Success {
		t.Fatal(e.Name())
	}
	for _, c := range []struct {
		what string
		rd   ResourceDesc
		td   TextureDesc
		view bool
		want Error
	}{
		{"an unaligned base", ResourceDesc{Type: resLinear, DevPtr: d + 4, Desc: f32, SizeInBytes: 64}, TextureDesc{}, false, ErrorInvalidValue},
		{"memory past the allocation", ResourceDesc{Type: resLinear, DevPtr: d, Desc: f32, SizeInBytes: 8192}, TextureDesc{}, false, ErrorInvalidValue},
		{"a pitch not a multiple of 32", ResourceDesc{Type: resPitch2D, DevPtr: d, Desc: f32, Width: 4, Height: 4, PitchInBytes: 40}, TextureDesc{}, false, ErrorInvalidValue},
		{"an unknown array", ResourceDesc{Type: resArray, Array: 12345}, TextureDesc{}, false, ErrorInvalidResourceHandle},
		{"a mipmapped array", ResourceDesc{Type: resMipmapped, Array: 1}, TextureDesc{}, false, ErrorNotSupported},
		{"a resource view", lin, TextureDesc{}, true, ErrorNotSupported},
		{"an address mode 7", lin, TextureDesc{AddressMode: [3]int32{7}}, false, ErrorInvalidValue},
		{"sRGB", lin, TextureDesc{SRGB: 1}, false, ErrorNotSupported},
		{"linear filtering of integers", ResourceDesc{Type: resLinear, DevPtr: d, Desc: ChannelDesc{X: 32, F: chanSigned}, SizeInBytes: 64}, TextureDesc{FilterMode: 1}, false, ErrorInvalidValue},
	} {
		if _, e := r.CreateTextureObject(tid, c.rd, c.td, c.view); e != c.want {
			t.Errorf("%s: %s, want %s", c.what, e.Name(), c.want.Name())
		}
	}
	if _, e := r.CreateSurfaceObject(tid, lin); e != ErrorInvalidValue {
		t.Errorf("a surface over linear memory: %s", e.Name())
	}
	if e := r.UnbindTexture(tid, 0x1234); e != ErrorInvalidTexture {
		t.Errorf("unbinding an unregistered reference: %s", e.Name())
	}
	if _, e := r.BindTexture(tid, 0x1234, d, &f32, 64); e != ErrorInvalidTexture {
		t.Errorf("binding an unregistered reference: %s", e.Name())
	}
	if e := r.DestroySurfaceObject(tid, 1); e != ErrorInvalidValue {
		t.Errorf("destroying a texture object as a surface: %s", e.Name())
	}
}
