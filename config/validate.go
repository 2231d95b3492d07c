package config

import (
	"fmt"
	"math"
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

func (v *validator) atLeast(n, lo int, path ...string) {
	if n < lo {
		v.fail(path, "must be at least %d, got %d", lo, n)
	}
}

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
	v.atLeast(g.SMs, 1, "gpu", "sms")
	if !(g.ClockMHz > 0) {
		v.fail([]string{"gpu", "clock_mhz"}, "must be positive, got %s", formatFloat(g.ClockMHz))
	}
	v.atLeast(g.CUsPerWGP, 1, "gpu", "cus_per_wgp")
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
	v.atLeast(s.Partitions, 1, "sm", "partitions")
	v.atLeast(s.WarpsPerPartition, 1, "sm", "warps_per_partition")
	v.atLeast(s.MaxThreads, 0, "sm", "max_threads")
	v.atLeast(s.MaxBlocks, 1, "sm", "max_blocks")
	v.atLeast(s.MaxBlockThreads, 1, "sm", "max_block_threads")
	if s.MaxThreads > 0 && s.MaxBlockThreads > s.MaxThreads && v.ok([]string{"sm", "max_threads"}) {
		v.fail([]string{"sm", "max_block_threads"}, "%d exceeds max_threads %d", s.MaxBlockThreads, s.MaxThreads)
	}
	switch v.m.GPU.Vendor {
	case VendorNVIDIA:
		v.atLeast(s.Registers, 1, "sm", "registers")
		if s.Partitions >= 1 && s.Registers%s.Partitions != 0 && v.ok([]string{"sm", "partitions"}) {
			v.fail([]string{"sm", "registers"}, "%d does not split evenly over %d partitions", s.Registers, s.Partitions)
		}
		v.atLeast(s.RegistersPerThread, 1, "sm", "registers_per_thread")
		v.atLeast(s.RegistersPerBlock, 1, "sm", "registers_per_block")
		v.atLeast(s.RegisterUnit, 1, "sm", "register_unit")
		if v.ok([]string{"sm", "shared_per_block"}) {
			v.atLeast(s.SharedPerBlockOptIn, s.SharedPerBlock, "sm", "shared_per_block_optin")
		}
		if s.SharedPerBlockOptIn > s.SharedMemory && v.ok([]string{"sm", "shared_memory"}) {
			v.fail([]string{"sm", "shared_per_block_optin"}, "%d exceeds shared_memory %d", s.SharedPerBlockOptIn, s.SharedMemory)
		}
		v.atLeast(s.SharedReserved, 0, "sm", "shared_reserved")
	case VendorAMD:
		v.atLeast(s.VGPRs, 1, "sm", "vgprs")
		v.atLeast(s.VGPRsPerWave, 1, "sm", "vgprs_per_wave")
		v.atLeast(s.VGPRGranule, 1, "sm", "vgpr_granule")
		for _, w := range v.m.GPU.WarpSizes {
			if w > v.m.GPU.WarpSize && (s.VGPRs*v.m.GPU.WarpSize%w != 0 || s.VGPRGranule*v.m.GPU.WarpSize%w != 0) && v.ok([]string{"sm", "vgprs"}, []string{"gpu"}) {
				v.fail([]string{"sm", "vgpr_granule"}, "vgprs and vgpr_granule must halve evenly for wave%d", w)
			}
		}
		v.atLeast(s.SGPRs, 0, "sm", "sgprs")
		v.atLeast(s.SGPRsPerWave, 1, "sm", "sgprs_per_wave")
		if s.SGPRs > 0 {
			v.atLeast(s.SGPRGranule, 1, "sm", "sgpr_granule")
			if s.SGPRsPerWave > s.SGPRs && v.ok([]string{"sm", "sgprs"}) {
				v.fail([]string{"sm", "sgprs_per_wave"}, "%d exceeds sgprs %d", s.SGPRsPerWave, s.SGPRs)
			}
		}
	}
	v.atLeast(s.SharedMemory, 0, "sm", "shared_memory")
	v.atLeast(s.SharedPerBlock, 0, "sm", "shared_per_block")
	if s.SharedPerBlock > s.SharedMemory && v.ok([]string{"sm", "shared_memory"}) {
		v.fail([]string{"sm", "shared_per_block"}, "%d exceeds shared_memory %d", s.SharedPerBlock, s.SharedMemory)
	}
	v.atLeast(s.SharedAllocUnit, 1, "sm", "shared_alloc_unit")
	v.atLeast(s.SharedBanks, 1, "sm", "shared_banks")
	v.atLeast(s.SharedBankWidth, 1, "sm", "shared_bank_width")
	v.atLeast(s.BlockLaunchLatency, 0, "sm", "block_launch_latency")
	if v.m.GPU.Vendor == VendorNVIDIA {
		v.oneOf(s.BarrierArrival, "rule", []string{BarrierPerThread, BarrierPerWarp}, "sm", "barrier_arrival")
	}
}

