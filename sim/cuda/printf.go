package cuda

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"
)

// Device printf, host side. nvcc turns printf(format, args...) in a kernel
// into vprintf(format, buf): buf holds the arguments after C's default
// promotions (char and short to int, float to double), each at the next
// offset aligned to its own size, like the fields of a struct (LLVM's
// NVPTX printf lowering documents the same packing:
// clang/lib/CodeGen/CGGPUBuiltin.cpp, "struct Tmp { Arg1 a1; ... }; each
// of the args is itself aligned to its ABI alignment"). CUDA formats the
// record on the host with the host C library, so the text here is what
// glibc's printf prints for the same format and values; the tests compare
// it with the C library itself.
//
// The CUDA C++ Programming Guide (Formatted Output) fixes the rest:
// conversions are %[flags][width][.precision][size]type with flags
// '#', ' ', '0', '+', '-', width and precision digits or '*', sizes h, hh,
// l, ll and types c d i o u x X p e E f F g G a A s; at most 32 arguments
// are used, and conversions after the 32nd are printed as written.

// maxPrintfArgs is the guide's limit on printf arguments.
const maxPrintfArgs = 32

// StringReader reads a NUL-terminated string at a device address for %s;
// ok is false when the address is not readable.
type StringReader func(addr uint64) (s string, ok bool)

// FormatPrintf renders one device printf record: the format string and
// the packed argument buffer, with strings for %s read through str.
func FormatPrintf(format string, args []byte, str StringReader) string {
	var b strings.Builder
	a := argReader{buf: args}
	used := 0
	for i := 0; i < len(format); {
		c := format[i]
		if c != '%' {
			j := strings.IndexByte(format[i:], '%')
			if j < 0 {
				j = len(format) - i
			}
			b.WriteString(format[i : i+j])
			i += j
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			b.WriteByte('%')
			i += 2
			continue
		}
		spec, n := parseSpec(format[i:])
		if spec.conv == 0 { // not a conversion: print it as written
			b.WriteString(format[i : i+n])
			i += n
			continue
		}
		// Arguments this conversion takes: '*' width, '*' precision, value.
		need := spec.stars + 1
		if used+need > maxPrintfArgs || !a.has(spec, need) {
			b.WriteString(format[i : i+n])
			i += n
			used = maxPrintfArgs
			continue
		}
		used += need
		if spec.widthStar {
			w := int(int32(a.next(4)))
			if w < 0 {
				spec.minus, w = true, -w
			}
			spec.width = w
		}
		if spec.precStar {
			p := int(int32(a.next(4)))
			if p < 0 {
				p = -1 // a negative precision is taken as if omitted
			}
			spec.prec = p
		}
		b.WriteString(spec.format(&a, str))
		i += n
	}
	return b.String()
}

// printfSpec is one conversion specification.
type printfSpec struct {
	minus, plus, space, hash, zero bool
	width                          int
	prec                           int // -1: none
	widthStar, precStar            bool
	stars                          int
	size                           string // "", "h", "hh", "l", "ll", ...
	conv                           byte   // 0: not a valid conversion
}

// parseSpec reads a conversion at s[0] == '%' and returns it and its
// length; conv is 0 when what follows is not a conversion.
func parseSpec(s string) (printfSpec, int) {
	sp := printfSpec{prec: -1}
	i := 1
	for ; i < len(s); i++ {
		switch s[i] {
		case '-':
			sp.minus = true
		case '+':
			sp.plus = true
		case ' ':
			sp.space = true
		case '#':
			sp.hash = true
		case '0':
			sp.zero = true
		default:
			goto width
		}
	}
width:
	sp.width, sp.widthStar, i = printfCount(s, i)
	if i < len(s) && s[i] == '.' {
		sp.prec, sp.precStar, i = printfCount(s, i+1)
	}
	if sp.widthStar {
		sp.stars++
	}
	if sp.precStar {
		sp.stars++
	}
	start := i
	for i < len(s) && strings.IndexByte("hlLqjzt", s[i]) >= 0 && i-start < 2 {
		i++
	}
	sp.size = s[start:i]
	if i < len(s) && strings.IndexByte("cdiouxXpeEfFgGaAs", s[i]) >= 0 {
		sp.conv = s[i]
		i++
	}
	return sp, i
}

// printfCount reads a field width or precision at s[i:]: a '*' (taken
// from the arguments) or decimal digits (none: 0), capped at 2^20; it
// returns the position after it.
func printfCount(s string, i int) (n int, star bool, next int) {
	if i < len(s) && s[i] == '*' {
		return 0, true, i + 1
	}
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		n = min(n*10+int(s[i]-'0'), 1<<20)
		i++
	}
	return n, false, i
}

// argBytes is the size (and alignment) of the conversion's argument in the
// buffer after default promotions (LP64: long is 8 bytes).
func (sp *printfSpec) argBytes() int {
	switch sp.conv {
	case 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A', 's', 'p':
		return 8
	}
	switch sp.size {
	case "l", "ll", "q", "j", "z", "t":
		return 8
	}
	return 4
}

