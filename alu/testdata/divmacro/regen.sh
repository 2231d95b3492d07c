#!/bin/sh
# Regenerates the division-macro fixtures from div.cl with LLVM 19.
#   div.s      f32 denormals enabled (the default kernel descriptor:
#              .amdhsa_float_denorm_mode_32 3); no MODE changes in the macro.
#   div_ftz.s  -cl-denorms-are-zero: the descriptor flushes f32 denormals
#              (.amdhsa_float_denorm_mode_32 0) and the macro brackets its
#              FMA chain with s_denorm_mode 15 ... s_denorm_mode 12.
set -eu
cd "$(dirname "$0")"
CLANG=${CLANG:-clang-19}
$CLANG -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 -S \
	-cl-fp32-correctly-rounded-divide-sqrt div.cl -o div.s
$CLANG -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 -S \
	-cl-fp32-correctly-rounded-divide-sqrt -cl-denorms-are-zero div.cl -o div_ftz.s
