package amdgpu

import (
	"fmt"
	"github.com/gpusim/gpusim/traces"
	"strconv"
	"strings"
)

// The launch ABI of an AMDGPU kernel: its kernel descriptor (the
// `.amdhsa_kernel` block) and its `amdhsa.kernels` metadata entry, turned
// into Kernel.Params, Kernel.SharedSize and an AMDKernel. Directive names,
// defaults and meanings follow LLVM's AMDGPUUsage ("Code Object V3+ Kernel
// Descriptor" and "Code Object V3+ Metadata").

// amdDesc is one `.amdhsa_kernel NAME` block: its directives and values.
type amdDesc struct {
	name   string
	line   int
	keys   map[string]int64
	lines  map[string]int
	closed bool
}

// amdDescKeys are the directives gpusim understands; any other
// `.amdhsa_*` directive is accepted and ignored only when it cannot change
// what a kernel computes (exception enables, scheduling and cache hints).
var amdDescKeys = [...]string{
	".amdhsa_group_segment_fixed_size", ".amdhsa_private_segment_fixed_size", ".amdhsa_kernarg_size",
	".amdhsa_user_sgpr_count", ".amdhsa_user_sgpr_private_segment_buffer", ".amdhsa_user_sgpr_dispatch_ptr",
	".amdhsa_user_sgpr_queue_ptr", ".amdhsa_user_sgpr_kernarg_segment_ptr", ".amdhsa_user_sgpr_dispatch_id",
	".amdhsa_user_sgpr_flat_scratch_init", ".amdhsa_user_sgpr_private_segment_size",
	".amdhsa_user_sgpr_kernarg_preload_length", ".amdhsa_user_sgpr_kernarg_preload_offset",
	".amdhsa_wavefront_size32", ".amdhsa_uses_dynamic_stack", ".amdhsa_enable_private_segment",
	".amdhsa_system_sgpr_private_segment_wavefront_offset", ".amdhsa_system_sgpr_workgroup_id_x",
	".amdhsa_system_sgpr_workgroup_id_y", ".amdhsa_system_sgpr_workgroup_id_z",
	".amdhsa_system_sgpr_workgroup_info", ".amdhsa_system_vgpr_workitem_id", ".amdhsa_next_free_vgpr",
	".amdhsa_next_free_sgpr", ".amdhsa_accum_offset", ".amdhsa_reserve_vcc", ".amdhsa_reserve_flat_scratch",
	".amdhsa_reserve_xnack_mask", ".amdhsa_float_round_mode_32", ".amdhsa_float_round_mode_16_64",
	".amdhsa_float_denorm_mode_32", ".amdhsa_float_denorm_mode_16_64", ".amdhsa_dx10_clamp",
	".amdhsa_ieee_mode", ".amdhsa_fp16_overflow", ".amdhsa_tg_split", ".amdhsa_workgroup_processor_mode",
	".amdhsa_memory_ordered", ".amdhsa_forward_progress", ".amdhsa_shared_vgpr_count",
	".amdhsa_round_robin_scheduling", ".amdhsa_inst_pref_size",
	".amdhsa_exception_fp_ieee_invalid_op", ".amdhsa_exception_fp_denorm_src",
	".amdhsa_exception_fp_ieee_div_zero", ".amdhsa_exception_fp_ieee_overflow",
	".amdhsa_exception_fp_ieee_underflow", ".amdhsa_exception_fp_ieee_inexact",
	".amdhsa_exception_int_div_zero",
}

// descLine records one directive line of a descriptor block.
func (p *amdParser) descLine(d *amdDesc, line int, text string) error {
	f := strings.Fields(text)
	known := false
	for _, k := range amdDescKeys {
		if k == f[0] {
			known = true
		}
	}
	if !known {
		return &traces.Error{File: p.path, Line: line, Col: 1, Msg: fmt.Sprintf("unknown kernel descriptor directive %s", f[0])}
	}
	if len(f) != 2 {
		return &traces.Error{File: p.path, Line: line, Col: 1, Msg: fmt.Sprintf("%s takes one value", f[0])}
	}
	v, err := strconv.ParseInt(f[1], 0, 64)
	if err != nil {
		return &traces.Error{File: p.path, Line: line, Col: 1, Msg: fmt.Sprintf("%s: value %q is not an integer", f[0], f[1])}
	}
	d.keys[f[0]] = v
	d.lines[f[0]] = line
	return nil
}

