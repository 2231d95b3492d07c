package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// runInputs is `silicon inputs -o DIR [-max N] [-forms ID,...]`: the input
// files of every record and tensor form (or of those listed), for capture
// --inputs DIR. -max N keeps the first N records of each (rehearsals).
func runInputs(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("silicon inputs", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("o", "", "directory to write the .in files into (created)")
	maxN := fs.Uint64("max", 0, "at most this many records per form (0: all)")
	only := fs.String("forms", "", "comma-separated form ids (default: every record and tensor form)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *dir == "" || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: silicon inputs -o DIR [-max N] [-forms ID,...]")
		return 2
	}
	var list []*Form
	if *only == "" {
		for _, f := range allForms() {
			if f.Kind != SweepForm {
				list = append(list, f)
			}
		}
	} else {
		for _, s := range strings.Split(*only, ",") {
			id, err := strconv.ParseUint(strings.TrimSpace(s), 10, 16)
			f := lookupForm(FormID(id))
			if err != nil || f == nil || f.Kind == SweepForm {
				fmt.Fprintf(stderr, "silicon inputs: -forms: %q is not a record or tensor form id\n", s)
				return 2
			}
			list = append(list, f)
		}
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fmt.Fprintf(stderr, "silicon inputs: %v\n", err)
		return 1
	}
	for _, f := range list {
		n := f.Count
		if *maxN > 0 {
			n = min(n, *maxN)
		}
		path, err := WriteInputs(*dir, f, n)
		if err != nil {
			fmt.Fprintf(stderr, "silicon inputs: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s: %d records of %s\n", path, n, f.Name)
	}
	return 0
}
