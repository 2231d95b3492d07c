package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpusim/gpusim/internal/tracecheck"
)

// TestTimelineFlag: -timeline writes a valid trace whose metadata names
// the tracks and the cap, the same bytes on a second run, without changing
// the run's report; bad timeline flags are bad usage before anything runs.
func TestTimelineFlag(t *testing.T) {
	dir := t.TempDir()
	var files [2][]byte
	var reports [3]string
	for i := range 3 {
		args := []string{"-q", "-out", dir, "-grid", "32", softmaxTrace}
		path := filepath.Join(dir, "t.json")
		if i < 2 {
			args = append([]string{"-timeline", path, "-timeline-by", "warp", "-timeline-max-events", "40000"}, args...)
		}
		var so, se bytes.Buffer
		if code := run(args, &so, &se); code != 0 {
			t.Fatalf("exit %d: %s", code, se.String())
		}
		reports[i] = so.String()
		if i < 2 {
			var err error
			if files[i], err = os.ReadFile(path); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("two runs wrote different timelines")
	}
	if reports[0] != reports[2] {
		t.Errorf("the timeline changed the report:\n%s\n---\n%s", reports[0], reports[2])
	}
	tr, err := tracecheck.Check(files[0])
	if err != nil {
		t.Fatalf("not a valid trace:\n%v", err)
	}
	if tr.OtherData["tracks"] != "warp" || tr.OtherData["max_events"] == nil || tr.OtherData["window_capped"] != true {
		t.Errorf("otherData: %v", tr.OtherData)
	}
	if n := len(tr.Events); n > 40000+2000 {
		t.Errorf("%d events under a cap of 40000", n)
	}

	// A folder that cannot be made: its parent is a regular file.
	if err := os.WriteFile(filepath.Join(dir, "afile"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-timeline", filepath.Join(dir, "x.json"), "-mode", "functional"}, "-timeline: the timeline needs -mode timing"},
		{[]string{"-timeline", filepath.Join(dir, "x.json"), "-timeline-by", "sm"}, `-timeline-by: unknown timeline tracks "sm" (partition, warp)`},
		{[]string{"-timeline", filepath.Join(dir, "x.json"), "-timeline-max-events", "0"}, "-timeline-max-events must be positive, got 0"},
		{[]string{"-timeline", filepath.Join(dir, "afile", "x.json")}, "afile is a file, not a folder"},
	} {
		var so, se bytes.Buffer
		code := run(append(append([]string{"-q", "-out", dir, "-grid", "2"}, c.args...), softmaxTrace), &so, &se)
		if code != exitUsage || !strings.Contains(se.String(), c.msg) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, se.String(), c.msg)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.json")); err == nil {
		t.Error("a rejected run wrote a timeline")
	}
}
