package amd

import (
	"fmt"
	"github.com/gpusim/gpusim/warp"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// LaunchConfig is what one AMD kernel launch needs. Memory is the caller's:
// Global holds the buffers, the kernarg segment (at Kernarg, laid out as
// the kernel's metadata says, hidden arguments filled in) and, when the
// kernel descriptor asks for it, the HSA dispatch packet (at DispatchPtr).
type LaunchConfig struct {
	Program *traces.Program
	Kernel  *traces.Kernel // an AMDGPU kernel (Kernel.AMD != nil)
	// Code is the compiled kernel; nil compiles it (Compile).
	Code *Code

	Grid, Block [3]uint32
	DynLDS      uint64 // dynamic LDS bytes per workgroup (after the static LDS)

	Global      *mem.Global
	Kernarg     uint64 // address of the kernarg segment in Global
	DispatchPtr uint64 // address of the dispatch packet (0: none)

	// Model supplies v_div_fixup_f32 (silicon or ISA-text model).
	Model *alu.Model
}

// Launch is the per-launch context shared by all workgroups.
type Launch struct {
	cfg     LaunchConfig
	code    *Code
	width   int
	threads int // work-items per workgroup
	waves   int // waves per workgroup
	lds     uint64
	counts  warp.PCCounts           // per CU, per static PC (Counts)
	rows    warp.PerGroup[laneRows] // the shared lane rows (rows.go)
}

// Counts calls add with, per static PC (index Code.Len() is the end of
// the code), the wave instructions executed and the lanes of EXEC summed
// over the executions (thread instructions; for scalar instructions too:
// they act for the wave's active work-items), one table per compute unit
// that held a workgroup; their sum is the launch's.
func (l *Launch) Counts(add func([]warp.PCCount)) { l.counts.Each(add) }

// NewLaunch checks cfg and prepares a launch (compiling the kernel
// when cfg.Code is nil).
func NewLaunch(cfg LaunchConfig) (*Launch, error) {
	if cfg.Program == nil || cfg.Kernel == nil || cfg.Kernel.AMD == nil {
		return nil, fmt.Errorf("launch: no AMDGPU kernel")
	}
	k := cfg.Kernel
	threads := 1
	for i, d := range cfg.Block {
		if d == 0 || cfg.Grid[i] == 0 {
			return nil, fmt.Errorf("kernel %s: grid %v and block %v must be at least 1 in every dimension", k.Name, cfg.Grid, cfg.Block)
		}
		threads *= int(d)
		if r := k.ReqNTid[i]; r != 0 && uint32(r) != d {
			return nil, fmt.Errorf("kernel %s: block %v does not match the kernel's required workgroup size %v", k.Name, cfg.Block, k.ReqNTid)
		}
	}
	if mx := k.AMD.MaxFlatWorkgroupSize; mx > 0 && threads > mx {
		return nil, fmt.Errorf("kernel %s: a workgroup of %d work-items exceeds the kernel's .max_flat_workgroup_size %d", k.Name, threads, mx)
	}
	if threads > 1024 {
		return nil, fmt.Errorf("kernel %s: a workgroup of %d work-items exceeds 1024", k.Name, threads)
	}
	if k.AMD.WorkitemIDs < 1 && cfg.Block[1] > 1 || k.AMD.WorkitemIDs < 2 && cfg.Block[2] > 1 {
		return nil, fmt.Errorf("kernel %s: block %v has more dimensions than the kernel reads work-item ids for (.amdhsa_system_vgpr_workitem_id %d)",
			k.Name, cfg.Block, k.AMD.WorkitemIDs)
	}
	if cfg.Global == nil {
		return nil, fmt.Errorf("kernel %s: no global memory (the kernarg segment lives there)", k.Name)
	}
	if cfg.Model == nil || cfg.Model.DivFixupF32 == nil {
		return nil, fmt.Errorf("kernel %s: no numerics model for v_div_fixup_f32", k.Name)
	}
	code := cfg.Code
	if code == nil {
		var err error
		if code, err = Compile(cfg.Program, k); err != nil {
			return nil, err
		}
	} else if code.kernel != k {
		return nil, fmt.Errorf("kernel %s: compiled code is for another kernel", k.Name)
	}
	W := code.width
	lds := k.SharedSize + cfg.DynLDS
	if lds > mem.WindowSize {
		return nil, fmt.Errorf("kernel %s: %d bytes of LDS per workgroup is too much", k.Name, lds)
	}
	l := &Launch{cfg: cfg, code: code, width: W, threads: threads, waves: (threads + W - 1) / W, lds: lds,
		counts: warp.NewPCCounts(len(code.ops))}
	l.rows.New = func() *laneRows { return newLaneRows(W) }
	return l, nil
}

// Config returns the configuration the launch was made with.
func (l *Launch) Config() LaunchConfig { return l.cfg }

// Code returns the compiled kernel.
func (l *Launch) Code() *Code { return l.code }

// ThreadsPerBlock is the number of work-items per workgroup.
func (l *Launch) ThreadsPerBlock() int { return l.threads }

// WavesPerBlock is the number of waves per workgroup.
func (l *Launch) WavesPerBlock() int { return l.waves }

// Block is one workgroup: its waves, its LDS and its barrier. It can be
// Reset and reused for another workgroup without allocating; per-PC counters
// keep accumulating.
type Block struct {
	l     *Launch
	id    [3]uint32
	cu    uint32
	waves []*Wave
	lds   *mem.Segment
	live  int // waves not ended

	barArrived int    // waves that signalled in this barrier phase
	barPhase   uint64 // completed barrier phases
}

// NewBlock creates the workgroup with index id running on compute unit cu.
func (l *Launch) NewBlock(id [3]uint32, cu uint32) (*Block, error) {
	for i, c := range id {
		if c >= l.cfg.Grid[i] {
			return nil, fmt.Errorf("kernel %s: workgroup %v outside grid %v", l.cfg.Kernel.Name, id, l.cfg.Grid)
		}
	}
	b := &Block{l: l, lds: mem.NewSegment(traces.SpaceShared, 0, l.lds, false)}
	b.waves = make([]*Wave, l.waves)
	for i := range b.waves {
		b.waves[i] = newWave(b, i)
	}
	b.Reset(id, cu)
	return b, nil
}

// Reset makes b the fresh workgroup id on compute unit cu: LDS zeroed,
// waves at the kernel entry with their initial registers, barrier clear.
func (b *Block) Reset(id [3]uint32, cu uint32) {
	b.id, b.cu = id, cu
	clear(b.lds.Data)
	b.live = len(b.waves)
	b.barArrived, b.barPhase = 0, 0
	counts, rows := b.l.counts.For(cu), b.l.rows.For(cu)
	for _, w := range b.waves {
		w.reset()
		w.counts, w.rows = counts, rows
	}
}

// Ctaid is the workgroup's index in the grid.
func (b *Block) Ctaid() [3]uint32 { return b.id }

// Waves returns the workgroup's waves in order.
func (b *Block) Waves() []*Wave { return b.waves }

// LDS returns the workgroup's LDS.
func (b *Block) LDS() *mem.Segment { return b.lds }

// Done reports whether every wave has ended.
func (b *Block) Done() bool { return b.live == 0 }

// Run executes the waves round-robin, one instruction per wave per turn,
// until all have ended, honouring the barrier. It returns the first fault,
// or an error when every remaining wave waits at a barrier that cannot
// complete. s_memtime reads the number of turns so far.
func (b *Block) Run() error {
	_, err := b.RunFor(0)
	return err
}

// RunFor is Run with a budget: it stops with ErrStepLimit once limit wave
// instructions have executed (0 means no limit). It returns the wave
// instructions executed.
func (b *Block) RunFor(limit uint64) (uint64, error) {
	return warp.RunRoundRobin(b.waves, &b.live, limit, b.deadlock)
}

// RunBudget is Run within a budget of instructions and turns, polling the
// budget's stop channel (warp.RunBudget).
func (b *Block) RunBudget(bg warp.Budget) (warp.Spent, error) {
	return warp.RunBudget(b.waves, &b.live, bg, b.deadlock)
}

func (b *Block) deadlock() error {
	return &warp.DeadlockError{Msg: fmt.Sprintf("kernel %s, workgroup (%d,%d,%d): deadlock: %d waves wait at the barrier, %d of %d arrived",
		b.l.cfg.Kernel.Name, b.id[0], b.id[1], b.id[2], b.live, b.barArrived, b.live)}
}

// signal records a wave's arrival at the workgroup barrier (s_barrier,
// s_barrier_signal) and releases the barrier when every live wave has
// arrived.
func (b *Block) signal(w *Wave) {
	w.sigPh = b.barPhase
	b.barArrived++
	b.checkBarrier()
}

// checkBarrier completes the barrier phase when every live wave arrived.
func (b *Block) checkBarrier() {
	if b.barArrived == 0 || b.barArrived < b.live {
		return
	}
	b.barArrived = 0
	b.barPhase++
	for _, w := range b.waves {
		w.barOn = false
	}
}

// waveEnded updates the barrier when a wave ends: it no longer counts.
func (b *Block) waveEnded(w *Wave) {
	b.live--
	b.checkBarrier()
}

// reset puts the wave at the kernel entry with the registers the hardware
// and the HSA runtime set up (AMDGPUUsage, "Initial Kernel Execution
// State"): user SGPRs from s0, system SGPRs from .amdhsa_user_sgpr_count,
// work-item ids in v0 (packed) or v0..v2, EXEC = the lanes that hold
// work-items, MODE from the kernel descriptor.
func (w *Wave) reset() {
	b, l := w.b, w.b.l
	a := l.cfg.Kernel.AMD
	clear(w.v)
	w.s = [traces.AMDNumSRegs]uint32{}
	w.scc, w.pc, w.done, w.trap, w.barOn, w.sigPh = false, 0, false, false, false, 0
	for i := range w.q {
		w.q[i].clear()
	}
	w.seq = 0
	w.setMode(a.Mode)
	w.setExec(w.lanes)
	// User SGPRs.
	r := 0
	put64 := func(x uint64) {
		w.s[r], w.s[r+1] = uint32(x), uint32(x>>32)
		r += 2
	}
	if a.PrivateSegmentBuf {
		r += 4 // no scratch: the buffer resource stays zero
	}
	if a.DispatchPtr {
		put64(l.cfg.DispatchPtr)
	}
	if a.QueuePtr {
		r += 2
	}
	if a.KernargSegmentPtr {
		put64(l.cfg.Kernarg)
	}
	if a.DispatchID {
		r += 2
	}
	if a.FlatScratchInit {
		r += 2
	}
	if a.PrivateSegmentSizeS {
		r++
	}
	for i := 0; i < a.KernargPreload; i++ {
		if data, err := l.cfg.Global.Host(l.cfg.Kernarg+uint64(4*(a.KernargPreloadOff+i)), 4); err == nil {
			w.s[r] = uint32(data[0]) | uint32(data[1])<<8 | uint32(data[2])<<16 | uint32(data[3])<<24
		}
		r++
	}
	// System SGPRs.
	r = a.UserSGPRCount
	if a.ArchitectedSGPRs {
		w.s[traces.AMDRegTTMP0+9] = b.id[0]
		w.s[traces.AMDRegTTMP0+7] = b.id[1]&0xffff | b.id[2]<<16
	} else {
		for i := 0; i < 3; i++ {
			if a.WorkgroupID[i] {
				w.s[r] = b.id[i]
				r++
			}
		}
	}
	if a.WorkgroupInfo {
		r++
	}
	// Work-item ids.
	bx, by := int(l.cfg.Block[0]), int(l.cfg.Block[1])
	for lane := 0; lane < w.width; lane++ {
		if w.lanes>>uint(lane)&1 == 0 {
			continue
		}
		t := w.first + lane
		x, y, z := uint32(t%bx), uint32(t/bx%by), uint32(t/(bx*by))
		if a.WorkitemIDs < 1 {
			y = 0
		}
		if a.WorkitemIDs < 2 {
			z = 0
		}
		if a.PackedTID {
			w.v[lane] = x | y<<10 | z<<20
		} else {
			w.v[lane] = x
			if a.WorkitemIDs >= 1 && w.code.vgprs > 1 {
				w.v[w.width+lane] = y
			}
			if a.WorkitemIDs >= 2 && w.code.vgprs > 2 {
				w.v[2*w.width+lane] = z
			}
		}
	}
}
