package cuda

import (
	"strconv"
	"strings"

	"github.com/gpusim/gpusim/sim"
)

// DeviceProp is cudaDeviceProp as the machine model fills it. Fields the
// model has no figure for carry CUDA's usual value for the compute
// capability (named in the comment) or 0 for a feature gpusim does not
// provide (textures, surfaces, cooperative launch, concurrent kernels,
// copy engines: work runs in order).
type DeviceProp struct {
	Name                        string
	TotalGlobalMem              uint64
	SharedMemPerBlock           uint64
	RegsPerBlock                int
	WarpSize                    int
	MemPitch                    uint64
	MaxThreadsPerBlock          int
	MaxThreadsDim               [3]int
	MaxGridSize                 [3]int
	ClockRate                   int // kHz
	TotalConstMem               uint64
	Major, Minor                int
	TextureAlignment            uint64
	TexturePitchAlignment       uint64
	MultiProcessorCount         int
	CanMapHostMemory            int
	UnifiedAddressing           int
	MemoryClockRate             int // kHz
	MemoryBusWidth              int // bits
	L2CacheSize                 int
	MaxThreadsPerMultiProcessor int
	GlobalL1CacheSupported      int
	LocalL1CacheSupported       int
	SharedMemPerMultiprocessor  uint64
	RegsPerMultiprocessor       int
	ManagedMemory               int
	SingleToDoublePerfRatio     int
	DirectManagedMemAccess      int
	SharedMemPerBlockOptin      uint64
	MaxBlocksPerMultiProcessor  int
	ReservedSharedMemPerBlock   uint64
}

// nominalBusBits is the bus width the runtime reports; memoryClockRate is
// derived from it and the model's DRAM bandwidth so that the usual
// 2 x clock x width / 8 gives the model's bandwidth.
const nominalBusBits = 256

// Properties fills cudaDeviceProp from the machine model.
func (r *Runtime) Properties(t Thread, dev int) (p DeviceProp, e Error) {
	e = r.call(t, plain, func() Error {
		if dev != 0 {
			return ErrorInvalidDevice
		}
		p = r.props()
		return Success
	})
	return p, e
}

func (r *Runtime) props() DeviceProp {
	m := r.machine
	major, minor := computeCapability(m.GPU.Arch)
	maxThreadsSM := m.SM.MaxThreads
	if maxThreadsSM == 0 {
		maxThreadsSM = m.MaxWarps() * m.GPU.WarpSize
	}
	bd := maxBlockDims(m.SM.MaxBlockThreads)
	gd := maxGridDims()
	bytesPerSecond := m.DRAMBytesPerCycle() * m.GPU.ClockMHz * 1e6
	ratio := 0
	if fp32, ok := m.UnitIndex("fp32"); ok {
		if fp64, ok := m.UnitIndex("fp64"); ok && m.LanesPerSM(fp64) > 0 {
			ratio = m.LanesPerSM(fp32) / m.LanesPerSM(fp64)
		}
	}
	return DeviceProp{
		Name:                        m.GPU.Name,
		TotalGlobalMem:              r.arena.budget,
		SharedMemPerBlock:           uint64(m.SM.SharedPerBlock),
		RegsPerBlock:                m.SM.RegistersPerBlock,
		WarpSize:                    m.GPU.WarpSize,
		MemPitch:                    1<<31 - 1, // what CUDA reports: INT_MAX
		MaxThreadsPerBlock:          m.SM.MaxBlockThreads,
		MaxThreadsDim:               [3]int{int(bd[0]), int(bd[1]), int(bd[2])},
		MaxGridSize:                 [3]int{int(gd[0]), int(gd[1]), int(gd[2])},
		ClockRate:                   int(m.GPU.ClockMHz * 1000),
		TotalConstMem:               64 << 10, // CUDA guide: 64 KiB of constant memory
		Major:                       major,
		Minor:                       minor,
		TextureAlignment:            512, // CUDA reports 512 on every current GPU
		TexturePitchAlignment:       32,
		MultiProcessorCount:         m.GPU.SMs,
		CanMapHostMemory:            1,
		UnifiedAddressing:           1,
		MemoryClockRate:             int(bytesPerSecond / (2 * nominalBusBits / 8) / 1000),
		MemoryBusWidth:              nominalBusBits,
		L2CacheSize:                 m.Memory.L2.Size,
		MaxThreadsPerMultiProcessor: maxThreadsSM,
		GlobalL1CacheSupported:      1,
		LocalL1CacheSupported:       1,
		SharedMemPerMultiprocessor:  uint64(m.SM.SharedMemory),
		RegsPerMultiprocessor:       m.SM.Registers,
		ManagedMemory:               1,
		SingleToDoublePerfRatio:     ratio,
		DirectManagedMemAccess:      1,
		SharedMemPerBlockOptin:      uint64(m.SM.SharedPerBlockOptIn),
		MaxBlocksPerMultiProcessor:  m.SM.MaxBlocks,
		ReservedSharedMemPerBlock:   uint64(m.SM.SharedReserved),
	}
}