// val returns a descriptor value or its default.
func (d *amdDesc) val(key string, def int64) int64 {
	if v, ok := d.keys[key]; ok {
		return v
	}
	return def
}

// waveSize is the kernel's wavefront size.
func (d *amdDesc) waveSize(t traces.AMDTarget) int {
	if t.Family == traces.GFX9 {
		return 64
	}
	if d != nil && d.val(".amdhsa_wavefront_size32", 1) == 0 {
		return 64
	}
	return 32
}

// buildKernel makes the Kernel of a parsed code body from its descriptor
// and metadata.
func (p *amdParser) buildKernel(b *amdBody, d *amdDesc, meta *amdYAML) (*traces.Kernel, error) {
	errAt := func(line int, format string, args ...any) error {
		return &traces.Error{File: p.path, Line: line, Col: 1, Msg: fmt.Sprintf("kernel %s: ", b.name) + fmt.Sprintf(format, args...)}
	}
	a := &traces.AMDKernel{
		Target: p.target.Name, Family: p.target.Family, WaveSize: d.waveSize(p.target),
		KernargSize:         uint64(d.val(".amdhsa_kernarg_size", 0)),
		KernargAlign:        8,
		GroupSegmentSize:    uint64(d.val(".amdhsa_group_segment_fixed_size", 0)),
		PrivateSegmentSize:  uint64(d.val(".amdhsa_private_segment_fixed_size", 0)),
		DynamicStack:        d.val(".amdhsa_uses_dynamic_stack", 0) != 0,
		UserSGPRCount:       int(d.val(".amdhsa_user_sgpr_count", 0)),
		PrivateSegmentBuf:   d.val(".amdhsa_user_sgpr_private_segment_buffer", 0) != 0,
		DispatchPtr:         d.val(".amdhsa_user_sgpr_dispatch_ptr", 0) != 0,
		QueuePtr:            d.val(".amdhsa_user_sgpr_queue_ptr", 0) != 0,
		KernargSegmentPtr:   d.val(".amdhsa_user_sgpr_kernarg_segment_ptr", 0) != 0,
		DispatchID:          d.val(".amdhsa_user_sgpr_dispatch_id", 0) != 0,
		FlatScratchInit:     d.val(".amdhsa_user_sgpr_flat_scratch_init", 0) != 0,
		PrivateSegmentSizeS: d.val(".amdhsa_user_sgpr_private_segment_size", 0) != 0,
		KernargPreload:      int(d.val(".amdhsa_user_sgpr_kernarg_preload_length", 0)),
		KernargPreloadOff:   int(d.val(".amdhsa_user_sgpr_kernarg_preload_offset", 0)),
		WorkgroupID: [3]bool{d.val(".amdhsa_system_sgpr_workgroup_id_x", 1) != 0,
			d.val(".amdhsa_system_sgpr_workgroup_id_y", 0) != 0, d.val(".amdhsa_system_sgpr_workgroup_id_z", 0) != 0},
		WorkgroupInfo:    d.val(".amdhsa_system_sgpr_workgroup_info", 0) != 0,
		PrivateWaveOff:   d.val(".amdhsa_system_sgpr_private_segment_wavefront_offset", 0) != 0 || d.val(".amdhsa_enable_private_segment", 0) != 0,
		ArchitectedSGPRs: p.target.ArchitectedSGPRs(),
		WorkitemIDs:      int(d.val(".amdhsa_system_vgpr_workitem_id", 0)),
		PackedTID:        p.target.PackedTID(),
		NextFreeVGPR:     int(d.val(".amdhsa_next_free_vgpr", 0)),
		NextFreeSGPR:     int(d.val(".amdhsa_next_free_sgpr", 0)),
		AccumOffset:      int(d.val(".amdhsa_accum_offset", 0)),
	}
	// Initial MODE (AMDGPUUsage defaults: round to nearest even, f32
	// denormals flushed, f16/f64 denormals kept, DX10 clamp and IEEE on).
	ieee := d.val(".amdhsa_ieee_mode", 1)
	if p.target.Family == traces.GFX12 {
		ieee = 0 // GFX12 has no IEEE mode bit
	}
	a.Mode = uint32(d.val(".amdhsa_float_round_mode_32", 0)&3) |
		uint32(d.val(".amdhsa_float_round_mode_16_64", 0)&3)<<2 |
		uint32(d.val(".amdhsa_float_denorm_mode_32", 0)&3)<<4 |
		uint32(d.val(".amdhsa_float_denorm_mode_16_64", 3)&3)<<6 |
		uint32(d.val(".amdhsa_dx10_clamp", 1)&1)<<8 |
		uint32(ieee&1)<<9
	if a.WorkitemIDs < 0 || a.WorkitemIDs > 2 {
		return nil, errAt(d.lines[".amdhsa_system_vgpr_workitem_id"], ".amdhsa_system_vgpr_workitem_id must be 0, 1 or 2")
	}
	if n := userSGPRs(a); n > a.UserSGPRCount {
		return nil, errAt(d.line, "the enabled user SGPRs need %d registers but .amdhsa_user_sgpr_count is %d", n, a.UserSGPRCount)
	}
	if a.PrivateSegmentSize > 0 || a.DynamicStack {
		what := fmt.Sprintf("%d bytes of private segment per work-item", a.PrivateSegmentSize)
		if a.DynamicStack {
			what += " and a dynamic stack"
		}
		return nil, errAt(d.line, "kernels that use scratch memory (%s) are not supported yet", what)
	}
	k := &traces.Kernel{Name: b.name, Pos: b.pos, Code: b.code, AMD: a,
		ParamSize: a.KernargSize, SharedSize: a.GroupSegmentSize, DynSharedAlign: 16}
	if meta != nil {
		if err := p.kernelMeta(k, meta); err != nil {
			return nil, err
		}
	}
	if k.ParamSize < a.KernargSize {
		k.ParamSize = a.KernargSize
	}
	return k, nil
}

