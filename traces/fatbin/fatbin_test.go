package fatbin

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/diag"
)

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// code is PTX without comments, blank lines and runs of white space: the
// fatbin stores the PTX that nvcc -ptx writes with those squeezed out.
func code(b []byte) string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if i := strings.Index(l, "//"); i >= 0 {
			l = l[:i]
		}
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func TestParseFixtures(t *testing.T) {
	cases := []struct {
		file  string
		want  []string // entry names in order
		comp  []bool
		pick  int // arch of the PTX picked for sm_75
		match string
	}{
		{"default.fatbin", []string{"ELF sm_75", "PTX compute_75 (ISA 7.8)"}, []bool{false, true}, 75, "vecadd_75.ptx"},
		{"plain.fatbin", []string{"ELF sm_75", "PTX compute_75 (ISA 7.8)"}, []bool{false, false}, 75, "vecadd_75.ptx"},
		{"multi.fatbin", []string{"PTX compute_52 (ISA 7.8)", "PTX compute_75 (ISA 7.8)", "ELF sm_75", "PTX compute_80 (ISA 7.8)"},
			[]bool{true, true, true, true}, 75, "vecadd_75.ptx"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			b := readFixture(t, c.file)
			f, err := Parse("app", b)
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Entries) != len(c.want) {
				t.Fatalf("%d entries, want %d", len(f.Entries), len(c.want))
			}
			for i := range f.Entries {
				e := &f.Entries[i]
				if e.Name() != c.want[i] || e.Compressed != c.comp[i] {
					t.Errorf("entry %d: %s compressed=%v, want %s compressed=%v", i, e.Name(), e.Compressed, c.want[i], c.comp[i])
				}
				data, err := f.Payload(e)
				if err != nil {
					t.Fatalf("entry %d: %v", i, err)
				}
				if e.Kind == KindELF && !bytes.HasPrefix(data, []byte("\x7fELF")) {
					t.Errorf("entry %d: payload is not an ELF image", i)
				}
			}
			e, err := f.PickPTX(75)
			if err != nil {
				t.Fatal(err)
			}
			if e.Arch != c.pick {
				t.Errorf("picked compute_%d, want compute_%d", e.Arch, c.pick)
			}
			ptx, err := f.Payload(e)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := code(ptx), code(readFixture(t, c.match)); got != want {
				t.Errorf("decompressed PTX differs from %s:\n%s\n---- want\n%s", c.match, got, want)
			}
		})
	}
}

func TestPickPTX(t *testing.T) {
	f, err := Parse("app", readFixture(t, "multi.fatbin"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ max, want int }{{52, 52}, {61, 52}, {75, 75}, {86, 80}, {90, 80}} {
		e, err := f.PickPTX(c.max)
		if err != nil {
			t.Fatalf("max %d: %v", c.max, err)
		}
		if e.Arch != c.want {
			t.Errorf("max %d: picked compute_%d, want compute_%d", c.max, e.Arch, c.want)
		}
	}
	_, err = f.PickPTX(50)
	want := "app: fatbin: no PTX for compute capability 5.0 or lower (the program embeds PTX compute_52 (ISA 7.8), PTX compute_75 (ISA 7.8), ELF sm_75, PTX compute_80 (ISA 7.8)); gpusim runs PTX: build with -arch=sm_XX or -gencode arch=compute_XX,code=compute_XX"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestWrapper(t *testing.T) {
	b := make([]byte, WrapperSize)
	binary.LittleEndian.PutUint32(b, WrapperMagic)
	binary.LittleEndian.PutUint32(b[4:], 1)
	binary.LittleEndian.PutUint64(b[8:], 0x1234)
	w, err := ParseWrapper("app", b)
	if err != nil || w.Data != 0x1234 {
		t.Fatalf("got %+v, %v", w, err)
	}
	for _, c := range []struct {
		edit func([]byte)
		want string
	}{
		{func(b []byte) { b[0] = 0 }, "app: fatbin wrapper: magic 0x46624300, want 0x466243b1"},
		{func(b []byte) { b[4] = 2 }, "app: fatbin wrapper: version 2 (relocatable device code, nvcc -rdc) needs device linking, which gpusim does not do; build without -rdc"},
		{func(b []byte) { b[4] = 9 }, "app: fatbin wrapper: unknown version 9"},
		{func(b []byte) { clear(b[8:16]) }, "app: fatbin wrapper: null data pointer"},
	} {
		bb := append([]byte(nil), b...)
		c.edit(bb)
		_, err := ParseWrapper("app", bb)
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v, want %s", err, c.want)
		}
		var de *diag.Error
		if !errors.As(err, &de) {
			t.Errorf("%v is not a *diag.Error", err)
		}
	}
}

// TestCorrupt checks positioned errors for damaged containers.
func TestCorrupt(t *testing.T) {
	good := readFixture(t, "default.fatbin")
	cases := []struct {
		edit func([]byte) []byte
		want string
	}{
		{func(b []byte) []byte { b[0] ^= 1; return b }, "app: fatbin offset 0x0: magic 0xba55ed51, want 0xba55ed50"},
		{func(b []byte) []byte { return b[:100] }, "app: fatbin offset 0x0: container of 4920 bytes is cut short at 100"},
		{func(b []byte) []byte { binary.LittleEndian.PutUint32(b[16+4:], 8); return b }, "app: fatbin offset 0x10: entry header size 8 outside [64, 4904]"},
		{func(b []byte) []byte { binary.LittleEndian.PutUint64(b[16+8:], 1<<40); return b },
			"app: fatbin offset 0x10: ELF entry payload of 1099511627776 bytes runs past the container end (4840 bytes left)"},
	}
	for _, c := range cases {
		b := c.edit(append([]byte(nil), good...))
		_, err := Parse("app", b)
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v\nwant %s", err, c.want)
		}
	}
	// A damaged compressed PTX payload fails at decompression.
	f, err := Parse("app", good)
	if err != nil {
		t.Fatal(err)
	}
	e := f.Entries[1]
	e.Raw = e.Raw[:len(e.Raw)/2] // cut in the middle of a sequence or short of the stated size
	if _, err := f.Payload(&e); err == nil || !strings.HasPrefix(err.Error(), "app: fatbin offset 0x1078: PTX compute_75 (ISA 7.8) entry: LZ4 block") {
		t.Errorf("got %v", err)
	}
}

