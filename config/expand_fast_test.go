package config

import (
	"reflect"
	"testing"
)

// TestExpansionsFast checks that the fast reader of the embedded expansion
// tables gives exactly what the TOML decoder gives, on every table, and
// that it refuses what lies outside its subset.
func TestExpansionsFast(t *testing.T) {
	archs := ExpansionArchs()
	if len(archs) == 0 {
		t.Fatal("no embedded expansion tables")
	}
	for _, a := range archs {
		name := a + ".toml"
		data, err := expandFS.ReadFile(expandDir + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		want, err := decodeExpansions(name, data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := parseExpansionsFast(name, data)
		if err != nil {
			t.Fatalf("%s: the fast reader refused it: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			for i := range want.Forms {
				if i >= len(got.Forms) || !reflect.DeepEqual(got.Forms[i], want.Forms[i]) {
					t.Fatalf("%s: form %d differs:\n got %+v\nwant %+v", name, i, got.Forms[i], want.Forms[i])
				}
			}
			t.Fatalf("%s: the fast reader's table differs from the TOML decoder's", name)
		}
	}
	for _, bad := range []string{
		"arch = \"a\\\"b\"\n",       // escape
		"arch = 'x'\n",              // literal string
		"[form]\nptx = \"x\"\n",     // table, not array of tables
		"[[form]]\ncycles = 1.5\n",  // float
		"[[form]]\ncycles = 012\n",  // leading zero
		"[[form]]\nwhat = 1\n",      // unknown key
		"[[form]]\nptx = \"a\" x\n", // trailing junk
		"[[form]]\nops = [{sass = \"A\", sass = \"B\"}]\n",
		"[[form]]\nptx = \"a\"\nptx = \"b\"\n",
	} {
		if _, err := parseExpansionsFast("t.toml", []byte(bad)); err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
}

func BenchmarkExpansionsLoad(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, _, err := ExpansionsFor("sm_75"); err != nil {
			b.Fatal(err)
		}
	}
}
