#!/bin/sh
# Regenerates the PTX samples from their CUDA sources with LLVM's NVPTX back
# end (no CUDA SDK needed: prelude.h stands in for the few headers used).
#   apt-get install -y clang-19 llvm-19
set -eu
cd "$(dirname "$0")"
for src in *.cu; do
  name=${src%.cu}
  clang-19 -x cuda -include prelude.h --cuda-device-only -nocudalib -nocudainc \
    --cuda-gpu-arch=sm_75 -Xclang -target-feature -Xclang +ptx70 -O2 -S "$src" -o "$name.ptx"
done
