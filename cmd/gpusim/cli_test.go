package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
)

var update = flag.Bool("update", false, "rewrite the expected stderr in testdata/cli_errors.txt")

// cliCase is one case of testdata/cli_errors.txt:
//
//	=== name
//	--- file NAME        (any number: files created in a temporary folder)
//	...content...        (a first line "#preset NAME" stands for that
//	                      embedded machine model's text; a next line
//	                      "#after LINE" puts the rest after that line of
//	                      it instead of at its end)
//	--- args             (one argument per line, run in that folder)
//	--- exit N
//	--- stderr           (the exact first line gpusim prints on stderr)
type cliCase struct {
	name   string
	line   int
	files  map[string]string
	order  []string
	args   []string
	exit   int
	stderr string
}

func readCLICases(t *testing.T, path string) []*cliCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []*cliCase
	var c *cliCase
	section, file := "", ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "=== "):
			c = &cliCase{name: strings.TrimPrefix(line, "=== "), line: n, files: map[string]string{}, exit: -1}
			cases = append(cases, c)
			section = ""
		case c == nil:
			continue // the header comment
		case strings.HasPrefix(line, "--- file "):
			section, file = "file", strings.TrimPrefix(line, "--- file ")
			c.order = append(c.order, file)
			c.files[file] = ""
		case line == "--- args":
			section = "args"
		case strings.HasPrefix(line, "--- exit "):
			section = ""
			if c.exit, err = strconv.Atoi(strings.TrimPrefix(line, "--- exit ")); err != nil {
				t.Fatalf("%s:%d: %v", path, n, err)
			}
		case line == "--- stderr":
			section = "stderr"
		default:
			switch section {
			case "file":
				c.files[file] += line + "\n"
			case "args":
				if line != "" {
					c.args = append(c.args, line)
				}
			case "stderr":
				if c.stderr == "" {
					c.stderr = line
				}
			}
		}
	}
	return cases
}

func writeCLICases(path string, cases []*cliCase, header string) error {
	var b strings.Builder
	b.WriteString(header)
	for _, c := range cases {
		fmt.Fprintf(&b, "=== %s\n", c.name)
		for _, name := range c.order {
			fmt.Fprintf(&b, "--- file %s\n%s", name, c.files[name])
		}
		b.WriteString("--- args\n")
		for _, a := range c.args {
			b.WriteString(a + "\n")
		}
		fmt.Fprintf(&b, "--- exit %d\n--- stderr\n%s\n\n", c.exit, c.stderr)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// runIn runs gpusim with args inside dir and returns its exit status and
// streams.
func runIn(t *testing.T, dir string, args []string) (int, string, string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestCLIErrors runs every malformed or unsupported input of
// testdata/cli_errors.txt and checks the exit status and the exact message
// (with its file:line:col).
func TestCLIErrors(t *testing.T) {
	const path = "testdata/cli_errors.txt"
	cases := readCLICases(t, path)
	if len(cases) < 30 {
		t.Fatalf("%d cases; the issue asks for at least 30", len(cases))
	}
	for _, c := range cases {
		dir := t.TempDir()
		for name, content := range c.files {
			if preset, rest, ok := strings.Cut(content, "\n"); ok && strings.HasPrefix(preset, "#preset ") {
				text, found := config.Preset(strings.TrimPrefix(preset, "#preset "))
				if !found {
					t.Fatalf("%s: no preset %q", c.name, preset)
				}
				content = string(text) + rest
				if after, more, ok := strings.Cut(rest, "\n"); ok && strings.HasPrefix(after, "#after ") {
					at := strings.Index(string(text), "\n"+strings.TrimPrefix(after, "#after ")+"\n")
					if at < 0 {
						t.Fatalf("%s: %s is not a line of the preset", c.name, after)
					}
					at += len(after) - len("#after ") + 2
					content = string(text[:at]) + more + string(text[at:])
				}
			}
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		code, _, stderr := runIn(t, dir, c.args)
		first, _, _ := strings.Cut(stderr, "\n")
		if *update {
			c.exit, c.stderr = code, first
			continue
		}
		if code != c.exit || first != c.stderr {
			t.Errorf("%s:%d: %s:\n got exit %d: %s\nwant exit %d: %s", path, c.line, c.name, code, first, c.exit, c.stderr)
		}
		if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine") {
			t.Errorf("%s: output looks like a Go panic:\n%s", c.name, stderr)
		}
	}
	if *update {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		header := string(data[:bytes.Index(data, []byte("=== "))])
		if err := writeCLICases(path, cases, header); err != nil {
			t.Fatal(err)
		}
	}
}
