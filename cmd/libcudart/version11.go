//go:build !cudart12

package main

// cudaVersion is what cudaRuntimeGetVersion reports: this build stands in
// for libcudart.so.11.0 (CUDA 11.8).
const cudaVersion = 11080
