package sim

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/gpusim/gpusim/traces"
)

// Kernel parameters that are not one scalar. PTX declares a struct, union
// or __half parameter as bytes with an alignment (`.param .align 8 .b8
// p[24]`) and a parameter array as elements (`.param .b32 a[4]`); the PTX
// ISA (section "Kernel Function Parameters") lays parameters out at their
// alignment, and the bytes of an aggregate are the C object's. A launch
// file fills one in any of these ways:
//
//	[[args]]
//	bytes = [0x51, 0, 0, 0]            # raw little-endian bytes, exactly the parameter's size
//	[[args]]
//	values = [1, 2, 3, 4]              # elements of the parameter's declared type (.b32 a[4])
//	[[args]]
//	value = -2.75                      # one element stored as type (a __half parameter)
//	type = "f16"
//	[[args]]
//	fields = [                         # members in declaration order, laid out as C does:
//	  { name = "tag", type = "i8", value = 81 },      # each at the next offset aligned to its size
//	  { name = "count", type = "i32", value = -123 }, # (or to align = N), the whole padded to the
//	  { name = "data", buffer = "x" },                # largest alignment; a buffer is an 8-byte pointer;
//	  { name = "w", type = "f32", values = [1, 2] },  # values makes an array member
//	]
//
// The layout of fields must come out at exactly the parameter's size,
// which catches a member left out or mistyped.

// FieldSpec is one member of a fields argument.
type FieldSpec struct {
	Name   string // for messages; "" when not given
	Type   ElemType
	Value  Scalar
	Values []Scalar // non-nil: an array member
	Buffer string   // non-empty: a pointer to that buffer
	Align  uint64   // 0: the member's natural alignment
}

type launchField struct {
	Name   *string
	Type   *string
	Value  any
	Values []any
	Buffer *string
	Align  *int64
}

// parseArg checks one [[args]] entry; bad formats an error at its line.
func parseArg(a launchArg, ls *LaunchSpec, bad func(string, ...any) error) (ArgSpec, error) {
	var given []string
	for _, g := range []struct {
		set  bool
		name string
	}{{a.Buffer != nil, "buffer"}, {a.Value != nil, "value"}, {a.Bytes != nil, "bytes"}, {a.Values != nil, "values"}, {a.Fields != nil, "fields"},
		{a.Texture != nil, "texture"}, {a.Surface != nil, "surface"}, {a.Sampler != nil, "sampler"}} {
		if g.set {
			given = append(given, g.name)
		}
	}
	if len(given) > 1 {
		return ArgSpec{}, bad("give one of buffer, value, bytes, values, fields, texture, surface or sampler, not %s", strings.Join(given, " and "))
	}
	if a.Type != nil && a.Value == nil {
		return ArgSpec{}, bad("type applies to value")
	}
	var arg ArgSpec
	switch {
	case a.Buffer != nil:
		if ls.Buffer(*a.Buffer) == nil {
			return arg, bad("buffer %q is not defined under [buffers]", *a.Buffer)
		}
		arg.Kind, arg.Buffer = ArgBuffer, *a.Buffer
	case a.Texture != nil || a.Surface != nil || a.Sampler != nil:
		name, kind, want := a.Texture, ArgTexture, traces.OpaqueTexture
		if a.Surface != nil {
			name, kind, want = a.Surface, ArgSurface, traces.OpaqueSurface
		} else if a.Sampler != nil {
			name, kind, want = a.Sampler, ArgSampler, traces.OpaqueSampler
		}
		o := ls.Texture(*name)
		if o == nil || o.Kind != want {
			table := map[ArgKind]string{ArgTexture: "textures", ArgSurface: "surfaces", ArgSampler: "samplers"}[kind]
			return arg, bad("%s %q is not defined under [%s]", kindName(kind), *name, table)
		}
		arg.Kind, arg.Object = kind, *name
	case a.Value != nil:
		s, ok := scalarOf(a.Value)
		if !ok {
			return arg, bad("value must be a number, got %T", a.Value)
		}
		arg.Kind, arg.Value = ArgValue, s
		if a.Type != nil {
			t, ok := elemTypeByName(*a.Type)
			if !ok {
				return arg, bad("unknown type %q (one of %s)", *a.Type, strings.Join(elemTypeNames(), " "))
			}
			arg.Type, arg.HasType = t, true
		}
	case a.Bytes != nil:
		if len(a.Bytes) == 0 {
			return arg, bad("bytes is empty")
		}
		arg.Kind = ArgBytes
		for i, v := range a.Bytes {
			s, ok := scalarOf(v)
			if !ok || s.IsFloat || s.Int < 0 || s.Int > 255 {
				return arg, bad("bytes[%d] must be an integer from 0 to 255, got %v", i, v)
			}
			arg.Bytes = append(arg.Bytes, byte(s.Int))
		}
	case a.Values != nil:
		if len(a.Values) == 0 {
			return arg, bad("values is empty")
		}
		arg.Kind = ArgValues
		for i, v := range a.Values {
			s, ok := scalarOf(v)
			if !ok {
				return arg, bad("values[%d] must be a number, got %T", i, v)
			}
			arg.Values = append(arg.Values, s)
		}
	case a.Fields != nil:
		if len(a.Fields) == 0 {
			return arg, bad("fields is empty")
		}
		arg.Kind = ArgFields
		for i, lf := range a.Fields {
			f, err := parseField(lf, ls)
			if err != nil {
				return arg, bad("fields[%d]%s: %v", i, fieldName(lf.Name), err)
			}
			arg.Fields = append(arg.Fields, f)
		}
	default:
		return arg, bad("needs buffer = \"NAME\", value = NUMBER, bytes, values, fields, texture, surface or sampler")
	}
	return arg, nil
}

