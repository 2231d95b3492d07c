package ptx

import (
	"fmt"
	"github.com/gpusim/gpusim/warp"

	"github.com/gpusim/gpusim/alu"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
)

// LaunchConfig is what one kernel launch needs. Memory is owned by the
// caller: Global holds the buffers and the program's .global variables (at
// GlobalVars), Const the program's .const variables from offset 0, Params the
// kernel parameter buffer (Kernel.ParamSize bytes, read-only).
type LaunchConfig struct {
	Program *traces.Program
	Kernel  *traces.Kernel
	// Code is the compiled kernel; nil compiles it (Compile) for Width.
	Code *Code

	Grid, Block [3]uint32
	DynShared   uint64 // dynamic shared memory bytes per block

	Global     *mem.Global
	GlobalVars uint64 // address of the program's .global variable segment
	Const      *mem.Segment
	Params     *mem.Segment

	// Model supplies the seeded numerics (ex2.approx, rcp.approx, RCP64H).
	Model *alu.Model
	// Width is the warp width (32 for PTX); 0 means 32.
	Width int
	// NSMID and NWarpID are what %nsmid and %nwarpid read; GridID is %gridid.
	NSMID, NWarpID uint32
	GridID         uint64

	// Tex holds the texture, sampler and surface objects whose handles the
	// kernel may use (object arguments, texture references); TexRefs[i]
	// is the handle bound to Program.TexRefs[i] (0: unbound). See
	// tex_desc.go.
	Tex     *TexTable
	TexRefs []uint64
	// Device receives the kernel's calls to the device runtime (printf,
	// assert); nil discards printf text (an assert still stops the kernel).
	Device DeviceCalls
	// StackSize is each thread's call stack in bytes for recursive
	// kernels (0: DefaultStackSize); StackSource names where the limit was
	// set, for the overflow fault ("" : the default). StackFrames are
	// ptxas -v's stack frames by function name; a recursive function
	// without one takes FuncSpan.StackFrame, the front end's estimate.
	StackSize   uint64
	StackSource string
	StackFrames map[string]uint64
	// ClockMHz converts cycles to the nanoseconds of %globaltimer (0: one
	// cycle per nanosecond); ClockBase is the cycle count at the launch's
	// start (a device that ran earlier launches), added to %clock,
	// %clock64 and %globaltimer.
	ClockMHz  float64
	ClockBase uint64
	// SharedAllocUnit rounds %total_smem_size (the machine's shared
	// memory allocation unit; 0: no rounding); SharedReserved is the
	// shared memory the system reserves per block (sm_80 and later: 1 KiB,
	// after the block's own, read by %reserved_smem_offset_*).
	SharedAllocUnit, SharedReserved uint64
	// WarpBarrier selects the pre-Volta barrier rule: a warp that executes
	// bar.sync counts all of its threads. The default is the sm_70+ rule,
	// each executing thread counts once (barrier.go).
	WarpBarrier bool
	// Strict turns what PTX leaves undefined and gpusim gives a documented
	// result for into faults: an integer division or remainder by zero.
	Strict bool
}

// Launch is the per-launch context shared by all blocks of one kernel launch.
type Launch struct {
	cfg     LaunchConfig
	code    *Code
	threads int // threads per block
	warps   int // warps per block
	// bases[s] is the base address of space s's variables in s's own address
	// space; bases[numSpaces+s] the same seen through generic addressing.
	bases [2 * spaceCount]uint64

	// Recursive kernels: the call stack's size per thread, where its limit
	// comes from, and what each span's activation takes of it (and
	// whether that is ptxas's figure).
	stack       uint64
	stackSource string
	frame       []uint64
	framePtxas  []bool

	counts warp.PCCounts           // per SM, per static PC (Counts)
	rows   warp.PerGroup[laneRows] // the shared lane rows (rows.go)
}

// Counts calls add with the warp and thread instructions (lanes whose
// guard was true) executed per static PC (index Code.Len() is the
// implicit exit), one table per SM that held a block; their sum is the
// launch's.
func (l *Launch) Counts(add func([]warp.PCCount)) { l.counts.Each(add) }

const spaceCount = int(traces.SpaceParamFrame) + 1

