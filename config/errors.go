package config

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gpusim/gpusim/diag"
)

// Error is one problem with a machine description: gpusim's positioned error
// type (package diag). File is the file name as given to Load (or the
// preset's file name); for a bad override it is the override as written,
// "-set units.sfu.lanes=0", and Line is 0. Key is the dotted key the problem
// is about, "" when none; the message names the key where that reads better.
type Error = diag.Error

// Errors is every problem found in one Load, in the order of the file and
// then of the overrides. Its Error method puts one problem on each line.
type Errors []*Error

// Error joins the problems, one per line.
func (es Errors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap returns the problems, so that errors.As finds the first one as an
// *Error (a *diag.Error).
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// maxErrors bounds how many problems one Load reports.
const maxErrors = 20

// errList collects problems while a description is decoded and validated.
type errList struct {
	errs []setError
}

// setError is a problem and where it came from: 0 the file, i+1 the i-th
// override (the order in which problems are reported).
type setError struct {
	*Error
	set int
}

func (l *errList) add(o origin, key, format string, args ...any) {
	l.errs = append(l.errs, setError{o.errorf(key, format, args...), o.set})
}

func (l *errList) empty() bool { return len(l.errs) == 0 }

// result orders the problems (the file's by position, then the overrides'
// in the order given), drops exact repeats and caps the count.
func (l *errList) result() error {
	if len(l.errs) == 0 {
		return nil
	}
	sort.SliceStable(l.errs, func(i, j int) bool {
		a, b := l.errs[i], l.errs[j]
		if a.set != b.set {
			return a.set < b.set
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	var out Errors
	for i, e := range l.errs {
		if i > 0 && e.Error.Error() == l.errs[i-1].Error.Error() {
			continue
		}
		out = append(out, e.Error)
	}
	if len(out) > maxErrors {
		out = out[:maxErrors]
	}
	return out
}

// errorf returns a problem positioned at this origin.
func (o origin) errorf(key, format string, args ...any) *Error {
	return &Error{File: o.file, Line: o.line, Col: o.col, Key: key, Msg: fmt.Sprintf(format, args...)}
}
