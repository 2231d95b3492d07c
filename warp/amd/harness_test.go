package amd

import (
	"bufio"
	"fmt"
	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// A test rig for AMD waves: a kernel assembled from statements for a
// target, one workgroup of width work-items (or as given), global memory
// with a kernarg segment.

// waveSrc wraps statements into an AMDGPU kernel for target. extra are
// additional .amdhsa_ directives ("name value").
func waveSrc(target string, wave64 bool, stmts []string, extra ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\t.amdgcn_target \"amdgcn-amd-amdhsa--%s\"\n\t.text\nk:\n", target)
	for _, s := range stmts {
		b.WriteString("\t" + s + "\n")
	}
	b.WriteString("\ts_endpgm\n\t.section .rodata,\"a\",@progbits\n\t.amdhsa_kernel k\n")
	b.WriteString("\t\t.amdhsa_next_free_vgpr 32\n\t\t.amdhsa_next_free_sgpr 32\n")
	b.WriteString("\t\t.amdhsa_user_sgpr_count 2\n\t\t.amdhsa_user_sgpr_kernarg_segment_ptr 1\n")
	b.WriteString("\t\t.amdhsa_float_denorm_mode_32 3\n")
	if !strings.HasPrefix(target, "gfx9") {
		if wave64 {
			b.WriteString("\t\t.amdhsa_wavefront_size32 0\n")
		} else {
			b.WriteString("\t\t.amdhsa_wavefront_size32 1\n")
		}
	}
	for _, e := range extra {
		b.WriteString("\t\t" + e + "\n")
	}
	b.WriteString("\t.end_amdhsa_kernel\n")
	return b.String()
}

// testModel is the numerics model the tests launch with: the default
// models of package alu.
func testModel() *alu.Model {
	return &alu.Model{
		Ex2F32: alu.Ex2F32, Ex2F32Ftz: alu.Ex2F32Ftz, Ex2F16: alu.Ex2F16, Ex2BF16: alu.Ex2BF16,
		RcpApproxF32: alu.RcpApproxF32, RcpApproxF32Ftz: alu.RcpApproxF32Ftz, Rcp64H: alu.Rcp64H,
		DivFixupF32: alu.DivFixupF32,
	}
}

// waveRig is a prepared launch.
type waveRig struct {
	t      testing.TB
	prog   *traces.Program
	launch *Launch
	global *mem.Global
	karg   uint64
}

func newWaveRig(t testing.TB, target string, wave64 bool, stmts []string, block [3]uint32, extra ...string) *waveRig {
	t.Helper()
	prog, err := amdgpu.Parse("k.s", []byte(waveSrc(target, wave64, stmts, extra...)))
	if err != nil {
		t.Fatal(err)
	}
	return newWaveRigProgram(t, prog, block, [3]uint32{1, 1, 1})
}

func newWaveRigProgram(t testing.TB, prog *traces.Program, block, grid [3]uint32) *waveRig {
	t.Helper()
	k := prog.Kernels[0]
	if block == ([3]uint32{}) {
		block = [3]uint32{uint32(k.AMD.WaveSize), 1, 1}
	}
	g := mem.NewGlobal()
	karg, err := g.Alloc(256, 256)
	if err != nil {
		t.Fatal(err)
	}
	l, err := NewLaunch(LaunchConfig{Program: prog, Kernel: k, Grid: grid, Block: block, Global: g, Kernarg: karg, Model: testModel()})
	if err != nil {
		t.Fatal(err)
	}
	return &waveRig{t: t, prog: prog, launch: l, global: g, karg: karg}
}

// alloc makes a global buffer holding the 32-bit words and returns its
// address.
func (r *waveRig) alloc(words ...uint32) uint64 {
	r.t.Helper()
	a, err := r.global.Alloc(uint64(4*max(len(words), 1)), 256)
	if err != nil {
		r.t.Fatal(err)
	}
	b, _ := r.global.Host(a, uint64(4*len(words)))
	for i, w := range words {
		b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24)
	}
	return a
}

