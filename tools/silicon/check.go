package main

import (
	"bytes"
	"encoding/binary"
	"sort"

	"github.com/gpusim/gpusim/alu"
)

// rawMismatch is a mismatch before formatting (the input already is: it is
// formatted on the rare path only).
type rawMismatch struct {
	index          uint64
	input          string
	model, silicon uint64
	ulp            int64 // -1: incomparable
}

// formAcc accumulates one worker's results for one form.
type formAcc struct {
	seen         uint64
	mismatches   uint64
	incomparable uint64
	hist         [numBuckets]uint64 // distances of mismatches (bucket 0 unused here)
	first        []rawMismatch      // lowest indices first, at most the keep limit
	tableFilled  int
	// Record forms: records whose input differs from the generator's.
	inputMismatches uint64
	firstInputs     []InputMismatch
	scratch         []byte
	// Tensor forms.
	tensor *tensorAcc
}

// checkChunk compares the payload p of form f, whose first element is stream
// index start, against the model; table, when not nil, receives the outputs
// that are table entries (records, for tensor forms, the raw records). It
// allocates nothing unless a mismatch must be kept.
func (a *formAcc) checkChunk(f *Form, start uint64, p []byte, table []uint64, records []byte, keep int) {
	switch f.Kind {
	case RecordForm:
		a.checkRecords(f, start, p, keep)
		return
	case TensorForm:
		if a.tensor == nil {
			a.tensor = newTensorAcc(f)
		}
		a.checkInputs(f, start, p)
		a.tensor.checkRecords(start, p)
		a.seen += uint64(len(p) / f.RecordWidth())
		if records != nil {
			copy(records[start*uint64(f.RecordWidth()):], p)
			a.tableFilled += len(p) / f.RecordWidth()
		}
		return
	}
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
			table[k] = getN(p[int(i-start)*f.Width:], f.Width)
			a.tableFilled++
		})
	}
}

// checkRecords compares every record of a record form with the model
// evaluated on the record's own input.
func (a *formAcc) checkRecords(f *Form, start uint64, p []byte, keep int) {
	w := f.RecordWidth()
	n := len(p) / w
	a.checkInputs(f, start, p)
	for r := range n {
		rec := p[r*w : (r+1)*w]
		in := rec[:f.InWidth]
		if got, want := getN(rec[f.InWidth:], f.Width), f.eval(in); got != want {
			a.missRecord(f, start+uint64(r), in, want, got, keep)
		}
	}
	a.seen += uint64(n)
}

// checkInputs regenerates the input of every record and counts those that
// differ from what the stream carries (the capture program read the wrong
// input file, or the stream is not what it claims).
func (a *formAcc) checkInputs(f *Form, start uint64, p []byte) {
	w := f.RecordWidth()
	if len(a.scratch) != f.InWidth {
		a.scratch = make([]byte, f.InWidth)
	}
	for r := 0; (r+1)*w <= len(p); r++ {
		in := p[r*w : r*w+f.InWidth]
		f.gen(start+uint64(r), a.scratch)
		if bytes.Equal(in, a.scratch) {
			continue
		}
		a.inputMismatches++
		if len(a.firstInputs) < inputMismatchKeep {
			a.firstInputs = append(a.firstInputs, InputMismatch{
				Index: start + uint64(r), Want: hexBytes(a.scratch), Got: hexBytes(in)})
		}
	}
}

// inputMismatchKeep is how many input mismatches a worker lists.
const inputMismatchKeep = 10

// hexBytes formats up to 64 bytes as hex, for an input mismatch.
func hexBytes(b []byte) string {
	const max = 64
	s := ""
	for i, c := range b {
		if i == max {
			return s + "..."
		}
		s += string("0123456789abcdef"[c>>4]) + string("0123456789abcdef"[c&15])
	}
	return s
}

// miss records one sweep mismatch (the rare path).
func (a *formAcc) miss(f *Form, index, in, model, silicon uint64, keep int) {
	var b [8]byte
	put64(b[:], in)
	a.missRecord(f, index, b[:f.Width], model, silicon, keep)
}

// missRecord records one mismatch with its input bytes.
func (a *formAcc) missRecord(f *Form, index uint64, in []byte, model, silicon uint64, keep int) {
	a.mismatches++
	d, ok := ulpDistance(f.Format, model, silicon)
	if ok {
		a.hist[bucketOf(d)]++
	} else {
		a.incomparable++
	}
	if keep <= 0 || len(a.first) == keep && index >= a.first[keep-1].index {
		return
	}
	r := rawMismatch{index: index, input: f.formatInput(in), model: model, silicon: silicon, ulp: -1}
	if ok {
		r.ulp = int64(d)
	}
	i := sort.Search(len(a.first), func(j int) bool { return a.first[j].index > index })
	if len(a.first) < keep {
		a.first = append(a.first, rawMismatch{})
	}
	copy(a.first[i+1:], a.first[i:len(a.first)-1])
	a.first[i] = r
}
