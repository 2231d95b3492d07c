package cuda

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/traces/fatbin"
)

// These tests drive the runtime from Go the way the C library does, with
// the fat binary nvcc made for traces/fatbin's fixtures (kernels
// _Z6vecaddPKfS0_Pfi and _Z5scalePffi).

const (
	vecaddName = "_Z6vecaddPKfS0_Pfi"
	scaleName  = "_Z5scalePffi"
	tid        = Thread(1)
)

type rig struct {
	t              *testing.T
	r              *Runtime
	stdout, stderr bytes.Buffer
	vecadd, scale  uint64 // host stub addresses
}

// newRig starts a runtime and registers the fixture's module the way
// nvcc's constructor does.
func newRig(t *testing.T, mode string) *rig {
	t.Helper()
	opts := DefaultOptions()
	opts.Mode = mode
	opts.Program = "./app"
	opts.Report = filepath.Join(t.TempDir(), "report.txt")
	return newRigWith(t, opts)
}

// newRigWith is newRig with the given options.
func newRigWith(t *testing.T, opts Options) *rig {
	t.Helper()
	g := &rig{t: t}
	g.r = New(opts, 11080, &g.stdout, &g.stderr)
	if g.r.initErr != nil {
		t.Fatal(g.r.initErr)
	}
	t.Cleanup(g.r.Close)
	fb, err := os.ReadFile(filepath.Join("..", "..", "traces", "fatbin", "testdata", "default.fatbin"))
	if err != nil {
		t.Fatal(err)
	}
	data, dataBytes := g.host(uint64(len(fb)))
	copy(dataBytes, fb)
	wrap, w := g.host(fatbin.WrapperSize)
	binary.LittleEndian.PutUint32(w, fatbin.WrapperMagic)
	binary.LittleEndian.PutUint32(w[4:], 1)
	binary.LittleEndian.PutUint64(w[8:], data)
	h := g.r.RegisterFatBinary(tid, wrap)
	// Host stub addresses: any distinct values the program would pass.
	g.vecadd, g.scale = 0x401000, 0x401100
	g.r.RegisterFunction(tid, h, g.vecadd, vecaddName)
	g.r.RegisterFunction(tid, h, g.scale, scaleName)
	g.r.RegisterFatBinaryEnd(tid, h)
	if g.stderr.Len() != 0 {
		t.Fatalf("registration printed %q", g.stderr.String())
	}
	return g
}

// host allocates pinned host memory (stable, reachable by address).
func (g *rig) host(n uint64) (uint64, []byte) {
	g.t.Helper()
	p, e := g.r.HostAlloc(tid, n, 0)
	if e != Success {
		g.t.Fatalf("cudaMallocHost: %s", e.Name())
	}
	return p, view(p, n)
}

func (g *rig) dev(n uint64) uint64 {
	g.t.Helper()
	p, e := g.r.Malloc(tid, n)
	if e != Success {
		g.t.Fatalf("cudaMalloc: %s", e.Name())
	}
	return p
}

// args builds nvcc's void *args[]: one pointer per argument, each to a
// copy of its bytes.
func (g *rig) args(vals ...[]byte) uint64 {
	arr, ab := g.host(uint64(8 * len(vals)))
	for i, v := range vals {
		p, b := g.host(uint64(len(v)))
		copy(b, v)
		binary.LittleEndian.PutUint64(ab[8*i:], p)
	}
	return arr
}

func u64(v uint64) []byte  { b := make([]byte, 8); binary.LittleEndian.PutUint64(b, v); return b }
func u32(v uint32) []byte  { b := make([]byte, 4); binary.LittleEndian.PutUint32(b, v); return b }
func f32(v float32) []byte { return u32(math.Float32bits(v)) }