// userSGPRs counts the SGPRs of the enabled user SGPR inputs.
func userSGPRs(a *traces.AMDKernel) int {
	n := 0
	for _, u := range [...]struct {
		on bool
		n  int
	}{{a.PrivateSegmentBuf, 4}, {a.DispatchPtr, 2}, {a.QueuePtr, 2}, {a.KernargSegmentPtr, 2},
		{a.DispatchID, 2}, {a.FlatScratchInit, 2}, {a.PrivateSegmentSizeS, 1}} {
		if u.on {
			n += u.n
		}
	}
	return n + a.KernargPreload
}

// kernelMeta reads the kernel's `amdhsa.kernels` entry: its arguments
// (explicit ones become Params, hidden ones AMDKernel.Hidden), the kernarg
// segment size and alignment and the register counts.
func (p *amdParser) kernelMeta(k *traces.Kernel, m *amdYAML) error {
	a := k.AMD
	errAt := func(n *amdYAML, format string, args ...any) error {
		line := 0
		if n != nil {
			line = n.line
		}
		return &traces.Error{File: p.path, Line: line, Col: 1, Msg: fmt.Sprintf("kernel %s metadata: ", k.Name) + fmt.Sprintf(format, args...)}
	}
	num := func(n *amdYAML, key string, def uint64) (uint64, error) {
		v := n.get(key)
		if v == nil {
			return def, nil
		}
		x, err := strconv.ParseUint(v.scalar(), 0, 64)
		if err != nil {
			return 0, errAt(v, "%s: %q is not a number", key, v.scalar())
		}
		return x, nil
	}
	var err error
	if a.KernargSize, err = num(m, ".kernarg_segment_size", a.KernargSize); err != nil {
		return err
	}
	if a.KernargAlign, err = num(m, ".kernarg_segment_align", 8); err != nil {
		return err
	}
	var v uint64
	if v, err = num(m, ".vgpr_count", uint64(a.NextFreeVGPR)); err != nil {
		return err
	}
	a.VGPRCount = int(v)
	if v, err = num(m, ".sgpr_count", uint64(a.NextFreeSGPR)); err != nil {
		return err
	}
	a.SGPRCount = int(v)
	if v, err = num(m, ".max_flat_workgroup_size", 1024); err != nil {
		return err
	}
	a.MaxFlatWorkgroupSize = int(v)
	if v, err = num(m, ".uniform_work_group_size", 0); err != nil {
		return err
	}
	a.UniformWorkgroupSize = v != 0
	if ws := m.get(".wavefront_size").scalar(); ws != "" && ws != strconv.Itoa(a.WaveSize) {
		return errAt(m.get(".wavefront_size"), ".wavefront_size %s does not match the kernel descriptor's wave%d", ws, a.WaveSize)
	}
	if r := m.get(".reqd_workgroup_size"); r != nil && len(r.items) == 3 {
		for i, it := range r.items {
			x, err := strconv.ParseUint(it.scalar(), 0, 32)
			if err != nil {
				return errAt(it, ".reqd_workgroup_size: %q is not a number", it.scalar())
			}
			k.ReqNTid[i] = int32(x)
		}
	}
	args := m.get(".args")
	if args == nil {
		return nil
	}
	for i, arg := range args.items {
		off, err := num(arg, ".offset", 0)
		if err != nil {
			return err
		}
		size, err := num(arg, ".size", 0)
		if err != nil {
			return err
		}
		if off+size > a.KernargSize && a.KernargSize > 0 {
			return errAt(arg, "argument %d (offset %d, %d bytes) lies outside the %d-byte kernarg segment", i, off, size, a.KernargSize)
		}
		kind := arg.get(".value_kind").scalar()
		if h, ok := strings.CutPrefix(kind, "hidden_"); ok {
			a.Hidden = append(a.Hidden, traces.AMDHiddenArg{Kind: h, Offset: off, Size: size})
			continue
		}
		name := arg.get(".name").scalar()
		if name == "" {
			name = "arg" + strconv.Itoa(len(k.Params))
		}
		par := traces.Param{Name: name, Offset: off, Size: size, Align: size}
		switch kind {
		case "global_buffer":
			if size != 8 {
				return errAt(arg, "a global_buffer argument of %d bytes (want 8)", size)
			}
			par.Type, par.Pointer, par.Align = traces.U64, true, 8
		case "by_value":
			par.Type = amdArgType(arg.get(".type_name").scalar(), size)
		case "dynamic_shared_pointer":
			if size != 4 {
				return errAt(arg, "a dynamic_shared_pointer argument of %d bytes (want 4)", size)
			}
			par.Type = traces.U32
			a.DynamicSharedArgs = append(a.DynamicSharedArgs, len(k.Params))
		default:
			return errAt(arg, "argument kind %q is not supported yet", kind)
		}
		k.Params = append(k.Params, par)
	}
	return nil
}

// amdArgType is the Type of a by-value argument from its OpenCL/HIP type
// name, or from its size when the name says nothing gpusim knows (an
// aggregate larger than 8 bytes stays B8 with its whole Size).
func amdArgType(name string, size uint64) traces.Type {
	switch strings.TrimSpace(name) {
	case "char", "signed char", "int8_t":
		return traces.S8
	case "uchar", "unsigned char", "uint8_t", "bool":
		return traces.U8
	case "short", "int16_t":
		return traces.S16
	case "ushort", "unsigned short", "uint16_t":
		return traces.U16
	case "int", "int32_t":
		return traces.S32
	case "uint", "unsigned int", "uint32_t":
		return traces.U32
	case "long", "long long", "int64_t":
		return traces.S64
	case "ulong", "unsigned long", "unsigned long long", "uint64_t", "size_t":
		return traces.U64
	case "half", "_Float16":
		return traces.F16
	case "float":
		return traces.F32
	case "double":
		return traces.F64
	}
	switch size {
	case 1:
		return traces.B8
	case 2:
		return traces.B16
	case 4:
		return traces.B32
	case 8:
		return traces.B64
	}
	return traces.B8
}
