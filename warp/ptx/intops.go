package ptx

import (
	"errors"
	"github.com/gpusim/gpusim/warp"
	"math"
	"math/bits"

	"github.com/gpusim/gpusim/traces"
)

// Scalar integer semantics, one lane at a time. Operands arrive as 64-bit
// register slots; each function reads the low bits its type needs and
// returns the result's bits (the destination write truncates or extends).

// sx sign-extends the low n bits of v.
func sx(v uint64, n int) int64 { return int64(v<<uint(64-n)) >> uint(64-n) }

// sat32 clamps v to the s32 range.
func sat32(v int64) uint64 {
	if v > math.MaxInt32 {
		v = math.MaxInt32
	} else if v < math.MinInt32 {
		v = math.MinInt32
	}
	return uint64(uint32(int32(v)))
}

// mulHi returns the high half of the 2n-bit product of a and b.
func mulHi(a, b uint64, n int, signed bool) uint64 {
	if n == 64 {
		hi, _ := bits.Mul64(a, b)
		if signed {
			if int64(a) < 0 {
				hi -= b
			}
			if int64(b) < 0 {
				hi -= a
			}
		}
		return hi
	}
	return mulWide(a, b, n, signed) >> uint(n)
}

// mulWide returns the full 2n-bit product of the n-bit a and b (n <= 32).
func mulWide(a, b uint64, n int, signed bool) uint64 {
	if signed {
		return uint64(sx(a, n) * sx(b, n))
	}
	m := warp.LowMask(n)
	return (a & m) * (b & m)
}

// allOnes is what NVIDIA's integer division and remainder return for a zero
// divisor: every bit set, for div and rem, signed and unsigned alike. PTX
// leaves the result undefined; this is the behaviour of the code ptxas
// emits (source: NVIDIA's Norbert Juffa on Stack Overflow question
// 12960005, "integer division operators on NVIDIA GPUs return a result with
// all bits set to 1 ... the same applies to the modulo operator").
const allOnes = ^uint64(0)

// errDivideByZero is the fault of an integer division or remainder by zero
// under LaunchConfig.Strict.
var errDivideByZero = errors.New("integer division by zero (-strict; without it the result has every bit set)")

// execDivRem is div and rem on integers: under LaunchConfig.Strict a zero
// divisor (o.kmask: the type's bits) in an executing lane is a fault,
// otherwise it gives allOnes.
func execDivRem(w *Warp, o *op, m uint64) error {
	if w.b.l.cfg.Strict {
		b := w.in(o, 1)
		for mm := m; mm != 0; mm &= mm - 1 {
			if l := tz(mm); b[l]&o.kmask == 0 {
				return warp.AtLane(l, errDivideByZero)
			}
		}
	}
	return execF2(w, o, m)
}

func intDiv(a, b uint64, n int, signed bool) uint64 {
	if b&warp.LowMask(n) == 0 {
		return allOnes
	}
	if !signed {
		return a & warp.LowMask(n) / (b & warp.LowMask(n))
	}
	x, y := sx(a, n), sx(b, n)
	if y == -1 {
		return uint64(-x) // MIN / -1 wraps to MIN
	}
	return uint64(x / y)
}

func intRem(a, b uint64, n int, signed bool) uint64 {
	if b&warp.LowMask(n) == 0 {
		return allOnes
	}
	if !signed {
		return a & warp.LowMask(n) % (b & warp.LowMask(n))
	}
	x, y := sx(a, n), sx(b, n)
	if y == -1 {
		return 0
	}
	return uint64(x % y)
}

// less compares the n-bit values a and b.
func bfe(a, b, c uint64, n int, signed bool) uint64 {
	msb := uint64(n - 1)
	pos, ln := b&0xff, c&0xff
	var sbit uint64
	if signed && ln != 0 {
		sbit = a >> min(pos+ln-1, msb) & 1
	}
	var d uint64
	for i := uint64(0); i <= msb; i++ {
		bit := sbit
		if i < ln && pos+i <= msb {
			bit = a >> (pos + i) & 1
		}
		d |= bit << i
	}
	return d
}

func bfi(a, b, c, d uint64, n int) uint64 {
	msb := uint64(n - 1)
	pos, ln := c&0xff, d&0xff
	f := b
	for i := uint64(0); i < ln && pos+i <= msb; i++ {
		f = f&^(1<<(pos+i)) | (a>>i&1)<<(pos+i)
	}
	return f
}

func bfind(a uint64, n int, signed, shiftAmt bool) uint64 {
	msb := n - 1
	a &= warp.LowMask(n)
	if signed && a>>uint(msb)&1 != 0 {
		a = ^a & warp.LowMask(n)
	}
	if a == 0 {
		return 0xffffffff
	}
	d := uint64(63 - bits.LeadingZeros64(a))
	if shiftAmt {
		d = uint64(msb) - d
	}
	return d
}

