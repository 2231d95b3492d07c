#!/bin/sh
# Regenerates symbols11.txt: every function NVIDIA's libcudart.so.11.0
# (CUDA 11.8, Debian nvidia-cuda-toolkit) exports. gpusim's library exports
# each of them, implemented or as a stub returning cudaErrorNotSupported
# (unsupported.c, written by go test -run TestUnsupportedStubs -update).
set -eu
cd "$(dirname "$0")"
lib=$(ldconfig -p | awk '/libcudart.so.11.0 / {print $NF; exit}')
[ -n "$lib" ] || lib=/usr/lib/x86_64-linux-gnu/libcudart.so.11.0
{
	echo "# Functions exported by $(basename "$(readlink -f "$lib")") (nm -D --defined-only); regenerate with symbols.sh."
	nm -D --defined-only "$lib" | awk '$2 == "T" {print $3}' | sed 's/@.*//' | sort -u
} >symbols11.txt
