package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Stand-ins for the GPU programs, for the rehearsal of run.sh on a machine
// without a GPU (rehearse.sh): `silicon fake capture` accepts capture.cu's
// command line and sends the stream the real program would if silicon
// matched gpusim's models (the probes from the very input files run.sh made,
// the tensor probes following syntheticTensorHypothesis); `silicon fake
// sampledrv` checks every manifest and module the way sampledrv.cu reads
// them and prints its JSON lines; `silicon fake ncu-csv` prints an ncu
// raw-page CSV of the launches the other two recorded (FAKE_NCU_LAUNCHES,
// set by the stand-in ncu). Nothing here measures anything: every figure is
// a placeholder the summary marks as synthetic.

func runFake(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: silicon fake capture|sampledrv|ncu-csv ARGS")
		return 2
	}
	switch args[0] {
	case "capture":
		return fakeCapture(args[1:], stdout, stderr)
	case "sampledrv":
		return fakeSampledrv(args[1:], stdout, stderr)
	case "ncu-csv":
		return fakeNCUCSV(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "silicon fake: unknown stand-in %q\n", args[0])
	return 2
}

// fakeDeviceSM is the compute capability the stand-in GPU plays, as
// 10*major+minor: the rehearsal's SM (which the real programs would read
// from the device), 90 when it is unset.
func fakeDeviceSM() int {
	if n, err := strconv.Atoi(os.Getenv("SM")); err == nil && n >= 10 {
		return n
	}
	return 90
}

// recordLaunch appends one launch to FAKE_NCU_LAUNCHES when the stand-in
// ncu runs the program: kernel name, grid, block (tab-separated).
func recordLaunch(name, grid, block string) {
	path := os.Getenv("FAKE_NCU_LAUNCHES")
	if path == "" {
		return
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "%s\t%s\t%s\n", name, grid, block)
}

// fakeBench is a bench frame of the real layout: one placeholder entry per
// microbenchmark, in capture_bench.cuh's order.
func fakeBench() string {
	var lat, tput []string
	for _, op := range fakeOps {
		lat = append(lat, fmt.Sprintf(`{"op":%q,"steps":[1024,5120],"cycles":[0,0],"cycles_per_op":0}`, op))
		tput = append(tput, fmt.Sprintf(`{"op":%q,"lane_ops_per_cycle_per_sm":0}`, op))
	}
	var mma []string
	for _, f := range []FormID{FormMmaF16K16, FormMmaBF16K16, FormMmaTF32K8, FormMmaF16K8} {
		mma = append(mma, fmt.Sprintf(`{"op":%q,"cycles_per_op":0}`, forms[f].Name))
	}
	return `{"synthetic":true,"clock_khz":0,"sms":0,"reps":1,"clock64_overhead_cycles":0,` +
		`"latency":[` + strings.Join(lat, ",") + `],"throughput":[` + strings.Join(tput, ",") + `],` +
		`"mma_latency":[` + strings.Join(mma, ",") + `],"mma_throughput":[` + strings.Join(mma, ",") + `],` +
		`"atomics":[],"memory_latency":[]}`
}

// fakeOps are capture_bench.cuh's kOps names, in order
// (TestFakeOpsMatchCapture checks them against the source).
var fakeOps = []string{
	"ex2.approx.ftz.f32", "ex2.approx.ftz.f32 (negated input)", "ex2.approx.f32", "ex2.approx.f16",
	"ex2.approx.f16 (negated input)", "ex2.approx.f16x2", "rcp.approx.ftz.f64", "fma.rn.f32", "fma.rn.f64",
	"add.rn.f32", "add.rn.f64", "mul.rn.f64", "rcp.approx.ftz.f32 (negated input)", "rsqrt.approx.ftz.f32",
	"lg2.approx.ftz.f32", "sin.approx.ftz.f32", "sqrt.approx.ftz.f32", "tanh.approx.f32", "mad.lo.u32",
	"fma.rn.f16x2",
}

