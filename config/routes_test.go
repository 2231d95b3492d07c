package config

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRoutes checks the instruction keys of testdata/routes.txt.
func TestRoutes(t *testing.T) {
	machines := map[string]*Machine{}
	for _, c := range readCases(t, "routes.txt", "", 6) {
		ref, key, unit := c.f[0], c.f[1], c.f[2]
		lat, _ := strconv.Atoi(c.f[3])
		ii, _ := strconv.Atoi(c.f[4])
		m := machines[ref]
		if m == nil {
			var err error
			if m, err = Load(ref, nil); err != nil {
				t.Fatal(err)
			}
			machines[ref] = m
		}
		r, ok := m.Route(key)
		if unit == "-" {
			if ok {
				t.Errorf("%s: %s routes to %s, want no route", c.pos, key, m.Units[r.Unit].Name)
			}
			continue
		}
		if !ok {
			t.Errorf("%s: %s has no route", c.pos, key)
			continue
		}
		got := []string{m.Units[r.Unit].Name, itoa(r.Latency), itoa(r.Initiation), r.Rule}
		want := []string{unit, itoa(lat), itoa(ii), c.f[5]}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: %s routes to %v, want %v", c.pos, key, got, want)
		}
		if u, l, ok := m.Unit(key); !ok || u != r.Unit || l != r.Latency {
			t.Errorf("%s: Unit(%s) = %d, %d, %v, disagrees with Route", c.pos, key, u, l, ok)
		}
	}
}

func TestRoutesBatch(t *testing.T) {
	m, err := Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := m.Routes([]string{"fma.f32", "ld.global"})
	if err != nil || len(rs) != 2 || m.Units[rs[1].Unit].Name != "ldst" {
		t.Errorf("Routes = %v, %v", rs, err)
	}
	_, err = m.Routes([]string{"fma.f32", "v_add_f32", "s_nop"})
	want := "sm_75.toml:" + itoa(lineOfKey(t, m, "opcodes")) + `:1: no [opcodes] entry matches "v_add_f32", "s_nop", and there is no "default" entry`
	if err == nil || err.Error() != want {
		t.Errorf("Routes error = %v, want %s", err, want)
	}
}

func lineOfKey(t *testing.T, m *Machine, key string) int {
	_, line := m.Pos(key)
	if line == 0 {
		t.Fatalf("no line for %s", key)
	}
	return line
}

// Every PTX opcode routing on every NVIDIA preset, through an [opcodes]
// key or the unit named by its class, is warp/ptx's TestEveryPTXRow (the
// instruction table is there; config imports nothing of the project).

// TestAMDMnemonics: each AMD preset routes every mnemonic LLVM emits for
// the kernels of testdata/amdgpu (see gen.sh), with and without the
// _e32/_e64 encoding suffix, and every instruction traces.md section 2
// names (testdata/amdgpu/spec_mnemonics.txt, both spellings), none through
// a default.
func TestAMDMnemonics(t *testing.T) {
	spec, err := os.ReadFile("testdata/amdgpu/spec_mnemonics.txt")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("testdata/amdgpu/mnemonics_*.txt")
	if len(files) != 5 {
		t.Fatalf("want 5 mnemonic lists, got %v", files)
	}
	for _, f := range files {
		target := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "mnemonics_"), ".txt")
		m, err := Load(target, nil)
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		names := strings.Fields(string(data))
		if len(names) < 50 {
			t.Fatalf("%s: only %d mnemonics", f, len(names))
		}
		for _, l := range strings.Split(string(spec), "\n") {
			if !strings.HasPrefix(l, "#") {
				names = append(names, strings.Fields(l)...)
			}
		}
		for _, name := range names {
			for _, key := range []string{name, strings.TrimSuffix(strings.TrimSuffix(name, "_e32"), "_e64")} {
				if r, ok := m.Route(key); !ok || r.Rule == DefaultKey {
					t.Errorf("%s: %s does not route %q (%+v, %v)", f, target, key, r, ok)
				}
			}
		}
	}
}
