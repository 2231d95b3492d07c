package amd

import (
	"math/bits"

	"github.com/gpusim/gpusim/traces"
)

// Integer VALU operations as per-lane functions on 32-bit values (AMD ISA
// manuals' pseudocode). Shift amounts use the low 5 (6 for 64-bit) bits;
// "rev" forms shift their second operand by the first.

// valuInt1 are the one-source integer operations.
var valuInt1 = map[traces.Opcode]func(a uint64) uint64{
	traces.OpVMovB32:   func(a uint64) uint64 { return a & mask32 },
	traces.OpVMovB64:   func(a uint64) uint64 { return a },
	traces.OpVNotB32:   func(a uint64) uint64 { return ^a & mask32 },
	traces.OpVBfrevB32: func(a uint64) uint64 { return uint64(bits.Reverse32(uint32(a))) },
	traces.OpVFfbhU32: func(a uint64) uint64 { // count leading zeros, -1 for 0
		if uint32(a) == 0 {
			return mask32
		}
		return uint64(bits.LeadingZeros32(uint32(a)))
	},
	traces.OpVFfblB32: func(a uint64) uint64 { // count trailing zeros, -1 for 0
		if uint32(a) == 0 {
			return mask32
		}
		return uint64(bits.TrailingZeros32(uint32(a)))
	},
	traces.OpVFfbhI32: func(a uint64) uint64 { // position of the first bit that differs from the sign
		x := uint32(a) ^ uint32(int32(uint32(a))>>31)
		if x == 0 {
			return mask32
		}
		return uint64(bits.LeadingZeros32(x))
	},
}

// valuInt2 are the two-source integer operations.
var valuInt2 = map[traces.Opcode]func(a, b uint64) uint64{
	traces.OpVAddU32:     func(a, b uint64) uint64 { return (a + b) & mask32 },
	traces.OpVSubU32:     func(a, b uint64) uint64 { return (a - b) & mask32 },
	traces.OpVSubrevU32:  func(a, b uint64) uint64 { return (b - a) & mask32 },
	traces.OpVAndB32:     func(a, b uint64) uint64 { return a & b & mask32 },
	traces.OpVOrB32:      func(a, b uint64) uint64 { return (a | b) & mask32 },
	traces.OpVXorB32:     func(a, b uint64) uint64 { return (a ^ b) & mask32 },
	traces.OpVXnorB32:    func(a, b uint64) uint64 { return ^(a ^ b) & mask32 },
	traces.OpVLshlrevB32: func(a, b uint64) uint64 { return b << (a & 31) & mask32 },
	traces.OpVLshrrevB32: func(a, b uint64) uint64 { return (b & mask32) >> (a & 31) },
	traces.OpVAshrrevI32: func(a, b uint64) uint64 { return uint64(uint32(int32(uint32(b)) >> (a & 31))) },
	traces.OpVMinI32:     func(a, b uint64) uint64 { return uint64(uint32(min(int32(uint32(a)), int32(uint32(b))))) },
	traces.OpVMaxI32:     func(a, b uint64) uint64 { return uint64(uint32(max(int32(uint32(a)), int32(uint32(b))))) },
	traces.OpVMinU32:     func(a, b uint64) uint64 { return min(a&mask32, b&mask32) },
	traces.OpVMaxU32:     func(a, b uint64) uint64 { return max(a&mask32, b&mask32) },
	traces.OpVMulI32I24:  func(a, b uint64) uint64 { return uint64(sext24(a)*sext24(b)) & mask32 },
	traces.OpVMulU32U24:  func(a, b uint64) uint64 { return (a & 0xffffff) * (b & 0xffffff) & mask32 },
	traces.OpVMulHiI32I24: func(a, b uint64) uint64 {
		return uint64(sext24(a)*sext24(b)) >> 32 & mask32
	},
	traces.OpVMulHiU32U24: func(a, b uint64) uint64 { return (a & 0xffffff) * (b & 0xffffff) >> 32 },
	traces.OpVBcntU32B32:  func(a, b uint64) uint64 { return (uint64(bits.OnesCount32(uint32(a))) + b) & mask32 },
	traces.OpVBfmB32:      func(a, b uint64) uint64 { return uint64((uint32(1)<<(a&31) - 1) << (b & 31)) },
	traces.OpVMulLoU32:    func(a, b uint64) uint64 { return a * b & mask32 },
	traces.OpVMulHiU32:    func(a, b uint64) uint64 { return (a & mask32) * (b & mask32) >> 32 },
	traces.OpVMulHiI32: func(a, b uint64) uint64 {
		return uint64(int64(int32(uint32(a)))*int64(int32(uint32(b)))) >> 32 & mask32
	},
	traces.OpVLshlrevB64: func(a, b uint64) uint64 { return b << (a & 63) },
	traces.OpVLshrrevB64: func(a, b uint64) uint64 { return b >> (a & 63) },
	traces.OpVAshrrevI64: func(a, b uint64) uint64 { return uint64(int64(b) >> (a & 63)) },
}

