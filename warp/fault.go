package warp

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"github.com/gpusim/gpusim/traces"
)

// Fault is an error raised while executing an instruction: a bad memory
// access (Err is then a *mem.Fault), a trap, or a misuse the hardware would
// not survive. It names everything a user needs to find the culprit, e.g.
//
//	softmax.ptx:41:2: ld.global.f32: out-of-range read of 4 bytes at
//	0x0000000100001000 (kernel softmax, block (3,0,0), warp 0, lane 17,
//	thread (17,0,0), pc 12)
type Fault struct {
	Path     string     // the trace file
	Pos      traces.Pos // position of the instruction in it
	Mnemonic string     // the instruction's opcode and suffixes
	Source   string     // "file:line" of the original source (.loc), or ""
	Kernel   string
	Block    [3]uint32
	Warp     int       // the warp's (AMD: wave's) index in its block
	Thread   [3]uint32 // the first faulting thread
	Lane     int       // its lane in the warp
	PC       int32     // the instruction's index in the kernel's code
	Err      error
}

// Error formats the fault as file:line:col: instruction: problem (where).
func (f *Fault) Error() string {
	src := ""
	if f.Source != "" {
		src = ", source " + f.Source
	}
	return fmt.Sprintf("%s:%d:%d: %s: %v (kernel %s, block (%d,%d,%d), warp %d, lane %d, thread (%d,%d,%d), pc %d%s)",
		f.Path, f.Pos.Line, f.Pos.Col, f.Mnemonic, f.Err, f.Kernel,
		f.Block[0], f.Block[1], f.Block[2], f.Warp, f.Lane, f.Thread[0], f.Thread[1], f.Thread[2], f.PC, src)
}

// Unwrap returns the underlying error (a *mem.Fault for memory faults).
func (f *Fault) Unwrap() error { return f.Err }

// laneError is what an exec function returns: an error and the lane that
// raised it.
type laneError struct {
	lane int
	err  error
}

func (e *laneError) Error() string { return e.err.Error() }

// AtLane wraps an exec error with the lane that raised it, for NewFault.
func AtLane(lane int, err error) error { return &laneError{lane: lane, err: err} }

// ErrTrap is the error of a trap instruction (PTX trap, AMD s_trap).
var ErrTrap = errors.New("trap")

// ErrAtomicSpace is the error of an atomic operation on a space that has
// none.
func ErrAtomicSpace(sp traces.Space) error {
	return fmt.Errorf("atomic operation on %s memory (only global and shared)", sp)
}

// NewFault builds the Fault of an exec error raised by instruction in (at
// pc) for the lanes in m: the faulting lane is the one the error names, else
// the lowest in m. The caller fills in Thread from Lane.
func NewFault(prog *traces.Program, kernel string, in *traces.Inst, mnem string, block [3]uint32, pc int32, width int, m uint64, err error) *Fault {
	lane := bits.TrailingZeros64(m)
	var le *laneError
	if errors.As(err, &le) {
		lane, err = le.lane, le.err
	}
	if lane >= width {
		lane = 0
	}
	f := &Fault{
		Path: prog.Path, Pos: in.Pos, Mnemonic: mnem,
		Kernel: kernel, Block: block, Lane: lane, PC: pc, Err: err,
	}
	if in.Loc.Line != 0 {
		name := prog.Files[in.Loc.File]
		if name == "" {
			name = fmt.Sprintf("file %d", in.Loc.File)
		}
		f.Source = fmt.Sprintf("%s:%d", name, in.Loc.Line)
	}
	return f
}

// Mnemonic is an instruction's opcode as written, with its suffixes
// ("ld.global.f32", "v_add_f32_e32"), for errors: the first word of its
// text after any guard, or the bare opcode when it has no text.
func Mnemonic(in *traces.Inst) string {
	t := strings.TrimSpace(in.Text)
	if t != "" && t[0] == '@' { // skip a guard
		if i := strings.IndexAny(t, " \t"); i >= 0 {
			t = strings.TrimSpace(t[i:])
		}
	}
	if i := strings.IndexAny(t, " \t"); i >= 0 {
		t = t[:i]
	}
	if t == "" {
		return in.Op.String()
	}
	return t
}