// argReader walks the packed argument buffer.
type argReader struct {
	buf []byte
	off int
}

// has reports whether the buffer holds the conversion's need arguments.
func (a *argReader) has(sp printfSpec, need int) bool {
	off := a.off
	for k := 0; k < need; k++ {
		n := 4
		if k == need-1 {
			n = sp.argBytes()
		}
		off = (off + n - 1) &^ (n - 1)
		if off+n > len(a.buf) {
			return false
		}
		off += n
	}
	return true
}

// next returns the next n-byte argument (4 or 8), aligned to n.
func (a *argReader) next(n int) uint64 {
	a.off = (a.off + n - 1) &^ (n - 1)
	var v uint64
	if n == 8 {
		v = binary.LittleEndian.Uint64(a.buf[a.off:])
	} else {
		v = uint64(binary.LittleEndian.Uint32(a.buf[a.off:]))
	}
	a.off += n
	return v
}

func (sp *printfSpec) format(a *argReader, str StringReader) string {
	raw := a.next(sp.argBytes())
	switch sp.conv {
	case 'd', 'i':
		v := int64(raw)
		if sp.argBytes() == 4 {
			v = int64(int32(raw))
		}
		switch sp.size {
		case "h":
			v = int64(int16(v))
		case "hh":
			v = int64(int8(v))
		}
		neg := v < 0
		u := uint64(v)
		if neg {
			u = -u
		}
		digits := strconv.FormatUint(u, 10)
		if sp.prec == 0 && u == 0 {
			digits = ""
		}
		return sp.integer(digits, neg, "")
	case 'o', 'u', 'x', 'X':
		u := raw
		switch {
		case sp.size == "h":
			u = uint64(uint16(u))
		case sp.size == "hh":
			u = uint64(uint8(u))
		case sp.argBytes() == 4:
			u = uint64(uint32(u))
		}
		base, prefix := 10, ""
		switch sp.conv {
		case 'o':
			base = 8
		case 'x', 'X':
			base = 16
			if sp.hash && u != 0 {
				prefix = "0x"
			}
		}
		digits := strconv.FormatUint(u, base)
		if sp.conv == 'X' {
			digits, prefix = strings.ToUpper(digits), strings.ToUpper(prefix)
		}
		if sp.prec == 0 && u == 0 {
			digits = ""
		}
		if sp.conv == 'o' && sp.hash && (len(digits) == 0 || digits[0] != '0') && (sp.prec < 0 || len(digits) >= sp.prec) {
			digits = "0" + digits
		}
		sp.plus, sp.space = false, false
		return sp.integer(digits, false, prefix)
	case 'c':
		return sp.pad(string([]byte{byte(raw)}))
	case 's':
		if raw == 0 {
			s := "(null)"
			if sp.prec >= 0 && sp.prec < len(s) {
				s = "" // glibc prints nothing rather than part of "(null)"
			}
			return sp.pad(s)
		}
		s, ok := str(raw)
		if !ok {
			s = "(unreadable string at 0x" + strconv.FormatUint(raw, 16) + ")"
		}
		if sp.prec >= 0 && sp.prec < len(s) {
			s = s[:sp.prec]
		}
		return sp.pad(s)
	case 'p':
		if raw == 0 {
			return sp.pad("(nil)")
		}
		sp.prec = -1
		return sp.integer(strconv.FormatUint(raw, 16), false, "0x")
	}
	return sp.float(math.Float64frombits(raw))
}

// integer lays out digits with sign, prefix, precision and width.
func (sp *printfSpec) integer(digits string, neg bool, prefix string) string {
	if sp.prec > len(digits) {
		digits = strings.Repeat("0", sp.prec-len(digits)) + digits
	}
	sign := ""
	switch {
	case neg:
		sign = "-"
	case sp.plus:
		sign = "+"
	case sp.space:
		sign = " "
	}
	head := sign + prefix
	if sp.zero && !sp.minus && sp.prec < 0 && len(head)+len(digits) < sp.width {
		digits = strings.Repeat("0", sp.width-len(head)-len(digits)) + digits
	}
	return sp.pad(head + digits)
}

// pad applies the width with spaces (left, or right with '-').
func (sp *printfSpec) pad(s string) string {
	if len(s) >= sp.width {
		return s
	}
	fill := strings.Repeat(" ", sp.width-len(s))
	if sp.minus {
		return s + fill
	}
	return fill + s
}

