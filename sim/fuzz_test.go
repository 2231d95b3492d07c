package sim

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"github.com/gpusim/gpusim/traces/ptx"
)

// The fuzz targets of whole runs (issue 15): a launch file, machine-model
// overrides, and the launch geometry, buffer sizes and declared .local and
// .shared sizes of a race-free kernel. Each asserts that gpusim ends with
// an error value or a successful run, never a panic, that the run stays
// within its memory budget, and (the last) that the functional and timing
// modes write the same output bytes.
//
//	go test -run '^$' -fuzz '^FuzzLaunchFile$' -fuzztime 60s ./sim

// fuzzBudget is the memory budget of a fuzzed run: small, so that a
// launch that would exceed it is an error within a fuzz worker's means.
const fuzzBudget = 64 << 20

// fuzzLimits keep fuzzed kernels short.
var fuzzLimits = Limits{MaxWarpInsts: 200000, MaxCycles: 400000}

// fuzzKernel is the kernel of FuzzLaunchFile and FuzzMachineSet: out[i] =
// in[i] * a + (tid mod 1024) for i < n, through .local and .shared memory
// (each thread stores its slot's own number, so threads sharing a slot
// store the same value: no race), with a barrier every thread reaches.
const fuzzKernel = `.version 7.0
.target sm_75
.address_size 64

.visible .entry axpy(.param .u64 in, .param .u64 out, .param .u32 n, .param .f32 a)
{
	.local .align 4 .b8 tmp[16];
	.shared .align 4 .b8 sh[4096];
	.reg .b32 %r<10>;
	.reg .f32 %f<6>;
	.reg .b64 %rd<10>;
	.reg .pred %p<3>;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mad.lo.u32 %r4, %r2, %r3, %r1;
	ld.param.u32 %r5, [n];
	and.b32 %r6, %r1, 1023;
	shl.b32 %r7, %r6, 2;
	mov.u32 %r8, sh;
	add.u32 %r8, %r8, %r7;
	st.shared.u32 [%r8], %r6;
	bar.sync 0;
	setp.ge.u32 %p1, %r4, %r5;
	@%p1 bra DONE;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mul.wide.u32 %rd3, %r4, 4;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.f32 %f1, [%rd4];
	ld.param.f32 %f2, [a];
	ld.shared.u32 %r9, [%r8];
	cvt.rn.f32.u32 %f3, %r9;
	fma.rn.f32 %f4, %f1, %f2, %f3;
	mov.u64 %rd5, tmp;
	st.local.f32 [%rd5], %f4;
	ld.local.f32 %f5, [%rd5];
	add.s64 %rd6, %rd2, %rd3;
	st.global.f32 [%rd6], %f5;
DONE:
	ret;
}
`

const fuzzLaunch = `grid = [4, 1, 1]
block = [64, 1, 1]

[[args]]
buffer = "in"
[[args]]
buffer = "out"
[[args]]
value = 250
[[args]]
value = 1.5

[buffers.in]
type = "f32"
count = 256
init = "random"
min = -4.0
max = 4.0
seed = 3

[buffers.out]
type = "f32"
count = 256
output = "out.bin"
`

