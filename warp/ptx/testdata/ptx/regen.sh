#!/bin/sh
# Regenerates the PTX test kernels from their CUDA sources with LLVM's NVPTX
# back end (no CUDA SDK needed: prelude.h stands in for the headers).
#   apt-get install -y clang-19 llvm-19
# A source may name its own target and options on a line
# `// regen: FLAGS` (default: sm_75, PTX 7.0).
set -eu
cd "$(dirname "$0")"
for src in *.cu; do
  name=${src%.cu}
  flags=$(sed -n 's|^// regen: ||p' "$src")
  [ -n "$flags" ] || flags="--cuda-gpu-arch=sm_75 -Xclang -target-feature -Xclang +ptx70"
  # shellcheck disable=SC2086 # flags are words
  clang-19 -x cuda -include prelude.h --cuda-device-only -nocudalib -nocudainc \
    $flags -O2 -S "$src" -o "$name.ptx"
done