// float formats e, f, g and a conversions of x.
func (sp *printfSpec) float(x float64) string {
	upper := sp.conv == 'E' || sp.conv == 'F' || sp.conv == 'G' || sp.conv == 'A'
	neg := math.Signbit(x)
	sign := ""
	switch {
	case neg:
		sign = "-"
	case sp.plus:
		sign = "+"
	case sp.space:
		sign = " "
	}
	if math.IsInf(x, 0) || math.IsNaN(x) {
		s := "inf"
		if math.IsNaN(x) {
			s = "nan"
		}
		if upper {
			s = strings.ToUpper(s)
		}
		return sp.pad(sign + s)
	}
	ax := math.Abs(x)
	var body string
	switch sp.conv {
	case 'f', 'F':
		body = sp.fixed(ax, sp.precision(6))
	case 'e', 'E':
		body = sp.exponent(ax, sp.precision(6))
	case 'g', 'G':
		body = sp.general(ax)
	case 'a', 'A':
		body = hexFloat(ax, sp.prec, sp.hash)
	}
	if upper {
		body = strings.ToUpper(body)
	}
	head := sign
	if sp.conv == 'a' || sp.conv == 'A' {
		head += body[:2] // "0x": zero padding goes after it
		body = body[2:]
	}
	if sp.zero && !sp.minus && len(head)+len(body) < sp.width {
		body = strings.Repeat("0", sp.width-len(head)-len(body)) + body
	}
	return sp.pad(head + body)
}

func (sp *printfSpec) precision(def int) int {
	if sp.prec < 0 {
		return def
	}
	return sp.prec
}

func (sp *printfSpec) fixed(ax float64, prec int) string {
	s := strconv.FormatFloat(ax, 'f', prec, 64)
	if sp.hash && prec == 0 {
		s += "."
	}
	return s
}

func (sp *printfSpec) exponent(ax float64, prec int) string {
	s := strconv.FormatFloat(ax, 'e', prec, 64)
	if sp.hash && prec == 0 {
		i := strings.IndexByte(s, 'e')
		s = s[:i] + "." + s[i:]
	}
	return s
}

// general is %g: precision P (6 by default, 0 taken as 1) significant
// digits; with X the decimal exponent of the value rounded to P digits,
// the style is %f with precision P-1-X when P > X >= -4, else %e with
// precision P-1; trailing zeros (and a trailing point) go unless '#'.
func (sp *printfSpec) general(ax float64) string {
	p := sp.precision(6)
	if p == 0 {
		p = 1
	}
	x := 0
	if ax != 0 {
		e := strconv.FormatFloat(ax, 'e', p-1, 64)
		x, _ = strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	}
	var s string
	if p > x && x >= -4 {
		s = strconv.FormatFloat(ax, 'f', p-1-x, 64)
		if sp.hash && !strings.Contains(s, ".") {
			s += "."
		}
	} else {
		s = strconv.FormatFloat(ax, 'e', p-1, 64)
		if sp.hash && !strings.Contains(s, ".") {
			i := strings.IndexByte(s, 'e')
			s = s[:i] + "." + s[i:]
		}
	}
	if sp.hash {
		return s
	}
	mant, exp := s, ""
	if i := strings.IndexByte(s, 'e'); i >= 0 {
		mant, exp = s[:i], s[i:]
	}
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(mant, "0")
		mant = strings.TrimSuffix(mant, ".")
	}
	return mant + exp
}

// hexFloat is %a as glibc prints it: "0x1.8p+0", normal numbers with a
// leading 1, subnormals as 0x0.xxxp-1022, without a precision the fewest
// hex digits that are exact, with one rounded half to even. ax is not
// negative.
func hexFloat(ax float64, prec int, hash bool) string {
	bits := math.Float64bits(ax)
	mant := bits & (1<<52 - 1)
	exp := int(bits>>52) - 1023
	lead := uint64(1)
	switch {
	case ax == 0:
		lead, exp = 0, 0
	case bits>>52 == 0: // subnormal
		lead, exp = 0, -1022
	}
	digits := 13
	if prec >= 0 && prec < 13 {
		// Round the 52-bit fraction to prec hex digits, half to even.
		shift := uint(4 * (13 - prec))
		full := lead<<52 | mant
		rem := full & (1<<shift - 1)
		full >>= shift
		half := uint64(1) << (shift - 1)
		if rem > half || (rem == half && full&1 == 1) {
			full++
		}
		// A carry out of the fraction makes the leading digit 2, which
		// glibc prints as is ("0x2.00p+0") rather than renormalising.
		lead = full >> (4 * uint(prec))
		mant = full & (1<<(4*uint(prec)) - 1)
		digits = prec
	}
	frac := ""
	if digits > 0 {
		frac = strconv.FormatUint(mant, 16)
		frac = strings.Repeat("0", digits-len(frac)) + frac
	}
	if prec < 0 {
		frac = strings.TrimRight(frac, "0")
	} else if prec > 13 {
		frac += strings.Repeat("0", prec-13)
	}
	s := "0x" + strconv.FormatUint(lead, 16)
	if frac != "" || hash {
		s += "." + frac
	}
	es := "+"
	if exp < 0 {
		es, exp = "-", -exp
	}
	return s + "p" + es + strconv.Itoa(exp)
}