func fuzzProgram(t testing.TB, src string) *traces.Program {
	t.Helper()
	prog, err := ptx.Parse("fuzz.ptx", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// fuzzRun prepares and runs one launch in mode, checking that it ends
// with a value or an error of a known kind, and that what it allocated
// stays within the budget. It returns the outputs of a successful run.
func fuzzRun(t *testing.T, prog *traces.Program, m *config.Machine, spec *LaunchSpec, timing bool) (map[string][]byte, bool) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p, err := Prepare(prog, m, spec, Overrides{MaxMemory: fuzzBudget})
	if err != nil {
		var de *diag.Error
		var ce config.Errors
		if !errors.As(err, &de) && !errors.As(err, &ce) && !strings.Contains(err.Error(), "kernel") {
			t.Fatalf("Prepare: an error without a position or a kernel: %v", err)
		}
		return nil, false
	}
	p.Limits = fuzzLimits
	var st *KernelStats
	if timing {
		st, err = RunTiming(p, TimingOptions{})
	} else {
		st, err = RunFunctional(p)
	}
	runtime.ReadMemStats(&after)
	// Every allocation of the run together (garbage included) stays
	// within a small multiple of the budget: nothing outgrew the check.
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 4*fuzzBudget {
		t.Fatalf("the run allocated %d bytes, the budget is %d", grew, fuzzBudget)
	}
	if err != nil {
		var fe *FaultError
		if errors.As(err, &fe) && (st == nil || st.Partial == nil) {
			t.Fatalf("a fault without partial statistics: %v", err)
		}
		return nil, false
	}
	if st == nil || st.Partial != nil {
		t.Fatalf("a successful run without complete statistics")
	}
	outs := map[string][]byte{}
	for _, b := range p.Spec.Buffers {
		data, err := p.Buffer(b.Name)
		if err != nil {
			t.Fatal(err)
		}
		outs[b.Name] = append([]byte(nil), data...)
	}
	return outs, true
}

// FuzzLaunchFile: any launch file text, for a fixed kernel, is an error
// at a position or a run that succeeds or stops with a fault.
func FuzzLaunchFile(f *testing.F) {
	f.Add([]byte(fuzzLaunch))
	f.Add([]byte(strings.Replace(fuzzLaunch, "count = 256\noutput", "count = 100000000\noutput", 1)))
	f.Add([]byte(strings.Replace(fuzzLaunch, "block = [64, 1, 1]", "block = [1024, 1, 1]\nshared = 65536", 1)))
	f.Add([]byte(strings.Replace(fuzzLaunch, "value = 250", "value = 100000", 1)))
	f.Add([]byte("grid = [2147483647, 65535, 65535]\nblock = [1024, 1, 1]\n"))
	f.Add([]byte("[buffers.x]\ntype = \"f64\"\ncount = 4294967296\n"))
	if text, err := os.ReadFile("testdata/bmsk.launch.toml"); err == nil {
		f.Add(text)
	}
	prog := fuzzProgram(f, fuzzKernel)
	m, err := config.Load("sm_75", []string{"gpu.sms=2"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		spec, err := ParseLaunch("f.launch.toml", text)
		if err != nil {
			var de *diag.Error
			if !errors.As(err, &de) || de.File != "f.launch.toml" {
				t.Fatalf("ParseLaunch: %v is not positioned in the file", err)
			}
			return
		}
		for _, b := range spec.Buffers {
			if b.Init == "file" {
				return // the fuzzer's paths name files of this machine
			}
		}
		fuzzRun(t, prog, m, spec, false)
	})
}

// FuzzMachineSet: any two -set overrides of an NVIDIA and an AMD preset
// load to an error naming the override or to a machine that runs a small
// kernel (timing mode) to success, a fault or a limit.
func FuzzMachineSet(f *testing.F) {
	for _, s := range [][2]string{
		{"units.fp32.latency=4", "memory.dram.bandwidth=1e-300"},
		{"gpu.sms=4096", "sm.warps_per_partition=1024"},
		{"memory.l2.slices=16", "memory.l2.slice_bandwidth=0.001"},
		{"units.fp32.count=1024", "units.fp32.lanes=1"},
		{"gpu.clock_mhz=inf", "memory.l1.size=1099511627776"},
		{"scheduler.policy=two_level", "scheduler.two_level_active=1"},
		{"sm.barrier_arrival=warp", "latency.\"fma.f32\"=1048576"},
		{"memory.dram.latency=1048576", "memory.dram.bandwidth=0.0009765625"},
		{"sm.max_blocks=1", "sm.block_launch_latency=1000"},
	} {
		f.Add(s[0], s[1], false)
		f.Add(s[0], s[1], true)
	}
	prog := fuzzProgram(f, fuzzKernel)
	spec, err := ParseLaunch("f.launch.toml", []byte(fuzzLaunch))
	if err != nil {
		f.Fatal(err)
	}
	amdSrc, err := os.ReadFile("../traces/samples/amd/div_gfx1100.s")
	if err != nil {
		f.Fatal(err)
	}
	amd, err := amdgpu.Parse("div_gfx1100.s", amdSrc)
	if err != nil {
		f.Fatal(err)
	}
	amdSpec, err := ParseLaunch("a.launch.toml", []byte(amdLaunch))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s1, s2 string, useAMD bool) {
		preset, pr, sp := "sm_75", prog, spec
		if useAMD {
			preset, pr, sp = "gfx1100", amd, amdSpec
		}
		m, err := config.Load(preset, []string{s1, s2})
		if err == nil {
			err = CheckMachine(m)
		}
		if err != nil {
			var ce config.Errors
			var de *diag.Error
			if !errors.As(err, &ce) && !errors.As(err, &de) {
				t.Fatalf("-set %q %q: %v is not a positioned error", s1, s2, err)
			}
			return
		}
		cp := *sp
		cp.Buffers = append([]*BufferSpec(nil), sp.Buffers...)
		fuzzRun(t, pr, m, &cp, true)
	})
}

