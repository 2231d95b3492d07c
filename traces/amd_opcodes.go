// The AMDGPU opcode table. Add an instruction here, give it a spelling in
// amdgpu_spell.go and semantics in warp (wave_compile.go); the llvm-mc probe
// test (amdgpu_llvm_test.go) checks the spellings against LLVM.

package traces

// AMDGPU opcodes, one per instruction (generation-independent: a renamed
// instruction such as s_andn2_saveexec_b64 / s_and_not1_saveexec_b64 is one
// opcode). Their canonical names, encodings and operand signatures are in
// amdOpTable; the spellings each target accepts are in amdSpellings.
const (
	OpSMovB32                  Opcode = OpAMDBase + iota // s_mov_b32
	OpSMovB64                                            // s_mov_b64
	OpSCmovB32                                           // s_cmov_b32
	OpSCmovB64                                           // s_cmov_b64
	OpSNotB32                                            // s_not_b32
	OpSNotB64                                            // s_not_b64
	OpSWqmB32                                            // s_wqm_b32
	OpSWqmB64                                            // s_wqm_b64
	OpSBrevB32                                           // s_brev_b32
	OpSBrevB64                                           // s_brev_b64
	OpSBcnt0I32B32                                       // s_bcnt0_i32_b32
	OpSBcnt0I32B64                                       // s_bcnt0_i32_b64
	OpSBcnt1I32B32                                       // s_bcnt1_i32_b32
	OpSBcnt1I32B64                                       // s_bcnt1_i32_b64
	OpSFf0I32B32                                         // s_ff0_i32_b32
	OpSFf1I32B32                                         // s_ff1_i32_b32
	OpSFf1I32B64                                         // s_ff1_i32_b64
	OpSFlbitI32B32                                       // s_flbit_i32_b32
	OpSFlbitI32B64                                       // s_flbit_i32_b64
	OpSFlbitI32                                          // s_flbit_i32
	OpSSextI32I8                                         // s_sext_i32_i8
	OpSSextI32I16                                        // s_sext_i32_i16
	OpSBitset0B32                                        // s_bitset0_b32
	OpSBitset1B32                                        // s_bitset1_b32
	OpSAbsI32                                            // s_abs_i32
	OpSQuadmaskB32                                       // s_quadmask_b32
	OpSQuadmaskB64                                       // s_quadmask_b64
	OpSGetpcB64                                          // s_getpc_b64
	OpSSetpcB64                                          // s_setpc_b64
	OpSSwappcB64                                         // s_swappc_b64
	OpSAndSaveexecB32                                    // s_and_saveexec_b32
	OpSOrSaveexecB32                                     // s_or_saveexec_b32
	OpSXorSaveexecB32                                    // s_xor_saveexec_b32
	OpSAndn2SaveexecB32                                  // s_andn2_saveexec_b32
	OpSOrn2SaveexecB32                                   // s_orn2_saveexec_b32
	OpSNandSaveexecB32                                   // s_nand_saveexec_b32
	OpSNorSaveexecB32                                    // s_nor_saveexec_b32
	OpSXnorSaveexecB32                                   // s_xnor_saveexec_b32
	OpSAndn1SaveexecB32                                  // s_andn1_saveexec_b32
	OpSOrn1SaveexecB32                                   // s_orn1_saveexec_b32
	OpSAndn1WrexecB32                                    // s_andn1_wrexec_b32
	OpSAndn2WrexecB32                                    // s_andn2_wrexec_b32
	OpSAndSaveexecB64                                    // s_and_saveexec_b64
	OpSOrSaveexecB64                                     // s_or_saveexec_b64
	OpSXorSaveexecB64                                    // s_xor_saveexec_b64
	OpSAndn2SaveexecB64                                  // s_andn2_saveexec_b64
	OpSOrn2SaveexecB64                                   // s_orn2_saveexec_b64
	OpSNandSaveexecB64                                   // s_nand_saveexec_b64
	OpSNorSaveexecB64                                    // s_nor_saveexec_b64
	OpSXnorSaveexecB64                                   // s_xnor_saveexec_b64
	OpSAndn1SaveexecB64                                  // s_andn1_saveexec_b64
	OpSOrn1SaveexecB64                                   // s_orn1_saveexec_b64
	OpSAndn1WrexecB64                                    // s_andn1_wrexec_b64
	OpSAndn2WrexecB64                                    // s_andn2_wrexec_b64
	OpSAddU32                                            // s_add_u32
	OpSSubU32                                            // s_sub_u32
	OpSAddI32                                            // s_add_i32
	OpSSubI32                                            // s_sub_i32
	OpSAddcU32                                           // s_addc_u32
	OpSSubbU32                                           // s_subb_u32
	OpSAddNcU64                                          // s_add_nc_u64
	OpSSubNcU64                                          // s_sub_nc_u64
	OpSMulU64                                            // s_mul_u64
	OpSMinI32                                            // s_min_i32
	OpSMinU32                                            // s_min_u32
	OpSMaxI32                                            // s_max_i32
	OpSMaxU32                                            // s_max_u32
	OpSCselectB32                                        // s_cselect_b32
	OpSCselectB64                                        // s_cselect_b64
	OpSAndB32                                            // s_and_b32
	OpSOrB32                                             // s_or_b32
	OpSXorB32                                            // s_xor_b32
	OpSAndn2B32                                          // s_andn2_b32
	OpSOrn2B32                                           // s_orn2_b32
	OpSNandB32                                           // s_nand_b32
	OpSNorB32                                            // s_nor_b32
	OpSXnorB32                                           // s_xnor_b32
	OpSAndB64                                            // s_and_b64
	OpSOrB64                                             // s_or_b64
	OpSXorB64                                            // s_xor_b64
	OpSAndn2B64                                          // s_andn2_b64
	OpSOrn2B64                                           // s_orn2_b64
	OpSNandB64                                           // s_nand_b64
	OpSNorB64                                            // s_nor_b64
	OpSXnorB64                                           // s_xnor_b64
	OpSLshlB32                                           // s_lshl_b32
	OpSLshlB64                                           // s_lshl_b64
	OpSLshrB32                                           // s_lshr_b32
	OpSLshrB64                                           // s_lshr_b64
	OpSAshrI32                                           // s_ashr_i32
	OpSAshrI64                                           // s_ashr_i64
	OpSBfmB32                                            // s_bfm_b32
	OpSBfmB64                                            // s_bfm_b64
	OpSMulI32                                            // s_mul_i32
	OpSMulHiU32                                          // s_mul_hi_u32
	OpSMulHiI32                                          // s_mul_hi_i32
	OpSBfeU32                                            // s_bfe_u32
	OpSBfeI32                                            // s_bfe_i32
	OpSBfeU64                                            // s_bfe_u64
	OpSBfeI64                                            // s_bfe_i64
	OpSAbsdiffI32                                        // s_absdiff_i32
	OpSLshl1AddU32                                       // s_lshl1_add_u32
	OpSLshl2AddU32                                       // s_lshl2_add_u32
	OpSLshl3AddU32                                       // s_lshl3_add_u32
	OpSLshl4AddU32                                       // s_lshl4_add_u32
	OpSPackLlB32B16                                      // s_pack_ll_b32_b16
	OpSPackLhB32B16                                      // s_pack_lh_b32_b16
	OpSPackHhB32B16                                      // s_pack_hh_b32_b16
	OpSPackHlB32B16                                      // s_pack_hl_b32_b16
	OpSCmpEqI32                                          // s_cmp_eq_i32
	OpSCmpkEqI32                                         // s_cmpk_eq_i32
	OpSCmpEqU32                                          // s_cmp_eq_u32
	OpSCmpkEqU32                                         // s_cmpk_eq_u32
	OpSCmpLgI32                                          // s_cmp_lg_i32
	OpSCmpkLgI32                                         // s_cmpk_lg_i32
	OpSCmpLgU32                                          // s_cmp_lg_u32
	OpSCmpkLgU32                                         // s_cmpk_lg_u32
	OpSCmpGtI32                                          // s_cmp_gt_i32
	OpSCmpkGtI32                                         // s_cmpk_gt_i32
	OpSCmpGtU32                                          // s_cmp_gt_u32
	OpSCmpkGtU32                                         // s_cmpk_gt_u32
	OpSCmpGeI32                                          // s_cmp_ge_i32
	OpSCmpkGeI32                                         // s_cmpk_ge_i32
	OpSCmpGeU32                                          // s_cmp_ge_u32
	OpSCmpkGeU32                                         // s_cmpk_ge_u32
	OpSCmpLtI32                                          // s_cmp_lt_i32
	OpSCmpkLtI32                                         // s_cmpk_lt_i32
	OpSCmpLtU32                                          // s_cmp_lt_u32
	OpSCmpkLtU32                                         // s_cmpk_lt_u32
	OpSCmpLeI32                                          // s_cmp_le_i32
	OpSCmpkLeI32                                         // s_cmpk_le_i32
	OpSCmpLeU32                                          // s_cmp_le_u32
	OpSCmpkLeU32                                         // s_cmpk_le_u32
	OpSCmpEqU64                                          // s_cmp_eq_u64
	OpSCmpLgU64                                          // s_cmp_lg_u64
	OpSBitcmp0B32                                        // s_bitcmp0_b32
	OpSBitcmp1B32                                        // s_bitcmp1_b32
	OpSBitcmp0B64                                        // s_bitcmp0_b64
	OpSBitcmp1B64                                        // s_bitcmp1_b64
	OpSMovkI32                                           // s_movk_i32
	OpSCmovkI32                                          // s_cmovk_i32
	OpSAddkI32                                           // s_addk_i32
	OpSMulkI32                                           // s_mulk_i32
	OpSGetregB32                                         // s_getreg_b32
	OpSSetregB32                                         // s_setreg_b32
	OpSSetregImm32B32                                    // s_setreg_imm32_b32
	OpSWaitcntVscnt                                      // s_waitcnt_vscnt
	OpSWaitcntVmcnt                                      // s_waitcnt_vmcnt
	OpSWaitcntExpcnt                                     // s_waitcnt_expcnt
	OpSWaitcntLgkmcnt                                    // s_waitcnt_lgkmcnt
	OpSVersion                                           // s_version
	OpSNop                                               // s_nop
	OpSEndpgm                                            // s_endpgm
	OpSCodeEnd                                           // s_code_end
	OpSBranch                                            // s_branch
	OpSCbranchScc0                                       // s_cbranch_scc0
	OpSCbranchScc1                                       // s_cbranch_scc1
	OpSCbranchVccz                                       // s_cbranch_vccz
	OpSCbranchVccnz                                      // s_cbranch_vccnz
	OpSCbranchExecz                                      // s_cbranch_execz
	OpSCbranchExecnz                                     // s_cbranch_execnz
	OpSBarrier                                           // s_barrier
	OpSBarrierSignal                                     // s_barrier_signal
	OpSBarrierWait                                       // s_barrier_wait
	OpSWaitcnt                                           // s_waitcnt
	OpSWaitLoadcnt                                       // s_wait_loadcnt
	OpSWaitStorecnt                                      // s_wait_storecnt
	OpSWaitKmcnt                                         // s_wait_kmcnt
	OpSWaitDscnt                                         // s_wait_dscnt
	OpSWaitExpcnt                                        // s_wait_expcnt
	OpSWaitSamplecnt                                     // s_wait_samplecnt
	OpSWaitBvhcnt                                        // s_wait_bvhcnt
	OpSWaitLoadcntDscnt                                  // s_wait_loadcnt_dscnt
	OpSWaitStorecntDscnt                                 // s_wait_storecnt_dscnt
	OpSWaitAlu                                           // s_wait_alu
	OpSWaitIdle                                          // s_wait_idle
	OpSDelayAlu                                          // s_delay_alu
	OpSClause                                            // s_clause
	OpSWaitcntDepctr                                     // s_waitcnt_depctr
	OpSSleep                                             // s_sleep
	OpSSetprio                                           // s_setprio
	OpSSendmsg                                           // s_sendmsg
	OpSTrap                                              // s_trap
	OpSIcacheInv                                         // s_icache_inv
	OpSDenormMode                                        // s_denorm_mode
	OpSRoundMode                                         // s_round_mode
	OpSSetInstPrefetchDistance                           // s_set_inst_prefetch_distance
	OpSInstPrefetch                                      // s_inst_prefetch
	OpSTtracedata                                        // s_ttracedata
	OpSLoadB32                                           // s_load_dword
	OpSLoadB64                                           // s_load_dwordx2
	OpSLoadB96                                           // s_load_b96
	OpSLoadB128                                          // s_load_dwordx4
	OpSLoadB256                                          // s_load_dwordx8
	OpSLoadB512                                          // s_load_dwordx16
	OpSDcacheInv                                         // s_dcache_inv
	OpSDcacheWb                                          // s_dcache_wb
	OpSGl1Inv                                            // s_gl1_inv
	OpSMemtime                                           // s_memtime
	OpSMemrealtime                                       // s_memrealtime
	OpVNop                                               // v_nop
	OpVMovB32                                            // v_mov_b32
	OpVMovB64                                            // v_mov_b64
	OpVReadfirstlaneB32                                  // v_readfirstlane_b32
	OpVNotB32                                            // v_not_b32
	OpVBfrevB32                                          // v_bfrev_b32
	OpVFfbhU32                                           // v_ffbh_u32
	OpVFfblB32                                           // v_ffbl_b32
	OpVFfbhI32                                           // v_ffbh_i32
	OpVCvtF32I32                                         // v_cvt_f32_i32
	OpVCvtF32U32                                         // v_cvt_f32_u32
	OpVCvtI32F32                                         // v_cvt_i32_f32
	OpVCvtU32F32                                         // v_cvt_u32_f32
	OpVCvtF64F32                                         // v_cvt_f64_f32
	OpVCvtF32F64                                         // v_cvt_f32_f64
	OpVCvtF64I32                                         // v_cvt_f64_i32
	OpVCvtF64U32                                         // v_cvt_f64_u32
	OpVCvtI32F64                                         // v_cvt_i32_f64
	OpVCvtU32F64                                         // v_cvt_u32_f64
	OpVCvtF16F32                                         // v_cvt_f16_f32
	OpVCvtF32F16                                         // v_cvt_f32_f16
	OpVCvtF32Ubyte0                                      // v_cvt_f32_ubyte0
	OpVCvtF32Ubyte1                                      // v_cvt_f32_ubyte1
	OpVCvtF32Ubyte2                                      // v_cvt_f32_ubyte2
	OpVCvtF32Ubyte3                                      // v_cvt_f32_ubyte3
	OpVCvtFlrI32F32                                      // v_cvt_flr_i32_f32
	OpVCvtRpiI32F32                                      // v_cvt_rpi_i32_f32
	OpVRcpF32                                            // v_rcp_f32
	OpVRcpIflagF32                                       // v_rcp_iflag_f32
	OpVRsqF32                                            // v_rsq_f32
	OpVSqrtF32                                           // v_sqrt_f32
	OpVExpF32                                            // v_exp_f32
	OpVLogF32                                            // v_log_f32
	OpVSinF32                                            // v_sin_f32
	OpVCosF32                                            // v_cos_f32
	OpVFractF32                                          // v_fract_f32
	OpVTruncF32                                          // v_trunc_f32
	OpVCeilF32                                           // v_ceil_f32
	OpVRndneF32                                          // v_rndne_f32
	OpVFloorF32                                          // v_floor_f32
	OpVFrexpMantF32                                      // v_frexp_mant_f32
	OpVFrexpExpI32F32                                    // v_frexp_exp_i32_f32
	OpVRcpF64                                            // v_rcp_f64
	OpVRsqF64                                            // v_rsq_f64
	OpVSqrtF64                                           // v_sqrt_f64
	OpVFractF64                                          // v_fract_f64
	OpVTruncF64                                          // v_trunc_f64
	OpVCeilF64                                           // v_ceil_f64
	OpVRndneF64                                          // v_rndne_f64
	OpVFloorF64                                          // v_floor_f64
	OpVFrexpMantF64                                      // v_frexp_mant_f64
	OpVFrexpExpI32F64                                    // v_frexp_exp_i32_f64
	OpVAddF32                                            // v_add_f32
	OpVSubF32                                            // v_sub_f32
	OpVSubrevF32                                         // v_subrev_f32
	OpVMulF32                                            // v_mul_f32
	OpVMulLegacyF32                                      // v_mul_legacy_f32
	OpVMinF32                                            // v_min_f32
	OpVMaxF32                                            // v_max_f32
	OpVFmacF32                                           // v_fmac_f32
	OpVMacF32                                            // v_mac_f32
	OpVMadmkF32                                          // v_madmk_f32
	OpVMadakF32                                          // v_madak_f32
	OpVFmamkF32                                          // v_fmamk_f32
	OpVFmaakF32                                          // v_fmaak_f32
	OpVLdexpF32                                          // v_ldexp_f32
	OpVCndmaskB32                                        // v_cndmask_b32
	OpVAddU32                                            // v_add_u32
	OpVSubU32                                            // v_sub_u32
	OpVSubrevU32                                         // v_subrev_u32
	OpVAndB32                                            // v_and_b32
	OpVOrB32                                             // v_or_b32
	OpVXorB32                                            // v_xor_b32
	OpVXnorB32                                           // v_xnor_b32
	OpVLshlrevB32                                        // v_lshlrev_b32
	OpVLshrrevB32                                        // v_lshrrev_b32
	OpVAshrrevI32                                        // v_ashrrev_i32
	OpVMinI32                                            // v_min_i32
	OpVMaxI32                                            // v_max_i32
	OpVMinU32                                            // v_min_u32
	OpVMaxU32                                            // v_max_u32
	OpVMulI32I24                                         // v_mul_i32_i24
	OpVMulU32U24                                         // v_mul_u32_u24
	OpVMulHiI32I24                                       // v_mul_hi_i32_i24
	OpVMulHiU32U24                                       // v_mul_hi_u32_u24
	OpVBcntU32B32                                        // v_bcnt_u32_b32
	OpVBfmB32                                            // v_bfm_b32
	OpVMbcntLoU32B32                                     // v_mbcnt_lo_u32_b32
	OpVMbcntHiU32B32                                     // v_mbcnt_hi_u32_b32
	OpVAddCoU32                                          // v_add_co_u32
	OpVSubCoU32                                          // v_sub_co_u32
	OpVSubrevCoU32                                       // v_subrev_co_u32
	OpVAddcCoU32                                         // v_addc_co_u32
	OpVSubbCoU32                                         // v_subb_co_u32
	OpVSubbrevCoU32                                      // v_subbrev_co_u32
	OpVLshlrevB64                                        // v_lshlrev_b64
	OpVLshrrevB64                                        // v_lshrrev_b64
	OpVAshrrevI64                                        // v_ashrrev_i64
	OpVAddF64                                            // v_add_f64
	OpVMulF64                                            // v_mul_f64
	OpVMinF64                                            // v_min_f64
	OpVMaxF64                                            // v_max_f64
	OpVFmacF64                                           // v_fmac_f64
	OpVLdexpF64                                          // v_ldexp_f64
	OpVFmaF32                                            // v_fma_f32
	OpVMadF32                                            // v_mad_f32
	OpVMadLegacyF32                                      // v_mad_legacy_f32
	OpVDivFmasF32                                        // v_div_fmas_f32
	OpVDivFixupF32                                       // v_div_fixup_f32
	OpVMin3F32                                           // v_min3_f32
	OpVMax3F32                                           // v_max3_f32
	OpVMed3F32                                           // v_med3_f32
	OpVDivScaleF32                                       // v_div_scale_f32
	OpVFmaF64                                            // v_fma_f64
	OpVDivFmasF64                                        // v_div_fmas_f64
	OpVDivFixupF64                                       // v_div_fixup_f64
	OpVDivScaleF64                                       // v_div_scale_f64
	OpVBfeU32                                            // v_bfe_u32
	OpVBfeI32                                            // v_bfe_i32
	OpVBfiB32                                            // v_bfi_b32
	OpVAlignbitB32                                       // v_alignbit_b32
	OpVAlignbyteB32                                      // v_alignbyte_b32
	OpVMin3I32                                           // v_min3_i32
	OpVMin3U32                                           // v_min3_u32
	OpVMax3I32                                           // v_max3_i32
	OpVMax3U32                                           // v_max3_u32
	OpVMed3I32                                           // v_med3_i32
	OpVMed3U32                                           // v_med3_u32
	OpVLshlAddU32                                        // v_lshl_add_u32
	OpVAddLshlU32                                        // v_add_lshl_u32
	OpVAdd3U32                                           // v_add3_u32
	OpVLshlOrB32                                         // v_lshl_or_b32
	OpVAndOrB32                                          // v_and_or_b32
	OpVOr3B32                                            // v_or3_b32
	OpVXor3B32                                           // v_xor3_b32
	OpVXadU32                                            // v_xad_u32
	OpVMadU32U24                                         // v_mad_u32_u24
	OpVMadI32I24                                         // v_mad_i32_i24
	OpVPermB32                                           // v_perm_b32
	OpVMulLoU32                                          // v_mul_lo_u32
	OpVMulHiU32                                          // v_mul_hi_u32
	OpVMulHiI32                                          // v_mul_hi_i32
	OpVMadU64U32                                         // v_mad_u64_u32
	OpVMadI64I32                                         // v_mad_i64_i32
	OpVLshlAddU64                                        // v_lshl_add_u64
	OpVReadlaneB32                                       // v_readlane_b32
	OpVWritelaneB32                                      // v_writelane_b32
	OpVCmpFF32                                           // v_cmp_f_f32
	OpVCmpLtF32                                          // v_cmp_lt_f32
	OpVCmpEqF32                                          // v_cmp_eq_f32
	OpVCmpLeF32                                          // v_cmp_le_f32
	OpVCmpGtF32                                          // v_cmp_gt_f32
	OpVCmpLgF32                                          // v_cmp_lg_f32
	OpVCmpGeF32                                          // v_cmp_ge_f32
	OpVCmpOF32                                           // v_cmp_o_f32
	OpVCmpUF32                                           // v_cmp_u_f32
	OpVCmpNgeF32                                         // v_cmp_nge_f32
	OpVCmpNlgF32                                         // v_cmp_nlg_f32
	OpVCmpNgtF32                                         // v_cmp_ngt_f32
	OpVCmpNleF32                                         // v_cmp_nle_f32
	OpVCmpNeqF32                                         // v_cmp_neq_f32
	OpVCmpNltF32                                         // v_cmp_nlt_f32
	OpVCmpTruF32                                         // v_cmp_tru_f32
	OpVCmpFF64                                           // v_cmp_f_f64
	OpVCmpLtF64                                          // v_cmp_lt_f64
	OpVCmpEqF64                                          // v_cmp_eq_f64
	OpVCmpLeF64                                          // v_cmp_le_f64
	OpVCmpGtF64                                          // v_cmp_gt_f64
	OpVCmpLgF64                                          // v_cmp_lg_f64
	OpVCmpGeF64                                          // v_cmp_ge_f64
	OpVCmpOF64                                           // v_cmp_o_f64
	OpVCmpUF64                                           // v_cmp_u_f64
	OpVCmpNgeF64                                         // v_cmp_nge_f64
	OpVCmpNlgF64                                         // v_cmp_nlg_f64
	OpVCmpNgtF64                                         // v_cmp_ngt_f64
	OpVCmpNleF64                                         // v_cmp_nle_f64
	OpVCmpNeqF64                                         // v_cmp_neq_f64
	OpVCmpNltF64                                         // v_cmp_nlt_f64
	OpVCmpTruF64                                         // v_cmp_tru_f64
	OpVCmpFI32                                           // v_cmp_f_i32
	OpVCmpLtI32                                          // v_cmp_lt_i32
	OpVCmpEqI32                                          // v_cmp_eq_i32
	OpVCmpLeI32                                          // v_cmp_le_i32
	OpVCmpGtI32                                          // v_cmp_gt_i32
	OpVCmpNeI32                                          // v_cmp_ne_i32
	OpVCmpGeI32                                          // v_cmp_ge_i32
	OpVCmpTI32                                           // v_cmp_t_i32
	OpVCmpFU32                                           // v_cmp_f_u32
	OpVCmpLtU32                                          // v_cmp_lt_u32
	OpVCmpEqU32                                          // v_cmp_eq_u32
	OpVCmpLeU32                                          // v_cmp_le_u32
	OpVCmpGtU32                                          // v_cmp_gt_u32
	OpVCmpNeU32                                          // v_cmp_ne_u32
	OpVCmpGeU32                                          // v_cmp_ge_u32
	OpVCmpTU32                                           // v_cmp_t_u32
	OpVCmpFI64                                           // v_cmp_f_i64
	OpVCmpLtI64                                          // v_cmp_lt_i64
	OpVCmpEqI64                                          // v_cmp_eq_i64
	OpVCmpLeI64                                          // v_cmp_le_i64
	OpVCmpGtI64                                          // v_cmp_gt_i64
	OpVCmpNeI64                                          // v_cmp_ne_i64
	OpVCmpGeI64                                          // v_cmp_ge_i64
	OpVCmpTI64                                           // v_cmp_t_i64
	OpVCmpFU64                                           // v_cmp_f_u64
	OpVCmpLtU64                                          // v_cmp_lt_u64
	OpVCmpEqU64                                          // v_cmp_eq_u64
	OpVCmpLeU64                                          // v_cmp_le_u64
	OpVCmpGtU64                                          // v_cmp_gt_u64
	OpVCmpNeU64                                          // v_cmp_ne_u64
	OpVCmpGeU64                                          // v_cmp_ge_u64
	OpVCmpTU64                                           // v_cmp_t_u64
	OpVCmpClassF32                                       // v_cmp_class_f32
	OpVCmpClassF64                                       // v_cmp_class_f64
	OpVCmpxFF32                                          // v_cmpx_f_f32
	OpVCmpxLtF32                                         // v_cmpx_lt_f32
	OpVCmpxEqF32                                         // v_cmpx_eq_f32
	OpVCmpxLeF32                                         // v_cmpx_le_f32
	OpVCmpxGtF32                                         // v_cmpx_gt_f32
	OpVCmpxLgF32                                         // v_cmpx_lg_f32
	OpVCmpxGeF32                                         // v_cmpx_ge_f32
	OpVCmpxOF32                                          // v_cmpx_o_f32
	OpVCmpxUF32                                          // v_cmpx_u_f32
	OpVCmpxNgeF32                                        // v_cmpx_nge_f32
	OpVCmpxNlgF32                                        // v_cmpx_nlg_f32
	OpVCmpxNgtF32                                        // v_cmpx_ngt_f32
	OpVCmpxNleF32                                        // v_cmpx_nle_f32
	OpVCmpxNeqF32                                        // v_cmpx_neq_f32
	OpVCmpxNltF32                                        // v_cmpx_nlt_f32
	OpVCmpxTruF32                                        // v_cmpx_tru_f32
	OpVCmpxFF64                                          // v_cmpx_f_f64
	OpVCmpxLtF64                                         // v_cmpx_lt_f64
	OpVCmpxEqF64                                         // v_cmpx_eq_f64
	OpVCmpxLeF64                                         // v_cmpx_le_f64
	OpVCmpxGtF64                                         // v_cmpx_gt_f64
	OpVCmpxLgF64                                         // v_cmpx_lg_f64
	OpVCmpxGeF64                                         // v_cmpx_ge_f64
	OpVCmpxOF64                                          // v_cmpx_o_f64
	OpVCmpxUF64                                          // v_cmpx_u_f64
	OpVCmpxNgeF64                                        // v_cmpx_nge_f64
	OpVCmpxNlgF64                                        // v_cmpx_nlg_f64
	OpVCmpxNgtF64                                        // v_cmpx_ngt_f64
	OpVCmpxNleF64                                        // v_cmpx_nle_f64
	OpVCmpxNeqF64                                        // v_cmpx_neq_f64
	OpVCmpxNltF64                                        // v_cmpx_nlt_f64
	OpVCmpxTruF64                                        // v_cmpx_tru_f64
	OpVCmpxFI32                                          // v_cmpx_f_i32
	OpVCmpxLtI32                                         // v_cmpx_lt_i32
	OpVCmpxEqI32                                         // v_cmpx_eq_i32
	OpVCmpxLeI32                                         // v_cmpx_le_i32
	OpVCmpxGtI32                                         // v_cmpx_gt_i32
	OpVCmpxNeI32                                         // v_cmpx_ne_i32
	OpVCmpxGeI32                                         // v_cmpx_ge_i32
	OpVCmpxTI32                                          // v_cmpx_t_i32
	OpVCmpxFU32                                          // v_cmpx_f_u32
	OpVCmpxLtU32                                         // v_cmpx_lt_u32
	OpVCmpxEqU32                                         // v_cmpx_eq_u32
	OpVCmpxLeU32                                         // v_cmpx_le_u32
	OpVCmpxGtU32                                         // v_cmpx_gt_u32
	OpVCmpxNeU32                                         // v_cmpx_ne_u32
	OpVCmpxGeU32                                         // v_cmpx_ge_u32
	OpVCmpxTU32                                          // v_cmpx_t_u32
	OpVCmpxFI64                                          // v_cmpx_f_i64
	OpVCmpxLtI64                                         // v_cmpx_lt_i64
	OpVCmpxEqI64                                         // v_cmpx_eq_i64
	OpVCmpxLeI64                                         // v_cmpx_le_i64
	OpVCmpxGtI64                                         // v_cmpx_gt_i64
	OpVCmpxNeI64                                         // v_cmpx_ne_i64
	OpVCmpxGeI64                                         // v_cmpx_ge_i64
	OpVCmpxTI64                                          // v_cmpx_t_i64
	OpVCmpxFU64                                          // v_cmpx_f_u64
	OpVCmpxLtU64                                         // v_cmpx_lt_u64
	OpVCmpxEqU64                                         // v_cmpx_eq_u64
	OpVCmpxLeU64                                         // v_cmpx_le_u64
	OpVCmpxGtU64                                         // v_cmpx_gt_u64
	OpVCmpxNeU64                                         // v_cmpx_ne_u64
	OpVCmpxGeU64                                         // v_cmpx_ge_u64
	OpVCmpxTU64                                          // v_cmpx_t_u64
	OpVCmpxClassF32                                      // v_cmpx_class_f32
	OpVCmpxClassF64                                      // v_cmpx_class_f64
	OpDsReadB32                                          // ds_read_b32
	OpDsReadB64                                          // ds_read_b64
	OpDsReadB96                                          // ds_read_b96
	OpDsReadB128                                         // ds_read_b128
	OpDsReadU8                                           // ds_read_u8
	OpDsReadI8                                           // ds_read_i8
	OpDsReadU16                                          // ds_read_u16
	OpDsReadI16                                          // ds_read_i16
	OpDsRead2B32                                         // ds_read2_b32
	OpDsRead2B64                                         // ds_read2_b64
	OpDsRead2st64B32                                     // ds_read2st64_b32
	OpDsRead2st64B64                                     // ds_read2st64_b64
	OpDsWriteB8                                          // ds_write_b8
	OpDsWriteB16                                         // ds_write_b16
	OpDsWriteB32                                         // ds_write_b32
	OpDsWriteB64                                         // ds_write_b64
	OpDsWriteB96                                         // ds_write_b96
	OpDsWriteB128                                        // ds_write_b128
	OpDsWrite2B32                                        // ds_write2_b32
	OpDsWrite2B64                                        // ds_write2_b64
	OpDsWrite2st64B32                                    // ds_write2st64_b32
	OpDsWrite2st64B64                                    // ds_write2st64_b64
	OpDsAddU32                                           // ds_add_u32
	OpDsAddRtnU32                                        // ds_add_rtn_u32
	OpDsAddU64                                           // ds_add_u64
	OpDsAddRtnU64                                        // ds_add_rtn_u64
	OpDsSubU32                                           // ds_sub_u32
	OpDsSubRtnU32                                        // ds_sub_rtn_u32
	OpDsSubU64                                           // ds_sub_u64
	OpDsSubRtnU64                                        // ds_sub_rtn_u64
	OpDsRsubU32                                          // ds_rsub_u32
	OpDsRsubRtnU32                                       // ds_rsub_rtn_u32
	OpDsRsubU64                                          // ds_rsub_u64
	OpDsRsubRtnU64                                       // ds_rsub_rtn_u64
	OpDsIncU32                                           // ds_inc_u32
	OpDsIncRtnU32                                        // ds_inc_rtn_u32
	OpDsIncU64                                           // ds_inc_u64
	OpDsIncRtnU64                                        // ds_inc_rtn_u64
	OpDsDecU32                                           // ds_dec_u32
	OpDsDecRtnU32                                        // ds_dec_rtn_u32
	OpDsDecU64                                           // ds_dec_u64
	OpDsDecRtnU64                                        // ds_dec_rtn_u64
	OpDsMinII32                                          // ds_min_i32
	OpDsMinIRtnI32                                       // ds_min_rtn_i32
	OpDsMinII64                                          // ds_min_i64
	OpDsMinIRtnI64                                       // ds_min_rtn_i64
	OpDsMaxII32                                          // ds_max_i32
	OpDsMaxIRtnI32                                       // ds_max_rtn_i32
	OpDsMaxII64                                          // ds_max_i64
	OpDsMaxIRtnI64                                       // ds_max_rtn_i64
	OpDsMinUU32                                          // ds_min_u32
	OpDsMinURtnU32                                       // ds_min_rtn_u32
	OpDsMinUU64                                          // ds_min_u64
	OpDsMinURtnU64                                       // ds_min_rtn_u64
	OpDsMaxUU32                                          // ds_max_u32
	OpDsMaxURtnU32                                       // ds_max_rtn_u32
	OpDsMaxUU64                                          // ds_max_u64
	OpDsMaxURtnU64                                       // ds_max_rtn_u64
	OpDsAndB32                                           // ds_and_b32
	OpDsAndRtnB32                                        // ds_and_rtn_b32
	OpDsAndB64                                           // ds_and_b64
	OpDsAndRtnB64                                        // ds_and_rtn_b64
	OpDsOrB32                                            // ds_or_b32
	OpDsOrRtnB32                                         // ds_or_rtn_b32
	OpDsOrB64                                            // ds_or_b64
	OpDsOrRtnB64                                         // ds_or_rtn_b64
	OpDsXorB32                                           // ds_xor_b32
	OpDsXorRtnB32                                        // ds_xor_rtn_b32
	OpDsXorB64                                           // ds_xor_b64
	OpDsXorRtnB64                                        // ds_xor_rtn_b64
	OpDsAddF32                                           // ds_add_f32
	OpDsAddRtnF32                                        // ds_add_rtn_f32
	OpDsMinF32                                           // ds_min_f32
	OpDsMaxF32                                           // ds_max_f32
	OpDsWrxchgRtnB32                                     // ds_wrxchg_rtn_b32
	OpDsWrxchgRtnB64                                     // ds_wrxchg_rtn_b64
	OpDsCmpstB32                                         // ds_cmpst_b32
	OpDsCmpstRtnB32                                      // ds_cmpst_rtn_b32
	OpDsCmpstoreB32                                      // ds_cmpstore_b32
	OpDsCmpstoreRtnB32                                   // ds_cmpstore_rtn_b32
	OpDsBpermuteB32                                      // ds_bpermute_b32
	OpDsPermuteB32                                       // ds_permute_b32
	OpDsSwizzleB32                                       // ds_swizzle_b32
	OpDsNop                                              // ds_nop
	OpGlobalLoadB32                                      // global_load_dword
	OpGlobalLoadB64                                      // global_load_dwordx2
	OpGlobalLoadB96                                      // global_load_dwordx3
	OpGlobalLoadB128                                     // global_load_dwordx4
	OpGlobalLoadU8                                       // global_load_ubyte
	OpGlobalLoadI8                                       // global_load_sbyte
	OpGlobalLoadU16                                      // global_load_ushort
	OpGlobalLoadI16                                      // global_load_sshort
	OpGlobalStoreB32                                     // global_store_dword
	OpGlobalStoreB64                                     // global_store_dwordx2
	OpGlobalStoreB96                                     // global_store_dwordx3
	OpGlobalStoreB128                                    // global_store_dwordx4
	OpGlobalStoreB8                                      // global_store_byte
	OpGlobalStoreB16                                     // global_store_short
	OpGlobalAtomicSwap                                   // global_atomic_swap
	OpGlobalAtomicSwapX2                                 // global_atomic_swap_x2
	OpGlobalAtomicCmpswap                                // global_atomic_cmpswap
	OpGlobalAtomicCmpswapX2                              // global_atomic_cmpswap_x2
	OpGlobalAtomicAdd                                    // global_atomic_add
	OpGlobalAtomicAddX2                                  // global_atomic_add_x2
	OpGlobalAtomicSub                                    // global_atomic_sub
	OpGlobalAtomicSubX2                                  // global_atomic_sub_x2
	OpGlobalAtomicSmin                                   // global_atomic_smin
	OpGlobalAtomicSminX2                                 // global_atomic_smin_x2
	OpGlobalAtomicUmin                                   // global_atomic_umin
	OpGlobalAtomicUminX2                                 // global_atomic_umin_x2
	OpGlobalAtomicSmax                                   // global_atomic_smax
	OpGlobalAtomicSmaxX2                                 // global_atomic_smax_x2
	OpGlobalAtomicUmax                                   // global_atomic_umax
	OpGlobalAtomicUmaxX2                                 // global_atomic_umax_x2
	OpGlobalAtomicAnd                                    // global_atomic_and
	OpGlobalAtomicAndX2                                  // global_atomic_and_x2
	OpGlobalAtomicOr                                     // global_atomic_or
	OpGlobalAtomicOrX2                                   // global_atomic_or_x2
	OpGlobalAtomicXor                                    // global_atomic_xor
	OpGlobalAtomicXorX2                                  // global_atomic_xor_x2
	OpGlobalAtomicInc                                    // global_atomic_inc
	OpGlobalAtomicIncX2                                  // global_atomic_inc_x2
	OpGlobalAtomicDec                                    // global_atomic_dec
	OpGlobalAtomicDecX2                                  // global_atomic_dec_x2
	OpGlobalAtomicAddF32                                 // global_atomic_add_f32
	OpFlatLoadB32                                        // flat_load_dword
	OpFlatLoadB64                                        // flat_load_dwordx2
	OpFlatLoadB96                                        // flat_load_dwordx3
	OpFlatLoadB128                                       // flat_load_dwordx4
	OpFlatLoadU8                                         // flat_load_ubyte
	OpFlatLoadI8                                         // flat_load_sbyte
	OpFlatLoadU16                                        // flat_load_ushort
	OpFlatLoadI16                                        // flat_load_sshort
	OpFlatStoreB32                                       // flat_store_dword
	OpFlatStoreB64                                       // flat_store_dwordx2
	OpFlatStoreB96                                       // flat_store_dwordx3
	OpFlatStoreB128                                      // flat_store_dwordx4
	OpFlatStoreB8                                        // flat_store_byte
	OpFlatStoreB16                                       // flat_store_short
	OpFlatAtomicSwap                                     // flat_atomic_swap
	OpFlatAtomicSwapX2                                   // flat_atomic_swap_x2
	OpFlatAtomicCmpswap                                  // flat_atomic_cmpswap
	OpFlatAtomicCmpswapX2                                // flat_atomic_cmpswap_x2
	OpFlatAtomicAdd                                      // flat_atomic_add
	OpFlatAtomicAddX2                                    // flat_atomic_add_x2
	OpFlatAtomicSub                                      // flat_atomic_sub
	OpFlatAtomicSubX2                                    // flat_atomic_sub_x2
	OpFlatAtomicSmin                                     // flat_atomic_smin
	OpFlatAtomicSminX2                                   // flat_atomic_smin_x2
	OpFlatAtomicUmin                                     // flat_atomic_umin
	OpFlatAtomicUminX2                                   // flat_atomic_umin_x2
	OpFlatAtomicSmax                                     // flat_atomic_smax
	OpFlatAtomicSmaxX2                                   // flat_atomic_smax_x2
	OpFlatAtomicUmax                                     // flat_atomic_umax
	OpFlatAtomicUmaxX2                                   // flat_atomic_umax_x2
	OpFlatAtomicAnd                                      // flat_atomic_and
	OpFlatAtomicAndX2                                    // flat_atomic_and_x2
	OpFlatAtomicOr                                       // flat_atomic_or
	OpFlatAtomicOrX2                                     // flat_atomic_or_x2
	OpFlatAtomicXor                                      // flat_atomic_xor
	OpFlatAtomicXorX2                                    // flat_atomic_xor_x2
	OpFlatAtomicInc                                      // flat_atomic_inc
	OpFlatAtomicIncX2                                    // flat_atomic_inc_x2
	OpFlatAtomicDec                                      // flat_atomic_dec
	OpFlatAtomicDecX2                                    // flat_atomic_dec_x2
	OpFlatAtomicAddF32                                   // flat_atomic_add_f32
	OpBufferGl0Inv                                       // buffer_gl0_inv
	OpBufferGl1Inv                                       // buffer_gl1_inv
	OpBufferWbinvl1                                      // buffer_wbinvl1
	OpBufferWbinvl1Vol                                   // buffer_wbinvl1_vol
	OpBufferInv                                          // buffer_inv
	OpBufferWbl2                                         // buffer_wbl2
	OpGlobalInv                                          // global_inv
	OpGlobalWb                                           // global_wb
	OpGlobalWbinv                                        // global_wbinv
	NumAMDOpcodes
)

