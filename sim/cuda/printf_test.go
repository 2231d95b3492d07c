package cuda

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var updatePrintf = flag.Bool("update-printf", false, "rewrite testdata/printf_golden.txt from the C library's printf")

// printfArg is one argument as a C caller passes it: kind i (int), l (long
// long), d (double), s (string), p (pointer).
type printfArg struct {
	kind byte
	i    int64
	d    float64
	s    string
}

func I(v int64) printfArg   { return printfArg{kind: 'i', i: v} }
func L(v int64) printfArg   { return printfArg{kind: 'l', i: v} }
func D(v float64) printfArg { return printfArg{kind: 'd', d: v} }
func S(v string) printfArg  { return printfArg{kind: 's', s: v} }
func P(v int64) printfArg   { return printfArg{kind: 'p', i: v} }

type printfCase struct {
	format string
	args   []printfArg
}

// printfCases cover every conversion with flags, widths and precisions.
func printfCases() []printfCase {
	c := func(f string, a ...printfArg) printfCase { return printfCase{f, a} }
	nan := math.NaN()
	return []printfCase{
		c("plain text\n"),
		c("100%% sure"),
		c("%d %i %u", I(-42), I(7), I(-1)),
		c("[%5d] [%-5d] [%05d] [%+d] [% d] [%+05d]", I(42), I(42), I(42), I(42), I(42), I(-42)),
		c("[%.3d] [%8.3d] [%-8.3d] [%.0d] [%5.0d]", I(7), I(-7), I(7), I(0), I(0)),
		c("%x %X %#x %#X %o %#o %#o", I(255), I(255), I(255), I(255), I(8), I(8), I(0)),
		c("[%#8x] [%#08x] [%-#8x] [%.4x] [%#.4x]", I(0xbeef), I(0xbeef), I(0xbeef), I(0xab), I(0xab)),
		c("%ld %lld %lu %llx %lX", L(-9000000000), L(123456789012345), L(-1), L(0xdeadbeefcafe), L(0x1f)),
		c("%hd %hu %hhd %hhu %hx", I(70000), I(70000), I(200), I(300), I(-1)),
		c("%c%c%c [%3c] [%-3c]", I('G'), I('P'), I('U'), I('x'), I('y')),
		c("%s, %s!", S("hello"), S("world")),
		c("[%10s] [%-10s] [%.3s] [%10.2s]", S("right"), S("left"), S("truncate"), S("ab")),
		c("[%s] [%.3s] [%8s]", P(0), P(0), P(0)),
		c("%p %p", P(0x7f00deadbeef), P(0)),
		c("[%18p] [%-18p]", P(0x1234), P(0x1234)),
		c("%f %f %f %f", D(1.5), D(-0.0), D(3.14159265358979), D(1e20)),
		c("%.0f %.1f %.2f %.2f %.3f", D(2.5), D(0.05), D(0.125), D(0.375), D(1.0005)),
		c("[%10.3f] [%-10.3f] [%010.3f] [%+.2f] [% .2f] [%#.0f]", D(3.14159), D(3.14159), D(-3.14159), D(1), D(1), D(3)),
		c("%e %E %.2e %.0e %#.0e", D(12345.678), D(0.000123), D(-1.005), D(5e-300), D(7)),
		c("[%12.4e] [%-12.4e] [%012.4e]", D(6.02214076e23), D(1.6e-19), D(-2.5)),
		c("%g %g %g %g %g %g", D(100000), D(1000000), D(0.0001), D(0.00001), D(123.456), D(0)),
		c("%g %G %.3g %.10g %#g %#.3g", D(1.5e-5), D(2.5e20), D(3.14159), D(1.0/3), D(1), D(100)),
		c("[%10g] [%-10g] [%010g] [%.0g] [%.1g]", D(3.5), D(3.5), D(-3.5), D(25), D(0.95)),
		c("%f %e %g %F %E %G", D(math.Inf(1)), D(math.Inf(-1)), D(nan), D(math.Inf(1)), D(nan), D(math.Inf(-1))),
		c("[%8f] [%-8f] [%08f] [%+f]", D(math.Inf(1)), D(nan), D(math.Inf(-1)), D(math.Inf(1))),
		c("%f %e %G [%6g]", D(math.Copysign(nan, -1)), D(math.Copysign(nan, -1)), D(math.Copysign(nan, -1)), D(math.Copysign(nan, -1))),
		c("%a %a %a %a %A", D(1), D(0.5), D(-3.75), D(0.1), D(255)),
		c("%.2a %.0a %.1a %#a %a", D(1.999), D(1.5), D(1.96875), D(1), D(0)),
		c("%a %a", D(4.9e-324), D(1.7976931348623157e308)),
		c("[%*d] [%-*d] [%.*f] [%*.*e]", I(6), I(42), I(6), I(42), I(2), D(3.14159), I(12), I(3), D(1234.5)),
		c("[%*d] [%.*d]", I(-6), I(42), I(-1), I(5)),
		c("%d %f %d %s %ld", I(1), D(2.5), I(3), S("four"), L(5)),
		c("tab\there, newline\nand 100%%"),
		c("%d%%", I(50)),
	}
}

