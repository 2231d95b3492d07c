package cuda

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gpusim/gpusim/diag"
	"github.com/gpusim/gpusim/sim"
)

// The report of a program run: every launch in order (kernel, grid,
// block, cycles, warp instructions, IPC, occupancy, top stall), totals per
// kernel, the modules and the PTX picked for each, and what the program
// called that is not supported. Text and JSON are deterministic: the same
// program and inputs give the same bytes (the JSON's wall-clock figures,
// written only on request, aside).

// launchRecord is one launch as the report shows it.
type launchRecord struct {
	fn          *function
	grid, block Dim3
	shared      uint64
	stream      uint64
	fault       string // the fault report; "" when the kernel completed
	code        Error

	mode                   string
	warpInsts, threadInsts uint64
	cycles                 uint64 // timing mode
	ipc                    float64
	occTheoretical         float64
	occAchieved            float64
	limiter                string
	registers              int
	topStall               string
	topShare               float64
	stalls                 []uint64
	wall                   float64
	detail                 json.RawMessage // the simulator's kernel JSON (with -json)
}

type report struct {
	r        *Runtime
	launches []launchRecord
}

func (rp *report) init(r *Runtime) { rp.r = r }

// add files a launch: its counters when it ran (st), and its wall time
// (the whole cudaLaunchKernel).
func (rp *report) add(rec launchRecord, st *sim.KernelStats, wall time.Duration) {
	rec.wall = wall.Seconds()
	rec.mode = rp.r.opts.Mode
	if st != nil {
		rec.warpInsts, rec.threadInsts = st.WarpInsts, st.ThreadInsts
		if t := st.Timing; t != nil {
			rec.cycles, rec.ipc = t.Cycles, t.IPC
			o := &t.Occupancy
			rec.occTheoretical, rec.occAchieved, rec.limiter, rec.registers = o.Theoretical, o.Achieved, o.Limiter, o.Registers
			rec.topStall, rec.topShare = st.TopStall()
			rec.stalls = st.StallCycles()
		}
		if rp.r.opts.JSON != "" {
			if b, err := sim.KernelJSON(st); err == nil {
				rec.detail = b
			}
		}
	}
	rp.launches = append(rp.launches, rec)
	rp.r.launched(rec.fn.name)
}

// kernelTotal sums one kernel's launches.
type kernelTotal struct {
	name                   string
	launches, faults       int
	cycles                 uint64
	warpInsts, threadInsts uint64
	stalls                 []uint64
}

func (kt *kernelTotal) ipc() float64 {
	if kt.cycles == 0 {
		return 0
	}
	return float64(kt.warpInsts) / float64(kt.cycles)
}

func (kt *kernelTotal) topStall() (string, float64) {
	var total, most uint64
	top := -1
	for i, c := range kt.stalls {
		total += c
		if i != 0 && c > most { // state 0 is "selected": not a stall
			top, most = i, c
		}
	}
	if top < 0 || total == 0 {
		return "", 0
	}
	return sim.StateNames()[top], float64(most) / float64(total)
}

// totals are the per-kernel sums, in order of first launch.
func (rp *report) totals() []*kernelTotal {
	var out []*kernelTotal
	idx := map[string]*kernelTotal{}
	for i := range rp.launches {
		l := &rp.launches[i]
		kt := idx[l.fn.name]
		if kt == nil {
			kt = &kernelTotal{name: l.fn.name}
			idx[l.fn.name] = kt
			out = append(out, kt)
		}
		kt.launches++
		if l.fault != "" {
			kt.faults++
		}
		kt.cycles += l.cycles
		kt.warpInsts += l.warpInsts
		kt.threadInsts += l.threadInsts
		if l.stalls != nil {
			if kt.stalls == nil {
				kt.stalls = make([]uint64, len(l.stalls))
			}
			for s, c := range l.stalls {
				kt.stalls[s] += c
			}
		}
	}
	return out
}

// modulesInOrder lists the modules by registration.
func (r *Runtime) modulesInOrder() []*module {
	out := make([]*module, 0, len(r.modules))
	for _, m := range r.modules {
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].index < out[j].index })
	return out
}