func (v *validator) scheduler() {
	s := &v.m.Scheduler
	v.oneOf(s.Policy, "policy", []string{PolicyLRR, PolicyGTO, PolicyOldest, PolicyTwoLevel}, "scheduler", "policy")
	v.atLeast(s.IssueWidth, 1, "scheduler", "issue_width")
	v.atLeast(s.IssueInterval, 1, "scheduler", "issue_interval")
	v.atLeast(s.TwoLevelActive, 0, "scheduler", "two_level_active")
	v.atLeast(s.TakenBranchPenalty, 0, "scheduler", "taken_branch_penalty")
	if s.Policy == PolicyTwoLevel {
		v.atLeast(s.TwoLevelActive, 1, "scheduler", "two_level_active")
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
		v.atLeast(u.Lanes, 1, "units", u.Name, "lanes")
		v.atLeast(u.Latency, 1, "units", u.Name, "latency")
		v.atLeast(u.Initiation, 1, "units", u.Name, "initiation")
		v.atLeast(u.Count, 1, "units", u.Name, "count")
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
		v.atLeast(v.m.Latency[k], 1, "latency", k)
	}
	for _, k := range sortedKeys(v.m.Initiation) {
		v.patternKey("initiation", k)
		v.atLeast(v.m.Initiation[k], 1, "initiation", k)
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
	v.atLeast(mm.SharedLatency, 1, "memory", "shared_latency")
	v.oneOf(mm.BankConflict, "model", []string{ConflictNWay, ConflictNone}, "memory", "bank_conflict")
	v.atLeast(mm.ConstLatency, 1, "memory", "const_latency")
	if v.m.src.has([]string{"memory", "store_ack_latency"}) {
		v.atLeast(mm.StoreAckLatency, 0, "memory", "store_ack_latency")
	}
	v.cache(&mm.L1.Cache, "l1")
	v.cache(&mm.L2.Cache, "l2")
	v.atLeast(mm.L1.CyclesPerLine, 1, "memory", "l1", "cycles_per_line")
	v.atLeast(mm.L2.Slices, 1, "memory", "l2", "slices")
	bw := mm.L2.SliceBandwidth
	switch {
	case !(bw >= 0) || math.IsInf(bw, 1):
		v.fail([]string{"memory", "l2", "slice_bandwidth"}, "must be a finite number of bytes per cycle, at least 0 (0: unlimited), got %s", formatFloat(bw))
	case mm.L2.Slices > 1 && bw == 0 && v.ok([]string{"memory", "l2", "slice_bandwidth"}):
		v.fail([]string{"memory", "l2", "slices"}, "%d slices with unlimited ports (memory.l2.slice_bandwidth = 0) time exactly as one; give each port's bytes per cycle", mm.L2.Slices)
	}
	v.atLeast(mm.DRAM.Latency, 1, "memory", "dram", "latency")
	if !(mm.DRAM.Bandwidth > 0) {
		v.fail([]string{"memory", "dram", "bandwidth"}, "must be positive, got %s", formatFloat(mm.DRAM.Bandwidth))
	}
	v.oneOf(mm.DRAM.BandwidthPer, "scope", []string{PerGPU, PerSM}, "memory", "dram", "bandwidth_per")
}

func (v *validator) cache(c *Cache, name string) {
	v.atLeast(c.Size, 1, "memory", name, "size")
	if !isPow2(c.Line) {
		v.fail([]string{"memory", name, "line"}, "must be a power of two, got %d", c.Line)
	}
	if !isPow2(c.Sector) || c.Sector > c.Line {
		v.fail([]string{"memory", name, "sector"}, "must be a power of two no larger than line %d, got %d", c.Line, c.Sector)
	}
	v.atLeast(c.Assoc, 1, "memory", name, "assoc")
	if c.Size >= 1 && c.Assoc >= 1 && isPow2(c.Line) && c.Size%(c.Line*c.Assoc) != 0 && v.ok([]string{"memory", name, "line"}, []string{"memory", name, "assoc"}) {
		v.fail([]string{"memory", name, "size"}, "%d is not a whole number of sets of %d ways x %d bytes", c.Size, c.Assoc, c.Line)
	}
	v.atLeast(c.Latency, 1, "memory", name, "latency")
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
	v.atLeast(k.Registers, 0, "kernel", "registers")
	limit := v.m.SM.RegistersPerThread
	if v.m.GPU.Vendor == VendorAMD {
		limit = v.m.SM.VGPRsPerWave
	}
	if limit > 0 && k.Registers > limit && v.ok([]string{"sm", "registers_per_thread"}, []string{"sm", "vgprs_per_wave"}) {
		v.fail([]string{"kernel", "registers"}, "%d exceeds the per-thread limit %d", k.Registers, limit)
	}
}
