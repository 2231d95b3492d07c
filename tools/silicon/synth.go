package main

import (
	"fmt"
	"io"
)

// A synthetic stream is what capture.cu would send if silicon matched the
// model everywhere except at planted inputs (and, for the tensor forms,
// followed one of the hypotheses: syntheticTensorHypothesis). The self-test
// and the unit tests run the comparer on such streams.

// syntheticTensorHypothesis is the hypothesis the synthetic tensor "silicon"
// follows, so that the summary has a known winner.
const syntheticTensorHypothesis = "g4-e3-trunc-rz"

// synthChunk is one data frame: count elements of form from index start.
type synthChunk struct {
	form  FormID
	start uint64
	count uint32
}

// plant makes the "silicon" output at one index differ from the model: by
// delta units in the last place of the field that ulps measure (the high
// half of packed forms, the upper word of RCP64H), then XORed with flip; or
// replaced outright by value when replace is set. For a tensor form, elem
// is the output (row*N + col) of the record that changes. wantUlp is the
// distance the comparer must report (-1: incomparable).
type plant struct {
	form    FormID
	index   uint64
	elem    int
	delta   int64
	flip    uint64
	replace bool
	value   uint64
	wantUlp int64
}

// synthPlan is a whole synthetic stream.
type synthPlan struct {
	info, bench string
	chunks      []synthChunk
	plants      []plant
}

// syntheticBench has the shape of capture.cu's microbenchmark JSON (see the
// README); its numbers are placeholders that mark it as synthetic.
const syntheticBench = `{"synthetic":true,"clock_khz":0,"sms":0,"clock64_overhead_cycles":0,` +
	`"latency":[],"throughput":[],"memory_latency":[],"atomics":[],"mma_latency":[],"mma_throughput":[]}`

// silicon returns the planted output for model output m.
func (p *plant) silicon(m uint64) uint64 {
	if p.replace {
		return p.value
	}
	shift := uint(0)
	switch f := forms[p.form].Format; {
	case f.Packed:
		shift = f.Bits / 2
	case f.HiWord64:
		shift = 32
	}
	v := uint64(int64(m)+p.delta<<shift) ^ p.flip
	if forms[p.form].Width < 8 {
		v &= 1<<(8*forms[p.form].Width) - 1
	}
	return v
}

// Indices of particular generated inputs, for plants.
const (
	specialOne   = 18                  // f32Magnitudes[18] is 1.0
	divOneOne    = 8*42 + 8            // div.rn.f32: 1.0 / 1.0
	f64OneOne    = 11*20 + 11          // add/mul: 1.0 op 1.0
	f64OneOneOne = 11*400 + 11*20 + 11 // fma(1, 1, 1)
)