// NewLaunch checks cfg and prepares a launch (compiling the kernel when
// cfg.Code is nil).
func NewLaunch(cfg LaunchConfig) (*Launch, error) {
	if cfg.Width == 0 {
		cfg.Width = 32
	}
	if cfg.Width < 1 || cfg.Width > warp.MaxWidth {
		return nil, fmt.Errorf("warp width %d: must be 1..%d", cfg.Width, warp.MaxWidth)
	}
	if cfg.Program == nil || cfg.Kernel == nil {
		return nil, fmt.Errorf("launch: no program or kernel")
	}
	name := cfg.Kernel.Name
	threads := 1
	for i, d := range cfg.Block {
		if d == 0 || cfg.Grid[i] == 0 {
			return nil, fmt.Errorf("kernel %s: grid %v and block %v must be at least 1 in every dimension", name, cfg.Grid, cfg.Block)
		}
		threads *= int(d)
		if threads > 1<<20 {
			return nil, fmt.Errorf("kernel %s: block %v has too many threads", name, cfg.Block)
		}
		if r := cfg.Kernel.ReqNTid[i]; r != 0 && uint32(r) != d {
			return nil, fmt.Errorf("kernel %s: block %v does not match .reqntid %v", name, cfg.Block, cfg.Kernel.ReqNTid)
		}
	}
	if cfg.Global == nil {
		cfg.Global = mem.NewGlobal()
	}
	if cfg.Const == nil {
		cfg.Const = mem.NewSegment(traces.SpaceConst, 0, 0, true)
	}
	if cfg.Params == nil {
		cfg.Params = mem.NewSegment(traces.SpaceParam, 0, cfg.Kernel.ParamSize, true)
	}
	if uint64(len(cfg.Params.Data)) < cfg.Kernel.ParamSize {
		return nil, fmt.Errorf("kernel %s: parameter buffer of %d bytes, the kernel needs %d", name, len(cfg.Params.Data), cfg.Kernel.ParamSize)
	}
	code := cfg.Code
	if code == nil {
		var err error
		if code, err = Compile(cfg.Program, cfg.Kernel, cfg.Width); err != nil {
			return nil, err
		}
	} else if code.width != cfg.Width || code.kernel != cfg.Kernel {
		return nil, fmt.Errorf("kernel %s: compiled code is for another kernel or warp width", name)
	}
	if err := checkTensorModel(code, cfg.Model); err != nil {
		return nil, fmt.Errorf("kernel %s: %v", name, err)
	}
	if err := checkModel(code.models, cfg.Model); err != nil {
		return nil, fmt.Errorf("kernel %s: %v", name, err)
	}
	l := &Launch{cfg: cfg, code: code, threads: threads, warps: (threads + cfg.Width - 1) / cfg.Width,
		counts: warp.NewPCCounts(len(code.ops))}
	l.rows.New = l.newLaneRows
	if cfg.Kernel.Recursive {
		l.stack, l.stackSource = cfg.StackSize, cfg.StackSource
		if l.stack == 0 {
			l.stack = DefaultStackSize
		}
		if l.stackSource == "" {
			l.stackSource = "CUDA's default cudaLimitStackSize"
		}
		if l.stack > 1<<24 {
			return nil, fmt.Errorf("kernel %s: a call stack of %d bytes per thread is more than gpusim allocates (16 MiB)", name, l.stack)
		}
		l.frame = make([]uint64, len(cfg.Kernel.Funcs))
		l.framePtxas = make([]bool, len(cfg.Kernel.Funcs))
		for i, fs := range cfg.Kernel.Funcs {
			if !fs.Recursive {
				continue
			}
			l.frame[i] = max(fs.StackFrame, 8)
			if v, ok := cfg.StackFrames[fs.Name]; ok && v > 0 {
				l.frame[i], l.framePtxas[i] = v, true
			}
		}
	}
	l.bases[traces.SpaceGlobal] = cfg.GlobalVars
	for s := 0; s < spaceCount; s++ {
		l.bases[spaceCount+s] = l.bases[s]
		if w, ok := mem.Window(traces.Space(s)); ok {
			l.bases[spaceCount+s] += w
		}
	}
	return l, nil
}

// Config returns the configuration the launch was made with (defaults filled in).
func (l *Launch) Config() LaunchConfig { return l.cfg }

// Code returns the compiled kernel.
func (l *Launch) Code() *Code { return l.code }

// ThreadsPerBlock is the product of the block dimensions.
func (l *Launch) ThreadsPerBlock() int { return l.threads }

// WarpsPerBlock is ThreadsPerBlock divided by the warp width, rounded up.
func (l *Launch) WarpsPerBlock() int { return l.warps }

// nanoseconds converts cycles of the launch's clock to %globaltimer's
// nanoseconds.
func (l *Launch) nanoseconds(cycles uint64) uint64 {
	if l.cfg.ClockMHz <= 0 {
		return cycles
	}
	return uint64(float64(cycles) * 1000 / l.cfg.ClockMHz)
}