// amdOpTable describes every AMD opcode, indexed by Opcode - OpAMDBase.
var amdOpTable = [NumAMDOpcodes - OpAMDBase]AMDOpInfo{
	OpSMovB32 - OpAMDBase:                  {Name: "s_mov_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSMovB64 - OpAMDBase:                  {Name: "s_mov_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSCmovB32 - OpAMDBase:                 {Name: "s_cmov_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSCmovB64 - OpAMDBase:                 {Name: "s_cmov_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSNotB32 - OpAMDBase:                  {Name: "s_not_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSNotB64 - OpAMDBase:                  {Name: "s_not_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSWqmB32 - OpAMDBase:                  {Name: "s_wqm_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSWqmB64 - OpAMDBase:                  {Name: "s_wqm_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSBrevB32 - OpAMDBase:                 {Name: "s_brev_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSBrevB64 - OpAMDBase:                 {Name: "s_brev_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSBcnt0I32B32 - OpAMDBase:             {Name: "s_bcnt0_i32_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSBcnt0I32B64 - OpAMDBase:             {Name: "s_bcnt0_i32_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b64", Type: B64},
	OpSBcnt1I32B32 - OpAMDBase:             {Name: "s_bcnt1_i32_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSBcnt1I32B64 - OpAMDBase:             {Name: "s_bcnt1_i32_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b64", Type: B64},
	OpSFf0I32B32 - OpAMDBase:               {Name: "s_ff0_i32_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSFf1I32B32 - OpAMDBase:               {Name: "s_ff1_i32_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSFf1I32B64 - OpAMDBase:               {Name: "s_ff1_i32_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b64", Type: B64},
	OpSFlbitI32B32 - OpAMDBase:             {Name: "s_flbit_i32_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSFlbitI32B64 - OpAMDBase:             {Name: "s_flbit_i32_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b64", Type: B64},
	OpSFlbitI32 - OpAMDBase:                {Name: "s_flbit_i32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: S32},
	OpSSextI32I8 - OpAMDBase:               {Name: "s_sext_i32_i8", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: S32},
	OpSSextI32I16 - OpAMDBase:              {Name: "s_sext_i32_i16", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: S32},
	OpSBitset0B32 - OpAMDBase:              {Name: "s_bitset0_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSBitset1B32 - OpAMDBase:              {Name: "s_bitset1_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSAbsI32 - OpAMDBase:                  {Name: "s_abs_i32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: S32},
	OpSQuadmaskB32 - OpAMDBase:             {Name: "s_quadmask_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSQuadmaskB64 - OpAMDBase:             {Name: "s_quadmask_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSGetpcB64 - OpAMDBase:                {Name: "s_getpc_b64", Enc: AMDEncSOP1, Class: AMDClassBranch, Sig: "sd:b64", Type: B64},
	OpSSetpcB64 - OpAMDBase:                {Name: "s_setpc_b64", Enc: AMDEncSOP1, Class: AMDClassBranch, Sig: "ss:b64", Type: B64},
	OpSSwappcB64 - OpAMDBase:               {Name: "s_swappc_b64", Enc: AMDEncSOP1, Class: AMDClassBranch, Sig: "sd:b64,ss:b64", Type: B64},
	OpSAndSaveexecB32 - OpAMDBase:          {Name: "s_and_saveexec_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSOrSaveexecB32 - OpAMDBase:           {Name: "s_or_saveexec_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSXorSaveexecB32 - OpAMDBase:          {Name: "s_xor_saveexec_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSAndn2SaveexecB32 - OpAMDBase:        {Name: "s_andn2_saveexec_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSOrn2SaveexecB32 - OpAMDBase:         {Name: "s_orn2_saveexec_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSNandSaveexecB32 - OpAMDBase:         {Name: "s_nand_saveexec_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSNorSaveexecB32 - OpAMDBase:          {Name: "s_nor_saveexec_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSXnorSaveexecB32 - OpAMDBase:         {Name: "s_xnor_saveexec_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSAndn1SaveexecB32 - OpAMDBase:        {Name: "s_andn1_saveexec_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSOrn1SaveexecB32 - OpAMDBase:         {Name: "s_orn1_saveexec_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSAndn1WrexecB32 - OpAMDBase:          {Name: "s_andn1_wrexec_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSAndn2WrexecB32 - OpAMDBase:          {Name: "s_andn2_wrexec_b32", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b32,ss:b32", Type: B32},
	OpSAndSaveexecB64 - OpAMDBase:          {Name: "s_and_saveexec_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSOrSaveexecB64 - OpAMDBase:           {Name: "s_or_saveexec_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSXorSaveexecB64 - OpAMDBase:          {Name: "s_xor_saveexec_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSAndn2SaveexecB64 - OpAMDBase:        {Name: "s_andn2_saveexec_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSOrn2SaveexecB64 - OpAMDBase:         {Name: "s_orn2_saveexec_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSNandSaveexecB64 - OpAMDBase:         {Name: "s_nand_saveexec_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSNorSaveexecB64 - OpAMDBase:          {Name: "s_nor_saveexec_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSXnorSaveexecB64 - OpAMDBase:         {Name: "s_xnor_saveexec_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSAndn1SaveexecB64 - OpAMDBase:        {Name: "s_andn1_saveexec_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSOrn1SaveexecB64 - OpAMDBase:         {Name: "s_orn1_saveexec_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSAndn1WrexecB64 - OpAMDBase:          {Name: "s_andn1_wrexec_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSAndn2WrexecB64 - OpAMDBase:          {Name: "s_andn2_wrexec_b64", Enc: AMDEncSOP1, Class: AMDClassSALU, Sig: "sd:b64,ss:b64", Type: B64},
	OpSAddU32 - OpAMDBase:                  {Name: "s_add_u32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: U32},
	OpSSubU32 - OpAMDBase:                  {Name: "s_sub_u32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: U32},
	OpSAddI32 - OpAMDBase:                  {Name: "s_add_i32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: S32},
	OpSSubI32 - OpAMDBase:                  {Name: "s_sub_i32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: S32},
	OpSAddcU32 - OpAMDBase:                 {Name: "s_addc_u32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: U32},
	OpSSubbU32 - OpAMDBase:                 {Name: "s_subb_u32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: U32},
	OpSAddNcU64 - OpAMDBase:                {Name: "s_add_nc_u64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b64", Type: U64},
	OpSSubNcU64 - OpAMDBase:                {Name: "s_sub_nc_u64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b64", Type: U64},
	OpSMulU64 - OpAMDBase:                  {Name: "s_mul_u64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b64", Type: U64},
	OpSMinI32 - OpAMDBase:                  {Name: "s_min_i32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: S32},
	OpSMinU32 - OpAMDBase:                  {Name: "s_min_u32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: U32},
	OpSMaxI32 - OpAMDBase:                  {Name: "s_max_i32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: S32},
	OpSMaxU32 - OpAMDBase:                  {Name: "s_max_u32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: U32},
	OpSCselectB32 - OpAMDBase:              {Name: "s_cselect_b32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSCselectB64 - OpAMDBase:              {Name: "s_cselect_b64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b64", Type: B64},
	OpSAndB32 - OpAMDBase:                  {Name: "s_and_b32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSOrB32 - OpAMDBase:                   {Name: "s_or_b32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSXorB32 - OpAMDBase:                  {Name: "s_xor_b32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSAndn2B32 - OpAMDBase:                {Name: "s_andn2_b32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSOrn2B32 - OpAMDBase:                 {Name: "s_orn2_b32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSNandB32 - OpAMDBase:                 {Name: "s_nand_b32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSNorB32 - OpAMDBase:                  {Name: "s_nor_b32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSXnorB32 - OpAMDBase:                 {Name: "s_xnor_b32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSAndB64 - OpAMDBase:                  {Name: "s_and_b64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b64", Type: B64},
	OpSOrB64 - OpAMDBase:                   {Name: "s_or_b64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b64", Type: B64},
	OpSXorB64 - OpAMDBase:                  {Name: "s_xor_b64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b64", Type: B64},
	OpSAndn2B64 - OpAMDBase:                {Name: "s_andn2_b64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b64", Type: B64},
	OpSOrn2B64 - OpAMDBase:                 {Name: "s_orn2_b64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b64", Type: B64},
	OpSNandB64 - OpAMDBase:                 {Name: "s_nand_b64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b64", Type: B64},
	OpSNorB64 - OpAMDBase:                  {Name: "s_nor_b64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b64", Type: B64},
	OpSXnorB64 - OpAMDBase:                 {Name: "s_xnor_b64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b64", Type: B64},
	OpSLshlB32 - OpAMDBase:                 {Name: "s_lshl_b32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSLshlB64 - OpAMDBase:                 {Name: "s_lshl_b64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b32", Type: B64},
	OpSLshrB32 - OpAMDBase:                 {Name: "s_lshr_b32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSLshrB64 - OpAMDBase:                 {Name: "s_lshr_b64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b32", Type: B64},
	OpSAshrI32 - OpAMDBase:                 {Name: "s_ashr_i32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: S32},
	OpSAshrI64 - OpAMDBase:                 {Name: "s_ashr_i64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b32", Type: S64},
	OpSBfmB32 - OpAMDBase:                  {Name: "s_bfm_b32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSBfmB64 - OpAMDBase:                  {Name: "s_bfm_b64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b32,ss:b32", Type: B64},
	OpSMulI32 - OpAMDBase:                  {Name: "s_mul_i32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: S32},
	OpSMulHiU32 - OpAMDBase:                {Name: "s_mul_hi_u32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: U32},
	OpSMulHiI32 - OpAMDBase:                {Name: "s_mul_hi_i32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: S32},
	OpSBfeU32 - OpAMDBase:                  {Name: "s_bfe_u32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: U32},
	OpSBfeI32 - OpAMDBase:                  {Name: "s_bfe_i32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: S32},
	OpSBfeU64 - OpAMDBase:                  {Name: "s_bfe_u64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b32", Type: U64},
	OpSBfeI64 - OpAMDBase:                  {Name: "s_bfe_i64", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b64,ss:b64,ss:b32", Type: S64},
	OpSAbsdiffI32 - OpAMDBase:              {Name: "s_absdiff_i32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: S32},
	OpSLshl1AddU32 - OpAMDBase:             {Name: "s_lshl1_add_u32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: U32},
	OpSLshl2AddU32 - OpAMDBase:             {Name: "s_lshl2_add_u32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: U32},
	OpSLshl3AddU32 - OpAMDBase:             {Name: "s_lshl3_add_u32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: U32},
	OpSLshl4AddU32 - OpAMDBase:             {Name: "s_lshl4_add_u32", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: U32},
	OpSPackLlB32B16 - OpAMDBase:            {Name: "s_pack_ll_b32_b16", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSPackLhB32B16 - OpAMDBase:            {Name: "s_pack_lh_b32_b16", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSPackHhB32B16 - OpAMDBase:            {Name: "s_pack_hh_b32_b16", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSPackHlB32B16 - OpAMDBase:            {Name: "s_pack_hl_b32_b16", Enc: AMDEncSOP2, Class: AMDClassSALU, Sig: "sd:b32,ss:b32,ss:b32", Type: B32},
	OpSCmpEqI32 - OpAMDBase:                {Name: "s_cmp_eq_i32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: S32, Cmp: CmpEQ},
	OpSCmpkEqI32 - OpAMDBase:               {Name: "s_cmpk_eq_i32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "ss:b32,i16", Type: S32, Cmp: CmpEQ},
	OpSCmpEqU32 - OpAMDBase:                {Name: "s_cmp_eq_u32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: U32, Cmp: CmpEQ},
	OpSCmpkEqU32 - OpAMDBase:               {Name: "s_cmpk_eq_u32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "ss:b32,u16", Type: U32, Cmp: CmpEQ},
	OpSCmpLgI32 - OpAMDBase:                {Name: "s_cmp_lg_i32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: S32, Cmp: CmpNE},
	OpSCmpkLgI32 - OpAMDBase:               {Name: "s_cmpk_lg_i32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "ss:b32,i16", Type: S32, Cmp: CmpNE},
	OpSCmpLgU32 - OpAMDBase:                {Name: "s_cmp_lg_u32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: U32, Cmp: CmpNE},
	OpSCmpkLgU32 - OpAMDBase:               {Name: "s_cmpk_lg_u32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "ss:b32,u16", Type: U32, Cmp: CmpNE},
	OpSCmpGtI32 - OpAMDBase:                {Name: "s_cmp_gt_i32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: S32, Cmp: CmpGT},
	OpSCmpkGtI32 - OpAMDBase:               {Name: "s_cmpk_gt_i32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "ss:b32,i16", Type: S32, Cmp: CmpGT},
	OpSCmpGtU32 - OpAMDBase:                {Name: "s_cmp_gt_u32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: U32, Cmp: CmpGT},
	OpSCmpkGtU32 - OpAMDBase:               {Name: "s_cmpk_gt_u32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "ss:b32,u16", Type: U32, Cmp: CmpGT},
	OpSCmpGeI32 - OpAMDBase:                {Name: "s_cmp_ge_i32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: S32, Cmp: CmpGE},
	OpSCmpkGeI32 - OpAMDBase:               {Name: "s_cmpk_ge_i32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "ss:b32,i16", Type: S32, Cmp: CmpGE},
	OpSCmpGeU32 - OpAMDBase:                {Name: "s_cmp_ge_u32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: U32, Cmp: CmpGE},
	OpSCmpkGeU32 - OpAMDBase:               {Name: "s_cmpk_ge_u32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "ss:b32,u16", Type: U32, Cmp: CmpGE},
	OpSCmpLtI32 - OpAMDBase:                {Name: "s_cmp_lt_i32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: S32, Cmp: CmpLT},
	OpSCmpkLtI32 - OpAMDBase:               {Name: "s_cmpk_lt_i32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "ss:b32,i16", Type: S32, Cmp: CmpLT},
	OpSCmpLtU32 - OpAMDBase:                {Name: "s_cmp_lt_u32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: U32, Cmp: CmpLT},
	OpSCmpkLtU32 - OpAMDBase:               {Name: "s_cmpk_lt_u32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "ss:b32,u16", Type: U32, Cmp: CmpLT},
	OpSCmpLeI32 - OpAMDBase:                {Name: "s_cmp_le_i32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: S32, Cmp: CmpLE},
	OpSCmpkLeI32 - OpAMDBase:               {Name: "s_cmpk_le_i32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "ss:b32,i16", Type: S32, Cmp: CmpLE},
	OpSCmpLeU32 - OpAMDBase:                {Name: "s_cmp_le_u32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: U32, Cmp: CmpLE},
	OpSCmpkLeU32 - OpAMDBase:               {Name: "s_cmpk_le_u32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "ss:b32,u16", Type: U32, Cmp: CmpLE},
	OpSCmpEqU64 - OpAMDBase:                {Name: "s_cmp_eq_u64", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b64,ss:b64", Type: U64, Cmp: CmpEQ},
	OpSCmpLgU64 - OpAMDBase:                {Name: "s_cmp_lg_u64", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b64,ss:b64", Type: U64, Cmp: CmpNE},
	OpSBitcmp0B32 - OpAMDBase:              {Name: "s_bitcmp0_b32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: B32},
	OpSBitcmp1B32 - OpAMDBase:              {Name: "s_bitcmp1_b32", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b32,ss:b32", Type: B32},
	OpSBitcmp0B64 - OpAMDBase:              {Name: "s_bitcmp0_b64", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b64,ss:b32", Type: B64},
	OpSBitcmp1B64 - OpAMDBase:              {Name: "s_bitcmp1_b64", Enc: AMDEncSOPC, Class: AMDClassSALU, Sig: "ss:b64,ss:b32", Type: B64},
	OpSMovkI32 - OpAMDBase:                 {Name: "s_movk_i32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "sd:b32,i16", Type: S32},
	OpSCmovkI32 - OpAMDBase:                {Name: "s_cmovk_i32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "sd:b32,i16", Type: S32},
	OpSAddkI32 - OpAMDBase:                 {Name: "s_addk_i32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "sd:b32,i16", Type: S32},
	OpSMulkI32 - OpAMDBase:                 {Name: "s_mulk_i32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "sd:b32,i16", Type: S32},
	OpSGetregB32 - OpAMDBase:               {Name: "s_getreg_b32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "sd:b32,hw", Type: B32},
	OpSSetregB32 - OpAMDBase:               {Name: "s_setreg_b32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "hw,ss:b32", Type: B32},
	OpSSetregImm32B32 - OpAMDBase:          {Name: "s_setreg_imm32_b32", Enc: AMDEncSOPK, Class: AMDClassSALU, Sig: "hw,k:b32", Type: B32},
	OpSWaitcntVscnt - OpAMDBase:            {Name: "s_waitcnt_vscnt", Enc: AMDEncSOPK, Class: AMDClassWait, Sig: "sd:b32,u16"},
	OpSWaitcntVmcnt - OpAMDBase:            {Name: "s_waitcnt_vmcnt", Enc: AMDEncSOPK, Class: AMDClassWait, Sig: "sd:b32,u16"},
	OpSWaitcntExpcnt - OpAMDBase:           {Name: "s_waitcnt_expcnt", Enc: AMDEncSOPK, Class: AMDClassWait, Sig: "sd:b32,u16"},
	OpSWaitcntLgkmcnt - OpAMDBase:          {Name: "s_waitcnt_lgkmcnt", Enc: AMDEncSOPK, Class: AMDClassWait, Sig: "sd:b32,u16"},
	OpSVersion - OpAMDBase:                 {Name: "s_version", Enc: AMDEncSOPK, Class: AMDClassHint, Sig: "u16"},
	OpSNop - OpAMDBase:                     {Name: "s_nop", Enc: AMDEncSOPP, Class: AMDClassHint, Sig: "u16"},
	OpSEndpgm - OpAMDBase:                  {Name: "s_endpgm", Enc: AMDEncSOPP, Class: AMDClassBranch, Sig: "opt16"},
	OpSCodeEnd - OpAMDBase:                 {Name: "s_code_end", Enc: AMDEncSOPP, Class: AMDClassBranch},
	OpSBranch - OpAMDBase:                  {Name: "s_branch", Enc: AMDEncSOPP, Class: AMDClassBranch, Sig: "l"},
	OpSCbranchScc0 - OpAMDBase:             {Name: "s_cbranch_scc0", Enc: AMDEncSOPP, Class: AMDClassBranch, Sig: "l"},
	OpSCbranchScc1 - OpAMDBase:             {Name: "s_cbranch_scc1", Enc: AMDEncSOPP, Class: AMDClassBranch, Sig: "l"},
	OpSCbranchVccz - OpAMDBase:             {Name: "s_cbranch_vccz", Enc: AMDEncSOPP, Class: AMDClassBranch, Sig: "l"},
	OpSCbranchVccnz - OpAMDBase:            {Name: "s_cbranch_vccnz", Enc: AMDEncSOPP, Class: AMDClassBranch, Sig: "l"},
	OpSCbranchExecz - OpAMDBase:            {Name: "s_cbranch_execz", Enc: AMDEncSOPP, Class: AMDClassBranch, Sig: "l"},
	OpSCbranchExecnz - OpAMDBase:           {Name: "s_cbranch_execnz", Enc: AMDEncSOPP, Class: AMDClassBranch, Sig: "l"},
	OpSBarrier - OpAMDBase:                 {Name: "s_barrier", Enc: AMDEncSOPP, Class: AMDClassBarrier},
	OpSBarrierSignal - OpAMDBase:           {Name: "s_barrier_signal", Enc: AMDEncSOPP, Class: AMDClassBarrier, Sig: "i16"},
	OpSBarrierWait - OpAMDBase:             {Name: "s_barrier_wait", Enc: AMDEncSOPP, Class: AMDClassBarrier, Sig: "i16"},
	OpSWaitcnt - OpAMDBase:                 {Name: "s_waitcnt", Enc: AMDEncSOPP, Class: AMDClassWait, Sig: "waitcnt"},
	OpSWaitLoadcnt - OpAMDBase:             {Name: "s_wait_loadcnt", Enc: AMDEncSOPP, Class: AMDClassWait, Sig: "u16"},
	OpSWaitStorecnt - OpAMDBase:            {Name: "s_wait_storecnt", Enc: AMDEncSOPP, Class: AMDClassWait, Sig: "u16"},
	OpSWaitKmcnt - OpAMDBase:               {Name: "s_wait_kmcnt", Enc: AMDEncSOPP, Class: AMDClassWait, Sig: "u16"},
	OpSWaitDscnt - OpAMDBase:               {Name: "s_wait_dscnt", Enc: AMDEncSOPP, Class: AMDClassWait, Sig: "u16"},
	OpSWaitExpcnt - OpAMDBase:              {Name: "s_wait_expcnt", Enc: AMDEncSOPP, Class: AMDClassWait, Sig: "u16"},
	OpSWaitSamplecnt - OpAMDBase:           {Name: "s_wait_samplecnt", Enc: AMDEncSOPP, Class: AMDClassWait, Sig: "u16"},
	OpSWaitBvhcnt - OpAMDBase:              {Name: "s_wait_bvhcnt", Enc: AMDEncSOPP, Class: AMDClassWait, Sig: "u16"},
	OpSWaitLoadcntDscnt - OpAMDBase:        {Name: "s_wait_loadcnt_dscnt", Enc: AMDEncSOPP, Class: AMDClassWait, Sig: "u16"},
	OpSWaitStorecntDscnt - OpAMDBase:       {Name: "s_wait_storecnt_dscnt", Enc: AMDEncSOPP, Class: AMDClassWait, Sig: "u16"},
	OpSWaitAlu - OpAMDBase:                 {Name: "s_wait_alu", Enc: AMDEncSOPP, Class: AMDClassHint, Sig: "u16"},
	OpSWaitIdle - OpAMDBase:                {Name: "s_wait_idle", Enc: AMDEncSOPP, Class: AMDClassWait},
	OpSDelayAlu - OpAMDBase:                {Name: "s_delay_alu", Enc: AMDEncSOPP, Class: AMDClassHint, Sig: "delay"},
	OpSClause - OpAMDBase:                  {Name: "s_clause", Enc: AMDEncSOPP, Class: AMDClassHint, Sig: "u16"},
	OpSWaitcntDepctr - OpAMDBase:           {Name: "s_waitcnt_depctr", Enc: AMDEncSOPP, Class: AMDClassHint, Sig: "depctr"},
	OpSSleep - OpAMDBase:                   {Name: "s_sleep", Enc: AMDEncSOPP, Class: AMDClassHint, Sig: "u16"},
	OpSSetprio - OpAMDBase:                 {Name: "s_setprio", Enc: AMDEncSOPP, Class: AMDClassHint, Sig: "u16"},
	OpSSendmsg - OpAMDBase:                 {Name: "s_sendmsg", Enc: AMDEncSOPP, Class: AMDClassMessage, Sig: "msg"},
	OpSTrap - OpAMDBase:                    {Name: "s_trap", Enc: AMDEncSOPP, Class: AMDClassBranch, Sig: "u16"},
	OpSIcacheInv - OpAMDBase:               {Name: "s_icache_inv", Enc: AMDEncSOPP, Class: AMDClassHint},
	OpSDenormMode - OpAMDBase:              {Name: "s_denorm_mode", Enc: AMDEncSOPP, Class: AMDClassSALU, Sig: "u16"},
	OpSRoundMode - OpAMDBase:               {Name: "s_round_mode", Enc: AMDEncSOPP, Class: AMDClassSALU, Sig: "u16"},
	OpSSetInstPrefetchDistance - OpAMDBase: {Name: "s_set_inst_prefetch_distance", Enc: AMDEncSOPP, Class: AMDClassHint, Sig: "u16"},
	OpSInstPrefetch - OpAMDBase:            {Name: "s_inst_prefetch", Enc: AMDEncSOPP, Class: AMDClassHint, Sig: "u16"},
	OpSTtracedata - OpAMDBase:              {Name: "s_ttracedata", Enc: AMDEncSOPP, Class: AMDClassHint},
	OpSLoadB32 - OpAMDBase:                 {Name: "s_load_dword", Enc: AMDEncSMEM, Class: AMDClassSMEM, Sig: "smem", Type: B32, Bytes: 4},
	OpSLoadB64 - OpAMDBase:                 {Name: "s_load_dwordx2", Enc: AMDEncSMEM, Class: AMDClassSMEM, Sig: "smem", Type: B32, Bytes: 8},
	OpSLoadB96 - OpAMDBase:                 {Name: "s_load_b96", Enc: AMDEncSMEM, Class: AMDClassSMEM, Sig: "smem", Type: B32, Bytes: 12},
	OpSLoadB128 - OpAMDBase:                {Name: "s_load_dwordx4", Enc: AMDEncSMEM, Class: AMDClassSMEM, Sig: "smem", Type: B32, Bytes: 16},
	OpSLoadB256 - OpAMDBase:                {Name: "s_load_dwordx8", Enc: AMDEncSMEM, Class: AMDClassSMEM, Sig: "smem", Type: B32, Bytes: 32},
	OpSLoadB512 - OpAMDBase:                {Name: "s_load_dwordx16", Enc: AMDEncSMEM, Class: AMDClassSMEM, Sig: "smem", Type: B32, Bytes: 64},
	OpSDcacheInv - OpAMDBase:               {Name: "s_dcache_inv", Enc: AMDEncSMEM, Class: AMDClassHint},
	OpSDcacheWb - OpAMDBase:                {Name: "s_dcache_wb", Enc: AMDEncSMEM, Class: AMDClassHint},
	OpSGl1Inv - OpAMDBase:                  {Name: "s_gl1_inv", Enc: AMDEncSOPP, Class: AMDClassHint},
	OpSMemtime - OpAMDBase:                 {Name: "s_memtime", Enc: AMDEncSMEM, Class: AMDClassSMEM, Sig: "sd:b64", Type: B64, Bytes: 8},
	OpSMemrealtime - OpAMDBase:             {Name: "s_memrealtime", Enc: AMDEncSMEM, Class: AMDClassSMEM, Sig: "sd:b64", Type: B64, Bytes: 8},
	OpVNop - OpAMDBase:                     {Name: "v_nop", Enc: AMDEncVOP1, Class: AMDClassVALU},
	OpVMovB32 - OpAMDBase:                  {Name: "v_mov_b32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:b32", Type: B32},
	OpVMovB64 - OpAMDBase:                  {Name: "v_mov_b64", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b64,vs:b64", Type: B64},
	OpVReadfirstlaneB32 - OpAMDBase:        {Name: "v_readfirstlane_b32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "sd:b32,vv:b32", Type: B32},
	OpVNotB32 - OpAMDBase:                  {Name: "v_not_b32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:b32", Type: B32},
	OpVBfrevB32 - OpAMDBase:                {Name: "v_bfrev_b32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:b32", Type: B32},
	OpVFfbhU32 - OpAMDBase:                 {Name: "v_ffbh_u32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:b32", Type: U32},
	OpVFfblB32 - OpAMDBase:                 {Name: "v_ffbl_b32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:b32", Type: B32},
	OpVFfbhI32 - OpAMDBase:                 {Name: "v_ffbh_i32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:b32", Type: S32},
	OpVCvtF32I32 - OpAMDBase:               {Name: "v_cvt_f32_i32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:b32", Type: F32, Type2: S32},
	OpVCvtF32U32 - OpAMDBase:               {Name: "v_cvt_f32_u32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:b32", Type: F32, Type2: U32},
	OpVCvtI32F32 - OpAMDBase:               {Name: "v_cvt_i32_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:f32", Type: S32, Type2: F32},
	OpVCvtU32F32 - OpAMDBase:               {Name: "v_cvt_u32_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:f32", Type: U32, Type2: F32},
	OpVCvtF64F32 - OpAMDBase:               {Name: "v_cvt_f64_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f64,vs:f32", Type: F64, Type2: F32},
	OpVCvtF32F64 - OpAMDBase:               {Name: "v_cvt_f32_f64", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:f64", Type: F32, Type2: F64},
	OpVCvtF64I32 - OpAMDBase:               {Name: "v_cvt_f64_i32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f64,vs:b32", Type: F64, Type2: S32},
	OpVCvtF64U32 - OpAMDBase:               {Name: "v_cvt_f64_u32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f64,vs:b32", Type: F64, Type2: U32},
	OpVCvtI32F64 - OpAMDBase:               {Name: "v_cvt_i32_f64", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:f64", Type: S32, Type2: F64},
	OpVCvtU32F64 - OpAMDBase:               {Name: "v_cvt_u32_f64", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:f64", Type: U32, Type2: F64},
	OpVCvtF16F32 - OpAMDBase:               {Name: "v_cvt_f16_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f16,vs:f32", Type: F16, Type2: F32},
	OpVCvtF32F16 - OpAMDBase:               {Name: "v_cvt_f32_f16", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:f16", Type: F32, Type2: F16},
	OpVCvtF32Ubyte0 - OpAMDBase:            {Name: "v_cvt_f32_ubyte0", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:b32", Type: F32, Type2: U32},
	OpVCvtF32Ubyte1 - OpAMDBase:            {Name: "v_cvt_f32_ubyte1", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:b32", Type: F32, Type2: U32},
	OpVCvtF32Ubyte2 - OpAMDBase:            {Name: "v_cvt_f32_ubyte2", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:b32", Type: F32, Type2: U32},
	OpVCvtF32Ubyte3 - OpAMDBase:            {Name: "v_cvt_f32_ubyte3", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:b32", Type: F32, Type2: U32},
	OpVCvtFlrI32F32 - OpAMDBase:            {Name: "v_cvt_flr_i32_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:f32", Type: S32, Type2: F32},
	OpVCvtRpiI32F32 - OpAMDBase:            {Name: "v_cvt_rpi_i32_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:f32", Type: S32, Type2: F32},
	OpVRcpF32 - OpAMDBase:                  {Name: "v_rcp_f32", Enc: AMDEncVOP1, Class: AMDClassTrans, Sig: "vd:f32,vs:f32", Type: F32},
	OpVRcpIflagF32 - OpAMDBase:             {Name: "v_rcp_iflag_f32", Enc: AMDEncVOP1, Class: AMDClassTrans, Sig: "vd:f32,vs:f32", Type: F32},
	OpVRsqF32 - OpAMDBase:                  {Name: "v_rsq_f32", Enc: AMDEncVOP1, Class: AMDClassTrans, Sig: "vd:f32,vs:f32", Type: F32},
	OpVSqrtF32 - OpAMDBase:                 {Name: "v_sqrt_f32", Enc: AMDEncVOP1, Class: AMDClassTrans, Sig: "vd:f32,vs:f32", Type: F32},
	OpVExpF32 - OpAMDBase:                  {Name: "v_exp_f32", Enc: AMDEncVOP1, Class: AMDClassTrans, Sig: "vd:f32,vs:f32", Type: F32},
	OpVLogF32 - OpAMDBase:                  {Name: "v_log_f32", Enc: AMDEncVOP1, Class: AMDClassTrans, Sig: "vd:f32,vs:f32", Type: F32},
	OpVSinF32 - OpAMDBase:                  {Name: "v_sin_f32", Enc: AMDEncVOP1, Class: AMDClassTrans, Sig: "vd:f32,vs:f32", Type: F32},
	OpVCosF32 - OpAMDBase:                  {Name: "v_cos_f32", Enc: AMDEncVOP1, Class: AMDClassTrans, Sig: "vd:f32,vs:f32", Type: F32},
	OpVFractF32 - OpAMDBase:                {Name: "v_fract_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:f32", Type: F32},
	OpVTruncF32 - OpAMDBase:                {Name: "v_trunc_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:f32", Type: F32},
	OpVCeilF32 - OpAMDBase:                 {Name: "v_ceil_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:f32", Type: F32},
	OpVRndneF32 - OpAMDBase:                {Name: "v_rndne_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:f32", Type: F32},
	OpVFloorF32 - OpAMDBase:                {Name: "v_floor_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:f32", Type: F32},
	OpVFrexpMantF32 - OpAMDBase:            {Name: "v_frexp_mant_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f32,vs:f32", Type: F32},
	OpVFrexpExpI32F32 - OpAMDBase:          {Name: "v_frexp_exp_i32_f32", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:f32", Type: S32, Type2: F32},
	OpVRcpF64 - OpAMDBase:                  {Name: "v_rcp_f64", Enc: AMDEncVOP1, Class: AMDClassTrans, Sig: "vd:f64,vs:f64", Type: F64},
	OpVRsqF64 - OpAMDBase:                  {Name: "v_rsq_f64", Enc: AMDEncVOP1, Class: AMDClassTrans, Sig: "vd:f64,vs:f64", Type: F64},
	OpVSqrtF64 - OpAMDBase:                 {Name: "v_sqrt_f64", Enc: AMDEncVOP1, Class: AMDClassTrans, Sig: "vd:f64,vs:f64", Type: F64},
	OpVFractF64 - OpAMDBase:                {Name: "v_fract_f64", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f64,vs:f64", Type: F64},
	OpVTruncF64 - OpAMDBase:                {Name: "v_trunc_f64", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f64,vs:f64", Type: F64},
	OpVCeilF64 - OpAMDBase:                 {Name: "v_ceil_f64", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f64,vs:f64", Type: F64},
	OpVRndneF64 - OpAMDBase:                {Name: "v_rndne_f64", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f64,vs:f64", Type: F64},
	OpVFloorF64 - OpAMDBase:                {Name: "v_floor_f64", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f64,vs:f64", Type: F64},
	OpVFrexpMantF64 - OpAMDBase:            {Name: "v_frexp_mant_f64", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:f64,vs:f64", Type: F64},
	OpVFrexpExpI32F64 - OpAMDBase:          {Name: "v_frexp_exp_i32_f64", Enc: AMDEncVOP1, Class: AMDClassVALU, Sig: "vd:b32,vs:f64", Type: S32, Type2: F64},
	OpVAddF32 - OpAMDBase:                  {Name: "v_add_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vv:f32", Type: F32},
	OpVSubF32 - OpAMDBase:                  {Name: "v_sub_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vv:f32", Type: F32},
	OpVSubrevF32 - OpAMDBase:               {Name: "v_subrev_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vv:f32", Type: F32},
	OpVMulF32 - OpAMDBase:                  {Name: "v_mul_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vv:f32", Type: F32},
	OpVMulLegacyF32 - OpAMDBase:            {Name: "v_mul_legacy_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vv:f32", Type: F32},
	OpVMinF32 - OpAMDBase:                  {Name: "v_min_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vv:f32", Type: F32},
	OpVMaxF32 - OpAMDBase:                  {Name: "v_max_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vv:f32", Type: F32},
	OpVFmacF32 - OpAMDBase:                 {Name: "v_fmac_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vv:f32", Type: F32},
	OpVMacF32 - OpAMDBase:                  {Name: "v_mac_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vv:f32", Type: F32},
	OpVMadmkF32 - OpAMDBase:                {Name: "v_madmk_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,k:f32,vv:f32", Type: F32},
	OpVMadakF32 - OpAMDBase:                {Name: "v_madak_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vv:f32,k:f32", Type: F32},
	OpVFmamkF32 - OpAMDBase:                {Name: "v_fmamk_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,k:f32,vv:f32", Type: F32},
	OpVFmaakF32 - OpAMDBase:                {Name: "v_fmaak_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vv:f32,k:f32", Type: F32},
	OpVLdexpF32 - OpAMDBase:                {Name: "v_ldexp_f32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vv:b32", Type: F32},
	OpVCndmaskB32 - OpAMDBase:              {Name: "v_cndmask_b32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32,ms", Type: B32},
	OpVAddU32 - OpAMDBase:                  {Name: "v_add_u32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: U32},
	OpVSubU32 - OpAMDBase:                  {Name: "v_sub_u32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: U32},
	OpVSubrevU32 - OpAMDBase:               {Name: "v_subrev_u32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: U32},
	OpVAndB32 - OpAMDBase:                  {Name: "v_and_b32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: B32},
	OpVOrB32 - OpAMDBase:                   {Name: "v_or_b32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: B32},
	OpVXorB32 - OpAMDBase:                  {Name: "v_xor_b32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: B32},
	OpVXnorB32 - OpAMDBase:                 {Name: "v_xnor_b32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: B32},
	OpVLshlrevB32 - OpAMDBase:              {Name: "v_lshlrev_b32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: B32},
	OpVLshrrevB32 - OpAMDBase:              {Name: "v_lshrrev_b32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: B32},
	OpVAshrrevI32 - OpAMDBase:              {Name: "v_ashrrev_i32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: S32},
	OpVMinI32 - OpAMDBase:                  {Name: "v_min_i32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: S32},
	OpVMaxI32 - OpAMDBase:                  {Name: "v_max_i32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: S32},
	OpVMinU32 - OpAMDBase:                  {Name: "v_min_u32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: U32},
	OpVMaxU32 - OpAMDBase:                  {Name: "v_max_u32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: U32},
	OpVMulI32I24 - OpAMDBase:               {Name: "v_mul_i32_i24", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: S32},
	OpVMulU32U24 - OpAMDBase:               {Name: "v_mul_u32_u24", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: U32},
	OpVMulHiI32I24 - OpAMDBase:             {Name: "v_mul_hi_i32_i24", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: S32},
	OpVMulHiU32U24 - OpAMDBase:             {Name: "v_mul_hi_u32_u24", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: U32},
	OpVBcntU32B32 - OpAMDBase:              {Name: "v_bcnt_u32_b32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: U32},
	OpVBfmB32 - OpAMDBase:                  {Name: "v_bfm_b32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: B32},
	OpVMbcntLoU32B32 - OpAMDBase:           {Name: "v_mbcnt_lo_u32_b32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: U32},
	OpVMbcntHiU32B32 - OpAMDBase:           {Name: "v_mbcnt_hi_u32_b32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vv:b32", Type: U32},
	OpVAddCoU32 - OpAMDBase:                {Name: "v_add_co_u32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,md,vs:b32,vv:b32", Type: U32},
	OpVSubCoU32 - OpAMDBase:                {Name: "v_sub_co_u32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,md,vs:b32,vv:b32", Type: U32},
	OpVSubrevCoU32 - OpAMDBase:             {Name: "v_subrev_co_u32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,md,vs:b32,vv:b32", Type: U32},
	OpVAddcCoU32 - OpAMDBase:               {Name: "v_addc_co_u32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,md,vs:b32,vv:b32,ms", Type: U32},
	OpVSubbCoU32 - OpAMDBase:               {Name: "v_subb_co_u32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,md,vs:b32,vv:b32,ms", Type: U32},
	OpVSubbrevCoU32 - OpAMDBase:            {Name: "v_subbrev_co_u32", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b32,md,vs:b32,vv:b32,ms", Type: U32},
	OpVLshlrevB64 - OpAMDBase:              {Name: "v_lshlrev_b64", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b64,vs:b32,vv:b64", Type: B64},
	OpVLshrrevB64 - OpAMDBase:              {Name: "v_lshrrev_b64", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b64,vs:b32,vv:b64", Type: B64},
	OpVAshrrevI64 - OpAMDBase:              {Name: "v_ashrrev_i64", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:b64,vs:b32,vv:b64", Type: S64},
	OpVAddF64 - OpAMDBase:                  {Name: "v_add_f64", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f64,vs:f64,vv:f64", Type: F64},
	OpVMulF64 - OpAMDBase:                  {Name: "v_mul_f64", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f64,vs:f64,vv:f64", Type: F64},
	OpVMinF64 - OpAMDBase:                  {Name: "v_min_f64", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f64,vs:f64,vv:f64", Type: F64},
	OpVMaxF64 - OpAMDBase:                  {Name: "v_max_f64", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f64,vs:f64,vv:f64", Type: F64},
	OpVFmacF64 - OpAMDBase:                 {Name: "v_fmac_f64", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f64,vs:f64,vv:f64", Type: F64},
	OpVLdexpF64 - OpAMDBase:                {Name: "v_ldexp_f64", Enc: AMDEncVOP2, Class: AMDClassVALU, Sig: "vd:f64,vs:f64,vv:b32", Type: F64},
	OpVFmaF32 - OpAMDBase:                  {Name: "v_fma_f32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vs:f32,vs:f32", Type: F32},
	OpVMadF32 - OpAMDBase:                  {Name: "v_mad_f32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vs:f32,vs:f32", Type: F32},
	OpVMadLegacyF32 - OpAMDBase:            {Name: "v_mad_legacy_f32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vs:f32,vs:f32", Type: F32},
	OpVDivFmasF32 - OpAMDBase:              {Name: "v_div_fmas_f32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vs:f32,vs:f32", Type: F32},
	OpVDivFixupF32 - OpAMDBase:             {Name: "v_div_fixup_f32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vs:f32,vs:f32", Type: F32},
	OpVMin3F32 - OpAMDBase:                 {Name: "v_min3_f32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vs:f32,vs:f32", Type: F32},
	OpVMax3F32 - OpAMDBase:                 {Name: "v_max3_f32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vs:f32,vs:f32", Type: F32},
	OpVMed3F32 - OpAMDBase:                 {Name: "v_med3_f32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f32,vs:f32,vs:f32,vs:f32", Type: F32},
	OpVDivScaleF32 - OpAMDBase:             {Name: "v_div_scale_f32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f32,md,vs:f32,vs:f32,vs:f32", Type: F32},
	OpVFmaF64 - OpAMDBase:                  {Name: "v_fma_f64", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f64,vs:f64,vs:f64,vs:f64", Type: F64},
	OpVDivFmasF64 - OpAMDBase:              {Name: "v_div_fmas_f64", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f64,vs:f64,vs:f64,vs:f64", Type: F64},
	OpVDivFixupF64 - OpAMDBase:             {Name: "v_div_fixup_f64", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f64,vs:f64,vs:f64,vs:f64", Type: F64},
	OpVDivScaleF64 - OpAMDBase:             {Name: "v_div_scale_f64", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:f64,md,vs:f64,vs:f64,vs:f64", Type: F64},
	OpVBfeU32 - OpAMDBase:                  {Name: "v_bfe_u32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: U32},
	OpVBfeI32 - OpAMDBase:                  {Name: "v_bfe_i32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: S32},
	OpVBfiB32 - OpAMDBase:                  {Name: "v_bfi_b32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: B32},
	OpVAlignbitB32 - OpAMDBase:             {Name: "v_alignbit_b32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: B32},
	OpVAlignbyteB32 - OpAMDBase:            {Name: "v_alignbyte_b32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: B32},
	OpVMin3I32 - OpAMDBase:                 {Name: "v_min3_i32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: S32},
	OpVMin3U32 - OpAMDBase:                 {Name: "v_min3_u32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: U32},
	OpVMax3I32 - OpAMDBase:                 {Name: "v_max3_i32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: S32},
	OpVMax3U32 - OpAMDBase:                 {Name: "v_max3_u32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: U32},
	OpVMed3I32 - OpAMDBase:                 {Name: "v_med3_i32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: S32},
	OpVMed3U32 - OpAMDBase:                 {Name: "v_med3_u32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: U32},
	OpVLshlAddU32 - OpAMDBase:              {Name: "v_lshl_add_u32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: U32},
	OpVAddLshlU32 - OpAMDBase:              {Name: "v_add_lshl_u32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: U32},
	OpVAdd3U32 - OpAMDBase:                 {Name: "v_add3_u32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: U32},
	OpVLshlOrB32 - OpAMDBase:               {Name: "v_lshl_or_b32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: B32},
	OpVAndOrB32 - OpAMDBase:                {Name: "v_and_or_b32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: B32},
	OpVOr3B32 - OpAMDBase:                  {Name: "v_or3_b32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: B32},
	OpVXor3B32 - OpAMDBase:                 {Name: "v_xor3_b32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: B32},
	OpVXadU32 - OpAMDBase:                  {Name: "v_xad_u32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: U32},
	OpVMadU32U24 - OpAMDBase:               {Name: "v_mad_u32_u24", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: U32},
	OpVMadI32I24 - OpAMDBase:               {Name: "v_mad_i32_i24", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: S32},
	OpVPermB32 - OpAMDBase:                 {Name: "v_perm_b32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32,vs:b32", Type: B32},
	OpVMulLoU32 - OpAMDBase:                {Name: "v_mul_lo_u32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32", Type: U32},
	OpVMulHiU32 - OpAMDBase:                {Name: "v_mul_hi_u32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32", Type: U32},
	OpVMulHiI32 - OpAMDBase:                {Name: "v_mul_hi_i32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,vs:b32,vs:b32", Type: S32},
	OpVMadU64U32 - OpAMDBase:               {Name: "v_mad_u64_u32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b64,md,vs:b32,vs:b32,vs:b64", Type: U64},
	OpVMadI64I32 - OpAMDBase:               {Name: "v_mad_i64_i32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b64,md,vs:b32,vs:b32,vs:b64", Type: S64},
	OpVLshlAddU64 - OpAMDBase:              {Name: "v_lshl_add_u64", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b64,vs:b64,vs:b32,vs:b64", Type: U64},
	OpVReadlaneB32 - OpAMDBase:             {Name: "v_readlane_b32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "sd:b32,vv:b32,ss:b32", Type: B32},
	OpVWritelaneB32 - OpAMDBase:            {Name: "v_writelane_b32", Enc: AMDEncVOP3, Class: AMDClassVALU, Sig: "vd:b32,ss:b32,ss:b32", Type: B32},
	OpVCmpFF32 - OpAMDBase:                 {Name: "v_cmp_f_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpAMDFalse},
	OpVCmpLtF32 - OpAMDBase:                {Name: "v_cmp_lt_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpLT},
	OpVCmpEqF32 - OpAMDBase:                {Name: "v_cmp_eq_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpEQ},
	OpVCmpLeF32 - OpAMDBase:                {Name: "v_cmp_le_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpLE},
	OpVCmpGtF32 - OpAMDBase:                {Name: "v_cmp_gt_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpGT},
	OpVCmpLgF32 - OpAMDBase:                {Name: "v_cmp_lg_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpNE},
	OpVCmpGeF32 - OpAMDBase:                {Name: "v_cmp_ge_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpGE},
	OpVCmpOF32 - OpAMDBase:                 {Name: "v_cmp_o_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpNUM},
	OpVCmpUF32 - OpAMDBase:                 {Name: "v_cmp_u_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpNAN},
	OpVCmpNgeF32 - OpAMDBase:               {Name: "v_cmp_nge_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpLTU},
	OpVCmpNlgF32 - OpAMDBase:               {Name: "v_cmp_nlg_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpEQU},
	OpVCmpNgtF32 - OpAMDBase:               {Name: "v_cmp_ngt_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpLEU},
	OpVCmpNleF32 - OpAMDBase:               {Name: "v_cmp_nle_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpGTU},
	OpVCmpNeqF32 - OpAMDBase:               {Name: "v_cmp_neq_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpNEU},
	OpVCmpNltF32 - OpAMDBase:               {Name: "v_cmp_nlt_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpGEU},
	OpVCmpTruF32 - OpAMDBase:               {Name: "v_cmp_tru_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpAMDTrue},
	OpVCmpFF64 - OpAMDBase:                 {Name: "v_cmp_f_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpAMDFalse},
	OpVCmpLtF64 - OpAMDBase:                {Name: "v_cmp_lt_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpLT},
	OpVCmpEqF64 - OpAMDBase:                {Name: "v_cmp_eq_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpEQ},
	OpVCmpLeF64 - OpAMDBase:                {Name: "v_cmp_le_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpLE},
	OpVCmpGtF64 - OpAMDBase:                {Name: "v_cmp_gt_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpGT},
	OpVCmpLgF64 - OpAMDBase:                {Name: "v_cmp_lg_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpNE},
	OpVCmpGeF64 - OpAMDBase:                {Name: "v_cmp_ge_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpGE},
	OpVCmpOF64 - OpAMDBase:                 {Name: "v_cmp_o_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpNUM},
	OpVCmpUF64 - OpAMDBase:                 {Name: "v_cmp_u_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpNAN},
	OpVCmpNgeF64 - OpAMDBase:               {Name: "v_cmp_nge_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpLTU},
	OpVCmpNlgF64 - OpAMDBase:               {Name: "v_cmp_nlg_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpEQU},
	OpVCmpNgtF64 - OpAMDBase:               {Name: "v_cmp_ngt_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpLEU},
	OpVCmpNleF64 - OpAMDBase:               {Name: "v_cmp_nle_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpGTU},
	OpVCmpNeqF64 - OpAMDBase:               {Name: "v_cmp_neq_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpNEU},
	OpVCmpNltF64 - OpAMDBase:               {Name: "v_cmp_nlt_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpGEU},
	OpVCmpTruF64 - OpAMDBase:               {Name: "v_cmp_tru_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpAMDTrue},
	OpVCmpFI32 - OpAMDBase:                 {Name: "v_cmp_f_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpAMDFalse},
	OpVCmpLtI32 - OpAMDBase:                {Name: "v_cmp_lt_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpLT},
	OpVCmpEqI32 - OpAMDBase:                {Name: "v_cmp_eq_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpEQ},
	OpVCmpLeI32 - OpAMDBase:                {Name: "v_cmp_le_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpLE},
	OpVCmpGtI32 - OpAMDBase:                {Name: "v_cmp_gt_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpGT},
	OpVCmpNeI32 - OpAMDBase:                {Name: "v_cmp_ne_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpNE},
	OpVCmpGeI32 - OpAMDBase:                {Name: "v_cmp_ge_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpGE},
	OpVCmpTI32 - OpAMDBase:                 {Name: "v_cmp_t_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpAMDTrue},
	OpVCmpFU32 - OpAMDBase:                 {Name: "v_cmp_f_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpAMDFalse},
	OpVCmpLtU32 - OpAMDBase:                {Name: "v_cmp_lt_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpLT},
	OpVCmpEqU32 - OpAMDBase:                {Name: "v_cmp_eq_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpEQ},
	OpVCmpLeU32 - OpAMDBase:                {Name: "v_cmp_le_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpLE},
	OpVCmpGtU32 - OpAMDBase:                {Name: "v_cmp_gt_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpGT},
	OpVCmpNeU32 - OpAMDBase:                {Name: "v_cmp_ne_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpNE},
	OpVCmpGeU32 - OpAMDBase:                {Name: "v_cmp_ge_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpGE},
	OpVCmpTU32 - OpAMDBase:                 {Name: "v_cmp_t_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpAMDTrue},
	OpVCmpFI64 - OpAMDBase:                 {Name: "v_cmp_f_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpAMDFalse},
	OpVCmpLtI64 - OpAMDBase:                {Name: "v_cmp_lt_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpLT},
	OpVCmpEqI64 - OpAMDBase:                {Name: "v_cmp_eq_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpEQ},
	OpVCmpLeI64 - OpAMDBase:                {Name: "v_cmp_le_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpLE},
	OpVCmpGtI64 - OpAMDBase:                {Name: "v_cmp_gt_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpGT},
	OpVCmpNeI64 - OpAMDBase:                {Name: "v_cmp_ne_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpNE},
	OpVCmpGeI64 - OpAMDBase:                {Name: "v_cmp_ge_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpGE},
	OpVCmpTI64 - OpAMDBase:                 {Name: "v_cmp_t_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpAMDTrue},
	OpVCmpFU64 - OpAMDBase:                 {Name: "v_cmp_f_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpAMDFalse},
	OpVCmpLtU64 - OpAMDBase:                {Name: "v_cmp_lt_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpLT},
	OpVCmpEqU64 - OpAMDBase:                {Name: "v_cmp_eq_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpEQ},
	OpVCmpLeU64 - OpAMDBase:                {Name: "v_cmp_le_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpLE},
	OpVCmpGtU64 - OpAMDBase:                {Name: "v_cmp_gt_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpGT},
	OpVCmpNeU64 - OpAMDBase:                {Name: "v_cmp_ne_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpNE},
	OpVCmpGeU64 - OpAMDBase:                {Name: "v_cmp_ge_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpGE},
	OpVCmpTU64 - OpAMDBase:                 {Name: "v_cmp_t_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpAMDTrue},
	OpVCmpClassF32 - OpAMDBase:             {Name: "v_cmp_class_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmpclass:f32", Type: F32},
	OpVCmpClassF64 - OpAMDBase:             {Name: "v_cmp_class_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmpclass:f64", Type: F64},
	OpVCmpxFF32 - OpAMDBase:                {Name: "v_cmpx_f_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpAMDFalse, Cmpx: true},
	OpVCmpxLtF32 - OpAMDBase:               {Name: "v_cmpx_lt_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpLT, Cmpx: true},
	OpVCmpxEqF32 - OpAMDBase:               {Name: "v_cmpx_eq_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpEQ, Cmpx: true},
	OpVCmpxLeF32 - OpAMDBase:               {Name: "v_cmpx_le_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpLE, Cmpx: true},
	OpVCmpxGtF32 - OpAMDBase:               {Name: "v_cmpx_gt_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpGT, Cmpx: true},
	OpVCmpxLgF32 - OpAMDBase:               {Name: "v_cmpx_lg_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpNE, Cmpx: true},
	OpVCmpxGeF32 - OpAMDBase:               {Name: "v_cmpx_ge_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpGE, Cmpx: true},
	OpVCmpxOF32 - OpAMDBase:                {Name: "v_cmpx_o_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpNUM, Cmpx: true},
	OpVCmpxUF32 - OpAMDBase:                {Name: "v_cmpx_u_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpNAN, Cmpx: true},
	OpVCmpxNgeF32 - OpAMDBase:              {Name: "v_cmpx_nge_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpLTU, Cmpx: true},
	OpVCmpxNlgF32 - OpAMDBase:              {Name: "v_cmpx_nlg_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpEQU, Cmpx: true},
	OpVCmpxNgtF32 - OpAMDBase:              {Name: "v_cmpx_ngt_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpLEU, Cmpx: true},
	OpVCmpxNleF32 - OpAMDBase:              {Name: "v_cmpx_nle_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpGTU, Cmpx: true},
	OpVCmpxNeqF32 - OpAMDBase:              {Name: "v_cmpx_neq_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpNEU, Cmpx: true},
	OpVCmpxNltF32 - OpAMDBase:              {Name: "v_cmpx_nlt_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpGEU, Cmpx: true},
	OpVCmpxTruF32 - OpAMDBase:              {Name: "v_cmpx_tru_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f32", Type: F32, Cmp: CmpAMDTrue, Cmpx: true},
	OpVCmpxFF64 - OpAMDBase:                {Name: "v_cmpx_f_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpAMDFalse, Cmpx: true},
	OpVCmpxLtF64 - OpAMDBase:               {Name: "v_cmpx_lt_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpLT, Cmpx: true},
	OpVCmpxEqF64 - OpAMDBase:               {Name: "v_cmpx_eq_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpEQ, Cmpx: true},
	OpVCmpxLeF64 - OpAMDBase:               {Name: "v_cmpx_le_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpLE, Cmpx: true},
	OpVCmpxGtF64 - OpAMDBase:               {Name: "v_cmpx_gt_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpGT, Cmpx: true},
	OpVCmpxLgF64 - OpAMDBase:               {Name: "v_cmpx_lg_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpNE, Cmpx: true},
	OpVCmpxGeF64 - OpAMDBase:               {Name: "v_cmpx_ge_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpGE, Cmpx: true},
	OpVCmpxOF64 - OpAMDBase:                {Name: "v_cmpx_o_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpNUM, Cmpx: true},
	OpVCmpxUF64 - OpAMDBase:                {Name: "v_cmpx_u_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpNAN, Cmpx: true},
	OpVCmpxNgeF64 - OpAMDBase:              {Name: "v_cmpx_nge_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpLTU, Cmpx: true},
	OpVCmpxNlgF64 - OpAMDBase:              {Name: "v_cmpx_nlg_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpEQU, Cmpx: true},
	OpVCmpxNgtF64 - OpAMDBase:              {Name: "v_cmpx_ngt_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpLEU, Cmpx: true},
	OpVCmpxNleF64 - OpAMDBase:              {Name: "v_cmpx_nle_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpGTU, Cmpx: true},
	OpVCmpxNeqF64 - OpAMDBase:              {Name: "v_cmpx_neq_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpNEU, Cmpx: true},
	OpVCmpxNltF64 - OpAMDBase:              {Name: "v_cmpx_nlt_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpGEU, Cmpx: true},
	OpVCmpxTruF64 - OpAMDBase:              {Name: "v_cmpx_tru_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:f64", Type: F64, Cmp: CmpAMDTrue, Cmpx: true},
	OpVCmpxFI32 - OpAMDBase:                {Name: "v_cmpx_f_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpAMDFalse, Cmpx: true},
	OpVCmpxLtI32 - OpAMDBase:               {Name: "v_cmpx_lt_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpLT, Cmpx: true},
	OpVCmpxEqI32 - OpAMDBase:               {Name: "v_cmpx_eq_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpEQ, Cmpx: true},
	OpVCmpxLeI32 - OpAMDBase:               {Name: "v_cmpx_le_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpLE, Cmpx: true},
	OpVCmpxGtI32 - OpAMDBase:               {Name: "v_cmpx_gt_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpGT, Cmpx: true},
	OpVCmpxNeI32 - OpAMDBase:               {Name: "v_cmpx_ne_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpNE, Cmpx: true},
	OpVCmpxGeI32 - OpAMDBase:               {Name: "v_cmpx_ge_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpGE, Cmpx: true},
	OpVCmpxTI32 - OpAMDBase:                {Name: "v_cmpx_t_i32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: S32, Cmp: CmpAMDTrue, Cmpx: true},
	OpVCmpxFU32 - OpAMDBase:                {Name: "v_cmpx_f_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpAMDFalse, Cmpx: true},
	OpVCmpxLtU32 - OpAMDBase:               {Name: "v_cmpx_lt_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpLT, Cmpx: true},
	OpVCmpxEqU32 - OpAMDBase:               {Name: "v_cmpx_eq_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpEQ, Cmpx: true},
	OpVCmpxLeU32 - OpAMDBase:               {Name: "v_cmpx_le_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpLE, Cmpx: true},
	OpVCmpxGtU32 - OpAMDBase:               {Name: "v_cmpx_gt_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpGT, Cmpx: true},
	OpVCmpxNeU32 - OpAMDBase:               {Name: "v_cmpx_ne_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpNE, Cmpx: true},
	OpVCmpxGeU32 - OpAMDBase:               {Name: "v_cmpx_ge_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpGE, Cmpx: true},
	OpVCmpxTU32 - OpAMDBase:                {Name: "v_cmpx_t_u32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b32", Type: U32, Cmp: CmpAMDTrue, Cmpx: true},
	OpVCmpxFI64 - OpAMDBase:                {Name: "v_cmpx_f_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpAMDFalse, Cmpx: true},
	OpVCmpxLtI64 - OpAMDBase:               {Name: "v_cmpx_lt_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpLT, Cmpx: true},
	OpVCmpxEqI64 - OpAMDBase:               {Name: "v_cmpx_eq_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpEQ, Cmpx: true},
	OpVCmpxLeI64 - OpAMDBase:               {Name: "v_cmpx_le_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpLE, Cmpx: true},
	OpVCmpxGtI64 - OpAMDBase:               {Name: "v_cmpx_gt_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpGT, Cmpx: true},
	OpVCmpxNeI64 - OpAMDBase:               {Name: "v_cmpx_ne_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpNE, Cmpx: true},
	OpVCmpxGeI64 - OpAMDBase:               {Name: "v_cmpx_ge_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpGE, Cmpx: true},
	OpVCmpxTI64 - OpAMDBase:                {Name: "v_cmpx_t_i64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: S64, Cmp: CmpAMDTrue, Cmpx: true},
	OpVCmpxFU64 - OpAMDBase:                {Name: "v_cmpx_f_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpAMDFalse, Cmpx: true},
	OpVCmpxLtU64 - OpAMDBase:               {Name: "v_cmpx_lt_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpLT, Cmpx: true},
	OpVCmpxEqU64 - OpAMDBase:               {Name: "v_cmpx_eq_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpEQ, Cmpx: true},
	OpVCmpxLeU64 - OpAMDBase:               {Name: "v_cmpx_le_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpLE, Cmpx: true},
	OpVCmpxGtU64 - OpAMDBase:               {Name: "v_cmpx_gt_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpGT, Cmpx: true},
	OpVCmpxNeU64 - OpAMDBase:               {Name: "v_cmpx_ne_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpNE, Cmpx: true},
	OpVCmpxGeU64 - OpAMDBase:               {Name: "v_cmpx_ge_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpGE, Cmpx: true},
	OpVCmpxTU64 - OpAMDBase:                {Name: "v_cmpx_t_u64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmp:b64", Type: U64, Cmp: CmpAMDTrue, Cmpx: true},
	OpVCmpxClassF32 - OpAMDBase:            {Name: "v_cmpx_class_f32", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmpclass:f32", Type: F32, Cmpx: true},
	OpVCmpxClassF64 - OpAMDBase:            {Name: "v_cmpx_class_f64", Enc: AMDEncVOPC, Class: AMDClassVALU, Sig: "cmpclass:f64", Type: F64, Cmpx: true},
	OpDsReadB32 - OpAMDBase:                {Name: "ds_read_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 4, Mem: AMDMemLoad},
	OpDsReadB64 - OpAMDBase:                {Name: "ds_read_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 8, Mem: AMDMemLoad},
	OpDsReadB96 - OpAMDBase:                {Name: "ds_read_b96", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 12, Mem: AMDMemLoad},
	OpDsReadB128 - OpAMDBase:               {Name: "ds_read_b128", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 16, Mem: AMDMemLoad},
	OpDsReadU8 - OpAMDBase:                 {Name: "ds_read_u8", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U8, Bytes: 1, Mem: AMDMemLoad},
	OpDsReadI8 - OpAMDBase:                 {Name: "ds_read_i8", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: S8, Bytes: 1, Mem: AMDMemLoad},
	OpDsReadU16 - OpAMDBase:                {Name: "ds_read_u16", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U16, Bytes: 2, Mem: AMDMemLoad},
	OpDsReadI16 - OpAMDBase:                {Name: "ds_read_i16", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: S16, Bytes: 2, Mem: AMDMemLoad},
	OpDsRead2B32 - OpAMDBase:               {Name: "ds_read2_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 4, Mem: AMDMemLoad2},
	OpDsRead2B64 - OpAMDBase:               {Name: "ds_read2_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 8, Mem: AMDMemLoad2},
	OpDsRead2st64B32 - OpAMDBase:           {Name: "ds_read2st64_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 4, Mem: AMDMemLoad2st64},
	OpDsRead2st64B64 - OpAMDBase:           {Name: "ds_read2st64_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 8, Mem: AMDMemLoad2st64},
	OpDsWriteB8 - OpAMDBase:                {Name: "ds_write_b8", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 1, Mem: AMDMemStore},
	OpDsWriteB16 - OpAMDBase:               {Name: "ds_write_b16", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 2, Mem: AMDMemStore},
	OpDsWriteB32 - OpAMDBase:               {Name: "ds_write_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 4, Mem: AMDMemStore},
	OpDsWriteB64 - OpAMDBase:               {Name: "ds_write_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 8, Mem: AMDMemStore},
	OpDsWriteB96 - OpAMDBase:               {Name: "ds_write_b96", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 12, Mem: AMDMemStore},
	OpDsWriteB128 - OpAMDBase:              {Name: "ds_write_b128", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 16, Mem: AMDMemStore},
	OpDsWrite2B32 - OpAMDBase:              {Name: "ds_write2_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 4, Mem: AMDMemStore2},
	OpDsWrite2B64 - OpAMDBase:              {Name: "ds_write2_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 8, Mem: AMDMemStore2},
	OpDsWrite2st64B32 - OpAMDBase:          {Name: "ds_write2st64_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 4, Mem: AMDMemStore2st64},
	OpDsWrite2st64B64 - OpAMDBase:          {Name: "ds_write2st64_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 8, Mem: AMDMemStore2st64},
	OpDsAddU32 - OpAMDBase:                 {Name: "ds_add_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomAdd, Bytes: 4, Mem: AMDMemAtomic},
	OpDsAddRtnU32 - OpAMDBase:              {Name: "ds_add_rtn_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomAdd, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsAddU64 - OpAMDBase:                 {Name: "ds_add_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomAdd, Bytes: 8, Mem: AMDMemAtomic},
	OpDsAddRtnU64 - OpAMDBase:              {Name: "ds_add_rtn_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomAdd, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsSubU32 - OpAMDBase:                 {Name: "ds_sub_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomAMDSub, Bytes: 4, Mem: AMDMemAtomic},
	OpDsSubRtnU32 - OpAMDBase:              {Name: "ds_sub_rtn_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomAMDSub, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsSubU64 - OpAMDBase:                 {Name: "ds_sub_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomAMDSub, Bytes: 8, Mem: AMDMemAtomic},
	OpDsSubRtnU64 - OpAMDBase:              {Name: "ds_sub_rtn_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomAMDSub, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsRsubU32 - OpAMDBase:                {Name: "ds_rsub_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomAMDRsub, Bytes: 4, Mem: AMDMemAtomic},
	OpDsRsubRtnU32 - OpAMDBase:             {Name: "ds_rsub_rtn_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomAMDRsub, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsRsubU64 - OpAMDBase:                {Name: "ds_rsub_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomAMDRsub, Bytes: 8, Mem: AMDMemAtomic},
	OpDsRsubRtnU64 - OpAMDBase:             {Name: "ds_rsub_rtn_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomAMDRsub, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsIncU32 - OpAMDBase:                 {Name: "ds_inc_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomInc, Bytes: 4, Mem: AMDMemAtomic},
	OpDsIncRtnU32 - OpAMDBase:              {Name: "ds_inc_rtn_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomInc, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsIncU64 - OpAMDBase:                 {Name: "ds_inc_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomInc, Bytes: 8, Mem: AMDMemAtomic},
	OpDsIncRtnU64 - OpAMDBase:              {Name: "ds_inc_rtn_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomInc, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsDecU32 - OpAMDBase:                 {Name: "ds_dec_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomDec, Bytes: 4, Mem: AMDMemAtomic},
	OpDsDecRtnU32 - OpAMDBase:              {Name: "ds_dec_rtn_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomDec, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsDecU64 - OpAMDBase:                 {Name: "ds_dec_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomDec, Bytes: 8, Mem: AMDMemAtomic},
	OpDsDecRtnU64 - OpAMDBase:              {Name: "ds_dec_rtn_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomDec, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsMinII32 - OpAMDBase:                {Name: "ds_min_i32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: S32, Atom: AtomMin, Bytes: 4, Mem: AMDMemAtomic},
	OpDsMinIRtnI32 - OpAMDBase:             {Name: "ds_min_rtn_i32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: S32, Atom: AtomMin, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsMinII64 - OpAMDBase:                {Name: "ds_min_i64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: S64, Atom: AtomMin, Bytes: 8, Mem: AMDMemAtomic},
	OpDsMinIRtnI64 - OpAMDBase:             {Name: "ds_min_rtn_i64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: S64, Atom: AtomMin, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsMaxII32 - OpAMDBase:                {Name: "ds_max_i32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: S32, Atom: AtomMax, Bytes: 4, Mem: AMDMemAtomic},
	OpDsMaxIRtnI32 - OpAMDBase:             {Name: "ds_max_rtn_i32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: S32, Atom: AtomMax, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsMaxII64 - OpAMDBase:                {Name: "ds_max_i64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: S64, Atom: AtomMax, Bytes: 8, Mem: AMDMemAtomic},
	OpDsMaxIRtnI64 - OpAMDBase:             {Name: "ds_max_rtn_i64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: S64, Atom: AtomMax, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsMinUU32 - OpAMDBase:                {Name: "ds_min_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomMin, Bytes: 4, Mem: AMDMemAtomic},
	OpDsMinURtnU32 - OpAMDBase:             {Name: "ds_min_rtn_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomMin, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsMinUU64 - OpAMDBase:                {Name: "ds_min_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomMin, Bytes: 8, Mem: AMDMemAtomic},
	OpDsMinURtnU64 - OpAMDBase:             {Name: "ds_min_rtn_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomMin, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsMaxUU32 - OpAMDBase:                {Name: "ds_max_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomMax, Bytes: 4, Mem: AMDMemAtomic},
	OpDsMaxURtnU32 - OpAMDBase:             {Name: "ds_max_rtn_u32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U32, Atom: AtomMax, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsMaxUU64 - OpAMDBase:                {Name: "ds_max_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomMax, Bytes: 8, Mem: AMDMemAtomic},
	OpDsMaxURtnU64 - OpAMDBase:             {Name: "ds_max_rtn_u64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: U64, Atom: AtomMax, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsAndB32 - OpAMDBase:                 {Name: "ds_and_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Atom: AtomAnd, Bytes: 4, Mem: AMDMemAtomic},
	OpDsAndRtnB32 - OpAMDBase:              {Name: "ds_and_rtn_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Atom: AtomAnd, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsAndB64 - OpAMDBase:                 {Name: "ds_and_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B64, Atom: AtomAnd, Bytes: 8, Mem: AMDMemAtomic},
	OpDsAndRtnB64 - OpAMDBase:              {Name: "ds_and_rtn_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B64, Atom: AtomAnd, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsOrB32 - OpAMDBase:                  {Name: "ds_or_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Atom: AtomOr, Bytes: 4, Mem: AMDMemAtomic},
	OpDsOrRtnB32 - OpAMDBase:               {Name: "ds_or_rtn_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Atom: AtomOr, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsOrB64 - OpAMDBase:                  {Name: "ds_or_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B64, Atom: AtomOr, Bytes: 8, Mem: AMDMemAtomic},
	OpDsOrRtnB64 - OpAMDBase:               {Name: "ds_or_rtn_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B64, Atom: AtomOr, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsXorB32 - OpAMDBase:                 {Name: "ds_xor_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Atom: AtomXor, Bytes: 4, Mem: AMDMemAtomic},
	OpDsXorRtnB32 - OpAMDBase:              {Name: "ds_xor_rtn_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Atom: AtomXor, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsXorB64 - OpAMDBase:                 {Name: "ds_xor_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B64, Atom: AtomXor, Bytes: 8, Mem: AMDMemAtomic},
	OpDsXorRtnB64 - OpAMDBase:              {Name: "ds_xor_rtn_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B64, Atom: AtomXor, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsAddF32 - OpAMDBase:                 {Name: "ds_add_f32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: F32, Atom: AtomAdd, Bytes: 4, Mem: AMDMemAtomic},
	OpDsAddRtnF32 - OpAMDBase:              {Name: "ds_add_rtn_f32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: F32, Atom: AtomAdd, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsMinF32 - OpAMDBase:                 {Name: "ds_min_f32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: F32, Atom: AtomMin, Bytes: 4, Mem: AMDMemAtomic},
	OpDsMaxF32 - OpAMDBase:                 {Name: "ds_max_f32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: F32, Atom: AtomMax, Bytes: 4, Mem: AMDMemAtomic},
	OpDsWrxchgRtnB32 - OpAMDBase:           {Name: "ds_wrxchg_rtn_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Atom: AtomExch, Bytes: 4, Mem: AMDMemAtomic, Return: true},
	OpDsWrxchgRtnB64 - OpAMDBase:           {Name: "ds_wrxchg_rtn_b64", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B64, Atom: AtomExch, Bytes: 8, Mem: AMDMemAtomic, Return: true},
	OpDsCmpstB32 - OpAMDBase:               {Name: "ds_cmpst_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Atom: AtomCas, Bytes: 4, Mem: AMDMemCmpst},
	OpDsCmpstRtnB32 - OpAMDBase:            {Name: "ds_cmpst_rtn_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Atom: AtomCas, Bytes: 4, Mem: AMDMemCmpst, Return: true},
	OpDsCmpstoreB32 - OpAMDBase:            {Name: "ds_cmpstore_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Atom: AtomCas, Bytes: 4, Mem: AMDMemCmpstore},
	OpDsCmpstoreRtnB32 - OpAMDBase:         {Name: "ds_cmpstore_rtn_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Atom: AtomCas, Bytes: 4, Mem: AMDMemCmpstore, Return: true},
	OpDsBpermuteB32 - OpAMDBase:            {Name: "ds_bpermute_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 4, Mem: AMDMemBpermute},
	OpDsPermuteB32 - OpAMDBase:             {Name: "ds_permute_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 4, Mem: AMDMemPermute},
	OpDsSwizzleB32 - OpAMDBase:             {Name: "ds_swizzle_b32", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Bytes: 4, Mem: AMDMemSwizzle},
	OpDsNop - OpAMDBase:                    {Name: "ds_nop", Enc: AMDEncDS, Class: AMDClassLDS, Sig: "ds", Type: B32, Mem: AMDMemNop},
	OpGlobalLoadB32 - OpAMDBase:            {Name: "global_load_dword", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 4, Mem: AMDMemLoad},
	OpGlobalLoadB64 - OpAMDBase:            {Name: "global_load_dwordx2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B64, Bytes: 8, Mem: AMDMemLoad},
	OpGlobalLoadB96 - OpAMDBase:            {Name: "global_load_dwordx3", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 12, Mem: AMDMemLoad},
	OpGlobalLoadB128 - OpAMDBase:           {Name: "global_load_dwordx4", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 16, Mem: AMDMemLoad},
	OpGlobalLoadU8 - OpAMDBase:             {Name: "global_load_ubyte", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U8, Bytes: 1, Mem: AMDMemLoad},
	OpGlobalLoadI8 - OpAMDBase:             {Name: "global_load_sbyte", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: S8, Bytes: 1, Mem: AMDMemLoad},
	OpGlobalLoadU16 - OpAMDBase:            {Name: "global_load_ushort", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U16, Bytes: 2, Mem: AMDMemLoad},
	OpGlobalLoadI16 - OpAMDBase:            {Name: "global_load_sshort", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: S16, Bytes: 2, Mem: AMDMemLoad},
	OpGlobalStoreB32 - OpAMDBase:           {Name: "global_store_dword", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 4, Mem: AMDMemStore},
	OpGlobalStoreB64 - OpAMDBase:           {Name: "global_store_dwordx2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 8, Mem: AMDMemStore},
	OpGlobalStoreB96 - OpAMDBase:           {Name: "global_store_dwordx3", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 12, Mem: AMDMemStore},
	OpGlobalStoreB128 - OpAMDBase:          {Name: "global_store_dwordx4", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 16, Mem: AMDMemStore},
	OpGlobalStoreB8 - OpAMDBase:            {Name: "global_store_byte", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 1, Mem: AMDMemStore},
	OpGlobalStoreB16 - OpAMDBase:           {Name: "global_store_short", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 2, Mem: AMDMemStore},
	OpGlobalAtomicSwap - OpAMDBase:         {Name: "global_atomic_swap", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Atom: AtomExch, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicSwapX2 - OpAMDBase:       {Name: "global_atomic_swap_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B64, Atom: AtomExch, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicCmpswap - OpAMDBase:      {Name: "global_atomic_cmpswap", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Atom: AtomCas, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicCmpswapX2 - OpAMDBase:    {Name: "global_atomic_cmpswap_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B64, Atom: AtomCas, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicAdd - OpAMDBase:          {Name: "global_atomic_add", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U32, Atom: AtomAdd, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicAddX2 - OpAMDBase:        {Name: "global_atomic_add_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U64, Atom: AtomAdd, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicSub - OpAMDBase:          {Name: "global_atomic_sub", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U32, Atom: AtomAMDSub, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicSubX2 - OpAMDBase:        {Name: "global_atomic_sub_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U64, Atom: AtomAMDSub, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicSmin - OpAMDBase:         {Name: "global_atomic_smin", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: S32, Atom: AtomMin, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicSminX2 - OpAMDBase:       {Name: "global_atomic_smin_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: S64, Atom: AtomMin, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicUmin - OpAMDBase:         {Name: "global_atomic_umin", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U32, Atom: AtomMin, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicUminX2 - OpAMDBase:       {Name: "global_atomic_umin_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U64, Atom: AtomMin, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicSmax - OpAMDBase:         {Name: "global_atomic_smax", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: S32, Atom: AtomMax, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicSmaxX2 - OpAMDBase:       {Name: "global_atomic_smax_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: S64, Atom: AtomMax, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicUmax - OpAMDBase:         {Name: "global_atomic_umax", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U32, Atom: AtomMax, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicUmaxX2 - OpAMDBase:       {Name: "global_atomic_umax_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U64, Atom: AtomMax, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicAnd - OpAMDBase:          {Name: "global_atomic_and", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Atom: AtomAnd, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicAndX2 - OpAMDBase:        {Name: "global_atomic_and_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B64, Atom: AtomAnd, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicOr - OpAMDBase:           {Name: "global_atomic_or", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Atom: AtomOr, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicOrX2 - OpAMDBase:         {Name: "global_atomic_or_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B64, Atom: AtomOr, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicXor - OpAMDBase:          {Name: "global_atomic_xor", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Atom: AtomXor, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicXorX2 - OpAMDBase:        {Name: "global_atomic_xor_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B64, Atom: AtomXor, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicInc - OpAMDBase:          {Name: "global_atomic_inc", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U32, Atom: AtomInc, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicIncX2 - OpAMDBase:        {Name: "global_atomic_inc_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U64, Atom: AtomInc, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicDec - OpAMDBase:          {Name: "global_atomic_dec", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U32, Atom: AtomDec, Bytes: 4, Mem: AMDMemAtomic},
	OpGlobalAtomicDecX2 - OpAMDBase:        {Name: "global_atomic_dec_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U64, Atom: AtomDec, Bytes: 8, Mem: AMDMemAtomic},
	OpGlobalAtomicAddF32 - OpAMDBase:       {Name: "global_atomic_add_f32", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: F32, Atom: AtomAdd, Bytes: 4, Mem: AMDMemAtomic},
	OpFlatLoadB32 - OpAMDBase:              {Name: "flat_load_dword", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 4, Mem: AMDMemLoad, Flat: true},
	OpFlatLoadB64 - OpAMDBase:              {Name: "flat_load_dwordx2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B64, Bytes: 8, Mem: AMDMemLoad, Flat: true},
	OpFlatLoadB96 - OpAMDBase:              {Name: "flat_load_dwordx3", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 12, Mem: AMDMemLoad, Flat: true},
	OpFlatLoadB128 - OpAMDBase:             {Name: "flat_load_dwordx4", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 16, Mem: AMDMemLoad, Flat: true},
	OpFlatLoadU8 - OpAMDBase:               {Name: "flat_load_ubyte", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U8, Bytes: 1, Mem: AMDMemLoad, Flat: true},
	OpFlatLoadI8 - OpAMDBase:               {Name: "flat_load_sbyte", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: S8, Bytes: 1, Mem: AMDMemLoad, Flat: true},
	OpFlatLoadU16 - OpAMDBase:              {Name: "flat_load_ushort", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U16, Bytes: 2, Mem: AMDMemLoad, Flat: true},
	OpFlatLoadI16 - OpAMDBase:              {Name: "flat_load_sshort", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: S16, Bytes: 2, Mem: AMDMemLoad, Flat: true},
	OpFlatStoreB32 - OpAMDBase:             {Name: "flat_store_dword", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 4, Mem: AMDMemStore, Flat: true},
	OpFlatStoreB64 - OpAMDBase:             {Name: "flat_store_dwordx2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 8, Mem: AMDMemStore, Flat: true},
	OpFlatStoreB96 - OpAMDBase:             {Name: "flat_store_dwordx3", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 12, Mem: AMDMemStore, Flat: true},
	OpFlatStoreB128 - OpAMDBase:            {Name: "flat_store_dwordx4", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 16, Mem: AMDMemStore, Flat: true},
	OpFlatStoreB8 - OpAMDBase:              {Name: "flat_store_byte", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 1, Mem: AMDMemStore, Flat: true},
	OpFlatStoreB16 - OpAMDBase:             {Name: "flat_store_short", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Bytes: 2, Mem: AMDMemStore, Flat: true},
	OpFlatAtomicSwap - OpAMDBase:           {Name: "flat_atomic_swap", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Atom: AtomExch, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicSwapX2 - OpAMDBase:         {Name: "flat_atomic_swap_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B64, Atom: AtomExch, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicCmpswap - OpAMDBase:        {Name: "flat_atomic_cmpswap", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Atom: AtomCas, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicCmpswapX2 - OpAMDBase:      {Name: "flat_atomic_cmpswap_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B64, Atom: AtomCas, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicAdd - OpAMDBase:            {Name: "flat_atomic_add", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U32, Atom: AtomAdd, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicAddX2 - OpAMDBase:          {Name: "flat_atomic_add_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U64, Atom: AtomAdd, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicSub - OpAMDBase:            {Name: "flat_atomic_sub", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U32, Atom: AtomAMDSub, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicSubX2 - OpAMDBase:          {Name: "flat_atomic_sub_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U64, Atom: AtomAMDSub, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicSmin - OpAMDBase:           {Name: "flat_atomic_smin", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: S32, Atom: AtomMin, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicSminX2 - OpAMDBase:         {Name: "flat_atomic_smin_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: S64, Atom: AtomMin, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicUmin - OpAMDBase:           {Name: "flat_atomic_umin", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U32, Atom: AtomMin, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicUminX2 - OpAMDBase:         {Name: "flat_atomic_umin_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U64, Atom: AtomMin, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicSmax - OpAMDBase:           {Name: "flat_atomic_smax", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: S32, Atom: AtomMax, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicSmaxX2 - OpAMDBase:         {Name: "flat_atomic_smax_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: S64, Atom: AtomMax, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicUmax - OpAMDBase:           {Name: "flat_atomic_umax", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U32, Atom: AtomMax, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicUmaxX2 - OpAMDBase:         {Name: "flat_atomic_umax_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U64, Atom: AtomMax, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicAnd - OpAMDBase:            {Name: "flat_atomic_and", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Atom: AtomAnd, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicAndX2 - OpAMDBase:          {Name: "flat_atomic_and_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B64, Atom: AtomAnd, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicOr - OpAMDBase:             {Name: "flat_atomic_or", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Atom: AtomOr, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicOrX2 - OpAMDBase:           {Name: "flat_atomic_or_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B64, Atom: AtomOr, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicXor - OpAMDBase:            {Name: "flat_atomic_xor", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B32, Atom: AtomXor, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicXorX2 - OpAMDBase:          {Name: "flat_atomic_xor_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: B64, Atom: AtomXor, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicInc - OpAMDBase:            {Name: "flat_atomic_inc", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U32, Atom: AtomInc, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicIncX2 - OpAMDBase:          {Name: "flat_atomic_inc_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U64, Atom: AtomInc, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicDec - OpAMDBase:            {Name: "flat_atomic_dec", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U32, Atom: AtomDec, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicDecX2 - OpAMDBase:          {Name: "flat_atomic_dec_x2", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: U64, Atom: AtomDec, Bytes: 8, Mem: AMDMemAtomic, Flat: true},
	OpFlatAtomicAddF32 - OpAMDBase:         {Name: "flat_atomic_add_f32", Enc: AMDEncFLAT, Class: AMDClassVMEM, Sig: "flat", Type: F32, Atom: AtomAdd, Bytes: 4, Mem: AMDMemAtomic, Flat: true},
	OpBufferGl0Inv - OpAMDBase:             {Name: "buffer_gl0_inv", Enc: AMDEncMUBUF, Class: AMDClassCache, Sig: "cache"},
	OpBufferGl1Inv - OpAMDBase:             {Name: "buffer_gl1_inv", Enc: AMDEncMUBUF, Class: AMDClassCache, Sig: "cache"},
	OpBufferWbinvl1 - OpAMDBase:            {Name: "buffer_wbinvl1", Enc: AMDEncMUBUF, Class: AMDClassCache, Sig: "cache"},
	OpBufferWbinvl1Vol - OpAMDBase:         {Name: "buffer_wbinvl1_vol", Enc: AMDEncMUBUF, Class: AMDClassCache, Sig: "cache"},
	OpBufferInv - OpAMDBase:                {Name: "buffer_inv", Enc: AMDEncMUBUF, Class: AMDClassCache, Sig: "cache"},
	OpBufferWbl2 - OpAMDBase:               {Name: "buffer_wbl2", Enc: AMDEncMUBUF, Class: AMDClassCache, Sig: "cache"},
	OpGlobalInv - OpAMDBase:                {Name: "global_inv", Enc: AMDEncMUBUF, Class: AMDClassCache, Sig: "cache"},
	OpGlobalWb - OpAMDBase:                 {Name: "global_wb", Enc: AMDEncMUBUF, Class: AMDClassCache, Sig: "cache"},
	OpGlobalWbinv - OpAMDBase:              {Name: "global_wbinv", Enc: AMDEncMUBUF, Class: AMDClassCache, Sig: "cache"},
}
