package sim

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/bits"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/gpusim/gpusim/diag"
)

// The memory budget of a run: what a launch will allocate (buffers, the
// per-thread private memory of every resident thread, shared memory,
// registers and counters of the resident warps, the timing model's arrays
// for every SM, the caches) is added up before anything is allocated and
// checked against a budget, so that a launch asking for more than the
// machine has ends with an error naming the numbers and what asked, not
// with the Go runtime dying of "out of memory".

// MemoryBudgetFraction is the share of the machine's memory a run may use
// by default: half (of the physical memory, or of the cgroup's limit when
// that is lower).
const MemoryBudgetFraction = 0.5

// fallbackMemory is what a machine whose memory gpusim cannot read is
// assumed to have.
const fallbackMemory = 8 << 30

// DefaultMemoryBudget is the budget of a run that sets none, and how it was
// found (for -h and error messages): MemoryBudgetFraction of the memory
// this process can have.
func DefaultMemoryBudget() (uint64, string) {
	total, what := machineMemory()
	return uint64(float64(total) * MemoryBudgetFraction), fmt.Sprintf("half of the %s of %s", FormatBytes(total), what)
}

// machineMemory is the physical memory (MemTotal of /proc/meminfo), or the
// cgroup's memory limit when that is lower.
func machineMemory() (uint64, string) {
	total, what := uint64(fallbackMemory), "memory assumed (the machine's could not be read)"
	if data, err := readSmall("/proc/meminfo", 1<<20); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) >= 2 && f[0] == "MemTotal:" {
				if kb, err := strconv.ParseUint(f[1], 10, 64); err == nil && kb > 0 {
					total, what = kb<<10, "physical memory"
				}
			}
		}
	}
	for _, path := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		data, err := readSmall(path, 4096)
		if err != nil {
			continue
		}
		if n, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64); err == nil && n > 0 && n < total {
			total, what = n, "memory the cgroup allows"
		}
	}
	return total, what
}

// readSmall reads a small system file whole, at most limit bytes.
func readSmall(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var b bytes.Buffer
	_, err = b.ReadFrom(&limitedReader{f, limit})
	return b.Bytes(), err
}

type limitedReader struct {
	f *os.File
	n int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n <= 0 {
		return 0, fmt.Errorf("%s: more than expected", l.f.Name())
	}
	if int64(len(p)) > l.n {
		p = p[:l.n]
	}
	n, err := l.f.Read(p)
	l.n -= int64(n)
	return n, err
}

// FormatBytes writes a size for people: "512 bytes", "64.0 KiB", "1.5 GiB".
func FormatBytes(n uint64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d bytes", n)
	}
	div, exp := uint64(unit), 0
	for m := n / unit; m >= unit && exp < 5; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// satMul and satAdd are multiplication and addition that stop at the
// largest uint64 instead of wrapping: footprints of absurd launches stay
// absurd.
func satMul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

func satAdd(a, b uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 {
		return math.MaxUint64
	}
	return s
}

// footprint is the memory a launch will take, item by item.
type footprint struct {
	items []fpItem
	total uint64
}

// fpItem is one thing that takes memory: what it is (in words, with the
// arithmetic), its bytes, and where it was asked for (nil: nowhere in
// particular) for the error.
type fpItem struct {
	what  string
	bytes uint64
	at    func(msg string) error
}

func (f *footprint) add(bytes uint64, at func(string) error, format string, args ...any) {
	if bytes == 0 {
		return
	}
	f.items = append(f.items, fpItem{what: fmt.Sprintf(format, args...), bytes: bytes, at: at})
	f.total = satAdd(f.total, bytes)
}

// budget is a run's limit and how it was chosen.
type budget struct {
	limit uint64
	how   string
}

// budgetOf is the budget of limit bytes (0: the default; math.MaxUint64:
// none).
func budgetOf(limit uint64) budget {
	if limit == 0 {
		n, how := DefaultMemoryBudget()
		return budget{n, "-max-memory; the default is " + how}
	}
	return budget{limit, "-max-memory"}
}

// check is nil when the footprint fits the budget, else an error at the
// biggest item's position naming it, the total and the budget.
func (f *footprint) check(b budget, what string) error {
	if b.limit == 0 {
		b = budgetOf(0)
	}
	if f.total <= b.limit {
		return nil
	}
	items := append([]fpItem(nil), f.items...)
	sort.SliceStable(items, func(i, j int) bool { return items[i].bytes > items[j].bytes })
	var parts []string
	for i, it := range items {
		if i == 4 {
			parts = append(parts, fmt.Sprintf("and %d more", len(items)-i))
			break
		}
		parts = append(parts, fmt.Sprintf("%s: %s", it.what, FormatBytes(it.bytes)))
	}
	msg := fmt.Sprintf("%s needs %s of memory, more than the budget of %s (%s): %s",
		what, FormatBytes(f.total), FormatBytes(b.limit), b.how, strings.Join(parts, "; "))
	if items[0].at != nil {
		return items[0].at(msg)
	}
	return fmt.Errorf("%s", msg)
}

// atKernel positions a message at kernel k's declaration.
func (p *Prepared) atKernel(msg string) error {
	return diag.At(p.Program.Path, int(p.Kernel.Pos.Line), int(p.Kernel.Pos.Col), "%s", msg)
}

// traceBytesPerByte is about what decoding and compiling a trace takes per
// byte of its text (measured: the PTX front end's decoded program is 8 to
// 14 times the text, and compiling it for execution about as much again).
const traceBytesPerByte = 32

// TraceLimit is the largest trace file a run with memory budget maxMemory
// (0: the default) reads: what the budget can decode and compile, at most
// diag.TraceFileMaxLimit.
func TraceLimit(maxMemory uint64) int64 {
	b := budgetOf(maxMemory)
	return int64(min(b.limit/traceBytesPerByte, diag.TraceFileMaxLimit))
}

// gridBlocks is the number of blocks of grid g (CUDA's largest grid has
// about 2^63), at most the largest int.
func gridBlocks(g [3]uint32) int {
	return int(min(satMul(satMul(uint64(g[0]), uint64(g[1])), uint64(g[2])), math.MaxInt64))
}
