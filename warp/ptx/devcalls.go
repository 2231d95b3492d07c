package ptx

import (
	"encoding/binary"
	"errors"
	"strings"

	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp"
)

// Calls to the device runtime: vprintf (device printf) and __assertfail
// (a failed device assert), which a module declares `.extern` and calls
// without a body. The launch hands them to its DeviceCalls in the order
// the calling lanes execute them (lane order within a warp instruction).

// DeviceCalls receives a launch's calls to the device runtime. The CUDA
// runtime (package sim/cuda) implements it per launch, with CUDA's printf
// FIFO; a trace run prints what it receives when the kernel ends.
type DeviceCalls interface {
	// Printf is one device printf: the format string and the packed
	// argument buffer (C's default promotions, each argument at the next
	// offset aligned to its size), both read from device memory at the
	// call; str reads the NUL-terminated string at a device address for
	// %s as the calling thread sees it. args and str are valid during the
	// call only.
	Printf(format string, args []byte, str func(addr uint64) (string, bool))
	// AssertFail is a failed assert of thread thread of block block.
	AssertFail(message, file, function string, line int, block, thread [3]uint32)
}

// maxDeviceString bounds the strings a runtime call reads (format strings,
// assert texts): 64 KiB.
const maxDeviceString = 64 << 10

// builtinCall compiles a call to the device runtime: a plain instruction
// (not a control transfer) that reads its arguments from the caller's
// frame.
func (c *compiler) builtinCall(in *traces.Inst, o *op, site *traces.CallSite) error {
	ptr := uint64(c.prog.AddressSize / 8)
	var want []uint64
	switch site.Builtin {
	case traces.BuiltinVprintf:
		want = []uint64{ptr, ptr}
		o.exec = execVprintf
	case traces.BuiltinAssertFail:
		want = []uint64{ptr, ptr, 4, ptr, ptr}
		o.exec = execAssertFail
	default:
		return c.errf(in, "unknown device runtime function")
	}
	if len(site.ArgSlots) != len(want) {
		return c.errf(in, "%s takes %d arguments, the call passes %d", site.Builtin, len(want), len(site.ArgSlots))
	}
	for i, s := range site.ArgSlots {
		if s.Size != want[i] {
			return c.errf(in, "argument %d of %s is %d bytes, want %d", i+1, site.Builtin, s.Size, want[i])
		}
	}
	if len(site.RetSlots) > 1 || len(site.RetSlots) == 1 && site.RetSlots[0].Size != 4 {
		return c.errf(in, "%s returns one .b32 value", site.Builtin)
	}
	o.ctrl = false
	return nil
}

// frameWord reads an argument of a runtime call from lane l's frame.
func (w *Warp) frameWord(l int, s traces.Slot) uint64 {
	f := w.b.frame.Frame(w.first + l)
	if s.Size == 4 {
		return uint64(binary.LittleEndian.Uint32(f[s.Off:]))
	}
	return binary.LittleEndian.Uint64(f[s.Off:])
}

// cstring reads the NUL-terminated string at a generic address for lane l.
func (w *Warp) cstring(l int, addr uint64) (string, error) {
	var b strings.Builder
	var one [1]byte
	for i := uint64(0); i < maxDeviceString; i++ {
		if err := w.readGeneric(l, addr+i, one[:]); err != nil {
			return "", err
		}
		if one[0] == 0 {
			return b.String(), nil
		}
		b.WriteByte(one[0])
	}
	return b.String(), nil
}

// readString is the %s reader handed to DeviceCalls.Printf: the string at
// addr as lane w.strLane sees it.
func (w *Warp) readString(addr uint64) (string, bool) {
	s, err := w.cstring(w.strLane, addr)
	return s, err == nil
}

