package config

import (
	"fmt"
	"slices"
	"strings"
)

// Vendors.
const (
	VendorNVIDIA = "nvidia"
	VendorAMD    = "amd"
)

// Scheduling policies.
const (
	PolicyLRR      = "lrr"       // loose round robin
	PolicyGTO      = "gto"       // greedy then oldest
	PolicyOldest   = "oldest"    // oldest ready warp first
	PolicyTwoLevel = "two_level" // a small active set, round robin within it
)

// Bank conflict models and bandwidth scopes.
const (
	ConflictNWay = "nway" // k distinct words in one bank: k passes
	ConflictNone = "none" // shared memory never conflicts
	PerGPU       = "gpu"  // DRAM bandwidth shared by the whole GPU
	PerSM        = "sm"   // DRAM bandwidth per SM
)

// validator checks the ranges and cross-references of a decoded Machine.
type validator struct {
	m    *Machine
	errs *errList
	bad  map[string]bool // keys that failed to decode: not checked again
}

// ok reports whether none of the keys (or their tables) failed to decode.
func (v *validator) ok(paths ...[]string) bool {
	for _, p := range paths {
		for n := 1; n <= len(p); n++ {
			if v.bad[keyString(p[:n])] {
				return false
			}
		}
	}
	return true
}

func (v *validator) fail(path []string, format string, args ...any) {
	if !v.ok(path) {
		return
	}
	v.errs.add(v.m.src.origin(path), keyString(path), "%s: %s", keyString(path), fmt.Sprintf(format, args...))
}

// within checks lo <= n <= hi: every count, size and latency has a range
// that keeps the arithmetic built on it exact (see MaxLatency).
func (v *validator) within(n, lo, hi int, path ...string) {
	switch {
	case n < lo:
		v.fail(path, "must be at least %d, got %d", lo, n)
	case n > hi:
		v.fail(path, "must be at most %d, got %d", hi, n)
	}
}

// Ranges of the machine model's numbers, chosen so that no cycle count,
// size or counter built from them can overflow: every latency is at most
// MaxLatency cycles, so a completion time (the clock plus a few
// latencies) stays far below the timing model's cycle limit (2^39, package
// sim); an SM holds at most MaxWarpsPerSM warps and a GPU at most MaxSMs
// SMs, so warp-cycle counters (warps times cycles) stay below 2^63;
// bandwidths lie in [MinBandwidth, MaxBandwidth] bytes per cycle, so a
// transfer's duration in the memory queues' fixed point is exact; shared
// memory sizes fit the 32-bit shared window.
const (
	MaxLatency    = 1 << 20
	MaxSMs        = 4096
	MaxWarpsPerSM = 4096
	MinBandwidth  = 1.0 / 1024
	MaxBandwidth  = 1 << 20
	MaxClockMHz   = 1e6
	maxBytes32    = 1<<32 - 1
)

func (v *validator) oneOf(s, what string, allowed []string, path ...string) {
	if !slices.Contains(allowed, s) {
		v.fail(path, "unknown %s %s (want %s)", what, quoteString(s), orList(allowed))
	}
}

func orList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

func isPow2(n int) bool { return n > 0 && n&(n-1) == 0 }

// validate runs every check; problems land in errs.
func validate(m *Machine, errs *errList, bad map[string]bool) {
	v := &validator{m: m, errs: errs, bad: bad}
	v.gpu()
	v.sm()
	v.scheduler()
	v.units()
	v.opcodes()
	v.memory()
	v.numerics()
	v.kernel()
}

