package main

import (
	"encoding/binary"
	"sort"

	"github.com/gpusim/gpusim/alu"
)

// rawMismatch is a mismatch before formatting.
type rawMismatch struct {
	index, input, model, silicon uint64
	ulp                          int64 // -1: incomparable
}

// formAcc accumulates one worker's results for one form.
type formAcc struct {
	seen         uint64
	mismatches   uint64
	incomparable uint64
	hist         [numBuckets]uint64 // distances of mismatches (bucket 0 unused here)
	first        []rawMismatch      // lowest indices first, at most the keep limit
	tableFilled  int
}

// checkChunk compares the payload p of form f, whose first element is stream
// index start, against the model; table, when not nil, receives the outputs
// that are table entries. It allocates nothing unless a mismatch must be kept.
func (a *formAcc) checkChunk(f *Form, start uint64, p []byte, table []uint64, keep int) {
	le := binary.LittleEndian
	n := len(p) / f.Width
	switch f.ID {
	case FormEx2F32Ftz:
		for i := range n {
			in := uint32(start + uint64(i))
			if got, want := le.Uint32(p[4*i:]), alu.Ex2F32Ftz(in); got != want {
				a.miss(f, start+uint64(i), uint64(in), uint64(want), uint64(got), keep)
			}
		}
	case FormEx2F32:
		for i := range n {
			in := uint32(start + uint64(i))
			if got, want := le.Uint32(p[4*i:]), alu.Ex2F32(in); got != want {
				a.miss(f, start+uint64(i), uint64(in), uint64(want), uint64(got), keep)
			}
		}
	case FormEx2F16:
		for i := range n {
			in := uint16(start + uint64(i))
			if got, want := le.Uint16(p[2*i:]), alu.Ex2F16(in); got != want {
				a.miss(f, start+uint64(i), uint64(in), uint64(want), uint64(got), keep)
			}
		}
	case FormEx2F16x2:
		for i := range n {
			in := uint32(start + uint64(i))
			if got, want := le.Uint32(p[4*i:]), alu.Ex2F16x2(in); got != want {
				a.miss(f, start+uint64(i), uint64(in), uint64(want), uint64(got), keep)
			}
		}
	case FormEx2BF16:
		for i := range n {
			in := uint16(start + uint64(i))
			if got, want := le.Uint16(p[2*i:]), alu.Ex2BF16(in); got != want {
				a.miss(f, start+uint64(i), uint64(in), uint64(want), uint64(got), keep)
			}
		}
	case FormEx2BF16x2:
		for i := range n {
			in := uint32(start + uint64(i))
			if got, want := le.Uint32(p[4*i:]), alu.Ex2BF16x2(in); got != want {
				a.miss(f, start+uint64(i), uint64(in), uint64(want), uint64(got), keep)
			}
		}
	case FormRcp64HLoZero:
		for i := range n {
			in := (start + uint64(i)) << 32
			if got, want := le.Uint64(p[8*i:]), alu.Rcp64H(in); got != want {
				a.miss(f, start+uint64(i), in, want, got, keep)
			}
		}
	case FormRcp64HLoNoise:
		for i := range n {
			idx := start + uint64(i)
			in := idx<<32 | uint64(LowNoise(idx))
			if got, want := le.Uint64(p[8*i:]), alu.Rcp64H(in); got != want {
				a.miss(f, idx, in, want, got, keep)
			}
		}
	}
	a.seen += uint64(n)
	if table != nil {
		f.tableSpan(start, start+uint64(n), func(k int, i uint64) {
			off := int(i-start) * f.Width
			switch f.Width {
			case 2:
				table[k] = uint64(le.Uint16(p[off:]))
			case 4:
				table[k] = uint64(le.Uint32(p[off:]))
			default:
				table[k] = le.Uint64(p[off:])
			}
			a.tableFilled++
		})
	}
}

// miss records one mismatch (the rare path).
func (a *formAcc) miss(f *Form, index, in, model, silicon uint64, keep int) {
	a.mismatches++
	r := rawMismatch{index: index, input: in, model: model, silicon: silicon, ulp: -1}
	if d, ok := ulpDistance(f.Format, model, silicon); ok {
		a.hist[bucketOf(d)]++
		r.ulp = int64(d)
	} else {
		a.incomparable++
	}
	if keep <= 0 || len(a.first) == keep && index >= a.first[keep-1].index {
		return
	}
	i := sort.Search(len(a.first), func(j int) bool { return a.first[j].index > index })
	if len(a.first) < keep {
		a.first = append(a.first, rawMismatch{})
	}
	copy(a.first[i+1:], a.first[i:len(a.first)-1])
	a.first[i] = r
}
