package ptx

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"github.com/gpusim/gpusim/traces"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The -update flag rewrites golden files. Another test file of the package
// may register it too; whichever runs first defines it.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// ptxFixtures lists every PTX file the tests parse: the LLVM-generated and
// hand-written fixtures, and the project's samples.
func ptxFixtures(t testing.TB) []string {
	var files []string
	for _, pat := range []string{"../testdata/ptx/*.ptx", "../samples/*.ptx"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d PTX fixtures found", len(files))
	}
	return files
}

func parseFile(t testing.TB, path string) *traces.Program {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(path, src)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return p
}

// TestPTXFixtures parses every fixture and checks the linked kernels'
// invariants: every instruction decoded, every index in range.
func TestPTXFixtures(t *testing.T) {
	for _, path := range ptxFixtures(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			p := parseFile(t, path)
			if p.ISA != traces.ISAPTX || p.Target == "" || p.Version == "" {
				t.Errorf("module header not decoded: %+v", p)
			}
			if len(p.Kernels) == 0 {
				t.Fatal("no kernels")
			}
			for _, k := range p.Kernels {
				if err := checkKernel(k); err != nil {
					t.Errorf("kernel %s: %v", k.Name, err)
				}
			}
		})
	}
}

// checkKernel verifies what every linked kernel must satisfy.
func checkKernel(k *traces.Kernel) error {
	n := int32(len(k.Code))
	if len(k.Funcs) == 0 || k.Funcs[0].Start != 0 || k.Funcs[len(k.Funcs)-1].End != n {
		return fmt.Errorf("function spans %v do not cover %d instructions", k.Funcs, n)
	}
	for i := 1; i < len(k.Funcs); i++ {
		if k.Funcs[i].Start != k.Funcs[i-1].End {
			return fmt.Errorf("function spans not contiguous: %v", k.Funcs)
		}
	}
	if int(k.NumPreds) != len(k.Preds) {
		return fmt.Errorf("NumPreds %d, %d names", k.NumPreds, len(k.Preds))
	}
	opd := func(i int, op traces.Operand) error {
		switch op.Kind {
		case traces.OpdReg:
			if op.Reg < 0 || int(op.Reg) >= len(k.Regs) {
				return fmt.Errorf("%d: register %d out of range", i, op.Reg)
			}
		case traces.OpdPred:
			if op.Reg < 0 || op.Reg >= k.NumPreds {
				return fmt.Errorf("%d: predicate %d out of range", i, op.Reg)
			}
		case traces.OpdMem, traces.OpdSym:
			if op.Reg >= int32(len(k.Regs)) || op.Reg < -1 || (op.Kind == traces.OpdSym && op.Reg != -1) {
				return fmt.Errorf("%d: address register %d out of range", i, op.Reg)
			}
			if op.Reg < 0 {
				var limit uint64
				switch op.Space {
				case traces.SpaceShared:
					limit = k.SharedSize
					for _, v := range k.SharedVars {
						if v.Size == 0 { // dynamic shared memory: no static bound
							return nil
						}
					}
				case traces.SpaceLocal:
					limit = k.LocalSize
				case traces.SpaceParam:
					limit = k.ParamSize
				case traces.SpaceParamFrame:
					limit = k.FrameSize
				default:
					return nil
				}
				if op.Imm >= limit {
					return fmt.Errorf("%d: offset %d beyond the .%s area (%d bytes)", i, op.Imm, op.Space, limit)
				}
			}
		case traces.OpdLabel:
			if op.Imm >= uint64(n) {
				return fmt.Errorf("%d: label index %d out of range", i, op.Imm)
			}
		}
		return nil
	}
	for si, sp := range k.Funcs {
		last := &k.Code[sp.End-1]
		if fallsThrough(last) {
			return fmt.Errorf("%s ends with %q, which falls through", sp.Name, last.Text)
		}
		exit := sp.End
		if si == 0 {
			exit = n
		}
		for i := sp.Start; i < sp.End; i++ {
			in := &k.Code[i]
			if in.Op == traces.OpInvalid || in.Op >= traces.NumPTXOpcodes {
				return fmt.Errorf("%d: undecoded instruction %q", i, in.Text)
			}
			if in.Text == "" || in.Pos.Line == 0 {
				return fmt.Errorf("%d: missing text or position", i)
			}
			if in.NDst > 4 || in.NSrc > 5 {
				return fmt.Errorf("%d: operand counts %d/%d", i, in.NDst, in.NSrc)
			}
			if in.Guard >= k.NumPreds || in.Guard < -1 {
				return fmt.Errorf("%d: guard %d out of range", i, in.Guard)
			}
			for d := 0; d < int(in.NDst); d++ {
				if err := opd(int(i), in.Dst[d]); err != nil {
					return err
				}
			}
			for s := 0; s < int(in.NSrc); s++ {
				if err := opd(int(i), in.Src[s]); err != nil {
					return err
				}
			}
			switch in.Op {
			case traces.OpBra:
				if in.Target < sp.Start || in.Target >= sp.End {
					return fmt.Errorf("%d: branch target %d outside %s", i, in.Target, sp.Name)
				}
				if in.Reconv != exit && (in.Reconv < sp.Start || in.Reconv >= sp.End) {
					return fmt.Errorf("%d: reconvergence %d outside %s", i, in.Reconv, sp.Name)
				}
			case traces.OpCall:
				if in.Target < 0 || int(in.Target) >= len(k.Calls) {
					return fmt.Errorf("%d: call site %d out of range", i, in.Target)
				}
				c := k.Calls[in.Target]
				found := false
				for _, f := range k.Funcs {
					found = found || (f.Start == c.Entry && f.Name == c.Callee)
				}
				if !found {
					return fmt.Errorf("%d: call to %s enters at %d, not a function start", i, c.Callee, c.Entry)
				}
				for _, cp := range append(append([]traces.Copy{}, c.Args...), c.Rets...) {
					if cp.From+cp.Size > k.FrameSize || cp.To+cp.Size > k.FrameSize || cp.Size == 0 {
						return fmt.Errorf("%d: copy %+v outside the %d-byte frame", i, cp, k.FrameSize)
					}
				}
			}
		}
	}
	for _, p := range k.Params {
		if p.Offset%p.Align != 0 || p.Offset+p.Size > k.ParamSize {
			return fmt.Errorf("parameter %s misplaced: %+v", p.Name, p)
		}
	}
	return nil
}

