//go:build cudart12

package main

// cudaVersion is what cudaRuntimeGetVersion reports: this build stands in
// for libcudart.so.12 (CUDA 12.0).
const cudaVersion = 12000