// computeCapability reads "sm_75" as 7, 5 (and "sm_90a" as 9, 0).
func computeCapability(arch string) (int, int) {
	a := strings.TrimRight(strings.TrimPrefix(arch, "sm_"), "abf")
	n, err := strconv.Atoi(a)
	if err != nil {
		return 0, 0
	}
	return n / 10, n % 10
}

// DeviceGetAttribute is cudaDeviceGetAttribute for the cudaDeviceAttr
// values (driver_types.h) the model answers; others are
// cudaErrorInvalidValue.
func (r *Runtime) DeviceGetAttribute(t Thread, attr, dev int) (v int, e Error) {
	e = r.call(t, plain, func() Error {
		if dev != 0 {
			return ErrorInvalidDevice
		}
		p := r.props()
		var ok bool
		v, ok = attribute(&p, attr)
		if !ok {
			return ErrorInvalidValue
		}
		return Success
	})
	return v, e
}

func attribute(p *DeviceProp, attr int) (int, bool) {
	switch attr {
	case 1:
		return p.MaxThreadsPerBlock, true
	case 2, 3, 4:
		return p.MaxThreadsDim[attr-2], true
	case 5, 6, 7:
		return p.MaxGridSize[attr-5], true
	case 8:
		return int(p.SharedMemPerBlock), true
	case 9:
		return int(p.TotalConstMem), true
	case 10:
		return p.WarpSize, true
	case 11:
		return int(p.MemPitch), true
	case 12:
		return p.RegsPerBlock, true
	case 13:
		return p.ClockRate, true
	case 14:
		return int(p.TextureAlignment), true
	case 16:
		return p.MultiProcessorCount, true
	case 19:
		return p.CanMapHostMemory, true
	case 15, 17, 18, 20, 31, 32, 33, 34, 35, 40, 50, 78, 84, 85, 86, 88, 89, 90, 91, 95, 96, 98, 99, 100, 108, 109:
		// overlap, timeout, integrated, compute mode, concurrent kernels,
		// ECC, PCI ids, TCC, copy engines, priorities, multi-GPU board,
		// host atomics, pageable/concurrent managed access, preemption,
		// registered host pointers, cooperative launch, remote flushes,
		// host register, host page tables, persisting L2: none here.
		return 0, true
	case 36:
		return p.MemoryClockRate, true
	case 37:
		return p.MemoryBusWidth, true
	case 38:
		return p.L2CacheSize, true
	case 39:
		return p.MaxThreadsPerMultiProcessor, true
	case 41:
		return p.UnifiedAddressing, true
	case 51:
		return int(p.TexturePitchAlignment), true
	case 75:
		return p.Major, true
	case 76:
		return p.Minor, true
	case 79:
		return p.GlobalL1CacheSupported, true
	case 80:
		return p.LocalL1CacheSupported, true
	case 81:
		return int(p.SharedMemPerMultiprocessor), true
	case 82:
		return p.RegsPerMultiprocessor, true
	case 83:
		return p.ManagedMemory, true
	case 87:
		return p.SingleToDoublePerfRatio, true
	case 97:
		return int(p.SharedMemPerBlockOptin), true
	case 101:
		return p.DirectManagedMemAccess, true
	case 106:
		return p.MaxBlocksPerMultiProcessor, true
	case 111:
		return int(p.ReservedSharedMemPerBlock), true
	}
	return 0, false
}

// GetDeviceCount is cudaGetDeviceCount: one simulated device.
func (r *Runtime) GetDeviceCount(t Thread) (n int, e Error) {
	e = r.call(t, plain, func() Error { n = 1; return Success })
	return n, e
}

// SetDevice is cudaSetDevice (device 0 only); GetDevice is cudaGetDevice.
func (r *Runtime) SetDevice(t Thread, dev int) Error {
	return r.call(t, plain, func() Error {
		if dev != 0 {
			return ErrorInvalidDevice
		}
		return Success
	})
}