// goldenFiles are the fixtures whose full decoded form is kept in
// testdata/ptx_golden (regenerate with -update after a deliberate change).
var goldenFiles = []string{
	"../testdata/ptx/nvcc_sm75.ptx", "../testdata/ptx/nvcc_sm60.ptx", "../testdata/ptx/nvcc_sm90.ptx",
	"../testdata/ptx/cuobjdump.ptx", "../testdata/ptx/calls.sm75.ptx", "../testdata/ptx/control.sm75.ptx",
	"../testdata/ptx/mem.sm75.ptx", "../testdata/ptx/half.sm75.ptx", "../testdata/ptx/warp.sm90.ptx",
	"../testdata/ptx/control.sm75.g.ptx", "../testdata/ptx/bf16.sm80.ptx",
}

func TestPTXGolden(t *testing.T) {
	for _, path := range goldenFiles {
		t.Run(filepath.Base(path), func(t *testing.T) {
			p := parseFile(t, path)
			var b strings.Builder
			fmt.Fprintf(&b, "target %s version %s address %d globals %d const %d\n", p.Target, p.Version, p.AddressSize, p.GlobalSize, p.ConstSize)
			for _, v := range p.Globals {
				fmt.Fprintf(&b, " global %s .%s @%d size %d align %d init %x\n", v.Name, v.Type, v.Offset, v.Size, v.Align, v.Init)
			}
			for _, v := range p.Consts {
				fmt.Fprintf(&b, " const %s .%s @%d size %d align %d init %x\n", v.Name, v.Type, v.Offset, v.Size, v.Align, v.Init)
			}
			for _, k := range p.Kernels {
				b.WriteString(formatKernel(k))
			}
			got := b.String()
			gold := filepath.Join("../testdata/ptx_golden", strings.TrimSuffix(filepath.Base(path), ".ptx")+".txt")
			if updating() {
				if err := os.WriteFile(gold, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(gold)
			if err != nil {
				t.Fatalf("%v (run go test -run TestPTXGolden -update)", err)
			}
			if got != string(want) {
				gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
				for i := 0; i < len(gl) && i < len(wl); i++ {
					if gl[i] != wl[i] {
						t.Fatalf("%s:%d differs:\n got: %s\nwant: %s", gold, i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("%s: %d lines, want %d", gold, len(gl), len(wl))
			}
		})
	}
}

// wrapBody builds the k.ptx of a `body:` error case: the snippet starts on
// line 12, column 1.
func wrapBody(version, target, body string) string {
	return ".version " + version + "\n" +
		".target " + target + "\n" +
		".address_size 64\n" +
		".visible .entry k(.param .u64 p) {\n" +
		".reg .b32 %r<10>;\n" +
		".reg .pred %p<4>;\n" +
		".reg .f32 %f<8>;\n" +
		".reg .b64 %rd<8>;\n" +
		".reg .b16 %rs<4>;\n" +
		".reg .f64 %fd<4>; .reg .u32 %u<4>;\n" +
		"// the case:\n" +
		body + "\nret;\n}\n" +
		".global .f32 gvar;\n" +
		".func takes1(.param .b32 takes1_p)\n{\nret;\n}\n" +
		".extern .func ext();\n"
}

// wrapTex wraps a body (line 9, column 1) in a module with a .texref t,
// a .surfref s and, in independent mode, a .samplerref smp.
func wrapTex(independent bool, body string) string {
	mode, smp := "", "// no samplers in unified mode\n"
	if independent {
		mode, smp = ", texmode_independent", ".global .samplerref smp;\n"
	}
	return ".version 7.0\n.target sm_75" + mode + "\n.address_size 64\n.global .texref t;\n.global .surfref s;\n" + smp +
		".visible .entry k(.param .u64 p) {\n" +
		".reg .b32 %r<10>; .reg .pred %p<4>; .reg .f32 %f<8>; .reg .b64 %rd<8>; .reg .b16 %rs<4>;\n" +
		body + "\nret;\n}\n"
}

func unescape(s string) string {
	return strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(s)
}

// TestPTXErrors runs the table in testdata/ptx_errors.txt.
func TestPTXErrors(t *testing.T) {
	f, err := os.Open("../testdata/ptx_errors.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	line, cases := 0, 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		kind, rest, ok1 := strings.Cut(text, ": ")
		input, want, ok2 := strings.Cut(rest, " => ")
		if !ok1 || !ok2 {
			t.Fatalf("ptx_errors.txt:%d: malformed case", line)
		}
		cases++
		path, src := "k.ptx", ""
		switch kind {
		case "body":
			src = wrapBody("7.0", "sm_75", unescape(input))
		case "sm70":
			src = wrapBody("7.0", "sm_70", unescape(input))
		case "sm90":
			src = wrapBody("7.8", "sm_90", unescape(input))
		case "ptx65":
			src = wrapBody("6.5", "sm_75", unescape(input))
		case "module":
			src = unescape(input)
		case "tex":
			src = wrapTex(false, unescape(input))
		case "texind":
			src = wrapTex(true, unescape(input))
		case "file":
			b, err := os.ReadFile(filepath.Join("../testdata/ptx_errors", input))
			if err != nil {
				t.Fatal(err)
			}
			path, src = input, string(b)
		default:
			t.Fatalf("ptx_errors.txt:%d: unknown kind %q", line, kind)
		}
		_, err := Parse(path, []byte(src))
		got := "<no error>"
		if err != nil {
			got = err.Error()
			var pe *traces.Error
			if !errors.As(err, &pe) {
				t.Errorf("ptx_errors.txt:%d: error is %T, not *Error", line, err)
			}
		}
		if got != want {
			t.Errorf("ptx_errors.txt:%d: %s\n got: %s\nwant: %s", line, input, got, want)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cases < 30 {
		t.Errorf("only %d error cases", cases)
	}
}