// valuInt1Lanes and valuInt2Lanes are lane-vector forms of the commonest
// rows of valuInt1 and valuInt2, the same operation without a call per lane
// (TestIntLanesMatchRows checks them against the rows), in two lane
// widths: w64 on rows of 8-byte lanes (the sources as vin materialises
// them, the result into the scratch row that vcommit moves), and, for a
// 32-bit result, w32 on rows of 4-byte lanes (the VGPR rows themselves:
// direct.go; nil for a 64-bit result, which may have a form on the rows
// of its register pairs instead: intLanes2.pairs). Each computes every
// lane of d, a straight loop without bounds checks, from the low 32 bits
// of its operands (64 for the 64-bit forms): these operations cannot
// fault on whatever the lanes outside the EXEC mask hold, and a
// destination that is also a source is read and written lane by lane.
var valuInt1Lanes = map[traces.Opcode]intLanes1{
	traces.OpVMovB32: {movB32[uint64], movB32[uint32]},
	traces.OpVMovB64: {movB64, nil},
}

var valuInt2Lanes = map[traces.Opcode]intLanes2{
	traces.OpVAddU32:     {addU32[uint64], addU32[uint32], nil},
	traces.OpVSubU32:     {subU32[uint64], subU32[uint32], nil},
	traces.OpVSubrevU32:  {subrevU32[uint64], subrevU32[uint32], nil},
	traces.OpVAndB32:     {andB32[uint64], andB32[uint32], nil},
	traces.OpVOrB32:      {orB32[uint64], orB32[uint32], nil},
	traces.OpVXorB32:     {xorB32[uint64], xorB32[uint32], nil},
	traces.OpVLshlrevB32: {lshlrevB32[uint64], lshlrevB32[uint32], nil},
	traces.OpVLshrrevB32: {lshrrevB32[uint64], lshrrevB32[uint32], nil},
	traces.OpVAshrrevI32: {ashrrevI32[uint64], ashrrevI32[uint32], nil},
	traces.OpVMulLoU32:   {mulLoU32[uint64], mulLoU32[uint32], nil},
	traces.OpVLshlrevB64: {w64: lshlrevB64, pairs: lshlrevB64Pairs},
}

// intLanes1 and intLanes2 are an operation's lane-vector forms.
type (
	intLanes1 struct {
		w64 func(d, a []uint64)
		w32 func(d, a []uint32)
	}
	intLanes2 struct {
		w64 func(d, a, b []uint64)
		w32 func(d, a, b []uint32)
		// pairs is a 64-bit result of a 32-bit a and a 64-bit b on the
		// VGPR rows, each 64-bit value the rows of its low and high
		// halves (nil: none).
		pairs func(dlo, dhi, a, blo, bhi []uint32)
	}
)

// lane is a lane's size in a row: 4 bytes (VGPRs) or 8 (scratch rows).
type lane interface{ uint32 | uint64 }

func movB32[T lane](d, a []T) {
	a = a[:len(d)]
	for l := range d {
		d[l] = a[l] & mask32
	}
}

func movB64(d, a []uint64) { copy(d, a[:len(d)]) }

func addU32[T lane](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for l := range d {
		d[l] = (a[l] + b[l]) & mask32
	}
}

func subU32[T lane](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for l := range d {
		d[l] = (a[l] - b[l]) & mask32
	}
}

func subrevU32[T lane](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for l := range d {
		d[l] = (b[l] - a[l]) & mask32
	}
}

func andB32[T lane](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for l := range d {
		d[l] = a[l] & b[l] & mask32
	}
}

func orB32[T lane](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for l := range d {
		d[l] = (a[l] | b[l]) & mask32
	}
}

func xorB32[T lane](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for l := range d {
		d[l] = (a[l] ^ b[l]) & mask32
	}
}

func lshlrevB32[T lane](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for l := range d {
		d[l] = b[l] << (a[l] & 31) & mask32
	}
}

func lshrrevB32[T lane](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for l := range d {
		d[l] = (b[l] & mask32) >> (a[l] & 31)
	}
}

func ashrrevI32[T lane](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for l := range d {
		d[l] = T(uint32(int32(uint32(b[l])) >> (a[l] & 31)))
	}
}

func mulLoU32[T lane](d, a, b []T) {
	a, b = a[:len(d)], b[:len(d)]
	for l := range d {
		d[l] = a[l] * b[l] & mask32
	}
}

func lshlrevB64(d, a, b []uint64) {
	a, b = a[:len(d)], b[:len(d)]
	for l := range d {
		d[l] = b[l] << (a[l] & 63)
	}
}

