package ptx

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// bigKernelPTX generates one kernel of about n lines: straight-line
// arithmetic, loads and stores, and a diamond every few instructions.
func bigKernelPTX(n int) []byte {
	var b strings.Builder
	b.WriteString(".version 7.0\n.target sm_75\n.address_size 64\n\n")
	b.WriteString(".visible .entry big(\n\t.param .u64 big_param_0,\n\t.param .u32 big_param_1\n)\n{\n")
	blocks := n / 12
	fmt.Fprintf(&b, "\t.reg .pred \t%%p<%d>;\n\t.reg .b32 \t%%r<%d>;\n\t.reg .f32 \t%%f<%d>;\n\t.reg .b64 \t%%rd<4>;\n\n", blocks+1, 3*blocks+2, 3*blocks+2)
	b.WriteString("\tld.param.u64 \t%rd1, [big_param_0];\n\tcvta.to.global.u64 \t%rd2, %rd1;\n\tld.param.u32 \t%r1, [big_param_1];\n\tmov.f32 \t%f1, 0f3F800000;\n")
	for i := 1; i <= blocks; i++ {
		r, f := 3*i-1, 3*i-1
		fmt.Fprintf(&b, "\tld.global.f32 \t%%f%d, [%%rd2+%d];\n", f, 4*(i%1024))
		fmt.Fprintf(&b, "\tfma.rn.f32 \t%%f%d, %%f%d, %%f%d, 0f3F000000;\n", f+1, f, f-1)
		fmt.Fprintf(&b, "\tadd.s32 \t%%r%d, %%r%d, %d;\n", r, r-1, i)
		fmt.Fprintf(&b, "\tsetp.lt.s32 \t%%p%d, %%r%d, %%r1;\n", i, r)
		fmt.Fprintf(&b, "\t@%%p%d bra \t$L__BB0_%d;\n", i, i)
		fmt.Fprintf(&b, "// %%bb.%d:\n", i)
		fmt.Fprintf(&b, "\tmul.lo.s32 \t%%r%d, %%r%d, 3;\n", r+1, r)
		fmt.Fprintf(&b, "\tex2.approx.ftz.f32 \t%%f%d, %%f%d;\n", f+2, f+1)
		fmt.Fprintf(&b, "\tst.global.f32 \t[%%rd2+%d], %%f%d;\n", 4*(i%1024), f+2)
		fmt.Fprintf(&b, "$L__BB0_%d:\n", i)
		fmt.Fprintf(&b, "\tmax.s32 \t%%r%d, %%r%d, %%r1;\n", r+2, r)
		fmt.Fprintf(&b, "\tmov.b32 \t%%f%d, %%r%d;\n", f+2, r+2)
	}
	b.WriteString("\tret;\n}\n")
	return []byte(b.String())
}

// manyKernelsPTX repeats the kernels of an LLVM fixture with renamed
// symbols until the module has about n lines.
func manyKernelsPTX(tb testing.TB, n int) []byte {
	src, err := os.ReadFile("../testdata/ptx/float.sm75.ptx")
	if err != nil {
		tb.Fatal(err)
	}
	s := string(src)
	i := strings.Index(s, ".address_size 64")
	header, body := s[:i+len(".address_size 64\n")], s[i+len(".address_size 64\n"):]
	lines := strings.Count(body, "\n")
	names := regexp.MustCompile(`_Z\w+`)
	var b strings.Builder
	b.WriteString(header)
	for c := 0; c*lines < n; c++ {
		b.WriteString(names.ReplaceAllString(body, fmt.Sprintf("${0}_c%d", c)))
	}
	return []byte(b.String())
}

func TestParseLarge(t *testing.T) {
	src := bigKernelPTX(100000)
	p, err := Parse("big.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	k := p.Kernels[0]
	if err := checkKernel(k); err != nil {
		t.Fatal(err)
	}
	if len(k.Code) < 80000 {
		t.Errorf("%d instructions", len(k.Code))
	}
	many := manyKernelsPTX(t, 100000)
	p, err = Parse("many.ptx", many)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Kernels) < 400 {
		t.Errorf("%d kernels", len(p.Kernels))
	}
}

// BenchmarkParsePTX measures the front end on generated 100k-line modules:
// one large kernel, and many LLVM-style kernels.
func BenchmarkParsePTX(b *testing.B) {
	for _, c := range []struct {
		name string
		src  []byte
	}{
		{"bigkernel", bigKernelPTX(100000)},
		{"manykernels", manyKernelsPTX(b, 100000)},
	} {
		b.Run(c.name, func(b *testing.B) {
			lines := strings.Count(string(c.src), "\n")
			b.SetBytes(int64(len(c.src)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := Parse("bench.ptx", c.src); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
		})
	}
}
