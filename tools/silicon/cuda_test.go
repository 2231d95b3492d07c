package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// readSource returns a file of this folder.
func readSource(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// capture.cu and the Go comparer agree on the stream: form ids, names,
// kinds, widths, sweep and probe sizes, targets, the lower-word hash, the
// framing and input-file constants, and the microbenchmark list the
// rehearsal's stand-in reproduces. (No compiler needed.)
func TestCaptureAgreesWithForms(t *testing.T) {
	src := readSource(t, "capture.cu")
	enum := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\s*(k\w+) = (\d+),`).FindAllStringSubmatch(src, -1) {
		v, _ := strconv.Atoi(m[2])
		enum[m[1]] = v
	}
	rows := regexp.MustCompile(`\{(k\w+), "([^"]+)", k(Sweep|Record|Tensor), (\d+), (\d+), (\d+), (\d+)\}`).FindAllStringSubmatch(src, -1)
	if len(rows) != numForms {
		t.Fatalf("capture.cu kForms has %d rows, want %d", len(rows), numForms)
	}
	kinds := map[string]FormKind{"Sweep": SweepForm, "Record": RecordForm, "Tensor": TensorForm}
	for i, r := range rows {
		id, ok := enum[r[1]]
		f := lookupForm(FormID(id))
		if !ok || f == nil || id != i+1 {
			t.Fatalf("kForms row %d: %s = %d, want id %d (rows in id order)", i, r[1], id, i+1)
		}
		width, _ := strconv.Atoi(r[4])
		inWidth, _ := strconv.Atoi(r[5])
		log2, _ := strconv.Atoi(r[6])
		minSM, _ := strconv.Atoi(r[7])
		if !strings.HasPrefix(f.Name, r[2]) || kinds[r[3]] != f.Kind || width != f.Width || inWidth != f.InWidth ||
			uint64(1)<<log2 != f.Count || minSM != f.MinSM {
			t.Errorf("kForms row %s: %q %s width %d+%d count 2^%d sm_%d; Go form: %q kind %d width %d+%d count %d sm_%d",
				r[1], r[2], r[3], inWidth, width, log2, minSM, f.Name, f.Kind, f.InWidth, f.Width, f.Count, f.MinSM)
		}
	}
	host := readSource(t, "capture_host.h")
	for name, want := range map[string]int{"kInfo": int(KindInfo), "kData": int(KindData), "kBench": int(KindBench),
		"kEnd": int(KindEnd), "kError": int(KindError)} {
		if !regexp.MustCompile(name + ` = ` + strconv.Itoa(want) + `\b`).MatchString(host) {
			t.Errorf("capture_host.h: %s is not %d", name, want)
		}
	}
	for _, s := range []string{`"` + frameMagic + `"`, "0x5a5a5a5au"} {
		if !strings.Contains(host, s) {
			t.Errorf("capture_host.h lacks %s", s)
		}
	}
	for _, s := range []string{"0x9e3779b9u | 1u", "idx << 32 | low_noise(idx)", `"` + inputsMagic + `"`} {
		if !strings.Contains(src, s) {
			t.Errorf("capture.cu lacks %s", s)
		}
	}
	if LowNoise(0) != 1 || LowNoise(1) != 0x9e3779b9 || LowNoise(2) != 0x3c6ef373 {
		t.Errorf("LowNoise: %#x %#x %#x", LowNoise(0), LowNoise(1), LowNoise(2))
	}
	bench := readSource(t, "capture_bench.cuh")
	table := bench[strings.Index(bench, "const OpInfo kOps[kNumOps] = {"):]
	table = table[:strings.Index(table, "};")]
	var ops []string
	for _, m := range regexp.MustCompile(`(?m)^\s*\{"([^"]+)",`).FindAllStringSubmatch(table, -1) {
		ops = append(ops, m[1])
	}
	if strings.Join(ops, "|") != strings.Join(fakeOps, "|") {
		t.Errorf("capture_bench.cuh kOps %q, the stand-in's fakeOps %q", ops, fakeOps)
	}
}