// fakeCapture is capture.cu's command line over a synthetic stream.
func fakeCapture(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("capture (stand-in)", flag.ContinueOnError)
	fs.SetOutput(stderr)
	formList := fs.String("forms", "", "form ids")
	inputs := fs.String("inputs", "", "input files")
	chunkLog2 := fs.Int("chunk-log2", 22, "sweep chunk size")
	maxChunks := fs.Int("max-chunks", -1, "sweep chunks per form")
	maxRecords := fs.Int("max-records", -1, "records per probe")
	noBench := fs.Bool("no-bench", false, "")
	noSweep := fs.Bool("no-sweep", false, "")
	noProbes := fs.Bool("no-probes", false, "")
	ncuPass := fs.Bool("ncu-pass", false, "")
	fs.Int("bench-reps", 3, "")
	if err := fs.Parse(args); err != nil || fs.NArg() != 0 || *chunkLog2 < 10 || *chunkLog2 > 22 {
		fmt.Fprintln(stderr, "capture (stand-in): bad usage")
		return 1
	}
	if *ncuPass {
		*noSweep, *noProbes = true, true
		for i := range fakeOps {
			recordLaunch(fmt.Sprintf("void (anonymous namespace)::latency_kernel<%d>(unsigned long, unsigned long, unsigned long, unsigned int, int, long long *, unsigned long *)", i), "(1, 1, 1)", "(1, 1, 1)")
			recordLaunch(fmt.Sprintf("void (anonymous namespace)::throughput_kernel<%d>(unsigned long, unsigned long, unsigned long, unsigned int, int, long long *, long long *, unsigned int *, unsigned long *)", i), "(264, 1, 1)", "(256, 1, 1)")
		}
		recordLaunch("void (anonymous namespace)::chase_global_kernel<true>(const unsigned long *, int, int, long long *, unsigned long *)", "(1, 1, 1)", "(1, 1, 1)")
	}
	ids := []FormID{}
	if *formList != "" {
		for _, s := range strings.Split(*formList, ",") {
			id, err := strconv.Atoi(s)
			if err != nil || lookupForm(FormID(id)) == nil {
				fmt.Fprintf(stderr, "capture: unknown form id in %s\n", *formList)
				return 1
			}
			ids = append(ids, FormID(id))
		}
	} else {
		for _, f := range allForms() {
			if f.Kind == TensorForm {
				ids = append(ids, f.ID)
			}
		}
		for _, f := range allForms() {
			if f.Kind == RecordForm {
				ids = append(ids, f.ID)
			}
		}
		ids = append(ids, FormEx2F16, FormEx2BF16, FormEx2F32Ftz, FormEx2F32, FormRcp64HLoZero, FormEx2F16x2, FormEx2BF16x2, FormRcp64HLoNoise)
	}
	bw := bufio.NewWriterSize(stdout, 1<<20)
	defer bw.Flush()
	fw := newFrameWriter(bw)
	// As capture.cu: a form newer than the device is reported and skipped.
	sm := fakeDeviceSM()
	runnable := ids[:0:0]
	for _, id := range ids {
		if f := &forms[id]; f.MinSM > sm {
			if err := fw.write(Header{Kind: KindError}, []byte(fmt.Sprintf("%s needs sm_%d, device is sm_%d: skipped", f.Name, f.MinSM, sm))); err != nil {
				return 4
			}
			continue
		}
		runnable = append(runnable, id)
	}
	ids = runnable
	info := fmt.Sprintf(`{"program":"silicon fake capture (rehearsal stand-in, not silicon)","device":"stand-in GPU",`+
		`"compute_capability":"%d.%d","sms":132,"clock_khz":1980000,"inputs":%q}`, sm/10, sm%10, *inputs)
	if err := fw.write(Header{Kind: KindInfo}, []byte(info)); err != nil {
		return 4
	}
	if !*noBench {
		if err := fw.write(Header{Kind: KindBench}, []byte(fakeBench())); err != nil {
			return 4
		}
	}
	syn := newSynthesizer()
	var buf []byte
	send := func(f *Form, start uint64, count uint32) error {
		buf = syn.payload(buf, f, start, count, nil)
		return fw.write(Header{Kind: KindData, Form: f.ID, Start: start, Count: count}, buf)
	}
	if !*noProbes {
		byForm := map[FormID][]byte{}
		if *inputs != "" {
			paths, _ := filepath.Glob(filepath.Join(*inputs, "*"+inputsExt))
			for _, p := range paths {
				f, data, err := readInputs(p)
				if err != nil {
					fw.write(Header{Kind: KindError}, []byte(err.Error()+": skipped"))
					continue
				}
				byForm[f.ID] = data
			}
		}
		for _, id := range ids {
			f := &forms[id]
			if f.Kind == SweepForm {
				continue
			}
			data := byForm[id]
			if data == nil {
				fw.write(Header{Kind: KindError}, []byte(f.Name+": no inputs (--inputs DIR with its .in file): skipped"))
				continue
			}
			n := len(data) / f.InWidth
			if *maxRecords >= 0 {
				n = min(n, *maxRecords)
			}
			fmt.Fprintf(stderr, "capture: form %d %s (%d records)\n", id, f.Name, n)
			// The records as the GPU would return them: the inputs read from the
			// file (not regenerated), the outputs from the model.
			w := f.RecordWidth()
			per := max(1, (32<<20)/w)
			if f.Kind == TensorForm {
				per = 64 // as capture.cu
			}
			for s := 0; s < n; s += per {
				c := min(per, n-s)
				out := make([]byte, c*w)
				for i := range c {
					rec := out[i*w : (i+1)*w]
					copy(rec, data[(s+i)*f.InWidth:(s+i+1)*f.InWidth])
					if f.Kind == TensorForm {
						syn.mma(f.mma, rec[:f.InWidth], rec[f.InWidth:])
					} else {
						putN(rec[f.InWidth:], f.Width, f.eval(rec[:f.InWidth]))
					}
				}
				if err := fw.write(Header{Kind: KindData, Form: id, Start: uint64(s), Count: uint32(c)}, out); err != nil {
					return 4
				}
			}
		}
	}
	if !*noSweep {
		chunk := uint64(1) << *chunkLog2
		limit := *maxChunks
		if limit < 0 {
			limit = 1 // the stand-in sends one chunk of each sweep unless told otherwise
		}
		for _, id := range ids {
			f := &forms[id]
			if f.Kind != SweepForm {
				continue
			}
			for c := uint64(0); c < uint64(limit) && c*chunk < f.Count; c++ {
				if err := send(f, c*chunk, uint32(min(chunk, f.Count-c*chunk))); err != nil {
					return 4
				}
			}
		}
	}
	if err := fw.end(); err != nil {
		return 4
	}
	fmt.Fprintln(stderr, "capture: done (stand-in)")
	return 0
}

