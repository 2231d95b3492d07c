#!/bin/sh
# Regenerates the AMDGPU samples from their OpenCL sources with LLVM 19 (no
# ROCm needed: -nogpulib, and prelude.h builds the work-item functions from
# clang builtins). Each kernel is compiled for every target gpusim reads:
#   gfx90a, gfx942 (GFX9, wave64), gfx1030 (GFX10), gfx1100 (GFX11) and
#   gfx1200 (GFX12), the last three in wave32, and gfx1100 in wave64 too
#   (NAME_gfx1100w64.s). The division kernel is also built with
#   -cl-denorms-are-zero (divftz_TARGET.s): f32 denormals flushed, the macro
#   switching them on around its FMA chain (s_denorm_mode on GFX10+,
#   s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2) on GFX9).
#   apt-get install -y clang-19
set -eu
cd "$(dirname "$0")"
CLANG=${CLANG:-clang-19}
for src in div reduce divergent fir; do
  for t in gfx90a gfx942 gfx1030 gfx1100 gfx1200; do
    $CLANG -target amdgcn-amd-amdhsa -mcpu=$t -nogpulib -O2 -S \
      -cl-fp32-correctly-rounded-divide-sqrt "$src.cl" -o "${src}_$t.s"
  done
  $CLANG -target amdgcn-amd-amdhsa -mcpu=gfx1100 -mwavefrontsize64 -nogpulib -O2 -S \
    -cl-fp32-correctly-rounded-divide-sqrt "$src.cl" -o "${src}_gfx1100w64.s"
done
for t in gfx90a gfx1030 gfx1100 gfx1200; do
  $CLANG -target amdgcn-amd-amdhsa -mcpu=$t -nogpulib -O2 -S \
    -cl-fp32-correctly-rounded-divide-sqrt -cl-denorms-are-zero div.cl -o "divftz_$t.s"
done
