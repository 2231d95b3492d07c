package config

import "testing"

// BenchmarkRoute resolves instruction keys as sim does once per static
// instruction (exact keys, mnemonic fall-backs and patterns).
func BenchmarkRoute(b *testing.B) {
	for _, c := range []struct {
		ref  string
		keys []string
	}{
		{"sm_75", []string{"fma.f32", "mul.s32", "ld.global", "ex2.f16x2", "div.f64", "bra", "setp.f32", "cvt.s32"}},
		{"gfx1100", []string{"v_fma_f32", "v_rcp_f32_e32", "v_mul_f64_e32", "s_load_b64", "global_load_b32", "ds_load_b32", "s_waitcnt", "s_mov_b32"}},
	} {
		m, err := Load(c.ref, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.ref, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for _, k := range c.keys {
					if _, ok := m.Route(k); !ok {
						b.Fatal(k)
					}
					n++
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "keys/s")
		})
	}
}

// BenchmarkLoad parses, checks and compiles a preset with one override.
func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load("sm_75", []string{"units.sfu.count=8"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "loads/s")
}
