package alu

import (
	"math/rand/v2"
	"testing"
)

// Benchmarks of the IEEE and AMD division hot paths, scalar and lane-vector,
// reported in lanes per second. Operands are random normal values (the
// round-to-nearest-even fast paths) unless the name says otherwise.

const benchLanes = 64

type benchData struct {
	a, b, c, dst []uint64
}

func newBenchData(tf tfmt, seed uint64) benchData {
	r := rand.New(rand.NewPCG(seed, 99))
	d := benchData{make([]uint64, benchLanes), make([]uint64, benchLanes), make([]uint64, benchLanes), make([]uint64, benchLanes)}
	for i := 0; i < benchLanes; i++ {
		// Normal values with exponents in the middle of the range.
		mid := uint64(tf.bias()-20+r.IntN(40)) << tf.frac
		d.a[i] = mid | r.Uint64()&(1<<tf.frac-1) | uint64(r.IntN(2))*tf.sign()
		mid = uint64(tf.bias()-20+r.IntN(40)) << tf.frac
		d.b[i] = mid | r.Uint64()&(1<<tf.frac-1)
		mid = uint64(tf.bias()-20+r.IntN(40)) << tf.frac
		d.c[i] = mid | r.Uint64()&(1<<tf.frac-1) | uint64(r.IntN(2))*tf.sign()
	}
	return d
}

func reportLanes(b *testing.B, lanesPerOp int) {
	b.ReportMetric(float64(b.N)*float64(lanesPerOp)/b.Elapsed().Seconds(), "lanes/s")
}

func BenchmarkFmaF32Scalar(b *testing.B) {
	d := newBenchData(tF32, 1)
	b.ReportAllocs()
	var sink uint32
	for i := 0; b.Loop(); i++ {
		j := i & (benchLanes - 1)
		sink ^= FmaF32(uint32(d.a[j]), uint32(d.b[j]), uint32(d.c[j]), 0)
	}
	reportLanes(b, 1)
	_ = sink
}

func BenchmarkFmaF32ScalarRZ(b *testing.B) {
	d := newBenchData(tF32, 1)
	m := Mode(RoundZero, FTZ)
	b.ReportAllocs()
	var sink uint32
	for i := 0; b.Loop(); i++ {
		j := i & (benchLanes - 1)
		sink ^= FmaF32(uint32(d.a[j]), uint32(d.b[j]), uint32(d.c[j]), m)
	}
	reportLanes(b, 1)
	_ = sink
}

func BenchmarkFmaF32Lanes(b *testing.B) {
	d := newBenchData(tF32, 2)
	b.ReportAllocs()
	for b.Loop() {
		FmaF32Lanes(d.dst, d.a, d.b, d.c, ^uint64(0), 0)
	}
	reportLanes(b, benchLanes)
}

func BenchmarkFmaF64Scalar(b *testing.B) {
	d := newBenchData(tF64, 3)
	b.ReportAllocs()
	var sink uint64
	for i := 0; b.Loop(); i++ {
		j := i & (benchLanes - 1)
		sink ^= FmaF64(d.a[j], d.b[j], d.c[j], 0)
	}
	reportLanes(b, 1)
	_ = sink
}

func BenchmarkFmaF64ScalarRZ(b *testing.B) {
	d := newBenchData(tF64, 3)
	m := Mode(RoundZero, 0)
	b.ReportAllocs()
	var sink uint64
	for i := 0; b.Loop(); i++ {
		j := i & (benchLanes - 1)
		sink ^= FmaF64(d.a[j], d.b[j], d.c[j], m)
	}
	reportLanes(b, 1)
	_ = sink
}

func BenchmarkFmaF64Lanes(b *testing.B) {
	d := newBenchData(tF64, 4)
	b.ReportAllocs()
	for b.Loop() {
		FmaF64Lanes(d.dst, d.a, d.b, d.c, ^uint64(0), 0)
	}
	reportLanes(b, benchLanes)
}

func BenchmarkDivFixupF32Scalar(b *testing.B) {
	d := newBenchData(tF32, 5)
	b.ReportAllocs()
	var sink uint32
	for i := 0; b.Loop(); i++ {
		j := i & (benchLanes - 1)
		sink ^= DivFixupF32(uint32(d.a[j]), uint32(d.b[j]), uint32(d.c[j]), 0)
	}
	reportLanes(b, 1)
	_ = sink
}

func BenchmarkDivFixupF32Lanes(b *testing.B) {
	d := newBenchData(tF32, 6)
	b.ReportAllocs()
	for b.Loop() {
		DivFixupF32Lanes(d.dst, d.a, d.b, d.c, ^uint64(0), 0)
	}
	reportLanes(b, benchLanes)
}

func BenchmarkAddF32Lanes(b *testing.B) {
	d := newBenchData(tF32, 7)
	b.ReportAllocs()
	for b.Loop() {
		AddF32Lanes(d.dst, d.a, d.b, ^uint64(0), 0)
	}
	reportLanes(b, benchLanes)
}

func BenchmarkDivF32Lanes(b *testing.B) {
	d := newBenchData(tF32, 8)
	b.ReportAllocs()
	for b.Loop() {
		DivF32Lanes(d.dst, d.a, d.b, ^uint64(0), 0)
	}
	reportLanes(b, benchLanes)
}
