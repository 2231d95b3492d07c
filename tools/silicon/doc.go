// Command silicon compares what an NVIDIA GPU computes for the approximate
// instructions that gpusim models bit for bit (ex2.approx in its f32, f16 and
// bf16 forms, rcp.approx.ftz.f64) with the models in package alu, over every
// input.
//
// The CUDA program capture.cu (built on the device machine by run.sh) streams
// the silicon outputs in framed binary chunks (stream.go documents the
// format) together with a JSON block of clock64() microbenchmarks. This
// program reads that stream from standard input, evaluates the alu model for
// every input on all cores, and writes one JSON summary: per form the number
// of inputs, of bit-exact matches, the first mismatches and a histogram of
// model-versus-silicon ulp distances. With -tables it also writes the
// silicon output tables of the 16-bit forms and of RCP64H at one exponent,
// in the format that LoadTable reads back.
//
// Usage:
//
//	capture | silicon -o summary.json -tables DIR [-timing]
//	silicon -selftest [-o selftest.json]   # check the pipeline on a synthetic stream
//	silicon -emit [-emit-chunks N] | silicon -o x.json   # a synthetic stream on stdout
//
// The README beside this file says how to run the whole capture on a machine
// with an NVIDIA GPU and what the device-time budget is.
package main
