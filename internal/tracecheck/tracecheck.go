// Package tracecheck validates Chrome trace-event JSON (the format
// chrome://tracing and Perfetto read) for gpusim's tests: the object form
// with "traceEvents", the fields each phase requires, and the rules a
// viewer relies on beyond the field list: complete events on one track
// nest properly once their times are rounded to the nanosecond as Perfetto
// rounds them, every flow has one start and one end in time order, and
// every track with events has a name.
//
// The rules follow the Trace Event Format document (Google, "Trace Event
// Format", the JSON object format and the event descriptions) and, for the
// nanosecond rounding and the bind_id/flow_in/flow_out flow keys, Perfetto's
// JSON importer; the code is this project's own.
package tracecheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
)

// Event is one parsed trace event.
type Event struct {
	Index    int // position in traceEvents
	Ph       string
	Name     string
	Cat      string
	Pid, Tid int64
	Ts, Dur  float64 // microseconds
	// TsNS and DurNS are Ts and Dur in nanoseconds as Perfetto stores
	// them (rounded to the nearest).
	TsNS, DurNS int64
	Args        map[string]any
	BindID      uint64
	HasBind     bool
	FlowIn      bool
	FlowOut     bool
	Scope       string
}

// EndNS is when a complete event ends, in nanoseconds.
func (e *Event) EndNS() int64 { return e.TsNS + e.DurNS }

// Arg returns a numeric argument and whether it is there.
func (e *Event) Arg(key string) (float64, bool) {
	v, ok := e.Args[key]
	if !ok {
		return 0, false
	}
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

// Track names a thread track.
type Track struct{ Pid, Tid int64 }

// Trace is a checked trace.
type Trace struct {
	Events    []Event
	OtherData map[string]any
	// ProcessNames and ThreadNames are the names the metadata events give.
	ProcessNames map[int64]string
	ThreadNames  map[Track]string
}

// phases are the event types of the format.
var phases = map[string]bool{
	"B": true, "E": true, "X": true, "i": true, "I": true, "C": true, "M": true,
	"b": true, "e": true, "n": true, "s": true, "t": true, "f": true,
	"P": true, "O": true, "N": true, "D": true, "R": true,
}

var metadataNames = map[string]string{
	"process_name": "name", "thread_name": "name", "process_labels": "labels",
	"process_sort_index": "sort_index", "thread_sort_index": "sort_index",
}

// Check parses and validates data; the error lists every problem found
// (up to a limit).
func Check(data []byte) (*Trace, error) {
	var top map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&top); err != nil {
		return nil, fmt.Errorf("not a JSON object: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("data after the JSON object")
	}
	raw, ok := top["traceEvents"]
	if !ok {
		return nil, fmt.Errorf("no traceEvents")
	}
	var evs []map[string]any
	dec = json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&evs); err != nil {
		return nil, fmt.Errorf("traceEvents: %v", err)
	}
	tr := &Trace{ProcessNames: map[int64]string{}, ThreadNames: map[Track]string{}}
	if od, ok := top["otherData"]; ok {
		d := json.NewDecoder(bytes.NewReader(od))
		d.UseNumber()
		if err := d.Decode(&tr.OtherData); err != nil {
			return nil, fmt.Errorf("otherData is not an object: %v", err)
		}
	}
	if u, ok := top["displayTimeUnit"]; ok {
		var s string
		if json.Unmarshal(u, &s) != nil || (s != "ms" && s != "ns") {
			return nil, fmt.Errorf("displayTimeUnit %s: want \"ms\" or \"ns\"", u)
		}
	}
	var p problems
	for i, m := range evs {
		e, err := parseEvent(i, m)
		if err != nil {
			p.add("event %d: %v", i, err)
			continue
		}
		tr.Events = append(tr.Events, e)
		if e.Ph == "M" {
			switch e.Name {
			case "process_name":
				tr.ProcessNames[e.Pid], _ = e.Args["name"].(string)
			case "thread_name":
				tr.ThreadNames[Track{e.Pid, e.Tid}], _ = e.Args["name"].(string)
			}
		}
	}
	checkNesting(tr, &p)
	checkFlows(tr, &p)
	checkNames(tr, &p)
	return tr, p.err()
}

