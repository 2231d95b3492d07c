package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"time"
)

// Options configures Compare.
type Options struct {
	Name          string // the stream's name in error messages ("stdin", a file)
	Workers       int    // goroutines evaluating the model; 0 means GOMAXPROCS
	MaxMismatches int    // mismatches listed per form (the lowest indices)
	TablesDir     string // where complete tables are written; "" writes none
	Timing        bool   // put wall time and rates in the summary
}

// span is a half-open range of stream indices.
type span struct{ lo, hi uint64 }

// coverage is the set of indices of one form received so far, as sorted,
// disjoint, non-adjacent spans.
type coverage []span

// add inserts [lo, hi) and reports false, changing nothing, if it overlaps
// indices already received.
func (c *coverage) add(lo, hi uint64) bool {
	s := *c
	i := sort.Search(len(s), func(j int) bool { return s[j].hi > lo })
	if i < len(s) && s[i].lo < hi {
		return false
	}
	joinLeft := i > 0 && s[i-1].hi == lo
	joinRight := i < len(s) && s[i].lo == hi
	switch {
	case joinLeft && joinRight:
		s[i-1].hi = s[i].hi
		s = append(s[:i], s[i+1:]...)
	case joinLeft:
		s[i-1].hi = hi
	case joinRight:
		s[i].lo = lo
	default:
		s = append(s, span{})
		copy(s[i+1:], s[i:])
		s[i] = span{lo, hi}
	}
	*c = s
	return true
}

// has reports whether index i has been received.
func (c coverage) has(i uint64) bool {
	j := sort.Search(len(c), func(j int) bool { return c[j].hi > i })
	return j < len(c) && c[j].lo <= i
}

// complete reports whether c is exactly [0, n).
func (c coverage) complete(n uint64) bool {
	return len(c) == 1 && c[0].lo == 0 && c[0].hi == n
}

// job is one data frame handed to a worker.
type job struct {
	form  *Form
	start uint64
	buf   []byte
}

// Compare reads a capture stream from r, checks every element of the sweeps
// and record probes against gpusim's model, summarises the tensor probes,
// and returns the summary. On a malformed or truncated stream it
// returns the summary of what arrived (with Stream.Error set) and the error.
func Compare(r io.Reader, opt Options) (*Summary, error) {
	began := time.Now()
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if opt.Name == "" {
		opt.Name = "stream"
	}
	var tables [numForms + 1][]uint64
	var records [numForms + 1][]byte // the raw records of tensor forms
	if opt.TablesDir != "" {
		for _, f := range allForms() {
			if f.TableEntries > 0 {
				tables[f.ID] = make([]uint64, f.TableEntries)
			}
			if f.Kind == TensorForm {
				records[f.ID] = make([]byte, f.Count*uint64(f.RecordWidth()))
			}
		}
	}

	accs := make([][numForms + 1]formAcc, opt.Workers)
	jobs := make(chan job, opt.Workers)
	free := make(chan []byte, 2*opt.Workers+2)
	for range cap(free) {
		free <- nil
	}
	var wg sync.WaitGroup
	for w := range opt.Workers {
		wg.Add(1)
		go func(acc *[numForms + 1]formAcc) {
			defer wg.Done()
			for j := range jobs {
				acc[j.form.ID].checkChunk(j.form, j.start, j.buf, tables[j.form.ID], records[j.form.ID], opt.MaxMismatches)
				free <- j.buf
			}
		}(&accs[w])
	}

	sum := &Summary{Format: SummaryFormat, Stream: StreamSummary{CaptureErrors: []string{}}}
	var covered [numForms + 1]coverage
	fr := newFrameReader(r, opt.Name)
	err := readFrames(fr, sum, &covered, jobs, free)
	close(jobs)
	wg.Wait()
	sum.Stream.Frames = fr.frame
	sum.Stream.Bytes = fr.off
	if err != nil {
		sum.Stream.Error = err.Error()
	}

	sum.Tensor = []TensorSummary{}
	for _, f := range allForms() {
		if f.Kind == TensorForm {
			ta := make([]*tensorAcc, len(accs))
			for w := range accs {
				ta[w] = accs[w][f.ID].tensor
			}
			sum.Tensor = append(sum.Tensor, tensorSummary(f, ta, covered[f.ID]))
			continue
		}
		sum.Forms = append(sum.Forms, formSummary(f, accs, covered[f.ID], opt.MaxMismatches))
	}
	sum.Tables = []TableFile{}
	if opt.TablesDir != "" {
		for _, f := range allForms() {
			filled := 0
			for w := range accs {
				filled += accs[w][f.ID].tableFilled
			}
			switch {
			case f.Kind == TensorForm && uint64(filled) == f.Count:
				path := filepath.Join(opt.TablesDir, f.Slug+recordsExt)
				sha, werr := WriteRecords(path, f, records[f.ID])
				if werr != nil {
					return sum, errors.Join(err, werr)
				}
				sum.Tables = append(sum.Tables, TableFile{
					Form: f.ID, File: filepath.Base(path), Entries: int(f.Count), Inputs: "raw records: " + f.Inputs, SHA256: sha,
				})
			case f.TableEntries > 0 && filled == f.TableEntries:
				path := filepath.Join(opt.TablesDir, f.Slug+tableExt)
				sha, werr := WriteTable(path, &Table{Form: f, Entries: tables[f.ID]})
				if werr != nil {
					return sum, errors.Join(err, werr)
				}
				sum.Tables = append(sum.Tables, TableFile{
					Form: f.ID, File: filepath.Base(path), Entries: f.TableEntries, Inputs: f.TableInputs, SHA256: sha,
				})
			}
		}
	}
	if opt.Timing {
		wall := time.Since(began).Seconds()
		sum.Timing = &Timing{
			Workers: opt.Workers, WallSeconds: wall,
			BytesPerSecond: float64(sum.Stream.Bytes) / wall,
			LanesPerSecond: float64(sum.Stream.Elements) / wall,
		}
	}
	return sum, err
}

