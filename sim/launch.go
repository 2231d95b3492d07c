package sim

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/gpusim/gpusim/config"
	"github.com/gpusim/gpusim/diag"
)

// LaunchSpec is a kernel launch as a launch file describes it
// (spec: traces.md section 3): which kernel, grid and block shape, dynamic
// shared memory, one Arg per kernel parameter and the buffers the pointer
// arguments name.
type LaunchSpec struct {
	Path   string // the launch file, "" when defaults were used
	Kernel string
	Grid   [3]uint32
	Block  [3]uint32
	Shared uint64
	// StackSize is each thread's call stack in bytes for kernels that
	// recurse (`stack_size`, as cudaDeviceSetLimit(cudaLimitStackSize)
	// sets it; 0: CUDA's default, 1 KiB).
	StackSize uint64
	Args      []ArgSpec
	// Buffers in the order the launch file defines them.
	Buffers []*BufferSpec
	// Notes are the stated defaults and overrides, printed in the report.
	Notes []string
	// KernelLine and ArgsLine are where the file says `kernel =` and its
	// first [[args]] (0: not said), for error messages.
	KernelLine, ArgsLine int
	// Textures are the [textures], [surfaces] and [samplers] tables, in
	// that order and each in the order the file defines them; TexRefs the
	// [texrefs] bindings (launch_tex.go).
	Textures []*TexSpec
	TexRefs  []TexBinding
}

// ArgSpec is one kernel argument: a buffer's address, a scalar value, or
// (for aggregate parameters: structs, unions, __half, .param arrays) raw
// bytes, elements of the parameter's type, or named fields (params.go).
type ArgSpec struct {
	Buffer string // non-empty: a pointer to that buffer
	Value  Scalar // otherwise a scalar
	// Type, when HasType, is the type the value is stored as (an
	// aggregate parameter of that size, e.g. a __half as f16).
	Type    ElemType
	HasType bool
	Bytes   []byte      // raw little-endian bytes, exactly the parameter's size
	Values  []Scalar    // elements of the parameter's element type
	Fields  []FieldSpec // members in declaration order, laid out as C does
	Object  string      // texture, surface or sampler: the launch-file object whose handle is passed
	Kind    ArgKind     // which of the above the file gave
	Line    int         // where it was written (0: not from a file)
}

// ArgKind says how an argument was given.
type ArgKind uint8

const (
	ArgValue   ArgKind = iota // value (the default: 0 when nothing was given)
	ArgBuffer                 // buffer = "NAME"
	ArgBytes                  // bytes = [...]
	ArgValues                 // values = [...]
	ArgFields                 // fields = [...]
	ArgTexture                // texture = "NAME"
	ArgSurface                // surface = "NAME"
	ArgSampler                // sampler = "NAME"
)

// Scalar is a number from a launch file, kept as TOML gave it: an integer
// (Int) or a float (Float); IsFloat says which.
type Scalar struct {
	IsFloat bool
	Int     int64
	Float   float64
}

// BufferSpec is one buffer of the launch file.
type BufferSpec struct {
	Name   string
	Type   ElemType
	Count  uint64
	Init   string // zeros | iota | random | values | file
	Min    float64
	Max    float64
	Seed   uint64
	Values []Scalar
	File   string // absolute or relative to the launch file's folder
	Output string // relative to the output folder
	Line   int
}

// Bytes is the buffer's size in bytes.
func (b *BufferSpec) Bytes() uint64 { return b.Count * uint64(b.Type.Size()) }

// launchFile mirrors the TOML layout; decoded strictly.
type launchFile struct {
	Kernel    *string
	Grid      []int64
	Block     []int64
	Shared    *int64
	StackSize *int64      `toml:"stack_size"`
	Args      []launchArg `toml:"args"`
	Buffers   map[string]launchBuffer
	Textures  map[string]launchTex
	Surfaces  map[string]launchTex
	Samplers  map[string]launchTex
	Texrefs   map[string]string
}

type launchArg struct {
	Buffer  *string
	Texture *string
	Surface *string
	Sampler *string
	Value   any
	Type    *string
	Bytes   []any
	Values  []any
	Fields  []launchField
}

type launchBuffer struct {
	Type   *string
	Count  *int64
	Init   *string
	Min    *float64
	Max    *float64
	Seed   *int64
	Values []any
	File   *string
	Output *string
}

// LoadLaunch reads and checks a launch file. Errors name the file, line and
// key.
func LoadLaunch(path string) (*LaunchSpec, error) {
	src, err := diag.ReadFile(path, "launch file", diag.LaunchFileLimit)
	if err != nil {
		return nil, err
	}
	return ParseLaunch(path, src)
}

