package report

import (
	"bufio"
	"cmp"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/gpusim/gpusim/core"
)

// The timeline's JSON: the trace-event format's object form, with
// "otherData" (the metadata chrome://tracing shows: the clock, the tracks,
// the cap and the window) and "traceEvents": process and track names
// ("M"), complete events ("X") for slices and markers, counters ("C"), and
// flows from each memory instruction's issue to its completion (the
// bind_id, flow_out and flow_in keys both viewers read). One event a line,
// hand-formatted, so the same run gives the same bytes.

// counterNames are each counter's event name and value key: Perfetto
// names the track "name key", chrome://tracing shows the name with the key
// as its series.
var counterNames = [numCounters][2]string{
	counterWarps: {"active", "warps"},
	counterIPC:   {"IPC", "warp inst per cycle"},
	counterDRAM:  {"DRAM", "GB/s"},
}

// tlWriter formats the events.
type tlWriter struct {
	t     *Timeline
	w     *bufio.Writer
	b     []byte
	first bool
	multi bool // more than one launch: slices name theirs
}

// ns is cycle c of the device clock in nanoseconds at the machine's clock,
// rounded: the same cycle always gives the same nanosecond, so slices that
// meet in cycles meet in the file.
func (t *Timeline) ns(c uint64) uint64 {
	if t.mhz <= 0 {
		return c
	}
	return uint64(math.Round(float64(c) * 1000 / t.mhz))
}

// Window is the cycles of the device clock whose events the timeline
// holds, [from, until), and whether the cap closed it before the end.
func (t *Timeline) Window() (from, until uint64, capped bool) {
	if t.until != ^uint64(0) {
		return t.opt.From, t.until, true
	}
	return t.opt.From, max(t.end, t.opt.From), false
}

// Events is the number of events the timeline holds and the number the
// window left out (before it and after it).
func (t *Timeline) Events() (kept int, before, after uint64) {
	return len(t.recs), t.before, t.after
}

// WriteJSON writes the timeline (after the last launch's Finish).
func (t *Timeline) WriteJSON(w io.Writer) error {
	tw := &tlWriter{t: t, w: bufio.NewWriterSize(w, 1<<16), first: true, multi: len(t.launches) > 1}
	tw.header()
	tw.names()
	tw.window()
	order := make([]int32, len(t.recs))
	for i := range order {
		order[i] = int32(i)
	}
	recs := t.recs
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &recs[i], &recs[j]
		switch {
		case a.start != b.start:
			return cmp.Compare(a.start, b.start)
		case a.end != b.end:
			return cmp.Compare(b.end, a.end) // an enclosing slice before what it encloses
		}
		return cmp.Compare(i, j) // then in the order they happened
	})
	flows := t.keptFlows()
	for _, i := range order {
		tw.record(&recs[i], flows)
	}
	tw.b = append(tw.b[:0], "\n]}\n"...)
	tw.w.Write(tw.b)
	return tw.w.Flush()
}

// keptFlows marks the flow ids whose issue and completion are both in the
// file: only those are bound.
func (t *Timeline) keptFlows() []uint8 {
	f := make([]uint8, t.flows+1)
	for i := range t.recs {
		r := &t.recs[i]
		switch {
		case r.flow == 0:
		case r.kind == recIssue:
			f[r.flow] |= 1
		case r.kind == recMemory:
			f[r.flow] |= 2
		}
	}
	return f
}

func (tw *tlWriter) header() {
	t := tw.t
	from, until, capped := t.Window()
	b := append(tw.b[:0], `{"otherData":{"generator":"gpusim"`...)
	if m := t.machine; m != nil {
		b = appendKey(b, "machine")
		b = appendString(b, m.GPU.Name)
		b = appendKey(b, "arch")
		b = appendString(b, m.GPU.Arch)
		b = appendKey(b, "clock_mhz")
		b = strconv.AppendFloat(b, t.mhz, 'g', -1, 64)
	}
	b = appendKey(b, "time")
	b = appendString(b, "ts and dur are microseconds at clock_mhz, rounded to the nanosecond; args.cycle is the exact cycle within the launch")
	b = appendKey(b, "tracks")
	b = appendString(b, t.opt.By.String())
	b = appendKey(b, "launches")
	b = strconv.AppendInt(b, int64(len(t.launches)), 10)
	b = appendKey(b, "max_events")
	b = strconv.AppendInt(b, int64(t.max), 10)
	b = appendKey(b, "events")
	b = strconv.AppendInt(b, int64(len(t.recs)), 10)
	b = appendKey(b, "dropped_before_window")
	b = strconv.AppendUint(b, t.before, 10)
	b = appendKey(b, "dropped_after_window")
	b = strconv.AppendUint(b, t.after, 10)
	b = appendKey(b, "window_from_cycle")
	b = strconv.AppendUint(b, from, 10)
	b = appendKey(b, "window_until_cycle")
	b = strconv.AppendUint(b, until, 10)
	b = appendKey(b, "window_capped")
	b = strconv.AppendBool(b, capped)
	b = appendKey(b, "kept")
	b = appendString(b, "every event that starts in [window_from_cycle, window_until_cycle) of the device clock, whole; the window ends early at the cycle where more events would exceed max_events (at least 7/8 of max_events are then kept)")
	b = append(b, "},\n\"traceEvents\":["...)
	tw.w.Write(b)
	tw.b = b
}