// problems collects errors.
type problems struct {
	list []string
	more int
}

func (p *problems) add(format string, args ...any) {
	if len(p.list) < 20 {
		p.list = append(p.list, fmt.Sprintf(format, args...))
	} else {
		p.more++
	}
}

func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	s := strings.Join(p.list, "\n")
	if p.more > 0 {
		s += fmt.Sprintf("\n... and %d more", p.more)
	}
	return fmt.Errorf("%s", s)
}

func parseEvent(i int, m map[string]any) (Event, error) {
	e := Event{Index: i}
	ph, ok := m["ph"].(string)
	if !ok || !phases[ph] {
		return e, fmt.Errorf("ph %v: not an event type", m["ph"])
	}
	e.Ph = ph
	if e.Name, ok = m["name"].(string); !ok || e.Name == "" {
		return e, fmt.Errorf("%s event without a name", ph)
	}
	if c, ok := m["cat"]; ok {
		if e.Cat, ok = c.(string); !ok {
			return e, fmt.Errorf("cat is not a string")
		}
	}
	var err error
	if e.Pid, err = integer(m, "pid"); err != nil {
		return e, err
	}
	if ph != "C" || m["tid"] != nil {
		if e.Tid, err = integer(m, "tid"); err != nil {
			return e, err
		}
	}
	if a, ok := m["args"]; ok {
		if e.Args, ok = a.(map[string]any); !ok {
			return e, fmt.Errorf("args is not an object")
		}
	}
	if ph != "M" {
		if e.Ts, err = number(m, "ts"); err != nil {
			return e, err
		}
		if e.Ts < 0 {
			return e, fmt.Errorf("negative ts")
		}
		e.TsNS = int64(math.Round(e.Ts * 1000))
	}
	switch ph {
	case "X":
		if e.Dur, err = number(m, "dur"); err != nil {
			return e, err
		}
		if e.Dur < 0 {
			return e, fmt.Errorf("negative dur")
		}
		e.DurNS = int64(math.Round(e.Dur * 1000))
	case "i", "I":
		if s, ok := m["s"]; ok {
			if e.Scope, _ = s.(string); e.Scope != "g" && e.Scope != "p" && e.Scope != "t" {
				return e, fmt.Errorf("instant scope %v: want g, p or t", s)
			}
		}
	case "C":
		if len(e.Args) == 0 {
			return e, fmt.Errorf("counter %q without values", e.Name)
		}
		for k, v := range e.Args {
			if _, ok := v.(json.Number); !ok {
				return e, fmt.Errorf("counter %q: %s is not a number", e.Name, k)
			}
		}
	case "M":
		key, ok := metadataNames[e.Name]
		if !ok {
			return e, fmt.Errorf("unknown metadata event %q", e.Name)
		}
		if _, ok := e.Args[key]; !ok {
			return e, fmt.Errorf("metadata %s without args.%s", e.Name, key)
		}
	}
	if b, ok := m["bind_id"]; ok {
		n, ok := b.(json.Number)
		v, err := n.Int64()
		if !ok || err != nil || v < 0 {
			return e, fmt.Errorf("bind_id %v is not an id", b)
		}
		e.BindID, e.HasBind = uint64(v), true
		e.FlowIn, _ = m["flow_in"].(bool)
		e.FlowOut, _ = m["flow_out"].(bool)
		if e.FlowIn == e.FlowOut {
			return e, fmt.Errorf("bind_id %d without exactly one of flow_in and flow_out", v)
		}
	}
	return e, nil
}

func integer(m map[string]any, key string) (int64, error) {
	n, ok := m[key].(json.Number)
	if !ok {
		return 0, fmt.Errorf("%s %v: want an integer", key, m[key])
	}
	v, err := n.Int64()
	if err != nil {
		return 0, fmt.Errorf("%s %v: want an integer", key, n)
	}
	return v, nil
}