// ParseLaunch decodes launch-file text (path is used for messages and to
// resolve relative `file` paths).
func ParseLaunch(path string, src []byte) (*LaunchSpec, error) {
	keys := config.IndexKeys(src)
	var lf launchFile
	md, err := toml.Decode(string(src), &lf)
	if err != nil {
		var pe toml.ParseError
		if ppe := (*toml.ParseError)(nil); errors.As(err, &ppe) {
			pe = *ppe
		}
		if errors.As(err, &pe) || pe.Message != "" {
			msg := pe.Message
			if pe.LastKey != "" {
				msg = pe.LastKey + ": " + msg
			}
			return nil, &diag.Error{File: path, Line: pe.Position.Line, Col: pe.Position.Col, Key: pe.LastKey, Msg: msg, Err: err}
		}
		if line, key, msg, ok := splitTOMLTypeError(err.Error()); ok {
			return nil, keyError(path, line, key, msg)
		}
		return nil, diag.Wrap(path, 0, 0, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0].String()
		return nil, &diag.Error{File: path, Line: keys.Line(k), Key: k, Msg: "unknown key " + k}
	}
	at := func(key string, format string, args ...any) error {
		return keyError(path, keys.Line(key), key, fmt.Sprintf(format, args...))
	}

	ls := &LaunchSpec{Path: path, Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{1, 1, 1}}
	if lf.Kernel != nil {
		ls.Kernel = *lf.Kernel
		ls.KernelLine = keys.Line("kernel")
	}
	if lf.Grid != nil {
		if ls.Grid, err = dim3(lf.Grid); err != nil {
			return nil, at("grid", "%v", err)
		}
	}
	if lf.Block != nil {
		if ls.Block, err = dim3(lf.Block); err != nil {
			return nil, at("block", "%v", err)
		}
	}
	if lf.Shared != nil {
		if *lf.Shared < 0 {
			return nil, at("shared", "must not be negative, got %d", *lf.Shared)
		}
		ls.Shared = uint64(*lf.Shared)
	}
	if lf.StackSize != nil {
		if *lf.StackSize <= 0 || *lf.StackSize > 1<<24 {
			return nil, at("stack_size", "must be between 1 and %d bytes, got %d", 1<<24, *lf.StackSize)
		}
		ls.StackSize = uint64(*lf.StackSize)
	}

	names := make([]string, 0, len(lf.Buffers))
	for name := range lf.Buffers {
		names = append(names, name)
	}
	// The order the file defines them in (map order is random).
	sort.Slice(names, func(i, j int) bool {
		li, lj := keys.Line("buffers."+names[i]), keys.Line("buffers."+names[j])
		if li != lj {
			return li < lj
		}
		return names[i] < names[j]
	})
	for _, name := range names {
		b, err := checkBuffer(path, name, lf.Buffers[name], at)
		if err != nil {
			return nil, err
		}
		b.Line = keys.Line("buffers." + name)
		ls.Buffers = append(ls.Buffers, b)
	}

	if err := parseTexTables(path, &lf, ls, keys); err != nil {
		return nil, err
	}

	ls.ArgsLine = keys.ArrayLine("args", 0)
	for i, a := range lf.Args {
		key := fmt.Sprintf("args[%d]", i)
		line := keys.ArrayLine("args", i)
		bad := func(format string, args ...any) error {
			return keyError(path, line, key, fmt.Sprintf(format, args...))
		}
		arg, err := parseArg(a, ls, bad)
		if err != nil {
			return nil, err
		}
		arg.Line = line
		ls.Args = append(ls.Args, arg)
	}
	return ls, nil
}

// keyError is a problem with the value of key at file:line, "key: msg".
func keyError(file string, line int, key, msg string) *diag.Error {
	return &diag.Error{File: file, Line: line, Key: key, Msg: key + ": " + msg}
}

