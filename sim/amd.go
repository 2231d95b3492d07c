package sim

import (
	"encoding/binary"

	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/mem"
	"github.com/gpusim/gpusim/traces"
	"github.com/gpusim/gpusim/warp/amd"
)

// AMD kernel launches. Prepare builds the kernel's explicit arguments in
// Prepared.Params as for PTX; prepareAMD then does what the HSA/HIP runtime
// does before a dispatch (AMDGPUUsage, "Kernel Dispatch" and "Hidden
// kernel arguments"): it gives every OpenCL __local pointer argument its
// LDS, places the kernarg segment in global memory with the hidden
// arguments filled in, and writes the dispatch packet when the kernel
// descriptor asks for its address.

// AMDLaunch is what an AMD launch adds to Prepared.
type AMDLaunch struct {
	Kernarg     uint64 // address of the kernarg segment in global memory
	DispatchPtr uint64 // address of the dispatch packet, 0 when the kernel does not read it
	DynLDS      uint64 // LDS bytes per workgroup beyond the static LDS (launch shared + __local arguments)
}

// dynLDSAlign is the alignment of each __local argument's LDS (OpenCL's
// largest type, a 16-byte vector).
const dynLDSAlign = 16

// prepareAMD completes an AMD launch (see above).
func (p *Prepared) prepareAMD() error {
	k := p.Kernel
	a := k.AMD
	if err := p.checkAMDMachine(); err != nil {
		return err
	}
	if a.QueuePtr {
		return diag.At(p.Program.Path, 0, 0, "kernel %s reads the HSA queue pointer, which gpusim does not model", k.Name)
	}
	launch := &AMDLaunch{DynLDS: p.Spec.Shared}
	// __local pointer arguments: the launch file gives each one's size;
	// the kernel receives its LDS address.
	lds := k.SharedSize + p.Spec.Shared
	for _, i := range a.DynamicSharedArgs {
		par := k.Params[i]
		b := p.Params.Data[par.Offset : par.Offset+4]
		size := uint64(binary.LittleEndian.Uint32(b))
		lds = (lds + dynLDSAlign - 1) &^ (dynLDSAlign - 1)
		binary.LittleEndian.PutUint32(b, uint32(lds))
		lds += size
	}
	launch.DynLDS = lds - k.SharedSize
	size := max(k.ParamSize, a.KernargSize, 1)
	addr, err := p.Global.Alloc(size, 256)
	if err != nil {
		return err
	}
	seg, err := p.Global.Host(addr, size)
	if err != nil {
		return err
	}
	copy(seg, p.Params.Data)
	for _, h := range a.Hidden {
		v, ok := p.hiddenArg(h.Kind, launch.DynLDS)
		if !ok {
			return diag.At(p.Program.Path, 0, 0, "kernel %s: hidden argument %q is not supported", k.Name, "hidden_"+h.Kind)
		}
		if h.Offset+h.Size > size || h.Size > 8 {
			return diag.At(p.Program.Path, 0, 0, "kernel %s: hidden argument %q lies outside the kernarg segment", k.Name, h.Kind)
		}
		for i := uint64(0); i < h.Size; i++ {
			seg[h.Offset+i] = byte(v >> (8 * i))
		}
	}
	launch.Kernarg = addr
	if a.DispatchPtr {
		if launch.DispatchPtr, err = p.dispatchPacket(addr, launch.DynLDS); err != nil {
			return err
		}
	}
	p.AMD = launch
	return nil
}

