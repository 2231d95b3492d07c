package config

import (
	"os"
	"testing"
)

// FuzzParse: no input makes Parse panic, and whatever loads gives a TOML()
// that loads to the same Machine. Seeds: the presets and testdata models.
func FuzzParse(f *testing.F) {
	for _, p := range Presets() {
		text, _ := Preset(p)
		f.Add(text, "units.valu.lanes=8")
	}
	for _, name := range []string{"testdata/min.toml", "testdata/min_amd.toml", "testdata/bad/several.toml"} {
		text, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(text, "latency.\"a.b\"=3")
	}
	f.Add([]byte("x = {a = 1,\n b = [1, # c\n 2]}\n[gpu]\nname = '''q'''\n"), "gpu.warp_sizes=[32]")
	f.Fuzz(func(t *testing.T, text []byte, set string) {
		m, err := Parse("fuzz.toml", text, []string{set})
		if err != nil {
			return
		}
		m2, err := Parse("again.toml", m.TOML(), nil)
		if err != nil {
			t.Fatalf("TOML() does not load: %v\n%s", err, m.TOML())
		}
		if !sameModel(m, m2) {
			t.Fatalf("TOML() loads to a different Machine\n%s", m.TOML())
		}
	})
}

// FuzzSet: no override string makes Load panic, and an accepted one
// survives TOML().
func FuzzSet(f *testing.F) {
	for _, s := range []string{"units.sfu.lanes=3", "opcodes.fma.f32=sfu", `latency."x.y"=2`, "gpu.warp_sizes=[32]",
		"units.sfu=3", "=", "a.b.c.d=1", `opcodes."a"."b"=sfu`, "kernel.registers=64", "numerics.ex2='mufu_sm5x'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, set string) {
		m, err := Load("sm_75", []string{set})
		if err != nil {
			return
		}
		m2, err := Parse("again.toml", m.TOML(), nil)
		if err != nil {
			t.Fatalf("TOML() after -set %s does not load: %v", set, err)
		}
		if !sameModel(m, m2) {
			t.Fatalf("TOML() after -set %s loads to a different Machine", set)
		}
	})
}
