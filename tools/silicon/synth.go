package main

import (
	"encoding/binary"
	"fmt"
	"io"
)

// A synthetic stream is what capture.cu would send if silicon matched the
// model everywhere except at planted inputs. The self-test and the unit
// tests run the comparer on such streams.

// synthChunk is one data frame: count outputs of form from index start.
type synthChunk struct {
	form  FormID
	start uint64
	count uint32
}

// plant makes the "silicon" output at one index differ from the model: by
// delta units in the last place of the field that ulps measure (the high
// half of packed forms, the upper word of RCP64H), then XORed with flip; or
// replaced outright by value when replace is set. wantUlp is the distance
// the comparer must report (-1: incomparable).
type plant struct {
	form    FormID
	index   uint64
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
	`"latency":[],"throughput":[],"memory_latency":[]}`

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
	return uint64(int64(m)+p.delta<<shift) ^ p.flip
}

// selftestPlan covers every form: the 16-bit forms and RCP64H's table range
// in full, the other sweeps in slices that hold the special values, with
// mismatches planted in every form and in several histogram buckets.
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
	for _, c := range plan.chunks {
		f := &forms[c.form]
		buf = synthPayload(buf, f, c.start, c.count, plan.plants)
		if err := fw.write(Header{Kind: KindData, Form: c.form, Start: c.start, Count: c.count}, buf); err != nil {
			return err
		}
	}
	return fw.end()
}

// synthPayload fills buf with the model's outputs for count indices of f
// from start, with the plants that fall among them applied.
func synthPayload(buf []byte, f *Form, start uint64, count uint32, plants []plant) []byte {
	n := int(count) * f.Width
	if cap(buf) < n {
		buf = make([]byte, n)
	}
	buf = buf[:n]
	put := func(i int, v uint64) {
		switch f.Width {
		case 2:
			binary.LittleEndian.PutUint16(buf[2*i:], uint16(v))
		case 4:
			binary.LittleEndian.PutUint32(buf[4*i:], uint32(v))
		default:
			binary.LittleEndian.PutUint64(buf[8*i:], v)
		}
	}
	for i := range int(count) {
		put(i, f.Eval(f.Input(start+uint64(i))))
	}
	for k := range plants {
		p := &plants[k]
		if p.form == f.ID && p.index >= start && p.index < start+uint64(count) {
			i := int(p.index - start)
			put(i, p.silicon(f.Eval(f.Input(p.index))))
		}
	}
	return buf
}

// planExpectations are what a correct comparer reports for a plan.
type planExpectation struct {
	seen     uint64
	complete bool
	plants   []plant // sorted by index
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
			for j := i; j > 0 && ps[j].index < ps[j-1].index; j-- {
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
		if fs.Mismatches != uint64(len(e.plants)) || len(fs.FirstMismatches) != len(e.plants) {
			errf("%s: %d mismatches (%d listed), want the %d planted", fs.Name, fs.Mismatches, len(fs.FirstMismatches), len(e.plants))
			continue
		}
		var wantHist [numBuckets]uint64
		wantHist[0] = e.seen - uint64(len(e.plants))
		var wantIncomparable uint64
		for i, p := range e.plants {
			m := fs.FirstMismatches[i]
			in := f.Input(p.index)
			model := f.Eval(in)
			digits := 2 * f.Width
			want := Mismatch{Index: p.index, Input: fmt.Sprintf("0x%0*x", digits, in),
				Model: fmt.Sprintf("0x%0*x", digits, model), Silicon: fmt.Sprintf("0x%0*x", digits, p.silicon(model)), Ulp: p.wantUlp}
			if m != want {
				errf("%s: mismatch %d is %+v, want %+v", fs.Name, i, m, want)
			}
			if p.wantUlp < 0 {
				wantIncomparable++
			} else {
				wantHist[bucketOf(uint64(p.wantUlp))]++
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
	return bad
}