// amdLaunch is a small launch of div_gfx1100.s (two workgroups).
const amdLaunch = `kernel = "fdiv"
grid = [2, 1, 1]
block = [64, 1, 1]

[[args]]
buffer = "a"
[[args]]
buffer = "b"
[[args]]
buffer = "c"
[[args]]
value = 100

[buffers.a]
type = "f32"
count = 128
init = "iota"
[buffers.b]
type = "f32"
count = 128
init = "random"
min = 1.0
max = 3.0
[buffers.c]
type = "f32"
count = 128
`

// FuzzRun: a race-free kernel (each thread writes only its own output
// element; shared memory through its own slot, across a barrier every
// thread reaches) with fuzzed grid, block, element count, and declared
// .local and .shared sizes: the functional and timing modes both succeed
// or both fail, and succeeding they write the same bytes.
func FuzzRun(f *testing.F) {
	for _, s := range [][7]uint32{
		{4, 64, 250, 16, 4096, 0, 0},
		{1, 1, 1, 4, 4, 0, 0},
		{3, 96, 1000, 1 << 20, 4096, 100, 1},
		{65535, 1024, 5, 16, 49152, 0, 2},
		{2, 33, 66, 8, 256, 1 << 30, 0},
		{1, 1024, 1 << 31, 1 << 30, 1 << 16, 0, 3},
	} {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5], uint8(s[6]))
	}
	f.Fuzz(func(t *testing.T, grid, block, n, local, shared, dyn uint32, shape uint8) {
		local = max(local&^3, 4)
		shared = max(shared&^3, 4)
		src := strings.NewReplacer(".b8 tmp[16]", fmt.Sprintf(".b8 tmp[%d]", local),
			".b8 sh[4096]", fmt.Sprintf(".b8 sh[%d]", shared),
			"and.b32 %r6, %r1, 1023", fmt.Sprintf("and.b32 %%r6, %%r1, %d", min(shared/4, 1<<20)-1)).Replace(fuzzKernel)
		if shared/4&(shared/4-1) != 0 {
			// The slot mask needs a power-of-two slot count; a lane past
			// the slots shares none (rem instead of and).
			src = strings.Replace(src, fmt.Sprintf("and.b32 %%r6, %%r1, %d", min(shared/4, 1<<20)-1), fmt.Sprintf("rem.u32 %%r6, %%r1, %d", shared/4), 1)
		}
		prog, err := ptx.Parse("fuzz.ptx", []byte(src))
		if err != nil {
			t.Fatalf("the generated kernel does not parse: %v\n%s", err, src)
		}
		g := [3]uint32{max(grid, 1), 1, 1}
		b := [3]uint32{max(block, 1), 1, 1}
		switch shape % 4 {
		case 1:
			g = [3]uint32{max(grid%256, 1), max(grid>>8%256, 1), 1}
		case 2:
			b = [3]uint32{max(block%64, 1), max(block>>6%64, 1), 1}
		case 3:
			g[0] = max(grid%65536, 1)
		}
		count := uint64(max(n, 1))
		spec := &LaunchSpec{Path: "f.launch.toml", Grid: g, Block: b, Shared: uint64(dyn),
			Args: []ArgSpec{{Kind: ArgBuffer, Buffer: "in"}, {Kind: ArgBuffer, Buffer: "out"},
				{Value: Scalar{Int: int64(n)}}, {Value: Scalar{IsFloat: true, Float: 1.5}}},
			Buffers: []*BufferSpec{{Name: "in", Type: ElemF32, Count: count, Init: "iota"},
				{Name: "out", Type: ElemF32, Count: count, Init: "zeros"}}}
		m, err := config.Load("sm_75", []string{"gpu.sms=2"})
		if err != nil {
			t.Fatal(err)
		}
		fo, fok := fuzzRun(t, prog, m, cloneSpec(spec), false)
		to, tok := fuzzRun(t, prog, m, cloneSpec(spec), true)
		if fok && tok {
			for name, fb := range fo {
				if !bytes.Equal(fb, to[name]) {
					t.Fatalf("buffer %s: the functional and timing modes wrote different bytes (grid %v block %v n %d)", name, g, b, n)
				}
			}
		}
	})
}

