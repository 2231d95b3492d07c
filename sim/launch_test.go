package sim

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/diag"
)

// TestLaunchErrors checks that every bad launch file in
// testdata/launch_errors.txt gives exactly the expected message.
func TestLaunchErrors(t *testing.T) {
	f, err := os.Open("testdata/launch_errors.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for line := 0; sc.Scan(); {
		line++
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		src, want, ok := strings.Cut(text, " | ")
		if !ok {
			t.Fatalf("launch_errors.txt:%d: no ' | ' separator", line)
		}
		src = strings.ReplaceAll(src, `\n`, "\n")
		want = strings.ReplaceAll(want, "FILE", "bad.launch.toml")
		_, err := ParseLaunch("bad.launch.toml", []byte(src))
		n++
		if err == nil {
			t.Errorf("launch_errors.txt:%d: no error, want %q", line, want)
			continue
		}
		if err.Error() != want {
			t.Errorf("launch_errors.txt:%d:\n got %q\nwant %q", line, err.Error(), want)
		}
		// Every launch-file problem is gpusim's positioned error type.
		var de *diag.Error
		if !errors.As(err, &de) || de.File != "bad.launch.toml" || de.Line < 1 {
			t.Errorf("launch_errors.txt:%d: %T %+v is not a *diag.Error at a line of the file", line, err, de)
		}
	}
	if n < 15 {
		t.Fatalf("only %d cases", n)
	}
}

func TestLaunchParsesSample(t *testing.T) {
	ls, err := LoadLaunch("../traces/samples/softmax.launch.toml")
	if err != nil {
		t.Fatal(err)
	}
	if ls.Kernel != "softmax" || ls.Grid != [3]uint32{256, 1, 1} || ls.Block != [3]uint32{128, 1, 1} {
		t.Fatalf("got kernel %q grid %v block %v", ls.Kernel, ls.Grid, ls.Block)
	}
	if len(ls.Args) != 3 || ls.Args[0].Buffer != "x" || ls.Args[2].Value.Int != 1024 {
		t.Fatalf("args %+v", ls.Args)
	}
	if len(ls.Buffers) != 2 || ls.Buffers[0].Name != "x" || ls.Buffers[1].Output != "softmax.y.out.bin" {
		t.Fatalf("buffers %+v", ls.Buffers)
	}
}

func TestRandomInitIsRepeatableAndInRange(t *testing.T) {
	b := &BufferSpec{Name: "a", Type: ElemF32, Count: 1000, Init: "random", Min: -2, Max: 3, Seed: 42}
	x, err := b.InitBytes()
	if err != nil {
		t.Fatal(err)
	}
	y, _ := b.InitBytes()
	if string(x) != string(y) {
		t.Fatal("same seed gave different buffers")
	}
	b.Seed = 43
	z, _ := b.InitBytes()
	if string(x) == string(z) {
		t.Fatal("different seeds gave the same buffer")
	}
	bi := &BufferSpec{Name: "i", Type: ElemI8, Count: 5000, Init: "random", Min: -3, Max: 4, Seed: 1}
	v, err := bi.InitBytes()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int8]bool{}
	for _, c := range v {
		s := int8(c)
		if s < -3 || s > 3 {
			t.Fatalf("value %d outside [-3, 4)", s)
		}
		seen[s] = true
	}
	if len(seen) != 7 {
		t.Fatalf("saw %d distinct values, want all 7", len(seen))
	}
}

func TestValuesAndIota(t *testing.T) {
	b := &BufferSpec{Name: "a", Type: ElemU8, Count: 300, Init: "iota"}
	x, err := b.InitBytes()
	if err != nil {
		t.Fatal(err)
	}
	if x[0] != 0 || x[255] != 255 || x[256] != 0 || x[299] != 43 {
		t.Fatalf("u8 iota wraps wrong: %v %v %v %v", x[0], x[255], x[256], x[299])
	}
	v := &BufferSpec{Name: "v", Type: ElemI16, Count: 5, Init: "values",
		Values: []Scalar{{Int: -1}, {IsFloat: true, Float: 7}}}
	y, err := v.InitBytes()
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{0xff, 0xff, 7, 0, 0xff, 0xff, 7, 0, 0xff, 0xff}
	if string(y) != string(want) {
		t.Fatalf("values: got %v want %v", y, want)
	}
	bad := &BufferSpec{Name: "v", Type: ElemU8, Count: 1, Init: "values", Values: []Scalar{{Int: 256}}}
	if _, err := bad.InitBytes(); err == nil || !strings.Contains(err.Error(), "256 does not fit u8") {
		t.Fatalf("want a range error, got %v", err)
	}
}
