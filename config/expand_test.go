package config

import (
	"os"
	"strings"
	"testing"
)

// TestExpansions: every NVIDIA preset has an embedded expansion table for
// its architecture, and every table loads and agrees with its preset: each
// op's key routes to the unit and latency the table records, and the
// recorded cycles and critical path are what Schedule computes from the
// preset's figures now (a preset edited since the table was generated must
// have it regenerated with tools/sassexp).
func TestExpansions(t *testing.T) {
	archs := map[string]bool{}
	for _, a := range ExpansionArchs() {
		archs[a] = true
	}
	for _, name := range Presets() {
		m, err := Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if m.GPU.Vendor != VendorNVIDIA {
			continue
		}
		e, ok, err := ExpansionsFor(m.GPU.Arch)
		if !ok || err != nil {
			t.Errorf("%s: no expansion table for %s (%v)", name, m.GPU.Arch, err)
			continue
		}
		delete(archs, m.GPU.Arch)
		if e.Arch != m.GPU.Arch || !strings.Contains(e.Source, "-arch="+m.GPU.Arch) {
			t.Errorf("%s: table for %s from %q", name, e.Arch, e.Source)
		}
		if len(e.Forms) < 100 {
			t.Errorf("%s: only %d forms", name, len(e.Forms))
		}
		for _, p := range e.Check(m) {
			t.Error(p)
		}
		// The forms issue 17 names expand on every architecture.
		for _, ptx := range []string{"div.rn.f32", "div.rn.f64", "sqrt.rn.f32", "rcp.rn.f64", "div.s32", "div.u64", "mul.lo.u64", "ex2.approx.f32"} {
			f, ok := e.Form(ptx)
			if !ok {
				t.Errorf("%s: no row for %s", name, ptx)
				continue
			}
			if len(f.Ops) < 2 || f.Source != "ptxas 11.8 -arch="+m.GPU.Arch {
				t.Errorf("%s: %s has %d ops from %q", name, ptx, len(f.Ops), f.Source)
			}
			out := false
			for _, op := range f.Ops {
				out = out || op.Out
			}
			if !out {
				t.Errorf("%s: %s: no op writes the result", name, ptx)
			}
		}
		for _, ptx := range []string{"div.rn.f32", "div.rn.f64", "sqrt.rn.f32"} {
			if f, _ := e.Form(ptx); f != nil && (f.Slow == nil || f.Slow.Insts < 10) {
				t.Errorf("%s: %s has no slow path (%+v)", name, ptx, f.Slow)
			}
		}
	}
	for a := range archs {
		t.Errorf("expansion table %s.toml has no preset", a)
	}
}

// TestSchedule times a hand-made row: two ops on the path through a
// dependence, a third issued in order beside them.
func TestSchedule(t *testing.T) {
	m, err := Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	f := &ExpansionForm{Ops: []MicroOp{
		{SASS: "MUFU.RCP", Key: "rcp.f32", In: []int{1}},             // issues 0, ready 15
		{SASS: "IADD3", Key: "add.s32", In: []int{0}},                // issues 1, ready 5
		{SASS: "FFMA", Key: "fma.f32", Deps: []int{0, 1}, Out: true}, // issues 15, ready 19
	}}
	cycles, crit, err := f.Schedule(m)
	if err != nil || cycles != 19 || !crit[0] || crit[1] || !crit[2] {
		t.Errorf("Schedule = %d, %v, %v; want 19, [true false true]", cycles, crit, err)
	}
}

