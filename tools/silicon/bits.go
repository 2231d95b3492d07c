package main

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
)

// Little-endian helpers for stream elements.

func le16(b []byte) uint16     { return binary.LittleEndian.Uint16(b) }
func le32(b []byte) uint32     { return binary.LittleEndian.Uint32(b) }
func le64(b []byte) uint64     { return binary.LittleEndian.Uint64(b) }
func put16(b []byte, v uint16) { binary.LittleEndian.PutUint16(b, v) }
func put32(b []byte, v uint32) { binary.LittleEndian.PutUint32(b, v) }
func put64(b []byte, v uint64) { binary.LittleEndian.PutUint64(b, v) }

// getN reads an n-byte (2, 4 or 8) little-endian value, zero-extended.
func getN(b []byte, n int) uint64 {
	switch n {
	case 2:
		return uint64(le16(b))
	case 4:
		return uint64(le32(b))
	}
	return le64(b)
}

// putN writes the low n bytes (2, 4 or 8) of v.
func putN(b []byte, n int, v uint64) {
	switch n {
	case 2:
		put16(b, uint16(v))
	case 4:
		put32(b, uint32(v))
	default:
		put64(b, v)
	}
}

// mix is SplitMix64's finaliser: a fixed, stateless hash of x, used to make
// reproducible pseudo-random inputs from an index.
func mix(x uint64) uint64 {
	z := x + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// hexWord formats v as 0x and 2*n hex digits.
func hexWord(v uint64, n int) string { return fmt.Sprintf("0x%0*x", 2*n, v) }

// formatInput writes an element's input as comma-separated hex operands of
// the form's operand width (a sweep: one operand of its output width).
func (f *Form) formatInput(in []byte) string {
	w, n := f.Width, 1
	if f.Kind != SweepForm {
		w, n = f.OperandWidth, f.Operands
	}
	parts := make([]string, n)
	for k := range n {
		parts[k] = hexWord(getN(in[k*w:], w), w)
	}
	return strings.Join(parts, ",")
}

// parseInput reads formatInput's text back into input bytes.
func (f *Form) parseInput(s string) ([]byte, error) {
	w, n := f.Width, 1
	if f.Kind != SweepForm {
		w, n = f.OperandWidth, f.Operands
	}
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("%s: input %q has %d operands, want %d", f.Name, s, len(parts), n)
	}
	b := make([]byte, n*w)
	for k, p := range parts {
		v, err := strconv.ParseUint(p, 0, 8*w)
		if err != nil {
			return nil, fmt.Errorf("%s: input %q: %v", f.Name, s, err)
		}
		putN(b[k*w:], w, v)
	}
	return b, nil
}
