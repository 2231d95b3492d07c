package traces

import "github.com/gpusim/gpusim/diag"

// Error is a front-end error: what is wrong with the input and where. It is
// gpusim's one positioned error type (package diag), printed as
// `file:line:col: message`; File is the trace as given to the front end.
type Error = diag.Error

// ErrorAt returns a front-end error at a position of the file path.
func ErrorAt(path string, pos Pos, msg string) *Error {
	return &Error{File: path, Line: int(pos.Line), Col: int(pos.Col), Msg: msg}
}