func fns(mask, base, offset uint64) uint64 {
	m := uint32(mask)
	b := int(int32(uint32(base)))
	off := int32(uint32(offset))
	if off == 0 {
		if b >= 0 && b < 32 && m>>uint(b)&1 != 0 {
			return uint64(b)
		}
		return 0xffffffff
	}
	count := int64(off)
	inc := 1
	if count < 0 {
		count, inc = -count, -1
	}
	count--
	for pos := b; pos >= 0 && pos < 32; pos += inc {
		if m>>uint(pos)&1 != 0 {
			if count == 0 {
				return uint64(pos)
			}
			count--
		}
	}
	return 0xffffffff
}

// prmtSel are the byte selectors of the prmt modes, indexed [mode][c&3],
// listing the source byte for destination bytes 0..3 (PTX ISA, prmt table).
var prmtSel = [...][4][4]uint8{
	traces.PrmtF4E:  {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},
	traces.PrmtB4E:  {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},
	traces.PrmtRC8:  {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},
	traces.PrmtECL:  {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},
	traces.PrmtECR:  {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},
	traces.PrmtRC16: {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}},
}

func prmt(a, b, c uint64, mode traces.Mode) uint64 {
	src := uint64(uint32(b))<<32 | uint64(uint32(a))
	var d uint64
	for i := 0; i < 4; i++ {
		var byteVal uint64
		if mode == traces.PrmtDefault {
			sel := c >> uint(4*i) & 0xf
			byteVal = src >> (8 * (sel & 7)) & 0xff
			if sel&8 != 0 {
				byteVal = 0
				if src>>(8*(sel&7)+7)&1 != 0 {
					byteVal = 0xff
				}
			}
		} else {
			byteVal = src >> (8 * uint64(prmtSel[mode][c&3][i])) & 0xff
		}
		d |= byteVal << uint(8*i)
	}
	return d
}

// lop3 applies the 3-input truth table lut to every bit of a, b, c.
func lop3(a, b, c uint64, lut uint8) uint64 {
	var r uint64
	for k := 0; k < 8; k++ {
		if lut>>uint(k)&1 == 0 {
			continue
		}
		x, y, z := ^a, ^b, ^c
		if k&4 != 0 {
			x = a
		}
		if k&2 != 0 {
			y = b
		}
		if k&1 != 0 {
			z = c
		}
		r |= x & y & z
	}
	return r
}

// shf is the 32-bit funnel shift: b:a shifted by c.
func shf(a, b, c uint64, left, clamp bool) uint64 {
	n := uint32(c)
	if clamp {
		n = min(n, 32)
	} else {
		n &= 31
	}
	v := uint64(uint32(b))<<32 | uint64(uint32(a))
	if left {
		return v << n >> 32
	}
	return v >> n
}

func shl(a, b uint64, n int) uint64 {
	s := uint32(b)
	if s >= uint32(n) {
		return 0
	}
	return a << s
}

func shr(a, b uint64, n int, signed bool) uint64 {
	s := uint32(b)
	if signed {
		if s >= uint32(n) {
			s = uint32(n - 1)
		}
		return uint64(sx(a, n) >> s)
	}
	if s >= uint32(n) {
		return 0
	}
	return a & warp.LowMask(n) >> s
}

// dp4a: c plus the dot product of a's and b's four bytes.
func dp4a(a, b, c uint64, as, bs bool) uint64 {
	sum := int64(int32(uint32(c)))
	for i := 0; i < 4; i++ {
		x, y := int64(a>>uint(8*i)&0xff), int64(b>>uint(8*i)&0xff)
		if as {
			x = int64(int8(x))
		}
		if bs {
			y = int64(int8(y))
		}
		sum += x * y
	}
	return uint64(uint32(sum))
}

// dp2a: c plus the dot product of a's two halves with two of b's bytes
// (bytes 0,1 for .lo, 2,3 for .hi).
func dp2a(a, b, c uint64, as, bs, hi bool) uint64 {
	sum := int64(int32(uint32(c)))
	sh := 0
	if hi {
		sh = 16
	}
	for i := 0; i < 2; i++ {
		x, y := int64(a>>uint(16*i)&0xffff), int64(b>>uint(sh+8*i)&0xff)
		if as {
			x = int64(int16(x))
		}
		if bs {
			y = int64(int8(y))
		}
		sum += x * y
	}
	return uint64(uint32(sum))
}

// mul24 multiplies the low 24 bits of a and b and returns bits [31:0]
// (.lo) or [47:16] (.hi) of the 48-bit product.
func mul24(a, b uint64, signed, hi bool) uint64 {
	var p int64
	if signed {
		p = sx(a, 24) * sx(b, 24)
	} else {
		p = int64(a&0xffffff) * int64(b&0xffffff)
	}
	if hi {
		return uint64(p>>16) & 0xffffffff
	}
	return uint64(p) & 0xffffffff
}
