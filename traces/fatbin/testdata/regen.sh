#!/bin/sh
# Regenerates the fatbin fixtures from vecadd.cu with CUDA 11.8's nvcc.
#   default.fatbin   nvcc -arch=sm_75: an sm_75 cubin and compressed compute_75 PTX
#   multi.fatbin     four images, everything compressed (-Xfatbin -compress-all)
#   plain.fatbin     nothing compressed (-Xfatbin -compress=false)
#   *.ptx            what nvcc -ptx writes for the same targets (the tests
#                    compare the decompressed PTX with them, comments aside)
set -eu
cd "$(dirname "$0")"
nvcc -arch=sm_75 -fatbin -o default.fatbin vecadd.cu
nvcc -gencode arch=compute_52,code=compute_52 -gencode arch=compute_75,code=sm_75 \
     -gencode arch=compute_75,code=compute_75 -gencode arch=compute_80,code=compute_80 \
     -Xfatbin -compress-all -fatbin -o multi.fatbin vecadd.cu
nvcc -arch=sm_75 -Xfatbin -compress=false -fatbin -o plain.fatbin vecadd.cu
nvcc -arch=compute_75 -ptx -o vecadd_75.ptx vecadd.cu
nvcc -arch=compute_80 -ptx -o vecadd_80.ptx vecadd.cu
