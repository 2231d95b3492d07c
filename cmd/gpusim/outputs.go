package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// outputPlan lists every file a command will write (and the inputs it must
// not write over), so that they are checked before a run that may take
// hours: each one's folder exists or can be created and is writable, no
// path is a folder, no two outputs name one file, and no output names an
// input.
type outputPlan struct {
	outs []planned
	ins  []planned
}

// planned is one file: what names it in messages ("-json", "buffers.y
// output") and its path.
type planned struct{ what, path string }

type statted struct {
	p  planned
	st os.FileInfo
}

func (o *outputPlan) add(what, path string) {
	if path != "" {
		o.outs = append(o.outs, planned{what, path})
	}
}

func (o *outputPlan) input(what, path string) {
	if path != "" {
		o.ins = append(o.ins, planned{what, path})
	}
}

// check returns every problem, one per line.
func (o *outputPlan) check() error {
	var errs []string
	seen := map[string]planned{}
	var stats []statted // the existing files so far, for os.SameFile
	for _, p := range o.ins {
		if st, err := os.Stat(p.path); err == nil {
			stats = append(stats, statted{p, st})
		}
		if abs, err := filepath.Abs(p.path); err == nil {
			seen[abs] = p
		}
	}
	checked := map[string]error{}
	for _, p := range o.outs {
		abs, err := filepath.Abs(p.path)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s %s: %v", p.what, p.path, err))
			continue
		}
		if prev, ok := seen[abs]; ok {
			errs = append(errs, clash(prev, p))
			continue
		}
		seen[abs] = p
		st, err := os.Stat(abs)
		if err == nil {
			if st.IsDir() {
				errs = append(errs, fmt.Sprintf("%s %s: is a folder, not a file", p.what, p.path))
				continue
			}
			dup := false
			for _, s := range stats {
				if os.SameFile(s.st, st) {
					errs = append(errs, clash(s.p, p))
					dup = true
					break
				}
			}
			if dup {
				continue
			}
			stats = append(stats, statted{p, st})
		}
		dir := filepath.Dir(abs)
		err, ok := checked[dir]
		if !ok {
			err = writableFolder(dir)
			checked[dir] = err
		}
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s %s: %v", p.what, p.path, err))
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errors.New(strings.Join(errs, "\n"))
}

func clash(a, b planned) string {
	if a.path == b.path {
		return fmt.Sprintf("%s and %s both name %s", a.what, b.what, b.path)
	}
	return fmt.Sprintf("%s %s and %s %s are the same file", a.what, a.path, b.what, b.path)
}

// writableFolder checks that files can be created in dir: in dir itself
// when it exists, else in the nearest folder above it that does (so that
// dir can be created).
func writableFolder(dir string) error {
	probe := dir
	for {
		st, err := os.Stat(probe)
		if err == nil {
			if !st.IsDir() {
				return fmt.Errorf("%s is a file, not a folder", probe)
			}
			break
		}
		if !errors.Is(err, os.ErrNotExist) {
			return err
		}
		up := filepath.Dir(probe)
		if up == probe {
			return fmt.Errorf("no folder of %s exists", dir)
		}
		probe = up
	}
	f, err := os.CreateTemp(probe, ".gpusim-write-check-*")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		if probe != dir {
			return fmt.Errorf("cannot create folder %s in %s: %v", dir, probe, err)
		}
		return fmt.Errorf("cannot write in folder %s: %v", dir, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}
