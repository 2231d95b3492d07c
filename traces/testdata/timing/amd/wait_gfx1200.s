; Hand-written timing fixture (gfx1200, wave32): a global load followed by a
; use, with (wait) and without (nowait) an s_wait_loadcnt 0x0 in between.
; Without the wait the use reads v1's old value, 7: out[i] = 8; with it,
; out[i] = in[i] + 1. Kernel storewait stores out[i] = i and waits for the
; store (s_wait_storecnt). Arguments: in, out (global u32 pointers).
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1200"
	.text
	.globl	wait
	.p2align	8
	.type	wait,@function
wait:
	s_load_b128 s[4:7], s[0:1], 0x0
	v_mov_b32_e32 v1, 7
	v_lshlrev_b32_e32 v2, 2, v0
	s_wait_kmcnt 0x0
	global_load_b32 v1, v2, s[4:5]
	s_wait_loadcnt 0x0
	v_add_nc_u32_e32 v3, 1, v1
	global_store_b32 v2, v3, s[6:7]
	s_endpgm

	.globl	nowait
	.p2align	8
	.type	nowait,@function
nowait:
	s_load_b128 s[4:7], s[0:1], 0x0
	v_mov_b32_e32 v1, 7
	v_lshlrev_b32_e32 v2, 2, v0
	s_wait_kmcnt 0x0
	global_load_b32 v1, v2, s[4:5]
	v_add_nc_u32_e32 v3, 1, v1
	global_store_b32 v2, v3, s[6:7]
	s_endpgm

	.globl	storewait
	.p2align	8
	.type	storewait,@function
storewait:
	s_load_b128 s[4:7], s[0:1], 0x0
	v_lshlrev_b32_e32 v2, 2, v0
	s_wait_kmcnt 0x0
	global_store_b32 v2, v0, s[6:7]
	s_wait_storecnt 0x0
	s_endpgm

	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel wait
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_wavefront_size32 1
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 8
	.end_amdhsa_kernel
	.amdhsa_kernel nowait
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_wavefront_size32 1
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 8
	.end_amdhsa_kernel
	.amdhsa_kernel storewait
		.amdhsa_kernarg_size 16
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_wavefront_size32 1
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 8
	.end_amdhsa_kernel
	.text

	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 256
    .name:           wait
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .symbol:         wait.kd
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 32
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 256
    .name:           nowait
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .symbol:         nowait.kd
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 32
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 256
    .name:           storewait
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .symbol:         storewait.kd
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 32
amdhsa.target:   amdgcn-amd-amdhsa--gfx1200
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
