package sim

import (
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces/ptx"
)

// The microbenchmarks of sim/testdata/micro (gen.sh writes them; read its
// header for the kernels) run on every NVIDIA preset, and each must
// reproduce the figure its preset configures within 5%, end to end:
// parsed, laid out, timed by core and mem exactly as a user's kernel is.
// docs/microbenchmarks.md is their table; this test keeps it current
// (go test ./sim -run TestMicrobenchmarks -update-micro rewrites it).

var updateMicro = flag.Bool("update-micro", false, "rewrite docs/microbenchmarks.md from the microbenchmarks")

const (
	microDir   = "testdata/micro"
	microDoc   = "../docs/microbenchmarks.md"
	microTol   = 0.05 // within 5% of the configured figure
	chainInsts = 256  // timed dependent instructions of a lat_* kernel
	tputChains = 8    // independent chains per thread of a tput_* kernel
	tputBlock  = 1024 // threads of a tput_* block: 32 warps on one SM
)

// microBench is one row of the table: how to measure a figure on a
// machine, and what the machine configures it to be.
type microBench struct {
	name, unit string
	// measure runs the benchmark on preset and returns the figure.
	measure func(t *testing.T, preset string) float64
	// want is the configured figure and where it comes from.
	want func(t *testing.T, m *config.Machine) (float64, string)
}

// microRun is one kernel of a microbenchmark file, launched on one SM.
type microRun struct {
	file, kernel string
	block        uint32
	args         []ArgSpec
	buffers      []*BufferSpec
	// host fills global memory after layout (a pointer ring).
	host func(t *testing.T, p *Prepared)
}

// run prepares and times r on preset and returns the prepared launch.
func (r microRun) run(t *testing.T, preset string) *Prepared {
	t.Helper()
	path := filepath.Join(microDir, r.file)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := ptx.Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load(preset, nil)
	if err != nil {
		t.Fatal(err)
	}
	spec := &LaunchSpec{Kernel: r.kernel, Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{r.block, 1, 1}, Args: r.args, Buffers: r.buffers}
	p, err := Prepare(prog, m, spec, Overrides{})
	if err != nil {
		t.Fatalf("%s %s on %s: %v", r.file, r.kernel, preset, err)
	}
	if r.host != nil {
		r.host(t, p)
	}
	if _, err := RunTiming(p, TimingOptions{}); err != nil {
		t.Fatalf("%s %s on %s: %v", r.file, r.kernel, preset, err)
	}
	return p
}

func outBuf(words uint64) *BufferSpec {
	return &BufferSpec{Name: "out", Type: ElemU64, Count: words, Init: "zeros"}
}

func bufArg(name string) ArgSpec { return ArgSpec{Buffer: name} }
func intArg(v int64) ArgSpec     { return ArgSpec{Value: Scalar{Int: v}} }

// route is the configured route of an instruction key.
func route(t *testing.T, m *config.Machine, key string) config.Route {
	t.Helper()
	r, ok := m.Route(key)
	if !ok {
		t.Fatalf("%s: no route for %s", m.File(), key)
	}
	return r
}

// latencyBench: a chain of dependent key instructions, cycles per
// instruction; configured: the route's latency.
func latencyBench(name, kernel, key string) microBench {
	return microBench{
		name: name, unit: "cycles",
		measure: func(t *testing.T, preset string) float64 {
			p := microRun{file: "alu.ptx", kernel: kernel, block: 32, args: []ArgSpec{bufArg("out")}, buffers: []*BufferSpec{outBuf(4)}}.run(t, preset)
			return float64(words(t, p, "out")[1]) / chainInsts
		},
		want: func(t *testing.T, m *config.Machine) (float64, string) {
			r := route(t, m, key)
			return float64(r.Latency), fmt.Sprintf("latency of `%s` (%s)", key, latencyWhere(m, key, r))
		},
	}
}

// latencyWhere names the key a route's latency comes from.
func latencyWhere(m *config.Machine, key string, r config.Route) string {
	for _, k := range []string{key, strings.SplitN(key, ".", 2)[0]} {
		if v, ok := m.Latency[k]; ok && v == r.Latency {
			return fmt.Sprintf("latency.%q", k)
		}
	}
	return "units." + m.Units[r.Unit].Name + ".latency"
}