// clangCUDA runs clang-19 on capture.cu with the stand-in runtime header.
func clangCUDA(t *testing.T, args ...string) string {
	t.Helper()
	base := []string{"-x", "cuda", "-nocudainc", "-nocudalib", "-std=c++17", "-Wall", "-Wextra", "-Werror",
		"-I", filepath.Join("testdata", "cudastub")}
	out, err := exec.Command("clang-19", append(append(base, args...), "capture.cu")...).CombinedOutput()
	if err != nil {
		t.Fatalf("clang-19 %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// clang-19 parses capture.cu for the host (with and without a CUDA toolkit
// installed beside it) and for sm_75 and sm_90 devices, and compiles its
// device code to PTX in which every kernel executes the instructions it is
// named for. This checks C++ and CUDA validity and the inline-asm
// constraints; ptxas's acceptance of the PTX text is TestCaptureCompilesWithNvcc's.
func TestCaptureCompilesWithClang(t *testing.T) {
	if _, err := exec.LookPath("clang-19"); err != nil {
		t.Skip("clang-19 not installed")
	}
	// Clang lowers <<< >>> through the launch entry point of the CUDA
	// version it detects (cudaConfigureCall without a toolkit,
	// __cudaPushCallConfiguration with one). Parse the host side both ways:
	// as this machine has it, and with the detection pointed at an empty
	// folder (no toolkit), so the test covers both machines wherever it runs.
	clangCUDA(t, "--cuda-host-only", "-fsyntax-only")
	clangCUDA(t, "--cuda-path="+t.TempDir(), "--cuda-host-only", "-fsyntax-only")
	clangCUDA(t, "--cuda-device-only", "--cuda-gpu-arch=sm_75", "-fsyntax-only")
	ptxPath := filepath.Join(t.TempDir(), "capture.ptx")
	clangCUDA(t, "--cuda-device-only", "--cuda-gpu-arch=sm_90", "-O2", "-S", "-o", ptxPath)
	ptx := readSource(t, ptxPath)
	entries := map[string]string{} // mangled kernel name -> body
	for _, m := range regexp.MustCompile(`(?s)\.entry (\w+)\((.*?)\n}`).FindAllStringSubmatch(ptx, -1) {
		entries[m[1]] = m[2]
	}
	// kernel finds a kernel by its length-prefixed mangled name.
	kernel := func(name string) string {
		for n, body := range entries {
			if strings.Contains(n, name) {
				return body
			}
		}
		t.Fatalf("no kernel %s in the PTX (have %d kernels)", name, len(entries))
		return ""
	}
	count := func(body string, insns ...string) int {
		n := 0
		for _, s := range insns {
			n += strings.Count(body, s)
		}
		return n
	}
	// Instruction text as it appears in the PTX, with the operand separator
	// so that ex2.approx.ftz.bf16 does not match ex2.approx.ftz.bf16x2.
	sweeps := map[FormID]string{
		FormEx2F32Ftz: "ex2.approx.ftz.f32 d", FormEx2F32: "ex2.approx.f32 d", FormEx2F16: "ex2.approx.f16 d",
		FormEx2F16x2: "ex2.approx.f16x2 d", FormEx2BF16: "ex2.approx.ftz.bf16 d", FormEx2BF16x2: "ex2.approx.ftz.bf16x2 d",
		FormRcp64HLoZero: "rcp.approx.ftz.f64 d", FormRcp64HLoNoise: "rcp.approx.ftz.f64 d",
	}
	for id, insn := range sweeps {
		body := kernel("12sweep_kernelILi" + strconv.Itoa(int(id)) + "E")
		if count(body, "ex2.approx", "rcp.approx") != 1 || !strings.Contains(body, insn) {
			t.Errorf("sweep kernel of form %d does not execute exactly %q", id, insn)
		}
	}
	if body := kernel("12sweep_kernelILi8E"); !strings.Contains(body, "2654435769") { // 0x9e3779b9
		t.Errorf("the lower-word hash is missing from the RCP64H noise sweep:\n%s", body)
	}
	for id := FormRcpF32; id <= FormRemS64; id++ {
		insn := forms[id].Name + " "
		if id <= FormSqrtRnF32 {
			insn = forms[id].Name + " d, a"
		}
		if body := kernel("12probe_kernelILi" + strconv.Itoa(int(id)) + "E"); !strings.Contains(body, insn) {
			t.Errorf("probe kernel of %s does not execute %q", forms[id].Name, insn)
		}
	}
	for id := FormMmaF16K16; id <= FormMmaF16K8; id++ {
		if body := kernel("16mma_probe_kernelILi" + strconv.Itoa(int(id)) + "E"); count(body, forms[id].Name+" ") != 1 {
			t.Errorf("mma probe kernel %d does not execute %s once", id, forms[id].Name)
		}
	}
	latency := []string{"ex2.approx.ftz.f32 d", "neg.f32", "ex2.approx.f32 d", "ex2.approx.f16 d", "neg.f16",
		"ex2.approx.f16x2 d", "rcp.approx.ftz.f64 d", "fma.rn.f32", "fma.rn.f64", "add.rn.f32", "add.rn.f64",
		"mul.rn.f64", "rcp.approx.ftz.f32 d", "rsqrt.approx.ftz.f32", "lg2.approx.ftz.f32", "sin.approx.ftz.f32",
		"sqrt.approx.ftz.f32", "tanh.approx.f32", "mad.lo.u32", "fma.rn.f16x2"}
	if len(latency) != len(fakeOps) {
		t.Fatalf("%d latency instructions listed for %d ops", len(latency), len(fakeOps))
	}
	for op, insn := range latency {
		body := kernel("14latency_kernelILi" + strconv.Itoa(op) + "E")
		if n := strings.Count(body, insn); n != 64 {
			t.Errorf("latency kernel %d: %d of %q in its chain, want 64", op, n, insn)
		}
		if strings.Count(body, "%clock64") != 2 {
			t.Errorf("latency kernel %d does not read clock64 twice", op)
		}
		tput := kernel("17throughput_kernelILi" + strconv.Itoa(op) + "E")
		if n := strings.Count(tput, insn); n != 16*8 {
			t.Errorf("throughput kernel %d: %d of %q, want %d", op, n, insn, 16*8)
		}
		if !strings.Contains(tput, "%smid") {
			t.Errorf("throughput kernel %d does not record its SM", op)
		}
	}
	for m := range 4 {
		insn := forms[FormMmaF16K16+FormID(m)].Name + " "
		if n := strings.Count(kernel("18mma_latency_kernelILi"+strconv.Itoa(m)+"E"), insn); n != 64 {
			t.Errorf("mma latency kernel %d: %d of %s, want 64", m, n, insn)
		}
		if n := strings.Count(kernel("21mma_throughput_kernelILi"+strconv.Itoa(m)+"E"), insn); n != 16*4 {
			t.Errorf("mma throughput kernel %d: %d of %s, want 64", m, n, insn)
		}
	}
	for _, k := range []struct {
		name, insn string
		n          int
	}{
		{"21atomic_latency_kernelILb0E", "atom.global.add.u32", 64}, {"21atomic_latency_kernelILb1E", "atom.shared.add.u32", 64},
		{"24atomic_throughput_kernelILi0E", "red.global.add.u32", 16}, {"24atomic_throughput_kernelILi4E", "red.shared.add.u32", 16},
		// 8 unrolled in the timed loop, at least one in the warm-up loop
		// (which the compiler may unroll too).
		{"19chase_global_kernelILb1E", "ld.global.cg.u64", 9}, {"19chase_global_kernelILb0E", "ld.global.ca.u64", 9},
		{"19chase_shared_kernel", "ld.shared.u32", 9},
	} {
		if n := strings.Count(kernel(k.name), k.insn); n < k.n {
			t.Errorf("%s: %d of %s, want at least %d", k.name, n, k.insn, k.n)
		}
	}
}

// sassFunctions splits a SASS listing into kernels: mangled name -> the
// opcodes of its instructions. It reads both nvdisasm's listing (a kernel
// starts at its ".text.NAME:" label) and cuobjdump -sass's ("Function :
// NAME"); the instruction lines are alike.
func sassFunctions(sass string) map[string][]string {
	out := map[string][]string{}
	name := ""
	insn := regexp.MustCompile(`^\s+/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)`)
	for _, line := range strings.Split(sass, "\n") {
		if n, ok := strings.CutPrefix(line, ".text."); ok && strings.HasSuffix(n, ":") {
			name = strings.TrimSuffix(n, ":")
			out[name] = nil
			continue
		}
		if i := strings.Index(line, "Function : "); i >= 0 {
			name = strings.TrimSpace(line[i+len("Function : "):])
			out[name] = nil
			continue
		}
		if m := insn.FindStringSubmatch(line); m != nil && name != "" {
			out[name] = append(out[name], m[1])
		}
	}
	return out
}

// sassOf disassembles a cubin, or with arch (e.g. "90") that
// architecture's cubin inside a program's fat binary: with nvdisasm where
// it is installed (a second for the capture program, where cuobjdump -sass
// takes tens of CPU-seconds), else with cuobjdump -sass.
func sassOf(t *testing.T, path, arch string) string {
	t.Helper()
	nvdisasm, err := exec.LookPath("nvdisasm")
	if err != nil {
		args := []string{"-sass", path}
		if arch != "" {
			args = []string{"-sass", "-arch", "sm_" + arch, path}
		}
		out, err := exec.Command("cuobjdump", args...).Output()
		if err != nil {
			t.Fatalf("cuobjdump %v: %v", args, err)
		}
		return string(out)
	}
	cubin := path
	if arch != "" {
		abs, err := filepath.Abs(path)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		cmd := exec.Command("cuobjdump", "-xelf", "all", abs)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("cuobjdump -xelf all %s: %v\n%s", path, err, out)
		}
		found, _ := filepath.Glob(filepath.Join(dir, "*.sm_"+arch+".cubin"))
		if len(found) != 1 {
			t.Fatalf("%s: %d sm_%s cubins extracted", path, len(found), arch)
		}
		cubin = found[0]
	}
	out, err := exec.Command(nvdisasm, "-c", cubin).Output()
	if err != nil {
		t.Fatalf("nvdisasm -c %s: %v", cubin, err)
	}
	return string(out)
}

// nvcc (CUDA 11.8 here, with whichever host compiler it accepts) compiles
// capture.cu, the sample driver and the CUDA source of every sample of
// samples.list as `run.sh prepare` does for the device call (the shared
// preparation; run.sh builds on the device the same way): the capture
// program holds sm_75, sm_80 and sm_90 SASS and sm_90 PTX, ptxas turns each
// kernel into the SASS testdata/sass_cases.txt expects on sm_75 and sm_90,
// and each sample's sm_90 cubin holds the kernel its launch file names.
// Skipped where nvcc is absent.
func TestCaptureCompilesWithNvcc(t *testing.T) {
	needTools(t, "nvcc", "cuobjdump", "bash")
	if testing.Short() {
		t.Skip("compiles for three architectures; skipped with -short")
	}
	startPreparation(t)
	t.Parallel()
	bin, prep := preparedBin(t)
	if !strings.Contains(prep, "samples/sm_90/*.cubin with ") || strings.Contains(prep, "stand-in nvcc") {
		t.Fatalf("run.sh prepare did not build with nvcc:\n%s", prep)
	}
	capture := filepath.Join(bin, "capture")
	for _, l := range []struct{ flag, want string }{
		{"--list-elf", "capture.sm_75.cubin capture.sm_80.cubin capture.sm_90.cubin"},
		{"--list-ptx", "capture.sm_90.ptx"},
	} {
		out, err := exec.Command("cuobjdump", l.flag, capture).Output()
		if err != nil {
			t.Fatalf("cuobjdump %s: %v", l.flag, err)
		}
		got := map[string]bool{}
		for _, f := range regexp.MustCompile(`\S+\.(?:cubin|ptx)`).FindAllString(string(out), -1) {
			got[f] = true
		}
		var names []string
		for f := range got {
			names = append(names, f)
		}
		sort.Strings(names)
		if strings.Join(names, " ") != l.want {
			t.Errorf("cuobjdump %s capture: %s, want %s", l.flag, strings.Join(names, " "), l.want)
		}
	}
	funcs := map[string]map[string][]string{}
	for _, arch := range []string{"75", "90"} {
		funcs[arch] = sassFunctions(sassOf(t, capture, arch))
		if len(funcs[arch]) < 90 {
			t.Fatalf("sm_%s: only %d kernels in the SASS", arch, len(funcs[arch]))
		}
	}
	for _, c := range readCases(t, "testdata/sass_cases.txt") {
		where := "sass_cases.txt:" + strconv.Itoa(c.line)
		if len(c.fields) != 4 {
			t.Fatalf("%s: want kernel | arch | mnemonic | count", where)
		}
		want, err := strconv.Atoi(c.fields[3])
		if err != nil || funcs[c.fields[1]] == nil {
			t.Fatalf("%s: bad count or arch", where)
		}
		var ops []string
		found := 0
		for name, o := range funcs[c.fields[1]] {
			if strings.Contains(name, c.fields[0]) {
				ops, found = o, found+1
			}
		}
		if found != 1 {
			t.Errorf("%s: %d kernels named %s on sm_%s", where, found, c.fields[0], c.fields[1])
			continue
		}
		mn, none := strings.CutPrefix(c.fields[2], "!")
		n := 0
		for _, op := range ops {
			if op == mn || strings.HasPrefix(op, mn+".") {
				n++
			}
		}
		if none && n != 0 || !none && n < want {
			t.Errorf("%s: %s on sm_%s has %d of %s, want %s%d", where, c.fields[0], c.fields[1], n, mn,
				map[bool]string{true: "none, not ", false: "at least "}[none], want)
		}
	}
	// The samples' cubins: one per sample of the list (every one runs on
	// sm_90), for sm_90, holding the kernel its launch file names and
	// nothing else.
	samples, err := writeSampleManifests("../../traces/samples", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cubins, _ := filepath.Glob(filepath.Join(bin, "samples", "sm_90", "*.cubin"))
	if len(cubins) != len(samples) {
		t.Errorf("%d sm_90 cubins for %d samples: %v", len(cubins), len(samples), cubins)
	}
	for _, s := range samples {
		if s.MinSM > 90 {
			t.Fatalf("%s targets sm_%d: this test expects every bundled sample to run on sm_90", s.Name, s.MinSM)
		}
		cubin := filepath.Join(bin, "samples", "sm_90", s.Name+".cubin")
		elf, err := exec.Command("cuobjdump", "--list-elf", cubin).Output()
		if err != nil || !strings.Contains(string(elf), s.Name+".sm_90.cubin") {
			t.Errorf("%s: %v; not an sm_90 cubin:\n%s", cubin, err, elf)
			continue
		}
		f := sassFunctions(sassOf(t, cubin, ""))
		if len(f) != 1 || len(f[s.Kernel]) == 0 {
			t.Errorf("%s: kernels %v, want the one %s", cubin, keys(f), s.Kernel)
		}
	}
	for _, prog := range []string{"capture", "sampledrv"} {
		path := filepath.Join(bin, prog)
		if st, err := os.Stat(path); err != nil || st.Mode()&0o111 == 0 {
			t.Errorf("%s not built: %v", prog, err)
			continue
		}
		// Carried to another machine, the programs need only the C library.
		if out, err := exec.Command("ldd", path).Output(); err == nil && strings.Contains(string(out), "libstdc++") {
			t.Errorf("%s links libstdc++ dynamically:\n%s", prog, out)
		}
	}
}

// keys lists a map's keys, sorted.
func keys[V any](m map[string]V) []string {
	var k []string
	for n := range m {
		k = append(k, n)
	}
	sort.Strings(k)
	return k
}
