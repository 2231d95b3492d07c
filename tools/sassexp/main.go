// Command sassexp derives gpusim's expansion tables: for each PTX
// instruction form in its list (the forms ptxas is known to expand, and
// every arithmetic, logic, comparison and conversion form the bundled
// samples and the test corpus use), it writes a tiny kernel, compiles it
// with ptxas for each NVIDIA preset's architecture, reads the machine code
// back with cuobjdump -sass, and derives a row: the fast path's
// instructions in issue order, each with the instruction key that costs it
// on the preset (its unit class and latency), the operands and earlier ops
// it depends on, which of them form the critical path, whether it is
// scoreboarded, and the data-dependent slow path when the code branches to
// one (division, square root). docs/expansions.md describes the format.
//
// Usage, from the module root (CUDA 11.8's ptxas and cuobjdump on PATH):
//
//	go run ./tools/sassexp                 # rewrite config/presets/expand/*.toml
//	go run ./tools/sassexp -arch sm_80 -v  # one architecture, listing the forms left out
//	go run ./tools/sassexp -check          # compare with the committed tables; exit 1 on a difference
//
// Each NVIDIA preset names its table (gpu.expansions); package core issues
// PTX instructions as their rows' micro-operations.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces/ptx"
)

func main() {
	root := flag.String("root", ".", "the gpusim module root")
	archs := flag.String("arch", "", "comma-separated architectures (default: every NVIDIA preset's)")
	check := flag.Bool("check", false, "compare with the committed tables instead of writing them")
	verbose := flag.Bool("v", false, "list the forms left out and why")
	disasm := flag.String("disasm", "", `"cuobjdump" (cuobjdump -sass) or "nvdisasm" (nvdisasm -hex: the same listing, much faster); default nvdisasm when installed`)
	flag.Parse()
	tools, err := findTools(*disasm)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sassexp:", err)
		os.Exit(2)
	}
	list, skipped, err := formList(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sassexp:", err)
		os.Exit(2)
	}
	if *verbose {
		for _, s := range skipped {
			fmt.Fprintf(os.Stderr, "left out %s: %s\n", s[0], s[1])
		}
	}
	targets, err := presetArchs(*archs)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sassexp:", err)
		os.Exit(2)
	}
	differ := false
	for _, t := range targets {
		text, err := generate(tools, list, t, *verbose)
		if err != nil {
			fmt.Fprintln(os.Stderr, "sassexp:", err)
			os.Exit(1)
		}
		path := filepath.Join(*root, "config", "presets", "expand", t.arch+".toml")
		if *check {
			old, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(old, text) {
				fmt.Fprintf(os.Stderr, "sassexp: %s differs from what ptxas makes now (%v)\n", path, err)
				differ = true
			}
			continue
		}
		if err := os.WriteFile(path, text, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "sassexp:", err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "sassexp: wrote %s\n", path)
	}
	if differ {
		os.Exit(1)
	}
}

// toolchain is where ptxas and the disassembler are, and ptxas's version.
type toolchain struct {
	ptxas   string
	disasm  []string // the disassembler and its options, before the cubin
	version string   // "11.8 (V11.8.89)"
	release string   // "11.8"
}

var versionRE = regexp.MustCompile(`release (\d+\.\d+), (V[\d.]+)`)

// findTools locates ptxas and a disassembler: cuobjdump -sass, or
// nvdisasm -hex, which prints the same instructions and encodings (with
// labels for branch targets, which parseSASS resolves) in a fraction of
// the time cuobjdump takes for a few hundred kernels.
func findTools(disasm string) (toolchain, error) {
	var t toolchain
	var err error
	if t.ptxas, err = exec.LookPath("ptxas"); err != nil {
		return t, fmt.Errorf("ptxas not found: install CUDA 11.8 (Debian nvidia-cuda-toolkit)")
	}
	switch disasm {
	case "", "nvdisasm":
		if p, err := exec.LookPath("nvdisasm"); err == nil {
			t.disasm = []string{p, "-hex"}
			break
		}
		if disasm != "" {
			return t, fmt.Errorf("nvdisasm not found")
		}
		fallthrough
	case "cuobjdump":
		p, err := exec.LookPath("cuobjdump")
		if err != nil {
			return t, fmt.Errorf("cuobjdump not found: install CUDA 11.8 (Debian nvidia-cuda-toolkit)")
		}
		t.disasm = []string{p, "-sass"}
	default:
		return t, fmt.Errorf("-disasm %q: want cuobjdump or nvdisasm", disasm)
	}
	out, err := exec.Command(t.ptxas, "--version").CombinedOutput()
	if err != nil {
		return t, fmt.Errorf("ptxas --version: %v", err)
	}
	m := versionRE.FindStringSubmatch(string(out))
	if m == nil {
		return t, fmt.Errorf("ptxas --version: no release in %q", out)
	}
	t.release, t.version = m[1], m[1]+" ("+m[2]+")"
	return t, nil
}

// target is one architecture and the preset that costs its code.
type target struct {
	arch    string
	machine *config.Machine
}

// presetArchs returns the NVIDIA presets to generate for, by architecture.
func presetArchs(list string) ([]target, error) {
	want := map[string]bool{}
	for _, a := range strings.Split(list, ",") {
		if a = strings.TrimSpace(a); a != "" {
			want[a] = true
		}
	}
	var out []target
	filter := len(want) > 0
	for _, p := range config.Presets() {
		m, err := config.Load(p, nil)
		if err != nil {
			return nil, err
		}
		if m.GPU.Vendor != config.VendorNVIDIA || (filter && !want[m.GPU.Arch]) {
			continue
		}
		delete(want, m.GPU.Arch)
		out = append(out, target{arch: m.GPU.Arch, machine: m})
	}
	for a := range want {
		return nil, fmt.Errorf("no NVIDIA preset has arch %s", a)
	}
	return out, nil
}