func (r *Runtime) unsupportedInOrder() []string {
	names := make([]string, 0, len(r.unsupported))
	for n := range r.unsupported {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// writeReport writes the text report (and the JSON one when asked for) at
// program exit.
func (r *Runtime) writeReport() {
	if r.opts.ReportClaim != "" {
		f, err := os.OpenFile(r.opts.ReportClaim, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err != nil {
			r.messagef("%s: another process of this run wrote the report, without this one's %s",
				r.programName(), plural(len(r.report.launches), "launch"))
			return
		}
		fmt.Fprintf(f, "%d\n", os.Getpid())
		f.Close()
	}
	text := r.reportText()
	if r.opts.Report == "" {
		fmt.Fprint(r.stderr, text)
	} else if err := diag.WriteBytes(r.opts.Report, []byte(text)); err != nil {
		r.messagef("report: %v", err)
	}
	if r.opts.JSON != "" {
		b, err := r.reportJSON()
		if err == nil {
			err = diag.WriteBytes(r.opts.JSON, b)
		}
		if err != nil {
			r.messagef("-json: %v", err)
		}
	}
	r.writeTimeline()
}

// displayNames gives each launched kernel the short name of its mangled
// one (shortName), or the mangled one where two kernels share a short name
// (overloads).
func (rp *report) displayNames() map[string]string {
	short := map[string]string{}
	count := map[string]int{}
	for i := range rp.launches {
		m := rp.launches[i].fn.name
		if _, ok := short[m]; !ok {
			short[m] = shortName(m)
			count[short[m]]++
		}
	}
	for m, s := range short {
		if count[s] > 1 {
			short[m] = m
		}
	}
	return short
}

func dim(d Dim3) string { return fmt.Sprintf("(%d,%d,%d)", d[0], d[1], d[2]) }

func (r *Runtime) reportText() string {
	var b strings.Builder
	if r.machine == nil {
		fmt.Fprintf(&b, "gpusim exec: %s: no simulated device (%v)\n", r.programName(), r.initErr)
		return b.String()
	}
	timing := r.opts.Mode != "functional"
	fmt.Fprintf(&b, "gpusim exec: %s on %s\n", r.programName(), r.machine.Summary())
	if ov := r.machine.Overrides(); len(ov) > 0 {
		fmt.Fprintf(&b, "overrides: %s\n", strings.Join(ov, " "))
	}
	fmt.Fprintf(&b, "mode %s; work runs in order, streams never overlap\n", r.opts.Mode)
	if r.interrupted != "" {
		fmt.Fprintf(&b, "PARTIAL: the program was interrupted by %s; the launches below are those until then\n", r.interrupted)
	}
	for _, m := range r.modulesInOrder() {
		switch {
		case m.err != nil:
			fmt.Fprintf(&b, "module %d: not loaded (%s): %v\n", m.index, m.errCode.Name(), m.err)
		default:
			fmt.Fprintf(&b, "module %d: %s picked from %s; %s\n", m.index, m.picked, strings.Join(m.images, ", "), plural(len(m.mod.Program.Kernels), "kernel"))
		}
	}

	names := r.report.displayNames()
	b.WriteString("\nlaunches\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	if timing {
		fmt.Fprintln(tw, "  #\tkernel\tgrid\tblock\tcycles\twarp inst\tIPC\toccupancy\ttop stall")
	} else {
		fmt.Fprintln(tw, "  #\tkernel\tgrid\tblock\twarp inst\tthread inst")
	}
	for i := range r.report.launches {
		l := &r.report.launches[i]
		if l.fault != "" {
			fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\tfault: %s\n", i+1, names[l.fn.name], dim(l.grid), dim(l.block), l.code.Name())
			continue
		}
		if timing {
			fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%d\t%d\t%.3f\t%.1f%% / %.1f%%\t%s\n", i+1, names[l.fn.name], dim(l.grid), dim(l.block),
				l.cycles, l.warpInsts, l.ipc, 100*l.occTheoretical, 100*l.occAchieved, stallText(l.topStall, l.topShare))
		} else {
			fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%d\t%d\n", i+1, names[l.fn.name], dim(l.grid), dim(l.block), l.warpInsts, l.threadInsts)
		}
	}
	tw.Flush()
	if len(r.report.launches) == 0 {
		b.WriteString("  (none)\n")
	}
	if timing {
		b.WriteString("  occupancy: theoretical / achieved\n")
	}
	var legend []string
	for _, kt := range r.report.totals() {
		if names[kt.name] != kt.name {
			legend = append(legend, fmt.Sprintf("%s = %s", names[kt.name], kt.name))
		}
	}
	if len(legend) > 0 {
		fmt.Fprintf(&b, "  kernels: %s\n", strings.Join(legend, ", "))
	}

	if totals := r.report.totals(); len(totals) > 0 {
		b.WriteString("\nkernels\n")
		tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		if timing {
			fmt.Fprintln(tw, "  kernel\tlaunches\tcycles\twarp inst\tthread inst\tIPC\ttop stall")
		} else {
			fmt.Fprintln(tw, "  kernel\tlaunches\twarp inst\tthread inst")
		}
		for _, kt := range totals {
			n := fmt.Sprint(kt.launches)
			if kt.faults > 0 {
				n += fmt.Sprintf(" (%d faulted)", kt.faults)
			}
			if timing {
				st, sh := kt.topStall()
				fmt.Fprintf(tw, "  %s\t%s\t%d\t%d\t%d\t%.3f\t%s\n", names[kt.name], n, kt.cycles, kt.warpInsts, kt.threadInsts, kt.ipc(), stallText(st, sh))
			} else {
				fmt.Fprintf(tw, "  %s\t%s\t%d\t%d\n", names[kt.name], n, kt.warpInsts, kt.threadInsts)
			}
		}
		tw.Flush()
	}
	if timing {
		fmt.Fprintf(&b, "\nsimulated time  %d cycles, %.3f us at %g MHz (cudaEventElapsedTime reports this clock)\n",
			r.clock, float64(r.clock)/r.machine.GPU.ClockMHz, r.machine.GPU.ClockMHz)
	}
	if names := r.unsupportedInOrder(); len(names) > 0 {
		var parts []string
		for _, n := range names {
			parts = append(parts, fmt.Sprintf("%s (%d)", n, r.unsupported[n]))
		}
		fmt.Fprintf(&b, "unsupported calls (cudaErrorNotSupported): %s\n", strings.Join(parts, ", "))
	}
	if r.printf.lost > 0 {
		fmt.Fprintf(&b, "printf: %s overwritten in the full %d-byte FIFO (cudaLimitPrintfFifoSize)\n", plural(r.printf.lost, "record"), r.limits.printfFifo)
	}
	if n := len(r.printf.records); n > 0 {
		fmt.Fprintf(&b, "printf: %s never printed: the program exited without synchronising (as on hardware)\n", plural(n, "record"))
	}
	return b.String()
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	if strings.HasSuffix(what, "ch") {
		return fmt.Sprintf("%d %ses", n, what)
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func stallText(state string, share float64) string {
	if state == "" {
		return "-"
	}
	return fmt.Sprintf("%s %.1f%%", state, 100*share)
}

// The JSON report (docs/cuda-exec.md describes it).
type jsonExec struct {
	Program string       `json:"program"`
	Machine *jsonMachine `json:"machine"`
	Mode    string       `json:"mode"`
	Error   string       `json:"error,omitempty"`
	// Interrupted names the signal that ended the program, only then: the
	// report is partial.
	Interrupted     string          `json:"interrupted,omitempty"`
	Modules         []jsonModule    `json:"modules"`
	Launches        []jsonLaunch    `json:"launches"`
	Kernels         []jsonKernelSum `json:"kernels"`
	SimulatedCycles uint64          `json:"simulated_cycles"`
	Unsupported     []jsonUnsup     `json:"unsupported"`
	PrintfLost      int             `json:"printf_lost"`
	PrintfUnflushed int             `json:"printf_unflushed"`
	WallSeconds     *float64        `json:"wall_seconds,omitempty"`
}

type jsonMachine struct {
	Name      string   `json:"name"`
	Arch      string   `json:"arch"`
	File      string   `json:"file"`
	Overrides []string `json:"overrides"`
}

type jsonModule struct {
	Index   int      `json:"index"`
	Images  []string `json:"images"`
	Picked  string   `json:"picked"`
	PTX     string   `json:"ptx"`
	Kernels []string `json:"kernels"`
	Error   string   `json:"error,omitempty"`
}

type jsonLaunch struct {
	Index       int             `json:"index"`
	Kernel      string          `json:"kernel"`
	Name        string          `json:"name"`
	Grid        Dim3            `json:"grid"`
	Block       Dim3            `json:"block"`
	Shared      uint64          `json:"shared"`
	Stream      uint64          `json:"stream"`
	Mode        string          `json:"mode"`
	Fault       string          `json:"fault,omitempty"`
	Error       string          `json:"error,omitempty"`
	Cycles      uint64          `json:"cycles"`
	WarpInsts   uint64          `json:"warp_instructions"`
	ThreadInsts uint64          `json:"thread_instructions"`
	IPC         float64         `json:"ipc"`
	Occupancy   *jsonOcc        `json:"occupancy,omitempty"`
	TopStall    string          `json:"top_stall"`
	TopShare    float64         `json:"top_stall_share"`
	Detail      json.RawMessage `json:"detail,omitempty"`
	WallSeconds *float64        `json:"wall_seconds,omitempty"`
}

type jsonOcc struct {
	Theoretical float64 `json:"theoretical"`
	Achieved    float64 `json:"achieved"`
	Limiter     string  `json:"limiter"`
	Registers   int     `json:"registers"`
}

type jsonKernelSum struct {
	Kernel      string            `json:"kernel"`
	Name        string            `json:"name"`
	Launches    int               `json:"launches"`
	Faults      int               `json:"faults"`
	Cycles      uint64            `json:"cycles"`
	WarpInsts   uint64            `json:"warp_instructions"`
	ThreadInsts uint64            `json:"thread_instructions"`
	IPC         float64           `json:"ipc"`
	TopStall    string            `json:"top_stall"`
	Stalls      map[string]uint64 `json:"stalls,omitempty"`
}

type jsonUnsup struct {
	Function string `json:"function"`
	Calls    int    `json:"calls"`
}

func (r *Runtime) reportJSON() ([]byte, error) {
	j := jsonExec{Program: r.programName(), Mode: r.opts.Mode, Interrupted: r.interrupted, Modules: []jsonModule{}, Launches: []jsonLaunch{},
		Kernels: []jsonKernelSum{}, Unsupported: []jsonUnsup{}, SimulatedCycles: r.clock,
		PrintfLost: r.printf.lost, PrintfUnflushed: len(r.printf.records)}
	if r.machine == nil {
		j.Error = fmt.Sprint(r.initErr)
	} else {
		ov := r.machine.Overrides()
		if ov == nil {
			ov = []string{}
		}
		j.Machine = &jsonMachine{Name: r.machine.GPU.Name, Arch: r.machine.GPU.Arch, File: r.machine.File(), Overrides: ov}
	}
	for _, m := range r.modulesInOrder() {
		jm := jsonModule{Index: m.index, Images: append([]string{}, m.images...), Picked: m.picked, Kernels: []string{}}
		if m.err != nil {
			jm.Error = m.err.Error()
		} else {
			jm.PTX = m.mod.Program.Path
			jm.Kernels = m.mod.KernelNames()
		}
		j.Modules = append(j.Modules, jm)
	}
	var wall float64
	for i := range r.report.launches {
		l := &r.report.launches[i]
		jl := jsonLaunch{Index: i + 1, Kernel: l.fn.name, Name: shortName(l.fn.name), Grid: l.grid, Block: l.block, Shared: l.shared,
			Stream: l.stream, Mode: l.mode, Fault: l.fault, Cycles: l.cycles, WarpInsts: l.warpInsts,
			ThreadInsts: l.threadInsts, IPC: l.ipc, TopStall: l.topStall, TopShare: l.topShare, Detail: l.detail}
		if l.fault != "" {
			jl.Error = l.code.Name()
		}
		if l.stalls != nil {
			jl.Occupancy = &jsonOcc{Theoretical: l.occTheoretical, Achieved: l.occAchieved, Limiter: l.limiter, Registers: l.registers}
		}
		if r.opts.WallTime {
			w := l.wall
			jl.WallSeconds = &w
		}
		wall += l.wall
		j.Launches = append(j.Launches, jl)
	}
	names := sim.StateNames()
	for _, kt := range r.report.totals() {
		st, _ := kt.topStall()
		jk := jsonKernelSum{Kernel: kt.name, Name: shortName(kt.name), Launches: kt.launches, Faults: kt.faults, Cycles: kt.cycles,
			WarpInsts: kt.warpInsts, ThreadInsts: kt.threadInsts, IPC: kt.ipc(), TopStall: st}
		if kt.stalls != nil {
			jk.Stalls = map[string]uint64{}
			for s, c := range kt.stalls {
				jk.Stalls[names[s]] = c
			}
		}
		j.Kernels = append(j.Kernels, jk)
	}
	for _, n := range r.unsupportedInOrder() {
		j.Unsupported = append(j.Unsupported, jsonUnsup{Function: n, Calls: r.unsupported[n]})
	}
	if r.opts.WallTime {
		j.WallSeconds = &wall
	}
	out, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}
