package sim

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/traces/ptx"
)

// TestCheckMachinePresets: every shipped model passes.
func TestCheckMachinePresets(t *testing.T) {
	for _, name := range config.Presets() {
		m, err := config.Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckMachine(m); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestCheckMachine: what package config cannot judge alone (the memory
// hierarchy as package mem builds it, the numerics model names package
// alu knows) is reported at the key it is about, in the file or in the
// override that set it, every problem at once, as *diag.Errors.
func TestCheckMachine(t *testing.T) {
	text, _ := config.Preset("sm_75")
	line := func(prefix, table string) int {
		in := false
		for i, l := range strings.Split(string(text), "\n") {
			in = in || l == table
			if in && strings.HasPrefix(l, prefix) {
				return i + 1
			}
		}
		t.Fatalf("no %s in %s", prefix, table)
		return 0
	}
	for _, c := range []struct {
		sets []string
		want []diag.Error // File, Line, Key and Msg
	}{
		{[]string{"numerics.ex2=foo"}, []diag.Error{{File: "-set numerics.ex2=foo", Key: "numerics.ex2",
			Msg: `numerics.ex2: unknown model "foo" (known: mufu_sm5x)`}}},
		{[]string{"memory.dram.latency=100", "numerics.rcp=exact"}, []diag.Error{
			{File: "-set memory.dram.latency=100", Key: "memory.dram.latency",
				Msg: "memory.dram.latency: 100 cycles is below l2.latency (188): latencies are load-to-use totals, not increments"},
			{File: "-set numerics.rcp=exact", Key: "numerics.rcp", Msg: `numerics.rcp: unknown model "exact" (known: mufu_sm5x)`}}},
		// A problem between two keys lands on the one that is wrong for
		// the other; when it comes from the file, at its line.
		{[]string{"memory.l1.latency=500"}, []diag.Error{{File: "sm_75.toml", Line: line("latency", "[memory.l2]"), Key: "memory.l2.latency",
			Msg: "memory.l2.latency: 188 cycles is below l1.latency (500): latencies are load-to-use totals, not increments"}}},
		{[]string{"sm.shared_banks=24"}, []diag.Error{{File: "-set sm.shared_banks=24", Key: "sm.shared_banks",
			Msg: "sm.shared_banks: 24 is not a power of two from 1 to 65536"}}},
	} {
		m, err := config.Load("sm_75", c.sets)
		if err != nil {
			t.Fatal(err)
		}
		err = CheckMachine(m)
		var es config.Errors
		if !errors.As(err, &es) || len(es) != len(c.want) {
			t.Errorf("%v: %v, want %d problems", c.sets, err, len(c.want))
			continue
		}
		for i, w := range c.want {
			if e := es[i]; e.File != w.File || e.Line != w.Line || e.Key != w.Key || e.Msg != w.Msg {
				t.Errorf("%v: problem %d = %+v\nwant %+v", c.sets, i, *e, w)
			}
		}
		var de *diag.Error
		if !errors.As(err, &de) || de != es[0] {
			t.Errorf("%v: errors.As does not find the first problem", c.sets)
		}
	}
}

// TestPrepareNumericsPosition: a launch on a model with an unknown
// numerics model names the key's own line, not the table's.
func TestPrepareNumericsPosition(t *testing.T) {
	prog, err := ptx.Parse("k.ptx", []byte(knobLoop))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(mustPreset(t, "sm_75")), `rcp = "mufu_sm5x"`, `rcp = "exact"`, 1)
	m, err := config.Parse("m.toml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Prepare(prog, m, nil, Overrides{})
	var de *diag.Error
	if !errors.As(err, &de) || de.File != "m.toml" || de.Key != "numerics.rcp" || de.Col != 1 {
		t.Fatalf("Prepare: %v (%+v)", err, de)
	}
	want := strings.Count(src[:strings.Index(src, `rcp = "exact"`)], "\n") + 1
	if de.Line != want {
		t.Errorf("line %d, want %d (the rcp key)", de.Line, want)
	}
}

func mustPreset(t *testing.T, name string) []byte {
	t.Helper()
	b, ok := config.Preset(name)
	if !ok {
		t.Fatal(name)
	}
	return b
}
