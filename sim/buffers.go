package sim

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/gpusim/gpusim/diag"
)

// splitMix64 is the generator behind init = "random": SplitMix64 (Steele,
// Lea and Flood, "Fast splittable pseudorandom number generators", 2014),
// fully specified here so a seed gives the same buffer on every Go version
// and machine.
type splitMix64 struct{ s uint64 }

func (g *splitMix64) next() uint64 {
	g.s += 0x9e3779b97f4a7c15
	z := g.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// unit returns a float64 uniform in [0, 1) with 53 random bits.
func (g *splitMix64) unit() float64 { return float64(g.next()>>11) * 0x1p-53 }

// InitBytes builds the initial contents of a buffer as raw little-endian
// bytes.
func (b *BufferSpec) InitBytes() ([]byte, error) {
	out := make([]byte, b.Bytes())
	if err := b.InitInto(out); err != nil {
		return nil, err
	}
	return out, nil
}

// InitInto writes the initial contents of a buffer into out (b.Bytes()
// bytes, zero), in place: the memory a launch allocates once.
func (b *BufferSpec) InitInto(out []byte) error {
	if uint64(len(out)) != b.Bytes() {
		return fmt.Errorf("buffers.%s: %d bytes to fill, the buffer has %d", b.Name, len(out), b.Bytes())
	}
	size := b.Type.Size()
	put := func(i uint64, s Scalar) error {
		return putElem(out[i*uint64(size):], b.Type, s)
	}
	switch b.Init {
	case "zeros":
	case "iota":
		for i := uint64(0); i < b.Count; i++ {
			var s Scalar
			if b.Type.IsFloat() {
				s = Scalar{IsFloat: true, Float: float64(i)}
			} else {
				s = Scalar{Int: int64(i)}
			}
			if err := put(i, wrapInt(s, b.Type)); err != nil {
				return fmt.Errorf("buffers.%s: iota: %v", b.Name, err)
			}
		}
	case "random":
		g := splitMix64{s: b.Seed}
		if b.Type.IsFloat() {
			for i := uint64(0); i < b.Count; i++ {
				x := b.Min + g.unit()*(b.Max-b.Min)
				if x >= b.Max { // rounding of min + u*(max-min) can reach max
					x = math.Nextafter(b.Max, b.Min)
				}
				if err := put(i, Scalar{IsFloat: true, Float: x}); err != nil {
					return fmt.Errorf("buffers.%s: %v", b.Name, err)
				}
			}
			break
		}
		lo, hi := math.Ceil(b.Min), math.Ceil(b.Max) // integers in [lo, hi)
		if hi <= lo {
			return fmt.Errorf("buffers.%s: random: no integer in [%g, %g)", b.Name, b.Min, b.Max)
		}
		if err := checkIntRange(lo, b.Type); err != nil {
			return fmt.Errorf("buffers.%s: min: %v", b.Name, err)
		}
		if err := checkIntRange(hi-1, b.Type); err != nil {
			return fmt.Errorf("buffers.%s: max: %v", b.Name, err)
		}
		span := uint64(hi - lo)
		for i := uint64(0); i < b.Count; i++ {
			v := int64(lo) + int64(g.next()%span)
			if err := put(i, Scalar{Int: v}); err != nil {
				return fmt.Errorf("buffers.%s: %v", b.Name, err)
			}
		}
	case "values":
		for i := uint64(0); i < b.Count; i++ {
			if err := put(i, b.Values[i%uint64(len(b.Values))]); err != nil {
				return fmt.Errorf("buffers.%s: values[%d]: %v", b.Name, i%uint64(len(b.Values)), err)
			}
		}
	case "file":
		size, err := diag.StatRegular(b.File, "init file")
		if err != nil {
			return fmt.Errorf("buffers.%s: %v", b.Name, err)
		}
		if uint64(size) != b.Bytes() {
			return fmt.Errorf("buffers.%s: %s has %d bytes, count %d of %s needs %d",
				b.Name, b.File, size, b.Count, b.Type, b.Bytes())
		}
		if err := diag.ReadExact(b.File, "init file", out); err != nil {
			return fmt.Errorf("buffers.%s: %v", b.Name, err)
		}
	default:
		return fmt.Errorf("buffers.%s: unknown init %q", b.Name, b.Init)
	}
	return nil
}

// wrapInt makes iota wrap around in narrow integer types (u8 iota counts
// 0..255, 0..255, ...), as a C loop writing (T)i would.
func wrapInt(s Scalar, t ElemType) Scalar {
	if s.IsFloat {
		return s
	}
	bits := 8 * t.Size()
	if bits == 64 {
		return s
	}
	v := uint64(s.Int) & (1<<bits - 1)
	if t.IsSigned() && v>>(bits-1) != 0 {
		return Scalar{Int: int64(v) - 1<<bits}
	}
	return Scalar{Int: int64(v)}
}

func checkIntRange(x float64, t ElemType) error {
	lo, hi := intRange(t)
	if x < lo || x > hi {
		return fmt.Errorf("%g does not fit %s", x, t)
	}
	return nil
}

// intRange is the range of an integer element type as float64 (u64/i64
// bounds rounded outward, which is what the comparisons need).
func intRange(t ElemType) (float64, float64) {
	bits := 8 * t.Size()
	if t.IsSigned() {
		return -math.Ldexp(1, bits-1), math.Ldexp(1, bits-1) - 1
	}
	return 0, math.Ldexp(1, bits) - 1
}

// putElem stores one scalar into dst in element type t, little-endian:
// integers must fit the type (floats given for an integer type must be
// integral), floats round to nearest even.
func putElem(dst []byte, t ElemType, s Scalar) error {
	if t.IsFloat() {
		x := s.Float
		if !s.IsFloat {
			x = float64(s.Int) // rounds to nearest even beyond 2^53
		}
		switch t {
		case ElemF64:
			binary.LittleEndian.PutUint64(dst, math.Float64bits(x))
		case ElemF32:
			// Go's float64 -> float32 conversion is IEEE round-to-nearest-even.
			binary.LittleEndian.PutUint32(dst, math.Float32bits(float32(x)))
		case ElemF16:
			binary.LittleEndian.PutUint16(dst, f64ToF16(math.Float64bits(x)))
		case ElemBF16:
			binary.LittleEndian.PutUint16(dst, f64ToBF16(math.Float64bits(x)))
		}
		return nil
	}
	v := s.Int
	if s.IsFloat {
		if s.Float != math.Trunc(s.Float) || math.IsInf(s.Float, 0) || math.IsNaN(s.Float) {
			return fmt.Errorf("%g is not an integer (buffer type %s)", s.Float, t)
		}
		if err := checkIntRange(s.Float, t); err != nil {
			return err
		}
		if t == ElemU64 && s.Float >= math.Ldexp(1, 63) {
			binary.LittleEndian.PutUint64(dst, uint64(s.Float))
			return nil
		}
		v = int64(s.Float)
	} else if err := checkIntRange(float64(v), t); err != nil {
		return fmt.Errorf("%d does not fit %s", v, t)
	}
	switch t.Size() {
	case 1:
		dst[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(dst, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(dst, uint32(v))
	case 8:
		binary.LittleEndian.PutUint64(dst, uint64(v))
	}
	return nil
}