// start opens the next event.
func (tw *tlWriter) start(ph string, pid, tid int) []byte {
	b := tw.b[:0]
	if !tw.first {
		b = append(b, ",\n"...)
	}
	tw.first = false
	b = append(b, `{"ph":"`...)
	b = append(b, ph...)
	b = append(b, `","pid":`...)
	b = strconv.AppendInt(b, int64(pid), 10)
	b = append(b, `,"tid":`...)
	b = strconv.AppendInt(b, int64(tid), 10)
	return b
}

func (tw *tlWriter) end(b []byte) {
	b = append(b, '}')
	tw.w.Write(b)
	tw.b = b
}

func pidOf(sm int32) int {
	if sm < 0 {
		return pidGPU
	}
	return pidFirst + int(sm)
}

func tidOf(pid int, track int32) int { return pid*tidStride + int(track) }

// meta writes one metadata event: a process's or track's name or sort
// index.
func (tw *tlWriter) meta(what string, pid, tid int, name string, sortIndex int) {
	b := tw.start("M", pid, tid)
	b = append(b, `,"name":"`...)
	b = append(b, what...)
	b = append(b, `","args":{`...)
	if name != "" {
		b = append(b, `"name":`...)
		b = appendString(b, name)
	} else {
		b = append(b, `"sort_index":`...)
		b = strconv.AppendInt(b, int64(sortIndex), 10)
	}
	b = append(b, '}')
	tw.end(b)
}

// names writes the names and order of the processes (the GPU, each SM
// with events) and of every track that has events.
func (tw *tlWriter) names() {
	t := tw.t
	gpu := "GPU"
	if t.machine != nil {
		gpu = "GPU: " + t.machine.GPU.Name
	}
	tw.process(pidGPU, gpu, 0)
	tw.thread(pidGPU, trackKernels, "kernels")
	tw.thread(pidGPU, trackKernels+1, "timeline window")
	type track struct{ sm, track int32 }
	seen := map[track]bool{}
	var tracks []track
	for i := range t.recs {
		r := &t.recs[i]
		if k := (track{r.sm, r.track}); r.sm >= 0 && !seen[k] {
			seen[k] = true
			tracks = append(tracks, k)
		}
	}
	sort.Slice(tracks, func(i, j int) bool {
		if tracks[i].sm != tracks[j].sm {
			return tracks[i].sm < tracks[j].sm
		}
		return tracks[i].track < tracks[j].track
	})
	for i, k := range tracks {
		pid := pidOf(k.sm)
		if i == 0 || tracks[i-1].sm != k.sm {
			tw.process(pid, "SM "+strconv.Itoa(int(k.sm)), int(k.sm)+1)
		}
		var name string
		switch {
		case k.track == trackMemory:
			name = "memory completions"
		case k.track >= trackBlocks:
			name = "block slot " + strconv.Itoa(int(k.track-trackBlocks))
		case t.opt.By == ByWarp:
			name = "warp slot " + strconv.Itoa(int(k.track))
		default:
			name = "scheduler " + strconv.Itoa(int(k.track))
		}
		tw.thread(pid, k.track, name)
	}
}

func (tw *tlWriter) process(pid int, name string, sortIndex int) {
	tw.meta("process_name", pid, pid*tidStride, name, 0)
	tw.meta("process_sort_index", pid, pid*tidStride, "", sortIndex)
}

func (tw *tlWriter) thread(pid int, track int32, name string) {
	tid := tidOf(pid, track)
	tw.meta("thread_name", pid, tid, name, 0)
	tw.meta("thread_sort_index", pid, tid, "", int(track))
}

