package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var samples = []string{"ex2", "rcp64", "divd", "softmax", "divergent", "vecadd"}

// TestSamplesRunTwiceIdentically runs every bundled sample twice through the
// command line and requires byte-identical output buffers, text reports and
// JSON reports (the JSON without the simulator's wall-clock figures).
func TestSamplesRunTwiceIdentically(t *testing.T) {
	for _, name := range samples {
		trace := filepath.Join("..", "..", "traces", "samples", name+".ptx")
		var runs [2]struct {
			stdout string
			json   []byte
			files  map[string][]byte
		}
		for i := range runs {
			out := t.TempDir()
			jsonPath := filepath.Join(out, "report.json")
			var so, se bytes.Buffer
			if code := run([]string{"-out", out, "-json", jsonPath, "-no-wall-time", trace}, &so, &se); code != 0 {
				t.Fatalf("%s: exit %d: %s", name, code, se.String())
			}
			runs[i].stdout = strings.ReplaceAll(so.String(), out, "OUT")
			var err error
			if runs[i].json, err = os.ReadFile(jsonPath); err != nil {
				t.Fatal(err)
			}
			runs[i].json = bytes.ReplaceAll(runs[i].json, []byte(out), []byte("OUT"))
			runs[i].files = map[string][]byte{}
			ents, _ := os.ReadDir(out)
			for _, e := range ents {
				if strings.HasSuffix(e.Name(), ".out.bin") {
					runs[i].files[e.Name()], _ = os.ReadFile(filepath.Join(out, e.Name()))
				}
			}
			if len(runs[i].files) == 0 {
				t.Fatalf("%s: no output buffers written", name)
			}
			if bytes.Contains(runs[i].json, []byte("wall_seconds")) {
				t.Fatalf("%s: -no-wall-time left wall_seconds in the JSON", name)
			}
		}
		if runs[0].stdout != runs[1].stdout {
			t.Errorf("%s: text reports differ:\n%s\n---\n%s", name, runs[0].stdout, runs[1].stdout)
		}
		if !bytes.Equal(runs[0].json, runs[1].json) {
			t.Errorf("%s: JSON reports differ", name)
		}
		for f, data := range runs[0].files {
			if !bytes.Equal(data, runs[1].files[f]) {
				t.Errorf("%s: output %s differs between runs", name, f)
			}
		}
	}
}

// TestReadmeCommand runs the first command of README.md (the softmax sample
// on the embedded sm_75 model) and checks it reports the kernel.
func TestReadmeCommand(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	const cmd = "go run ./cmd/gpusim -config sm_75.toml traces/samples/softmax.ptx"
	if !strings.Contains(string(readme), cmd) {
		t.Fatalf("README.md no longer shows %q", cmd)
	}
	var so, se bytes.Buffer
	wd, _ := os.Getwd()
	if err := os.Chdir("../.."); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	out := t.TempDir()
	// Flags may also follow the trace, as in DESIGN.md's examples.
	if code := run([]string{"-config", "sm_75.toml", "traces/samples/softmax.ptx", "-out", out}, &so, &se); code != 0 {
		t.Fatalf("exit %d: %s", code, se.String())
	}
	if !strings.Contains(so.String(), "kernel softmax") || !strings.Contains(so.String(), "ex2.approx.ftz.f32") {
		t.Fatalf("report does not show the softmax kernel:\n%s", so.String())
	}
	if _, err := os.Stat(filepath.Join(out, "softmax.y.out.bin")); err != nil {
		t.Fatalf("-out after the trace was not honoured: %v", err)
	}
}