func (v *validator) gpu() {
	g := &v.m.GPU
	if strings.TrimSpace(g.Name) == "" {
		v.fail([]string{"gpu", "name"}, "must not be empty")
	}
	v.oneOf(g.Vendor, "vendor", []string{VendorNVIDIA, VendorAMD}, "gpu", "vendor")
	switch g.Vendor {
	case VendorNVIDIA:
		if !archOK(g.Arch, "sm_", isDigit) {
			v.fail([]string{"gpu", "arch"}, "%s is not an NVIDIA architecture (sm_NN)", quoteString(g.Arch))
		}
	case VendorAMD:
		if !archOK(g.Arch, "gfx", func(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' }) {
			v.fail([]string{"gpu", "arch"}, "%s is not an AMD architecture (gfxNNN)", quoteString(g.Arch))
		}
	}
	v.within(g.SMs, 1, MaxSMs, "gpu", "sms")
	if !(g.ClockMHz > 0) || !(g.ClockMHz <= MaxClockMHz) {
		v.fail([]string{"gpu", "clock_mhz"}, "must be a finite number of MHz above 0 and at most %g, got %s", float64(MaxClockMHz), formatFloat(g.ClockMHz))
	}
	v.within(g.CUsPerWGP, 1, 8, "gpu", "cus_per_wgp")
	if g.CUsPerWGP >= 1 && g.SMs >= 1 && g.SMs%g.CUsPerWGP != 0 && v.ok([]string{"gpu", "sms"}) {
		v.fail([]string{"gpu", "cus_per_wgp"}, "sms %d is not a multiple of %d", g.SMs, g.CUsPerWGP)
	}
	switch {
	case g.Vendor == VendorNVIDIA && g.WarpSize != 32:
		v.fail([]string{"gpu", "warp_size"}, "NVIDIA warps are 32 threads, got %d", g.WarpSize)
	case g.WarpSize != 32 && g.WarpSize != 64:
		v.fail([]string{"gpu", "warp_size"}, "must be 32 or 64, got %d", g.WarpSize)
	}
	if !v.m.src.has([]string{"gpu", "warp_sizes"}) {
		return // the default, [warp_size]
	}
	for i, w := range g.WarpSizes {
		switch {
		case w != 32 && w != 64:
			v.fail([]string{"gpu", "warp_sizes"}, "must hold 32 or 64, got %d", w)
		case slices.Contains(g.WarpSizes[:i], w):
			v.fail([]string{"gpu", "warp_sizes"}, "%d is listed twice", w)
		case g.Vendor == VendorNVIDIA && w != 32:
			v.fail([]string{"gpu", "warp_sizes"}, "NVIDIA warps are 32 threads, got %d", w)
		}
	}
	if !slices.Contains(g.WarpSizes, g.WarpSize) && v.ok([]string{"gpu", "warp_size"}) {
		v.fail([]string{"gpu", "warp_sizes"}, "must include warp_size %d", g.WarpSize)
	}
}

// archOK checks prefix followed by at least two characters, the first a
// digit, all accepted by ok (a final letter is allowed: sm_90a).
func archOK(s, prefix string, ok func(byte) bool) bool {
	rest, found := strings.CutPrefix(s, prefix)
	if !found || len(rest) < 2 || !isDigit(rest[0]) {
		return false
	}
	for i := 0; i < len(rest); i++ {
		if !ok(rest[i]) && !(i == len(rest)-1 && rest[i] >= 'a' && rest[i] <= 'z') {
			return false
		}
	}
	return true
}

func (v *validator) sm() {
	s := &v.m.SM
	v.within(s.Partitions, 1, 64, "sm", "partitions")
	v.within(s.WarpsPerPartition, 1, 1024, "sm", "warps_per_partition")
	v.within(s.MaxThreads, 0, 1<<20, "sm", "max_threads")
	v.within(s.MaxBlocks, 1, 4096, "sm", "max_blocks")
	v.within(s.MaxBlockThreads, 1, 1<<16, "sm", "max_block_threads")
	if s.MaxThreads > 0 && s.MaxBlockThreads > s.MaxThreads && v.ok([]string{"sm", "max_threads"}) {
		v.fail([]string{"sm", "max_block_threads"}, "%d exceeds max_threads %d", s.MaxBlockThreads, s.MaxThreads)
	}
	switch v.m.GPU.Vendor {
	case VendorNVIDIA:
		v.within(s.Registers, 1, 1<<24, "sm", "registers")
		if s.Partitions >= 1 && s.Registers%s.Partitions != 0 && v.ok([]string{"sm", "partitions"}) {
			v.fail([]string{"sm", "registers"}, "%d does not split evenly over %d partitions", s.Registers, s.Partitions)
		}
		v.within(s.RegistersPerThread, 1, 1<<16, "sm", "registers_per_thread")
		v.within(s.RegistersPerBlock, 1, 1<<24, "sm", "registers_per_block")
		v.within(s.RegisterUnit, 1, 1<<16, "sm", "register_unit")
		if v.ok([]string{"sm", "shared_per_block"}) {
			v.within(s.SharedPerBlockOptIn, s.SharedPerBlock, maxBytes32, "sm", "shared_per_block_optin")
		}
		if s.SharedPerBlockOptIn > s.SharedMemory && v.ok([]string{"sm", "shared_memory"}) {
			v.fail([]string{"sm", "shared_per_block_optin"}, "%d exceeds shared_memory %d", s.SharedPerBlockOptIn, s.SharedMemory)
		}
		v.within(s.SharedReserved, 0, maxBytes32, "sm", "shared_reserved")
	case VendorAMD:
		v.within(s.VGPRs, 1, 1<<16, "sm", "vgprs")
		v.within(s.VGPRsPerWave, 1, 1<<16, "sm", "vgprs_per_wave")
		v.within(s.VGPRGranule, 1, 1<<16, "sm", "vgpr_granule")
		for _, w := range v.m.GPU.WarpSizes {
			if w > v.m.GPU.WarpSize && (s.VGPRs*v.m.GPU.WarpSize%w != 0 || s.VGPRGranule*v.m.GPU.WarpSize%w != 0) && v.ok([]string{"sm", "vgprs"}, []string{"gpu"}) {
				v.fail([]string{"sm", "vgpr_granule"}, "vgprs and vgpr_granule must halve evenly for wave%d", w)
			}
		}
		v.within(s.SGPRs, 0, 1<<16, "sm", "sgprs")
		v.within(s.SGPRsPerWave, 1, 1<<16, "sm", "sgprs_per_wave")
		if s.SGPRs > 0 {
			v.within(s.SGPRGranule, 1, 1<<16, "sm", "sgpr_granule")
			if s.SGPRsPerWave > s.SGPRs && v.ok([]string{"sm", "sgprs"}) {
				v.fail([]string{"sm", "sgprs_per_wave"}, "%d exceeds sgprs %d", s.SGPRsPerWave, s.SGPRs)
			}
		}
	}
	v.within(s.SharedMemory, 0, maxBytes32, "sm", "shared_memory")
	v.within(s.SharedPerBlock, 0, maxBytes32, "sm", "shared_per_block")
	if s.SharedPerBlock > s.SharedMemory && v.ok([]string{"sm", "shared_memory"}) {
		v.fail([]string{"sm", "shared_per_block"}, "%d exceeds shared_memory %d", s.SharedPerBlock, s.SharedMemory)
	}
	v.within(s.SharedAllocUnit, 1, maxBytes32, "sm", "shared_alloc_unit")
	v.within(s.SharedBanks, 1, 1024, "sm", "shared_banks")
	v.within(s.SharedBankWidth, 1, 1024, "sm", "shared_bank_width")
	v.within(s.BlockLaunchLatency, 0, MaxLatency, "sm", "block_launch_latency")
	if w := s.Partitions * s.WarpsPerPartition * max(1, v.m.GPU.CUsPerWGP); s.Partitions >= 1 && s.Partitions <= 64 &&
		s.WarpsPerPartition >= 1 && s.WarpsPerPartition <= 1024 && v.m.GPU.CUsPerWGP <= 8 && w > MaxWarpsPerSM &&
		v.ok([]string{"sm", "partitions"}, []string{"sm", "warps_per_partition"}) {
		v.fail([]string{"sm", "warps_per_partition"}, "%d partitions of %d warps (times %d CUs) is %d warps per SM, more than %d", s.Partitions, s.WarpsPerPartition, max(1, v.m.GPU.CUsPerWGP), w, MaxWarpsPerSM)
	}
	if v.m.GPU.Vendor == VendorNVIDIA {
		v.oneOf(s.BarrierArrival, "rule", []string{BarrierPerThread, BarrierPerWarp}, "sm", "barrier_arrival")
	}
}

func (v *validator) scheduler() {
	s := &v.m.Scheduler
	v.oneOf(s.Policy, "policy", []string{PolicyLRR, PolicyGTO, PolicyOldest, PolicyTwoLevel}, "scheduler", "policy")
	v.within(s.IssueWidth, 1, 64, "scheduler", "issue_width")
	v.within(s.IssueInterval, 1, 1024, "scheduler", "issue_interval")
	v.within(s.TwoLevelActive, 0, 1024, "scheduler", "two_level_active")
	v.within(s.TakenBranchPenalty, 0, MaxLatency, "scheduler", "taken_branch_penalty")
	if s.Policy == PolicyTwoLevel {
		v.within(s.TwoLevelActive, 1, 1024, "scheduler", "two_level_active")
		if w := v.m.SM.WarpsPerPartition; w >= 1 && s.TwoLevelActive > w && v.ok([]string{"sm", "warps_per_partition"}) {
			v.fail([]string{"scheduler", "two_level_active"}, "%d exceeds warps_per_partition %d", s.TwoLevelActive, w)
		}
	}
}

func (v *validator) units() {
	if len(v.m.Units) == 0 {
		v.fail([]string{"units"}, "no units defined")
	}
	for i := range v.m.Units {
		u := &v.m.Units[i]
		if keyPiece(u.Name) != u.Name {
			v.fail([]string{"units", u.Name}, "unit names are letters, digits, _ and -")
		}
		v.within(u.Lanes, 1, 1024, "units", u.Name, "lanes")
		v.within(u.Latency, 1, MaxLatency, "units", u.Name, "latency")
		v.within(u.Initiation, 1, MaxLatency, "units", u.Name, "initiation")
		v.within(u.Count, 1, 1024, "units", u.Name, "count")
		v.oneOf(u.Scope, "scope", []string{ScopePartition, ScopeSM}, "units", u.Name, "scope")
	}
}

func (v *validator) opcodes() {
	if len(v.m.Opcodes) == 0 {
		v.fail([]string{"opcodes"}, "no opcodes mapped")
	}
	var names []string
	for _, u := range v.m.Units {
		names = append(names, u.Name)
	}
	for _, k := range sortedKeys(v.m.Opcodes) {
		v.patternKey("opcodes", k)
		if name := v.m.Opcodes[k]; !slices.Contains(names, name) {
			v.fail([]string{"opcodes", k}, "unknown unit %s (units: %s)", quoteString(name), strings.Join(names, ", "))
		}
	}
	for _, k := range sortedKeys(v.m.Latency) {
		v.patternKey("latency", k)
		v.within(v.m.Latency[k], 1, MaxLatency, "latency", k)
	}
	for _, k := range sortedKeys(v.m.Initiation) {
		v.patternKey("initiation", k)
		v.within(v.m.Initiation[k], 1, MaxLatency, "initiation", k)
	}
}

// patternKey checks an instruction key or pattern: not empty, at most one
// '*', and more than a lone '*' (that is what "default" is for).
func (v *validator) patternKey(table, k string) {
	switch {
	case strings.TrimSpace(k) == "":
		v.fail([]string{table, k}, "empty instruction key")
	case strings.Count(k, "*") > 1:
		v.fail([]string{table, k}, "a pattern may hold one '*'")
	case k == "*":
		v.fail([]string{table, k}, "a lone '*' matches everything; use %q", DefaultKey)
	}
}

func (v *validator) memory() {
	mm := &v.m.Memory
	v.within(mm.SharedLatency, 1, MaxLatency, "memory", "shared_latency")
	v.oneOf(mm.BankConflict, "model", []string{ConflictNWay, ConflictNone}, "memory", "bank_conflict")
	v.within(mm.ConstLatency, 1, MaxLatency, "memory", "const_latency")
	if v.m.src.has([]string{"memory", "store_ack_latency"}) {
		v.within(mm.StoreAckLatency, 0, MaxLatency, "memory", "store_ack_latency")
	}
	if v.m.src.has([]string{"memory", "tex_latency"}) {
		v.within(mm.TexLatency, 1, MaxLatency, "memory", "tex_latency")
	}
	v.cache(&mm.L1.Cache, "l1")
	v.cache(&mm.L2.Cache, "l2")
	v.within(mm.L1.CyclesPerLine, 1, 1024, "memory", "l1", "cycles_per_line")
	v.within(mm.L2.Slices, 1, 1<<16, "memory", "l2", "slices")
	bw := mm.L2.SliceBandwidth
	switch {
	case !(bw == 0 || bw >= MinBandwidth && bw <= MaxBandwidth):
		v.fail([]string{"memory", "l2", "slice_bandwidth"}, "must be 0 (unlimited) or from %g to %d bytes per cycle, got %s", MinBandwidth, MaxBandwidth, formatFloat(bw))
	case mm.L2.Slices > 1 && bw == 0 && v.ok([]string{"memory", "l2", "slice_bandwidth"}):
		v.fail([]string{"memory", "l2", "slices"}, "%d slices with unlimited ports (memory.l2.slice_bandwidth = 0) time exactly as one; give each port's bytes per cycle", mm.L2.Slices)
	}
	v.within(mm.DRAM.Latency, 1, MaxLatency, "memory", "dram", "latency")
	if bw := mm.DRAM.Bandwidth; !(bw >= MinBandwidth && bw <= MaxBandwidth) {
		v.fail([]string{"memory", "dram", "bandwidth"}, "must be from %g to %d bytes per cycle, got %s", MinBandwidth, MaxBandwidth, formatFloat(bw))
	}
	v.oneOf(mm.DRAM.BandwidthPer, "scope", []string{PerGPU, PerSM}, "memory", "dram", "bandwidth_per")
}

func (v *validator) cache(c *Cache, name string) {
	v.within(c.Size, 1, 1<<40, "memory", name, "size")
	if !isPow2(c.Line) || c.Line > 1<<16 {
		v.fail([]string{"memory", name, "line"}, "must be a power of two of at most 65536 bytes, got %d", c.Line)
	}
	if !isPow2(c.Sector) || c.Sector > c.Line {
		v.fail([]string{"memory", name, "sector"}, "must be a power of two no larger than line %d, got %d", c.Line, c.Sector)
	}
	v.within(c.Assoc, 1, 1<<16, "memory", name, "assoc")
	if c.Size >= 1 && c.Assoc >= 1 && c.Assoc <= 1<<16 && isPow2(c.Line) && c.Line <= 1<<16 && c.Size%(c.Line*c.Assoc) != 0 && v.ok([]string{"memory", name, "line"}, []string{"memory", name, "assoc"}) {
		v.fail([]string{"memory", name, "size"}, "%d is not a whole number of sets of %d ways x %d bytes", c.Size, c.Assoc, c.Line)
	}
	v.within(c.Latency, 1, MaxLatency, "memory", name, "latency")
	v.oneOf(c.Write, "write policy", []string{WriteThrough, WriteBack}, "memory", name, "write")
}

func (v *validator) numerics() {
	for _, n := range v.m.Numerics.Models() {
		if n.Model != "" && keyPiece(n.Model) != n.Model {
			v.fail([]string{"numerics", n.Family}, "bad model name %s (letters, digits, _ and -)", quoteString(n.Model))
		}
	}
}

func (v *validator) kernel() {
	k := &v.m.Kernel
	v.within(k.Registers, 0, 1<<16, "kernel", "registers")
	limit := v.m.SM.RegistersPerThread
	if v.m.GPU.Vendor == VendorAMD {
		limit = v.m.SM.VGPRsPerWave
	}
	if limit > 0 && k.Registers > limit && v.ok([]string{"sm", "registers_per_thread"}, []string{"sm", "vgprs_per_wave"}) {
		v.fail([]string{"kernel", "registers"}, "%d exceeds the per-thread limit %d", k.Registers, limit)
	}
}