func floats(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func expect(t *testing.T, what string, got, want Error) {
	t.Helper()
	if got != want {
		t.Errorf("%s: %s, want %s", what, got.Name(), want.Name())
	}
}

// TestRuntimeVecadd allocates, copies, launches and reads back, in both
// modes, and checks the launch record.
func TestRuntimeVecadd(t *testing.T) {
	for _, mode := range []string{"timing", "functional"} {
		g := newRig(t, mode)
		const n = 1000
		ha, a := g.host(4 * n)
		hb, b := g.host(4 * n)
		hc, c := g.host(4 * n)
		for i := 0; i < n; i++ {
			binary.LittleEndian.PutUint32(a[4*i:], math.Float32bits(float32(i)))
			binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(float32(2*i)))
		}
		da, db, dc := g.dev(4*n), g.dev(4*n), g.dev(4*n)
		expect(t, "H2D", g.r.Memcpy(tid, da, ha, 4*n, memcpyHostToDevice, false), Success)
		expect(t, "H2D", g.r.Memcpy(tid, db, hb, 4*n, memcpyDefault, false), Success)
		expect(t, "launch", g.r.LaunchKernel(tid, g.vecadd, Dim3{4, 1, 1}, Dim3{256, 1, 1}, g.args(u64(da), u64(db), u64(dc), u32(n)), 0, 0), Success)
		expect(t, "D2H", g.r.Memcpy(tid, hc, dc, 4*n, memcpyDeviceToHost, false), Success)
		for i, v := range floats(c) {
			if v != float32(3*i) {
				t.Fatalf("%s: c[%d] = %g", mode, i, v)
			}
		}
		l := g.r.report.launches
		if len(l) != 1 || l[0].fn.name != vecaddName || l[0].warpInsts == 0 {
			t.Fatalf("%s: launch records %+v", mode, l)
		}
		if (mode == "timing") != (l[0].cycles > 0) {
			t.Errorf("%s: %d cycles", mode, l[0].cycles)
		}
	}
}

// TestRuntimeStickyFault checks a kernel's fault: the launch returns
// success, the next synchronising call returns cudaErrorIllegalAddress and
// so does every call after it, until cudaDeviceReset.
func TestRuntimeStickyFault(t *testing.T) {
	g := newRig(t, "functional")
	x := g.dev(64)
	expect(t, "launch", g.r.LaunchKernel(tid, g.scale, Dim3{8, 1, 1}, Dim3{64, 1, 1}, g.args(u64(x), f32(2), u32(512)), 0, 0), Success)
	if !strings.Contains(g.stderr.String(), "out-of-range") || !strings.Contains(g.stderr.String(), "kernel "+scaleName) {
		t.Errorf("no fault report: %q", g.stderr.String())
	}
	_, e := g.r.Malloc(tid, 16) // not a synchronising call: the fault is not seen yet
	expect(t, "malloc before sync", e, Success)
	expect(t, "peek before sync", g.r.PeekAtLastError(tid), Success)
	expect(t, "sync", g.r.DeviceSynchronize(tid), ErrorIllegalAddress)
	_, e = g.r.Malloc(tid, 16)
	expect(t, "malloc after", e, ErrorIllegalAddress)
	expect(t, "get", g.r.GetLastError(tid), ErrorIllegalAddress)
	expect(t, "get again (sticky)", g.r.GetLastError(tid), ErrorIllegalAddress)
	expect(t, "reset", g.r.DeviceReset(tid), Success)
	expect(t, "sync after reset", g.r.DeviceSynchronize(tid), Success)
	if _, e := g.r.Malloc(tid, 16); e != Success {
		t.Errorf("malloc after reset: %s", e.Name())
	}
}