// throughputBench: 32 warps of independent key instructions, results per
// clock per SM (perInst results per thread instruction: 2 for a packed
// half2); configured: the unit's warp instructions per cycle per SM times
// 32 threads.
func throughputBench(name, kernel, key string, depth, perInst int) microBench {
	return microBench{
		name: name, unit: "results/clk/SM",
		measure: func(t *testing.T, preset string) float64 {
			p := microRun{file: "alu.ptx", kernel: kernel, block: tputBlock, args: []ArgSpec{bufArg("out")}, buffers: []*BufferSpec{outBuf(2 * tputBlock)}}.run(t, preset)
			clk := words(t, p, "out")
			first, last := clk[0], clk[1]
			for i := 0; i < len(clk); i += 2 {
				first, last = min(first, clk[i]), max(last, clk[i+1])
			}
			return float64(tputBlock*tputChains*depth*perInst) / float64(last-first)
		},
		want: func(t *testing.T, m *config.Machine) (float64, string) {
			r := route(t, m, key)
			u := m.Units[r.Unit]
			return m.WarpInstsPerCycle(r.Unit, 32) * 32 * float64(perInst),
				fmt.Sprintf("`%s` on units.%s: %d x %d lanes, %d cycles a warp", key, u.Name, m.UnitsPerSM(r.Unit), u.Lanes, u.IssueCycles(32))
		},
	}
}

// tensorThroughputBench: 32 warps of independent multiply-accumulates,
// multiply-adds per clock per SM (fmas per warp instruction); configured:
// the tensor unit instances of an SM over the key's initiation interval.
func tensorThroughputBench(name, kernel, key string, depth, fmas int) microBench {
	return microBench{
		name: name, unit: "FMA/clk/SM",
		measure: func(t *testing.T, preset string) float64 {
			p := microRun{file: "alu.ptx", kernel: kernel, block: tputBlock, args: []ArgSpec{bufArg("out")}, buffers: []*BufferSpec{outBuf(2 * tputBlock)}}.run(t, preset)
			clk := words(t, p, "out")
			first, last := clk[0], clk[1]
			for i := 0; i < len(clk); i += 2 {
				first, last = min(first, clk[i]), max(last, clk[i+1])
			}
			return float64(tputBlock/32*tputChains*depth*fmas) / float64(last-first)
		},
		want: func(t *testing.T, m *config.Machine) (float64, string) {
			r := route(t, m, key)
			u := m.Units[r.Unit]
			cyc := max(r.Initiation, (32+u.Lanes-1)/max(u.Lanes, 1))
			return float64(m.UnitsPerSM(r.Unit)*fmas) / float64(cyc),
				fmt.Sprintf("`%s` on units.%s: %d x %d multiply-adds every %d cycles (initiation.%q)", key, u.Name, m.UnitsPerSM(r.Unit), fmas, cyc, key)
		},
	}
}

// ringLine is the spacing of the global pointer ring: one entry per L1 and
// L2 line, so every entry is its own line.
const ringLine = 128

