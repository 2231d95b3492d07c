package main

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// caseLine is one line of a testdata case file: its number and its fields.
type caseLine struct {
	line   int
	fields []string // the text split on "|" (trimmed); comments removed
}

// readCases reads a testdata file of one case per line; '#' starts a comment
// (outside the last field's free text only when preceded by space).
func readCases(t *testing.T, path string) []caseLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []caseLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if i := strings.Index(text, " #"); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, "|")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		out = append(out, caseLine{line: n, fields: parts})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	return out
}