// packArgs lays the arguments out as nvcc's vprintf buffer: each at the
// next offset aligned to its size. Strings get fake device addresses that
// the returned reader resolves.
func packArgs(args []printfArg) ([]byte, StringReader) {
	var buf []byte
	strs := map[uint64]string{}
	put := func(n int, v uint64) {
		for len(buf)%n != 0 {
			buf = append(buf, 0xcc) // padding bytes the formatter must skip
		}
		b := make([]byte, n)
		if n == 8 {
			binary.LittleEndian.PutUint64(b, v)
		} else {
			binary.LittleEndian.PutUint32(b, uint32(v))
		}
		buf = append(buf, b...)
	}
	for i, a := range args {
		switch a.kind {
		case 'i':
			put(4, uint64(a.i))
		case 'l', 'p':
			put(8, uint64(a.i))
		case 'd':
			put(8, math.Float64bits(a.d))
		case 's':
			addr := uint64(0x5000_0000 + 0x100*i)
			strs[addr] = a.s
			put(8, addr)
		}
	}
	return buf, func(addr uint64) (string, bool) {
		s, ok := strs[addr]
		return s, ok
	}
}

func formatCase(c printfCase) string {
	buf, rd := packArgs(c.args)
	return FormatPrintf(c.format, buf, rd)
}

const goldenPrintf = "testdata/printf_golden.txt"

// TestPrintfGolden compares the formatter with glibc's printf output for
// the same cases, kept in testdata/printf_golden.txt.
func TestPrintfGolden(t *testing.T) {
	want := readPrintfGolden(t)
	cases := printfCases()
	if len(want) != len(cases) {
		t.Fatalf("%s has %d cases, the test %d: run go test -run TestPrintfAgainstC -update-printf", goldenPrintf, len(want), len(cases))
	}
	for i, c := range cases {
		if got := formatCase(c); got != want[i] {
			t.Errorf("case %d %q:\n got %q\nwant %q", i, c.format, got, want[i])
		}
	}
}

func readPrintfGolden(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(goldenPrintf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			t.Fatalf("%s: %v", goldenPrintf, err)
		}
		out = append(out, s)
	}
	return out
}

// TestPrintfAgainstC prints every case with the C library (when a C
// compiler is installed) and checks the golden file holds what it prints;
// -update-printf rewrites the file.
func TestPrintfAgainstC(t *testing.T) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	var src strings.Builder
	src.WriteString("#include <stdio.h>\nint main(void) {\n")
	for _, c := range printfCases() {
		fmt.Fprintf(&src, "\tprintf(%s", cQuote(c.format))
		for _, a := range c.args {
			switch a.kind {
			case 'i':
				fmt.Fprintf(&src, ", (int)%d", a.i)
			case 'l':
				fmt.Fprintf(&src, ", (long long)%dLL", a.i)
			case 'p':
				fmt.Fprintf(&src, ", (void *)%dLL", a.i)
			case 'd':
				fmt.Fprintf(&src, ", %s", cDouble(a.d))
			case 's':
				fmt.Fprintf(&src, ", %s", cQuote(a.s))
			}
		}
		src.WriteString(");\n\tputchar(0);\n")
	}
	src.WriteString("\treturn 0;\n}\n")
	cfile, bin := filepath.Join(dir, "p.c"), filepath.Join(dir, "p")
	if err := os.WriteFile(cfile, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(cc, "-w", "-o", bin, cfile, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("cc: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if *updatePrintf {
		var b strings.Builder
		b.WriteString("# What glibc's printf prints for each case of printfCases (printf_test.go),\n")
		b.WriteString("# one Go-quoted line per case. Regenerate: go test -run TestPrintfAgainstC -update-printf\n")
		for _, s := range got {
			b.WriteString(strconv.Quote(s) + "\n")
		}
		if err := os.WriteFile(goldenPrintf, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := readPrintfGolden(t)
	if len(got) != len(want) {
		t.Fatalf("C printed %d cases, %s has %d", len(got), goldenPrintf, len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("case %d: C printf gives %q, %s says %q", i, got[i], goldenPrintf, want[i])
		}
	}
}

func cQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range []byte(s) {
		switch c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func cDouble(x float64) string {
	switch {
	case math.IsNaN(x) && math.Signbit(x):
		return "(-__builtin_nan(\"\"))"
	case math.IsNaN(x):
		return "__builtin_nan(\"\")"
	case math.IsInf(x, 1):
		return "(1.0/0.0)"
	case math.IsInf(x, -1):
		return "(-1.0/0.0)"
	case x == 0 && math.Signbit(x):
		return "(-0.0)"
	}
	return strconv.FormatFloat(x, 'x', -1, 64) // hex: exact
}

// TestPrintfArgLimits checks the guide's limits: at most 32 arguments, and
// a buffer shorter than the format asks prints the rest as written.
func TestPrintfArgLimits(t *testing.T) {
	var args []printfArg
	format := ""
	for i := 0; i < 34; i++ {
		format += "%d,"
		args = append(args, I(int64(i)))
	}
	buf, rd := packArgs(args)
	got := FormatPrintf(format, buf, rd)
	want := ""
	for i := 0; i < 32; i++ {
		want += strconv.Itoa(i) + ","
	}
	want += "%d,%d,"
	if got != want {
		t.Errorf("34 arguments:\n got %q\nwant %q", got, want)
	}
	buf, rd = packArgs([]printfArg{I(1)})
	if got := FormatPrintf("%d %d %f", buf, rd); got != "1 %d %f" {
		t.Errorf("short buffer: got %q", got)
	}
	if got := FormatPrintf("%q %5k", nil, rd); got != "%q %5k" {
		t.Errorf("unknown conversions: got %q", got)
	}
}