func (r *Runtime) GetDevice(t Thread) (dev int, e Error) {
	return 0, r.call(t, plain, func() Error { return Success })
}

// cudaDeviceScheduleMask | cudaDeviceMapHost | cudaDeviceLmemResizeToMax
// (driver_types.h): the flags cudaSetDeviceFlags takes.
const deviceFlagsMask = 0x07 | 0x08 | 0x10

// SetDeviceFlags is cudaSetDeviceFlags: the flags are kept (host memory is
// always mapped here, and scheduling does not apply).
func (r *Runtime) SetDeviceFlags(t Thread, flags uint32) Error {
	return r.call(t, plain, func() Error {
		if flags&^deviceFlagsMask != 0 {
			return ErrorInvalidValue
		}
		r.deviceFlags = flags
		return Success
	})
}

// GetDeviceFlags is cudaGetDeviceFlags.
func (r *Runtime) GetDeviceFlags(t Thread) (flags uint32, e Error) {
	e = r.call(t, plain, func() Error {
		flags = r.deviceFlags | 0x08 // cudaDeviceMapHost: always
		return Success
	})
	return flags, e
}

// Cached is every call that only needs a working context (cudaFree(0),
// cudaSetDeviceFlags, cache preferences): it returns the context's state.
func (r *Runtime) Cached(t Thread) Error {
	return r.call(t, plain, func() Error { return Success })
}

// DeviceReset is cudaDeviceReset: it flushes device printf, frees every
// allocation, destroys streams and events, mends a broken context and
// gives the modules' variables their initial values.
func (r *Runtime) DeviceReset(t Thread) Error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.initErr != nil {
		return r.record(t, ErrorInitializationError)
	}
	r.flushPrintf()
	for _, a := range r.allocationsInOrder() {
		if a.kind != memModule {
			r.release(a)
		}
	}
	clear(r.streams)
	clear(r.events)
	r.resetTextures()
	r.sticky, r.pending = Success, Success
	r.limits = deviceLimits{printfFifo: defaultPrintfFifo, stack: defaultStack, mallocHeap: defaultMallocHeap}
	r.reloadModules()
	for _, f := range r.funcs {
		f.maxDynShared, f.carveout = 0, 0
	}
	return Success
}

// cudaLimit values (driver_types.h).
const (
	limitStackSize      = 0
	limitPrintfFifoSize = 1
	limitMallocHeapSize = 2
)

// SetLimit is cudaDeviceSetLimit for the stack, printf FIFO and malloc
// heap sizes.
func (r *Runtime) SetLimit(t Thread, limit int, value uint64) Error {
	return r.call(t, plain, func() Error {
		switch limit {
		case limitStackSize:
			r.limits.stack = value
		case limitPrintfFifoSize:
			r.limits.printfFifo = value
		case limitMallocHeapSize:
			r.limits.mallocHeap = value
		default:
			return ErrorUnsupportedLimit
		}
		return Success
	})
}

// GetLimit is cudaDeviceGetLimit.
func (r *Runtime) GetLimit(t Thread, limit int) (v uint64, e Error) {
	e = r.call(t, plain, func() Error {
		switch limit {
		case limitStackSize:
			v = r.limits.stack
		case limitPrintfFifoSize:
			v = r.limits.printfFifo
		case limitMallocHeapSize:
			v = r.limits.mallocHeap
		default:
			return ErrorUnsupportedLimit
		}
		return Success
	})
	return v, e
}

// FuncAttributes is cudaFuncAttributes.
type FuncAttributes struct {
	SharedSizeBytes           uint64
	ConstSizeBytes            uint64
	LocalSizeBytes            uint64
	MaxThreadsPerBlock        int
	NumRegs                   int
	PTXVersion                int
	BinaryVersion             int
	MaxDynamicSharedSizeBytes int
	PreferredShmemCarveout    int
}

// kernelOf resolves a host stub for the function API.
func (r *Runtime) kernelOf(fn uint64) (*function, Error) {
	f := r.funcs[fn]
	if f == nil {
		return nil, ErrorInvalidDeviceFunction
	}
	if f.module.err != nil {
		return nil, f.module.errCode
	}
	if f.kernel == nil {
		return nil, ErrorInvalidDeviceFunction
	}
	return f, Success
}

