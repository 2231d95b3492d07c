#!/bin/sh
# Regenerates corpus_<target>.s from corpus.cl with LLVM 19 (see the comment
# in corpus.cl), with the samples' prelude.
set -eu
cd "$(dirname "$0")"
CLANG=${CLANG:-clang-19}
for t in gfx90a gfx942 gfx1030 gfx1100 gfx1200; do
  $CLANG -target amdgcn-amd-amdhsa -mcpu=$t -nogpulib -O2 -S \
    -cl-fp32-correctly-rounded-divide-sqrt -I ../../samples/amd corpus.cl -o corpus_$t.s
done
# debug_gfx1100.s: a sample built with -g, for the .file/.loc test.
$CLANG -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 -g -S \
  -I ../../samples/amd ../../samples/amd/divergent.cl -o debug_gfx1100.s
