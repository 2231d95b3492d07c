package main

import (
	"fmt"
	"sort"
)

// The tensor-core summary: gpusim has no mma model, so the comparer records
// the raw records (records.go) and summarises them: for each hypothesis of
// tensor_models.go, how many dot products it reproduces bit for bit; what
// silicon gave on every published experiment; whether the exact layout cases
// came back exact (if not, the harness is wrong, not the numerics); and
// what the outputs with non-finite inputs were.

// TensorSummary is one tensor form's part of summary.json.
type TensorSummary struct {
	ID       FormID `json:"id"`
	Name     string `json:"name"`
	Inputs   string `json:"inputs"`
	Expected uint64 `json:"expected_records"`
	Seen     uint64 `json:"records_seen"`
	Complete bool   `json:"complete"`
	// DotProducts counts outputs whose operands are all finite; those are
	// what the hypotheses are scored on.
	DotProducts uint64 `json:"dot_products"`
	// Hypotheses are ordered by matches, most first (ties: list order).
	Hypotheses []HypothesisScore `json:"hypotheses"`
	// HypothesisDoc says what the hypothesis names mean.
	HypothesisDoc string `json:"hypothesis_doc"`
	// UlpVsExactRN is the histogram of silicon against the exact sum
	// rounded to nearest (bucket 0..0: equal).
	UlpVsExactRN []Bucket `json:"ulp_vs_exact_rn"`
	// Layout is the exact small-integer cases: any mismatch there is a
	// harness fault.
	Layout    LayoutCheck       `json:"layout_check"`
	Published []PublishedResult `json:"published"`
	// NonFinite counts outputs with a NaN or infinite operand, by the class
	// of the silicon output.
	NonFinite map[string]uint64 `json:"non_finite"`
}

// HypothesisScore is one hypothesis's agreement with silicon.
type HypothesisScore struct {
	Name       string           `json:"name"`
	Matches    uint64           `json:"matches"`
	Mismatches uint64           `json:"mismatches"`
	First      []TensorMismatch `json:"first_mismatches"`
}

// TensorMismatch is one dot product where a hypothesis and silicon differ.
type TensorMismatch struct {
	Record  uint64 `json:"record"`
	Family  string `json:"family"`
	Row     int    `json:"row"`
	Col     int    `json:"col"`
	Model   string `json:"model"`
	Silicon string `json:"silicon"`
}

// LayoutCheck is the result of the exact cases.
type LayoutCheck struct {
	Outputs    uint64           `json:"outputs"`
	Mismatches uint64           `json:"mismatches"`
	First      []TensorMismatch `json:"first_mismatches"`
}

// PublishedResult is what silicon gave on one published experiment, at both
// places it sits in its record.
type PublishedResult struct {
	Record  uint64   `json:"record"`
	ID      string   `json:"id"`
	Test    string   `json:"test"`
	Silicon []string `json:"silicon"` // copy 0, copy 1
	// Check is the value the suite's pass condition names ("" for the
	// monotonicity relation), Passes whether every copy equals it.
	Check   string `json:"check"`
	Passes  bool   `json:"passes"`
	ExactRN string `json:"exact_rn"`
}

// Keep limits.
const (
	tensorKeep      = 10 // mismatches listed per hypothesis
	tensorKeepHyps  = 5  // hypotheses whose mismatches are listed (the best)
	tensorKeepOther = 20 // layout mismatches listed
)

// tensorAcc is one worker's accumulation for one tensor form.
type tensorAcc struct {
	form      *Form
	hyps      []hypothesis
	published []publishedCase
	records   uint64
	dots      uint64
	matches   []uint64
	first     [][]TensorMismatch
	hist      [numBuckets]uint64
	layout    LayoutCheck
	pub       []PublishedResult
	nonFinite map[string]uint64
	sc        dotScratch
	terms     []value
}

func newTensorAcc(f *Form) *tensorAcc {
	hs := hypothesesFor(f.mma.K)
	return &tensorAcc{
		form: f, hyps: hs, published: publishedCases(f.mma.Elem),
		matches: make([]uint64, len(hs)), first: make([][]TensorMismatch, len(hs)),
		nonFinite: map[string]uint64{}, terms: make([]value, f.mma.K),
	}
}

// tensorLess orders mismatches by record, row and column.
func tensorLess(a, b TensorMismatch) bool {
	if a.Record != b.Record {
		return a.Record < b.Record
	}
	if a.Row != b.Row {
		return a.Row < b.Row
	}
	return a.Col < b.Col
}