// occupancy is the simulator's occupancy of fn for a block of threads
// threads and dyn bytes of dynamic shared memory.
func (r *Runtime) occupancy(f *function, threads int, dyn uint64) (sim.OccupancyStats, error) {
	p, err := r.dev.Prepare(sim.Launch{
		Module: f.module.mod, Kernel: f.kernel, Grid: Dim3{1, 1, 1}, Block: Dim3{uint32(threads), 1, 1},
		Shared: dyn, Params: make([]byte, f.kernel.ParamSize),
	})
	if err != nil {
		return sim.OccupancyStats{}, err
	}
	f.module.usePtxas(p, r.machine.GPU.Arch)
	_, os, err := p.Occupancy(32)
	return os, err
}

// FuncGetAttributes is cudaFuncGetAttributes: registers and shared memory
// as the simulator accounts for them (the registers the occupancy model
// uses), and the largest block that fits on an SM.
func (r *Runtime) FuncGetAttributes(t Thread, fn uint64) (a FuncAttributes, e Error) {
	e = r.call(t, plain, func() Error {
		f, e := r.kernelOf(fn)
		if e != Success {
			return e
		}
		m, k := r.machine, f.kernel
		best := 0
		var regs int
		for threads := m.SM.MaxBlockThreads; threads >= m.GPU.WarpSize; threads -= m.GPU.WarpSize {
			os, err := r.occupancy(f, threads, 0)
			if err == nil {
				best, regs = threads, os.Registers
				break
			}
			regs = os.Registers
		}
		major, minor := 0, 0
		if v := strings.SplitN(f.module.mod.Program.Version, ".", 2); len(v) == 2 {
			major, _ = strconv.Atoi(v[0])
			minor, _ = strconv.Atoi(v[1])
		}
		cmaj, cmin := computeCapability(m.GPU.Arch)
		maxDyn := f.maxDynShared
		if maxDyn == 0 {
			maxDyn = m.SM.SharedPerBlock - int(k.SharedSize)
		}
		carve := f.carveout
		if carve == 0 {
			carve = -1 // cudaSharedmemCarveoutDefault
		}
		a = FuncAttributes{
			SharedSizeBytes: k.SharedSize, ConstSizeBytes: f.module.mod.Program.ConstSize,
			LocalSizeBytes: k.LocalSize, MaxThreadsPerBlock: best, NumRegs: regs,
			PTXVersion: 10*major + minor, BinaryVersion: 10*cmaj + cmin,
			MaxDynamicSharedSizeBytes: maxDyn, PreferredShmemCarveout: carve,
		}
		return Success
	})
	return a, e
}

// cudaFuncAttribute values (driver_types.h).
const (
	funcAttrMaxDynamicShared = 8
	funcAttrCarveout         = 9
)

// FuncSetAttribute is cudaFuncSetAttribute for the dynamic shared memory
// limit (up to the opt-in limit) and the carve-out preference (kept, not
// modelled).
func (r *Runtime) FuncSetAttribute(t Thread, fn uint64, attr, value int) Error {
	return r.call(t, plain, func() Error {
		f, e := r.kernelOf(fn)
		if e != Success {
			return e
		}
		switch attr {
		case funcAttrMaxDynamicShared:
			if value < 0 || int(f.kernel.SharedSize)+value > r.machine.SM.SharedPerBlockOptIn {
				return ErrorInvalidValue
			}
			f.maxDynShared = value
		case funcAttrCarveout:
			if value < -1 || value > 100 {
				return ErrorInvalidValue
			}
			f.carveout = value
		default:
			return ErrorInvalidValue
		}
		return Success
	})
}

// OccupancyMaxActiveBlocks is cudaOccupancyMaxActiveBlocksPerMultiprocessor
// (WithFlags): the blocks of blockSize threads and dyn bytes of dynamic
// shared memory one SM holds, by the simulator's own occupancy calculator
// (0 when a block does not fit).
func (r *Runtime) OccupancyMaxActiveBlocks(t Thread, fn uint64, blockSize int, dyn uint64) (n int, e Error) {
	e = r.call(t, plain, func() Error {
		f, e := r.kernelOf(fn)
		if e != Success {
			return e
		}
		if blockSize <= 0 {
			return ErrorInvalidValue
		}
		os, err := r.occupancy(f, blockSize, dyn)
		if err == nil {
			n = os.BlocksPerSM
		}
		return Success
	})
	return n, e
}
