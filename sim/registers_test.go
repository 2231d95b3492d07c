package sim

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces/ptx"
)

// wideKernel loads n values and then sums them: n registers live at once.
func wideKernel(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".version 7.0\n.target sm_75\n.address_size 64\n.visible .entry wide(.param .u64 p)\n{\n\t.reg .b32 %%r<%d>;\n\t.reg .b64 %%rd<2>;\n\tld.param.u64 %%rd1, [p];\n", n)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "\tld.global.u32 %%r%d, [%%rd1+%d];\n", i, 4*i)
	}
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "\tadd.u32 %%r0, %%r0, %%r%d;\n", i)
	}
	b.WriteString("\tst.global.u32 [%rd1], %r0;\n\tret;\n}\n")
	return b.String()
}

// TestEstimateRunsAtLimit: a kernel whose register estimate exceeds what a
// thread may have runs at the limit (as ptxas would spill), and the report
// says so, instead of being refused.
func TestEstimateRunsAtLimit(t *testing.T) {
	prog, err := ptx.Parse("wide.ptx", []byte(wideKernel(300)))
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(prog, m, nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := RunTiming(p, TimingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	o := st.Timing.Occupancy
	if o.Registers != m.SM.RegistersPerThread || !strings.Contains(o.RegistersFrom, "run at the limit of 255: ptxas would spill") {
		t.Errorf("registers %d from %q", o.Registers, o.RegistersFrom)
	}
}

// TestPtxasRegisters takes a kernel's registers from ptxas -v (skipped
// without ptxas): the count equals what ptxas itself prints, and a second
// call comes from the cache with the same answer.
func TestPtxasRegisters(t *testing.T) {
	path, err := exec.LookPath("ptxas")
	if err != nil {
		t.Skip("ptxas not installed")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	src := []byte(wideKernel(40))
	prog, err := ptx.Parse("wide.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvPtxas, path)
	for i := 0; i < 2; i++ {
		p, err := Prepare(prog, m, nil, Overrides{})
		if err != nil {
			t.Fatal(err)
		}
		p.UsePtxas(src)
		_, o, err := p.Occupancy(32)
		if err != nil {
			t.Fatal(err)
		}
		want := ptxasUsed(t, path, src)
		if o.Registers != want || o.RegistersFrom != "ptxas -v, sm_75" {
			t.Errorf("run %d: %d registers from %q, ptxas says %d", i, o.Registers, o.RegistersFrom, want)
		}
	}
	t.Setenv(EnvPtxas, "off")
	p, _ := Prepare(prog, m, nil, Overrides{})
	p.UsePtxas(src)
	if _, o, _ := p.Occupancy(32); o.RegistersFrom != "estimate" {
		t.Errorf("with %s=off: registers from %q", EnvPtxas, o.RegistersFrom)
	}
}

// ptxasUsed runs ptxas -v itself and reads "Used N registers".
func ptxasUsed(t *testing.T, ptxas string, src []byte) int {
	t.Helper()
	dir := t.TempDir()
	f := dir + "/k.ptx"
	if err := writeFile(f, src); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(ptxas, "-v", "-arch=sm_75", f, "-o", dir+"/k.cubin").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	mm := regexp.MustCompile(`Used (\d+) registers`).FindSubmatch(out)
	if mm == nil {
		t.Fatalf("no register count in\n%s", out)
	}
	n, _ := strconv.Atoi(string(mm[1]))
	return n
}

func writeFile(path string, b []byte) error { return os.WriteFile(path, b, 0o644) }
