; Hand-written timing fixture (gfx1200, wave32): a workgroup of four waves
; meets at the workgroup barrier; wave 0 first runs a chain of 64 dependent
; v_fma_f32 (64 x the VALU latency), the others wait for it there.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1200"
	.text
	.globl	barrier
	.p2align	8
	.type	barrier,@function
barrier:
	v_readfirstlane_b32 s2, v0
	v_mov_b32_e32 v1, 1.0
	s_cmp_lg_u32 s2, 0
	s_cbranch_scc1 .Lbar
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
	v_fma_f32 v1, v1, v1, v1
.Lbar:
	s_barrier_signal -1
	s_barrier_wait -1
	v_add_f32_e32 v1, 1.0, v1
	s_endpgm

	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel barrier
		.amdhsa_wavefront_size32 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 8
	.end_amdhsa_kernel