func fieldName(n *string) string {
	if n == nil || *n == "" {
		return ""
	}
	return " (" + *n + ")"
}

func parseField(lf launchField, ls *LaunchSpec) (FieldSpec, error) {
	var f FieldSpec
	if lf.Name != nil {
		f.Name = *lf.Name
	}
	n := 0
	for _, set := range []bool{lf.Value != nil, lf.Values != nil, lf.Buffer != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		return f, fmt.Errorf("needs exactly one of value, values or buffer")
	}
	if lf.Align != nil {
		a := *lf.Align
		if a <= 0 || a&(a-1) != 0 || a > 256 {
			return f, fmt.Errorf("align must be a power of two up to 256, got %d", a)
		}
		f.Align = uint64(a)
	}
	if lf.Buffer != nil {
		if lf.Type != nil {
			return f, fmt.Errorf("a buffer member is an 8-byte pointer; it takes no type")
		}
		if ls.Buffer(*lf.Buffer) == nil {
			return f, fmt.Errorf("buffer %q is not defined under [buffers]", *lf.Buffer)
		}
		f.Buffer = *lf.Buffer
		return f, nil
	}
	if lf.Type == nil {
		return f, fmt.Errorf("missing type (one of %s)", strings.Join(elemTypeNames(), " "))
	}
	t, ok := elemTypeByName(*lf.Type)
	if !ok {
		return f, fmt.Errorf("unknown type %q (one of %s)", *lf.Type, strings.Join(elemTypeNames(), " "))
	}
	f.Type = t
	if lf.Value != nil {
		s, ok := scalarOf(lf.Value)
		if !ok {
			return f, fmt.Errorf("value must be a number, got %T", lf.Value)
		}
		f.Value = s
		return f, nil
	}
	if len(lf.Values) == 0 {
		return f, fmt.Errorf("values is empty")
	}
	for i, v := range lf.Values {
		s, ok := scalarOf(v)
		if !ok {
			return f, fmt.Errorf("values[%d] must be a number, got %T", i, v)
		}
		f.Values = append(f.Values, s)
	}
	return f, nil
}

