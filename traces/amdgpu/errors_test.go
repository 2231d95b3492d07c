package amdgpu

import (
	"bufio"
	"fmt"
	"github.com/gpusim/gpusim/traces"
	"os"
	"strconv"
	"strings"
	"testing"
)

// amdKernelFile wraps statements into a minimal kernel for target: the
// statements start at line 5, column 2.
func amdKernelFile(target string, stmts ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\t.amdgcn_target \"amdgcn-amd-amdhsa--%s\"\n\t.text\n\t.globl k\nk:\n", target)
	for _, s := range stmts {
		b.WriteString("\t" + s + "\n")
	}
	b.WriteString("\ts_endpgm\n\t.section .rodata,\"a\",@progbits\n\t.amdhsa_kernel k\n")
	b.WriteString("\t\t.amdhsa_next_free_vgpr 8\n\t\t.amdhsa_next_free_sgpr 8\n")
	if !strings.HasPrefix(target, "gfx9") {
		b.WriteString("\t\t.amdhsa_wavefront_size32 1\n")
	}
	b.WriteString("\t.end_amdhsa_kernel\n")
	return b.String()
}

// TestAMDErrors runs testdata/amdgpu/errors.txt: every case must fail with
// file:line:col and a message naming the target and the instruction.
func TestAMDErrors(t *testing.T) {
	f, err := os.Open("../testdata/amdgpu/errors.txt")
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
		parts := strings.SplitN(line, " | ", 4)
		if len(parts) != 4 {
			t.Fatalf("errors.txt:%d: want target | instruction | column | message", ln)
		}
		target, stmt, want := parts[0], parts[1], parts[3]
		col, err := strconv.Atoi(parts[2])
		if err != nil {
			t.Fatalf("errors.txt:%d: bad column %q", ln, parts[2])
		}
		n++
		t.Run(fmt.Sprintf("%d_%s", ln, target), func(t *testing.T) {
			_, err := Parse("k.s", []byte(amdKernelFile(target, stmt)))
			if err == nil {
				t.Fatalf("%s on %s: no error, want %q", stmt, target, want)
			}
			e, ok := err.(*traces.Error)
			if !ok {
				t.Fatalf("error %v is a %T, want *traces.Error", err, err)
			}
			prefix := fmt.Sprintf("k.s:5:%d: ", col)
			if got := e.Error(); !strings.HasPrefix(got, prefix) || !strings.Contains(got, want) {
				t.Errorf("%s on %s:\n got  %s\n want %s...%s", stmt, target, got, prefix, want)
			}
		})
	}
	if n < 15 {
		t.Fatalf("only %d cases", n)
	}
}
