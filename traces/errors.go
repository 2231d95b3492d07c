package traces

import "strconv"

// Error is a front-end error: what is wrong with the input and where. It
// prints as `file:line:col: message`, the form editors and CI logs link.
type Error struct {
	Path string // the file as given to the front end
	Pos  Pos    // 1-based line and column (bytes); line 0 when unknown
	Msg  string // what is wrong, naming the instruction or directive
}

// Error implements the error interface.
func (e *Error) Error() string {
	b := make([]byte, 0, len(e.Path)+len(e.Msg)+24)
	b = append(b, e.Path...)
	if e.Pos.Line > 0 {
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(e.Pos.Line), 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(e.Pos.Col), 10)
	}
	b = append(b, ": "...)
	b = append(b, e.Msg...)
	return string(b)
}