func number(m map[string]any, key string) (float64, error) {
	n, ok := m[key].(json.Number)
	if !ok {
		return 0, fmt.Errorf("%s %v: want a number", key, m[key])
	}
	return n.Float64()
}

// checkNesting: the complete events of a track, in nanoseconds, either
// nest or follow each other.
func checkNesting(tr *Trace, p *problems) {
	byTrack := map[Track][]*Event{}
	for i := range tr.Events {
		if e := &tr.Events[i]; e.Ph == "X" {
			k := Track{e.Pid, e.Tid}
			byTrack[k] = append(byTrack[k], e)
		}
	}
	keys := make([]Track, 0, len(byTrack))
	for k := range byTrack {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].Pid != keys[j].Pid {
			return keys[i].Pid < keys[j].Pid
		}
		return keys[i].Tid < keys[j].Tid
	})
	for _, k := range keys {
		evs := byTrack[k]
		sort.SliceStable(evs, func(i, j int) bool {
			if evs[i].TsNS != evs[j].TsNS {
				return evs[i].TsNS < evs[j].TsNS
			}
			return evs[i].DurNS > evs[j].DurNS
		})
		var stack []*Event
		for _, e := range evs {
			for len(stack) > 0 && stack[len(stack)-1].EndNS() <= e.TsNS {
				stack = stack[:len(stack)-1]
			}
			if n := len(stack); n > 0 && e.EndNS() > stack[n-1].EndNS() {
				top := stack[n-1]
				p.add("track pid %d tid %d: %q [%d, %d) ns overlaps %q [%d, %d) ns without nesting",
					k.Pid, k.Tid, e.Name, e.TsNS, e.EndNS(), top.Name, top.TsNS, top.EndNS())
				continue
			}
			stack = append(stack, e)
		}
	}
}

// checkFlows: each bind_id has one flow_out and one flow_in, the start no
// later than the end, both on complete events.
func checkFlows(tr *Trace, p *problems) {
	type ends struct{ out, in *Event }
	flows := map[uint64]*ends{}
	for i := range tr.Events {
		e := &tr.Events[i]
		if !e.HasBind {
			continue
		}
		if e.Ph != "X" {
			p.add("event %d: bind_id on a %s event", e.Index, e.Ph)
		}
		f := flows[e.BindID]
		if f == nil {
			f = &ends{}
			flows[e.BindID] = f
		}
		if e.FlowOut {
			if f.out != nil {
				p.add("flow %d starts twice", e.BindID)
			}
			f.out = e
		} else {
			if f.in != nil {
				p.add("flow %d ends twice", e.BindID)
			}
			f.in = e
		}
	}
	ids := make([]uint64, 0, len(flows))
	for id := range flows {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		f := flows[id]
		switch {
		case f.out == nil:
			p.add("flow %d ends without a start", id)
		case f.in == nil:
			p.add("flow %d starts without an end", id)
		case f.in.TsNS < f.out.TsNS:
			p.add("flow %d ends (%d ns) before it starts (%d ns)", id, f.in.TsNS, f.out.TsNS)
		}
	}
}

// checkNames: every process and track with events is named.
func checkNames(tr *Trace, p *problems) {
	seen := map[Track]bool{}
	for i := range tr.Events {
		e := &tr.Events[i]
		if e.Ph == "M" || e.Ph == "C" {
			if _, ok := tr.ProcessNames[e.Pid]; !ok && e.Ph == "C" && !seen[Track{e.Pid, -1}] {
				seen[Track{e.Pid, -1}] = true
				p.add("process %d has counters but no name", e.Pid)
			}
			continue
		}
		k := Track{e.Pid, e.Tid}
		if seen[k] {
			continue
		}
		seen[k] = true
		if _, ok := tr.ProcessNames[e.Pid]; !ok {
			p.add("process %d has events but no name", e.Pid)
		}
		if _, ok := tr.ThreadNames[k]; !ok {
			p.add("track pid %d tid %d has events but no name", e.Pid, e.Tid)
		}
	}
}
