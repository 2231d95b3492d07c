package config

import (
	"fmt"
	"reflect"
)

// NumericsModel is one [numerics] choice: the instruction family (the TOML
// key, e.g. "ex2") and the model name ("" when the file leaves the choice
// to the simulator).
type NumericsModel struct {
	Family string
	Model  string
}

// Models lists the [numerics] choices in schema order, for alu to check the
// names it knows (Machine.Errorf("numerics."+Family, ...) positions a
// complaint).
func (n Numerics) Models() []NumericsModel {
	rv := reflect.ValueOf(n)
	var out []NumericsModel
	for _, f := range fields(rv.Type()) {
		out = append(out, NumericsModel{Family: f.name, Model: rv.FieldByIndex(f.index).String()})
	}
	return out
}

// MaxWarps is the most resident warps (waves) per SM/CU.
func (m *Machine) MaxWarps() int {
	return m.SM.Partitions * m.SM.WarpsPerPartition
}

// unitSpan is how many times a unit class's Count repeats in an SM: once
// per partition, or once for an SM-wide unit.
func (m *Machine) unitSpan(u *Unit) int {
	if u.Scope == ScopeSM {
		return 1
	}
	return m.SM.Partitions
}

// LanesPerSM is the lanes of one unit class in a whole SM/CU: for Turing's
// FP64 (2 lanes, one unit per SM) that is 2.
func (m *Machine) LanesPerSM(unit int) int {
	u := &m.Units[unit]
	return u.Lanes * u.Count * m.unitSpan(u)
}

// UnitsPerSM is how many instances of a unit class an SM/CU has.
func (m *Machine) UnitsPerSM(unit int) int {
	u := &m.Units[unit]
	return u.Count * m.unitSpan(u)
}

// WarpInstsPerCycle is the peak rate at which one SM/CU can start warp
// instructions of the given width on a unit class.
func (m *Machine) WarpInstsPerCycle(unit, width int) float64 {
	u := &m.Units[unit]
	return float64(m.UnitsPerSM(unit)) / float64(u.IssueCycles(width))
}

// DispatchUnits is the number of places blocks are dispatched to: SMs, or
// WGPs when CUs pair up (every CU's resources then pool in twos).
func (m *Machine) DispatchUnits() int {
	return m.GPU.SMs / m.GPU.CUsPerWGP
}

// VGPRs returns an AMD SIMD's VGPR file per lane and the allocation granule
// for a wave size: the configured figures are for the default wave size, and
// a wider wave needs proportionally more of the file per register.
func (m *Machine) VGPRs(waveSize int) (perLane, granule int) {
	if waveSize <= 0 {
		waveSize = m.GPU.WarpSize
	}
	return m.SM.VGPRs * m.GPU.WarpSize / waveSize, m.SM.VGPRGranule * m.GPU.WarpSize / waveSize
}

// DRAMBytesPerCycle is the DRAM bandwidth available to the whole GPU, in
// bytes per core cycle.
func (m *Machine) DRAMBytesPerCycle() float64 {
	if m.Memory.DRAM.BandwidthPer == PerSM {
		return m.Memory.DRAM.Bandwidth * float64(m.GPU.SMs)
	}
	return m.Memory.DRAM.Bandwidth
}

// File is the name of the file the machine was read from (the preset's
// file name for a preset).
func (m *Machine) File() string { return m.src.file }

// Overrides are the `-set` overrides applied, as given.
func (m *Machine) Overrides() []string {
	out := make([]string, len(m.src.sets))
	for i, o := range m.src.sets {
		out[i] = o.raw
	}
	return out
}

// Summary is a one-line description: the GPU and its main figures.
func (m *Machine) Summary() string {
	g := &m.GPU
	what, part := "SMs", "sub-cores"
	if g.Vendor == VendorAMD {
		what, part = "CUs", "SIMDs"
	}
	ws := fmt.Sprint(g.WarpSize)
	if len(g.WarpSizes) > 1 {
		ws = fmt.Sprint(g.WarpSizes)
	}
	return fmt.Sprintf("%s, %s: %d %s x %d %s, %g MHz, warp %s", g.Name, g.Arch, g.SMs, what, m.SM.Partitions, part, g.ClockMHz, ws)
}