// wouldKeep reports whether a mismatch at (record, row, col) earns a place
// in list, so that the rare path formats only what it keeps.
func wouldKeep(list []TensorMismatch, record uint64, row, col, keep int) bool {
	return len(list) < keep || tensorLess(TensorMismatch{Record: record, Row: row, Col: col}, list[keep-1])
}

// keepLowest inserts m into list (sorted by record, row, col), keeping at
// most keep entries.
func keepLowest(list []TensorMismatch, m TensorMismatch, keep int) []TensorMismatch {
	less := tensorLess
	if len(list) == keep && !less(m, list[keep-1]) {
		return list
	}
	i := sort.Search(len(list), func(j int) bool { return less(m, list[j]) })
	if len(list) < keep {
		list = append(list, TensorMismatch{})
	}
	copy(list[i+1:], list[i:len(list)-1])
	list[i] = m
	return list
}

// checkRecords analyses records of the form starting at record index start.
func (a *tensorAcc) checkRecords(start uint64, p []byte) {
	f := a.form
	s := f.mma
	w := f.RecordWidth()
	for n := 0; n*w < len(p); n++ {
		idx := start + uint64(n)
		rec := p[n*w : (n+1)*w]
		in, out := rec[:f.InWidth], rec[f.InWidth:]
		fam := tensorFamily(idx, len(a.published))
		var pubRes *PublishedResult
		if fam == "published" {
			c := &a.published[idx]
			a.pub = append(a.pub, PublishedResult{Record: idx, ID: c.id, Test: c.test, Silicon: make([]string, 2)})
			pubRes = &a.pub[len(a.pub)-1]
			if c.hasCheck {
				pubRes.Check = hexWord(uint64(c.check), 4)
			}
			pubRes.Passes = c.hasCheck
		}
		a.records++
		for i := range s.M {
			for j := range s.N {
				got := le32(out[4*(i*s.N+j):])
				a.output(in, idx, fam, i, j, got, pubRes)
			}
		}
	}
}

// output scores one dot product.
func (a *tensorAcc) output(in []byte, idx uint64, fam string, i, j int, got uint32, pubRes *PublishedResult) {
	s := a.form.mma
	eb := s.Elem.bytes()
	finite := true
	for k := range s.K {
		av := decodeElem(s.Elem, uint32(getN(in[s.aOff(i, k):], eb)))
		bv := decodeElem(s.Elem, uint32(getN(in[s.bOff(k, j):], eb)))
		if av.kind != kindFinite || bv.kind != kindFinite {
			finite = false
			break
		}
		a.terms[k] = product(av, bv)
	}
	c := decodeF32(le32(in[s.cOff(i, j):]))
	if !finite || c.kind != kindFinite {
		a.nonFinite[outputClass(got)]++
		return
	}
	a.dots++
	exactRN := a.sc.exact(a.terms, c, dirRN)
	if pubRes != nil {
		r0, q0, r1, q1 := publishedSlots(int(idx))
		for copyN, at := range [][2]int{{r0, q0}, {r1, q1}} {
			if at == [2]int{i, j} {
				pubRes.Silicon[copyN] = hexWord(uint64(got), 4)
				pubRes.ExactRN = hexWord(uint64(exactRN), 4)
				pubRes.Passes = pubRes.Passes && pubRes.Check == pubRes.Silicon[copyN]
			}
		}
	}
	if got == exactRN {
		a.hist[0]++
	} else if d, ok := ulpDistance(fmtF32, uint64(exactRN), uint64(got)); ok {
		a.hist[bucketOf(d)]++
	} else {
		a.nonFinite["finite operands, incomparable with the exact sum"]++
	}
	if fam == "layout" {
		a.layout.Outputs++
		if got != exactRN && wouldKeep(a.layout.First, idx, i, j, tensorKeepOther) {
			a.layout.First = keepLowest(a.layout.First, TensorMismatch{Record: idx, Family: fam, Row: i, Col: j,
				Model: hexWord(uint64(exactRN), 4), Silicon: hexWord(uint64(got), 4)}, tensorKeepOther)
		}
		if got != exactRN {
			a.layout.Mismatches++
		}
	}
	for h := range a.hyps {
		var want uint32
		if a.hyps[h].group == 0 && a.hyps[h].dir == dirRN {
			want = exactRN
		} else {
			want = a.hyps[h].eval(&a.sc, a.terms, c)
		}
		if want == got {
			a.matches[h]++
			continue
		}
		if wouldKeep(a.first[h], idx, i, j, tensorKeep) {
			a.first[h] = keepLowest(a.first[h], TensorMismatch{Record: idx, Family: fam, Row: i, Col: j,
				Model: hexWord(uint64(want), 4), Silicon: hexWord(uint64(got), 4)}, tensorKeep)
		}
	}
}