// TestParseExpansionsErrors: a malformed table is refused with its file
// and form named.
func TestParseExpansionsErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"arch = \"sm_75\"\n[[form]]\nptx = \"x\"\nops = [{sass = \"A\", deps = [0]}]\n", "bad.toml: form \"x\": op 0 (A) depends on op 0"},
		{"arch = \"sm_75\"\n[[form]]\nptx = \"x\"\n[[form]]\nptx = \"x\"\n", "listed twice"},
		{"arch = \"sm_75\"\nbogus = 1\n", "unknown key bogus"},
		{"arch = \"sm_75\"\n[[form]]\nptx = \"x\"\nops = []\nslow = {test = 0, branch = 0}\n", "outside its 0 ops"},
	} {
		_, err := ParseExpansions("bad.toml", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}

// TestExpansionsKey: gpu.expansions loads the table the timing model
// issues PTX by: each NVIDIA preset names its own; "none" (or leaving the
// key out) gives none; another embedded table or a user's file (relative
// to the machine file) may replace it; a bad name, an unreadable or
// malformed file, an op the machine cannot route, or the key on an AMD
// model is an error at the key.
func TestExpansionsKey(t *testing.T) {
	for _, name := range Presets() {
		m, err := Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		e := m.Expansions()
		if m.GPU.Vendor == VendorAMD {
			if e != nil {
				t.Errorf("%s: an AMD preset has expansions", name)
			}
			continue
		}
		if e == nil || e.Arch != m.GPU.Arch || m.GPU.Expansions != m.GPU.Arch {
			t.Errorf("%s: expansions %q load %v", name, m.GPU.Expansions, e)
		}
	}
	if m, err := Load("sm_75", []string{"gpu.expansions=none"}); err != nil || m.Expansions() != nil {
		t.Errorf("expansions=none: %v, %v", m.Expansions(), err)
	}
	if m, err := Load("sm_75", []string{"gpu.expansions=sm_89"}); err != nil || m.Expansions() == nil || m.Expansions().Arch != "sm_89" {
		t.Errorf("expansions=sm_89 on sm_75: %v", err)
	}
	dir := t.TempDir()
	text, _ := Preset("sm_75")
	mine := strings.Replace(string(text), `expansions = "sm_75"`, `expansions = "mine.toml"`, 1)
	if mine == string(text) {
		t.Fatal("sm_75.toml names no expansion table")
	}
	write := func(name, s string) string {
		p := dir + "/" + name
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	machine := write("gpu.toml", mine)
	write("mine.toml", "arch = \"sm_75\"\nsource = \"by hand\"\n[[form]]\nptx = \"add.f32\"\nkey = \"add.f32\"\nops = [{sass = \"FADD\", key = \"add.f32\", out = true, in = [0, 1]}, {sass = \"FADD\", key = \"add.f32\", out = true, deps = [0]}]\n")
	m, err := Load(machine, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := m.Expansions().Form("add.f32"); !ok || len(f.Ops) != 2 || len(m.Expansions().Forms) != 1 {
		t.Errorf("mine.toml: %+v", m.Expansions())
	}
	for _, c := range []struct {
		file, table, set, want string
	}{
		{set: "gpu.expansions=sm_99", want: "gpu.expansions: no embedded expansion table \"sm_99\""},
		{set: "gpu.expansions=missing.toml", want: "cannot read the expansion table"},
		{table: "arch = \"sm_75\"\n[[form]]\nptx = \"x\"\nops = [{sass = \"A\", deps = [0]}]\n", want: "depends on op 0"},
		{table: "arch = \"sm_75\"\n[[form]]\nptx = \"add.f32\"\nops = [{sass = \"XYZ\", key = \"nosuchop.f32\"}]\n", want: "op XYZ's key \"nosuchop.f32\" has no route"},
	} {
		sets := []string{c.set}
		ref := machine
		if c.table != "" {
			write("mine.toml", c.table)
			sets = nil
		}
		if c.set == "" {
			sets = nil
		}
		_, err := Load(ref, sets)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q %q: %v, want %q", c.set, c.table, err, c.want)
		}
		if err != nil && c.set == "" && !strings.Contains(err.Error(), "gpu.toml:") {
			t.Errorf("%v: not positioned in the machine file", err)
		}
	}
	if _, err := Load("gfx1100", []string{"gpu.expansions=sm_80"}); err == nil || !strings.Contains(err.Error(), "expansions") {
		t.Errorf("expansions on an AMD model: %v", err)
	}
}
