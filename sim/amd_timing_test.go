package sim

import (
	"bytes"
	"fmt"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/config"
)

// valuKernel is an AMDGPU kernel of n independent v_fma_f32 (rotating over
// 16 destinations), each followed by hint when not empty, and an s_endpgm:
// VALU-bound.
func valuKernel(target string, n int, hint string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\t.amdgcn_target \"amdgcn-amd-amdhsa--%s\"\n\t.text\nvalu:\n", target)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "\tv_fma_f32 v%d, v%d, v%d, v%d\n", 1+i%16, 17+i%3, 20+i%5, 1+(i+7)%16)
		if hint != "" {
			fmt.Fprintf(&b, "\t%s\n", hint)
		}
	}
	b.WriteString("\ts_endpgm\n\t.section .rodata,\"a\",@progbits\n\t.amdhsa_kernel valu\n")
	b.WriteString("\t\t.amdhsa_next_free_vgpr 32\n\t\t.amdhsa_next_free_sgpr 8\n")
	if !strings.HasPrefix(target, "gfx9") {
		b.WriteString("\t\t.amdhsa_wavefront_size32 1\n")
	}
	b.WriteString("\t.end_amdhsa_kernel\n")
	return b.String()
}

// TestAMDTimingVALURate: a VALU-bound kernel on one compute unit issues one
// wave64 VALU instruction per 4 cycles per SIMD on gfx90a (4 x SIMD16) and
// one wave32 VALU instruction per cycle per SIMD on gfx1100 (SIMD32), within
// 5% (timing.md, AMD table); s_delay_alu hints between them cost nothing.
func TestAMDTimingVALURate(t *testing.T) {
	for _, tc := range []struct {
		target, hint string
		want         float64 // VALU instructions per cycle per SIMD
	}{{"gfx90a", "", 0.25}, {"gfx1100", "", 1}, {"gfx1100", "s_delay_alu instid0(VALU_DEP_3)", 1}} {
		t.Run(tc.target+tc.hint, func(t *testing.T) {
			const n = 1000
			prog, err := amdgpu.Parse("valu.s", []byte(valuKernel(tc.target, n, tc.hint)))
			if err != nil {
				t.Fatal(err)
			}
			sms := 1
			if tc.target == "gfx1100" {
				sms = 2 // one WGP of two CUs
			}
			m, err := config.Load(tc.target, []string{fmt.Sprintf("gpu.sms=%d", sms)})
			if err != nil {
				t.Fatal(err)
			}
			simds := m.SM.Partitions * max(1, m.GPU.CUsPerWGP)
			wave := prog.Kernels[0].AMD.WaveSize
			// Four waves per SIMD, one workgroup per SIMD.
			spec := &LaunchSpec{Kernel: "valu", Grid: [3]uint32{uint32(simds), 1, 1}, Block: [3]uint32{uint32(4 * wave), 1, 1}}
			p, err := Prepare(prog, m, spec, Overrides{})
			if err != nil {
				t.Fatal(err)
			}
			st, err := RunTimingAMD(p, TimingOptions{})
			if err != nil {
				t.Fatal(err)
			}
			valu := float64(simds * 4 * n)
			rate := valu / float64(st.Timing.Cycles) / float64(simds)
			t.Logf("%s: %d cycles, %.4f VALU instructions per cycle per SIMD", tc.target, st.Timing.Cycles, rate)
			if math.Abs(rate-tc.want)/tc.want > 0.05 {
				t.Errorf("%s: %.4f VALU instructions per cycle per SIMD, want %.2f within 5%%", tc.target, rate, tc.want)
			}
		})
	}
}

// TestAMDTimingSamples runs every AMD sample (traces/samples/amd, each
// target it is built for) in the timing mode: the buffers match the
// functional mode's byte for byte (what a kernel computes never depends on
// when), two timing runs give byte-identical JSON reports, and the
// counters hold together (checkAMDInvariants). Grids are cut to 24
// workgroups; the outputs themselves are checked in amd_samples_test.go.
func TestAMDTimingSamples(t *testing.T) {
	launches, err := filepath.Glob("../traces/samples/amd/*.launch.toml")
	if err != nil || len(launches) < 25 {
		t.Fatalf("%d sample launch files (%v)", len(launches), err)
	}
	for _, l := range launches {
		base := strings.TrimSuffix(filepath.Base(l), ".launch.toml")
		name, target, _ := strings.Cut(base, "_")
		t.Run(base, func(t *testing.T) {
			shrink := func(s *LaunchSpec) {
				s.Grid[0] = min(s.Grid[0], 24)
				if name == "div" || name == "divftz" {
					s.Args[3].Value = Scalar{Int: 24 * int64(s.Block[0])}
				}
			}
			fp := prepareAMDSample(t, name, target, shrink)
			if _, err := RunFunctional(fp); err != nil {
				t.Fatal(err)
			}
			var js [2][]byte
			for i := range js {
				tp := prepareAMDSample(t, name, target, shrink)
				st, err := RunTiming(tp, TimingOptions{})
				if err != nil {
					t.Fatal(err)
				}
				checkAMDInvariants(t, base, tp, st)
				for _, b := range fp.Spec.Buffers {
					if !bytes.Equal(buf(t, fp, b.Name), buf(t, tp, b.Name)) {
						t.Fatalf("buffer %s differs between the functional and the timing mode", b.Name)
					}
				}
				rep := &Report{Trace: base + ".s", Machine: tp.Machine, Kernels: []*KernelStats{st}}
				if js[i], err = rep.JSON(false); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(js[0], js[1]) {
				t.Error("two timing runs gave different JSON reports")
			}
		})
	}
}