// readFrames reads frames until the end of the stream or the first error,
// handing data frames to the workers and filling the stream fields of sum.
func readFrames(fr *frameReader, sum *Summary, covered *[numForms + 1]coverage, jobs chan<- job, free chan []byte) error {
	var text []byte
	for {
		h, err := fr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch h.Kind {
		case KindData:
			buf := <-free
			buf, err = fr.payload(h, buf)
			if err != nil {
				free <- buf
				return err
			}
			f := lookupForm(h.Form)
			if !covered[f.ID].add(h.Start, h.Start+uint64(h.Count)) {
				free <- buf
				return &StreamError{Name: fr.name, Offset: fr.off - headerSize - int64(h.Size), Frame: fr.frame - 1,
					Msg: fmt.Sprintf("%s: elements [%d, %d) overlap elements received before", f.Name, h.Start, h.Start+uint64(h.Count))}
			}
			sum.Stream.DataFrames++
			sum.Stream.Elements += uint64(h.Count)
			jobs <- job{form: f, start: h.Start, buf: buf}
		case KindInfo, KindBench, KindError:
			at := fr.off
			if text, err = fr.payload(h, text); err != nil {
				return err
			}
			if h.Kind == KindError {
				sum.Stream.CaptureErrors = append(sum.Stream.CaptureErrors, string(text))
				continue
			}
			dst := &sum.Capture
			if h.Kind == KindBench {
				dst = &sum.Bench
			}
			if *dst != nil {
				return &StreamError{Name: fr.name, Offset: at, Frame: fr.frame - 1, Msg: fmt.Sprintf("second frame of kind %d", h.Kind)}
			}
			if !json.Valid(text) || len(text) == 0 || text[0] != '{' {
				// Content, not framing: keep the numerics, note the text.
				sum.Stream.CaptureErrors = append(sum.Stream.CaptureErrors, fmt.Sprintf(
					"%s:%d: frame %d: kind %d payload is not a JSON object: %.200q", fr.name, at, fr.frame-1, h.Kind, text))
				continue
			}
			*dst = json.RawMessage(append([]byte(nil), text...))
		case KindEnd:
			at := fr.off
			if _, err := fr.payload(h, nil); err != nil {
				return err
			}
			if h.Start != sum.Stream.Elements || int64(h.Count) != sum.Stream.DataFrames {
				return &StreamError{Name: fr.name, Offset: at, Frame: fr.frame - 1,
					Msg: fmt.Sprintf("end frame says %d data frames and %d elements, received %d and %d",
						h.Count, h.Start, sum.Stream.DataFrames, sum.Stream.Elements)}
			}
			sum.Stream.Ended = true
		}
	}
}

// formSummary merges the workers' accumulators for f.
func formSummary(f *Form, accs [][numForms + 1]formAcc, c coverage, keep int) FormSummary {
	fs := FormSummary{
		ID: f.ID, Name: f.Name, Model: f.Model, Inputs: f.Inputs, Expected: f.Count,
		Complete: c.complete(f.Count), FirstMismatches: []Mismatch{}, Histogram: []Bucket{},
		FirstInputMismatches: []InputMismatch{},
	}
	var hist [numBuckets]uint64
	var first []rawMismatch
	for w := range accs {
		a := &accs[w][f.ID]
		fs.Seen += a.seen
		fs.Mismatches += a.mismatches
		fs.Incomparable += a.incomparable
		fs.InputMismatches += a.inputMismatches
		fs.FirstInputMismatches = append(fs.FirstInputMismatches, a.firstInputs...)
		for b := range hist {
			hist[b] += a.hist[b]
		}
		first = append(first, a.first...)
	}
	sort.Slice(fs.FirstInputMismatches, func(i, j int) bool {
		return fs.FirstInputMismatches[i].Index < fs.FirstInputMismatches[j].Index
	})
	if len(fs.FirstInputMismatches) > inputMismatchKeep {
		fs.FirstInputMismatches = fs.FirstInputMismatches[:inputMismatchKeep]
	}
	fs.Matches = fs.Seen - fs.Mismatches
	hist[0] = fs.Matches
	for b, n := range hist {
		if n != 0 {
			lo, hi := bucketRange(b)
			fs.Histogram = append(fs.Histogram, Bucket{UlpMin: lo, UlpMax: hi, Count: n})
		}
	}
	sort.Slice(first, func(i, j int) bool { return first[i].index < first[j].index })
	if len(first) > keep {
		first = first[:max(keep, 0)]
	}
	for _, m := range first {
		fs.FirstMismatches = append(fs.FirstMismatches, Mismatch{
			Index:   m.index,
			Input:   m.input,
			Model:   hexWord(m.model, f.Width),
			Silicon: hexWord(m.silicon, f.Width),
			Ulp:     m.ulp,
		})
	}
	return fs
}