// TestRuntimeLaunchErrors covers errors a launch returns at once; they
// are not sticky, and cudaGetLastError clears them.
func TestRuntimeLaunchErrors(t *testing.T) {
	g := newRig(t, "functional")
	x := g.dev(64)
	args := g.args(u64(x), f32(2), u32(16))
	expect(t, "unknown stub", g.r.LaunchKernel(tid, 0x1234, Dim3{1, 1, 1}, Dim3{1, 1, 1}, args, 0, 0), ErrorInvalidDeviceFunction)
	expect(t, "block too big", g.r.LaunchKernel(tid, g.scale, Dim3{1, 1, 1}, Dim3{2048, 1, 1}, args, 0, 0), ErrorInvalidConfiguration)
	expect(t, "z 65", g.r.LaunchKernel(tid, g.scale, Dim3{1, 1, 1}, Dim3{1, 1, 65}, args, 0, 0), ErrorInvalidConfiguration)
	expect(t, "grid 0", g.r.LaunchKernel(tid, g.scale, Dim3{0, 1, 1}, Dim3{1, 1, 1}, args, 0, 0), ErrorInvalidConfiguration)
	expect(t, "shared", g.r.LaunchKernel(tid, g.scale, Dim3{1, 1, 1}, Dim3{32, 1, 1}, args, 1<<20, 0), ErrorInvalidValue)
	expect(t, "stream", g.r.LaunchKernel(tid, g.scale, Dim3{1, 1, 1}, Dim3{32, 1, 1}, args, 0, 0x99), ErrorInvalidResourceHandle)
	expect(t, "get", g.r.GetLastError(tid), ErrorInvalidResourceHandle)
	expect(t, "cleared", g.r.GetLastError(tid), Success)
	expect(t, "good launch", g.r.LaunchKernel(tid, g.scale, Dim3{1, 1, 1}, Dim3{32, 1, 1}, args, 0, 0), Success)
	expect(t, "sync", g.r.DeviceSynchronize(tid), Success)
	// <<<...>>>: push on one thread, pop on the same one.
	expect(t, "push", g.r.PushCallConfiguration(tid, Dim3{2, 1, 1}, Dim3{32, 1, 1}, 16, 0), Success)
	if _, _, _, _, e := g.r.PopCallConfiguration(Thread(2)); e != ErrorMissingConfiguration {
		t.Errorf("pop on another thread: %s", e.Name())
	}
	gr, bl, sh, _, e := g.r.PopCallConfiguration(tid)
	if e != Success || gr != (Dim3{2, 1, 1}) || bl != (Dim3{32, 1, 1}) || sh != 16 {
		t.Errorf("pop: %v %v %d %s", gr, bl, sh, e.Name())
	}
}

