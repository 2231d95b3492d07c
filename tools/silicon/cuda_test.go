package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// readCapture returns capture.cu's text.
func readCapture(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("capture.cu")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// capture.cu and the Go comparer agree on the stream: form ids, names,
// widths, sweep sizes, targets, the lower-word hash and the framing
// constants. (No compiler needed.)
func TestCaptureAgreesWithForms(t *testing.T) {
	src := readCapture(t)
	enum := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\s*(k\w+) = (\d+),`).FindAllStringSubmatch(src, -1) {
		v, _ := strconv.Atoi(m[2])
		enum[m[1]] = v
	}
	rows := regexp.MustCompile(`\{(k\w+), "([^"]+)", (\d+), 1ull << (\d+), (\d+)\}`).FindAllStringSubmatch(src, -1)
	if len(rows) != numForms {
		t.Fatalf("capture.cu kForms has %d rows, want %d", len(rows), numForms)
	}
	for i, r := range rows {
		id, ok := enum[r[1]]
		f := lookupForm(FormID(id))
		if !ok || f == nil || id != i+1 {
			t.Fatalf("kForms row %d: %s = %d, want id %d (rows in id order)", i, r[1], id, i+1)
		}
		width, _ := strconv.Atoi(r[3])
		log2, _ := strconv.Atoi(r[4])
		minSM, _ := strconv.Atoi(r[5])
		if !strings.HasPrefix(f.Name, r[2]) || width != f.Width || uint64(1)<<log2 != f.Count || minSM != f.MinSM {
			t.Errorf("kForms row %s: %q width %d count 2^%d sm_%d; Go form: %q width %d count %d sm_%d",
				r[1], r[2], width, log2, minSM, f.Name, f.Width, f.Count, f.MinSM)
		}
	}
	for name, want := range map[string]int{"kInfo": int(KindInfo), "kData": int(KindData), "kBench": int(KindBench),
		"kEnd": int(KindEnd), "kError": int(KindError)} {
		if !regexp.MustCompile(name + ` = ` + strconv.Itoa(want) + `\b`).MatchString(src) {
			t.Errorf("capture.cu: %s is not %d", name, want)
		}
	}
	for _, s := range []string{`"` + frameMagic + `"`, "0x5a5a5a5au", "0x9e3779b9u | 1u", "idx << 32 | low_noise(idx)"} {
		if !strings.Contains(src, s) {
			t.Errorf("capture.cu lacks %s", s)
		}
	}
	if LowNoise(0) != 1 || LowNoise(1) != 0x9e3779b9 || LowNoise(2) != 0x3c6ef373 {
		t.Errorf("LowNoise: %#x %#x %#x", LowNoise(0), LowNoise(1), LowNoise(2))
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
// installed beside it) and for sm_75 and sm_90 devices,
// and compiles its device code to PTX in which every kernel executes the
// instruction it is named for. nvcc and ptxas are not available here: this
// checks C++ and CUDA validity and the inline-asm constraints, not ptxas's
// acceptance of the PTX text inside the asm statements.
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
	b, err := os.ReadFile(ptxPath)
	if err != nil {
		t.Fatal(err)
	}
	ptx := string(b)
	entries := map[string]string{} // mangled kernel name -> body
	for _, m := range regexp.MustCompile(`(?s)\.entry (\w+)\((.*?)\n}`).FindAllStringSubmatch(ptx, -1) {
		entries[m[1]] = m[2]
	}
	kernel := func(prefix string) string {
		for name, body := range entries {
			if strings.Contains(name, prefix) {
				return body
			}
		}
		t.Fatalf("no kernel %s in the PTX (have %d kernels)", prefix, len(entries))
		return ""
	}
	// Instruction text as it appears in the PTX, with the operand separator
	// so that ex2.approx.ftz.bf16 does not match ex2.approx.ftz.bf16x2.
	sweeps := map[FormID]string{
		FormEx2F32Ftz: "ex2.approx.ftz.f32 d", FormEx2F32: "ex2.approx.f32 d", FormEx2F16: "ex2.approx.f16 d",
		FormEx2F16x2: "ex2.approx.f16x2 d", FormEx2BF16: "ex2.approx.ftz.bf16 d", FormEx2BF16x2: "ex2.approx.ftz.bf16x2 d",
		FormRcp64HLoZero: "rcp.approx.ftz.f64 d", FormRcp64HLoNoise: "rcp.approx.ftz.f64 d",
	}
	for id, insn := range sweeps {
		body := kernel("sweep_kernelILi" + strconv.Itoa(int(id)) + "E")
		if strings.Count(body, "ex2.approx")+strings.Count(body, "rcp.approx") != 1 || !strings.Contains(body, insn) {
			t.Errorf("sweep kernel of form %d does not execute exactly %q", id, insn)
		}
	}
	if body := kernel("sweep_kernelILi8E"); !strings.Contains(body, "2654435769") { // 0x9e3779b9
		t.Errorf("the lower-word hash is missing from the RCP64H noise sweep:\n%s", body)
	}
	latency := []string{"ex2.approx.ftz.f32 d", "neg.f32", "ex2.approx.f32 d", "ex2.approx.f16 d", "neg.f16",
		"ex2.approx.f16x2 d", "rcp.approx.ftz.f64 d", "fma.rn.f32", "fma.rn.f64"}
	for op, insn := range latency {
		body := kernel("latency_kernelILi" + strconv.Itoa(op) + "E")
		if n := strings.Count(body, insn); n != 64 {
			t.Errorf("latency kernel %d: %d of %q in its chain, want 64", op, n, insn)
		}
		if strings.Count(body, "%clock64") != 2 {
			t.Errorf("latency kernel %d does not read clock64 twice", op)
		}
	}
	for _, op := range []int{0, 1, 3, 5, 6, 7, 8} {
		body := kernel("throughput_kernelILi" + strconv.Itoa(op) + "E")
		if n := strings.Count(body, latency[op]); n != 16*8 {
			t.Errorf("throughput kernel %d: %d of %q, want %d", op, n, latency[op], 16*8)
		}
		if !strings.Contains(body, "%smid") {
			t.Errorf("throughput kernel %d does not record its SM", op)
		}
	}
	for _, k := range []struct{ name, insn string }{
		{"chase_global_kernelILb1E", "ld.global.cg.u64"}, {"chase_global_kernelILb0E", "ld.global.ca.u64"},
		{"chase_shared_kernel", "ld.shared.u32"},
	} {
		// 8 unrolled in the timed loop, at least one in the warm-up loop
		// (which the compiler may unroll too).
		if n := strings.Count(kernel(k.name), k.insn); n < 9 {
			t.Errorf("%s: %d of %s, want at least 9", k.name, n, k.insn)
		}
	}
}
