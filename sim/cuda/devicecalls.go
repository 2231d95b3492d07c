package cuda

import (
	"fmt"
	"io"

	ptxexec "github.com/gpusim/gpusim/warp/ptx"
)

// DeviceCalls is how kernel execution hands the device-side runtime calls
// of a launch to the runtime: vprintf (device printf: the format string and
// the packed argument buffer, read from device memory by the calling
// thread, and a reader of its %s strings) and __assertfail (a failed
// device assert, from the calling thread, which then stops). The runtime
// implements it per launch; execution calls it in the order the calls
// execute. It is warp/ptx's interface, declared there so that execution
// does not import the runtime.
type DeviceCalls = ptxexec.DeviceCalls

// deviceCalls serves one launch. It runs under the runtime's lock (the
// launch holds it).
type deviceCalls struct {
	r        *Runtime
	asserted bool
	asserts  []string
}

var _ DeviceCalls = (*deviceCalls)(nil)

func (d *deviceCalls) Printf(format string, args []byte, str func(uint64) (string, bool)) {
	d.r.printf.add(FormatPrintf(format, args, str), len(args), d.r.limits.printfFifo)
}

// AssertFail records the line CUDA prints for a failed device assert, e.g.
//
//	kernel.cu:12: void check(int *): block: [1,0,0], thread: [5,0,0] Assertion `x >= 0` failed.
//
// (the driver's format, as in the logs quoted in huggingface/accelerate
// issue 2539); the launch prints them on stderr when it ends and the
// program gets cudaErrorAssert.
func (d *deviceCalls) AssertFail(message, file, function string, line int, block, thread [3]uint32) {
	d.asserted = true
	d.asserts = append(d.asserts, assertText(message, file, function, line, block, thread))
}

func assertText(message, file, function string, line int, block, thread [3]uint32) string {
	return fmt.Sprintf("%s:%d: %s: block: [%d,%d,%d], thread: [%d,%d,%d] Assertion `%s` failed.",
		file, line, function, block[0], block[1], block[2], thread[0], thread[1], thread[2], message)
}

// finish ends the launch's device calls: the assert lines go to stderr and
// a failed assert breaks the context (cudaErrorAssert, sticky).
func (d *deviceCalls) finish() {
	for _, a := range d.asserts {
		fmt.Fprintln(d.r.stderr, a)
	}
	if d.asserted && d.r.pending == Success {
		d.r.pending = ErrorAssert
	}
}

// readString reads a NUL-terminated string of device memory for %s (at
// most 64 KiB of it).
func (r *Runtime) readString(addr uint64) (string, bool) {
	a := r.find(addr, 1)
	if a == nil {
		return "", false
	}
	b := a.data[addr-a.base:]
	if len(b) > 64<<10 {
		b = b[:64<<10]
	}
	for i, c := range b {
		if c == 0 {
			return string(b[:i]), true
		}
	}
	return string(b), true
}

// printfBuffer is the device's printf FIFO (cudaLimitPrintfFifoSize bytes):
// records wait in it until the next synchronisation prints them on the
// program's stdout in order. As on hardware it is circular: when a record
// does not fit, the oldest ones are overwritten (lost). gpusim charges a
// record 16 bytes of header and format pointer plus its argument bytes
// rounded up to 8 (what the device stores; the text is made on the host).
type printfBuffer struct {
	records []printfRecord
	bytes   uint64
	lost    int // records overwritten since the program started
}

type printfRecord struct {
	text string
	size uint64
}

const printfRecordHeader = 16

func (b *printfBuffer) add(text string, argBytes int, limit uint64) {
	size := printfRecordHeader + (uint64(argBytes)+7)&^7
	if size > limit {
		b.lost++
		return
	}
	for b.bytes+size > limit {
		b.bytes -= b.records[0].size
		b.records = b.records[1:]
		b.lost++
	}
	b.records = append(b.records, printfRecord{text, size})
	b.bytes += size
}

// flushPrintf prints the waiting printf records on stdout.
func (r *Runtime) flushPrintf() {
	if len(r.printf.records) == 0 {
		return
	}
	for _, rec := range r.printf.records {
		fmt.Fprint(r.stdout, rec.text)
	}
	r.printf.records = r.printf.records[:0]
	r.printf.bytes = 0
}

// TraceOutput is the device runtime of a trace run (gpusim trace.ptx): it
// keeps the kernel's printf records in a FIFO of CUDA's default size (1
// MiB, overwriting the oldest when full, as cudaLimitPrintfFifoSize does)
// and its failed asserts, and prints them when the kernel ends (Flush), as
// CUDA prints at the next synchronisation.
type TraceOutput struct {
	printf  printfBuffer
	limit   uint64
	asserts []string
}

var _ DeviceCalls = (*TraceOutput)(nil)

// NewTraceOutput returns an empty TraceOutput.
func NewTraceOutput() *TraceOutput { return &TraceOutput{limit: defaultPrintfFifo} }

func (t *TraceOutput) Printf(format string, args []byte, str func(uint64) (string, bool)) {
	t.printf.add(FormatPrintf(format, args, str), len(args), t.limit)
}

func (t *TraceOutput) AssertFail(message, file, function string, line int, block, thread [3]uint32) {
	t.asserts = append(t.asserts, assertText(message, file, function, line, block, thread))
}

// Flush prints the printf records in order on stdout and the assert lines
// on stderr, and says on stderr how many records the full FIFO lost.
func (t *TraceOutput) Flush(stdout, stderr io.Writer) {
	for _, rec := range t.printf.records {
		fmt.Fprint(stdout, rec.text)
	}
	t.printf.records, t.printf.bytes = t.printf.records[:0], 0
	for _, a := range t.asserts {
		fmt.Fprintln(stderr, a)
	}
	t.asserts = t.asserts[:0]
	if t.printf.lost > 0 {
		fmt.Fprintf(stderr, "gpusim: device printf: %d records overwritten in the full %d-byte FIFO (CUDA's default cudaLimitPrintfFifoSize)\n", t.printf.lost, t.limit)
		t.printf.lost = 0
	}
}