// word reads a 32-bit word of global memory.
func (r *waveRig) word(addr uint64) uint32 {
	b, err := r.global.Host(addr, 4)
	if err != nil {
		r.t.Fatal(err)
	}
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// block creates workgroup 0.
func (r *waveRig) block() *Block {
	r.t.Helper()
	b, err := r.launch.NewBlock([3]uint32{}, 0)
	if err != nil {
		r.t.Fatal(err)
	}
	return b
}

// setWaveReg sets a register named as in a case file: vN (every
// lane), vN[l], sN, vcc, exec, scc, m0, mode.
func setWaveReg(w *Wave, name string, v uint64) error {
	switch {
	case name == "scc":
		w.scc = v != 0
	case name == "vcc":
		w.s[traces.AMDRegVCCLo], w.s[traces.AMDRegVCCHi] = uint32(v), uint32(v>>32)
	case name == "exec":
		w.setExec(v)
	case name == "m0":
		w.s[traces.AMDRegM0] = uint32(v)
	case name == "mode":
		w.setMode(uint32(v))
	case strings.HasPrefix(name, "s"):
		n, err := strconv.Atoi(name[1:])
		if err != nil {
			return err
		}
		w.s[n] = uint32(v)
	case strings.HasPrefix(name, "v"):
		reg, lane := name[1:], -1
		if i := strings.IndexByte(reg, '['); i >= 0 {
			l, err := strconv.Atoi(strings.TrimSuffix(reg[i+1:], "]"))
			if err != nil {
				return err
			}
			reg, lane = reg[:i], l
		}
		n, err := strconv.Atoi(reg)
		if err != nil {
			return err
		}
		for l := 0; l < w.width; l++ {
			if lane < 0 || l == lane {
				w.v[n*w.width+l] = uint32(v)
			}
		}
	default:
		return fmt.Errorf("unknown register %q", name)
	}
	return nil
}

// getWaveReg reads what setWaveReg writes (vN: lane 0 unless [l]).
func getWaveReg(w *Wave, name string) (uint64, error) {
	switch {
	case name == "scc":
		return b2u(w.scc), nil
	case name == "vcc":
		return w.VCC(), nil
	case name == "exec":
		return w.exec(), nil
	case name == "m0":
		return uint64(w.s[traces.AMDRegM0]), nil
	case name == "mode":
		return uint64(w.mode), nil
	case strings.HasPrefix(name, "s"):
		n, err := strconv.Atoi(name[1:])
		if err != nil {
			return 0, err
		}
		return uint64(w.s[n]), nil
	case strings.HasPrefix(name, "v"):
		reg, lane := name[1:], 0
		if i := strings.IndexByte(reg, '['); i >= 0 {
			l, err := strconv.Atoi(strings.TrimSuffix(reg[i+1:], "]"))
			if err != nil {
				return 0, err
			}
			reg, lane = reg[:i], l
		}
		n, err := strconv.Atoi(reg)
		if err != nil {
			return 0, err
		}
		return uint64(w.v[n*w.width+lane]), nil
	}
	return 0, fmt.Errorf("unknown register %q", name)
}

// runWaveCaseFile runs a case file: target | statements (" ;; "
// separated) | inputs | expected. Inputs and expectations are name=value
// pairs (setWaveReg); every statement runs once, then the kernel's
// s_endpgm.
func runWaveCaseFile(t *testing.T, path string) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for ln := 1; sc.Scan(); ln++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, " | ")
		if len(parts) != 4 {
			t.Fatalf("%s:%d: want target | statements | inputs | expected", path, ln)
		}
		n++
		where := fmt.Sprintf("%s:%d", path, ln)
		target, wave64 := parts[0], false
		if t, ok := strings.CutSuffix(target, ":wave64"); ok {
			target, wave64 = t, true
		}
		stmts := strings.Split(parts[1], " ;; ")
		r := newWaveRig(t, target, wave64, stmts, [3]uint32{})
		b := r.block()
		w := b.Waves()[0]
		for _, kv := range strings.Fields(parts[2]) {
			if kv == "-" {
				continue
			}
			name, val, _ := strings.Cut(kv, "=")
			v, err := strconv.ParseUint(val, 0, 64)
			if err != nil {
				if iv, err2 := strconv.ParseInt(val, 0, 64); err2 == nil {
					v = uint64(iv)
				} else {
					t.Fatalf("%s: input %q: %v", where, kv, err)
				}
			}
			if err := setWaveReg(w, name, v); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
		}
		for i := 0; i < 1000 && !w.Done(); i++ {
			if _, err := w.Step(0); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
		}
		for _, kv := range strings.Fields(parts[3]) {
			name, val, _ := strings.Cut(kv, "=")
			want, err := strconv.ParseUint(val, 0, 64)
			if err != nil {
				iv, err2 := strconv.ParseInt(val, 0, 64)
				if err2 != nil {
					t.Fatalf("%s: expected %q: %v", where, kv, err)
				}
				want = uint64(iv) & mask32
			}
			got, err := getWaveReg(w, name)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if got != want {
				t.Errorf("%s: %s on %s: %s = %#x, want %#x", where, parts[1], parts[0], name, got, want)
			}
		}
	}
	if n == 0 {
		t.Fatalf("%s: no cases", path)
	}
}