func lshlrevB64Pairs(dlo, dhi, a, blo, bhi []uint32) {
	dhi, a, blo, bhi = dhi[:len(dlo)], a[:len(dlo)], blo[:len(dlo)], bhi[:len(dlo)]
	for l := range dlo {
		x := (uint64(bhi[l])<<32 | uint64(blo[l])) << (a[l] & 63)
		dlo[l], dhi[l] = uint32(x), uint32(x>>32)
	}
}

// valuInt3 are the three-source integer operations.
var valuInt3 = map[traces.Opcode]func(a, b, c uint64) uint64{
	traces.OpVBfeU32: func(a, b, c uint64) uint64 {
		off, w := b&31, c&31
		return (a & mask32) >> off & (1<<w - 1)
	},
	traces.OpVBfeI32: func(a, b, c uint64) uint64 {
		off, w := b&31, c&31
		if w == 0 {
			return 0
		}
		x := uint32(a) >> off & uint32(1<<w-1)
		return uint64(uint32(int32(x<<(32-w)) >> (32 - w)))
	},
	traces.OpVBfiB32:       func(a, b, c uint64) uint64 { return (a&b | ^a&c) & mask32 },
	traces.OpVAlignbitB32:  func(a, b, c uint64) uint64 { return ((a&mask32)<<32 | b&mask32) >> (c & 31) & mask32 },
	traces.OpVAlignbyteB32: func(a, b, c uint64) uint64 { return ((a&mask32)<<32 | b&mask32) >> (8 * (c & 3)) & mask32 },
	traces.OpVMin3I32: func(a, b, c uint64) uint64 {
		return uint64(uint32(min(int32(uint32(a)), int32(uint32(b)), int32(uint32(c)))))
	},
	traces.OpVMax3I32: func(a, b, c uint64) uint64 {
		return uint64(uint32(max(int32(uint32(a)), int32(uint32(b)), int32(uint32(c)))))
	},
	traces.OpVMin3U32: func(a, b, c uint64) uint64 { return min(a&mask32, b&mask32, c&mask32) },
	traces.OpVMax3U32: func(a, b, c uint64) uint64 { return max(a&mask32, b&mask32, c&mask32) },
	traces.OpVMed3I32: func(a, b, c uint64) uint64 {
		x, y, z := int32(uint32(a)), int32(uint32(b)), int32(uint32(c))
		return uint64(uint32(max(min(x, y), min(max(x, y), z))))
	},
	traces.OpVMed3U32: func(a, b, c uint64) uint64 {
		x, y, z := a&mask32, b&mask32, c&mask32
		return max(min(x, y), min(max(x, y), z))
	},
	traces.OpVLshlAddU32: func(a, b, c uint64) uint64 { return (a<<(b&31) + c) & mask32 },
	traces.OpVAddLshlU32: func(a, b, c uint64) uint64 { return ((a + b) & mask32) << (c & 31) & mask32 },
	traces.OpVAdd3U32:    func(a, b, c uint64) uint64 { return (a + b + c) & mask32 },
	traces.OpVLshlOrB32:  func(a, b, c uint64) uint64 { return (a<<(b&31) | c) & mask32 },
	traces.OpVAndOrB32:   func(a, b, c uint64) uint64 { return (a&b | c) & mask32 },
	traces.OpVOr3B32:     func(a, b, c uint64) uint64 { return (a | b | c) & mask32 },
	traces.OpVXor3B32:    func(a, b, c uint64) uint64 { return (a ^ b ^ c) & mask32 },
	traces.OpVXadU32:     func(a, b, c uint64) uint64 { return ((a ^ b) + c) & mask32 },
	traces.OpVMadU32U24:  func(a, b, c uint64) uint64 { return ((a&0xffffff)*(b&0xffffff) + c) & mask32 },
	traces.OpVMadI32I24:  func(a, b, c uint64) uint64 { return uint64(sext24(a)*sext24(b)+int64(c)) & mask32 },
	traces.OpVPermB32:    permB32,
	traces.OpVLshlAddU64: func(a, b, c uint64) uint64 { return a<<(b&7) + c },
}

// sext24 sign-extends the low 24 bits.
func sext24(a uint64) int64 { return int64(int32(uint32(a)<<8) >> 8) }

// permB32 is v_perm_b32: each byte of S2 selects a byte of {S0, S1} (S1 is
// bytes 0-3, S0 bytes 4-7), 8-11 a byte of sign bits (bytes 1, 3, 5, 7),
// 12 gives 0x00, 13 and above 0xff.
func permB32(a, b, c uint64) uint64 {
	x := (a&mask32)<<32 | b&mask32
	var r uint64
	for i := 0; i < 4; i++ {
		sel := c >> (8 * i) & 0xff
		var v uint64
		switch {
		case sel < 8:
			v = x >> (8 * sel) & 0xff
		case sel < 12:
			if x>>(16*(sel-8)+15)&1 != 0 {
				v = 0xff
			}
		case sel == 12:
			v = 0
		default:
			v = 0xff
		}
		r |= v << (8 * i)
	}
	return r
}
