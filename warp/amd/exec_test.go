package amd

import (
	"errors"
	"fmt"
	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/traces/amdgpu"
	"github.com/gpusim/gpusim/warp"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// runWave steps one wave to its end and returns the kinds of the Steps.
func runWave(t *testing.T, w *Wave) []warp.Kind {
	t.Helper()
	var kinds []warp.Kind
	for i := 0; i < 10000 && !w.Done(); i++ {
		res, err := w.Step(uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, res.Kind)
	}
	if !w.Done() {
		t.Fatal("the wave did not end")
	}
	return kinds
}

// setBase puts a 64-bit address into s[2:3].
func setBase(w *Wave, addr uint64) {
	w.s[2], w.s[3] = uint32(addr), uint32(addr>>32)
}

// TestWaveLoadWait: a load's destination keeps its old value until a wait
// covers the load, and waits retire loads oldest first per counter.
func TestWaveLoadWait(t *testing.T) {
	for _, tc := range []struct {
		target string
		stmts  []string
		vgprs  map[int]uint32 // expected lane-0 VGPRs
	}{
		{"gfx1100", []string{
			"v_lshlrev_b32_e32 v0, 2, v0",
			"global_load_b32 v1, v0, s[2:3]",
			"v_mov_b32_e32 v2, v1", // before the wait: the old value
			"s_waitcnt vmcnt(0)",
			"v_mov_b32_e32 v3, v1",
		}, map[int]uint32{1: 100, 2: 7, 3: 100}},
		{"gfx1100", []string{ // vmcnt(1) retires the older of two loads
			"v_lshlrev_b32_e32 v0, 2, v0",
			"global_load_b32 v1, v0, s[2:3]",
			"global_load_b32 v4, v0, s[2:3] offset:4",
			"s_waitcnt vmcnt(1)",
			"v_mov_b32_e32 v2, v1",
			"v_mov_b32_e32 v3, v4",
			"s_waitcnt vmcnt(0)",
			"v_mov_b32_e32 v5, v4",
		}, map[int]uint32{2: 100, 3: 9, 5: 101}},
		{"gfx1100", []string{ // GFX11: stores count in vscnt, not vmcnt
			"v_lshlrev_b32_e32 v0, 2, v0",
			"global_load_b32 v1, v0, s[2:3]",
			"global_store_b32 v0, v6, s[2:3] offset:256",
			"global_load_b32 v4, v0, s[2:3] offset:4",
			"s_waitcnt vmcnt(1)",
			"v_mov_b32_e32 v3, v4",
		}, map[int]uint32{1: 100, 3: 9}},
		{"gfx90a", []string{ // GFX9: vmcnt counts loads and stores together
			"v_lshlrev_b32_e32 v0, 2, v0",
			"global_load_dword v1, v0, s[2:3]",
			"global_store_dword v0, v6, s[2:3] offset:256",
			"global_load_dword v4, v0, s[2:3] offset:4",
			"s_waitcnt vmcnt(1)",
			"v_mov_b32_e32 v3, v4",
			"s_waitcnt vmcnt(0)",
			"v_mov_b32_e32 v5, v4",
		}, map[int]uint32{1: 100, 3: 9, 5: 101}},
		{"gfx1200", []string{
			"v_lshlrev_b32_e32 v0, 2, v0",
			"global_load_b32 v1, v0, s[2:3]",
			"v_mov_b32_e32 v2, v1",
			"s_wait_loadcnt 0x0",
			"v_mov_b32_e32 v3, v1",
		}, map[int]uint32{2: 7, 3: 100}},
		{"gfx1100", []string{ // scalar loads wait on lgkmcnt
			"s_load_b32 s4, s[2:3], 0x4",
			"s_mov_b32 s5, s4",
			"s_waitcnt lgkmcnt(0)",
			"v_mov_b32_e32 v2, s5",
			"v_mov_b32_e32 v3, s4",
		}, map[int]uint32{2: 0, 3: 101}},
		{"gfx1200", []string{
			"s_load_b64 s[4:5], s[2:3], 0x0",
			"v_mov_b32_e32 v2, s5",
			"s_wait_kmcnt 0x0",
			"v_mov_b32_e32 v3, s5",
		}, map[int]uint32{2: 0, 3: 101}},
		{"gfx1100", []string{ // a returning atomic returns through the load queue
			"v_mov_b32_e32 v0, 0",
			"v_mov_b32_e32 v5, 1",
			"global_atomic_add_u32 v1, v0, v5, s[2:3] glc",
			"v_mov_b32_e32 v2, v1",
			"s_waitcnt vmcnt(0)",
			"v_mov_b32_e32 v3, v1",
		}, map[int]uint32{2: 7, 3: 100}},
	} {
		r := newWaveRig(t, tc.target, false, tc.stmts, [3]uint32{})
		data := make([]uint32, 128)
		for i := range data {
			data[i] = uint32(100 + i)
		}
		addr := r.alloc(data...)
		w := r.block().Waves()[0]
		setBase(w, addr)
		for l := 0; l < w.width; l++ {
			w.v[1*w.width+l], w.v[4*w.width+l] = 7, 9
		}
		runWave(t, w)
		for reg, want := range tc.vgprs {
			if got := w.VGPR(reg, 0); got != want {
				t.Errorf("%s %v: v%d = %d, want %d", tc.target, tc.stmts, reg, got, want)
			}
		}
	}
}

// TestWaveWaitAPI checks what a wait reports to the timing model.
func TestWaveWaitAPI(t *testing.T) {
	r := newWaveRig(t, "gfx1100", false, []string{
		"global_load_b32 v1, v0, s[2:3]",
		"global_load_b32 v4, v0, s[2:3]",
		"s_waitcnt vmcnt(1)",
	}, [3]uint32{})
	addr := r.alloc(make([]uint32, 64)...)
	w := r.block().Waves()[0]
	setBase(w, addr)
	for i := 0; i < 2; i++ {
		res, err := w.Step(0)
		if err != nil {
			t.Fatal(err)
		}
		if res.Mem == nil || res.Mem.Kind != warp.AccessLoad || res.Mem.Space != traces.SpaceGlobal || res.Mem.Addr[3] != addr+3 {
			t.Fatalf("load %d: access %+v", i, res.Mem)
		}
		if w.MemSeq() != uint64(i+1) || w.Outstanding(warp.QueueVMLoad) != i+1 {
			t.Fatalf("after load %d: seq %d, outstanding %d", i, w.MemSeq(), w.Outstanding(warp.QueueVMLoad))
		}
	}
	if _, err := w.Step(0); err != nil {
		t.Fatal(err)
	}
	newest, retired := w.LastWait()
	if newest[warp.QueueVMLoad] != 1 || retired[warp.QueueVMLoad] != 1 || w.Outstanding(warp.QueueVMLoad) != 1 {
		t.Errorf("vmcnt(1): newest %v retired %v outstanding %d", newest, retired, w.Outstanding(warp.QueueVMLoad))
	}
}

// TestWaveLDS: LDS stores, loads (pending until lgkmcnt), two-address
// forms and flat accesses through the LDS aperture.
func TestWaveLDS(t *testing.T) {
	r := newWaveRig(t, "gfx1100", false, []string{
		"v_lshlrev_b32_e32 v0, 2, v0",
		"v_add_nc_u32_e32 v1, 10, v0",
		"ds_store_b32 v0, v1",
		"ds_load_b32 v2, v0 offset:4",
		"v_mov_b32_e32 v3, v2",
		"s_waitcnt lgkmcnt(0)",
		"ds_load_2addr_b32 v[4:5], v0 offset0:1 offset1:2",
		"s_mov_b32 s5, src_shared_base",
		"v_mov_b32_e32 v7, s5",
		"v_mov_b32_e32 v6, 0x3f00",
		"v_mov_b32_e32 v8, 77",
		"flat_store_b32 v[6:7], v8",
		"s_waitcnt vmcnt(0) lgkmcnt(0)",
		"v_mov_b32_e32 v9, 0x3f00",
		"ds_load_b32 v9, v9",
		"ds_load_b32 v10, v0 offset:65000", // outside the LDS: reads 0
		"s_waitcnt lgkmcnt(0)",
	}, [3]uint32{}, ".amdhsa_group_segment_fixed_size 16384")
	w := r.block().Waves()[0]
	for l := 0; l < w.width; l++ {
		w.v[2*w.width+l], w.v[10*w.width+l] = 99, 99
	}
	runWave(t, w)
	for _, c := range []struct{ reg, lane int }{{2, 0}, {3, 0}, {4, 0}, {5, 0}, {9, 0}, {10, 0}, {2, 31}, {4, 30}} {
		l := c.lane
		want := map[int]uint32{2: uint32(4*(l+1) + 10), 3: 99, 4: uint32(4*(l+1) + 10), 5: uint32(4*(l+2) + 10), 9: 77, 10: 0}[c.reg]
		if l == 31 && c.reg == 2 {
			want = 0 // lane 31 reads the word after the last one written
		}
		if got := w.VGPR(c.reg, l); got != want {
			t.Errorf("v%d lane %d = %d, want %d", c.reg, l, got, want)
		}
	}
}

// TestWaveBarrier: two waves exchange LDS values across s_barrier (GFX11)
// and s_barrier_signal/s_barrier_wait (GFX12); a wave that ends no longer
// holds the barrier.
func TestWaveBarrier(t *testing.T) {
	for _, tc := range []struct {
		target  string
		barrier []string
	}{
		{"gfx1100", []string{"s_barrier"}},
		{"gfx1200", []string{"s_barrier_signal -1", "s_barrier_wait -1"}},
	} {
		stmts := []string{
			"v_lshlrev_b32_e32 v1, 2, v0",
			"ds_store_b32 v1, v0",
			"s_waitcnt lgkmcnt(0)",
		}
		if tc.target == "gfx1200" {
			stmts[2] = "s_wait_dscnt 0x0"
		}
		stmts = append(stmts, tc.barrier...)
		stmts = append(stmts, "v_xor_b32_e32 v2, 32, v0", "v_lshlrev_b32_e32 v2, 2, v2", "ds_load_b32 v3, v2")
		if tc.target == "gfx1200" {
			stmts = append(stmts, "s_wait_dscnt 0x0")
		} else {
			stmts = append(stmts, "s_waitcnt lgkmcnt(0)")
		}
		r := newWaveRig(t, tc.target, false, stmts, [3]uint32{64, 1, 1}, ".amdhsa_group_segment_fixed_size 256")
		b := r.block()
		if err := b.Run(); err != nil {
			t.Fatal(err)
		}
		for wi, w := range b.Waves() {
			for l := 0; l < 32; l++ {
				if got, want := w.VGPR(3, l), uint32((32*wi+l)^32); got != want {
					t.Fatalf("%s wave %d lane %d: %d, want %d", tc.target, wi, l, got, want)
				}
			}
		}
	}
	// Wave 1 ends before the barrier; wave 0 passes it alone.
	r := newWaveRig(t, "gfx1100", false, []string{
		"v_cmp_gt_u32_e32 vcc_lo, 32, v0",
		"s_cbranch_vccz .Lend",
		"s_barrier",
		"v_mov_b32_e32 v5, 1",
		".Lend:",
	}, [3]uint32{64, 1, 1})
	b := r.block()
	if err := b.Run(); err != nil {
		t.Fatal(err)
	}
	if b.Waves()[0].VGPR(5, 0) != 1 {
		t.Error("wave 0 did not pass the barrier")
	}
}

// TestWaveInitialState checks the registers a wave starts with.
func TestWaveInitialState(t *testing.T) {
	for _, tc := range []struct {
		target string
		extra  []string
		block  [3]uint32
		check  func(w *Wave) string
	}{
		{"gfx1030", []string{".amdhsa_system_vgpr_workitem_id 1", ".amdhsa_system_sgpr_workgroup_id_y 1"}, [3]uint32{8, 4, 1},
			func(w *Wave) string {
				// lane 13 of wave 0 is work-item (5, 1); v0 = x, v1 = y
				// (no packed ids on GFX10); workgroup ids x, y in s2, s3.
				if w.VGPR(0, 13) != 5 || w.VGPR(1, 13) != 1 || w.s[2] != 2 || w.s[3] != 1 {
					return "work-item or workgroup ids"
				}
				return ""
			}},
		{"gfx1100", []string{".amdhsa_system_vgpr_workitem_id 2"}, [3]uint32{4, 2, 4},
			func(w *Wave) string {
				// lane 13: work-item (1, 1, 1), packed into v0.
				if w.VGPR(0, 13) != 1|1<<10|1<<20 || w.s[2] != 2 {
					return "packed ids"
				}
				return ""
			}},
		{"gfx1200", []string{".amdhsa_system_sgpr_workgroup_id_y 1"}, [3]uint32{32, 1, 1},
			func(w *Wave) string {
				// GFX12: workgroup ids in ttmp9 (x) and ttmp7 (y | z<<16).
				if w.s[traces.AMDRegTTMP0+9] != 2 || w.s[traces.AMDRegTTMP0+7] != 1 {
					return "architected workgroup ids"
				}
				return ""
			}},
		{"gfx90a", nil, [3]uint32{40, 1, 1},
			func(w *Wave) string {
				// 40 work-items in a wave64: EXEC has 40 lanes; MODE from the
				// descriptor.
				if w.Exec() != 1<<40-1 || w.Mode() != 0x3f0 {
					return fmt.Sprintf("EXEC %#x, MODE %#x", w.Exec(), w.Mode())
				}
				return ""
			}},
	} {
		prog, err := amdgpu.Parse("k.s", []byte(waveSrc(tc.target, false, []string{"s_nop 0"}, tc.extra...)))
		if err != nil {
			t.Fatal(err)
		}
		r := newWaveRigProgram(t, prog, tc.block, [3]uint32{4, 2, 1})
		b, err := r.launch.NewBlock([3]uint32{2, 1, 0}, 0)
		if err != nil {
			t.Fatal(err)
		}
		w := b.Waves()[0]
		if uint64(w.s[0])|uint64(w.s[1])<<32 != r.karg {
			t.Errorf("%s: kernarg pointer %#x, want %#x", tc.target, uint64(w.s[0])|uint64(w.s[1])<<32, r.karg)
		}
		if msg := tc.check(w); msg != "" {
			t.Errorf("%s: %s", tc.target, msg)
		}
	}
}

// TestWaveFault: a bad access is a *Fault naming the position, the
// instruction and the work-item.
func TestWaveFault(t *testing.T) {
	r := newWaveRig(t, "gfx1100", false, []string{
		"v_lshlrev_b32_e32 v0, 2, v0",
		"global_load_b32 v1, v0, s[2:3]",
	}, [3]uint32{})
	w := r.block().Waves()[0]
	setBase(w, 0x10)
	var err error
	for i := 0; i < 3 && err == nil; i++ {
		_, err = w.Step(0)
	}
	var f *warp.Fault
	if !errors.As(err, &f) {
		t.Fatalf("got %v, want a *Fault", err)
	}
	var mf *mem.Fault
	if f.Pos.Line != 5 || f.Mnemonic != "global_load_b32" || f.Kernel != "k" || !errors.As(err, &mf) ||
		!strings.HasPrefix(err.Error(), "k.s:5:2: global_load_b32: ") || f.Thread != [3]uint32{0, 0, 0} {
		t.Errorf("fault %v (%+v)", err, f)
	}
}

// TestWaveEndOfCode: a wave that runs past its code faults.
func TestWaveEndOfCode(t *testing.T) {
	src := strings.Replace(waveSrc("gfx1100", false, []string{"s_branch .Lout", "s_nop 0"}), "\ts_endpgm\n", "\ts_nop 0\n.Lout:\n", 1)
	prog, err := amdgpu.Parse("k.s", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r := newWaveRigProgram(t, prog, [3]uint32{}, [3]uint32{1, 1, 1})
	if err := r.block().Run(); err == nil || !strings.Contains(err.Error(), "past the end") {
		t.Errorf("got %v", err)
	}
}

// TestWaveCompileErrors: instructions the executor does not model are
// errors at compile time, with position, target and instruction.
func TestWaveCompileErrors(t *testing.T) {
	for _, tc := range []struct {
		target, stmt, want string
	}{
		{"gfx1100", "v_exp_f32_e32 v0, v1", "k.s:4:2: gfx1100: v_exp_f32_e32: not supported yet (no numerics model for the hardware approximation of v_exp_f32)"},
		{"gfx1100", "v_sin_f32_e32 v0, v1", "v_sin_f32_e32: not supported yet"},
		{"gfx1100", "v_div_scale_f64 v[0:1], vcc_lo, v[2:3], v[2:3], v[4:5]", "no numerics model for the f64 division macro"},
		{"gfx1100", "s_getreg_b32 s0, hwreg(HW_REG_HW_ID)", "hardware registers other than HW_REG_MODE"},
		{"gfx1100", "s_waitcnt_vscnt s0, 0x0", "a wait count in an SGPR"},
		{"gfx1200", "s_barrier_signal 0", "named barriers"},
		{"gfx1100", "ds_load_b32 v0, v1 gds", "GDS"},
		{"gfx1100", "v_add_u32_e64 v0, v1, v2 clamp", "clamp or an output modifier on an integer operation"},
		{"gfx1100", "v_cvt_rpi_i32_f32_e32 v0, v1", "v_cvt_rpi_i32_f32_e32: not supported yet"},
	} {
		prog, err := amdgpu.Parse("k.s", []byte(waveSrc(tc.target, false, []string{tc.stmt})))
		if err != nil {
			t.Errorf("%s: parse: %v", tc.stmt, err)
			continue
		}
		_, err = Compile(prog, prog.Kernels[0])
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "k.s:4:") {
			t.Errorf("%s: got %v, want ...%s", tc.stmt, err, tc.want)
		}
		var de *diag.Error
		if err != nil && (!errors.As(err, &de) || de.File != "k.s" || de.Line != 4) {
			t.Errorf("%s: %T is not a *diag.Error at k.s:4", tc.stmt, err)
		}
	}
}

// TestWaveKinds: Step reports branches, barriers and the end.
func TestWaveKinds(t *testing.T) {
	r := newWaveRig(t, "gfx1100", false, []string{"s_branch .L1", "s_nop 0", ".L1:", "s_barrier"}, [3]uint32{})
	kinds := runWave(t, r.block().Waves()[0])
	want := []warp.Kind{warp.KindBranch, warp.KindBarrier, warp.KindExited}
	if len(kinds) != len(want) {
		t.Fatalf("kinds %v, want %v", kinds, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("kinds %v, want %v", kinds, want)
		}
	}
}

// TestWaveStoreRows: a load from one buffer and a store to another, each a
// whole row of consecutive dwords (the per-row path, which finds each
// buffer by its first lane), then a store whose row runs past the end of
// its allocation: the lanes before the end are written, in order, and the
// first lane outside faults.
func TestWaveStoreRows(t *testing.T) {
	r := newWaveRig(t, "gfx1100", false, []string{
		"v_lshlrev_b32_e32 v0, 2, v0",
		"global_load_b32 v1, v0, s[4:5]",
		"s_waitcnt vmcnt(0)",
		"v_add_nc_u32_e32 v1, 1, v1",
		"global_store_b32 v0, v1, s[6:7]",
		"global_load_b32 v2, v0, s[4:5]",
		"s_waitcnt vmcnt(0)",
		"global_store_b32 v0, v2, s[8:9]",
	}, [3]uint32{})
	src := make([]uint32, 32)
	for i := range src {
		src[i] = uint32(1000 + i)
	}
	a, b, c := r.alloc(src...), r.alloc(make([]uint32, 32)...), r.alloc(make([]uint32, 20)...)
	w := r.block().Waves()[0]
	for i, p := range []uint64{a, b, c} {
		w.s[4+2*i], w.s[5+2*i] = uint32(p), uint32(p>>32)
	}
	var err error
	for i := 0; i < 10 && err == nil; i++ {
		_, err = w.Step(0)
	}
	var f *warp.Fault
	var mf *mem.Fault
	if !errors.As(err, &f) || !errors.As(err, &mf) || mf.Kind != mem.FaultOutOfRange || f.Lane != 20 || f.Mnemonic != "global_store_b32" {
		t.Fatalf("got %v, want an out-of-range fault of global_store_b32 at lane 20", err)
	}
	for l := 0; l < 32; l++ {
		if got := r.word(b + uint64(4*l)); got != src[l]+1 {
			t.Errorf("b[%d] = %d, want %d", l, got, src[l]+1)
		}
		if l < 20 {
			if got := r.word(c + uint64(4*l)); got != src[l] {
				t.Errorf("c[%d] = %d, want %d", l, got, src[l])
			}
		}
	}
}
