package traces

// Calls beyond the static, direct ones: indirect calls through a function
// address, the device runtime's functions (printf, assert), recursion, and
// initialisers that hold addresses. The front end resolves them; warp
// executes them (see CallSite, FuncSpan).

// FuncAddrBase is the value of the address of function 0 of a module
// (`mov.u64 %rd, f`, or `f` in an initialiser); function i is at
// FuncAddr(i). The range lies above every data window of package mem, so a
// load or store through a function address faults as out of range.
const FuncAddrBase uint64 = 0x0000_7f00_0000_0000

// FuncAddrStride is the distance between two functions' addresses.
const FuncAddrStride = 16

// FuncAddr is the address of the module's function id (Program.Funcs).
func FuncAddr(id int32) uint64 { return FuncAddrBase + uint64(id)*FuncAddrStride }

// FuncID returns the module function an address names, or false when it
// is not one (an unaligned or out-of-range value).
func FuncID(addr uint64, nfuncs int) (int32, bool) {
	if addr < FuncAddrBase || (addr-FuncAddrBase)%FuncAddrStride != 0 {
		return -1, false
	}
	id := (addr - FuncAddrBase) / FuncAddrStride
	if id >= uint64(nfuncs) {
		return -1, false
	}
	return int32(id), true
}

// Builtin names a function of the device runtime that a module declares
// `.extern` and calls without defining it.
type Builtin uint8

const (
	BuiltinNone Builtin = iota
	// BuiltinVprintf is vprintf(format, args): device printf. It returns
	// (.b32) the number of arguments the format consumed.
	BuiltinVprintf
	// BuiltinAssertFail is __assertfail(message, file, line, function,
	// charSize): a failed device assert; the calling threads stop the
	// kernel.
	BuiltinAssertFail
)

func (b Builtin) String() string {
	switch b {
	case BuiltinVprintf:
		return "vprintf"
	case BuiltinAssertFail:
		return "__assertfail"
	}
	return ""
}

// Slot is a range of a thread's parameter frame: Size bytes at Off.
type Slot struct {
	Off, Size uint64
}

// RelocKind says what address an initialiser element holds.
type RelocKind uint8

const (
	RelocNone   RelocKind = iota
	RelocGlobal           // a .global variable: the module's global segment base + Target
	RelocConst            // a .const variable: Target in the constant space (its generic address with Generic)
	RelocFunc             // a function: Target is its address (FuncAddr)
)

// Reloc is an element of a variable's initial bytes that holds an address
// (`generic(x)+8`, `x`, a function name, or one byte of an address as
// clang writes it for packed data: `0xFF00(generic(x))`): the Size bytes at
// Off of Var.Init (little-endian) are replaced at load time by
// (address >> Shift), truncated to Size bytes.
type Reloc struct {
	Off     uint64
	Size    uint8
	Shift   uint8
	Kind    RelocKind
	Generic bool   // generic(x): the generic address (matters for .const)
	Target  uint64 // the variable's offset in its segment plus the addend; a function's address plus the addend
}
