package main

import (
	"bytes"
	"testing"
	"time"
)

// BenchmarkCheckChunk measures one worker: model evaluations and compares
// per second for each form, over 2^16 inputs from the middle of its sweep
// (a record probe: its first 2^16 records, the input regenerated and
// checked too; a tensor probe: all its records, every hypothesis scored).
// README.md's budget arithmetic starts from these numbers.
func BenchmarkCheckChunk(b *testing.B) {
	for _, f := range allForms() {
		b.Run(f.Slug, func(b *testing.B) {
			n := min(f.Count, 1<<16)
			start := min(f.Count-n, 0x3f000000)
			p := synthPayload(nil, f, start, uint32(n), nil)
			var acc formAcc
			b.ReportAllocs()
			b.SetBytes(int64(len(p)))
			t0 := time.Now()
			for b.Loop() {
				acc.checkChunk(f, start, p, nil, nil, 100)
			}
			if acc.mismatches != 0 || acc.inputMismatches != 0 {
				b.Fatalf("%d mismatches against the model itself", acc.mismatches)
			}
			b.ReportMetric(float64(acc.seen)/time.Since(t0).Seconds(), "lanes/s")
		})
	}
}

// BenchmarkCompareStream measures the whole pipeline (frame reader, all
// workers, merge) on an in-memory stream of four 2^22-input chunks of
// ex2.approx.ftz.f32 from 0.125 up (inputs that take the model's full path).
func BenchmarkCompareStream(b *testing.B) {
	var s bytes.Buffer
	plan := synthPlan{}
	for c := uint64(0); c < 4; c++ {
		plan.chunks = append(plan.chunks, synthChunk{FormEx2F32Ftz, 0x3e000000 + c<<22, 1 << 22})
	}
	if err := writeSynth(&s, plan); err != nil {
		b.Fatal(err)
	}
	data := s.Bytes()
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	t0 := time.Now()
	var lanes uint64
	for b.Loop() {
		sum, err := Compare(bytes.NewReader(data), Options{MaxMismatches: 100})
		if err != nil {
			b.Fatal(err)
		}
		lanes += sum.Stream.Elements
	}
	b.ReportMetric(float64(lanes)/time.Since(t0).Seconds(), "lanes/s")
}