func TestLZ4(t *testing.T) {
	cases := []struct {
		src  []byte
		size int
		want string
		err  string
	}{
		{[]byte{0x50, 'h', 'e', 'l', 'l', 'o'}, 5, "hello", ""},
		// "ab" then a match of 6 at offset 2 (overlapping), then "c".
		{[]byte{0x22, 'a', 'b', 2, 0, 0x10, 'c'}, 9, "abababab" + "c", ""},
		// 15+3 literals through a continuation byte.
		{append([]byte{0xf0, 3}, []byte("abcdefghijklmnopqr")...), 18, "abcdefghijklmnopqr", ""},
		// a match length of 4+15+255+1 = 275 through two continuation bytes.
		{[]byte{0x1f, 'x', 1, 0, 255, 1, 0x00}, 276, strings.Repeat("x", 276), ""},
		{[]byte{0x10, 'a', 5, 0}, 10, "", "LZ4 block offset 2: match offset 5 outside the 1 bytes decoded so far"},
		{[]byte{0x10, 'a', 0, 0}, 10, "", "LZ4 block offset 2: match offset 0 outside the 1 bytes decoded so far"},
		{[]byte{0x50, 'a'}, 5, "", "LZ4 block offset 1: 5 literals but 1 bytes left"},
		{[]byte{0x30, 'a', 'b', 'c'}, 2, "", "LZ4 block offset 1: output grows past the stated 2 bytes"},
		{[]byte{0x10, 'a', 1}, 9, "", "LZ4 block offset 2: match offset cut short"},
		{[]byte{0xf0}, 9, "", "LZ4 block offset 1: length cut short"},
		{[]byte{0x20, 'a', 'b'}, 3, "", "LZ4 block: decoded 2 bytes, the header says 3"},
	}
	for _, c := range cases {
		got, err := decodeLZ4(c.src, c.size)
		switch {
		case c.err != "":
			if err == nil || err.Error() != c.err {
				t.Errorf("%x: got %v, want error %q", c.src, err, c.err)
			}
		case err != nil:
			t.Errorf("%x: %v", c.src, err)
		case string(got) != c.want:
			t.Errorf("%x: got %q, want %q", c.src, got, c.want)
		}
	}
}

// TestNvccLive builds the fixtures' source again when nvcc is present and
// checks that this reader takes the result apart the same way.
func TestNvccLive(t *testing.T) {
	if _, err := exec.LookPath("nvcc"); err != nil {
		t.Skip("nvcc not installed")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "x.fatbin")
	cmd := exec.Command("nvcc", "-arch=sm_75", "-Xfatbin", "-compress-all", "-fatbin", "-o", out, filepath.Join("testdata", "vecadd.cu"))
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvcc: %v\n%s", err, msg)
	}
	f, err := Parse("x", readFile(t, out))
	if err != nil {
		t.Fatal(err)
	}
	e, err := f.PickPTX(75)
	if err != nil {
		t.Fatal(err)
	}
	ptx, err := f.Payload(e)
	if err != nil {
		t.Fatal(err)
	}
	if code(ptx) != code(readFixture(t, "vecadd_75.ptx")) {
		t.Errorf("decompressed PTX of a fresh build differs from vecadd_75.ptx")
	}
	for i := range f.Entries {
		if _, err := f.Payload(&f.Entries[i]); err != nil {
			t.Errorf("entry %d: %v", i, err)
		}
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
