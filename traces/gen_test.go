package traces

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runGen runs the table generator (traces/_gen) on the tables in dir/_gen
// with -check and returns its output and whether it succeeded.
func runGen(t *testing.T, dir string) (string, bool) {
	t.Helper()
	gotool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go tool is not on the PATH")
	}
	cmd := exec.Command(gotool, "run", "./_gen", "-check", "-dir", dir)
	out, err := cmd.CombinedOutput()
	return string(out), err == nil
}

// TestGenerated: the generated tables are those of the committed data
// files (run `go generate ./traces` after editing traces/_gen/*.ops).
func TestGenerated(t *testing.T) {
	if out, ok := runGen(t, "."); !ok {
		t.Fatalf("generated files are out of date:\n%s", out)
	}
}

// TestGeneratorRejects plants bad rows in copies of the tables: the
// generator must fail, naming the file, the line and what is missing.
func TestGeneratorRejects(t *testing.T) {
	ptx, err := os.ReadFile("_gen/ptx.ops")
	if err != nil {
		t.Fatal(err)
	}
	amd, err := os.ReadFile("_gen/amd.ops")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, file, add, want string
	}{
		{"ptx without semantics", "ptx.ops", "op vfoo form=generic mods=type types=b32 dst=t src=t unit=int32 num=int\n", "ptx.ops:%d: vfoo has no semantics (sem=)"},
		{"ptx without a unit", "ptx.ops", "op vfoo form=generic mods=type types=b32 dst=t src=t num=int sem=arith\n", "ptx.ops:%d: vfoo has no unit class (unit=)"},
		{"ptx unknown field", "ptx.ops", "op vfoo form=generic mods=type types=b32 dst=t src=t unit=int32 sem=arith colour=red\n", `ptx.ops:%d: vfoo: unknown field "colour"`},
		{"amd without a unit", "amd.ops", "v_foo_b32 enc=vop1 class=valu sig=vd:b32,vs:b32 type=b32 unit= at=all\n", "amd.ops:%d: v_foo_b32 has no unit class (unit=)"},
		{"amd without semantics", "amd.ops", "v_foo_b32 enc=vop1 class=valu sig=vd:b32,vs:b32 type=b32 sem= at=all\n", "amd.ops:%d: v_foo_b32 has no semantics (sem=)"},
		{"amd unsupported without a reason", "amd.ops", "v_foo_b32 enc=vop1 class=valu sig=vd:b32,vs:b32 type=b32 sem=unsupported at=all\n", `amd.ops:%d: v_foo_b32: sem=unsupported needs why="..."`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "_gen"), 0o755); err != nil {
				t.Fatal(err)
			}
			p, a := string(ptx), string(amd)
			src := &p
			if c.file == "amd.ops" {
				src = &a
			}
			// Plant the row before the first `dual` line (AMD) or at the end
			// of the opcode rows (PTX), and note its line.
			at := strings.Index(*src, "\nunsupported ")
			if c.file == "amd.ops" {
				at = strings.Index(*src, "\ndual ")
			}
			*src = (*src)[:at+1] + c.add + (*src)[at+1:]
			line := strings.Count((*src)[:at+1], "\n") + 1
			for name, text := range map[string]string{"ptx.ops": p, "amd.ops": a} {
				if err := os.WriteFile(filepath.Join(dir, "_gen", name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out, ok := runGen(t, dir)
			want := strings.Replace(c.want, "%d", itoa(line), 1)
			if ok || !strings.Contains(out, want) {
				t.Errorf("generator on a planted row: ok=%v, output:\n%s\nwant it to contain %q", ok, out, want)
			}
		})
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
