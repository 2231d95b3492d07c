package alu

import (
	"math"
	"strings"
	"testing"
)

// Benchmarks of the MUFU forms, scalar and lane-vector (one 32-lane warp per
// call), reporting lanes per second. Run:
//
//	go test ./alu/ -run XXX -bench 'Ex2|Rcp' -count 5

// benchInputs returns 1024 inputs of the given width: f32 values spread over
// [-lim, lim] (or their f16, bf16 or f64 forms), so that every path of the
// units is taken in a realistic mix.
func benchInputs(width int, bf16 bool, lim float64) []uint64 {
	in := make([]uint64, 1024)
	var s uint64 = 0x2545f4914f6cdd1d
	for i := range in {
		s ^= s << 13
		s ^= s >> 7
		s ^= s << 17
		v := (float64(s>>11)/(1<<53)*2 - 1) * lim
		switch width {
		case 16:
			if bf16 {
				in[i] = uint64(F32ToBF16(math.Float32bits(float32(v)), 0))
			} else {
				in[i] = uint64(F32ToF16(math.Float32bits(float32(v)), 0))
			}
		case 64:
			in[i] = math.Float64bits(v)
		default:
			in[i] = uint64(math.Float32bits(float32(v)))
		}
	}
	return in
}

func benchMufu(b *testing.B, scalar func(uint64) uint64, lanes func(dst, src []uint64, mask uint64), in []uint64) {
	b.Run("scalar", func(b *testing.B) {
		b.ReportAllocs()
		var sink uint64
		for i := 0; i < b.N; i++ {
			sink += scalar(in[i&1023])
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "lanes/s")
		if sink == 1 {
			b.Log(sink)
		}
	})
	b.Run("lanes32", func(b *testing.B) {
		b.ReportAllocs()
		dst := make([]uint64, 32)
		for i := 0; i < b.N; i++ {
			off := i * 32 & 1023
			lanes(dst, in[off:off+32], 1<<32-1)
		}
		b.ReportMetric(float64(b.N)*32/b.Elapsed().Seconds(), "lanes/s")
	})
}

func benchForm(b *testing.B, name string, lim float64) {
	form := mufuForms()[name]
	in := benchInputs(form.width, strings.Contains(name, "BF16"), lim)
	if strings.HasSuffix(name, "x2") {
		// Pack two different halves per register.
		h := benchInputs(16, strings.Contains(name, "BF16"), lim)
		for i := range in {
			in[i] = h[i]<<16 | h[(i*7+3)&1023]
		}
	}
	benchMufu(b, form.scalar, form.lanes, in)
}

func BenchmarkEx2F32(b *testing.B)            { benchForm(b, "Ex2F32", 140) }
func BenchmarkEx2F32Ftz(b *testing.B)         { benchForm(b, "Ex2F32Ftz", 140) }
func BenchmarkEx2F16(b *testing.B)            { benchForm(b, "Ex2F16", 20) }
func BenchmarkEx2F16x2(b *testing.B)          { benchForm(b, "Ex2F16x2", 20) }
func BenchmarkEx2BF16(b *testing.B)           { benchForm(b, "Ex2BF16", 20) }
func BenchmarkEx2BF16x2(b *testing.B)         { benchForm(b, "Ex2BF16x2", 20) }
func BenchmarkRcpApproxF32(b *testing.B)      { benchForm(b, "RcpApproxF32", 1e6) }
func BenchmarkRcpApproxF32Ftz(b *testing.B)   { benchForm(b, "RcpApproxF32Ftz", 1e6) }
func BenchmarkRcp64H(b *testing.B)            { benchForm(b, "Rcp64H", 1e6) }
func BenchmarkRsqrtApproxF32(b *testing.B)    { benchForm(b, "RsqrtApproxF32", 1e6) }
func BenchmarkRsqrtApproxF32Ftz(b *testing.B) { benchForm(b, "RsqrtApproxF32Ftz", 1e6) }
func BenchmarkRsqrtApproxF64Ftz(b *testing.B) { benchForm(b, "RsqrtApproxF64Ftz", 1e6) }
func BenchmarkSqrtApproxF32(b *testing.B)     { benchForm(b, "SqrtApproxF32", 1e6) }
func BenchmarkSqrtApproxF32Ftz(b *testing.B)  { benchForm(b, "SqrtApproxF32Ftz", 1e6) }
func BenchmarkLg2ApproxF32(b *testing.B)      { benchForm(b, "Lg2ApproxF32", 1e6) }
func BenchmarkLg2ApproxF32Ftz(b *testing.B)   { benchForm(b, "Lg2ApproxF32Ftz", 1e6) }
func BenchmarkSinApproxF32(b *testing.B)      { benchForm(b, "SinApproxF32", 100) }
func BenchmarkSinApproxF32Ftz(b *testing.B)   { benchForm(b, "SinApproxF32Ftz", 100) }
func BenchmarkCosApproxF32(b *testing.B)      { benchForm(b, "CosApproxF32", 100) }
func BenchmarkCosApproxF32Ftz(b *testing.B)   { benchForm(b, "CosApproxF32Ftz", 100) }
func BenchmarkTanhApproxF32(b *testing.B)     { benchForm(b, "TanhApproxF32", 10) }
