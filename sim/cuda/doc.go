// Package cuda is the Go side of gpusim's CUDA runtime: the state behind
// the runtime API that cmd/libcudart exports to unmodified programs built
// with nvcc --cudart shared. It owns the registered modules (fat binaries
// read by traces/fatbin, their PTX parsed once), functions and variables;
// device memory, mapped at the same host addresses so that device pointers
// are host pointers; the <<<...>>> configuration stack; kernel launches,
// each a full gpusim launch through sim.Device in the timing or the
// functional mode; streams and events on the simulated clock; CUDA's
// sticky and non-sticky errors; device properties, attributes, function
// attributes and occupancy from the machine model and the simulator's own
// accounting; device printf formatting and its FIFO, and the assert
// report (DeviceCalls); and the report of a program run, text and JSON.
//
// Work runs in order when it is issued. Nothing but cmd/* imports this
// package; it is linked into the runtime library and into gpusim itself
// (for Options and the option encoding).
package cuda
