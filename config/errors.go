package config

import (
	"fmt"
	"sort"
	"strings"
)

// Error is one problem with a machine description. File is the file name as
// given to Load (or the preset's file name); for a bad override it is the
// override as written, "-set units.sfu.lanes=0", and Line is 0.
type Error struct {
	File string
	Line int    // 1-based; 0 when the problem has no line (an override, a missing table)
	Col  int    // 1-based byte column of the key; 0 when unknown
	Key  string // the dotted key the problem is about, "" when none
	Msg  string // the message, naming the key where that reads better

	set int // 0: the file; i+1: the i-th override (for ordering)
}

// Error formats the problem as "file:line:col: message".
func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

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

// maxErrors bounds how many problems one Load reports.
const maxErrors = 20

// errList collects problems while a description is decoded and validated.
type errList struct {
	errs Errors
}

func (l *errList) add(o origin, key, format string, args ...any) {
	l.errs = append(l.errs, &Error{File: o.file, Line: o.line, Col: o.col, Key: key, Msg: fmt.Sprintf(format, args...), set: o.set})
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
	out := l.errs[:0]
	for i, e := range l.errs {
		if i > 0 && e.Error() == l.errs[i-1].Error() {
			continue
		}
		out = append(out, e)
	}
	if len(out) > maxErrors {
		out = out[:maxErrors]
	}
	return out
}