func cloneSpec(s *LaunchSpec) *LaunchSpec {
	c := *s
	c.Args = append([]ArgSpec(nil), s.Args...)
	c.Notes = nil
	c.Buffers = nil
	for _, b := range s.Buffers {
		bb := *b
		c.Buffers = append(c.Buffers, &bb)
	}
	return &c
}

// TestFuzzKernelRuns: the fuzz targets' kernel and launch run to success in
// both modes with the same, expected output (so the targets' comparisons
// are not vacuous).
func TestFuzzKernelRuns(t *testing.T) {
	prog := fuzzProgram(t, fuzzKernel)
	m, err := config.Load("sm_75", []string{"gpu.sms=2"})
	if err != nil {
		t.Fatal(err)
	}
	var outs [2]map[string][]byte
	for i, timing := range []bool{false, true} {
		spec, err := ParseLaunch("f.launch.toml", []byte(fuzzLaunch))
		if err != nil {
			t.Fatal(err)
		}
		var ok bool
		if outs[i], ok = fuzzRun(t, prog, m, spec, timing); !ok {
			t.Fatalf("timing %v: the run failed", timing)
		}
	}
	if !bytes.Equal(outs[0]["out"], outs[1]["out"]) {
		t.Fatal("the modes wrote different bytes")
	}
	in, out := outs[0]["in"], outs[0]["out"]
	for i := 0; i < 256; i++ {
		x := math.Float32frombits(binary.LittleEndian.Uint32(in[4*i:]))
		got := math.Float32frombits(binary.LittleEndian.Uint32(out[4*i:]))
		want := float32(0)
		if i < 250 {
			want = float32(math.FMA(float64(x), 1.5, float64(i%64)))
		}
		if got != want {
			t.Fatalf("out[%d] = %g, want %g", i, got, want)
		}
	}
}

// TestCIRunsEveryFuzzTarget: .ci/run fuzzes every Fuzz function of the
// module for a bounded time, so a new target cannot be left out.
func TestCIRunsEveryFuzzTarget(t *testing.T) {
	ci, err := os.ReadFile("../.ci/run")
	if err != nil {
		t.Skip("no .ci/run here")
	}
	re := regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		pkg := "./" + filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../")))
		for _, m := range re.FindAllSubmatch(src, -1) {
			if !bytes.Contains(ci, []byte(pkg+":"+string(m[1])+"\n")) {
				t.Errorf(".ci/run does not fuzz %s:%s (%s)", pkg, m[1], path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
