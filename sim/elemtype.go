package sim

// ElemType is the element type of a launch-file buffer.
type ElemType uint8

// Buffer element types, as launch files name them.
const (
	ElemU8 ElemType = iota
	ElemI8
	ElemU16
	ElemI16
	ElemU32
	ElemI32
	ElemU64
	ElemI64
	ElemF16
	ElemBF16
	ElemF32
	ElemF64
	numElemTypes
)

var elemTypeInfo = [numElemTypes]struct {
	name string
	size int
}{
	{"u8", 1}, {"i8", 1}, {"u16", 2}, {"i16", 2}, {"u32", 4}, {"i32", 4},
	{"u64", 8}, {"i64", 8}, {"f16", 2}, {"bf16", 2}, {"f32", 4}, {"f64", 8},
}

func (t ElemType) String() string { return elemTypeInfo[t].name }

// Size is the element size in bytes.
func (t ElemType) Size() int { return elemTypeInfo[t].size }

// IsFloat reports a floating-point element type.
func (t ElemType) IsFloat() bool { return t >= ElemF16 }

// IsSigned reports a signed integer element type.
func (t ElemType) IsSigned() bool {
	return t == ElemI8 || t == ElemI16 || t == ElemI32 || t == ElemI64
}

func elemTypeByName(s string) (ElemType, bool) {
	for t := ElemType(0); t < numElemTypes; t++ {
		if elemTypeInfo[t].name == s {
			return t, true
		}
	}
	return 0, false
}

func elemTypeNames() []string {
	out := make([]string, numElemTypes)
	for t := range out {
		out[t] = elemTypeInfo[t].name
	}
	return out
}