func checkBuffer(path, name string, lb launchBuffer, at func(string, string, ...any) error) (*BufferSpec, error) {
	key := "buffers." + name
	b := &BufferSpec{Name: name, Init: "zeros", Min: 0, Max: 1, Seed: 1}
	if lb.Type == nil {
		return nil, at(key, "missing type (one of %s)", strings.Join(elemTypeNames(), " "))
	}
	t, ok := elemTypeByName(*lb.Type)
	if !ok {
		return nil, at(key+".type", "unknown type %q (one of %s)", *lb.Type, strings.Join(elemTypeNames(), " "))
	}
	b.Type = t
	if lb.Init != nil {
		b.Init = *lb.Init
	}
	switch b.Init {
	case "zeros", "iota", "random", "values", "file":
	default:
		return nil, at(key+".init", "unknown init %q (zeros, iota, random, values or file)", b.Init)
	}
	if lb.Min != nil {
		b.Min = *lb.Min
	}
	if lb.Max != nil {
		b.Max = *lb.Max
	}
	if lb.Seed != nil {
		b.Seed = uint64(*lb.Seed)
	}
	if (lb.Min != nil || lb.Max != nil || lb.Seed != nil) && b.Init != "random" {
		k := key + ".seed"
		if lb.Min != nil {
			k = key + ".min"
		} else if lb.Max != nil {
			k = key + ".max"
		}
		return nil, at(k, "min, max and seed apply to init = \"random\", not %q", b.Init)
	}
	if b.Init == "random" && !(b.Min < b.Max) {
		return nil, at(key+".max", "random needs min < max, got [%g, %g)", b.Min, b.Max)
	}
	if b.Init == "values" {
		if len(lb.Values) == 0 {
			return nil, at(key+".init", "init = \"values\" needs a non-empty values list")
		}
		for i, v := range lb.Values {
			s, ok := scalarOf(v)
			if !ok {
				return nil, at(key+".values", "element %d must be a number, got %T", i, v)
			}
			b.Values = append(b.Values, s)
		}
	} else if lb.Values != nil {
		return nil, at(key+".values", "values apply to init = \"values\", not %q", b.Init)
	}
	if b.Init == "file" {
		if lb.File == nil || *lb.File == "" {
			return nil, at(key+".init", "init = \"file\" needs file = \"PATH\"")
		}
		b.File = *lb.File
		if !filepath.IsAbs(b.File) {
			b.File = filepath.Join(filepath.Dir(path), b.File)
		}
	} else if lb.File != nil {
		return nil, at(key+".file", "file applies to init = \"file\", not %q", b.Init)
	}
	if lb.Count == nil {
		if b.Init != "file" {
			return nil, at(key, "missing count")
		}
		size, err := diag.StatRegular(b.File, "init file")
		if err != nil {
			return nil, at(key+".file", "%v", err)
		}
		if size%int64(t.Size()) != 0 {
			return nil, at(key+".file", "%d bytes is not a whole number of %s elements", size, t)
		}
		b.Count = uint64(size) / uint64(t.Size())
	} else {
		if *lb.Count <= 0 {
			return nil, at(key+".count", "must be positive, got %d", *lb.Count)
		}
		b.Count = uint64(*lb.Count)
	}
	if b.Count > maxBufferElems {
		return nil, at(key+".count", "%d elements is more than gpusim allocates (%d)", b.Count, uint64(maxBufferElems))
	}
	if lb.Output != nil {
		b.Output = *lb.Output
		if b.Output == "" {
			return nil, at(key+".output", "empty file name")
		}
	}
	return b, nil
}

// maxBufferElems bounds a single buffer (4 Gi elements) so a typo cannot ask
// for terabytes.
const maxBufferElems = 1 << 32

// Buffer returns the buffer of that name, or nil.
func (l *LaunchSpec) Buffer(name string) *BufferSpec {
	for _, b := range l.Buffers {
		if b.Name == name {
			return b
		}
	}
	return nil
}

func dim3(v []int64) ([3]uint32, error) {
	d := [3]uint32{1, 1, 1}
	if len(v) == 0 || len(v) > 3 {
		return d, fmt.Errorf("needs 1 to 3 dimensions, got %d", len(v))
	}
	for i, x := range v {
		if x <= 0 || x > math.MaxInt32 {
			return d, fmt.Errorf("dimension %d must be between 1 and %d, got %d", i, math.MaxInt32, x)
		}
		d[i] = uint32(x)
	}
	return d, nil
}

func scalarOf(v any) (Scalar, bool) {
	switch x := v.(type) {
	case int64:
		return Scalar{Int: x}, true
	case float64:
		return Scalar{IsFloat: true, Float: x}, true
	}
	return Scalar{}, false
}

// splitTOMLTypeError takes apart BurntSushi/toml's type-mismatch message
// ("toml: line 3 (last key "grid"): incompatible types: TOML value has type
// string; destination has type slice") into line, key and a message in the
// launch file's terms ("expected an array, got string").
func splitTOMLTypeError(s string) (line int, key, msg string, ok bool) {
	rest, found := strings.CutPrefix(s, "toml: line ")
	if !found {
		return 0, "", "", false
	}
	if _, err := fmt.Sscanf(rest, "%d (last key %q): ", &line, &key); err != nil {
		return 0, "", "", false
	}
	_, msg, found = strings.Cut(rest, "): ")
	if !found {
		return 0, "", "", false
	}
	var got, dst string
	if _, err := fmt.Sscanf(msg, "incompatible types: TOML value has type %s destination has type %s", &got, &dst); err == nil {
		got = strings.TrimSuffix(got, ";")
		want := map[string]string{"slice": "an array", "int64": "an integer", "float64": "a number",
			"string": "a string", "map": "a table", "struct": "a table", "bool": "a boolean"}[dst]
		if want == "" {
			want = dst
		}
		msg = "expected " + want + ", got " + got
	}
	return line, key, msg, true
}