// selftestPlan covers every form: the 16-bit forms and RCP64H's table range
// in full, the other sweeps in slices that hold the special values, the
// specials and a slice of every record probe, the published cases and a few
// of each family of every tensor probe, with mismatches planted in every
// form and in several histogram buckets.
func selftestPlan() synthPlan {
	p := synthPlan{
		info:  `{"program":"silicon selftest (synthetic stream, not silicon)","device":"none"}`,
		bench: syntheticBench,
	}
	const s = 1 << 16
	for _, id := range []FormID{FormEx2F32Ftz, FormEx2F32} {
		for _, start := range []uint64{0, 0x3fc00000, 0x7f800000, 0xc2fc0000 - s/2, 0xffff0000} {
			p.chunks = append(p.chunks, synthChunk{id, start, s})
		}
	}
	p.chunks = append(p.chunks,
		synthChunk{FormEx2F16, 0, 1 << 15}, synthChunk{FormEx2F16, 1 << 15, 1 << 15},
		synthChunk{FormEx2BF16, 0, 1 << 16},
		synthChunk{FormEx2F16x2, 0x3c000000, s}, synthChunk{FormEx2F16x2, 0x7e000000, s},
		synthChunk{FormEx2BF16x2, 0x3f800000, s},
		synthChunk{FormRcp64HLoZero, 0, s}, synthChunk{FormRcp64HLoZero, 0x3ff00000, 1 << 20},
		synthChunk{FormRcp64HLoZero, 0x7ff00000, s},
		synthChunk{FormRcp64HLoNoise, 0xbff00000, s},
	)
	p.plants = []plant{
		{form: FormEx2F32Ftz, index: 0x3fc00000, delta: 1, wantUlp: 1},                          // 1.5
		{form: FormEx2F32Ftz, index: 0x3fc00010, delta: 5, wantUlp: 5},                          // bucket 4..7
		{form: FormEx2F32Ftz, index: 0x3fc00020, delta: -300, wantUlp: 300},                     // bucket 256..511
		{form: FormEx2F32Ftz, index: 0x7f800001, replace: true, value: 0x7fc00000, wantUlp: -1}, // another NaN
		{form: FormEx2F32, index: 0xc2fc0003, delta: 2, wantUlp: 2},                             // x < -126: squared path
		{form: FormEx2F32, index: 0x00000001, replace: true, value: 0x3f800001, wantUlp: 1},
		{form: FormEx2F16, index: 0x3e00, delta: 1, wantUlp: 1},
		{form: FormEx2F16, index: 0x3e01, delta: -2, wantUlp: 2},
		{form: FormEx2F16, index: 0x7e00, replace: true, value: 0x7e00, wantUlp: -1},
		{form: FormEx2F16x2, index: 0x3c003e00, delta: 1, wantUlp: 1},                          // high half 2^1 = 2.0
		{form: FormEx2F16x2, index: 0x7e00c000, replace: true, value: 0x7e003400, wantUlp: -1}, // other NaN, high half
		{form: FormEx2BF16, index: 0x3fc0, delta: 1, wantUlp: 1},
		{form: FormEx2BF16, index: 0x0001, replace: true, value: 0x0000, wantUlp: 16256}, // +subnormal -> 0, not 1
		{form: FormEx2BF16x2, index: 0x3f803f80, delta: 3, wantUlp: 3},
		{form: FormRcp64HLoZero, index: 0x3ff80000, delta: 1, wantUlp: 1},
		{form: FormRcp64HLoZero, index: 0x3ff00001, flip: 1, wantUlp: -1}, // lower word not zero
		{form: FormRcp64HLoNoise, index: 0xbff00010, delta: 3, wantUlp: 3},
	}
	for id := FormID(FormRcpF32); id <= FormSqrtRnF32; id++ {
		p.chunks = append(p.chunks, synthChunk{id, 0, 4096}, synthChunk{id, 1 << 21, 4096})
		p.plants = append(p.plants,
			plant{form: id, index: specialOne, delta: 1, wantUlp: 1},
			plant{form: id, index: 1<<21 + 3000, flip: 1 << 22, wantUlp: -2}) // -2: any distance (the value decides)
	}
	p.chunks = append(p.chunks, synthChunk{FormDivRnF32, 0, 4096}, synthChunk{FormDivRnF32, 1 << 20, 4096})
	p.plants = append(p.plants,
		plant{form: FormDivRnF32, index: divOneOne, delta: -1, wantUlp: 1},
		plant{form: FormDivRnF32, index: 0, replace: true, value: 0x7fc00000, wantUlp: -1}) // 0/0: another NaN
	for _, id := range []FormID{FormAddF64, FormMulF64, FormFmaF64} {
		p.chunks = append(p.chunks, synthChunk{id, 0, 1 << 15}, synthChunk{id, 1 << 15, 1 << 15})
		one := uint64(f64OneOne)
		if id == FormFmaF64 {
			one = f64OneOneOne
		}
		p.plants = append(p.plants,
			plant{form: id, index: one, delta: 1, wantUlp: 1},
			plant{form: id, index: 0, replace: true, value: 0x7fffffffffffffff, wantUlp: -1}) // NaN op NaN: another NaN
	}
	for id := FormID(FormDivU32); id <= FormRemS64; id++ {
		p.chunks = append(p.chunks, synthChunk{id, 0, 1 << 12})
		p.plants = append(p.plants, plant{form: id, index: 0, replace: true, value: 0, wantUlp: -1}) // x / 0 = 0, not all ones
	}
	for id := FormID(FormMmaF16K16); id <= FormMmaF16K8; id++ {
		n := uint64(len(publishedCases(forms[id].mma.Elem)))
		p.chunks = append(p.chunks, synthChunk{id, 0, uint32(n + layoutRecords + 2*uint64(len(tensorFamilies)))})
		p.plants = append(p.plants,
			plant{form: id, index: n, elem: 5, delta: 2, wantUlp: 2},                                     // a layout case
			plant{form: id, index: n + layoutRecords, elem: 17, delta: 1, wantUlp: 1},                    // random-narrow
			plant{form: id, index: n + layoutRecords + 3, elem: 0, replace: true, value: 0, wantUlp: -2}) // alignment-gap
	}
	return p
}