// window writes the slice that shows which cycles the file holds.
func (tw *tlWriter) window() {
	t := tw.t
	from, until, capped := t.Window()
	name := "all events"
	if capped {
		name = "window: the cap of " + strconv.Itoa(t.max) + " events ends it here"
	} else if from > 0 {
		name = "all events from cycle " + strconv.FormatUint(from, 10)
	}
	b := tw.slice(pidGPU, trackKernels+1, from, until, name, "timeline")
	b = append(b, `,"args":{"from_cycle":`...)
	b = strconv.AppendUint(b, from, 10)
	b = append(b, `,"until_cycle":`...)
	b = strconv.AppendUint(b, until, 10)
	b = append(b, `,"max_events":`...)
	b = strconv.AppendInt(b, int64(t.max), 10)
	b = append(b, `,"events":`...)
	b = strconv.AppendInt(b, int64(len(t.recs)), 10)
	b = append(b, `,"dropped_before":`...)
	b = strconv.AppendUint(b, t.before, 10)
	b = append(b, `,"dropped_after":`...)
	b = strconv.AppendUint(b, t.after, 10)
	b = append(b, '}')
	tw.end(b)
}

// slice opens a complete event from cycle s to e.
func (tw *tlWriter) slice(pid int, track int32, s, e uint64, name, cat string) []byte {
	b := tw.start("X", pid, tidOf(pid, track))
	b = append(b, `,"ts":`...)
	s0 := tw.t.ns(s)
	b = appendMicros(b, s0)
	b = append(b, `,"dur":`...)
	b = appendMicros(b, tw.t.ns(e)-s0)
	b = append(b, `,"name":`...)
	b = appendString(b, name)
	b = append(b, `,"cat":`...)
	b = appendString(b, cat)
	return b
}

// record writes one record's event.
func (tw *tlWriter) record(r *tlRec, flows []uint8) {
	t := tw.t
	l := t.launches[r.launch]
	pid := pidOf(r.sm)
	rel := r.start - l.start // the cycle within the launch
	var b []byte
	switch r.kind {
	case recIssue:
		in := l.inst(r.pc)
		cat := "hint"
		if u := int(r.val); u >= 0 && u < len(l.units) {
			cat = l.units[u]
		}
		b = tw.slice(pid, r.track, r.start, r.end, in.name, cat)
		b = tw.args(b, l, rel)
		b = appendInst(b, r.pc, in)
		b = appendWarp(b, r)
		b = appendField(b, "latency", uint64(r.a))
		b = appendField(b, "threads", uint64(r.b))
		if r.sub != 1 {
			// An AMD VOPD pair, or a later machine instruction of an
			// expanded one (only its first stands for the instruction).
			b = appendField(b, "insts", uint64(r.sub))
		}
		if r.ops > 0 {
			b = appendField(b, "op", uint64(r.op))
			b = appendField(b, "ops", uint64(r.ops))
			if r.slow {
				b = append(b, `,"slow":true`...)
			}
		}
		b = append(b, '}')
		if r.flow != 0 && flows[r.flow] == 3 {
			b = append(b, `,"bind_id":`...)
			b = strconv.AppendUint(b, uint64(r.flow), 10)
			b = append(b, `,"flow_out":true`...)
		}
	case recStall:
		in := l.inst(r.pc)
		b = tw.slice(pid, r.track, r.start, r.end, core.Reason(r.sub).String(), "stall")
		b = tw.args(b, l, rel)
		b = appendField(b, "cycles", r.end-r.start)
		b = appendInst(b, r.pc, in)
		b = appendWarp(b, r)
		b = append(b, '}')
	case recMemory:
		in := l.inst(r.pc)
		b = tw.slice(pid, r.track, r.start, r.end, in.name+" done", "memory")
		b = tw.args(b, l, rel)
		b = appendField(b, "issued", rel-uint64(r.a))
		b = appendField(b, "latency", uint64(r.a))
		b = appendField(b, "bytes", uint64(r.b))
		if r.val > 0 {
			b = appendField(b, "ack", rel+uint64(r.val))
		}
		b = appendInst(b, r.pc, in)
		b = appendWarp(b, r)
		b = append(b, '}')
		if r.flow != 0 && flows[r.flow] == 3 {
			b = append(b, `,"bind_id":`...)
			b = strconv.AppendUint(b, uint64(r.flow), 10)
			b = append(b, `,"flow_in":true`...)
		}
	case recBlock:
		b = tw.slice(pid, r.track, r.start, r.end, "block "+strconv.Itoa(int(r.block)), "block")
		b = tw.args(b, l, rel)
		b = appendField(b, "retired", r.end-l.start)
		b = appendField(b, "block", uint64(r.block))
		g := l.grid
		id := uint32(r.block)
		b = append(b, `,"ctaid":[`...)
		b = strconv.AppendUint(b, uint64(id%g[0]), 10)
		b = append(b, ',')
		b = strconv.AppendUint(b, uint64(id/g[0]%g[1]), 10)
		b = append(b, ',')
		b = strconv.AppendUint(b, uint64(id/(g[0]*g[1])), 10)
		b = append(b, ']')
		b = appendField(b, "warps", uint64(r.warp))
		b = append(b, '}')
	case recBarrier:
		in := l.inst(r.pc)
		b = tw.slice(pid, r.track, r.start, r.end, "barrier", "barrier")
		b = tw.args(b, l, rel)
		b = appendField(b, "released", r.end-l.start)
		b = appendField(b, "warps_waited", uint64(r.warp))
		b = appendField(b, "block", uint64(r.block))
		b = appendInst(b, r.pc, in)
		b = append(b, '}')
	case recLaunch:
		name := l.name
		if l.label != "" {
			name = l.label
		}
		b = tw.slice(pid, r.track, r.start, r.end, name, "kernel")
		b = append(b, `,"args":{"launch":`...)
		b = strconv.AppendInt(b, int64(l.id), 10)
		if name != l.name {
			b = appendKey(b, "symbol")
			b = appendString(b, l.name)
		}
		b = appendField(b, "start_cycle", l.start)
		b = appendField(b, "cycles", r.end-r.start)
		b = appendDim(b, "grid", l.grid)
		b = appendDim(b, "block", l.block)
		if st := l.stats; st != nil {
			b = appendField(b, "warp_instructions", st.WarpInsts)
			if st.Timing != nil {
				b = append(b, `,"ipc":`...)
				b = strconv.AppendFloat(b, st.Timing.IPC, 'g', -1, 64)
			}
		}
		if l.fault != "" {
			b = appendKey(b, "fault")
			b = appendString(b, l.fault)
		}
		b = append(b, '}')
	case recCounter:
		n := counterNames[r.sub]
		b = tw.start("C", pidGPU, tidOf(pidGPU, trackKernels))
		b = append(b, `,"ts":`...)
		b = appendMicros(b, t.ns(r.start))
		b = append(b, `,"name":`...)
		b = appendString(b, n[0])
		b = append(b, `,"args":{`...)
		b = appendString(b, n[1])
		b = append(b, ':')
		b = strconv.AppendFloat(b, r.val, 'g', 6, 64)
		b = append(b, '}')
	}
	tw.end(b)
}

