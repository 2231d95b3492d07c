package mem

import "github.com/gpusim/gpusim/traces"

// The generic address space (64-bit). Global addresses are generic addresses
// unchanged (cvta.global is the identity). Every other space that generic
// addressing can reach gets a fixed window of WindowSize bytes; a space
// address a (an offset from the start of that space) has the generic address
// window + a. The windows are the same for every block and every thread: a
// generic address in the shared window names the executing block's shared
// memory, one in the local window the executing thread's local memory.
// Global allocations always lie in [GlobalBase, SharedWindow).
const (
	// GlobalBase is where the first global allocation starts.
	GlobalBase uint64 = 0x0000_0001_0000_0000
	// SharedWindow is the generic address of byte 0 of the block's shared memory.
	SharedWindow uint64 = 0x0000_7000_0000_0000
	// LocalWindow is the generic address of byte 0 of the thread's local memory.
	LocalWindow uint64 = 0x0000_7100_0000_0000
	// ConstWindow is the generic address of byte 0 of the constant bank.
	ConstWindow uint64 = 0x0000_7200_0000_0000
	// ParamWindow is the generic address of byte 0 of the kernel parameter buffer.
	ParamWindow uint64 = 0x0000_7300_0000_0000
	// WindowSize is the size of each window (space addresses are 32-bit).
	WindowSize uint64 = 1 << 32
)

// Window returns the generic address of byte 0 of space s: the fixed offset
// that cvta adds (space -> generic) or subtracts (generic -> space). Global
// and generic addresses need no offset (0); spaces that generic addressing
// cannot reach (registers, parameter frames) report ok = false.
func Window(s traces.Space) (base uint64, ok bool) {
	switch s {
	case traces.SpaceGlobal, traces.SpaceGeneric:
		return 0, true
	case traces.SpaceShared:
		return SharedWindow, true
	case traces.SpaceLocal:
		return LocalWindow, true
	case traces.SpaceConst:
		return ConstWindow, true
	case traces.SpaceParam:
		return ParamWindow, true
	}
	return 0, false
}

// Resolve maps a generic address to the space it falls in and the address
// within that space. Anything outside the windows is a global address.
func Resolve(generic uint64) (traces.Space, uint64) {
	if generic >= SharedWindow && generic < ParamWindow+WindowSize {
		off := generic - SharedWindow
		if off%(LocalWindow-SharedWindow) < WindowSize {
			switch off / (LocalWindow - SharedWindow) {
			case 0:
				return traces.SpaceShared, generic - SharedWindow
			case 1:
				return traces.SpaceLocal, generic - LocalWindow
			case 2:
				return traces.SpaceConst, generic - ConstWindow
			case 3:
				return traces.SpaceParam, generic - ParamWindow
			}
		}
	}
	return traces.SpaceGlobal, generic
}
