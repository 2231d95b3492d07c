package warp

import "fmt"

// AssertError is the fault of a thread that called the device runtime's
// __assertfail (a failed assert): the assertion's text and where it is in
// the program's source.
type AssertError struct {
	Message, File, Function string
	Line                    int
}

func (e *AssertError) Error() string {
	return fmt.Sprintf("assertion `%s` failed at %s:%d in %s", e.Message, e.File, e.Line, e.Function)
}

// StackOverflowError is the fault of a call that does not fit the thread's
// call stack (the launch's stack limit, CUDA's cudaLimitStackSize).
type StackOverflowError struct {
	Callee      string
	Need        uint64 // the callee's stack frame
	NeedSource  string // where that figure comes from
	Used        uint64 // what the thread's stack holds already
	Limit       uint64
	Depth       int // calls on the stack
	LimitSource string
}

func (e *StackOverflowError) Error() string {
	return fmt.Sprintf("call stack overflow: the call to %s needs %d bytes (%s) and the thread's stack holds %d of its %d-byte limit at depth %d (%s)",
		e.Callee, e.Need, e.NeedSource, e.Used, e.Limit, e.Depth, e.LimitSource)
}