// checkAMDMachine rejects a machine model of another generation or one
// that cannot run the kernel's wave size.
func (p *Prepared) checkAMDMachine() error {
	a, m := p.Kernel.AMD, p.Machine
	if mf, ok := traces.AMDTargetFamily(m.GPU.Arch); !ok || mf != a.Family {
		return diag.At(p.Program.Path, 0, 0, "the kernel is compiled for %s (%s) but machine %s (%s) is %s; pick a %s model (gpusim configs lists them)",
			a.Target, a.Family, m.GPU.Arch, m.File(), mf, a.Family)
	}
	sizes := m.GPU.WarpSizes
	if len(sizes) == 0 {
		sizes = []int{m.GPU.WarpSize}
	}
	for _, s := range sizes {
		if s == a.WaveSize {
			return nil
		}
	}
	return diag.At(p.Program.Path, 0, 0, "kernel %s runs in wave%d, machine %s (%s) has wave sizes %v", p.Kernel.Name, a.WaveSize, m.GPU.Arch, m.File(), sizes)
}

// hiddenArg is the value the HSA/HIP runtime gives a hidden kernel
// argument (AMDGPUUsage, "Code Object V5 Metadata", hidden_* kinds):
// the grid in workgroups, the workgroup size, remainders of a grid that is
// no multiple of the workgroup (none: gpusim's grid counts workgroups),
// global offsets 0, the number of grid dimensions, the dynamic LDS size and
// the apertures; the pointers of features gpusim does not model (printf,
// hostcall, heap, queues, multigrid) are null.
func (p *Prepared) hiddenArg(kind string, dynLDS uint64) (uint64, bool) {
	g, b := p.Spec.Grid, p.Spec.Block
	switch kind {
	case "block_count_x", "block_count_y", "block_count_z":
		return uint64(g[kind[len(kind)-1]-'x']), true
	case "group_size_x", "group_size_y", "group_size_z":
		return uint64(b[kind[len(kind)-1]-'x']), true
	case "remainder_x", "remainder_y", "remainder_z",
		"global_offset_x", "global_offset_y", "global_offset_z":
		return 0, true
	case "grid_dims":
		switch {
		case g[2]*b[2] > 1:
			return 3, true
		case g[1]*b[1] > 1:
			return 2, true
		}
		return 1, true
	case "dynamic_lds_size":
		return dynLDS, true
	case "shared_base":
		return mem.SharedWindow >> 32, true
	case "private_base":
		return mem.LocalWindow >> 32, true
	case "printf_buffer", "hostcall_buffer", "multigrid_sync_arg", "heap_v1", "default_queue",
		"completion_action", "queue_ptr", "none":
		return 0, true
	}
	return 0, false
}

// dispatchPacket writes an hsa_kernel_dispatch_packet_t (HSA Platform
// System Architecture Specification 1.2, section 2.9.6: setup dimensions,
// workgroup size, grid size in work-items, segment sizes, kernarg address)
// into global memory and returns its address.
func (p *Prepared) dispatchPacket(kernarg, dynLDS uint64) (uint64, error) {
	addr, err := p.Global.Alloc(64, 64)
	if err != nil {
		return 0, err
	}
	b, err := p.Global.Host(addr, 64)
	if err != nil {
		return 0, err
	}
	g, w := p.Spec.Grid, p.Spec.Block
	dims, _ := p.hiddenArg("grid_dims", dynLDS)
	le := binary.LittleEndian
	le.PutUint16(b[2:], uint16(dims))
	for i := 0; i < 3; i++ {
		le.PutUint16(b[4+2*i:], uint16(w[i]))
		le.PutUint32(b[12+4*i:], g[i]*w[i])
	}
	le.PutUint32(b[24:], uint32(p.Kernel.AMD.PrivateSegmentSize))
	le.PutUint32(b[28:], uint32(p.Kernel.SharedSize+dynLDS))
	le.PutUint64(b[40:], kernarg)
	return addr, nil
}

// newWaveLaunch builds the wave launch of a prepared AMD kernel.
func (p *Prepared) newWaveLaunch() (*amd.Launch, error) {
	return amd.NewLaunch(amd.LaunchConfig{
		Program: p.Program, Kernel: p.Kernel,
		Grid: p.Spec.Grid, Block: p.Spec.Block, DynLDS: p.AMD.DynLDS,
		Global: p.Global, Kernarg: p.AMD.Kernarg, DispatchPtr: p.AMD.DispatchPtr,
		Model: p.Model,
	})
}