// writeSynth writes plan as a stream to w.
func writeSynth(w io.Writer, plan synthPlan) error {
	fw := newFrameWriter(w)
	if plan.info != "" {
		if err := fw.write(Header{Kind: KindInfo}, []byte(plan.info)); err != nil {
			return err
		}
	}
	if plan.bench != "" {
		if err := fw.write(Header{Kind: KindBench}, []byte(plan.bench)); err != nil {
			return err
		}
	}
	var buf []byte
	syn := newSynthesizer()
	for _, c := range plan.chunks {
		f := &forms[c.form]
		buf = syn.payload(buf, f, c.start, c.count, plan.plants)
		if err := fw.write(Header{Kind: KindData, Form: c.form, Start: c.start, Count: c.count}, buf); err != nil {
			return err
		}
	}
	return fw.end()
}

// synthesizer makes "silicon" outputs.
type synthesizer struct {
	hyp hypothesis
	sc  dotScratch
}

func newSynthesizer() *synthesizer {
	s := &synthesizer{}
	for _, h := range hypothesesFor(16) {
		if h.name == syntheticTensorHypothesis {
			s.hyp = h
		}
	}
	return s
}

// payload fills buf with count elements of f from start, with the plants
// that fall among them applied.
func (s *synthesizer) payload(buf []byte, f *Form, start uint64, count uint32, plants []plant) []byte {
	w := f.RecordWidth()
	n := int(count) * w
	if cap(buf) < n {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	for i := range int(count) {
		s.element(buf[i*w:(i+1)*w], f, start+uint64(i))
	}
	for k := range plants {
		p := &plants[k]
		if p.form != f.ID || p.index < start || p.index >= start+uint64(count) {
			continue
		}
		rec := buf[int(p.index-start)*w : int(p.index-start+1)*w]
		out := rec[f.InWidth:]
		if f.Kind == TensorForm {
			out = out[4*p.elem : 4*p.elem+4]
			put32(out, uint32(p.silicon(uint64(le32(out)))))
			continue
		}
		putN(out, f.Width, p.silicon(getN(out, f.Width)))
	}
	return buf
}

// synthPayload is payload with a fresh synthesizer.
func synthPayload(buf []byte, f *Form, start uint64, count uint32, plants []plant) []byte {
	return newSynthesizer().payload(buf, f, start, count, plants)
}

// element writes the unplanted element of index i.
func (s *synthesizer) element(rec []byte, f *Form, i uint64) {
	switch f.Kind {
	case SweepForm:
		putN(rec, f.Width, f.Eval(f.Input(i)))
	case RecordForm:
		f.gen(i, rec[:f.InWidth])
		putN(rec[f.InWidth:], f.Width, f.eval(rec[:f.InWidth]))
	case TensorForm:
		f.gen(i, rec[:f.InWidth])
		s.mma(f.mma, rec[:f.InWidth], rec[f.InWidth:])
	}
}

// mma computes D for a tensor record with the synthetic hypothesis (a NaN
// for NaN operands or Inf - Inf and 0 * Inf, an infinity for others).
func (s *synthesizer) mma(sh *mmaShape, in, out []byte) {
	eb := sh.Elem.bytes()
	terms := make([]value, sh.K)
	for i := range sh.M {
		for j := range sh.N {
			nan, pinf, ninf := false, false, false
			note := func(v value) {
				switch v.kind {
				case kindNaN:
					nan = true
				case kindInf:
					if v.neg {
						ninf = true
					} else {
						pinf = true
					}
				}
			}
			for k := range sh.K {
				a := decodeElem(sh.Elem, uint32(getN(in[sh.aOff(i, k):], eb)))
				b := decodeElem(sh.Elem, uint32(getN(in[sh.bOff(k, j):], eb)))
				if a.kind != kindFinite || b.kind != kindFinite {
					if a.kind == kindNaN || b.kind == kindNaN || a.m == 0 && a.kind == kindFinite || b.m == 0 && b.kind == kindFinite {
						nan = true
					}
					note(value{neg: a.neg != b.neg, kind: kindInf})
					continue
				}
				terms[k] = product(a, b)
			}
			c := decodeF32(le32(in[sh.cOff(i, j):]))
			note(c)
			var d uint32
			switch {
			case nan || pinf && ninf:
				d = 0x7fffffff
			case pinf:
				d = 0x7f800000
			case ninf:
				d = 0xff800000
			default:
				d = s.hyp.eval(&s.sc, terms, c)
			}
			put32(out[4*(i*sh.N+j):], d)
		}
	}
}

// planExpectations are what a correct comparer reports for a plan.
type planExpectation struct {
	seen     uint64
	complete bool
	plants   []plant // sorted by index (tensor forms: then by element)
}

// expect derives the per-form expectations of plan.
func (plan synthPlan) expect() [numForms + 1]planExpectation {
	var e [numForms + 1]planExpectation
	var cov [numForms + 1]coverage
	for _, c := range plan.chunks {
		e[c.form].seen += uint64(c.count)
		cov[c.form].add(c.start, c.start+uint64(c.count))
	}
	for id := FormID(1); id <= numForms; id++ {
		e[id].complete = cov[id].complete(forms[id].Count)
	}
	for _, p := range plan.plants {
		e[p.form].plants = append(e[p.form].plants, p)
	}
	for id := range e {
		ps := e[id].plants
		for i := 1; i < len(ps); i++ { // insertion sort: a handful of plants
			for j := i; j > 0 && (ps[j].index < ps[j-1].index || ps[j].index == ps[j-1].index && ps[j].elem < ps[j-1].elem); j-- {
				ps[j], ps[j-1] = ps[j-1], ps[j]
			}
		}
	}
	return e
}

// verifyAgainstPlan checks a summary of plan's stream and returns one line
// per discrepancy (none when the comparer reported exactly the plants).
func verifyAgainstPlan(sum *Summary, plan synthPlan) []string {
	var bad []string
	errf := func(format string, args ...any) { bad = append(bad, fmt.Sprintf(format, args...)) }
	if !sum.Stream.Ended || sum.Stream.Error != "" {
		errf("stream: ended=%v error=%q", sum.Stream.Ended, sum.Stream.Error)
	}
	exp := plan.expect()
	for _, fs := range sum.Forms {
		e := exp[fs.ID]
		f := &forms[fs.ID]
		if fs.Seen != e.seen || fs.Complete != e.complete {
			errf("%s: seen %d complete %v, want %d %v", fs.Name, fs.Seen, fs.Complete, e.seen, e.complete)
		}
		if fs.InputMismatches != 0 {
			errf("%s: %d input mismatches, first %v", fs.Name, fs.InputMismatches, fs.FirstInputMismatches)
		}
		if fs.Mismatches != uint64(len(e.plants)) || len(fs.FirstMismatches) != len(e.plants) {
			errf("%s: %d mismatches (%d listed), want the %d planted", fs.Name, fs.Mismatches, len(fs.FirstMismatches), len(e.plants))
			continue
		}
		var wantHist [numBuckets]uint64
		wantHist[0] = e.seen - uint64(len(e.plants))
		var wantIncomparable uint64
		for i, p := range e.plants {
			m := fs.FirstMismatches[i]
			in := f.InputBytes(p.index)
			model := f.EvalBytes(in)
			want := Mismatch{Index: p.index, Input: f.formatInput(in),
				Model: hexWord(model, f.Width), Silicon: hexWord(p.silicon(model), f.Width), Ulp: p.wantUlp}
			if p.wantUlp == -2 { // any distance: take the comparer's, check it below
				want.Ulp = m.Ulp
			}
			if m != want {
				errf("%s: mismatch %d is %+v, want %+v", fs.Name, i, m, want)
			}
			switch {
			case want.Ulp < 0:
				wantIncomparable++
			default:
				wantHist[bucketOf(uint64(want.Ulp))]++
			}
		}
		if fs.Incomparable != wantIncomparable {
			errf("%s: %d incomparable, want %d", fs.Name, fs.Incomparable, wantIncomparable)
		}
		var got [numBuckets]uint64
		for _, b := range fs.Histogram {
			got[bucketOf(b.UlpMin)] += b.Count
		}
		if got != wantHist {
			errf("%s: histogram %v, want %v", fs.Name, fs.Histogram, wantHist)
		}
	}
	for _, ts := range sum.Tensor {
		bad = append(bad, verifyTensor(&ts, exp[ts.ID], plan)...)
	}
	return bad
}

// verifyTensor checks a tensor summary of a synthetic stream: the synthetic
// hypothesis wins with exactly the planted dot products against it, the
// planted layout case is reported, and every published case has a result.
func verifyTensor(ts *TensorSummary, e planExpectation, plan synthPlan) []string {
	var bad []string
	errf := func(format string, args ...any) {
		bad = append(bad, fmt.Sprintf("%s: ", ts.Name)+fmt.Sprintf(format, args...))
	}
	f := &forms[ts.ID]
	if ts.Seen != e.seen || ts.Complete != e.complete {
		errf("seen %d complete %v, want %d %v", ts.Seen, ts.Complete, e.seen, e.complete)
	}
	if e.seen == 0 {
		return bad
	}
	if len(ts.Hypotheses) == 0 || ts.Hypotheses[0].Name != syntheticTensorHypothesis {
		errf("best hypothesis %v, want %s", ts.Hypotheses[:min(1, len(ts.Hypotheses))], syntheticTensorHypothesis)
		return bad
	}
	best := ts.Hypotheses[0]
	pub := len(publishedCases(f.mma.Elem))
	var planted []TensorMismatch
	layout := 0
	for _, p := range e.plants {
		planted = append(planted, TensorMismatch{Record: p.index, Family: tensorFamily(p.index, pub),
			Row: p.elem / f.mma.N, Col: p.elem % f.mma.N})
		if tensorFamily(p.index, pub) == "layout" {
			layout++
		}
	}
	if best.Mismatches != uint64(len(planted)) || len(best.First) != len(planted) {
		errf("%s: %d mismatches (%d listed), want the %d planted: %+v", best.Name, best.Mismatches, len(best.First), len(planted), best.First)
	} else {
		for i, m := range best.First {
			p := planted[i]
			if m.Record != p.Record || m.Row != p.Row || m.Col != p.Col || m.Family != p.Family {
				errf("%s: mismatch %d at record %d (%d, %d) %s, want record %d (%d, %d) %s",
					best.Name, i, m.Record, m.Row, m.Col, m.Family, p.Record, p.Row, p.Col, p.Family)
			}
		}
	}
	if ts.Layout.Mismatches != uint64(layout) {
		errf("layout check: %d mismatches, want %d", ts.Layout.Mismatches, layout)
	}
	wantPub := 0
	for _, c := range plan.chunks {
		if c.form == ts.ID {
			for i := c.start; i < c.start+uint64(c.count); i++ {
				if i < uint64(pub) {
					wantPub++
				}
			}
		}
	}
	if len(ts.Published) != wantPub {
		errf("%d published results, want %d", len(ts.Published), wantPub)
	}
	for _, r := range ts.Published {
		if r.Silicon[0] == "" || r.Silicon[1] == "" || r.ExactRN == "" {
			errf("published %s: incomplete result %+v", r.ID, r)
		}
	}
	return bad
}