// TestRuntimeMemory covers copies, symbols of sizes and kinds, and
// cudaMemGetInfo.
func TestRuntimeMemory(t *testing.T) {
	g := newRig(t, "functional")
	free0, total, e := g.r.MemGetInfo(tid)
	if e != Success || total != DefaultDeviceMemory || free0 > total {
		t.Fatalf("meminfo %d %d %s", free0, total, e.Name())
	}
	d := g.dev(100)
	h, hb := g.host(200)
	for i := range hb {
		hb[i] = byte(i)
	}
	expect(t, "copy past the end", g.r.Memcpy(tid, d, h, 101, memcpyHostToDevice, false), ErrorInvalidValue)
	expect(t, "copy inside", g.r.Memcpy(tid, d+50, h, 50, memcpyHostToDevice, false), Success)
	expect(t, "bad kind", g.r.Memcpy(tid, d, h, 4, 9, false), ErrorInvalidMemcpyDir)
	expect(t, "host as device", g.r.Memcpy(tid, 0x1000, h, 4, memcpyHostToDevice, false), ErrorInvalidValue)
	expect(t, "memset", g.r.Memset(tid, d, 0x5a, 50), Success)
	expect(t, "back", g.r.Memcpy(tid, h, d, 100, memcpyDeviceToHost, false), Success)
	if hb[0] != 0x5a || hb[49] != 0x5a || hb[50] != 0 || hb[99] != 49 {
		t.Errorf("device bytes % x ...", hb[:4])
	}
	// A device pointer is a host pointer: the bytes are right there.
	if v := view(d+50, 2); v[1] != 1 {
		t.Errorf("device memory at its host address reads %v", v)
	}
	p2, pitch, e := g.r.MallocPitch(tid, 100, 3)
	if e != Success || pitch != 512 || p2 == 0 {
		t.Errorf("pitch %d %s", pitch, e.Name())
	}
	expect(t, "2D", g.r.Memcpy2D(tid, p2, pitch, h, 100, 100, 2, memcpyHostToDevice, false), Success)
	expect(t, "2D pitch", g.r.Memcpy2D(tid, p2, 50, h, 100, 100, 2, memcpyHostToDevice, false), ErrorInvalidPitchValue)
	expect(t, "free", g.r.Free(tid, d), Success)
	expect(t, "double free", g.r.Free(tid, d), ErrorInvalidValue)
	expect(t, "free host as device", g.r.Free(tid, h), ErrorInvalidValue)
	expect(t, "free host", g.r.FreeHost(tid, h), Success)
	if _, e := g.r.Malloc(tid, DefaultDeviceMemory+1); e != ErrorMemoryAllocation {
		t.Errorf("oversized malloc: %s", e.Name())
	}
	m, e := g.r.MallocManaged(tid, 64, memAttachGlobal)
	if e != Success {
		t.Fatal(e.Name())
	}
	pa, _ := g.r.PointerGetAttributes(tid, m+8)
	if pa.Type != memoryTypeManaged || pa.HostPtr != m+8 {
		t.Errorf("managed attributes %+v", pa)
	}
	if _, e := g.r.MallocManaged(tid, 64, 7); e != ErrorInvalidValue {
		t.Errorf("bad managed flags: %s", e.Name())
	}
}

// TestRuntimeEvents checks that events measure simulated time.
func TestRuntimeEvents(t *testing.T) {
	for _, mode := range []string{"timing", "functional"} {
		g := newRig(t, mode)
		x := g.dev(4096)
		s, e := g.r.StreamCreate(tid, 0, 0)
		if e != Success {
			t.Fatal(e.Name())
		}
		start, _ := g.r.EventCreate(tid, 0)
		stop, _ := g.r.EventCreate(tid, 0)
		expect(t, "record", g.r.EventRecord(tid, start, s), Success)
		expect(t, "launch", g.r.LaunchKernel(tid, g.scale, Dim3{4, 1, 1}, Dim3{256, 1, 1}, g.args(u64(x), f32(2), u32(1024)), 0, s), Success)
		expect(t, "record", g.r.EventRecord(tid, stop, s), Success)
		expect(t, "sync", g.r.EventSynchronize(tid, stop), Success)
		ms, e := g.r.EventElapsedTime(tid, start, stop)
		cycles := g.r.report.launches[0].cycles
		want := float32(float64(cycles) / (g.r.machine.GPU.ClockMHz * 1000))
		if e != Success || ms != want || (mode == "timing" && ms <= 0) {
			t.Errorf("%s: elapsed %g ms (%s), want %g for %d cycles", mode, ms, e.Name(), want, cycles)
		}
		unrec, _ := g.r.EventCreate(tid, 0)
		if _, e := g.r.EventElapsedTime(tid, start, unrec); e != ErrorInvalidResourceHandle {
			t.Errorf("unrecorded event: %s", e.Name())
		}
		expect(t, "destroy", g.r.StreamDestroy(tid, s), Success)
		expect(t, "destroy twice", g.r.StreamDestroy(tid, s), ErrorInvalidResourceHandle)
	}
}