// args opens an event's arguments with the cycle within its launch.
func (tw *tlWriter) args(b []byte, l *TimelineLaunch, rel uint64) []byte {
	b = append(b, `,"args":{"cycle":`...)
	b = strconv.AppendUint(b, rel, 10)
	if tw.multi {
		b = appendField(b, "launch", uint64(l.id))
	}
	return b
}

// inst is what names the instruction at pc.
func (l *TimelineLaunch) inst(pc int32) *tlInst {
	if pc >= 0 && int(pc) < len(l.insts) {
		return &l.insts[pc]
	}
	return &tlInst{name: "?"}
}

func appendInst(b []byte, pc int32, in *tlInst) []byte {
	b = appendField(b, "pc", uint64(pc))
	b = appendField(b, "line", uint64(in.line))
	if in.src != "" {
		b = appendKey(b, "src")
		b = appendString(b, in.src)
	}
	return b
}

func appendWarp(b []byte, r *tlRec) []byte {
	b = append(b, `,"block":`...)
	b = strconv.AppendInt(b, int64(r.block), 10)
	b = appendField(b, "warp", uint64(r.warp))
	return b
}

func appendField(b []byte, key string, v uint64) []byte {
	b = appendKey(b, key)
	return strconv.AppendUint(b, v, 10)
}

func appendKey(b []byte, key string) []byte {
	b = append(b, ',', '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

func appendDim(b []byte, key string, d [3]uint32) []byte {
	b = appendKey(b, key)
	b = append(b, '[')
	for i, v := range d {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, uint64(v), 10)
	}
	return append(b, ']')
}

// appendMicros writes ns nanoseconds as microseconds with up to three
// decimals.
func appendMicros(b []byte, ns uint64) []byte {
	b = strconv.AppendUint(b, ns/1000, 10)
	frac := ns % 1000
	if frac == 0 {
		return b
	}
	d := [3]byte{byte('0' + frac/100), byte('0' + frac/10%10), byte('0' + frac%10)}
	n := 3
	for d[n-1] == '0' {
		n--
	}
	b = append(b, '.')
	return append(b, d[:n]...)
}

// appendString writes s as a JSON string.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, `\ufffd`...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
