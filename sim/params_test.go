package sim

import (
	"bytes"
	"encoding/binary"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/traces/ptx"
)

// aggPTX copies its aggregate parameters, byte for byte, to out: a 24-byte
// struct (align 8), a __half (2 bytes, align 2) and a .b32 array of 3.
const aggPTX = `.version 7.8
.target sm_75
.address_size 64
.visible .entry k(.param .align 8 .b8 s[24], .param .align 2 .b8 h[2], .param .b32 arr[3], .param .u64 out)
{
	.reg .b64 %rd<4>;
	.reg .b32 %r<4>;
	.reg .b16 %h<2>;
	ld.param.u64 %rd1, [out];
	ld.param.u64 %rd2, [s];
	st.global.u64 [%rd1], %rd2;
	ld.param.u64 %rd2, [s+8];
	st.global.u64 [%rd1+8], %rd2;
	ld.param.u64 %rd2, [s+16];
	st.global.u64 [%rd1+16], %rd2;
	ld.param.u16 %h1, [h];
	st.global.u16 [%rd1+24], %h1;
	ld.param.u32 %r1, [arr];
	st.global.u32 [%rd1+28], %r1;
	ld.param.u32 %r1, [arr+4];
	st.global.u32 [%rd1+32], %r1;
	ld.param.u32 %r1, [arr+8];
	st.global.u32 [%rd1+36], %r1;
	ret;
}
`

const aggBuffers = `
[buffers.out]
type = "u8"
count = 40
[buffers.p]
type = "f32"
count = 4
`

func runAgg(t *testing.T, args string) ([]byte, *Prepared, error) {
	t.Helper()
	prog, err := ptx.Parse("agg.ptx", []byte(aggPTX))
	if err != nil {
		t.Fatal(err)
	}
	m, err := config.Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := ParseLaunch("agg.launch.toml", []byte(args+aggBuffers))
	if err != nil {
		return nil, nil, err
	}
	p, err := Prepare(prog, m, spec, Overrides{})
	if err != nil {
		return nil, nil, err
	}
	if _, err := RunFunctional(p); err != nil {
		t.Fatal(err)
	}
	out, err := p.Buffer("out")
	return out, p, err
}

// TestAggregateParams fills a struct by fields (C layout with padding and a
// pointer member), a __half by a typed value and a .param array by values,
// and checks the kernel sees those bytes.
func TestAggregateParams(t *testing.T) {
	out, p, err := runAgg(t, `
[[args]]
fields = [
  { name = "tag", type = "i8", value = 81 },
  { name = "count", type = "i32", value = -123 },
  { name = "data", buffer = "p" },
  { name = "small", type = "i16", values = [31000, -2] },
]
[[args]]
value = -2.75
type = "f16"
[[args]]
values = [1, 4294967295, 7]
[[args]]
buffer = "out"
`)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]byte, 40)
	want[0] = 81
	binary.LittleEndian.PutUint32(want[4:], uint32(0xffffff85)) // -123
	binary.LittleEndian.PutUint64(want[8:], p.BufferAddr[1])
	binary.LittleEndian.PutUint16(want[16:], 31000)
	binary.LittleEndian.PutUint16(want[18:], 0xfffe)
	binary.LittleEndian.PutUint16(want[24:], 0xc180) // -2.75 as binary16
	binary.LittleEndian.PutUint32(want[28:], 1)
	binary.LittleEndian.PutUint32(want[32:], math.MaxUint32)
	binary.LittleEndian.PutUint32(want[36:], 7)
	if !bytes.Equal(out, want) {
		t.Errorf("kernel saw\n% x\nwant\n% x", out, want)
	}

	// The same struct as raw bytes.
	raw := `[[args]]
bytes = [` + byteList(want[:24]) + `]
[[args]]
bytes = [0x80, 0xc1]
[[args]]
values = [1, 4294967295, 7]
[[args]]
buffer = "out"
`
	out2, _, err := runAgg(t, raw)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out2, want) {
		t.Errorf("raw bytes: kernel saw\n% x\nwant\n% x", out2, want)
	}
}

func byteList(b []byte) string {
	var parts []string
	for _, x := range b {
		parts = append(parts, strconv.Itoa(int(x)))
	}
	return strings.Join(parts, ", ")
}

// TestAggregateParamErrors checks the launch-time errors of aggregates.
func TestAggregateParamErrors(t *testing.T) {
	rest := "[[args]]\nvalue = 1.0\ntype = \"f16\"\n[[args]]\nvalues = [1, 2, 3]\n[[args]]\nbuffer = \"out\"\n"
	cases := []struct{ first, want string }{
		{"[[args]]\nvalue = 3\n", "agg.launch.toml:1: args[0] (parameter s): a scalar value cannot fill the 24-byte aggregate parameter s; give bytes, values, fields, or a value with a type of that size"},
		{"[[args]]\nbytes = [1, 2, 3]\n", "agg.launch.toml:1: args[0] (parameter s): 3 bytes given, parameter s is 24 bytes"},
		{"[[args]]\nvalues = [1, 2]\n", "agg.launch.toml:1: args[0] (parameter s): 2 values of .b8 (1 bytes each) do not fill parameter s of 24 bytes"},
		{"[[args]]\nvalue = 1\ntype = \"f64\"\n", "agg.launch.toml:1: args[0] (parameter s): type f64 is 8 bytes, parameter s is 24 bytes"},
		{"[[args]]\nfields = [{ name = \"a\", type = \"i8\", value = 1 }, { name = \"b\", type = \"f64\", value = 2 }]\n",
			"agg.launch.toml:1: args[0] (parameter s): fields lay out to 16 bytes (a at 0, b at 8, aligned to 8), parameter s is 24 bytes"},
		{"[[args]]\nfields = [{ type = \"i8\", value = 300 }, { type = \"f64\", values = [1, 2] }]\n",
			"agg.launch.toml:1: args[0] (parameter s): fields[0]: 300 does not fit i8"},
	}
	for _, c := range cases {
		_, _, err := runAgg(t, c.first+rest)
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v\nwant %s", err, c.want)
		}
	}
}

// TestAggregateDefaults runs a kernel with aggregate parameters without a
// launch file: they get zero bytes, and the report says so.
func TestAggregateDefaults(t *testing.T) {
	prog, err := ptx.Parse("agg.ptx", []byte(aggPTX))
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
	if _, err := RunFunctional(p); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(p.Spec.Notes, "; "); !strings.Contains(got, "zero bytes for s, h, arr") {
		t.Errorf("notes: %s", got)
	}
}
