package sim

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
)

// TestPresetKeys: every key of every embedded machine model can match an
// instruction of its vendor.
func TestPresetKeys(t *testing.T) {
	for _, name := range config.Presets() {
		m, err := config.Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckMachine(m); err != nil {
			t.Errorf("%s:\n%v", name, err)
		}
	}
}

// TestCheckMachineKeys: a key that matches no instruction is an error at its file
// and line (or its -set override), every such key is listed in file order (then the overrides),
// AMD keys may use any target's spelling, and patterns must match some
// key.
func TestCheckMachineKeys(t *testing.T) {
	text, ok := config.Preset("sm_75")
	if !ok {
		t.Fatal("no sm_75 preset")
	}
	src := strings.Replace(string(text), "\n[latency]\n", "\n[latency]\n\"fma.f23\" = 5\n\"ld.globl\" = 7\n\"ex2.f32\" = 20\n", 1)
	line := strings.Count(src[:strings.Index(src, "\"fma.f23\"")], "\n") + 1
	path := filepath.Join(t.TempDir(), "m.toml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := config.Load(path, []string{`initiation."fma.*"=2`, `initiation."*.f99"=2`})
	if err != nil {
		t.Fatal(err)
	}
	err = CheckMachine(m)
	// The file's problems in file order, then the overrides' (as CheckMachine
	// orders all its problems).
	want := []string{
		path + ":" + strconv.Itoa(line) + `:1: [latency] key "fma.f23" matches no nvidia instruction`,
		path + ":" + strconv.Itoa(line+1) + `:1: [latency] key "ld.globl" matches no nvidia instruction`,
		`-set initiation."*.f99"=2: [initiation] pattern "*.f99" matches no nvidia instruction`,
	}
	var got []string
	if err != nil {
		got = strings.Split(err.Error(), "\n")
	}
	if len(got) != len(want) {
		t.Fatalf("CheckMachine = %q, want %d errors", got, len(want))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("error %d = %s, want %s...", i, got[i], want[i])
		}
	}
	a, err := config.Load("gfx1100", []string{`latency."s_load_b32"=40`, `latency."s_load_dword"=41`,
		`latency."global_load_b32"=400`, `initiation."v_*_f64_e64"=16`})
	if err != nil {
		t.Fatal(err)
	}
	err = CheckMachine(a)
	if err == nil || strings.Count(err.Error(), "\n") != 0 || !strings.Contains(err.Error(), `pattern "v_*_f64_e64" matches no amd instruction`) {
		t.Errorf("gfx1100: CheckMachine = %v, want only the _e64 pattern rejected", err)
	}
}