// outputClass names the class of an f32 output for the non-finite counts.
func outputClass(x uint32) string {
	switch {
	case x == 0x7fffffff:
		return "canonical NaN 0x7fffffff"
	case x&0x7f800000 == 0x7f800000 && x&0x7fffff != 0:
		return fmt.Sprintf("NaN 0x%08x", x)
	case x == 0x7f800000:
		return "+Inf"
	case x == 0xff800000:
		return "-Inf"
	}
	return "finite"
}

// tensorSummary merges the workers' accumulators of form f.
func tensorSummary(f *Form, accs []*tensorAcc, c coverage) TensorSummary {
	ts := TensorSummary{
		ID: f.ID, Name: f.Name, Inputs: f.Inputs, Expected: f.Count, Complete: c.complete(f.Count),
		HypothesisDoc: hypothesisDoc, UlpVsExactRN: []Bucket{}, Published: []PublishedResult{},
		NonFinite: map[string]uint64{}, Layout: LayoutCheck{First: []TensorMismatch{}},
	}
	hs := hypothesesFor(f.mma.K)
	scores := make([]HypothesisScore, len(hs))
	for h := range hs {
		scores[h].Name = hs[h].name
		scores[h].First = []TensorMismatch{}
	}
	var hist [numBuckets]uint64
	for _, a := range accs {
		if a == nil {
			continue
		}
		ts.Seen += a.records
		ts.DotProducts += a.dots
		for h := range hs {
			scores[h].Matches += a.matches[h]
			for _, m := range a.first[h] {
				scores[h].First = keepLowest(scores[h].First, m, tensorKeep)
			}
		}
		for b := range hist {
			hist[b] += a.hist[b]
		}
		ts.Layout.Outputs += a.layout.Outputs
		ts.Layout.Mismatches += a.layout.Mismatches
		for _, m := range a.layout.First {
			ts.Layout.First = keepLowest(ts.Layout.First, m, tensorKeepOther)
		}
		ts.Published = append(ts.Published, a.pub...)
		for k, v := range a.nonFinite {
			ts.NonFinite[k] += v
		}
	}
	for h := range scores {
		scores[h].Mismatches = ts.DotProducts - scores[h].Matches
	}
	sort.SliceStable(scores, func(x, y int) bool { return scores[x].Matches > scores[y].Matches })
	for h := tensorKeepHyps; h < len(scores); h++ {
		scores[h].First = []TensorMismatch{}
	}
	ts.Hypotheses = scores
	sort.Slice(ts.Published, func(x, y int) bool { return ts.Published[x].Record < ts.Published[y].Record })
	for b, n := range hist {
		if n != 0 {
			lo, hi := bucketRange(b)
			ts.UlpVsExactRN = append(ts.UlpVsExactRN, Bucket{UlpMin: lo, UlpMax: hi, Count: n})
		}
	}
	return ts
}

// check verifies a tensor summary's counts.
func (ts *TensorSummary) check() error {
	f := lookupForm(ts.ID)
	if f == nil || f.Kind != TensorForm {
		return fmt.Errorf("tensor form id %d is not a tensor form", ts.ID)
	}
	for _, h := range ts.Hypotheses {
		if h.Matches+h.Mismatches != ts.DotProducts {
			return fmt.Errorf("%s: %s: matches %d + mismatches %d != dot products %d", ts.Name, h.Name, h.Matches, h.Mismatches, ts.DotProducts)
		}
	}
	var n uint64
	for _, b := range ts.UlpVsExactRN {
		n += b.Count
	}
	if n > ts.DotProducts {
		return fmt.Errorf("%s: the exact-rn histogram holds %d of %d dot products", ts.Name, n, ts.DotProducts)
	}
	if ts.Seen > ts.Expected {
		return fmt.Errorf("%s: %d records seen of %d", ts.Name, ts.Seen, ts.Expected)
	}
	return nil
}
