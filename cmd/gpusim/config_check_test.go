package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
)

// TestConfigCheck: `gpusim config check` accepts every preset with one
// line on stdout and exit 0, and lists every problem of a bad model (the
// file's at their lines, then the overrides'), one per line, with exit 2,
// without running anything.
func TestConfigCheck(t *testing.T) {
	check := func(args ...string) (int, string, string) {
		var so, se bytes.Buffer
		code := run(append([]string{"config", "check"}, args...), &so, &se)
		return code, so.String(), se.String()
	}
	for _, name := range config.Presets() {
		code, out, errs := check(name)
		m, err := config.Load(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := name + ".toml: ok: " + m.Summary() + "\n"; code != 0 || out != want || errs != "" {
			t.Errorf("config check %s: exit %d, stdout %q, stderr %q; want 0, %q", name, code, out, errs, want)
		}
	}
	code, out, _ := check("gfx90a", "-set", "memory.l2.slices=24", "-set", "memory.l2.slice_bandwidth=64")
	if code != 0 || !strings.HasPrefix(out, "gfx90a.toml with 2 override(s): ok: ") || strings.Count(out, "\n") != 1 {
		t.Errorf("config check with overrides: exit %d, %q", code, out)
	}

	dir := t.TempDir()
	min, err := os.ReadFile(filepath.Join("..", "..", "config", "testdata", "min.toml"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "m.toml")
	text := string(min) + "[numerics]\nex2 = \"exact\"\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	exLine := strings.Count(text, "\n") // the last line
	code, out, errs := check(path, "-set", "sm.shared_banks=24", "-set", "memory.l2.latency=10")
	want := []string{
		path + ":" + itoa(exLine) + ":1: numerics.ex2: unknown model \"exact\" (known: mufu_sm5x)",
		"-set sm.shared_banks=24: sm.shared_banks: 24 is not a power of two from 1 to 65536",
		"-set memory.l2.latency=10: memory.l2.latency: 10 cycles is below l1.latency (30): latencies are load-to-use totals, not increments",
		"gpusim: config check " + path + ": 3 problems",
	}
	if code != 2 || out != "" || errs != strings.Join(want, "\n")+"\n" {
		t.Errorf("config check of a bad model: exit %d, stdout %q, stderr:\n%s\nwant exit 2, stderr:\n%s", code, out, errs, strings.Join(want, "\n"))
	}
	// Problems config finds alone come all at once too.
	code, _, errs = check(filepath.Join("..", "..", "config", "testdata", "bad", "several.toml"))
	if code != 2 || strings.Count(errs, "\n") != 4 || !strings.HasSuffix(errs, ": 3 problems\n") {
		t.Errorf("config check several.toml: exit %d, stderr:\n%s", code, errs)
	}
}

func itoa(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		if n /= 10; n == 0 {
			return string(b)
		}
	}
}