// chaseGlobal follows a ring of entries pointers n1 times, then n2 times,
// and returns the cycles per load of the second segment.
func chaseGlobal(t *testing.T, preset string, entries, n1, n2 int) float64 {
	t.Helper()
	if n1%8 != 0 || n2%8 != 0 {
		t.Fatalf("chase lengths %d, %d: want multiples of 8", n1, n2)
	}
	ring := &BufferSpec{Name: "ring", Type: ElemU64, Count: uint64(entries * ringLine / 8), Init: "zeros"}
	p := microRun{
		file: "mem.ptx", kernel: "chase_global", block: 1,
		args:    []ArgSpec{bufArg("out"), bufArg("ring"), intArg(int64(n1)), intArg(int64(n2))},
		buffers: []*BufferSpec{outBuf(4), ring},
		host: func(t *testing.T, p *Prepared) {
			base := p.BufferAddr[1]
			data, err := p.Global.Host(base, ring.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			for i := range entries {
				next := base + uint64((i+1)%entries*ringLine)
				binary.LittleEndian.PutUint64(data[i*ringLine:], next)
			}
		},
	}.run(t, preset)
	return float64(words(t, p, "out")[1]) / float64(n2)
}

// l1Lines is how many ring lines fit the preset's L1 (a whole number of
// loop iterations).
func l1Lines(t *testing.T, preset string) int {
	m, err := config.Load(preset, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m.Memory.L1.Size / ringLine
}

func chaseBenches() []microBench {
	mem := func(name string, measure func(t *testing.T, preset string) float64, want func(m *config.Machine) (float64, string)) microBench {
		return microBench{name: name, unit: "cycles/load", measure: measure,
			want: func(_ *testing.T, m *config.Machine) (float64, string) { return want(m) }}
	}
	return []microBench{
		mem("pointer chase, shared memory",
			func(t *testing.T, preset string) float64 {
				p := microRun{file: "mem.ptx", kernel: "chase_shared", block: 1,
					args: []ArgSpec{bufArg("out"), intArg(64), intArg(256)}, buffers: []*BufferSpec{outBuf(4)}}.run(t, preset)
				return float64(words(t, p, "out")[1]) / 256
			},
			func(m *config.Machine) (float64, string) {
				return float64(m.Memory.SharedLatency), "memory.shared_latency"
			}),
		// 64 lines (8 KiB) fit every L1: a warm lap, then four laps of hits.
		mem("pointer chase, L1 hit",
			func(t *testing.T, preset string) float64 { return chaseGlobal(t, preset, 64, 64, 256) },
			func(m *config.Machine) (float64, string) { return float64(m.Memory.L1.Latency), "memory.l1.latency" }),
		// Four times the L1 in lines: LRU keeps none of them for the next
		// lap, so the timed lap misses the L1 and hits the L2.
		mem("pointer chase, L2 hit",
			func(t *testing.T, preset string) float64 {
				n := (4*l1Lines(t, preset) + 7) &^ 7
				return chaseGlobal(t, preset, n, n, n)
			},
			func(m *config.Machine) (float64, string) { return float64(m.Memory.L2.Latency), "memory.l2.latency" }),
		// A cold ring: every load is the first touch of its line, an L2
		// miss on an idle DRAM channel.
		mem("pointer chase, DRAM",
			func(t *testing.T, preset string) float64 { return chaseGlobal(t, preset, 512, 256, 256) },
			func(m *config.Machine) (float64, string) {
				return float64(m.Memory.DRAM.Latency), "memory.dram.latency"
			}),
	}
}

// atomBench: one warp's chain of dependent atomic adds, cycles per atomic;
// stride 0 puts the 32 lanes on one address, which the memory model
// serialises one cycle a lane after the first.
func atomBench(name, kernel string, stride int, want func(m *config.Machine) (float64, string)) microBench {
	return microBench{
		name: name, unit: "cycles/atom",
		measure: func(t *testing.T, preset string) float64 {
			p := microRun{file: "atom.ptx", kernel: kernel, block: 32,
				args:    []ArgSpec{bufArg("out"), bufArg("buf"), intArg(int64(stride)), intArg(8), intArg(64)},
				buffers: []*BufferSpec{outBuf(4), {Name: "buf", Type: ElemU32, Count: 64, Init: "zeros"}}}.run(t, preset)
			return float64(words(t, p, "out")[1]) / 64
		},
		want: func(_ *testing.T, m *config.Machine) (float64, string) { return want(m) },
	}
}

// microBenches is the table, in its order.
func microBenches() []microBench {
	out := []microBench{
		latencyBench("FP32 fma.rn.f32 latency", "lat_fma_f32", "fma.f32"),
		latencyBench("FP16x2 fma.rn.f16x2 latency", "lat_fma_f16x2", "fma.f16x2"),
		latencyBench("INT32 add.s32 latency", "lat_add_s32", "add.s32"),
		latencyBench("IMAD mad.lo.s32 latency", "lat_mad_s32", "mad.s32"),
		latencyBench("MUFU ex2.approx.ftz.f32 latency", "lat_ex2_f32", "ex2.f32"),
		latencyBench("FP64 fma.rn.f64 latency", "lat_fma_f64", "fma.f64"),
		latencyBench("tensor mma.m16n8k8.f32.f16 latency", "lat_mma_m16n8k8", "mma.m16n8k8.f32.f16"),
		tensorThroughputBench("tensor mma.m16n8k8.f32.f16 throughput", "tput_mma_m16n8k8", "mma.m16n8k8.f32.f16", 16, 16*8*8),
		throughputBench("FP32 fma.rn.f32 throughput", "tput_fma_f32", "fma.f32", 64, 1),
		throughputBench("FP16x2 fma.rn.f16x2 throughput", "tput_fma_f16x2", "fma.f16x2", 64, 2),
		throughputBench("INT32 add.s32 throughput", "tput_add_s32", "add.s32", 64, 1),
		throughputBench("IMAD mad.lo.s32 throughput", "tput_mad_s32", "mad.s32", 32, 1),
		throughputBench("MUFU ex2.approx.ftz.f32 throughput", "tput_ex2_f32", "ex2.f32", 16, 1),
		throughputBench("FP64 fma.rn.f64 throughput", "tput_fma_f64", "fma.f64", 8, 1),
	}
	out = append(out, chaseBenches()...)
	return append(out,
		atomBench("atom.global.add, one address", "atom_global", 0, func(m *config.Machine) (float64, string) {
			return float64(m.Memory.L2.Latency + 31), "memory.l2.latency + 31 (the same-address lanes one cycle each)"
		}),
		atomBench("atom.global.add, distinct addresses", "atom_global", 4, func(m *config.Machine) (float64, string) {
			return float64(m.Memory.L2.Latency), "memory.l2.latency (one line, executed at the L2)"
		}),
		atomBench("atom.shared.add, one address", "atom_shared", 0, func(m *config.Machine) (float64, string) {
			return float64(m.Memory.SharedLatency + 31), "memory.shared_latency + 31 (one pass a lane)"
		}),
		atomBench("atom.shared.add, distinct addresses", "atom_shared", 4, func(m *config.Machine) (float64, string) {
			return float64(m.Memory.SharedLatency), "memory.shared_latency (one conflict-free pass)"
		}),
	)
}

// microResult is one cell of the table.
type microResult struct {
	got, want float64
	where     string
}

// TestMicrobenchmarks runs every microbenchmark on every NVIDIA preset
// (presets x benchmarks, in parallel) and holds each to its configured
// figure within 5%; then it checks docs/microbenchmarks.md against the
// results (or rewrites it with -update-micro).
func TestMicrobenchmarks(t *testing.T) {
	presets := nvidiaPresets(t)
	benches := microBenches()
	results := make([][]microResult, len(benches))
	var mu sync.Mutex
	t.Run("run", func(t *testing.T) {
		for i, b := range benches {
			results[i] = make([]microResult, len(presets))
			for j, preset := range presets {
				t.Run(preset+"/"+strings.ReplaceAll(b.name, " ", "_"), func(t *testing.T) {
					t.Parallel()
					m, err := config.Load(preset, nil)
					if err != nil {
						t.Fatal(err)
					}
					want, where := b.want(t, m)
					got := b.measure(t, preset)
					mu.Lock()
					results[i][j] = microResult{got, want, where}
					mu.Unlock()
					t.Logf("%s on %s: %.2f %s, configured %.2f (%s)", b.name, preset, got, b.unit, want, where)
					if !within(got, want, microTol) {
						t.Errorf("%s on %s: measured %.2f %s, configured %.2f (%s): off by more than 5%%", b.name, preset, got, b.unit, want, where)
					}
				})
			}
		}
	})
	if t.Failed() {
		return
	}
	doc := microTable(presets, benches, results)
	if *updateMicro {
		if err := os.WriteFile(microDoc, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(microDoc)
	if err != nil || string(old) != doc {
		t.Errorf("%s is not the table these results make (%v); rerun with -update-micro", microDoc, err)
	}
}

// microTable writes the measured-versus-configured table as Markdown.
func microTable(presets []string, benches []microBench, results [][]microResult) string {
	var b strings.Builder
	b.WriteString(`# Microbenchmarks: measured versus configured

Every NVIDIA preset runs the microbenchmarks of ` + "`sim/testdata/micro`" + ` (PTX written
here; ` + "`gen.sh`" + ` regenerates it and describes each kernel) end to end, and each
measured figure must be within 5% of what the preset configures. Each cell is
*measured / configured*. Generated by ` + "`go test ./sim -run TestMicrobenchmarks -update-micro`" + `;
the test fails when this file is stale.

How each figure is measured (the timed segment of a kernel, after a warm-up
segment, between ` + "`%clock64`" + ` reads):

- *latency*: one warp, a chain of 256 dependent instructions; cycles per instruction.
- *throughput*: 32 warps on one SM, each thread 8 independent chains; results per
  clock per SM from the threads' first and last clock reads (a half2 instruction
  is 2 results, as the CUDA guide counts them).
- *pointer chase*: one thread, ` + "`ld.global.u64 p, [p]`" + ` (or ` + "`ld.shared.u32`" + `) around
  a ring of one entry per 128-byte line: 64 lines for the L1 (a warm lap, then
  hits), four times the L1 in lines for the L2 (LRU keeps none for the next lap),
  a cold ring for DRAM (every load the first touch of its line).
- *atomics*: one warp, a chain of dependent ` + "`atom.add.u32`" + `, each lane at
  base + lane x stride: stride 0 is one address for the whole warp, 4 is 32
  distinct words.

- *tensor*: ` + "`mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32`" + `, the one shape every preset
  runs: latency as above through the accumulator; throughput as above with 8 independent
  accumulators per thread, in multiply-adds per clock per SM (1024 per warp instruction).

What these figures do not show, because the timing model has no key for it
(each a limit of core or mem, not of a preset):

- GA10x and Ada execute INT32 on one of the two FP32 datapaths of a partition;
  the presets keep ` + "`units.fp32`" + ` (32 lanes) and ` + "`units.int32`" + ` (16 lanes) apart,
  so a kernel mixing both issues faster than the silicon can.
- The A100's L2 is two partitions, a far hit slower than a near one; the model
  has one L2 latency.
- Atomics from different warps to one address are not serialised at the L2 (only
  the lanes of one warp are), so there is no atomic throughput row.

None of the timed forms (` + "`fma.rn.f32`" + `, ` + "`fma.rn.f16x2`" + `, ` + "`add.s32`" + `, ` + "`mad.lo.s32`" + `,
` + "`ex2.approx.ftz.f32`" + `, ` + "`fma.rn.f64`" + `, the loads and atomics) expands: ptxas emits one
machine instruction for each (` + "`config/presets/expand`" + `), whose key routes like the PTX
form's, so each row measures the preset's figure for that instruction. The 64-bit
` + "`xor.b64`" + ` that closes a global pointer chase issues as two LOP3 inside the timed
segment: two cycles over 256 loads, +0.01 cycles per load in the L1 and DRAM rows
(` + "`TestMicroFormsDoNotExpand`" + ` holds the timed forms to one machine instruction each).

`)
	b.WriteString("| benchmark | unit |")
	for _, p := range presets {
		b.WriteString(" " + p + " |")
	}
	b.WriteString("\n| --- | --- |")
	for range presets {
		b.WriteString(" --- |")
	}
	b.WriteString("\n")
	for i, bench := range benches {
		fmt.Fprintf(&b, "| %s | %s |", bench.name, bench.unit)
		for j := range presets {
			r := results[i][j]
			fmt.Fprintf(&b, " %s / %s |", num(r.got), num(r.want))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n## Where each configured figure comes from\n\n")
	for j, p := range presets {
		fmt.Fprintf(&b, "### %s\n\n", p)
		for i, bench := range benches {
			fmt.Fprintf(&b, "- %s: %s = %s\n", bench.name, results[i][j].where, num(results[i][j].want))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// num prints a figure with at most two decimals and no trailing zeros.
func num(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

// TestMicroPTXAssembles: ptxas (when installed) accepts every
// microbenchmark file for every NVIDIA preset's architecture, so they are
// PTX that NVIDIA's own tools take, not only gpusim's parser.
func TestMicroPTXAssembles(t *testing.T) {
	ptxas, err := exec.LookPath("ptxas")
	if err != nil {
		t.Skip("ptxas not installed")
	}
	files, _ := filepath.Glob(filepath.Join(microDir, "*.ptx"))
	if len(files) != 3 {
		t.Fatalf("microbenchmark files %v: want alu, atom and mem", files)
	}
	for _, preset := range nvidiaPresets(t) {
		m, _ := config.Load(preset, nil)
		for _, f := range files {
			out, err := exec.Command(ptxas, "-arch="+m.GPU.Arch, "-o", os.DevNull, f).CombinedOutput()
			if err != nil {
				t.Errorf("ptxas -arch=%s %s: %v\n%s", m.GPU.Arch, f, err, out)
			}
		}
	}
}
