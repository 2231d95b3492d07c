#!/bin/sh
# Regenerates the PTX of tex_kernels.cu: nvcc 11.8 for sm_75 and sm_90,
# clang-19 for sm_75 and sm_80 (against the toolkit's headers; libdevice is
# not needed). Debian's nvidia-cuda-toolkit puts the headers in
# /usr/include; clang looks for CUDA_PATH/include, so a temporary folder
# stands in for the toolkit's root.
#   apt-get install -y nvidia-cuda-toolkit clang-19
set -eu
cd "$(dirname "$0")"
inc=${CUDA_INCLUDE:-/usr/include}
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
ln -s "$inc" "$root/include"
mkdir "$root/bin"
for sm in 75 90; do
	nvcc -arch=sm_$sm -O2 -ptx -Wno-deprecated-declarations -o tex_kernels.nvcc.sm_$sm.ptx tex_kernels.cu
done
for sm in 75 80; do
	clang-19 --cuda-device-only --cuda-gpu-arch=sm_$sm -nocudalib --cuda-path="$root" -O2 -S \
		-Wno-deprecated-declarations -o tex_kernels.clang.sm_$sm.ptx tex_kernels.cu
done
