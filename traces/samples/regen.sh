#!/bin/sh
# Regenerates the PTX samples from their CUDA sources with LLVM's NVPTX back
# end (no CUDA SDK needed: prelude.h stands in for the few headers used).
#   apt-get install -y clang-19 llvm-19
# Samples named *_sm80 use the tensor cores and async copies of sm_80: they
# are compiled for sm_80 (LLVM 19's default PTX ISA for it, 7.8), the others
# for sm_75 with PTX ISA 7.0. When nvcc is installed (CUDA 11.8 here), the
# sm_80 samples are compiled with it as well, into nvcc/ (the tests run
# both and expect the same bits).
set -eu
cd "$(dirname "$0")"
for src in *.cu; do
  name=${src%.cu}
  case $name in
  *_sm80)
    clang-19 -x cuda -include prelude.h --cuda-device-only -nocudalib -nocudainc \
      --cuda-gpu-arch=sm_80 -O2 -S "$src" -o "$name.ptx"
    if command -v nvcc >/dev/null 2>&1; then
      mkdir -p nvcc
      nvcc -arch=sm_80 -ptx -O2 -include prelude.h "$src" -o "nvcc/$name.ptx"
    fi
    ;;
  *)
    clang-19 -x cuda -include prelude.h --cuda-device-only -nocudalib -nocudainc \
      --cuda-gpu-arch=sm_75 -Xclang -target-feature -Xclang +ptx70 -O2 -S "$src" -o "$name.ptx"
    ;;
  esac
done
