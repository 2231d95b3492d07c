package vop3

import "testing"

// benchWords returns the GFX11 vector encodings and their Gen.
func benchWords(b *testing.B) (Gen, [][]byte, []string) {
	g, _ := ParseGen("gfx1100")
	var words [][]byte
	var texts []string
	for _, c := range readCases(b, "mc_vectors.txt", 3) {
		if c.fields[0] != "gfx1100" {
			continue
		}
		w, _ := ParseEncoding(c.fields[2])
		words = append(words, w)
		texts = append(texts, c.fields[1])
	}
	return g, words, texts
}

// BenchmarkDecode measures the hot path of a binary front end.
func BenchmarkDecode(b *testing.B) {
	g, words, _ := benchWords(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := Decode(g, words[i%len(words)]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "inst/s")
}

// BenchmarkEncode appends into a reused buffer.
func BenchmarkEncode(b *testing.B) {
	g, words, _ := benchWords(b)
	insts := make([]Inst, len(words))
	for i, w := range words {
		insts[i], _, _ = Decode(g, w)
	}
	buf := make([]byte, 0, 16)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var err error
		if buf, err = Encode(g, &insts[i%len(insts)], buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "inst/s")
}

// BenchmarkAppendText formats into a reused buffer.
func BenchmarkAppendText(b *testing.B) {
	g, words, _ := benchWords(b)
	insts := make([]Inst, len(words))
	for i, w := range words {
		insts[i], _, _ = Decode(g, w)
	}
	buf := make([]byte, 0, 128)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = AppendText(buf[:0], g, &insts[i%len(insts)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "inst/s")
}

// BenchmarkParse measures text parsing (the assembly front end path).
func BenchmarkParse(b *testing.B) {
	g, _, texts := benchWords(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(g, texts[i%len(texts)]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "inst/s")
}
