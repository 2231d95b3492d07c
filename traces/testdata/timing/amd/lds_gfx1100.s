; Hand-written timing fixture (gfx1100, wave32): every lane stores to and loads
; from LDS at tid * 4 bytes (lds1: 32 banks x 4 B, conflict-free) or at
; tid * 128 bytes (lds32: every lane in bank 0, a 32-way conflict).
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
	.text
	.globl	lds1
	.p2align	8
	.type	lds1,@function
lds1:
	v_lshlrev_b32_e32 v1, 2, v0
	ds_store_b32 v1, v0
	ds_load_b32 v2, v1
	s_waitcnt lgkmcnt(0)
	s_endpgm

	.globl	lds32
	.p2align	8
	.type	lds32,@function
lds32:
	v_lshlrev_b32_e32 v1, 7, v0
	ds_store_b32 v1, v0
	ds_load_b32 v2, v1
	s_waitcnt lgkmcnt(0)
	s_endpgm

	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel lds1
		.amdhsa_group_segment_fixed_size 4096
		.amdhsa_wavefront_size32 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 8
	.end_amdhsa_kernel
	.amdhsa_kernel lds32
		.amdhsa_group_segment_fixed_size 4096
		.amdhsa_wavefront_size32 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 8
	.end_amdhsa_kernel