// TestRuntimeUnsupported checks the one-line message and the error.
func TestRuntimeUnsupported(t *testing.T) {
	g := newRig(t, "functional")
	expect(t, "first", g.r.Unsupported(tid, "cudaGraphLaunch"), ErrorNotSupported)
	expect(t, "second", g.r.Unsupported(tid, "cudaGraphLaunch"), ErrorNotSupported)
	want := "gpusim: cudaGraphLaunch is not supported by gpusim's CUDA runtime; it returns cudaErrorNotSupported\n"
	if g.stderr.String() != want {
		t.Errorf("stderr %q, want %q once", g.stderr.String(), want)
	}
	expect(t, "last", g.r.GetLastError(tid), ErrorNotSupported)
	expect(t, "not sticky", g.r.DeviceSynchronize(tid), Success)
	g.r.Exit()
	rep, _ := os.ReadFile(g.r.opts.Report)
	if !strings.Contains(string(rep), "unsupported calls (cudaErrorNotSupported): cudaGraphLaunch (2)") {
		t.Errorf("report:\n%s", rep)
	}
}

// TestRuntimeInternal checks what a recovered panic turns into.
func TestRuntimeInternal(t *testing.T) {
	g := newRig(t, "functional")
	func() {
		defer func() {
			if p := recover(); p != nil {
				expect(t, "internal", g.r.Internal(tid, "cudaMalloc", p), ErrorUnknown)
			}
		}()
		g.r.call(tid, plain, func() Error { panic("boom") })
	}()
	if !strings.Contains(g.stderr.String(), "gpusim: internal error in cudaMalloc: boom") {
		t.Errorf("stderr %q", g.stderr.String())
	}
	expect(t, "last", g.r.GetLastError(tid), ErrorUnknown)
	if _, e := g.r.Malloc(tid, 8); e != Success { // the lock was released
		t.Errorf("runtime unusable after a panic: %s", e.Name())
	}
}

// TestRuntimeReportDeterministic runs the same work twice and compares
// the reports byte for byte.
func TestRuntimeReportDeterministic(t *testing.T) {
	var texts, jsons [2]string
	for i := range texts {
		g := newRig(t, "timing")
		x := g.dev(4096)
		for k := 0; k < 3; k++ {
			expect(t, "launch", g.r.LaunchKernel(tid, g.scale, Dim3{uint32(k + 1), 1, 1}, Dim3{128, 1, 1}, g.args(u64(x), f32(2), u32(1024)), 0, 0), Success)
		}
		texts[i] = g.r.reportText()
		b, err := g.r.reportJSON()
		if err != nil {
			t.Fatal(err)
		}
		jsons[i] = string(b)
	}
	if texts[0] != texts[1] || jsons[0] != jsons[1] {
		t.Errorf("reports differ:\n%s\n---\n%s", texts[0], texts[1])
	}
	if !strings.Contains(texts[0], "  scale   3 ") || !strings.Contains(texts[0], "kernels: scale = "+scaleName) {
		t.Errorf("no per-kernel total:\n%s", texts[0])
	}
}

// TestRuntimeBadModule registers a damaged fat binary: one positioned
// message, and launches of its kernels fail with the module's error.
func TestRuntimeBadModule(t *testing.T) {
	g := newRig(t, "functional")
	wrap, w := g.host(fatbin.WrapperSize)
	data, db := g.host(64)
	binary.LittleEndian.PutUint32(db, 0xdeadbeef)
	binary.LittleEndian.PutUint32(w, fatbin.WrapperMagic)
	binary.LittleEndian.PutUint32(w[4:], 1)
	binary.LittleEndian.PutUint64(w[8:], data)
	h := g.r.RegisterFatBinary(tid, wrap)
	g.r.RegisterFunction(tid, h, 0x402000, "k")
	if got := g.stderr.String(); got != "gpusim: ./app: fatbin offset 0x0: magic 0xdeadbeef, want 0xba55ed50\n" {
		t.Errorf("stderr %q", got)
	}
	expect(t, "launch", g.r.LaunchKernel(tid, 0x402000, Dim3{1, 1, 1}, Dim3{1, 1, 1}, 0, 0, 0), ErrorInvalidKernelImage)
}