// execVprintf: each lane in m formats its record; the result (the number of
// arguments the format consumed, -1 for a null format) goes to the call's
// result variable.
func execVprintf(w *Warp, o *op, m uint64) error {
	site := &w.code.kernel.Calls[o.target]
	dc := w.b.l.cfg.Device
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		fmtAddr := w.frameWord(l, site.ArgSlots[0])
		result := int32(-1)
		if fmtAddr != 0 {
			format, err := w.cstring(l, fmtAddr)
			if err != nil {
				return warp.AtLane(l, err)
			}
			n, nargs := printfArgBytes(format)
			if cap(w.callTmp) < n {
				w.callTmp = make([]byte, n)
			}
			args := w.callTmp[:n]
			if n > 0 {
				if err := w.readGeneric(l, w.frameWord(l, site.ArgSlots[1]), args); err != nil {
					return warp.AtLane(l, err)
				}
			}
			if dc != nil {
				w.strLane = l
				dc.Printf(format, args, w.strFn)
			}
			result = int32(nargs)
		}
		if len(site.RetSlots) == 1 {
			f := w.b.frame.Frame(w.first + l)
			binary.LittleEndian.PutUint32(f[site.RetSlots[0].Off:], uint32(result))
		}
	}
	return nil
}

// execAssertFail: every lane in m reports its failed assertion, then the
// kernel stops with the first lane's as the fault.
func execAssertFail(w *Warp, o *op, m uint64) error {
	site := &w.code.kernel.Calls[o.target]
	dc := w.b.l.cfg.Device
	var first *warp.AssertError
	firstLane := 0
	for mm := m; mm != 0; mm &= mm - 1 {
		l := tz(mm)
		var texts [3]string
		for i, s := range [3]traces.Slot{site.ArgSlots[0], site.ArgSlots[1], site.ArgSlots[3]} {
			t, err := w.cstring(l, w.frameWord(l, s))
			if err != nil {
				return warp.AtLane(l, errors.Join(errors.New("__assertfail: cannot read its text"), err))
			}
			texts[i] = t
		}
		line := int(int32(w.frameWord(l, site.ArgSlots[2])))
		if dc != nil {
			var tid [3]uint32
			for d := range tid {
				tid[d] = uint32(w.tid[d][l])
			}
			dc.AssertFail(texts[0], texts[1], texts[2], line, w.b.ctaid, tid)
		}
		if first == nil {
			first, firstLane = &warp.AssertError{Message: texts[0], File: texts[1], Function: texts[2], Line: line}, l
		}
	}
	return warp.AtLane(firstLane, first)
}

// printfArgBytes scans a printf format as the device's vprintf does to
// know how much of the argument buffer to copy: each conversion's '*'
// width and precision take an int, its value 4 bytes (8 for floating-point
// conversions, %s, %p and the l, ll, q, j, z, t sizes: C's default
// promotions on a 64-bit target), each aligned to its size. It returns the
// buffer's length and the number of arguments; conversions past the 32nd
// argument are printed as written (CUDA C++ Programming Guide, Formatted
// Output), so they take none.
func printfArgBytes(format string) (n, nargs int) {
	const maxArgs = 32
	take := func(size int) {
		n = (n+size-1)&^(size-1) + size
		nargs++
	}
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			i++
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("-+ #0", format[j]) >= 0 {
			j++
		}
		stars := 0
		if j < len(format) && format[j] == '*' {
			stars++
			j++
		} else {
			for j < len(format) && format[j] >= '0' && format[j] <= '9' {
				j++
			}
		}
		if j < len(format) && format[j] == '.' {
			j++
			if j < len(format) && format[j] == '*' {
				stars++
				j++
			} else {
				for j < len(format) && format[j] >= '0' && format[j] <= '9' {
					j++
				}
			}
		}
		start := j
		for j < len(format) && strings.IndexByte("hlLqjzt", format[j]) >= 0 && j-start < 2 {
			j++
		}
		size := format[start:j]
		if j >= len(format) || strings.IndexByte("cdiouxXpeEfFgGaAs", format[j]) < 0 {
			i = j - 1 // not a conversion: printed as written
			continue
		}
		if nargs+stars+1 > maxArgs {
			return n, nargs
		}
		for k := 0; k < stars; k++ {
			take(4)
		}
		switch {
		case strings.IndexByte("eEfFgGaAsp", format[j]) >= 0:
			take(8)
		case size == "l" || size == "ll" || size == "q" || size == "j" || size == "z" || size == "t":
			take(8)
		default:
			take(4)
		}
		i = j
	}
	return n, nargs
}