// formList is the built-in forms, then the corpus's in order, each once;
// skipped pairs a left-out form with its reason.
func formList(root string) (forms []string, skipped [][2]string, err error) {
	corpus, err := corpusForms(root)
	if err != nil {
		return nil, nil, err
	}
	seen := map[string]bool{}
	for _, f := range append(append([]string{}, builtinForms...), corpus...) {
		if seen[f] {
			continue
		}
		seen[f] = true
		if why := skipReason(f); why != "" {
			skipped = append(skipped, [2]string{f, why})
			continue
		}
		forms = append(forms, f)
	}
	return forms, skipped, nil
}

// ptxasLineRE finds the line ptxas blames.
var ptxasLineRE = regexp.MustCompile(`, line (\d+); (?:error|fatal)\s*:\s*(.*)`)

// generate compiles every form for one architecture and returns the
// table's text.
func generate(tc toolchain, forms []string, t target, verbose bool) ([]byte, error) {
	dir, err := os.MkdirTemp("", "sassexp")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	sigs := make([]signature, len(forms))
	for i, f := range forms {
		if sigs[i], err = sigOf(f); err != nil {
			return nil, err
		}
	}
	live := make([]bool, len(forms))
	for i := range live {
		live[i] = true
	}
	var unavailable []config.Unavailable
	header := fmt.Sprintf(".version 7.8\n.target %s\n.address_size 64\n", t.arch)
	var sass string
	for {
		var b strings.Builder
		b.WriteString(header)
		lineOf := []int{} // first line of each kernel, in form order
		owner := []int{}
		line := strings.Count(header, "\n") + 1
		for i, f := range forms {
			if !live[i] {
				continue
			}
			k := kernelPTX(kernelName(i), f, sigs[i])
			lineOf, owner = append(lineOf, line), append(owner, i)
			line += strings.Count(k, "\n")
			b.WriteString(k)
		}
		src := filepath.Join(dir, t.arch+".ptx")
		bin := filepath.Join(dir, t.arch+".cubin")
		if err := os.WriteFile(src, []byte(b.String()), 0o644); err != nil {
			return nil, err
		}
		start := time.Now()
		out, err := exec.Command(tc.ptxas, "-arch="+t.arch, "-o", bin, src).CombinedOutput()
		if verbose {
			fmt.Fprintf(os.Stderr, "ptxas -arch=%s: %d forms, %v\n", t.arch, len(owner), time.Since(start).Round(time.Millisecond))
		}
		if err == nil {
			start = time.Now()
			so, err := exec.Command(tc.disasm[0], append(tc.disasm[1:], bin)...).Output()
			if err != nil {
				return nil, fmt.Errorf("%s: %v", strings.Join(tc.disasm, " "), err)
			}
			if verbose {
				fmt.Fprintf(os.Stderr, "%s: %v\n", strings.Join(tc.disasm, " "), time.Since(start).Round(time.Millisecond))
			}
			sass = string(so)
			break
		}
		dropped := false
		for _, m := range ptxasLineRE.FindAllStringSubmatch(string(out), -1) {
			n, _ := strconv.Atoi(m[1])
			k := -1
			for j, l := range lineOf {
				if l <= n {
					k = j
				}
			}
			if k < 0 || !live[owner[k]] {
				continue
			}
			live[owner[k]] = false
			dropped = true
			unavailable = append(unavailable, config.Unavailable{PTX: forms[owner[k]], Reason: "ptxas " + tc.release + ": " + strings.TrimSpace(m[2])})
		}
		if !dropped {
			return nil, fmt.Errorf("ptxas -arch=%s: %v\n%s", t.arch, err, out)
		}
	}
	funcs, err := parseSASS(sass)
	if err != nil {
		return nil, err
	}
	byName := map[string]*sassFunc{}
	for i := range funcs {
		byName[funcs[i].name] = &funcs[i]
	}
	source := fmt.Sprintf("ptxas %s -arch=%s", tc.release, t.arch)
	tab := &config.Expansions{Arch: t.arch, Source: "ptxas " + tc.version + " -arch=" + t.arch}
	for i, f := range forms {
		if !live[i] {
			continue
		}
		fn := byName[kernelName(i)]
		if fn == nil {
			return nil, fmt.Errorf("%s: no function %s for %s in the disassembly", t.arch, kernelName(i), f)
		}
		row, err := expand(fn, f, sigs[i], t.machine, source)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %v", t.arch, f, err)
		}
		// The key does not depend on the target; the front end checks
		// targets more strictly than ptxas 11.8 for some forms.
		if row.Key, err = unitKey(".version 7.8\n.target sm_90\n.address_size 64\n", f, sigs[i]); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		tab.Forms = append(tab.Forms, row)
	}
	tab.Unavailable = unavailable
	return writeTable(tab, t.machine), nil
}

func kernelName(i int) string { return fmt.Sprintf("form%03d", i) }

// unitKey is the instruction key gpusim's front end gives the form.
func unitKey(header, form string, sig signature) (string, error) {
	src := header + kernelPTX("k", form, sig)
	prog, err := ptx.Parse(form+".ptx", []byte(src))
	if err != nil {
		return "", fmt.Errorf("gpusim does not decode it: %v", err)
	}
	var got []string
	for _, k := range prog.Kernels {
		for i := range k.Code {
			in := &k.Code[i]
			if in.Form() == form {
				return in.UnitKey(), nil
			}
			got = append(got, in.Form())
		}
	}
	// The timing model finds the row by the decoded form: a row whose
	// spelling is not that form would never be used.
	return "", fmt.Errorf("the decoded kernel has no instruction of form %s (forms %s)", form, strings.Join(got, ", "))
}
