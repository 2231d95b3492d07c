package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// formByName finds a form by its summary name.
func formByName(t *testing.T, where, name string) *Form {
	t.Helper()
	for _, f := range allForms() {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("%s: no form %q", where, name)
	return nil
}

// Each record probe calls the model it names, with gpusim's rounding and NaN
// policy for the instruction (testdata/probe_cases.txt).
func TestProbeCases(t *testing.T) {
	for _, c := range readCases(t, "testdata/probe_cases.txt") {
		where := "probe_cases.txt:" + strconv.Itoa(c.line)
		if len(c.fields) != 3 {
			t.Fatalf("%s: want form | input | output", where)
		}
		f := formByName(t, where, c.fields[0])
		in, err := f.parseInput(c.fields[1])
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		want, err := strconv.ParseUint(c.fields[2], 0, 64)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if got := f.EvalBytes(in); got != want {
			t.Errorf("%s: %s(%s) = %s, want %s", where, f.Name, c.fields[1], hexWord(got, f.Width), c.fields[2])
		}
		if s := f.formatInput(in); s != c.fields[1] {
			t.Errorf("%s: input round trip gives %s", where, s)
		}
	}
}

// hasInputs reports which of the wanted inputs appear among the first n
// records of f.
func firstInputs(f *Form, n uint64) map[string]bool {
	seen := map[string]bool{}
	for i := range n {
		seen[string(f.InputBytes(i))] = true
	}
	return seen
}

// Every special value is among each record probe's inputs, and the
// generators are reproducible and give each form its own random inputs.
func TestProbeInputsCoverSpecials(t *testing.T) {
	enc := func(w int, vs ...uint64) string {
		b := make([]byte, w*len(vs))
		for k, v := range vs {
			putN(b[k*w:], w, v)
		}
		return string(b)
	}
	for id := FormRcpF32; id <= FormSqrtRnF32; id++ {
		f := &forms[id]
		seen := firstInputs(f, 256)
		for _, v := range specialsF32() {
			if !seen[enc(4, uint64(v))] {
				t.Errorf("%s: special 0x%08x missing", f.Name, v)
			}
		}
	}
	div := firstInputs(&forms[FormDivRnF32], uint64(4*len(divMagnitudes)*len(divMagnitudes)))
	for _, a := range divMagnitudes {
		for _, b := range divMagnitudes {
			for _, sign := range []uint64{0, 0x80000000} {
				if !div[enc(4, uint64(a)|sign, uint64(b))] || !div[enc(4, uint64(a), uint64(b)|sign)] {
					t.Errorf("div.rn.f32: pair 0x%08x / 0x%08x (sign 0x%x) missing", a, b, sign)
				}
			}
		}
	}
	fma := firstInputs(&forms[FormFmaF64], uint64(len(f64Values)*len(f64Values)*len(f64Values)))
	for _, a := range f64Values {
		for _, c := range f64Values {
			if !fma[enc(8, a, 0x3ff0000000000000, c)] || !fma[enc(8, 0, 0x7ff0000000000000, c)] {
				t.Errorf("fma.rn.f64: combination with a=%#x c=%#x missing", a, c)
			}
		}
	}
	for _, id := range []FormID{FormDivS32, FormRemU64} {
		f := &forms[id]
		edges := intEdges32
		if f.OperandWidth == 8 {
			edges = intEdges64
		}
		seen := firstInputs(f, uint64(len(edges)*len(edges)))
		for _, a := range edges {
			if !seen[enc(f.OperandWidth, a, 0)] {
				t.Errorf("%s: %#x / 0 missing", f.Name, a)
			}
		}
	}
	// Reproducible, and the random parts differ between forms.
	a, b := forms[FormSinF32].InputBytes(4_000_000), forms[FormSinF32].InputBytes(4_000_000)
	if !bytes.Equal(a, b) || bytes.Equal(a, forms[FormCosF32].InputBytes(4_000_000)) {
		t.Errorf("generator: %x %x %x", a, b, forms[FormCosF32].InputBytes(4_000_000))
	}
}

// Input files hold exactly the generated inputs; damaged ones are refused
// with the offset of the fault.
func TestInputFiles(t *testing.T) {
	dir := t.TempDir()
	for _, id := range []FormID{FormDivRnF32, FormFmaF64, FormMmaTF32K8} {
		f := &forms[id]
		path, err := WriteInputs(dir, f, 100)
		if err != nil {
			t.Fatal(err)
		}
		g, data, err := readInputs(path)
		if err != nil || g != f || len(data) != 100*f.InWidth {
			t.Fatalf("%s: %v, form %v, %d bytes", path, err, g, len(data))
		}
		for i := range uint64(100) {
			if !bytes.Equal(data[i*uint64(f.InWidth):(i+1)*uint64(f.InWidth)], f.InputBytes(i)) {
				t.Fatalf("%s: record %d differs from the generator", path, i)
			}
		}
	}
	good, err := os.ReadFile(filepath.Join(dir, forms[FormDivRnF32].Slug+inputsExt))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func([]byte) []byte
		want string
	}{
		{"short", func(b []byte) []byte { return b[:10] }, "offset 0: short header"},
		{"magic", func(b []byte) []byte { b[0] = 'X'; return b }, "offset 0: bad magic"},
		{"version", func(b []byte) []byte { b[4] = 9; return b }, "offset 4: version 9"},
		{"sweep form", func(b []byte) []byte { b[6] = 1; return b }, "offset 6: form id 1 has no records"},
		{"width", func(b []byte) []byte { b[8] = 4; return b }, "offset 8: div.rn.f32: widths 4+0, want 8+0"},
		{"count", func(b []byte) []byte { put64(b[16:], 0); return b }, "offset 16"},
		{"truncated", func(b []byte) []byte { return b[:len(b)-1] }, "file holds"},
	} {
		path := filepath.Join(dir, c.name+".in")
		if err := os.WriteFile(path, c.edit(append([]byte(nil), good...)), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := readInputs(path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

// A record whose input is not the generated one is counted and listed, and
// its output is still compared on the input received.
func TestInputMismatchReported(t *testing.T) {
	f := &forms[FormRcpF32]
	buf := synthPayload(nil, f, 0, 64, nil)
	w := f.RecordWidth()
	put32(buf[10*w:], 0x40000000)   // record 10's input becomes 2.0 ...
	put32(buf[10*w+4:], 0x3f000000) // ... and its output 1/2: consistent, so no mismatch
	var acc formAcc
	acc.checkChunk(f, 0, buf, nil, nil, 10)
	if acc.inputMismatches != 1 || acc.mismatches != 0 || len(acc.firstInputs) != 1 || acc.firstInputs[0].Index != 10 {
		t.Errorf("input mismatches %d (%+v), output mismatches %d", acc.inputMismatches, acc.firstInputs, acc.mismatches)
	}
}
