package tracecheck

import (
	"strings"
	"testing"
)

// names are the metadata of the tracks the cases use.
const names = `{"ph":"M","pid":1,"tid":10,"name":"process_name","args":{"name":"P"}},
{"ph":"M","pid":1,"tid":10,"name":"thread_name","args":{"name":"T"}},
{"ph":"M","pid":1,"tid":11,"name":"thread_name","args":{"name":"U"}}`

// TestCheck: a well-formed trace passes, and each way of breaking the
// format or a viewer's expectations is caught with a message naming it.
func TestCheck(t *testing.T) {
	good := `{"otherData":{"k":1},"traceEvents":[` + names + `,
{"ph":"X","pid":1,"tid":10,"ts":1,"dur":2,"name":"outer","args":{"cycle":5}},
{"ph":"X","pid":1,"tid":10,"ts":1.5,"dur":0.5,"name":"inner","bind_id":7,"flow_out":true},
{"ph":"X","pid":1,"tid":10,"ts":3,"dur":1,"name":"next"},
{"ph":"X","pid":1,"tid":11,"ts":2.5,"dur":0,"name":"marker","bind_id":7,"flow_in":true},
{"ph":"C","pid":1,"tid":10,"ts":0,"name":"c","args":{"v":1.5}}]}`
	tr, err := Check([]byte(good))
	if err != nil {
		t.Fatalf("a good trace: %v", err)
	}
	if len(tr.Events) != 8 || tr.OtherData["k"] == nil || tr.ThreadNames[Track{1, 11}] != "U" {
		t.Fatalf("parsed %d events, otherData %v, names %v", len(tr.Events), tr.OtherData, tr.ThreadNames)
	}
	if e := tr.Events[3]; e.TsNS != 1000 || e.DurNS != 2000 {
		t.Errorf("outer at %d ns for %d ns", e.TsNS, e.DurNS)
	}
	if v, ok := tr.Events[3].Arg("cycle"); !ok || v != 5 {
		t.Errorf("cycle arg %v %v", v, ok)
	}
	for _, c := range []struct{ events, want string }{
		{`{"pid":1,"tid":10,"ts":1,"dur":1,"name":"x"}`, "not an event type"},
		{`{"ph":"X","pid":1,"tid":10,"ts":1,"dur":1}`, "without a name"},
		{`{"ph":"X","pid":1,"tid":10,"ts":1,"name":"x"}`, "dur <nil>: want a number"},
		{`{"ph":"X","pid":1,"tid":10,"dur":1,"name":"x"}`, "ts <nil>: want a number"},
		{`{"ph":"X","pid":"a","tid":10,"ts":1,"dur":1,"name":"x"}`, "pid a: want an integer"},
		{`{"ph":"X","pid":1,"tid":10,"ts":-1,"dur":1,"name":"x"}`, "negative ts"},
		{`{"ph":"X","pid":1,"tid":10,"ts":1,"dur":1,"name":"x","args":3}`, "args is not an object"},
		{`{"ph":"C","pid":1,"tid":10,"ts":1,"name":"c"}`, "counter \"c\" without values"},
		{`{"ph":"C","pid":1,"tid":10,"ts":1,"name":"c","args":{"v":"high"}}`, "v is not a number"},
		{`{"ph":"i","pid":1,"tid":10,"ts":1,"name":"x","s":"q"}`, "instant scope q"},
		{`{"ph":"M","pid":1,"tid":10,"name":"thread_name","args":{}}`, "without args.name"},
		{`{"ph":"M","pid":1,"tid":10,"name":"color","args":{"name":"x"}}`, "unknown metadata event"},
		{`{"ph":"X","pid":1,"tid":10,"ts":1,"dur":2,"name":"a"},{"ph":"X","pid":1,"tid":10,"ts":2,"dur":2,"name":"b"}`, "overlaps \"a\""},
		{`{"ph":"X","pid":1,"tid":10,"ts":1,"dur":1,"name":"a","bind_id":3,"flow_out":true}`, "flow 3 starts without an end"},
		{`{"ph":"X","pid":1,"tid":10,"ts":1,"dur":1,"name":"a","bind_id":3,"flow_in":true}`, "flow 3 ends without a start"},
		{`{"ph":"X","pid":1,"tid":10,"ts":5,"dur":1,"name":"a","bind_id":3,"flow_out":true},{"ph":"X","pid":1,"tid":11,"ts":1,"dur":0,"name":"b","bind_id":3,"flow_in":true}`, "ends (1000 ns) before it starts (5000 ns)"},
		{`{"ph":"X","pid":1,"tid":10,"ts":1,"dur":1,"name":"a","bind_id":3}`, "without exactly one of flow_in and flow_out"},
		{`{"ph":"X","pid":1,"tid":12,"ts":1,"dur":1,"name":"a"}`, "track pid 1 tid 12 has events but no name"},
		{`{"ph":"X","pid":2,"tid":10,"ts":1,"dur":1,"name":"a"}`, "process 2 has events but no name"},
	} {
		_, err := Check([]byte(`{"traceEvents":[` + names + `,` + c.events + `]}`))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.events, err, c.want)
		}
	}
	for _, c := range []struct{ doc, want string }{
		{`[]`, "not a JSON object"},
		{`{"events":[]}`, "no traceEvents"},
		{`{"traceEvents":[],"displayTimeUnit":"s"}`, "displayTimeUnit"},
		{`{"traceEvents":[]} {}`, "data after the JSON object"},
	} {
		if _, err := Check([]byte(c.doc)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.doc, err, c.want)
		}
	}
}
