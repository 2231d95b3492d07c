package fatbin

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/gpusim/gpusim/diag"
)

// FuzzParse feeds damaged containers to the reader: it must return a
// positioned error or entries whose payloads decode or fail cleanly, never
// panic.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"default.fatbin", "multi.fatbin", "plain.fatbin"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fb, err := Parse("fuzz", b)
		if err != nil {
			var de *diag.Error
			if !errors.As(err, &de) {
				t.Fatalf("error %v is not a *diag.Error", err)
			}
			return
		}
		for i := range fb.Entries {
			if _, err := fb.Payload(&fb.Entries[i]); err != nil {
				var de *diag.Error
				if !errors.As(err, &de) {
					t.Fatalf("error %v is not a *diag.Error", err)
				}
			}
		}
		_, _ = fb.PickPTX(75)
	})
}

// FuzzLZ4 checks the decompressor alone on arbitrary blocks.
func FuzzLZ4(f *testing.F) {
	f.Add([]byte{0x22, 'a', 'b', 2, 0, 0x10, 'c'}, 9)
	f.Add([]byte{0x1f, 'x', 1, 0, 255, 1, 0x00}, 276)
	f.Fuzz(func(t *testing.T, src []byte, size int) {
		if size < 0 || size > 1<<20 {
			return
		}
		out, err := decodeLZ4(src, size)
		if err == nil && len(out) != size {
			t.Fatalf("decoded %d bytes, want %d", len(out), size)
		}
	})
}
