package amdgpu

import (
	"bufio"
	"fmt"
	"github.com/gpusim/gpusim/traces"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// amdOpd formats an AMD operand for the decode tests: v5, v[0:1], s3,
// s[4:7], vcc_lo, exec, m0, null, ttmp9, #0x3f800000, scc, vccz, execz,
// shared_base; a leading - for neg.
func amdOpd(o traces.Operand) string {
	neg := ""
	if o.Neg {
		neg = "-"
	}
	return neg + amdOpdBare(o)
}

// amdOpdBare formats an operand without its neg modifier.
func amdOpdBare(o traces.Operand) string {
	neg := ""
	rng := func(p string, r, n int) string {
		if n == 1 {
			return fmt.Sprintf("%s%d", p, r)
		}
		return fmt.Sprintf("%s[%d:%d]", p, r, r+n-1)
	}
	switch o.Kind {
	case traces.OpdVGPR:
		return neg + rng("v", int(o.Reg), int(o.Imm))
	case traces.OpdSGPR:
		r, n := int(o.Reg), int(o.Imm)
		switch {
		case r < traces.AMDRegVCCLo:
			return neg + rng("s", r, n)
		case r == traces.AMDRegVCCLo && n == 2:
			return neg + "vcc"
		case r == traces.AMDRegVCCLo:
			return neg + "vcc_lo"
		case r == traces.AMDRegVCCHi:
			return neg + "vcc_hi"
		case r < traces.AMDRegM0:
			return neg + rng("ttmp", r-traces.AMDRegTTMP0, n)
		case r == traces.AMDRegM0:
			return neg + "m0"
		case r == traces.AMDRegNull:
			return neg + "null"
		case r == traces.AMDRegExecLo && n == 2:
			return neg + "exec"
		case r == traces.AMDRegExecLo:
			return neg + "exec_lo"
		}
		return neg + "exec_hi"
	case traces.OpdImm:
		return fmt.Sprintf("%s#%#x", neg, o.Imm)
	case traces.OpdSCC:
		return "scc"
	case traces.OpdVCCZ:
		return "vccz"
	case traces.OpdEXECZ:
		return "execz"
	case traces.OpdSpecial:
		return fmt.Sprintf("special%d", o.Special)
	case traces.OpdNone:
		return "_"
	}
	return "?"
}

// amdDump formats a decoded instruction: opcode, destinations, sources and
// modifiers, e.g. "v_fma_f32 v6 <- -v4, v5, #0x3f800000 [vop3]".
func amdDump(in *traces.Inst) string {
	var b strings.Builder
	b.WriteString(in.Op.String())
	var ds, ss []string
	for i := 0; i < int(in.NDst); i++ {
		ds = append(ds, amdOpd(in.Dst[i]))
	}
	for i := 0; i < int(in.NSrc); i++ {
		s := amdOpd(in.Src[i])
		if i < 3 && in.Mode&traces.AMDModAbs(i) != 0 && traces.AMDOp(in.Op).Class >= traces.AMDClassVALU && traces.AMDOp(in.Op).Class <= traces.AMDClassTrans {
			s = "|" + amdOpdBare(in.Src[i]) + "|"
			if in.Src[i].Neg {
				s = "-" + s
			}
		}
		ss = append(ss, s)
	}
	if len(ds) > 0 {
		b.WriteString(" " + strings.Join(ds, ", ") + " <-")
	}
	if len(ss) > 0 {
		b.WriteString(" " + strings.Join(ss, ", "))
	}
	info := traces.AMDOp(in.Op)
	var fl []string
	if in.Flags&traces.FlagAMDVOP3 != 0 {
		fl = append(fl, "vop3")
	}
	if in.Flags&traces.FlagSat != 0 {
		fl = append(fl, "clamp")
	}
	if info.Class == traces.AMDClassVALU || info.Class == traces.AMDClassTrans {
		switch in.Mode & traces.AMDOModMask {
		case traces.AMDOModMul2:
			fl = append(fl, "mul2")
		case traces.AMDOModMul4:
			fl = append(fl, "mul4")
		case traces.AMDOModDiv2:
			fl = append(fl, "div2")
		}
	} else if info.Class == traces.AMDClassVMEM || info.Class == traces.AMDClassSMEM || info.Class == traces.AMDClassLDS {
		for _, c := range [...]struct {
			m traces.Mode
			n string
		}{{traces.AMDCacheGLC, "glc"}, {traces.AMDCacheSLC, "slc"}, {traces.AMDCacheDLC, "dlc"}, {traces.AMDCacheNT, "nt"}} {
			if in.Mode&c.m != 0 {
				fl = append(fl, c.n)
			}
		}
	}
	if in.Flags&traces.FlagAMDDualX != 0 {
		fl = append(fl, "dualx")
	}
	if in.Flags&traces.FlagAMDDualY != 0 {
		fl = append(fl, "dualy")
	}
	if info.Class == traces.AMDClassBranch && in.Target != 0 {
		fl = append(fl, fmt.Sprintf("->%d", in.Target))
	}
	if len(fl) > 0 {
		b.WriteString(" [" + strings.Join(fl, " ") + "]")
	}
	return b.String()
}

// TestAMDDecode runs testdata/amdgpu/insts.txt: target | statement |
// decoded form (amdDump), for every encoding family and operand kind.
func TestAMDDecode(t *testing.T) {
	f, err := os.Open("../testdata/amdgpu/insts.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for ln := 1; sc.Scan(); ln++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		// The statement may itself contain " | " (s_delay_alu): the target
		// ends at the first separator, the decoded form starts after the
		// last.
		i, j := strings.Index(line, " | "), strings.LastIndex(line, " | ")
		if i < 0 || j <= i {
			t.Fatalf("insts.txt:%d: want target | statement | decoded", ln)
		}
		n++
		target, stmt, want := line[:i], line[i+3:j], line[j+3:]
		prog, err := Parse("k.s", []byte(amdKernelFile(target, stmt, ".Lend:")))
		if err != nil {
			t.Errorf("insts.txt:%d: %s on %s: %v", ln, stmt, target, err)
			continue
		}
		code := prog.Kernels[0].Code
		var got []string
		for i := range code[:len(code)-1] { // drop the s_endpgm the wrapper adds
			got = append(got, amdDump(&code[i]))
		}
		if g := strings.Join(got, " ; "); g != want {
			t.Errorf("insts.txt:%d: %s on %s:\n got  %s\n want %s", ln, stmt, target, g, want)
		}
	}
	if n == 0 {
		t.Fatal("no cases")
	}
}

// TestAMDSamplesABI parses every AMD sample and checks the launch ABI read
// from its kernel descriptor and metadata against
// testdata/amdgpu/samples_abi.txt.
func TestAMDSamplesABI(t *testing.T) {
	want := map[string]string{}
	f, err := os.Open("../testdata/amdgpu/samples_abi.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, rest, _ := strings.Cut(line, " | ")
		want[name] = rest
	}
	files, _ := filepath.Glob("../samples/amd/*.s")
	if len(files) == 0 {
		t.Fatal("no samples")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".s")
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := Parse(file, src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if len(prog.Kernels) != 1 {
			t.Errorf("%s: %d kernels", file, len(prog.Kernels))
			continue
		}
		got := amdABI(prog.Kernels[0])
		if w, ok := want[name]; !ok {
			t.Errorf("%s: not in samples_abi.txt; it reads %s | %s", file, name, got)
		} else if got != w {
			t.Errorf("%s:\n got  %s\n want %s", file, got, w)
		}
	}
}

// amdABI summarises a kernel's launch ABI.
func amdABI(k *traces.Kernel) string {
	a := k.AMD
	var ps []string
	for _, p := range k.Params {
		kind := p.Type.String()
		if p.Pointer {
			kind = "ptr"
		}
		ps = append(ps, fmt.Sprintf("%s@%d", kind, p.Offset))
	}
	var hs []string
	for _, h := range a.Hidden {
		hs = append(hs, fmt.Sprintf("%s@%d", h.Kind, h.Offset))
	}
	return fmt.Sprintf("%s %s wave%d kernarg=%d usgpr=%d kptr=%v wgid=%v packed=%v arch=%v mode=%#x lds=%d vgpr=%d params=%s hidden=%s",
		k.Name, a.Target, a.WaveSize, a.KernargSize, a.UserSGPRCount, a.KernargSegmentPtr, a.WorkgroupID,
		a.PackedTID, a.ArchitectedSGPRs, a.Mode, a.GroupSegmentSize, a.NextFreeVGPR,
		strings.Join(ps, ","), strings.Join(hs, ","))
}

// TestAMDYAML reads the YAML shapes LLVM writes.
func TestAMDYAML(t *testing.T) {
	doc := `---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .type_name:      'float*'
        .value_kind:     global_buffer
      - .offset:         8
        .size:           4
        .value_kind:     by_value
    .name:           k
    .reqd_workgroup_size: [ 64, 1, 1 ]
    .language_version:
      - 1
      - 2
amdhsa.target:   amdgcn-amd-amdhsa--gfx90a
amdhsa.version:
  - 1
  - 2
...`
	n, err := amdParseYAML(strings.Split(doc, "\n"), 1)
	if err != nil {
		t.Fatal(err)
	}
	ks := n.get("amdhsa.kernels")
	if ks == nil || len(ks.items) != 1 {
		t.Fatalf("kernels: %+v", ks)
	}
	k := ks.items[0]
	args := k.get(".args")
	if len(args.items) != 2 || args.items[0].get(".type_name").scalar() != "float*" || args.items[1].get(".offset").scalar() != "8" {
		t.Errorf("args: %+v", args)
	}
	if k.get(".name").scalar() != "k" || len(k.get(".reqd_workgroup_size").items) != 3 || len(k.get(".language_version").items) != 2 {
		t.Errorf("kernel: %+v", k)
	}
	if n.get("amdhsa.target").scalar() != "amdgcn-amd-amdhsa--gfx90a" || len(n.get("amdhsa.version").items) != 2 {
		t.Errorf("document: %+v", n)
	}
	if _, err := amdParseYAML([]string{"a: 1", "    b: 2"}, 7); err == nil || !strings.Contains(err.Error(), "line 8") {
		t.Errorf("bad indentation: %v", err)
	}
}

// TestAMDSourceLines: .file/.loc (clang -g) give instructions their source
// positions.
func TestAMDSourceLines(t *testing.T) {
	src, err := os.ReadFile("../testdata/amdgpu/debug_gfx1100.s")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := Parse("debug_gfx1100.s", src)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(prog.Files[0], "divergent.cl") || prog.Files[2] != "prelude.h" {
		t.Fatalf("files %v", prog.Files)
	}
	lines := map[int32]bool{}
	for _, in := range prog.Kernels[0].Code {
		if in.Loc.File == 0 {
			lines[in.Loc.Line] = true
		}
	}
	for _, l := range []int32{8, 10, 12} { // the bounds check, the load, the v < 0 branch
		if !lines[l] {
			t.Errorf("no instruction from divergent.cl line %d (have %v)", l, lines)
		}
	}
}
