package config

import (
	"bytes"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestErrors loads every bad model and bad override of testdata/errors.txt
// and compares the whole error text.
func TestErrors(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range readCases(t, "errors.txt", " | ", 3) {
		ref, sets, want := c.f[0], setsField(c.f[1]), strings.ReplaceAll(c.f[2], `\n`, "\n")
		seen[ref] = true
		m, err := Load(ref, sets)
		if err == nil {
			t.Errorf("%s: Load(%s, %q) succeeded (%s), want error %q", c.pos, ref, sets, m.Summary(), want)
			continue
		}
		if err.Error() != want {
			t.Errorf("%s: Load(%s, %q):\n got %s\nwant %s", c.pos, ref, sets, err, want)
		}
		var es Errors
		if strings.Contains(want, ": ") && !strings.HasPrefix(want, "config ") && !errors.As(err, &es) {
			t.Errorf("%s: error is %T, want Errors", c.pos, err)
		}
	}
	bad, _ := filepath.Glob("testdata/bad/*.toml")
	for _, f := range bad {
		if !seen[f] {
			t.Errorf("%s has no case in testdata/errors.txt", f)
		}
	}
}

// TestSetText: an override must be printable text (it is copied into a
// TOML comment by TOML()).
func TestSetText(t *testing.T) {
	for _, set := range []string{"gpu.name=a\nb", "gpu.name=\x83", "units.sfu.lanes=2\tx"} {
		_, err := Load("sm_75", []string{set})
		if want := "-set " + set + ": not printable UTF-8 text"; err == nil || err.Error() != want {
			t.Errorf("Load(-set %q) = %v, want %q", set, err, want)
		}
	}
}

// TestErrorFields checks the structured form of a positioned error.
func TestErrorFields(t *testing.T) {
	_, err := Load("testdata/bad/wrong_type.toml", []string{"units.alu.count=0"})
	var es Errors
	if !errors.As(err, &es) || len(es) != 2 {
		t.Fatalf("got %v, want two problems", err)
	}
	want := []Error{
		{File: "testdata/bad/wrong_type.toml", Line: 7, Col: 1, Key: "units.alu.lanes"},
		{File: "-set units.alu.count=0", Key: "units.alu.count"},
	}
	for i, w := range want {
		e := es[i]
		if e.File != w.File || e.Line != w.Line || e.Col != w.Col || e.Key != w.Key {
			t.Errorf("problem %d = %+v, want file %q line %d col %d key %q", i, *e, w.File, w.Line, w.Col, w.Key)
		}
	}
}

func TestPresets(t *testing.T) {
	want := []string{"gfx1030", "gfx1100", "gfx1200", "gfx90a", "gfx942", "sm_75", "sm_80", "sm_86", "sm_89"}
	if got := Presets(); !slices.Equal(got, want) {
		t.Fatalf("Presets() = %v, want %v", got, want)
	}
	for _, name := range want {
		m, err := Load(name, nil)
		if err != nil {
			t.Fatalf("preset %s: %v", name, err)
		}
		if m.GPU.Arch != name {
			t.Errorf("preset %s has arch %s", name, m.GPU.Arch)
		}
		if m.File() != name+".toml" {
			t.Errorf("preset %s: File() = %q", name, m.File())
		}
		if m2, err := Load(name+".toml", nil); err != nil || !sameModel(m, m2) {
			t.Errorf("Load(%s.toml) differs from Load(%s): %v", name, name, err)
		}
		d, err := Describe(name)
		if err != nil || !strings.Contains(d, name) || strings.Contains(d, "\n") {
			t.Errorf("Describe(%s) = %q, %v", name, d, err)
		}
	}
	if _, ok := Preset("../config/presets/sm_75"); ok {
		t.Error("Preset accepted a path")
	}
}

// TestPresetSources checks that every number in a preset has a comment on
// its line naming one of the sources its header lists ("#   NAME - ..."),
// or saying "to calibrate".
func TestPresetSources(t *testing.T) {
	for _, name := range Presets() {
		text, _ := Preset(name)
		var sources []string
		for _, l := range strings.Split(string(text), "\n") {
			if s, ok := strings.CutPrefix(l, "#   "); ok && strings.Contains(s, " - ") && !strings.HasPrefix(s, " ") {
				sources = append(sources, strings.TrimSpace(s[:strings.Index(s, " - ")]))
			}
		}
		if len(sources) == 0 {
			t.Errorf("%s.toml: no sources listed in its header", name)
		}
		lay := locate(string(text))
		for _, k := range lay.keys {
			v := string(text[k.vstart:k.vend])
			if v == "" || !(v[0] == '-' || isDigit(v[0]) || v[0] == '[' && len(v) > 1 && isDigit(v[1])) {
				continue
			}
			line, _ := lay.pos(k.off)
			comment, ok := strings.CutPrefix(strings.TrimSpace(string(text[k.vend:k.lineEnd])), "#")
			named := strings.Contains(comment, "to calibrate")
			for _, s := range sources {
				named = named || strings.Contains(comment, s)
			}
			if !ok || !named {
				t.Errorf("%s.toml:%d: %s = %s: the comment names no source (%s)", name, line, keyString(k.path), v, strings.Join(sources, ", "))
			}
		}
	}
}

// TestRoundTrip: TOML() of a model without overrides is its text, and
// loads to an equal Machine.
func TestRoundTrip(t *testing.T) {
	refs := append(Presets(), "testdata/min.toml", "testdata/min_amd.toml")
	for _, ref := range refs {
		m, err := Load(ref, nil)
		if err != nil {
			t.Fatal(err)
		}
		out := m.TOML()
		orig, ok := Preset(ref)
		if !ok {
			orig = []byte(m.src.text)
		}
		if !bytes.Equal(out, orig) {
			t.Errorf("%s: TOML() without overrides differs from the file", ref)
		}
		m2, err := Parse("again.toml", out, nil)
		if err != nil {
			t.Fatalf("%s: TOML() does not load: %v", ref, err)
		}
		if !sameModel(m, m2) {
			t.Errorf("%s: TOML() loads to a different Machine", ref)
		}
	}
}

// TestSets applies the overrides of testdata/sets.txt, checks the value,
// that TOML() marks and holds it, and that TOML() loads to the same Machine.
func TestSets(t *testing.T) {
	for _, c := range readCases(t, "sets.txt", " | ", 4) {
		ref, sets, key, want := c.f[0], setsField(c.f[1]), c.f[2], c.f[3]
		m, err := Load(ref, sets)
		if err != nil {
			t.Errorf("%s: %v", c.pos, err)
			continue
		}
		if got := valueAt(t, m, key); got != want {
			t.Errorf("%s: %s = %s, want %s", c.pos, key, got, want)
		}
		base, err := Load(ref, nil)
		if err != nil {
			t.Fatal(err)
		}
		if sameModel(m, base) && base.src.has(base.src.schemaPath(key)) {
			t.Errorf("%s: the overrides changed nothing", c.pos)
		}
		out := m.TOML()
		for _, s := range sets {
			if !bytes.Contains(out, []byte("-set "+s)) {
				t.Errorf("%s: TOML() does not mark -set %s", c.pos, s)
			}
		}
		m2, err := Parse("effective.toml", out, nil)
		if err != nil {
			t.Errorf("%s: TOML() does not load: %v\n%s", c.pos, err, out)
			continue
		}
		if !sameModel(m, m2) {
			t.Errorf("%s: TOML() loads to a different Machine", c.pos)
		}
		if got := valueAt(t, m2, key); got != want {
			t.Errorf("%s: reloaded %s = %s, want %s", c.pos, key, got, want)
		}
		if file, line := m.Pos(key); !strings.HasPrefix(file, "-set ") || line != 0 {
			t.Errorf("%s: Pos(%s) = %s:%d, want the override", c.pos, key, file, line)
		}
	}
}

// TestDeterminism: the same inputs give byte-identical TOML().
func TestDeterminism(t *testing.T) {
	sets := []string{"latency.b=2", "latency.a=1", "initiation.\"x.y\"=3", "numerics.div_fixup=isa",
		"units.sfu.count=8", "kernel.registers=64", "latency.\"fma.f64\"=60", "opcodes.zz=sfu"}
	var first []byte
	for i := range 5 {
		m, err := Load("sm_75", sets)
		if err != nil {
			t.Fatal(err)
		}
		out := m.TOML()
		if !bytes.Equal(out, m.TOML()) {
			t.Fatal("TOML() differs between two calls")
		}
		if i == 0 {
			first = out
		} else if !bytes.Equal(out, first) {
			t.Fatal("TOML() differs between two loads")
		}
	}
}

func TestPos(t *testing.T) {
	m, err := Load("sm_75", []string{"units.sfu.count=8"})
	if err != nil {
		t.Fatal(err)
	}
	text, _ := Preset("sm_75")
	lines := strings.Split(string(text), "\n")
	lineOf := func(prefix string, after int) int {
		for i := after; i < len(lines); i++ {
			if strings.HasPrefix(lines[i], prefix) {
				return i + 1
			}
		}
		t.Fatalf("no line %q", prefix)
		return 0
	}
	sfu := lineOf("[units.sfu]", 0)
	for _, c := range []struct {
		key  string
		file string
		line int
	}{
		{"units.sfu.count", "-set units.sfu.count=8", 0},
		{"units.sfu.lanes", "sm_75.toml", lineOf("lanes", sfu)},
		{"units.sfu", "sm_75.toml", sfu},
		{"opcodes.fma.f64", "sm_75.toml", lineOf(`"fma.f64" = "fp64"`, 0)},
		{`opcodes."fma.f64"`, "sm_75.toml", lineOf(`"fma.f64" = "fp64"`, 0)},
		{"latency.fma.f64", "sm_75.toml", lineOf(`"fma.f64" = 54`, 0)},
		{"gpu.sms", "sm_75.toml", lineOf("sms =", 0)},
		{"no.such.key", "sm_75.toml", 0},
	} {
		if file, line := m.Pos(c.key); file != c.file || line != c.line {
			t.Errorf("Pos(%s) = %s:%d, want %s:%d", c.key, file, line, c.file, c.line)
		}
	}
	err = m.Errorf("units.sfu.lanes", "no model for %s", "x")
	if want := "sm_75.toml:" + itoa(lineOf("lanes", sfu)) + ":1: no model for x"; err.Error() != want {
		t.Errorf("Errorf = %q, want %q", err, want)
	}
	if got := m.Overrides(); !slices.Equal(got, []string{"units.sfu.count=8"}) {
		t.Errorf("Overrides() = %q", got)
	}
}

func TestNumericsModels(t *testing.T) {
	m, err := Load("sm_75", []string{"numerics.div_fixup=isa"})
	if err != nil {
		t.Fatal(err)
	}
	want := []NumericsModel{{"ex2", "mufu_sm5x"}, {"rcp", "mufu_sm5x"}, {"rcp64h", "ptxm_rcp64h"}, {"div_fixup", "isa"}, {"tensor", "turing"}}
	if got := m.Numerics.Models(); !slices.Equal(got, want) {
		t.Errorf("Models() = %v, want %v", got, want)
	}
}

func TestDerived(t *testing.T) {
	sm75, err := Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	unit := func(m *Machine, name string) int {
		i, ok := m.UnitIndex(name)
		if !ok {
			t.Fatalf("no unit %s", name)
		}
		return i
	}
	for _, c := range []struct {
		unit  string
		lanes int
		rate  float64
	}{
		{"fp64", 2, 1.0 / 16}, // CUDA guide cc 7.5: 2 FP64 results per clock per SM
		{"fp32", 64, 2},       // 64 FP32 results per clock per SM
		{"sfu", 16, 0.5},      // 16 MUFU results per clock per SM
	} {
		u := unit(sm75, c.unit)
		if got := sm75.LanesPerSM(u); got != c.lanes {
			t.Errorf("sm_75 LanesPerSM(%s) = %d, want %d", c.unit, got, c.lanes)
		}
		if got := sm75.WarpInstsPerCycle(u, 32); got != c.rate {
			t.Errorf("sm_75 WarpInstsPerCycle(%s) = %g, want %g", c.unit, got, c.rate)
		}
	}
	if sm75.MaxWarps() != 32 || sm75.DispatchUnits() != 30 || sm75.GPU.CUsPerWGP != 1 {
		t.Errorf("sm_75: MaxWarps %d, DispatchUnits %d, CUsPerWGP %d", sm75.MaxWarps(), sm75.DispatchUnits(), sm75.GPU.CUsPerWGP)
	}
	if u := sm75.Units[unit(sm75, "sfu")]; u.IssueCycles(32) != 8 || u.IssueCycles(1) != 1 {
		t.Errorf("sfu IssueCycles = %d, %d", u.IssueCycles(32), u.IssueCycles(1))
	}
	g11, err := Load("gfx1100", nil)
	if err != nil {
		t.Fatal(err)
	}
	if v, gr := g11.VGPRs(32); v != 1536 || gr != 24 {
		t.Errorf("gfx1100 VGPRs(32) = %d, %d", v, gr)
	}
	if v, gr := g11.VGPRs(64); v != 768 || gr != 12 { // LLVM: 768 and 12 in wave64
		t.Errorf("gfx1100 VGPRs(64) = %d, %d", v, gr)
	}
	if g11.DispatchUnits() != 48 {
		t.Errorf("gfx1100 DispatchUnits = %d, want 48 WGPs", g11.DispatchUnits())
	}
	amd, err := Load("testdata/min_amd.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := amd.DRAMBytesPerCycle(); got != 16 {
		t.Errorf("per-SM bandwidth 4 x 4 SMs = %g", got)
	}
	if got := sm75.DRAMBytesPerCycle(); got != 246.15 {
		t.Errorf("sm_75 DRAMBytesPerCycle = %g", got)
	}
}
