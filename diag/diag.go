// Package diag owns gpusim's one positioned error type: what is wrong with an
// input (a trace, a launch file, a machine model, a command-line override)
// and where, printed as `file:line:col: message`, the form editors and CI
// logs link. Every package that knows a position returns an *Error, so a
// caller can errors.As any failure into one type and read its position.
// It also owns reading and writing the files a user names (file.go): input
// files are read only when they are regular files of a bounded size (a
// FIFO, a device or a huge file is an error naming it, never a hang), and
// output files are written whole or not at all (a temporary file renamed
// into place).
//
// It imports nothing else of the project; every other package may import it.
package diag

import (
	"fmt"
	"strconv"
)

// Error is one problem at one place.
type Error struct {
	// File is the file as given by the user; for a command-line override it
	// is the override as written ("-set units.sfu.lanes=0") and Line is 0.
	File string
	Line int    // 1-based; 0 when the problem has no line
	Col  int    // 1-based byte column; 0 when unknown
	Key  string // the dotted key or directive the problem is about; "" when none
	Msg  string // what is wrong, naming the instruction, directive or key
	Err  error  // the underlying cause, if any (returned by Unwrap)
}

// At returns an error at file:line:col with a formatted message.
func At(file string, line, col int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// Wrap returns an error at file:line:col whose message is cause's text and
// which unwraps to cause.
func Wrap(file string, line, col int, cause error) *Error {
	return &Error{File: file, Line: line, Col: col, Msg: cause.Error(), Err: cause}
}

// Error formats the problem as "file:line:col: message", leaving out the
// parts that are unknown.
func (e *Error) Error() string {
	b := make([]byte, 0, len(e.File)+len(e.Msg)+24)
	b = append(b, e.File...)
	if e.Line > 0 {
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(e.Line), 10)
		if e.Col > 0 {
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(e.Col), 10)
		}
	}
	if len(b) > 0 {
		b = append(b, ": "...)
	}
	b = append(b, e.Msg...)
	return string(b)
}

// Unwrap returns the underlying cause, or nil.
func (e *Error) Unwrap() error { return e.Err }

// Position returns the error's file, line and column.
func (e *Error) Position() (file string, line, col int) { return e.File, e.Line, e.Col }