// fillParam writes argument a into dst, the bytes of parameter par.
func (p *Prepared) fillParam(dst []byte, par traces.Param, a ArgSpec) error {
	kind := a.Kind
	if a.Buffer != "" {
		kind = ArgBuffer
	}
	switch kind {
	case ArgBuffer:
		if par.Size != 8 {
			return fmt.Errorf("a buffer address needs an 8-byte parameter, %s is %d bytes", par.Name, par.Size)
		}
		binary.LittleEndian.PutUint64(dst, p.BufferAddr[p.Spec.bufferIndex(a.Buffer)])
	case ArgBytes:
		if uint64(len(a.Bytes)) != par.Size {
			return fmt.Errorf("%d bytes given, parameter %s is %d bytes", len(a.Bytes), par.Name, par.Size)
		}
		copy(dst, a.Bytes)
	case ArgValues:
		es := uint64(par.Type.Size())
		if es == 0 || uint64(len(a.Values))*es != par.Size {
			return fmt.Errorf("%d values of .%s (%d bytes each) do not fill parameter %s of %d bytes",
				len(a.Values), par.Type, es, par.Name, par.Size)
		}
		for i, v := range a.Values {
			elem := traces.Param{Name: fmt.Sprintf("%s[%d]", par.Name, i), Type: par.Type, Size: es}
			if err := putParam(dst[uint64(i)*es:], elem, v); err != nil {
				return fmt.Errorf("values[%d]: %v", i, err)
			}
		}
	case ArgFields:
		return p.layFields(dst, par, a.Fields)
	case ArgTexture, ArgSurface, ArgSampler:
		return p.putHandle(dst, par, a)
	default:
		if a.HasType {
			if uint64(a.Type.Size()) != par.Size {
				return fmt.Errorf("type %s is %d bytes, parameter %s is %d bytes", a.Type, a.Type.Size(), par.Name, par.Size)
			}
			if err := putElem(dst, a.Type, a.Value); err != nil {
				return fmt.Errorf("%v (type %s)", err, a.Type)
			}
			return nil
		}
		return putParam(dst, par, a.Value)
	}
	return nil
}

// layFields places struct members as C does on the hosts CUDA runs on
// (x86-64 and AArch64 System V: each member at its alignment, the size
// rounded up to the largest one) and checks the total is the parameter's.
func (p *Prepared) layFields(dst []byte, par traces.Param, fields []FieldSpec) error {
	var off, maxAlign uint64 = 0, 1
	type placed struct {
		off uint64
		f   *FieldSpec
	}
	var at []placed
	var layout []string
	for i := range fields {
		f := &fields[i]
		size, align := uint64(8), uint64(8)
		if f.Buffer == "" {
			size = uint64(f.Type.Size()) * uint64(max(1, len(f.Values)))
			align = uint64(f.Type.Size())
		}
		if f.Align != 0 {
			align = f.Align
		}
		off = (off + align - 1) &^ (align - 1)
		maxAlign = max(maxAlign, align)
		at = append(at, placed{off, f})
		name := f.Name
		if name == "" {
			name = fmt.Sprintf("fields[%d]", i)
		}
		layout = append(layout, fmt.Sprintf("%s at %d", name, off))
		off += size
	}
	total := (off + maxAlign - 1) &^ (maxAlign - 1)
	if total != par.Size {
		return fmt.Errorf("fields lay out to %d bytes (%s, aligned to %d), parameter %s is %d bytes",
			total, strings.Join(layout, ", "), maxAlign, par.Name, par.Size)
	}
	for i, pl := range at {
		f := pl.f
		d := dst[pl.off:]
		switch {
		case f.Buffer != "":
			binary.LittleEndian.PutUint64(d, p.BufferAddr[p.Spec.bufferIndex(f.Buffer)])
		case f.Values != nil:
			for k, v := range f.Values {
				if err := putElem(d[k*f.Type.Size():], f.Type, v); err != nil {
					return fmt.Errorf("fields[%d]%s: values[%d]: %v", i, fieldName(&f.Name), k, err)
				}
			}
		default:
			if err := putElem(d, f.Type, f.Value); err != nil {
				return fmt.Errorf("fields[%d]%s: %v", i, fieldName(&f.Name), err)
			}
		}
	}
	return nil
}
