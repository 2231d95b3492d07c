#!/bin/sh
# Regenerates the corpus PTX (ptx/) from the CUDA programs in src/:
#   nvcc (CUDA 11.8) for sm_75 and sm_90:          NAME.nvcc.sm75.ptx ...
#   clang-19 (with CUDA 11.8's headers) for sm_75, sm_80 and sm_90:
#                                                   NAME.clang.sm80.ptx ...
# hand/ holds PTX written by hand for forms the compilers do not emit.
# TOOLS records the versions that made the committed files; the corpus
# test regenerates a sample and compares only when the installed tools
# are the same.
set -eu
cd "$(dirname "$0")"
NVCC=${NVCC:-nvcc}
CLANG=${CLANG:-clang-19}
mkdir -p ptx
for src in src/*.cu; do
	name=$(basename "$src" .cu)
	for arch in sm_75 sm_90; do
		"$NVCC" -ptx -arch="$arch" -O2 -Isrc "$src" -o "ptx/$name.nvcc.$(echo $arch | tr -d _).ptx"
	done
	for arch in sm_75 sm_80 sm_90; do
		"$CLANG" -S --cuda-device-only --cuda-gpu-arch="$arch" -O2 -Isrc "$src" -o "ptx/$name.clang.$(echo $arch | tr -d _).ptx"
	done
done
{
	"$NVCC" --version | tail -n 2 | head -n 1
	"$CLANG" --version | head -n 1
} > TOOLS