// fakeSampledrv checks each manifest and module as sampledrv.cu reads them
// and prints its JSON line with placeholder times.
func fakeSampledrv(args []string, stdout, stderr io.Writer) int {
	reps := 1
	if len(args) >= 2 && args[0] == "--reps" {
		r, err := strconv.Atoi(args[1])
		if err != nil || r < 1 {
			fmt.Fprintln(stderr, "sampledrv: --reps N")
			return 2
		}
		reps, args = r, args[2:]
	}
	if len(args) == 0 || len(args)%2 != 0 {
		fmt.Fprintln(stderr, "usage: sampledrv [--reps N] MANIFEST MODULE [MANIFEST MODULE ...]")
		return 2
	}
	failed := 0
	for i := 0; i < len(args); i += 2 {
		line, err := fakeSample(args[i], args[i+1], reps)
		if err != nil {
			failed++
			line = fmt.Sprintf(`{"manifest":%q,"module":%q,"error":%q}`, args[i], args[i+1], err.Error())
		}
		fmt.Fprintln(stdout, line)
	}
	if failed > 0 {
		return 1
	}
	return 0
}

func fakeSample(manifest, module string, reps int) (string, error) {
	m, err := parseManifest(manifest)
	if err != nil {
		return "", err
	}
	mod, err := os.ReadFile(module)
	if err != nil {
		return "", err
	}
	variant := fmt.Sprintf("nvcc-sm_%d", fakeDeviceSM())
	switch {
	case strings.HasSuffix(module, ".ptx"):
		variant = "ptx-jit"
		if !bytes.Contains(mod, []byte(".entry "+m.kernel+"(")) {
			return "", fmt.Errorf("%s: no .entry %s", module, m.kernel)
		}
	case !bytes.HasPrefix(mod, []byte("\x7fELF")):
		return "", fmt.Errorf("%s: not an ELF cubin", module)
	}
	grid := fmt.Sprintf("(%d, %d, %d)", m.grid[0], m.grid[1], m.grid[2])
	block := fmt.Sprintf("(%d, %d, %d)", m.block[0], m.block[1], m.block[2])
	times := make([]string, reps)
	for r := range reps {
		recordLaunch(m.kernel, grid, block)
		times[r] = "0.001000"
	}
	return fmt.Sprintf(`{"manifest":%q,"module":%q,"variant":%q,"sample":%q,"kernel":%q,"grid":[%d,%d,%d],`+
		`"block":[%d,%d,%d],"shared":%d,"reps":%d,"event_ms":[%s]}`, manifest, module, variant, m.sample, m.kernel,
		m.grid[0], m.grid[1], m.grid[2], m.block[0], m.block[1], m.block[2], m.shared, reps, strings.Join(times, ",")), nil
}

