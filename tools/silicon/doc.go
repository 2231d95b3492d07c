// Command silicon checks gpusim against a real NVIDIA GPU: what the GPU
// computes for the instructions gpusim models bit for bit, and how long its
// kernels take.
//
// Numerics. The CUDA program capture.cu (built on the device machine by
// run.sh) streams silicon outputs in framed binary chunks (stream.go
// documents the format): every input of ex2.approx (f32, f16, bf16) and of
// rcp.approx.ftz.f64; a few million generated inputs of the other
// approximate and IEEE f32 instructions, of f64 NaN handling and of integer
// division (records that carry their inputs, probes.go); and a few thousand
// tensor-core mma.sync cases (tensor*.go). This program reads the stream,
// evaluates gpusim's model for every element on all cores, and writes one
// JSON summary: per form the inputs, bit-exact matches, first mismatches and
// an ulp histogram; per tensor form, how well each hypothesis of
// tensor_models.go reproduces silicon. With -tables it also writes the
// silicon tables of the 16-bit forms and of RCP64H at one exponent
// (table.go) and the raw tensor-core records (records.go).
//
// Timing. capture.cu also runs clock64() microbenchmarks, and run.sh profiles
// the bundled sample kernels (run by sampledrv.cu) and the microbenchmarks
// with Nsight Compute. `silicon timing` gathers all of it into timing.json
// (timing.go) and `silicon correlate` turns that and gpusim's reports into
// the correlation table of docs/silicon-correlation.md (correlate.go).
//
// Usage:
//
//	capture | silicon -o summary.json -tables DIR [-timing]
//	silicon -selftest [-o selftest.json]   # check the pipeline on a synthetic stream
//	silicon -emit [-emit-chunks N] | silicon -o x.json   # a synthetic stream on stdout
//	silicon inputs -o DIR [-max N]          # the probes' input files for capture --inputs
//	silicon samples -traces DIR -o DIR      # launch manifests for sampledrv, samples.list (NAME KERNEL MIN_SM)
//	silicon timing -summary S -events E -ncu-samples C -ncu-bench C -o timing.json
//	silicon correlate -timing timing.json [-reports DIR] [-variant V] [-o table.md]
//	silicon fake capture|sampledrv|ncu ...  # stand-ins for the rehearsal (rehearse.sh)
//
// The README beside this file says how to run the whole capture on a machine
// with an NVIDIA GPU and what the device-time budget is.
package main