// manifest is a parsed launch manifest (sampledrv.cu's format).
type manifest struct {
	sample, kernel string
	grid, block    [3]int
	shared, params int
}

// parseManifest reads a manifest with sampledrv.cu's rules and checks every
// buffer file's size and every parameter's offset.
func parseManifest(path string) (*manifest, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m := &manifest{params: -1}
	buffers := map[string]bool{}
	for n, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		bad := func() error { return fmt.Errorf("%s:%d: cannot read %q", path, n+1, line) }
		ints := func(fields []string) ([]int, bool) {
			var v []int
			for _, s := range fields {
				x, err := strconv.Atoi(s)
				if err != nil || x < 0 {
					return nil, false
				}
				v = append(v, x)
			}
			return v, true
		}
		switch f[0] {
		case "sample", "kernel":
			if len(f) != 2 {
				return nil, bad()
			}
			if f[0] == "sample" {
				m.sample = f[1]
			} else {
				m.kernel = f[1]
			}
		case "grid", "block":
			v, ok := ints(f[1:])
			if !ok || len(v) != 3 {
				return nil, bad()
			}
			if f[0] == "grid" {
				copy(m.grid[:], v)
			} else {
				copy(m.block[:], v)
			}
		case "shared", "params":
			v, ok := ints(f[1:])
			if !ok || len(v) != 1 {
				return nil, bad()
			}
			if f[0] == "shared" {
				m.shared = v[0]
			} else {
				m.params = v[0]
			}
		case "buffer":
			if len(f) != 4 {
				return nil, bad()
			}
			size, err := strconv.Atoi(f[2])
			if err != nil {
				return nil, bad()
			}
			if f[3] != "-" {
				st, err := os.Stat(filepath.Join(filepath.Dir(path), f[3]))
				if err != nil || st.Size() != int64(size) {
					return nil, fmt.Errorf("%s:%d: buffer file %s: %v (want %d bytes)", path, n+1, f[3], err, size)
				}
			}
			buffers[f[1]] = true
		case "param":
			v, ok := ints(f[1:2])
			if !ok || len(f) != 4 || f[2] != "buffer" || !buffers[f[3]] || v[0]+8 > m.params {
				return nil, bad()
			}
		case "bytes":
			v, ok := ints(f[1:2])
			if !ok || len(f) != 3 || len(f[2])%2 != 0 || v[0]+len(f[2])/2 > m.params {
				return nil, bad()
			}
		default:
			return nil, bad()
		}
	}
	if m.kernel == "" || m.sample == "" || m.params < 0 {
		return nil, fmt.Errorf("%s: sample, kernel and params lines are required", path)
	}
	return m, nil
}

// fakeNCUCSV prints an ncu raw-page CSV of the recorded launches: the fixed
// columns, the metrics run.sh asks for and the stall ratios, a units row,
// and one row per launch with placeholder values.
func fakeNCUCSV(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: silicon fake ncu-csv LAUNCHES")
		return 2
	}
	b, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "silicon fake ncu-csv: %v\n", err)
		return 1
	}
	stalls := []string{"barrier", "long_scoreboard", "math_pipe_throttle", "short_scoreboard", "wait", "not_selected"}
	header := []string{"ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Context", "Stream", "Block Size", "Grid Size", "Device", "CC"}
	units := make([]string, len(header))
	header = append(header, ncuMetrics...)
	for range ncuMetrics {
		units = append(units, "")
	}
	units[len(units)-len(ncuMetrics)] = "cycle" // sm__cycles_elapsed.max
	units[len(units)-len(ncuMetrics)+2] = "cycle/nsecond"
	units[len(units)-len(ncuMetrics)+6] = "nsecond"
	for _, s := range stalls {
		header = append(header, "smsp__average_warps_issue_stalled_"+s+"_per_issue_active.ratio")
		units = append(units, "")
	}
	w := csv.NewWriter(stdout)
	w.Write(header)
	w.Write(units)
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			fmt.Fprintf(stderr, "silicon fake ncu-csv: %s:%d: want name, grid, block\n", args[0], i+1)
			return 1
		}
		row := []string{strconv.Itoa(i), "4242", "stand-in", "rehearsal", f[0], "1", "7", f[2], f[1], "0", "9.0"}
		for k := range ncuMetrics {
			row = append(row, strconv.Itoa(1000*(i+1)+k)) // placeholders, distinct per launch
		}
		for k := range stalls {
			row = append(row, fmt.Sprintf("%.2f", 0.25*float64(k+1)))
		}
		w.Write(row)
	}
	w.Flush()
	return 0
}
